"""Momentum (Phil Leduc): each rule on a position of its own, the rulings, and properties over random games."""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping
from typing import Any

import pytest

from kitpress.check import replay_all
from kitpress.engine import ExampleError
from kitpress.games.momentum.cells import DIRECTIONS, EMPTY, cell_name, momentum, parse_cell, parse_rows, rows
from kitpress.games.momentum.rules import Config, Momentum, State
from kitpress.spec.load import load_spec

EMPTY_BOARD = ["......."] * 7


@pytest.fixture(scope="module")
def engine() -> Momentum:
    loaded = load_spec("momentum")
    assert isinstance(loaded.engine, Momentum)
    return loaded.engine


def with_config(engine: Momentum, **changes: Any) -> Momentum:
    return Momentum(Config.model_validate({**engine.config.model_dump(), **changes}))


def start(engine: Momentum, board: list[str], **keys: Any) -> State:
    return engine.example_state({"board": board, **keys}, [], random.Random(0))


def play(engine: Momentum, state: State, move: str) -> tuple[State, list[str]]:
    step = engine.apply(state, {engine.to_move(state)[0]: move}, random.Random(0))
    return step.state, [e.kind for e in step.events]


def board(engine: Momentum, state: State) -> list[str]:
    return rows(state.cells, engine.size, engine.letters)


def seen(engine: Momentum, before: State, move: str) -> dict[str, Any]:
    step = engine.apply(before, {engine.to_move(before)[0]: move}, random.Random(0))
    return engine.observe(before, step)


# --- board, coordinates, set-up -------------------------------------------------------------------


def test_cells_are_named_column_letter_then_row_from_the_bottom() -> None:
    assert parse_cell("A1", 7) == 0
    assert parse_cell("G1", 7) == 6
    assert parse_cell("A2", 7) == 7
    assert parse_cell("g7", 7) == 48
    assert [cell_name(i, 7) for i in (0, 6, 7, 24, 48)] == ["A1", "G1", "A2", "D4", "G7"]
    for bad in ("H1", "A8", "A0", "", "D44", "4D", None):
        with pytest.raises(ValueError, match="not a cell"):
            parse_cell(bad, 7)


def test_board_rows_read_top_row_first_and_round_trip() -> None:
    cells = parse_rows(["R......", *["......."] * 5, "......B"], 7, "RB")
    assert cells[parse_cell("A7", 7)] == 0 and cells[parse_cell("G1", 7)] == 1
    assert rows(cells, 7, "RB") == ["R......", *["......."] * 5, "......B"]
    with pytest.raises(ValueError, match="row 7"):
        parse_rows(["X......", *["......."] * 6], 7, "RB")
    with pytest.raises(ValueError, match="7 rows"):
        parse_rows(["......."] * 6, 7, "RB")


def test_params_hold_the_rule_numbers(engine: Momentum) -> None:
    p = engine.params()
    assert (p["board_size"], p["last_column"], p["cells"], p["marbles"], p["other_marbles"]) == (
        7,
        "G",
        49,
        8,
        7,
    )
    assert (p["round_limit"], p["round_limit_turns_2p"], p["round_limit_turns_3p"]) == (30, 60, 90)
    assert (p["track_steps"], p["track_laps"], p["track_remainder"]) == (28, 1, 2)
    assert p["marbles_total_3p"] == 24


def test_new_game_two_and_three_players(engine: Momentum) -> None:
    assert engine.seats() == ("red", "blue")
    assert engine.seats(3) == ("red", "blue", "yellow")
    for bad in (1, 4):
        with pytest.raises(ValueError, match="2 to 3 players"):
            engine.seats(bad)
    s = engine.new_game(random.Random(1))
    assert s.supply == (8, 8) and set(s.cells) == {EMPTY} and len(s.cells) == 49
    assert engine.to_move(s) == ("red",) and s.round_limit is None
    assert engine.new_game(random.Random(1), 3).supply == (8, 8, 8)
    limited = with_config(engine, round_limit={"enabled": True, "rounds": 30})
    assert limited.new_game(random.Random(1)).round_limit == 30


def test_config_refuses_too_many_marbles_for_the_board(engine: Momentum) -> None:
    with pytest.raises(ValueError, match="do not fit"):
        with_config(engine, board_size=4, marbles=6)
    with pytest.raises(ValueError, match="need 3 seats"):
        with_config(engine, seats=engine.config.model_dump()["seats"][:2])


# --- placement --------------------------------------------------------------------------------


def test_any_empty_cell_may_take_a_drop(engine: Momentum) -> None:
    s = engine.new_game(random.Random(0))
    moves = engine.legal_moves(s, "red")
    assert len(moves) == 49 and moves[:3] == ["A1", "A2", "A3"] and "swap" not in moves
    assert engine.legal_moves(s, "blue") == []
    s, kinds = play(engine, s, "D4")
    assert kinds == ["drop"] and board(engine, s)[3] == "...R..." and s.supply == (7, 8)
    assert "D4" not in engine.legal_moves(s, "blue")


def test_occupied_cell_and_out_of_turn_moves_are_refused(engine: Momentum) -> None:
    s = start(engine, ["R......", *["......."] * 6], round=2)
    with pytest.raises(ValueError, match="occupied"):
        engine.apply(s, {"red": "A7"}, random.Random(0))
    with pytest.raises(ValueError, match="Red's turn"):
        engine.apply(s, {"blue": "B2"}, random.Random(0))
    with pytest.raises(ValueError, match="not a cell"):
        engine.apply(s, {"red": "Z9"}, random.Random(0))


# --- momentum ---------------------------------------------------------------------------------


def test_only_the_last_marble_of_a_line_moves(engine: Momentum) -> None:
    s = start(engine, ["......."] * 3 + ["...BB.."] + ["......."] * 3, round=3)
    got = seen(engine, s, "C4")
    assert got["board"][3] == "..RB.B." and got["pushed"] == ["E4-F4"] and got["fell_off"] == []


def test_an_empty_neighbour_means_no_push_that_way(engine: Momentum) -> None:
    s = start(engine, ["......."] * 3 + ["....B.."] + ["......."] * 3, round=2)
    got = seen(engine, s, "C4")
    assert got["board"][3] == "..R.B.." and got["pushed"] == []


def test_a_line_of_mixed_colours_carries_the_push(engine: Momentum) -> None:
    s = start(engine, ["......."] * 5 + ["..RBRB."] + ["......."], round=4)
    assert seen(engine, s, "B2")["board"][5] == ".RRBR.B"


def test_every_direction_at_once(engine: Momentum) -> None:
    ring = [".......", ".......", "..RBR..", "..B.B..", "..RBR..", ".......", "......."]
    s = start(engine, ring, round=5, to_move="blue")
    got = seen(engine, s, "D4")
    assert got["board"] == [".......", ".R.B.R.", ".......", ".B.B.B.", ".......", ".R.B.R.", "......."]
    assert len(got["pushed"]) == 8 and got["fell_off"] == []


def test_several_marbles_fall_off_in_one_drop_and_go_to_their_owners(engine: Momentum) -> None:
    s = start(engine, ["R.B...."] + ["......."] * 5 + ["B.R...."], round=4, to_move="blue")
    got = seen(engine, s, "B2")
    # A1 (south-west) and C1 (south-east) both touch B2 on the edge: each goes back to its owner.
    assert got["fell_off"] == ["A1", "C1"] and got["supply"] == {"red": 7, "blue": 6}
    assert got["board"][0] == "R.B...." and got["board"][6] == "......."
    s = start(
        engine, ["R......", "B......", "......."] + [".R....."] + ["......."] * 3, round=4, to_move="blue"
    )
    got = seen(engine, s, "A5")
    assert (
        got["fell_off"] == ["A7"]
        and got["pushed"] == ["B4-C3"]
        and got["board"][:4] == [".......", "B......", "B......", "......."]
    )
    cells = [EMPTY] * 49
    for k in range(8):  # full lines to the edge in all eight directions: all eight end marbles drop off
        _, dx, dy = DIRECTIONS[k]
        x, y = 3 + dx, 3 + dy
        while 0 <= x < 7 and 0 <= y < 7:
            cells[y * 7 + x] = k % 2
            x, y = x + dx, y + dy
    cells[24] = 0
    pushes = momentum(cells, 7, 24)
    assert len(pushes) == 8 and all(p.dst is None for p in pushes)
    assert sorted(cell_name(p.src, 7) for p in pushes) == ["A1", "A4", "A7", "D1", "D7", "G1", "G4", "G7"]


def test_own_marble_pushed_off_returns_to_the_mover(engine: Momentum) -> None:
    s = start(engine, [".....R.", "..BB..."] + ["......."] * 4 + [".R....."], round=5)
    after, kinds = play(engine, s, "E6")
    assert kinds.count("off") == 1 and after.supply == (6, 6)
    assert engine.on_board(after) == (2, 2)


def test_the_direction_order_never_changes_the_board(engine: Momentum) -> None:
    rng = random.Random(7)
    orders = [tuple(range(8)), tuple(reversed(range(8)))]
    orders += [tuple(rng.sample(range(8), 8)) for _ in range(30)]
    for trial in range(300):
        cells = [rng.choice((EMPTY, EMPTY, 0, 1, 2)) for _ in range(49)]
        drop = rng.choice([i for i, c in enumerate(cells) if c == EMPTY] or [0])
        cells[drop] = 0
        results = set()
        for order in orders:
            work = list(cells)
            pushes = momentum(work, 7, drop, order)
            results.add((tuple(work), frozenset(pushes)))
        assert len(results) == 1, f"trial {trial}: order changed the result"
    # exhaustively on one busy position: every one of the 40320 orders
    cells = [0 if (i * 5) % 3 else 1 for i in range(49)]
    cells[24] = 0
    first = list(cells)
    momentum(first, 7, 24)
    for order in itertools.islice(itertools.permutations(range(8)), 0, None, 97):
        work = list(cells)
        momentum(work, 7, 24, order)
        assert work == first


# --- pie rule ---------------------------------------------------------------------------------


def test_pie_rule_swap_is_the_second_players_first_turn(engine: Momentum) -> None:
    s, _ = play(engine, engine.new_game(random.Random(0)), "D4")
    assert engine.legal_moves(s, "blue")[-1] == "swap"
    swapped, kinds = play(engine, s, "swap")
    assert kinds == ["swap"] and board(engine, swapped)[3] == "...B..."
    assert swapped.supply == (8, 7) and engine.to_move(swapped) == ("red",) and swapped.turn == 2
    assert "swap" not in engine.legal_moves(swapped, "red")
    with pytest.raises(ValueError, match="pie rule"):
        engine.apply(swapped, {"red": "swap"}, random.Random(0))
    dropped, _ = play(engine, s, "E5")  # declining the swap: an ordinary drop
    assert "swap" not in engine.legal_moves(dropped, "red")
    later, _ = play(engine, dropped, "A1")
    lone = start(
        engine,
        [".......", ".......", ".......", "...R...", ".......", ".......", "......."],
        round=3,
        to_move="blue",
    )
    assert "swap" not in engine.legal_moves(lone, "blue")  # one red marble again, but not Blue's first turn
    with pytest.raises(ValueError, match="pie rule"):
        engine.apply(later, {"blue": "swap"}, random.Random(0))


def test_pie_rule_off_and_with_three_players(engine: Momentum) -> None:
    no_pie = with_config(engine, pie_rule=False)
    s, _ = play(no_pie, no_pie.new_game(random.Random(0)), "D4")
    assert "swap" not in no_pie.legal_moves(s, "blue")
    s3, _ = play(engine, engine.new_game(random.Random(0), 3), "D4")
    assert engine.legal_moves(s3, "blue")[-1] == "swap"  # ruling R3: the second seat only
    s3, _ = play(engine, s3, "swap")
    assert engine.to_move(s3) == ("yellow",) and "swap" not in engine.legal_moves(s3, "yellow")
    assert s3.supply == (8, 7, 8)


# --- winning, the last-marble call, the round limit -----------------------------------------------

WIN_BOARD = ["R.R.R.R", ".......", "R.....R", ".BB....", ".......", "......B", "...R..."]
NO_WIN_BOARD = ["R..R..R", ".B...B.", "..B....", "...RR..", ".......", "....B..", "R.....R"]


def test_all_marbles_on_the_board_wins(engine: Momentum) -> None:
    s = start(engine, WIN_BOARD, round=10)
    after, kinds = play(engine, s, "F2")
    assert kinds[-1] == "win" and engine.outcome(after) is not None
    assert after.result and after.result.winners == ("red",) and after.result.reason == "all-on-board"
    assert engine.to_move(after) == () and engine.legal_moves(after, "blue") == []
    with pytest.raises(ValueError, match="over"):
        engine.apply(after, {"blue": "A1"}, random.Random(0))


def test_last_marble_knocking_your_own_off_is_no_win(engine: Momentum) -> None:
    s = start(engine, NO_WIN_BOARD, round=12)
    after, kinds = play(engine, s, "B2")
    assert after.result is None and after.supply[0] == 1
    assert "no-win" in kinds and kinds[-1] == "last-marble" and "win" not in kinds
    assert engine.to_move(after) == ("blue",)


def test_last_marble_is_called_when_the_mover_is_left_with_one(engine: Momentum) -> None:
    board7 = ["R.R.R.R", ".......", "...B...", "...B...", ".......", ".......", "R.....R"]
    s = start(engine, board7, round=7)
    after, kinds = play(engine, s, "D3")
    assert kinds[-1] == "last-marble" and after.last and after.last.announced
    reply, kinds = play(engine, after, "F7")
    assert "last-marble" not in kinds and reply.supply == (2, 5)
    quiet, kinds = play(engine, start(engine, [*board7[:-1], "R......"], round=7), "D3")
    assert "last-marble" not in kinds and quiet.supply[0] == 2


def test_round_limit_majority_draw_and_a_win_that_comes_first(engine: Momentum) -> None:
    maj = ["R..R..R", ".B.....", "..B..B.", ".......", "....B..", ".......", "R.....R"]
    s = start(engine, maj, round=30, to_move="blue", round_limit="on")
    after, kinds = play(engine, s, "B2")
    assert kinds[-1] == "round-limit" and after.result and after.result.winners == ("blue",)
    after, _ = play(engine, s, "E5")  # no knock-off: 5 against 5
    assert after.result and after.result.is_draw and after.result.reason == "round-limit"
    off = start(engine, maj, round=30, to_move="blue", round_limit="off")
    assert play(engine, off, "E5")[0].result is None
    early = start(engine, maj, round=29, to_move="blue", round_limit="on")
    assert play(engine, early, "E5")[0].result is None
    swapped = [row.translate(str.maketrans("RB", "BR")) for row in WIN_BOARD]
    win = start(engine, swapped, round=30, to_move="blue", round_limit="on")
    won, kinds = play(engine, win, "F2")  # the very last turn wins outright: the win is checked first (R10)
    assert won.result and won.result.winners == ("blue",) and won.result.reason == "all-on-board"
    assert "round-limit" not in kinds and won.turn == 60


def test_round_limit_with_three_players_needs_a_single_leader(engine: Momentum) -> None:
    tie = ["R..B..Y", ".......", "Y.....R", ".......", "B......", ".......", "......."]
    s = start(engine, tie, players=3, round=30, to_move="yellow", round_limit="on")
    assert s.turn == 89
    after, _ = play(engine, s, "D4")  # yellow 3, red 2, blue 2
    assert after.result and after.result.winners == ("yellow",)
    s = start(engine, tie, players=3, round=30, to_move="blue", round_limit="on")
    after, _ = play(engine, s, "D4")
    assert after.result is None  # yellow still to play in round 30
    after, _ = play(engine, after, "F4")  # blue 3 and yellow 3
    assert after.result and after.result.is_draw


def test_stop_judges_like_the_round_limit(engine: Momentum) -> None:
    s = start(engine, ["RR.....", *["......."] * 5, "B......"], round=3)
    assert engine.stop(s).winners == ("red",) and engine.stop(s).reason == "time"
    s = start(engine, ["R......", *["......."] * 5, "B......"], round=3)
    assert engine.stop(s).is_draw


# --- properties over random games ---------------------------------------------------------------


def random_game(engine: Momentum, seed: int, players: int, cap: int = 400) -> list[State]:
    rng = random.Random(seed)
    states = [engine.new_game(rng, players)]
    while engine.outcome(states[-1]) is None and len(states) <= cap:
        s = states[-1]
        seat = engine.to_move(s)[0]
        states.append(engine.apply(s, {seat: rng.choice(engine.legal_moves(s, seat))}, rng).state)
    return states


def test_random_games_conserve_marbles_and_end(engine: Momentum) -> None:
    limited = with_config(engine, round_limit={"enabled": True, "rounds": 30})
    games = 0
    for players, eng, count in ((2, engine, 1500), (3, engine, 400), (2, limited, 300)):
        for seed in range(count):
            states = random_game(eng, seed, players)
            games += 1
            final = states[-1]
            assert final.result is not None, f"seed {seed}: no end in {len(states)} turns"
            assert eng.to_move(final) == () and all(
                eng.legal_moves(final, s) == [] for s in eng.seats(players)
            )
            for before, after in itertools.pairwise(states):
                on = eng.on_board(after)
                assert all(on[i] + after.supply[i] == 8 for i in range(players)), (
                    f"seed {seed}: {on} {after.supply}"
                )
                assert after.last is not None
                for p in after.last.pushes:  # ruling R5: a push always lands on a cell empty before the drop
                    assert p.dst is None or (before.cells[p.dst] == EMPTY and p.dst != after.last.cell)
                if after.result and after.result.reason == "all-on-board":
                    assert after.result.winners == (eng.seats(players)[after.last.seat],)
                    assert after.supply[after.last.seat] == 0
    assert games == 2200


def test_same_seed_same_game(engine: Momentum) -> None:
    assert random_game(engine, 42, 2) == random_game(engine, 42, 2)
    assert random_game(engine, 42, 3) != random_game(engine, 43, 3)


# --- worked examples ------------------------------------------------------------------------------


def test_describe_state_gives_everything_a_diagram_needs(engine: Momentum) -> None:
    s = start(engine, ["R......", *["......."] * 5, "......B"], round=29, to_move="blue")
    s, _ = play(engine, s, "F2")
    d = engine.describe_state(s)
    assert d["size"] == 7 and d["columns"] == "ABCDEFG" and d["rows"][0] == "R......"
    assert {"cell": "A7", "seat": "red", "column": 1, "row": 7} in d["marbles"]
    assert d["last"] == {"seat": "blue", "action": "drop", "cell": "F2", "announced": False,
                         "pushes": [{"direction": "south-east", "seat": "blue", "from": "G1", "to": None}]}  # fmt: skip
    assert d["rounds_played"] == 29 and d["track_space"] == 1 and d["track_laps"] == 1
    track = [tuple(xy) for xy in d["track"]]
    assert len(track) == len(set(track)) == 28 and track[0] == (1, 0)
    assert all(x in (0, 8) or y in (0, 8) for x, y in track) and (0, 0) not in track
    assert [s["symbol"] for s in d["seats"]] == ["dot", "ring"]


@pytest.mark.parametrize(
    ("start_keys", "steps", "path", "message"),
    [
        ({"board": ["X......", *["......."] * 6]}, [], ("start", "board"), "not a marble"),
        ({"board": ["RR.....", *["......."] * 6]}, [], ("start", "board"), "only 0 turns"),
        (
            {"board": ["RRRRRRR", "R......", *["......."] * 5], "round": 12},
            [],
            ("start", "board"),
            "game would be over",
        ),
        ({"board": ["Y......", *["......."] * 6], "round": 3}, [], ("start", "board"), "not a marble"),
        ({"players": 4}, [], ("start", "players"), "2 to 3"),
        ({"to_move": "green"}, [], ("start", "to_move"), "red, blue"),
        ({"round": 31, "round_limit": "on"}, [], ("start", "round"), "round limit"),
        ({"round_limit": "maybe"}, [], ("start", "round_limit"), "on or off"),
        (
            {"board": ["R......", *["......."] * 6], "round": 2},
            [{"play": {"red": "A7"}}],
            ("steps", 0, "play"),
            "occupied",
        ),
        ({}, [{"play": {"red": "A1"}}, {"play": {"red": "A2"}}], ("steps", 1, "play"), "Blue's turn"),
        ({}, [{"play": {"green": "A1"}}], ("steps", 0, "play"), "one seat"),
    ],
)
def test_impossible_examples_are_reported_where_they_go_wrong(
    engine: Momentum,
    start_keys: Mapping[str, Any],
    steps: list[Mapping[str, Any]],
    path: tuple[Any, ...],
    message: str,
) -> None:
    with pytest.raises(ExampleError, match=message) as info:
        engine.example_state(start_keys, steps, random.Random(0))
    assert info.value.path == path


def test_kitpress_check_passes_on_the_rules_and_the_variant() -> None:
    for variant in (None, "thirty-rounds"):
        loaded = load_spec("momentum", variant)
        replays = replay_all(loaded.engine, list(loaded.spec.examples))
        assert len(replays) >= 8 and all(r.ok for r in replays), [
            r.error or r.example.id for r in replays if not r.ok
        ]
        assert all(
            r.example.start.get("board")
            and all("board" in s.expect for s in r.example.steps if "refused" not in s.expect)
            for r in replays
        )


def test_a_wrong_expectation_fails_the_check() -> None:
    loaded = load_spec("momentum")
    example = loaded.spec.examples[0]
    step = example.steps[0]
    wrong = example.model_copy(
        update={"steps": [step.model_copy(update={"expect": {**step.expect, "pushed": ["D4-E4"]}})]}
    )
    (result,) = replay_all(loaded.engine, [wrong])
    assert not result.ok and [f.name for f in result.steps[0].figures if not f.ok] == ["pushed"]


def test_rulings_cover_the_open_questions() -> None:
    spec = load_spec("momentum").spec
    topics = " ".join(r.topic.lower() for r in spec.rulings)
    for needed in ("players", "three players", "pie", "round limit", "occupied", "last-marble", "coordinates"):
        assert needed in topics, needed

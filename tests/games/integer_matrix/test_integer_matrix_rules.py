"""Integer Matrix: each rule, each ending, the rulings, the worked examples, and random play."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from click.testing import CliRunner

from kitpress.check import replay_all
from kitpress.cli import main
from kitpress.engine import ExampleError
from kitpress.games.integer_matrix import examples as ex
from kitpress.games.integer_matrix.rules import Config, IntegerMatrix, Place, State, winner_of
from kitpress.spec.load import LoadedSpec, load_spec

DIRS = {"n": (-1, 0), "ne": (-1, 1), "e": (0, 1), "se": (1, 1), "s": (1, 0), "sw": (1, -1), "w": (0, -1), "nw": (-1, -1)}


@pytest.fixture(scope="module")
def loaded() -> LoadedSpec:
    return load_spec("integer-matrix")


@pytest.fixture(scope="module")
def engine(loaded: LoadedSpec) -> IntegerMatrix:
    assert isinstance(loaded.engine, IntegerMatrix)
    return loaded.engine


def name(r: int, c: int) -> str:
    return f"{'abcdefg'[c]}{r + 1}"


SPARE = {"f1": "B0/0"}  # a black disc on no line through d4 or a4, so no test turns the board one colour


def position(engine: IntegerMatrix, tokens: dict[str, str], hand: tuple[int, int] = (2, -2), to_move: int = 0) -> State:
    """Any position after set-up (set-up squares may be empty here), with `hand` drawn."""
    board = ex.parse_board(engine, tokens)
    g = engine.geo
    discs = [-1] * g.squares
    for i, (disc, _) in board.items():
        discs[i] = disc
    held = engine.config.discs.index(hand)
    bag = [d for d in range(len(engine.config.discs)) if d not in discs and d != held]
    return State(
        players=2, discs=tuple(discs), black=g.mask([i for i, (_, f) in board.items() if f == "black"]),
        white=g.mask([i for i, (_, f) in board.items() if f == "white"]), bag=tuple(bag), hand=held,
        setup_done=len(engine.setup_index), turn=to_move, sheets=((), ()), net=(0, 0),
    )  # fmt: skip


class Tokens:
    """Hands out unused discs as board tokens, so a test names only colours and squares."""

    def __init__(self, engine: IntegerMatrix, keep: tuple[int, int] = (2, -2)) -> None:
        self.free = [d for d in engine.config.discs if d not in (keep, (0, 0))]

    def __call__(self, face: str) -> str:
        black, white = self.free.pop(0)
        return f"B{black}/{white}" if face == "black" else f"W{white}/{black}"


def play(engine: IntegerMatrix, state: State, face: str, cell: str) -> Any:
    return engine.apply(state, {engine.mover(state): Place(face, cell)}, random.Random(0))


def cells(engine: IntegerMatrix, state: State) -> dict[str, dict[str, Any]]:
    return {c["cell"]: c for c in engine.describe_state(state)["cells"]}


# --- flanking --------------------------------------------------------------------------------


@pytest.mark.parametrize("direction", list(DIRS))
def test_flanking_in_each_direction(engine: IntegerMatrix, direction: str) -> None:
    dr, dc = DIRS[direction]
    t = Tokens(engine)
    line = [name(3 + k * dr, 3 + k * dc) for k in (1, 2, 3)]
    state = position(engine, {line[0]: t("black"), line[1]: t("black"), line[2]: t("white"), **SPARE})
    before = cells(engine, state)
    step = play(engine, state, "white", "d4")
    after = cells(engine, step.state)
    assert [e.data["direction"] for e in step.events if e.kind == "line"] == [direction]
    for sq in line[:2]:  # flipped, now showing the white-side number
        assert after[sq]["face"] == "white" and after[sq]["shown"] == before[sq]["white_side"]
    assert after[line[2]] == before[line[2]]
    expected = -2 + after[line[0]]["shown"] + after[line[1]]["shown"] + after[line[2]]["shown"]
    assert engine.observe(state, step)["matrix_score"] == expected == step.state.net[1]


@pytest.mark.parametrize(
    "pattern",
    ["B . W", "B B . W", "B B B", "W B", "B B B B B B"],
    ids=["gap", "gap-after-two", "open-end", "own-colour-next", "run-to-the-edge"],
)
def test_no_gaps_and_no_open_ends(engine: IntegerMatrix, pattern: str) -> None:
    """A white disc on a4 looks east along row 4 at `pattern` (b4 onwards); nothing may flip."""
    t = Tokens(engine)
    board = {name(3, k): t("black" if mark == "B" else "white") for k, mark in enumerate(pattern.split(), start=1) if mark != "."}
    state = position(engine, {**board, **SPARE})
    assert Place("white", "a4") not in engine.legal_moves(state, "negative")
    with pytest.raises(ValueError, match="nothing flips"):
        play(engine, state, "white", "a4")


def test_a_closed_line_does_flip(engine: IntegerMatrix) -> None:
    t = Tokens(engine)
    state = position(engine, {"b4": t("black"), "c4": t("black"), "d4": t("white"), **SPARE})
    assert Place("white", "a4") in engine.legal_moves(state, "negative")
    assert engine.observe(state, play(engine, state, "white", "a4"))["flipped"] == ["b4", "c4"]


def test_every_bracketed_line_flips_at_once(engine: IntegerMatrix) -> None:
    t = Tokens(engine)
    board = {}
    for dr, dc in DIRS.values():
        board[name(3 + dr, 3 + dc)] = t("black")
        board[name(3 + 2 * dr, 3 + 2 * dc)] = t("white")
    state = position(engine, {**board, **SPARE})
    obs = engine.observe(state, step := play(engine, state, "white", "d4"))
    assert obs["directions"] == list(DIRS) and obs["flip_count"] == 8
    assert len(obs["matrix"]) == 1 + 8 * 2
    # every disc but the spare is now white and part of the matrix
    assert (obs["white"], obs["black"]) == (17, 1)
    assert obs["matrix_score"] == sum(c["shown"] for sq, c in cells(engine, step.state).items() if sq not in SPARE)


def test_no_chain_reaction(engine: IntegerMatrix) -> None:
    t = Tokens(engine)
    # d4 (placed, white) traps d3 against d2. Once d3 is white, e3 (black) sits between d3 and f3 (white),
    # and c3 (black) between d3 and b3: neither may flip.
    board = {"d3": t("black"), "d2": t("white"), "e3": t("black"), "f3": t("white"), "c3": t("black"), "b3": t("white")}
    state = position(engine, board)
    after = cells(engine, play(engine, state, "white", "d4").state)
    assert after["d3"]["face"] == "white"
    assert after["e3"]["face"] == after["c3"]["face"] == "black"


def test_matrix_leaves_out_the_other_colour(engine: IntegerMatrix) -> None:
    board = {"e4": "B1/-1", "f4": "B3/-2", "g4": "W-3/2", "c4": "B-4/0", "d5": "B4/-4", "d3": "B-3/0"}
    state = position(engine, board, hand=(1, -4))
    obs = engine.observe(state, play(engine, state, "white", "d4"))
    # placed −4, flipped e4 → −1, f4 → −2, bracket g4 −3; c4, d5 and d3 touch d4 but stay black.
    assert obs["matrix"] == [-4, -1, -2, -3] and obs["matrix_score"] == -10
    assert obs["flipped"] == ["e4", "f4"] and obs["brackets"] == ["g4"]


def test_placed_disc_counted_once_with_two_lines(engine: IntegerMatrix) -> None:
    board = {"d3": "B2/-1", "d2": "W1/-3", "e4": "B4/-2", "f4": "W0/3", **SPARE}
    state = position(engine, board, hand=(3, -3))
    obs = engine.observe(state, play(engine, state, "white", "d4"))
    assert obs["matrix"] == [-3, -1, 1, -2, 0] and obs["matrix_score"] == -5


def test_occupied_square_refused(engine: IntegerMatrix) -> None:
    state = position(engine, {"d4": "B1/-1", "d3": "W2/-2", "d2": "B3/-3"})
    with pytest.raises(ValueError, match="occupied"):
        play(engine, state, "black", "d4")


# --- the all-one-colour rule -----------------------------------------------------------------


def test_all_one_colour_is_refused_and_forces_the_other_side(engine: IntegerMatrix) -> None:
    t = Tokens(engine)
    # one black disc (c5) among whites; white on c6 would flip it and leave no black
    board = {sq: t("white") for sq in ("c3", "d3", "e3", "c4", "d4", "e4", "d5", "e5")}
    board["c5"] = t("black")
    state = position(engine, board)
    with pytest.raises(ValueError, match="all one colour"):
        play(engine, state, "white", "c6")
    moves = engine.legal_moves(state, "negative")
    assert moves and {m.face for m in moves} == {"black"}


def test_without_the_rule_the_board_may_turn_one_colour_and_the_game_ends(loaded: LoadedSpec) -> None:
    varied = loaded.with_variant("no-one-colour-rule").engine
    assert isinstance(varied, IntegerMatrix)
    state = position(varied, {"c5": "B1/0", "c4": "W2/0", "d4": "W3/0"})
    step = play(varied, state, "white", "c6")
    assert cells(varied, step.state)["c5"]["face"] == "white"
    assert varied.outcome(step.state) is not None and step.state.result.reason.startswith("no placement")  # type: ignore[union-attr]


# --- set-up and turn order -------------------------------------------------------------------


def test_setup_fills_the_centre_in_order(engine: IntegerMatrix) -> None:
    state = engine.new_game(random.Random(3))
    order = []
    while engine.in_setup(state):
        seat = engine.to_move(state)[0]
        (move,) = engine.legal_moves(state, seat)
        order.append((seat, move.cell, move.face))
        state = engine.apply(state, {seat: move}, random.Random(0)).state
    assert [cell for _, cell, _ in order] == engine.config.setup_squares
    assert [seat for seat, _, _ in order] == ["positive", "negative"] * 4 + ["positive"]
    assert all(face == ("black" if seat == "positive" else "white") for seat, _, face in order)
    assert state.net == (0, 0) and state.sheets == ((), ())
    assert engine.to_move(state) == ("negative",)
    rows = engine.describe_state(state)["rows"]
    assert [[token[0] for token in row.split()[2:5]] for row in rows[2:5]] == [["B", "W", "B"], ["W", "B", "W"], ["B", "W", "B"]]
    assert rows[0] == rows[1] == rows[5] == rows[6] == ". . . . . . ."
    colours = {sq: c["face"] for sq, c in cells(engine, state).items()}
    assert colours == {"c3": "black", "d3": "white", "e3": "black", "c4": "white", "d4": "black", "e4": "white", "c5": "black", "d5": "white", "e5": "black"}


def test_setup_refuses_another_square(engine: IntegerMatrix) -> None:
    state = engine.new_game(random.Random(1))
    with pytest.raises(ValueError, match="set-up square 1 is c3"):
        engine.apply(state, {"positive": Place("black", "d4")}, random.Random(0))
    with pytest.raises(ValueError):
        engine.apply(state, {"positive": Place("white", "c3")}, random.Random(0))


@pytest.mark.parametrize("players", [2, 4])
def test_turn_order(engine: IntegerMatrix, players: int) -> None:
    rng = random.Random(5)
    state = engine.new_game(rng, players)
    setup, turns = [], []
    while engine.outcome(state) is None and len(turns) < 8:
        seat = engine.to_move(state)[0]
        (setup if engine.in_setup(state) else turns).append(seat)
        state = engine.apply(state, {seat: engine.legal_moves(state, seat)[0]}, rng).state
    if players == 2:
        assert setup[:3] == ["positive", "negative", "positive"]
        assert turns[:4] == ["negative", "positive", "negative", "positive"]
    else:
        assert setup[:5] == ["positive-1", "negative-1", "positive-2", "negative-2", "positive-1"]
        assert turns == ["negative-1", "positive-1", "negative-2", "positive-2"] * 2
        assert set(engine.seats(4)) == set(turns)
    with pytest.raises(ValueError):
        engine.seats(3)


# --- endings and the winner ------------------------------------------------------------------


def test_board_full_ends_the_game(loaded: LoadedSpec, engine: IntegerMatrix) -> None:
    example = next(e for e in loaded.spec.examples if e.id == "J")
    state = engine.example_state(example.start, [s.model_dump() for s in example.steps], random.Random(0))
    assert len(state.bag) == 0 and state.hand is not None
    step = engine.apply(state, engine.example_moves(state, example.steps[0].play), random.Random(0))
    assert step.state.result is not None and step.state.result.winners == ("positive",)
    assert step.state.hand is None and engine.to_move(step.state) == ()
    assert [e.kind for e in step.events][-1] == "end"


def test_no_placement_ends_before_the_next_draw(loaded: LoadedSpec, engine: IntegerMatrix) -> None:
    example = next(e for e in loaded.spec.examples if e.id == "K")
    state = engine.example_state(example.start, [s.model_dump() for s in example.steps], random.Random(0))
    step = engine.apply(state, engine.example_moves(state, example.steps[0].play), random.Random(0))
    after = step.state
    assert after.result is not None and after.result.reason.startswith("no placement") and after.result.winners == ()
    assert after.hand is None and "draw" not in [e.kind for e in step.events]
    assert len(cells(engine, after)) + len(after.bag) == 49
    assert engine.legal_moves(replace(after, result=None), "positive") == []


@pytest.mark.parametrize(
    ("positive", "negative", "winner"),
    [(64, 44, "positive"), (-50, -78, "negative"), (24, -20, "positive"), (5, 9, "positive"), (-30, -20, "negative"), (12, -12, None), (0, 0, None), (-3, 3, None)],
    ids=["game-A", "game-B", "both-own-side", "negative-on-wrong-side", "positive-on-wrong-side", "tie", "zero-tie", "both-wrong-tie"],
)
def test_winner_is_farthest_in_own_direction(positive: int, negative: int, winner: str | None) -> None:
    assert winner_of(positive, negative) == winner


def test_time_called_compares_net_scores(engine: IntegerMatrix) -> None:
    state = position(engine, {"d4": "B1/0", "d3": "W2/0", **SPARE})
    assert engine.stop(replace(state, net=(3, -7))).winners == ("negative",)
    assert engine.stop(replace(state, net=(3, -3))).winners == ()


# --- the disc set and the config -------------------------------------------------------------


def test_disc_set_matches_ruling_r1(engine: IntegerMatrix) -> None:
    discs = engine.config.discs
    assert len(discs) == len(set(discs)) == 49
    assert {(w, b) for b, w in discs} == set(discs)  # the list is its own mirror image
    assert sum(b for b, _ in discs) == sum(w for _, w in discs) == 0
    assert all(min(d) <= 0 <= max(d) for d in discs)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"discs": [[1, 1]] + [[0, 0]] * 48}, "one side 0 or more"),
        ({"discs": [[0, 0]] * 49}, "every disc must differ"),
        ({"discs": [[0, 0]]}, "one disc per square"),
        ({"setup_squares": ["c3", "h9"]}, "not on a 7×7 board"),
        ({"setup_squares": ["c3", "c3"]}, "must all differ"),
    ],
)
def test_config_rejects(engine: IntegerMatrix, change: dict[str, Any], message: str) -> None:
    data = {**engine.config.model_dump(), **change}
    with pytest.raises(ValueError, match=message):
        Config.model_validate(data)


# --- worked examples -------------------------------------------------------------------------


def test_examples_replay(loaded: LoadedSpec) -> None:
    replays = replay_all(loaded.engine, list(loaded.spec.examples))
    assert len(replays) >= 8
    assert [r.example.id for r in replays if not r.ok] == []
    reasons = {r.example.id: [s.observed["reason"] for s in r.steps if s.observed.get("refused")] for r in replays}
    assert all("all one colour" in why for why in reasons["F"]) and reasons["F"]
    assert len(reasons["G"]) == 2 and all("nothing flips" in why for why in reasons["G"])


def test_check_command(loaded: LoadedSpec) -> None:
    result = CliRunner().invoke(main, ["check", "integer-matrix"])
    assert result.exit_code == 0, result.output
    assert "FAIL" not in result.output and result.output.count("ok ") >= 8


def test_example_with_a_wrong_expectation_fails(loaded: LoadedSpec) -> None:
    example = next(e for e in loaded.spec.examples if e.id == "B")
    step = example.steps[0].model_copy(update={"expect": {"matrix_score": -5}})
    (bad,) = replay_all(loaded.engine, [example.model_copy(update={"steps": [step]})])
    assert not bad.ok


@pytest.mark.parametrize(
    ("start", "steps", "message"),
    [
        ({}, [{"play": {"disc": [5, 5]}}], "no disc with 5"),
        ({"setup": [[0, 0]] * 9}, [], "used twice"),
        ({"setup": [[2, -3], [1, -4], [-1, 3], [-3, 2], [4, 0], [0, -2], [-2, 4], [3, -1], [0, 1]]}, [{"play": {"disc": [2, -3], "face": "white", "cell": "b3"}}], "used twice"),
        ({"board": {"c3": "B2/-3"}}, [], "set-up square d3 is empty"),
        ({"board": {"z9": "B2/-3"}}, [], "no square"),
        ({"board": {"c3": "X2"}}, [], "expected '.' or a disc"),
        ({"board": ["."] * 7}, [], "row 1 has 1 squares"),
        ({"to_move": "positive"}, [], "set-up always begins"),
        ({"players": 3}, [], "2 or 4 players"),
        ({"net": {"neutral": 1}}, [], "net is"),
        ({}, [{"play": {"disc": [1, 0], "where": "a1"}}], "unknown key"),
        ({}, [{"play": {"disc": [1, 0]}, "expect": {"refused": True}}, {"play": {"disc": [2, 0]}}], "still holds"),
    ],
)
def test_example_errors(engine: IntegerMatrix, start: dict[str, Any], steps: list[dict[str, Any]], message: str) -> None:
    with pytest.raises(ExampleError, match=message):
        engine.example_state(start, steps, random.Random(0))


def test_example_moves_checks_the_drawn_disc(engine: IntegerMatrix) -> None:
    state = engine.example_state({}, [{"play": {"disc": [1, 0]}}], random.Random(0))
    with pytest.raises(ExampleError, match="has drawn"):
        engine.example_moves(state, {"disc": [2, 0]})


def test_describe_state_draws_the_board(engine: IntegerMatrix) -> None:
    state = position(engine, {"a1": "B-3/1", "g7": "W1/-4"}, hand=(0, 0))
    picture = engine.describe_state(state)
    assert picture["rows"][0].split()[0] == "B-3" and picture["rows"][6].split()[6] == "W1"
    assert {c["cell"]: (c["face"], c["shown"], c["black_side"], c["white_side"]) for c in picture["cells"]} == {
        "a1": ("black", -3, -3, 1), "g7": ("white", 1, -4, 1)
    }  # fmt: skip
    assert picture["setup_squares"][0] == "c3" and picture["hand"] == [0, 0] and picture["bag"] == 46


# --- random play -----------------------------------------------------------------------------


Board = dict[tuple[int, int], dict[str, Any]]


def board_of(engine: IntegerMatrix, state: State) -> Board:
    return {(c["row"], c["column"]): c for c in engine.describe_state(state)["cells"]}


def reference(engine: IntegerMatrix, board: Board, hand: int, move: Place) -> tuple[set[str], int]:
    """Flips and matrix score worked out square by square, independently of the engine's bitmasks."""
    r0, c0 = divmod(engine.geo.index[move.cell], 7)
    if (r0, c0) in board:
        return set(), 0
    side = "black_side" if move.face == "black" else "white_side"
    total = engine.config.discs[hand][0 if move.face == "black" else 1]
    flips: set[str] = set()
    for dr, dc in DIRS.values():
        run, r, c = [], r0 + dr, c0 + dc
        while (r, c) in board and board[(r, c)]["face"] != move.face:
            run.append(board[(r, c)])
            r, c = r + dr, c + dc
        if run and (r, c) in board:
            flips |= {d["cell"] for d in run}
            total += sum(d[side] for d in run) + board[(r, c)]["shown"]
    return flips, total


def reference_moves(engine: IntegerMatrix, board: Board, hand: int) -> set[Place]:
    """Every placement that flips something and leaves both colours on the board."""
    out = set()
    for face in ("black", "white"):
        others = sum(1 for c in board.values() if c["face"] != face)
        for cell in engine.geo.names:
            flips, _ = reference(engine, board, hand, Place(face, cell))
            if flips and len(flips) < others:
                out.add(Place(face, cell))
    return out


def random_game(engine: IntegerMatrix, seed: int, players: int, checked: bool) -> State:
    rng = random.Random(seed)
    state = engine.new_game(rng, players)
    for _ in range(49):
        if engine.outcome(state):
            break
        seat = engine.to_move(state)[0]
        moves = engine.legal_moves(state, seat)
        assert moves, "a game that is not over always has a placement"
        move = rng.choice(moves)
        expected = None
        if checked and not engine.in_setup(state):
            assert state.hand is not None
            board = board_of(engine, state)
            assert set(moves) == reference_moves(engine, board, state.hand)
            expected = reference(engine, board, state.hand, move)
        step = engine.apply(state, {seat: move}, rng)
        after = step.state
        held = 0 if after.hand is None else 1
        assert bin(after.black).count("1") + bin(after.white).count("1") + len(after.bag) + held == 49
        assert after.black & after.white == 0
        if expected is not None:
            obs = engine.observe(state, step)
            assert (set(obs["flipped"]), obs["matrix_score"]) == expected
            old, new = cells(engine, state), cells(engine, after)
            assert {sq for sq, c in old.items() if new[sq]["face"] != c["face"]} == expected[0]  # no chain reactions
        state = after
    assert engine.outcome(state) is not None and engine.to_move(state) == ()
    assert state.hand is None
    return state


def test_random_games_conserve_discs_and_add_up(engine: IntegerMatrix) -> None:
    ends = set()
    for seed in range(1000):
        state = random_game(engine, seed, 4 if seed % 3 == 0 else 2, checked=seed < 30)
        assert state.net == (sum(state.sheets[0]), sum(state.sheets[1]))
        assert len(state.sheets[0]) + len(state.sheets[1]) == bin(state.black | state.white).count("1") - 9
        result = state.result
        assert result is not None
        ends.add(result.reason.split(":")[0])
        expected = winner_of(*state.net)
        assert result.winners == ((expected,) if expected else ())
    assert ends == {"board full", "no placement"}


def test_same_seed_same_game(engine: IntegerMatrix) -> None:
    def transcript(seed: int) -> list[str]:
        rng = random.Random(seed)
        state, lines = engine.new_game(rng), []
        while not engine.outcome(state):
            seat = engine.to_move(state)[0]
            step = engine.apply(state, {seat: rng.choice(engine.legal_moves(state, seat))}, rng)
            lines += [e.text for e in step.events]
            state = step.state
        return lines

    assert transcript(7) == transcript(7)
    assert transcript(7) != transcript(8)

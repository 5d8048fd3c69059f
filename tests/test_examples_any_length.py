"""Worked examples of any length (issue 17, point 1): the stacked deck follows each game's reshuffle rule,
a real game of any length written down as an example holds, an impossible play is a located message with
exit 2, and random example files never end in a traceback."""

from __future__ import annotations

import random
import re
import tempfile
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner, Result
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kitpress.check import example_start, replay
from kitpress.cli import main
from kitpress.packs import shipped_specs
from kitpress.spec.load import load_spec
from kitpress.spec_model import Example

GAMES = ("momentum-game", "newtonian-rummy", "momentum", "integer-matrix")
LOCATED = re.compile(r"^\S+\.yaml:\d+:\d+: ", re.M)


def check(game: str, examples: list[dict[str, Any]], folder: Path, name: str = "examples.yaml") -> Result:
    file = folder / name
    file.write_text(yaml.safe_dump({"examples": examples}, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return CliRunner().invoke(main, ["check", game, "--examples", str(file)])


def no_traceback(result: Result) -> None:
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code in (0, 1, 2), result.output
    assert "Traceback" not in result.output, result.output


def test_every_bundled_game_is_covered() -> None:
    assert set(GAMES) == set(shipped_specs())


# --- a real game, written down, holds -------------------------------------------------------------


def _move_text(move: Any) -> Any:
    """A move as an example writes it: a Rummy play as its text, an Integer Matrix placement as a mapping."""
    if hasattr(move, "text"):
        return move.text()
    if hasattr(move, "face") and hasattr(move, "cell"):
        return {"face": move.face, "cell": move.cell}
    return move


PLAIN = {"momentum-game": ("position", "game_winner"), "newtonian-rummy": ("position", "game_winner", "end"), "momentum": ("on_board", "winner"), "integer-matrix": ("net_positive", "net_negative", "winner")}


def real_game(game: str, seed: int, start: dict[str, Any], rounds: int) -> dict[str, Any]:
    """A game played from the start an example names, moves chosen at random, reshuffles the RNG's: as
    an example, with the figures every step showed and time called at the end if nobody has won."""
    loaded = load_spec(game)
    engine, state = example_start(loaded.engine, Example(id="x", title="t", summary="s", start=start, steps=[{"call_time": True}]), random.Random(0))
    rng = random.Random(seed)
    steps: list[dict[str, Any]] = []
    for _ in range(rounds):
        if engine.outcome(state) is not None:
            break
        moves = {seat: rng.choice(engine.legal_moves(state, seat)) for seat in engine.to_move(state)}
        step = engine.apply(state, moves, rng)
        seen = engine.observe(state, step)
        play = {seat: _move_text(move) for seat, move in moves.items()}
        if game == "integer-matrix":  # the disc the mover drew, then where it goes (during set-up only the disc)
            (place,) = play.values()
            disc = list(engine.config.discs[state.hand])
            play = {"disc": disc} if engine.in_setup(state) else {"disc": disc, **place}
        steps.append({"play": play, "expect": {k: seen[k] for k in PLAIN[game]}})
        state = step.state
    if engine.outcome(state) is None:
        timed = engine.observe(state, engine.call_time(state))
        steps.append({"call_time": True, "expect": {k: timed[k] for k in PLAIN[game]}})
    return {"id": f"g{seed}", "title": "A real game", "summary": "Written down as it was played.", "start": start, "steps": steps}


REAL_STARTS: dict[str, list[dict[str, Any]]] = {
    "momentum-game": [{}, {"draws_first": "blue"}, {"draw_pile": 1, "position": 2, "last_winner": "red"}, {"draw_pile": 0, "once_per_chain": True}],
    "newtonian-rummy": [{"players": 2}, {"players": 4, "draw_pile": 5}, {"players": 6, "draw_pile": 2}, {"players": 3, "reshuffle": False, "draw_pile": 9}, {"players": 5, "stalemate": True, "wild_melds": True}],
    "momentum": [{}, {"players": 3, "round_limit": True}],
    "integer-matrix": [{}, {"one_colour_rule": False}],
}


@pytest.mark.parametrize("game", GAMES)
def test_a_real_game_of_any_length_written_as_an_example_holds(game: str, tmp_path: Path) -> None:
    """Momentum Game! and Newtonian Rummy run through several reshuffles (and Rummy's one-pass deck out
    to the deck-out end); every figure the game showed holds when the example is replayed."""
    rounds = {"momentum-game": 60, "newtonian-rummy": 40, "momentum": 80, "integer-matrix": 60}[game]
    examples = [real_game(game, seed, start, rounds) for seed, start in enumerate(REAL_STARTS[game] * 2)]
    result = check(game, examples, tmp_path)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1].endswith("all hold")


def test_long_card_games_do_reshuffle_and_rummy_does_run_out() -> None:
    """The real games above are long enough to reach what they are there for."""
    kinds: set[str] = set()
    for game, start in (("momentum-game", {}), ("newtonian-rummy", {"players": 6, "draw_pile": 2}), ("newtonian-rummy", {"players": 3, "reshuffle": False, "draw_pile": 9})):
        for seed in range(2):
            example = Example.model_validate(real_game(game, seed, start, 60))
            done = replay(load_spec(game).engine, example)
            assert done.ok, done.error
            kinds |= {e.kind for s in done.steps for e in s.events}
    assert {"reshuffle", "deck-out"} <= kinds


def test_a_momentum_game_example_longer_than_five_rounds_holds(tmp_path: Path) -> None:
    """It crashed with `IndexError: pop from empty list` while the deck was stacked."""
    # Red and Blue win in turn, so the block goes to and fro between 1 and 2 and nobody wins.
    steps: list[dict[str, Any]] = [{"play": {"red": "red-dark", "blue": "blue-light"} if n % 2 == 0 else {"red": "red-light", "blue": "blue-dark"}} for n in range(13)]
    steps[4]["expect"] = {"reshuffles": 0, "draw_pile": 0}  # five rounds take the ten cards of the draw pile
    steps[5]["expect"] = {"reshuffles": 1, "draw_pile": 10, "position": 1}  # the twelve discards, less two drawn
    steps[12]["expect"] = {"position": 2}
    steps.append({"call_time": True, "expect": {"game_winner": "red"}})
    result = check("momentum-game", [{"id": "L", "title": "Back and forth", "summary": "s", "steps": steps}], tmp_path)
    assert result.exit_code == 0, result.output
    assert "ok   momentum-game example L: Back and forth (14 steps, 7 figures)" in result.stdout


# --- what cannot be stacked is located ----------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "example", "where", "words"),
    [
        # A fourth Red Dark before any reshuffle can bring one back.
        ("momentum-game", {"steps": [{"play": {"red": "red-dark", "blue": "green"}}] * 4}, "examples[0].steps[3].play.red", "red cannot hold red-dark here: all 3 in the deck lie in the discard pile"),
        ("momentum-game", {"start": {"draw_pile": 11}, "steps": [{"play": {"red": "green", "blue": "green"}}]}, "examples[0].start.draw_pile", "from 0 to 10"),
        ("momentum-game", {"start": {"shuffle_seed": -1}, "steps": [{"play": {"red": "green", "blue": "green"}}]}, "examples[0].start.shuffle_seed", "a whole number 0 or more"),
        ("newtonian-rummy", {"steps": [{"play": {"blue": "F8"}}, {"play": {"red": "F8"}}]}, "examples[0].steps[1].play", "F8 is played twice (first in step 1)"),
        ("newtonian-rummy", {"steps": [{"play": {"blue": "F8", "red": "F8"}}]}, "examples[0].steps[0].play", "F8 is played twice in this step"),
        # Only one card comes back for Blue from the reshuffle, so the meld cannot be whole again.
        # V1 comes back with the reshuffle after step 1; the meld of step 3 does not come back by step 4.
        ("newtonian-rummy", {"start": {"draw_pile": 0}, "steps": [{"play": {"blue": "V1"}}, {"play": {"blue": "V1"}}, {"play": {"blue": "M2 A4 F8"}}, {"play": {"blue": "M2 A4 F8"}}]}, "examples[0].steps[3].play", "M2 is played twice (first in step 3)"),
        # V1 comes back in the reshuffle, but the one card of it Blue draws is not in Red's hand.
        ("newtonian-rummy", {"start": {"draw_pile": 0}, "steps": [{"play": {"blue": "V1"}}, {"play": {"red": "V1"}}]}, "examples[0].steps[1].play", "red-1 cannot hold V1 here: the one in the deck is held elsewhere or further down"),
        ("newtonian-rummy", {"start": {"draw_pile": 43}, "steps": [{"play": {"blue": "F8"}}]}, "examples[0].start.draw_pile", "from 0 to 42"),
    ],
)  # fmt: skip
def test_an_impossible_play_is_located(game: str, example: dict[str, Any], where: str, words: str, tmp_path: Path) -> None:
    result = check(game, [{"id": "X", "title": "t", "summary": "s", **example}], tmp_path)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = [ln for ln in result.stderr.splitlines() if f": {where}: " in ln]
    assert lines and LOCATED.match(lines[0]) and words in lines[0], result.stderr


def test_a_card_comes_back_only_after_the_reshuffle(tmp_path: Path) -> None:
    """The same fourth Red Dark holds once the draw pile has run out and been shuffled again."""
    steps = [{"play": {"red": "red-dark", "blue": "green"}}] * 3 + [{"play": {"red": "blue-light", "blue": "blue-light"}}, {"play": {"red": "red-dark", "blue": "red-light"}, "expect": {"outcome": "no-contest"}}]
    early = check("momentum-game", [{"id": "X", "title": "t", "summary": "s", "steps": steps}], tmp_path)
    assert early.exit_code == 2 and "examples[0].steps[4].play.red: red cannot hold red-dark" in early.stderr
    late = check("momentum-game", [{"id": "X", "title": "t", "summary": "s", "start": {"draw_pile": 6}, "steps": steps}], tmp_path, "late.yaml")
    assert late.exit_code == 0, late.output


def test_the_one_pass_deck_ends_by_deck_out(tmp_path: Path) -> None:
    steps = [{"play": {"blue": "M1 A2 F2", "red": "F6"}, "expect": {"end": "deck-out", "game_winner": "blue", "position": 1}}, {"play": {"blue": "F8"}, "expect": {"refused": True}}]
    result = check("newtonian-rummy", [{"id": "K", "title": "t", "summary": "s", "start": {"reshuffle": "off", "draw_pile": 3, "position": 2}, "steps": steps}], tmp_path)
    assert result.exit_code == 0, result.output
    # With reshuffling the same round refills from the shuffled discards, and the game goes on.
    steps[0]["expect"] = {"end": "none", "reshuffles": 1}
    steps[1]["expect"] = {"refused": False}
    result = check("newtonian-rummy", [{"id": "K", "title": "t", "summary": "s", "start": {"draw_pile": 3, "position": 2}, "steps": steps}], tmp_path, "on.yaml")
    assert result.exit_code == 0, result.output


def test_a_seeded_shuffle_decides_what_a_reshuffle_brings_up(tmp_path: Path) -> None:
    """With `shuffle_seed` the deck is stacked only up to the first reshuffle; the shuffle of that seed
    decides the rest, the same on every run, and the hands after it are a figure."""
    loaded = load_spec("momentum-game")
    first = [{"play": {"red": "red-dark", "blue": "green"}}]  # the refill after it reshuffles
    example = Example.model_validate({"id": "S", "title": "t", "summary": "s", "start": {"draw_pile": 0, "shuffle_seed": 7}, "steps": first})
    done = replay(loaded.engine, example)
    assert done.ok and "reshuffle" in [e.kind for e in done.steps[0].events]
    hands = done.steps[0].observed["hands"]
    assert replay(loaded.engine, example).steps[0].observed["hands"] == hands
    seeds = {str(replay(loaded.engine, example.model_copy(update={"start": {"draw_pile": 0, "shuffle_seed": n}})).steps[0].observed["hands"]) for n in range(6)}
    assert len(seeds) > 1, "the seed decides what comes up"
    # A card the shuffle did not bring up is refused by the rules, at its step (exit 1).
    missing = next(card for card in ("red-dark", "red-light", "blue-dark", "blue-light", "green") if card not in hands["red"])
    steps = [*first, {"play": {"red": missing, "blue": hands["blue"][0]}, "expect": {"position": 1}}]
    held = [*first, {"play": {"red": hands["red"][0], "blue": hands["blue"][0]}}]
    result = check("momentum-game", [{"id": "S", "title": "t", "summary": "s", "start": {"draw_pile": 0, "shuffle_seed": 7}, "steps": steps}], tmp_path)
    assert result.exit_code == 1, result.output
    assert re.search(r"examples\.yaml:\d+:\d+: examples\[0\]\.steps\[1\]: FAIL momentum-game example S step 2: the engine refused the play: red cannot play", result.stdout), result.stdout
    result = check("momentum-game", [{"id": "S", "title": "t", "summary": "s", "start": {"draw_pile": 0, "shuffle_seed": 7}, "steps": held}], tmp_path, "held.yaml")
    assert result.exit_code == 0, result.output


# --- random files never end in a traceback ---------------------------------------------------------

JUNK = st.sampled_from([None, 0, 1, -3, 2.5, 400, "none", "on", "off", "xyz", True, [], [1, 2], {}, {"red": 1}])


def _plays(game: str) -> st.SearchStrategy[Any]:
    if game == "momentum-game":
        card = st.sampled_from(["red-dark", "red-light", "blue-dark", "blue-light", "green", "purple"])
        return st.one_of(st.fixed_dictionaries({"red": card, "blue": card}), st.dictionaries(st.sampled_from(["red", "blue", "green"]), card, max_size=3))
    if game == "newtonian-rummy":
        text = st.sampled_from(["M2 A4 F8", "M3 A3 F9", "F6", "F10", "V3", "pass", "Q", "K", "J + F6", "K:J + M3 A3 F9", "M2 A5 F10 + AQ", "M11", "FQ", "K + F2", "M1 A1 F1", "V9 + J"])
        seat = st.sampled_from(["blue", "red", "blue-1", "red-1", "blue-2", "red-2", "red-3", "green"])
        return st.dictionaries(seat, text, max_size=4)
    if game == "momentum":
        cell = st.sampled_from([f"{c}{r}" for c in "ABCDEFG" for r in range(1, 8)] + ["swap", "Z9"])
        return st.dictionaries(st.sampled_from(["red", "blue", "yellow"]), cell, min_size=1, max_size=2)
    discs = load_spec("integer-matrix").engine.config.discs
    disc = st.sampled_from([list(d) for d in discs[:12]] + [[9, 9]])
    return st.one_of(st.fixed_dictionaries({"disc": disc}), st.fixed_dictionaries({"disc": disc, "face": st.sampled_from(["black", "white", "grey"]), "cell": st.sampled_from(["d4", "c3", "e5", "b2", "z9"])}))


def _steps(game: str) -> st.SearchStrategy[list[dict[str, Any]]]:
    figures = list(load_spec(game).engine.figures)
    expect = st.dictionaries(st.sampled_from([*figures, "refused"]), st.one_of(JUNK, st.booleans()), max_size=2)
    played = st.fixed_dictionaries({"play": _plays(game)}, optional={"expect": expect})
    timed = st.fixed_dictionaries({"call_time": st.just(True)}, optional={"expect": expect})
    return st.lists(st.one_of(played, played, played, timed), min_size=1, max_size=30)


def _start(game: str) -> st.SearchStrategy[dict[str, Any]]:
    keys = list(load_spec(game).engine.start_keys)
    usual = {"players": st.integers(1, 7), "draw_pile": st.integers(-1, 45), "shuffle_seed": st.integers(-1, 9), "position": st.integers(-6, 6)}
    return st.dictionaries(st.sampled_from(keys), JUNK, max_size=2).flatmap(
        lambda junk: st.fixed_dictionaries({}, optional={k: v for k, v in usual.items() if k in keys}).map(lambda good: {**good, **junk})
    )


@pytest.mark.parametrize("game", GAMES)
def test_random_example_files_never_end_in_a_traceback(game: str) -> None:
    examples = st.lists(st.fixed_dictionaries({"start": _start(game), "steps": _steps(game)}), min_size=1, max_size=3)
    codes: list[int] = []

    @settings(max_examples=12, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(examples)
    def replay_one(drawn: list[dict[str, Any]]) -> None:
        written = [{"id": f"r{i}", "title": "Random", "summary": "s", **example} for i, example in enumerate(drawn)]
        with tempfile.TemporaryDirectory() as folder:
            result = check(game, written, Path(folder))
        no_traceback(result)
        codes.append(result.exit_code)

    replay_one()
    assert 2 in codes and {0, 1} & set(codes), codes  # files refused at a line, and files replayed

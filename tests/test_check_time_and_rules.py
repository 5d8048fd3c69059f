"""Calling time in a worked example, the timed result with its tie-breaks, and optional rules as start keys
(issue 17, points 2 and 3): one examples file checks the base rules and the optional ones side by side."""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner, Result

from kitpress.check import replay
from kitpress.cli import main
from kitpress.engine import Engine, ExampleError
from kitpress.packs import engines
from kitpress.spec.load import check_examples, load_spec
from kitpress.spec.yamlpos import load_file
from kitpress.spec_model import Example

ROOT = Path(__file__).resolve().parents[1]


def check(game: str | Path, examples: list[dict[str, Any]], folder: Path, name: str = "examples.yaml") -> Result:
    file = folder / name
    file.write_text(yaml.safe_dump({"examples": examples}, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return CliRunner().invoke(main, ["check", str(game), "--examples", str(file)])


def example(steps: list[dict[str, Any]], start: dict[str, Any] | None = None, id: str = "T") -> dict[str, Any]:
    return {"id": id, "title": "t", "summary": "s", **({"start": start} if start else {}), "steps": steps}


def holds(result: Result) -> None:
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1].endswith("all hold"), result.stdout


def located(result: Result, where: str, words: str) -> None:
    assert result.exit_code == 2, result.output
    line = next((ln for ln in result.stderr.splitlines() if f": {where}: " in ln), "")
    assert re.match(r"^\S+\.yaml:\d+:\d+: ", line) and words in line, result.stderr


# --- calling time ---------------------------------------------------------------------------------


def test_every_bundled_game_has_a_time_rule() -> None:
    """Each source document or its rulings gives a timed end (Momentum Game! §4, rulings R18, R11, R16)."""
    for engine_id in ("momentum-game", "newtonian-rummy", "momentum", "integer-matrix"):
        assert engines()[engine_id].call_time is not Engine.call_time, engine_id


@pytest.fixture(scope="module")
def wide(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Momentum Game! on a 0–4 track, starting midway on 2, where the timed end's tie-breaks can decide
    (on the standard track the block is never midway: ruling R6)."""
    text = (ROOT / "specs" / "momentum-game.yaml").read_text(encoding="utf-8")
    text = text.replace("  track: {min: 0, max: 3, start: 1}", "  track: {min: 0, max: 4, start: 2}").replace("    space_width_mm: 40", "    space_width_mm: 30")
    path = tmp_path_factory.mktemp("wide") / "wide.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_momentum_game_time_nearer_edge_then_fewer_greens_then_draw(wide: Path, tmp_path: Path) -> None:
    timed = {"call_time": True}
    examples = [
        # Red wins a round: the block is nearer Red's edge.
        example([{"play": {"red": "red-dark", "blue": "blue-light"}}, {**timed, "expect": {"game_winner": "red", "end": "time", "timed_by": "nearer-edge", "to_edge": {"red": 1, "blue": 3}}}], id="edge"),
        # Midway: Red revealed a Green, Blue none, so Blue has played fewer Greens and wins.
        example([{"play": {"red": "green", "blue": "blue-light"}}, {**timed, "expect": {"game_winner": "blue", "timed_by": "fewer-greens", "to_edge": {"red": 2, "blue": 2}, "greens_played": {"red": 1, "blue": 0}}}], id="greens"),
        # Midway with Greens from before the start counted too; equal, so a draw.
        example([{"play": {"red": "green", "blue": "blue-light"}}, {**timed, "expect": {"game_winner": "draw", "end": "time", "timed_by": "draw", "greens_played": {"red": 2, "blue": 2}}}], {"greens_played": {"red": 1, "blue": 2}}, id="draw"),
        # After time nothing more is played.
        example([{**timed, "expect": {"game_winner": "draw"}}, {"play": {"red": "green", "blue": "green"}, "expect": {"refused": True}}, {**timed, "expect": {"refused": True}}], id="after"),
    ]
    holds(check(wide, examples, tmp_path))
    replays = {r.example.id: r for r in (replay(load_spec(str(wide)).engine, Example.model_validate(e)) for e in examples)}
    said = [e.text for e in replays["greens"].steps[1].events]
    assert said == ["Time is called with the block on 2: 2 spaces from Red's edge and 2 from Blue's.", "The block is midway, so the Greens decide: Red has revealed 1, Blue 0. Fewer Greens wins: Blue wins."]


def test_a_figure_after_time_other_than_refused_stops_the_example(tmp_path: Path) -> None:
    result = check("momentum-game", [example([{"call_time": True}, {"play": {"red": "green", "blue": "green"}, "expect": {"position": 1}}])], tmp_path)
    assert result.exit_code == 1
    assert re.search(r"examples\.yaml:\d+:\d+: examples\[0\]\.steps\[1\]: FAIL momentum-game example T step 2: the game had already ended", result.stdout), result.stdout


@pytest.mark.parametrize(
    ("game", "steps", "start"),
    [
        ("newtonian-rummy", [{"play": {"blue": "F10", "red": "F6"}, "expect": {"position": 2}}, {"call_time": True, "expect": {"game_winner": "blue", "end": "time", "position": 2}}], {}),
        ("newtonian-rummy", [{"call_time": True, "expect": {"game_winner": "red", "end": "time"}}], {"position": -1, "players": 4}),
        ("newtonian-rummy", [{"call_time": True, "expect": {"game_winner": "draw", "end": "time"}}], {}),
        ("momentum", [{"play": {"red": "D4"}}, {"call_time": True, "expect": {"winner": "red", "end": "time", "on_board": {"red": 1, "blue": 0}}}], {}),
        ("momentum", [{"play": {"red": "D4"}}, {"play": {"blue": "A1"}}, {"call_time": True, "expect": {"winner": "draw", "end": "time", "on_board": {"red": 1, "blue": 1}}}], {}),
        ("integer-matrix", [{"call_time": True, "expect": {"winner": "negative", "end": "time", "net_positive": 3, "net_negative": -7}}], {"net": {"positive": 3, "negative": -7}}),
        ("integer-matrix", [{"call_time": True, "expect": {"winner": "draw", "end": "time"}}], {}),
    ],
)  # fmt: skip
def test_every_game_calls_time_by_its_own_rule(game: str, steps: list[dict[str, Any]], start: dict[str, Any], tmp_path: Path) -> None:
    holds(check(game, [example(steps, start)], tmp_path))
    # And the result is checked: the other winner fails at the step that calls time.
    timed = steps[-1]["expect"]
    key = "winner" if "winner" in timed else "game_winner"
    wrong = [*steps[:-1], {"call_time": True, "expect": {key: "nobody"}}]
    failed = check(game, [example(wrong, start)], tmp_path, "wrong.yaml")
    assert failed.exit_code == 1 and f"step {len(steps)}: {key}: expected 'nobody'" in failed.stdout, failed.output


def test_a_step_plays_or_calls_time_and_says_which(tmp_path: Path) -> None:
    both = check("momentum-game", [example([{"play": {"red": "green", "blue": "green"}, "call_time": True}])], tmp_path)
    located(both, "examples[0].steps[0]", "a step either plays or calls time, not both")
    neither = check("momentum-game", [example([{"expect": {"position": 1}}])], tmp_path, "neither.yaml")
    located(neither, "examples[0].steps[0]", "missing required key 'play' (or call_time: true, to call time)")


def test_a_game_without_a_time_rule_refuses_a_step_that_calls_time(tmp_path: Path) -> None:
    """Coin Race (the test pack) has no timed end: a step calling time is refused at its line."""
    sys.path.insert(0, str(ROOT / "tests" / "packs" / "coin_race"))
    try:
        from kitpress_coin_race.rules import CoinRace
    finally:
        sys.path.pop(0)
    spec = yaml.safe_load((ROOT / "tests" / "packs" / "coin_race" / "kitpress_coin_race" / "coin-race.yaml").read_text(encoding="utf-8"))
    engine = CoinRace(CoinRace.config_model.model_validate(spec["game"]))
    assert not engine.has_time_rule()
    file = tmp_path / "coin.yaml"
    file.write_text("examples:\n  - id: T\n    title: t\n    summary: s\n    steps:\n      - call_time: true\n", encoding="utf-8")
    located_file = load_file(str(file))
    parsed = [Example.model_validate(e) for e in located_file.data["examples"]]
    problems = check_examples(located_file, parsed, engine, ("examples",))
    assert [(p.line, p.message) for p in problems] == [(6, "Coin Race has no rule for a game stopped by the clock, so a step cannot call time")]
    with pytest.raises(ValueError, match="no rule for calling time"):
        engine.call_time(engine.new_game(random.Random(0)))


# --- optional rules as start keys -----------------------------------------------------------------


def test_rummy_checks_base_and_optional_rules_side_by_side(tmp_path: Path) -> None:
    tie, again = {"play": {"blue": "F4", "red": "F5"}}, {"play": {"blue": "F2", "red": "F3"}}  # 2 against 2, then 1 against 1
    examples = [
        example([tie, {**again, "expect": {"ties": 2, "end": "none"}}], id="base"),
        example([tie, {**again, "expect": {"ties": 2, "end": "stalemate", "game_winner": "draw"}}], {"stalemate": "on"}, id="stalemate"),
        example([{"play": {"blue": "M2 A4 V7", "red": "F10"}, "expect": {"forces": {"blue-1": 8, "red-1": 5}}}], {"wild_melds": True}, id="wild"),
        example([{"play": {"blue": "M2 A4 V7 + Q", "red": "F10"}, "expect": {"refused": True}}], {"wild_melds": "off"}, id="tame"),
        example([{"play": {"blue": "M2 A5 F10", "red": "F6"}, "expect": {"bonus": 1, "total_move": 8}}], {"direction": "blue", "streak_count": 2, "position": -4, "bonus_cap": 1}, id="cap-1"),
        example([{"play": {"blue": "M2 A5 F10", "red": "F6"}, "expect": {"bonus": 3, "total_move": 10}}], {"direction": "blue", "streak_count": 3, "position": -5 + 1, "bonus_cap": "none"}, id="uncapped"),
        example([{"play": {"blue": "M2 A4 F8", "red": "F9"}, "expect": {"end": "deck-out"}}], {"reshuffle": "off", "draw_pile": 2}, id="one-pass"),
    ]
    holds(check("newtonian-rummy", examples, tmp_path))


def test_rummy_without_face_cards_has_no_q_to_play(tmp_path: Path) -> None:
    result = check("newtonian-rummy", [example([{"play": {"blue": "M2 A4 F8 + Q", "red": "F9"}}], {"face_cards": "off"})], tmp_path)
    located(result, "examples[0].steps[0].play.blue", "no Q card is left")
    holds(check("newtonian-rummy", [example([{"play": {"blue": "M2 A4 F8 + Q", "red": "F9"}, "expect": {"friction_on": ["red"]}}], {"face_cards": "on"})], tmp_path, "faces.yaml"))


def test_integer_matrix_without_the_one_colour_rule(tmp_path: Path) -> None:
    """The board of the no-one-colour-rule variant's example: with the rule (the base game) the white
    placement on c6 is refused; switched off in the same file, it ends the game."""
    board = [". . . . . . .", ". . . . . . .", ". . W-3/2 W-4/1 W3/-1 W0/1 .", ". . W2/-3 W0/4 W-2/0 . .", ". . B-2/4 W-1/3 W1/0 . .", ". . . . W0/2 . .", ". . . . . . ."]
    play = {"play": {"disc": [4, -4], "face": "white", "cell": "c6"}}
    examples = [
        example([{**play, "expect": {"refused": True}}], {"board": board}, id="rule"),
        example([{**play, "expect": {"white": 12, "end": "no placement"}}], {"board": board, "one_colour_rule": "off"}, id="draft"),
    ]
    holds(check("integer-matrix", examples, tmp_path))


def test_momentum_game_once_per_chain_on_a_longer_track() -> None:
    """On the standard track the switch changes nothing (ruling R7); on a longer one a third win in a row
    moves one space with it and two without."""
    engine = load_spec("momentum-game").engine
    config = engine.config.model_copy(update={"track": engine.config.track.model_copy(update={"min": 0, "max": 8, "start": 4})})
    long = type(engine)(config)
    red_wins = [{"play": {"red": "red-dark", "blue": "blue-light"}}] * 3
    moves = {}
    for switch in ("on", "off"):
        ran = replay(long, Example.model_validate(example(red_wins, {"position": 2, "once_per_chain": switch})))
        assert ran.ok, ran.error
        moves[switch] = [s.observed["move"] for s in ran.steps]
    assert moves == {"on": [1, 2, 1], "off": [1, 2, 2]}


def test_momentum_round_limit_stays_a_start_key(tmp_path: Path) -> None:
    board = ["RRR....", *["......."] * 5, "BBB...."]
    steps = [{"play": {"red": "G1"}}, {"play": {"blue": "G7"}, "expect": {"winner": "draw", "end": "round-limit"}}]
    holds(check("momentum", [example(steps, {"board": board, "round": 30, "round_limit": "on"}), example(steps[:1], {"board": board, "round": 30}, id="U")], tmp_path))


@pytest.mark.parametrize(
    ("game", "start", "words"),
    [
        ("newtonian-rummy", {"stalemate": "maybe"}, "expected on or off, got 'maybe'"),
        ("newtonian-rummy", {"bonus_cap": 99}, "the cap on the momentum bonus"),
        ("momentum-game", {"once_per_chain": 2}, "expected on or off, got 2"),
        ("integer-matrix", {"one_colour_rule": "sometimes"}, "expected on or off"),
    ],
)
def test_an_optional_rule_the_game_refuses_is_located_at_its_key(game: str, start: dict[str, Any], words: str, tmp_path: Path) -> None:
    play = {"newtonian-rummy": {"blue": "F2"}, "momentum-game": {"red": "green", "blue": "green"}, "integer-matrix": {"disc": [1, 0]}}[game]
    key = next(iter(start))
    located(check(game, [example([{"play": play}], start)], tmp_path), f"examples[0].start.{key}", words)


def test_with_rules_leaves_the_engine_alone_without_a_switch() -> None:
    engine = load_spec("newtonian-rummy").engine
    assert engine.with_rules({"position": 2}) is engine
    varied = engine.with_rules({"stalemate": True, "bonus_cap": "none"})
    assert varied.config.stalemate.enabled and varied.config.bonus_cap is None and not engine.config.stalemate.enabled
    with pytest.raises(ExampleError) as err:
        engine.with_rules({"reshuffle": "sometimes"})
    assert err.value.path == ("start", "reshuffle")

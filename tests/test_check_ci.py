"""`kitpress check` as CI reads it: a failure at the file:line:col to edit, a closing summary, JSON,
JUnit XML, every variant at once, a bad spec reported while the rest is still checked, and names of
bundled specs that exist wherever kitpress runs."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from kitpress.cli import main
from kitpress.packs import shipped_specs
from kitpress.spec.load import load_spec

ROOT = Path(__file__).resolve().parents[1]
GAMES = tuple(shipped_specs())
KITPRESS = Path(sys.executable).with_name("kitpress")


def run(*args: str | Path) -> Result:
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def sizes(games: tuple[str, ...] = GAMES, all_variants: bool = False) -> tuple[int, int]:
    """Examples and steps `check` should count, from the specs themselves."""
    examples = steps = 0
    for game in games:
        loaded = load_spec(game)
        for variant in [None, *(v.id for v in loaded.spec.variants)] if all_variants else [None]:
            spec = load_spec(game, variant).spec
            examples += len(spec.examples)
            steps += sum(len(e.steps) for e in spec.examples)
    return examples, steps


def spec_copy(tmp_path: Path, game: str, old: str, new: str) -> tuple[Path, int]:
    """A copy of a bundled spec with one text changed, and the line the change is on."""
    text = (ROOT / "specs" / f"{game}.yaml").read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    changed = text.replace(old, new)
    path = tmp_path / f"{game}.yaml"
    path.write_text(changed, encoding="utf-8")
    return path, changed[: changed.index(new)].count("\n") + 1


def test_the_summary_counts_every_example_and_step() -> None:
    result = run("check")
    assert result.exit_code == 0, result.output
    examples, steps = sizes()
    assert result.stdout.splitlines()[-1] == f"{examples} examples, {steps} steps: all hold"
    assert result.stderr == ""


def test_a_failure_is_at_the_line_and_column_of_its_figure(tmp_path: Path) -> None:
    spec, line = spec_copy(tmp_path, "momentum-game", "last_winner: red, streak_count: 1}", "last_winner: red, streak_count: 7}")
    result = run("check", spec)
    assert result.exit_code == 1
    failing = [ln for ln in result.stdout.splitlines() if ": FAIL " in ln]
    column = spec.read_text(encoding="utf-8").splitlines()[line - 1].index("streak_count: 7") + 1
    assert failing == [f"{spec}:{line}:{column}: examples[0].steps[0].expect.streak_count: FAIL momentum-game example A step 1: streak_count: expected 7, got 1"]
    assert result.stdout.splitlines()[-1].endswith(": 1 failed")


def test_a_failure_in_an_example_a_variant_amends_points_at_the_variants_change(tmp_path: Path) -> None:
    spec, line = spec_copy(tmp_path, "newtonian-rummy", "      examples.B.steps.0.expect.travelled: 6", "      examples.B.steps.0.expect.travelled: 5")
    result = run("check", spec, "--variant", "track-7")
    assert result.exit_code == 1
    assert any(ln.startswith(f"{spec}:{line}:") and "example B step 1: travelled: expected 5, got 6" in ln for ln in result.stdout.splitlines()), result.stdout


def test_json_holds_the_summary_every_figure_and_each_failure(tmp_path: Path) -> None:
    spec, line = spec_copy(tmp_path, "momentum-game", "last_winner: red, streak_count: 1}", "last_winner: red, streak_count: 7}")
    result = run("check", spec, "momentum", "--format", "json")
    assert result.exit_code == 1
    doc = json.loads(result.stdout)
    examples, steps = sizes(("momentum-game", "momentum"))
    assert doc["summary"] == {"examples": examples, "steps": steps, "failed": 1, "unreadable": 0, "text": f"{examples} examples, {steps} steps: 1 failed"}
    assert [s["game"] for s in doc["specs"]] == ["momentum-game", "momentum"]
    (bad,) = [e for s in doc["specs"] for e in s["examples"] if not e["ok"]]
    assert bad["failures"][0]["at"].startswith(f"{spec}:{line}:")
    figure = next(f for f in bad["steps"][0]["figures"] if f["name"] == "streak_count")
    assert (figure["expected"], figure["actual"], figure["ok"]) == (7, 1, False)


def test_junit_xml_gives_a_suite_per_game_and_variant_and_a_case_per_example(tmp_path: Path) -> None:
    spec, line = spec_copy(tmp_path, "momentum-game", "last_winner: red, streak_count: 1}", "last_winner: red, streak_count: 7}")
    junit = tmp_path / "reports" / "check.xml"
    result = run("check", spec, "--all-variants", "--junit", junit)
    assert result.exit_code == 1
    root = ET.parse(junit).getroot()
    variants = [v.id for v in load_spec("momentum-game").spec.variants]
    suites = root.findall("testsuite")
    assert [s.get("name") for s in suites] == ["momentum-game", *(f"momentum-game --variant {v}" for v in variants)]
    examples, _ = sizes(("momentum-game",), all_variants=True)
    assert (root.get("tests"), root.get("errors")) == (str(examples), "0")
    assert int(root.get("failures") or 0) == len(suites)  # the broken example A fails under every variant
    case = suites[0].find("testcase")
    assert case is not None and case.get("name", "").startswith("example A: ")
    failure = case.find("failure")
    assert failure is not None and failure.get("message", "").startswith(f"{spec}:{line}:")
    assert not list(tmp_path.glob("reports/.*"))  # written through a temporary file, nothing left beside it


def test_all_variants_checks_base_and_every_variant_of_every_game() -> None:
    result = run("check", "--all-variants")
    assert result.exit_code == 0, result.output
    examples, steps = sizes(all_variants=True)
    assert result.stdout.splitlines()[-1] == f"{examples} examples, {steps} steps: all hold"
    for game in GAMES:
        for variant in load_spec(game).spec.variants:
            assert f"ok   {game} --variant {variant.id} example " in result.stdout


def test_a_bad_spec_is_reported_and_the_rest_still_checked(tmp_path: Path) -> None:
    bad, line = spec_copy(tmp_path, "momentum-game", "  players: {min: 2, max: 2}", "  players: {min: two, max: 2}")
    result = run("check", bad, "momentum", "no-such-game")
    assert result.exit_code == 2  # the worst: bad input
    assert re.search(rf"^{re.escape(str(bad))}:{line}:\d+: ", result.stderr, re.M), result.stderr
    assert "unknown game 'no-such-game'" in result.stderr
    examples, steps = sizes(("momentum",))
    assert result.stdout.splitlines()[-1] == f"{examples} examples, {steps} steps: all hold; 2 files could not be checked"
    junit = tmp_path / "j.xml"
    run("check", bad, "momentum", "--junit", junit)
    assert ET.parse(junit).getroot().get("errors") == "1"


def test_a_failure_and_a_bad_spec_exit_with_the_worst(tmp_path: Path) -> None:
    failing, _ = spec_copy(tmp_path, "momentum-game", "last_winner: red, streak_count: 1}", "last_winner: red, streak_count: 7}")
    assert run("check", failing).exit_code == 1
    assert run("check", failing, "nope").exit_code == 2


def test_variant_and_all_variants_do_not_go_together() -> None:
    result = run("check", "momentum-game", "--variant", "deck-18", "--all-variants")
    assert result.exit_code == 2 and "cannot be used together" in result.output


def test_list_shows_a_spec_files_variants(tmp_path: Path) -> None:
    spec, _ = spec_copy(tmp_path, "momentum-game", "  - id: deck-18\n", "  - id: deck-eighteen\n")
    result = run("list", spec)
    assert result.exit_code == 0, result.output
    lines = [ln.strip() for ln in result.stdout.splitlines()]
    assert lines[0] == f"momentum-game  Momentum Game! (v2.1)  [{spec}]"
    assert lines[1:] == ["--variant once-per-chain: One double move per streak chain", "--variant deck-eighteen: 18-card deck"]


def test_a_bundled_spec_is_named_where_it_is_found_from_any_folder(tmp_path: Path) -> None:
    """From the source tree, a bundled spec is specs/<file>; from any other folder, the path it is
    installed at — never a path that is not there."""
    here = run("check", "momentum-game", "--variant", "nope")
    assert here.stderr.startswith("specs/momentum-game.yaml:")
    elsewhere = subprocess.run([str(KITPRESS), "check", "momentum-game", "--variant", "nope"], cwd=tmp_path, capture_output=True, text=True, env={**os.environ}, timeout=120)
    assert elsewhere.returncode == 2
    named = elsewhere.stderr.split(":")[0]
    assert Path(named).is_absolute() and Path(named).is_file() and named.endswith("momentum-game.yaml"), elsewhere.stderr


@pytest.mark.parametrize("game", GAMES)
def test_every_bundled_step_knows_its_line(game: str) -> None:
    loaded = load_spec(game)
    lines = loaded.source.read_text(encoding="utf-8").splitlines()
    for example in loaded.spec.examples:
        for n, step in enumerate(example.steps, start=1):
            line, column, path = loaded.steps_at[(example.id, n, "")]
            assert lines[line - 1][column - 1 :].startswith(("play", "- play", "call_time", "- call_time", "expect", "note")), (example.id, n, lines[line - 1])
            i = [e.id for e in loaded.spec.examples].index(example.id)
            assert path == f"examples[{i}].steps[{n - 1}]"  # the key path to edit, as the line says
            for figure in step.expect:
                line, column, path = loaded.steps_at[(example.id, n, figure)]
                assert lines[line - 1][column - 1 :].startswith(figure), (example.id, n, figure, lines[line - 1])
                assert path == f"examples[{i}].steps[{n - 1}].expect.{figure}"


def test_a_play_after_the_end_may_be_shown_refused(tmp_path: Path) -> None:
    """Once a side has won, every further play is refused: a step may show it (refused: true); a step
    that expects anything else is still the error it was."""
    examples = tmp_path / "after.yaml"
    text = """\
examples:
  - id: Z
    title: Playing on after a win
    summary: "Blue wins in step 2; a third play is not allowed."
    start: {position: 2}
    steps:
      - play: {red: red-light, blue: blue-dark}
        expect: {position: 1}
      - play: {red: red-light, blue: blue-dark}
        expect: {game_winner: blue}
      - play: {red: red-light, blue: blue-light}
        expect: {refused: true}
"""
    examples.write_text(text, encoding="utf-8")
    result = run("check", "momentum-game", "--examples", examples)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == ["ok   momentum-game example Z: Playing on after a win (3 steps, 3 figures)", "1 example, 3 steps: all hold"]
    examples.write_text(text.replace("expect: {refused: true}", "expect: {position: 0}"), encoding="utf-8")
    failed = run("check", "momentum-game", "--examples", examples)
    assert failed.exit_code == 1 and "step 3: the game had already ended" in failed.stdout

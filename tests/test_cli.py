"""The `kitpress` command as a user sees it: version, help, list, check (bundled game, spec path, variants,
an examples file of one's own) and the exit codes 0 / 1 / 2. Nothing here builds PDFs."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from importlib.metadata import version
from pathlib import Path

import pytest
from click.testing import Result

SPEC = Path(__file__).resolve().parents[1] / "specs" / "momentum-game.yaml"
RunCli = Callable[..., Result]

OK_LINES = [
    "ok   momentum-game example A: A tie resets the streak",
    "ok   momentum-game example B: A streak makes a double move",
    "ok   momentum-game example C: Green overrides and resets",
    "ok   momentum-game example D: The draw pile runs out",
    "ok   momentum-game example E: The teacher calls time",
    "5 examples, 10 steps: all hold",
]


def variant_lines(variant: str) -> list[str]:
    """OK_LINES as they read when checked under a variant, which each line names."""
    return [ln.replace("momentum-game ", f"momentum-game --variant {variant} ", 1) for ln in OK_LINES]

# Two examples of our own, worked out from the spec's rules (§7.1 same colour, §4 draw, §7.2 Green).
MY_EXAMPLES = """\
game: momentum-game
examples:
  - id: D
    title: Same colour is no contest
    summary: Two Red pushes do not contest, so Red's streak is reset.
    start: {position: 2, last_winner: red}
    steps:
      - play: {red: red-dark, blue: red-light}
        expect: {outcome: no-contest, winner: none, move: 0, travelled: 0, position: 2, last_winner: none, streak_count: 0, game_winner: none}
  - id: E
    title: Two Green rounds in a row
    summary: Both players reveal Green twice running, and the game is a draw.
    steps:
      - play: {red: green, blue: green}
        expect: {outcome: green, winner: none, move: 0, position: 1, game_winner: none}
      - play: {red: green, blue: green}
        expect: {outcome: green, position: 1, last_winner: none, game_winner: draw}
"""


def lines(text: str) -> list[str]:
    return [ln for ln in text.splitlines() if ln.strip()]


def starts_with_each(found: list[str], expected: list[str]) -> bool:
    return len(found) == len(expected) and all(f.startswith(e) for f, e in zip(found, expected, strict=True))


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def line_of(text: str, needle: str) -> int:
    hits = [n for n, ln in enumerate(text.splitlines(), start=1) if needle in ln]
    assert len(hits) == 1, (needle, hits)
    return hits[0]


def assert_bad_input(result: Result) -> None:
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert result.stderr.strip()


# --- version and help --------------------------------------------------------------------------------


def test_version_prints_the_installed_version(run_cli: RunCli) -> None:
    result = run_cli("--version")
    assert result.exit_code == 0
    assert result.output == f"kitpress, version {version('kitpress')}\n"


@pytest.mark.parametrize("flag", ["--help", "-h"])
@pytest.mark.parametrize(
    ("command", "mentions"),
    [
        ([], ["list", "check", "build", "GAME", "--version"]),
        (["list"], ["variants"]),
        (["check"], ["[GAMES]...", "--examples", "--variant"]),
        (["build"], ["[GAMES]...", "--paper", "--out", "letter", "a4"]),
    ],
    ids=["group", "list", "check", "build"],
)
def test_help_works_on_the_group_and_every_command(
    run_cli: RunCli, command: list[str], mentions: list[str], flag: str
) -> None:
    result = run_cli(*command, flag)
    assert result.exit_code == 0, result.output
    # CliRunner names the program after the function (`main`); the installed script's name is checked below.
    assert re.match(rf"Usage: \S+ {' '.join(command)}".rstrip() + r" \[OPTIONS\]", result.output), (
        result.output
    )
    for word in mentions:
        assert word in result.output


def test_installed_script_shows_its_own_name() -> None:
    script = Path(sys.executable).with_name("kitpress")
    assert script.is_file(), f"no console script next to {sys.executable}"
    helped = subprocess.run([str(script), "--help"], capture_output=True, text=True, timeout=60, check=False)
    assert helped.returncode == 0, helped.stderr
    assert helped.stdout.startswith("Usage: kitpress [OPTIONS] COMMAND [ARGS]...")
    versioned = subprocess.run(
        [str(script), "--version"], capture_output=True, text=True, timeout=60, check=False
    )
    assert versioned.returncode == 0
    assert versioned.stdout == f"kitpress, version {version('kitpress')}\n"


def test_unknown_command_is_a_usage_error(run_cli: RunCli) -> None:
    result = run_cli("chek", "momentum-game")
    assert result.exit_code == 2
    assert "No such command 'chek'" in result.output
    assert "Traceback" not in result.output


# --- list --------------------------------------------------------------------------------------------


def test_list_shows_momentum_game_with_each_variant_once(run_cli: RunCli) -> None:
    result = run_cli("list")
    assert result.exit_code == 0, result.output
    out = result.output.splitlines()
    assert "momentum-game  Momentum Game! (v2.1)" in out
    game_at = out.index("momentum-game  Momentum Game! (v2.1)")
    block = []
    for ln in out[game_at + 1 :]:
        if not ln.startswith(" "):
            break
        block.append(ln.strip())
    assert block == [
        "--variant once-per-chain: One double move per streak chain",
        "--variant deck-18: 18-card deck",
    ]
    assert result.output.count("once-per-chain") == 1
    assert result.output.count("deck-18") == 1


# --- check: bundled game, variants, unknown names ----------------------------------------------------


def test_check_bundled_game_prints_one_ok_line_per_example(run_cli: RunCli) -> None:
    result = run_cli("check", "momentum-game")
    assert result.exit_code == 0, result.output
    assert starts_with_each(lines(result.stdout), OK_LINES), result.output
    assert result.stderr == ""


@pytest.mark.parametrize("variant", ["deck-18", "once-per-chain"])
def test_check_with_a_variant(run_cli: RunCli, variant: str) -> None:
    result = run_cli("check", "momentum-game", "--variant", variant)
    assert result.exit_code == 0, result.output
    assert starts_with_each(lines(result.stdout), variant_lines(variant)), result.output


def test_variant_deck_18_really_adds_red_darks(run_cli: RunCli, tmp_path: Path) -> None:
    """Four Red Darks in one example: too many for the 16-card deck (3 each) before a reshuffle brings one
    back, fine for deck-18 (4 each)."""
    examples = write(
        tmp_path,
        "four-red-darks.yaml",
        """\
examples:
  - id: F
    title: Four Red Darks
    summary: Two same-colour rounds of Red Dark against Red Dark.
    steps:
      - play: {red: red-dark, blue: red-dark}
        expect: {outcome: no-contest, position: 1}
      - play: {red: red-dark, blue: red-dark}
        expect: {outcome: no-contest, position: 1}
""",
    )
    varied = run_cli("check", "momentum-game", "--variant", "deck-18", "--examples", str(examples))
    assert varied.exit_code == 0, varied.output
    assert starts_with_each(lines(varied.stdout), ["ok   momentum-game --variant deck-18 example F: Four Red Darks", "1 example, 2 steps: all hold"])
    plain = run_cli("check", "momentum-game", "--examples", str(examples))
    assert_bad_input(plain)
    fourth = examples.read_text(encoding="utf-8").splitlines().index("      - play: {red: red-dark, blue: red-dark}", 6) + 1
    assert plain.stderr.startswith(f"{examples}:{fourth}:"), plain.stderr
    assert "steps[1].play.blue: blue cannot hold red-dark here: all 3 in the deck lie in the discard pile" in plain.stderr


def test_unknown_variant_names_the_known_ones(run_cli: RunCli) -> None:
    result = run_cli("check", "momentum-game", "--variant", "deck-20")
    assert_bad_input(result)
    assert "'deck-20'" in result.stderr
    assert "once-per-chain" in result.stderr
    assert "deck-18" in result.stderr
    assert result.stdout == ""


def test_unknown_game_names_the_bundled_games(run_cli: RunCli) -> None:
    result = run_cli("check", "momentum-gaem")
    assert_bad_input(result)
    assert "unknown game 'momentum-gaem'" in result.stderr
    assert "momentum-game" in result.stderr.replace("'momentum-gaem'", "")
    assert "spec file" in result.stderr


def test_missing_spec_path_is_bad_input(run_cli: RunCli, tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.yaml"
    result = run_cli("check", str(missing))
    assert_bad_input(result)
    assert str(missing) in result.stderr
    assert "no such spec file" in result.stderr


# --- check: a spec given by path ---------------------------------------------------------------------


def test_check_a_spec_given_by_path(run_cli: RunCli, tmp_path: Path) -> None:
    copy = tmp_path / "my-copy.yaml"
    shutil.copyfile(SPEC, copy)
    result = run_cli("check", str(copy))
    assert result.exit_code == 0, result.output
    assert starts_with_each(lines(result.stdout), OK_LINES), result.output
    varied = run_cli("check", str(copy), "--variant", "deck-18")
    assert varied.exit_code == 0, varied.output
    unknown = run_cli("check", str(copy), "--variant", "nope")
    assert_bad_input(unknown)
    assert re.match(rf"{re.escape(str(copy))}:\d+:\d+: variants: no variant 'nope'", unknown.stderr)
    assert "once-per-chain, deck-18" in unknown.stderr


# --- check --examples FILE ---------------------------------------------------------------------------


def test_examples_file_that_holds_passes(run_cli: RunCli, tmp_path: Path) -> None:
    examples = write(tmp_path, "mine.yaml", MY_EXAMPLES)
    result = run_cli("check", "momentum-game", "--examples", str(examples))
    assert result.exit_code == 0, result.output
    expected = [
        "ok   momentum-game example D: Same colour is no contest (1 steps, 8 figures)",
        "ok   momentum-game example E: Two Green rounds in a row (2 steps, 9 figures)",
        "2 examples, 3 steps: all hold",
    ]
    assert lines(result.stdout) == expected
    assert result.stderr == ""


def test_examples_file_with_a_wrong_expectation_shows_expected_actual_and_trace(
    run_cli: RunCli, tmp_path: Path
) -> None:
    examples = write(tmp_path, "wrong.yaml", MY_EXAMPLES.replace("game_winner: draw}", "game_winner: blue}"))
    result = run_cli("check", "momentum-game", "--examples", str(examples))
    assert result.exit_code == 1, result.output
    out = lines(result.stdout)
    assert out[0].startswith("ok   momentum-game example D:")
    assert out[1].startswith("FAIL momentum-game example E: Two Green rounds in a row")
    # at the line and column of the figure to edit
    at = f"{examples}:{line_of(examples.read_text(encoding='utf-8'), 'game_winner: blue')}:"
    assert any(ln.startswith(at) and ln.endswith("FAIL momentum-game example E step 2: game_winner: expected 'blue', got 'draw'") for ln in out), out
    assert out[-1] == "2 examples, 3 steps: 1 failed"
    trace = out[out.index("     event trace:") + 1 :]
    assert "step 1: Red reveals Green Stop." in trace[0]
    assert any("step 2:" in ln and "Draw" in ln and "Green 2 rounds in a row" in ln for ln in trace)
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("old", "new", "at", "words"),
    [
        pytest.param("blue: red-light}", "blue: red-medium}", "red-medium", ["play.blue", "'red-medium'", "red-dark, red-light, blue-dark"], id="bad-card"),
        pytest.param("    title: Same colour", "    titel: Same colour", "titel:", ["unknown key 'titel'", "expected one of:", "summary"], id="unknown-key"),
        pytest.param("        expect: {outcome: green, position: 1, last", "        expect: {result: green, position: 1, last", "result: green", ["unknown figure 'result'", "game_winner"], id="unknown-figure"),
        pytest.param("start: {position: 2, last_winner: red}", "start: {position: 2, leader: red}", "leader: red", ["unknown start key 'leader'", "last_winner"], id="unknown-start-key"),
        pytest.param("game: momentum-game", "game: momentum", "game: momentum", ["'momentum'", "'momentum-game'"], id="other-game"),
    ],
)  # fmt: skip
def test_bad_examples_file_is_exit_2_with_file_and_line(
    run_cli: RunCli, tmp_path: Path, old: str, new: str, at: str, words: list[str]
) -> None:
    assert MY_EXAMPLES.count(old) == 1
    text = MY_EXAMPLES.replace(old, new)
    examples = write(tmp_path, "bad.yaml", text)
    result = run_cli("check", "momentum-game", "--examples", str(examples))
    assert_bad_input(result)
    assert result.stdout == "", "nothing is replayed when the file is bad"
    here = [ln for ln in result.stderr.splitlines() if ln.startswith(f"{examples}:{line_of(text, at)}:")]
    assert here, result.stderr
    assert any(all(w in ln for w in words) for ln in here), result.stderr


def test_examples_file_that_is_missing_is_bad_input(run_cli: RunCli, tmp_path: Path) -> None:
    result = run_cli("check", "momentum-game", "--examples", str(tmp_path / "none.yaml"))
    assert_bad_input(result)
    assert f"{tmp_path / 'none.yaml'}:1: cannot read file" in result.stderr


def test_examples_file_needs_exactly_one_game(run_cli: RunCli, tmp_path: Path) -> None:
    examples = write(tmp_path, "mine.yaml", MY_EXAMPLES)
    result = run_cli("check", "momentum-game", str(SPEC), "--examples", str(examples))
    assert result.exit_code == 2
    assert "--examples needs exactly one GAME" in result.output
    assert "Traceback" not in result.output


def test_examples_format_doc_names_every_start_key_and_figure_of_every_game() -> None:
    from kitpress.packs import engines

    doc = (Path(__file__).resolve().parents[1] / "docs" / "examples-format.md").read_text(encoding="utf-8")
    for engine in engines().values():
        assert f"(`{engine.id}`)" in doc, engine.id
        section = doc.split(f"(`{engine.id}`)", 1)[1].split("\n## ", 1)[0]
        for key in [*engine.start_keys, *engine.figures]:
            assert f"`{key}`" in section, f"{engine.id}: {key}"

"""`kitpress check --report DIR`: the check report holds every example and every figure of every bundled
game, expected against actual; a failing example shows both and the check still exits 1; the same input
gives the same bytes; a DIR that cannot take the report is one line and exit 2."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pypdf
import pytest
from click.testing import Result

from kitpress.check import replay_all
from kitpress.checkreport import HTML_NAME, PDF_NAME, REFUSED_MEANING, grid, shown
from kitpress.packs import shipped_specs
from kitpress.spec.load import load_spec

RunCli = Callable[..., Result]
KITPRESS = Path(sys.executable).with_name("kitpress")
ROOT = Path(__file__).resolve().parents[1]


def squeezed(text: str) -> str:
    """Text without whitespace: a PDF's extracted text breaks lines wherever a table cell wraps."""
    return "".join(text.split())


def pdf_text(path: Path) -> str:
    return squeezed("".join(page.extract_text() for page in pypdf.PdfReader(path).pages))


def find_in_order(text: str, parts: list[str]) -> None:
    """Each part in `text` after the one before it: the report lists them in this order."""
    at = 0
    for part in parts:
        found = text.find(part, at)
        assert found >= 0, f"{part!r} is missing after position {at}: …{text[at : at + 300]}…"
        at = found + len(part)


FAILING = """\
game: momentum-game
examples:
  - id: miscounted
    title: A miscounted move
    summary: "States a move of 2 where the rules give 1."
    steps:
      - play: {red: red-dark, blue: blue-light}
        expect: {outcome: won, winner: red, move: 2, position: 2}
  - id: past-the-end
    title: Playing on after a win
    summary: "Blue wins in step 2, so step 3 cannot be played."
    start: {position: 2}
    steps:
      - play: {red: red-light, blue: blue-dark}
        expect: {position: 1}
      - play: {red: red-light, blue: blue-dark}
        expect: {game_winner: blue}
      - play: {red: red-light, blue: blue-light}
        expect: {outcome: tie, position: 0}
"""

BOARD_WRONG = """\
game: momentum
examples:
  - id: wrong-board
    title: A push drawn wrongly
    summary: "The board and the supply stated here are not what the rules give."
    start:
      round: 3
      board: ["R......", ".....R.", ".......", "...BB..", ".......", ".......", "......."]
    steps:
      - play: {red: C4}
        expect:
          board: ["R......", ".....R.", ".......", "..RBB..", ".......", ".......", "......."]
          supply: {red: 6, blue: 6}
          to_move: blue
"""


# --- every bundled game ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def all_games_report(tmp_path_factory: pytest.TempPathFactory) -> tuple[Result, Path]:
    from click.testing import CliRunner

    from kitpress.cli import main

    out = tmp_path_factory.mktemp("report") / "reports"  # a DIR that does not exist yet
    result = CliRunner().invoke(main, ["check", "--report", str(out)], catch_exceptions=False)
    return result, out


def test_the_report_of_every_bundled_game_holds_every_example_and_figure(all_games_report: tuple[Result, Path]) -> None:
    result, out = all_games_report
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir()) == [HTML_NAME, PDF_NAME]  # no temporary file left behind
    assert result.stdout.splitlines()[-2:] == [f"wrote {out / HTML_NAME}", f"wrote {out / PDF_NAME}"]
    text = pdf_text(out / PDF_NAME)
    html = (out / HTML_NAME).read_text("utf-8")
    parts: list[str] = []
    totals = [0, 0, 0]
    for game in shipped_specs():
        loaded = load_spec(game)
        replays = replay_all(loaded.engine, list(loaded.spec.examples))
        assert replays, f"{game} has no worked examples"
        parts.append(squeezed(f"{loaded.spec.identity.title} {game}"))
        for r in replays:
            parts.append(squeezed(f"Example {r.example.id}: {loaded.text(r.example.title)}"))
            for step in r.steps:
                parts.append(squeezed(f"Step {step.number}"))
                for f in step.figures:
                    meaning = REFUSED_MEANING if f.name == "refused" else loaded.engine.figures[f.name]
                    # The figure's row: name, what it means, expected, actual, and that it held.
                    expected, actual = shown(f.expected, meaning).words, shown(f.actual, meaning).words
                    parts.append(squeezed(f"{f.name} {meaning} {expected} {actual} ✓ holds"))
                    assert f'<td class="name">{f.name}</td>' in html
            totals[0] += 1
            totals[1] += len(r.steps)
            totals[2] += r.figure_count
        assert f'<span class="id">{game}</span>' in html
    find_in_order(text, parts)
    examples, steps, figures = totals
    assert squeezed(f"✓ All hold: {examples} examples, {steps} steps, {figures} figures.") in text
    assert "✗" not in text


def test_values_are_laid_out_not_printed_as_python(all_games_report: tuple[Result, Path]) -> None:
    _, out = all_games_report
    html = (out / HTML_NAME).read_text("utf-8")
    # No list or mapping as Python writes it, quotes and all (autoescaped, a quote is &#39;).
    assert not re.search(r"[\[{](&#39;|'|&#34;|\")", html)
    assert "None" not in re.sub(r"<[^>]+>", " ", html).split()
    # Boards (Momentum's and Integer Matrix's) are grids of cells; mappings (supplies, forces) small tables.
    assert html.count('<table class="grid">') >= 2 and '<table class="map">' in html


def test_values_are_shown_readably() -> None:
    rows = "a board: one text row per board row"
    assert shown(None).words == "none" and shown(True).words == "true" and shown(-3).words == "-3"
    assert shown(["E4-F4", "D3-D2"]).kind == "text" and shown(["E4-F4", "D3-D2"]).words == "E4-F4, D3-D2"
    assert shown([]).words == "empty" and shown([]).muted and shown({}).words == "empty"
    assert shown([[2, -3], [1, 0]]).lines == ("[2, -3]", "[1, 0]")
    supply = shown({"red": 5, "blue": 6}, other={"red": 6, "blue": 6}, compare=True)
    assert supply.kind == "map" and supply.pairs == (("red", "5", True), ("blue", "6", False))
    assert grid(["R..", ".B.", "..R"], rows) == [["R", ".", "."], [".", "B", "."], [".", ".", "R"]]
    assert grid([". . B2", ". W-4 .", "B-1 . ."], rows) == [[".", ".", "B2"], [".", "W-4", "."], ["B-1", ".", "."]]
    # Short lists of cells or directions are no board, even where the meaning mentions a row.
    assert grid(["ne", "sw"], "directions (n is towards row 1)") is None
    assert grid(["R..", ".B.", "..R"], "marbles pushed, as from-to") is None
    board = shown(["R..", ".B.", "..R"], rows, other=["R..", "..B", "..R"], compare=True)
    assert [[d for _, d in row] for row in board.rows] == [[False, False, False], [False, True, True], [False, False, False]]


# --- failures ---------------------------------------------------------------------------------------


def test_a_failing_example_shows_expected_against_actual_and_the_check_still_exits_1(run_cli: RunCli, tmp_path: Path) -> None:
    examples = tmp_path / "failing.yaml"
    examples.write_text(FAILING)
    out = tmp_path / "out"
    result = run_cli("check", "momentum-game", "--examples", str(examples), "--report", str(out))
    assert result.exit_code == 1, result.output
    assert "FAIL momentum-game example miscounted" in result.stdout  # the lines of a plain check, unchanged
    text = pdf_text(out / PDF_NAME)
    figures = load_spec("momentum-game").engine.figures
    # The summary first, then the failing figure in its step, expected 2 against actual 1.
    find_in_order(text, [
        squeezed("✗ 1 figure fails; 1 example stopped early (2 figures not reached) — of 2 examples, 4 steps, 8 figures."),
        squeezed("What does not hold"),
        squeezed("momentum-game, example miscounted, step 1 move 2 1"),
        squeezed("momentum-game, example past-the-end step 3: the game had already ended"),
        squeezed("Example miscounted: A miscounted move ✗ fails"),
        squeezed(f"winner {figures['winner']} red red ✓ holds"),
        squeezed(f"move {figures['move']} 2 1 ✗ fails"),
        squeezed("Example past-the-end: Playing on after a win ✗ fails"),
        squeezed("Stopped at step 3: the game had already ended"),
        squeezed("Step 3 (not reached) Plays: red red-light · blue blue-light"),
        squeezed("outcome"), squeezed("tie — not reached"),
        squeezed("position"), squeezed("0 — not reached"),
    ])  # fmt: skip
    html = (out / HTML_NAME).read_text("utf-8")
    entries = html[html.index('<section class="game"') :]  # past the summary, which repeats the failures
    assert entries.count('<tr class="fails">') == 1 and entries.count('<tr class="unreached">') == 2


def test_a_wrong_board_marks_the_cells_that_differ(run_cli: RunCli, tmp_path: Path) -> None:
    examples = tmp_path / "board.yaml"
    examples.write_text(BOARD_WRONG)
    out = tmp_path / "out"
    result = run_cli("check", "momentum", "--examples", str(examples), "--report", str(out))
    assert result.exit_code == 1, result.output
    html = (out / HTML_NAME).read_text("utf-8")
    entries = html[html.index('<section class="game"') :]  # past the summary, which repeats the failures
    # Two cells of row 4 differ (E4 and F4) on each side, and Red's supply on each side.
    assert entries.count('<td class="differs">') == 4
    assert entries.count('<tr class="differs">') == 2
    text = pdf_text(out / PDF_NAME)
    assert squeezed("supply marbles in hand per seat red 6 blue 6 red 5 blue 6 ✗ fails") in text


def test_bad_examples_write_no_report(run_cli: RunCli, tmp_path: Path) -> None:
    out = tmp_path / "out"
    bad = ROOT / "tests" / "examples" / "newtonian-rummy-bad-plays.yaml"
    result = run_cli("check", "newtonian-rummy", "--examples", str(bad), "--report", str(out))
    assert result.exit_code == 2, result.output
    assert not out.exists()


# --- the same bytes -------------------------------------------------------------------------------


def test_the_same_input_gives_the_same_bytes(run_cli: RunCli, tmp_path: Path) -> None:
    examples = tmp_path / "failing.yaml"
    examples.write_text(FAILING)
    args = ["check", "momentum-game", "--examples", str(examples), "--report"]
    assert run_cli(*args, str(tmp_path / "a")).exit_code == 1
    assert run_cli(*args, str(tmp_path / "a")).exit_code == 1  # written over the first: the same again
    # Another process, folder, working directory, time zone and hash seed.
    cwd = tmp_path / "elsewhere"
    cwd.mkdir()
    env = {**os.environ, "TZ": "Pacific/Auckland", "PYTHONHASHSEED": "123", "NO_COLOR": "1"}
    done = subprocess.run([str(KITPRESS), *args, str(tmp_path / "b")], cwd=cwd, env=env, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 1, done.stderr
    for name in (HTML_NAME, PDF_NAME):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes(), name
    info = pypdf.PdfReader(tmp_path / "a" / PDF_NAME).metadata or {}
    assert "/CreationDate" not in info and "/ModDate" not in info
    assert "file:" not in (tmp_path / "a" / HTML_NAME).read_text("utf-8")  # no path of this installation


# --- a DIR that cannot take the report -----------------------------------------------------------------


def one_line(result: Result) -> str:
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and "Traceback" not in result.output, result.output
    return lines[0]


def test_a_dir_that_is_a_file_is_one_line_and_exit_2(run_cli: RunCli, tmp_path: Path) -> None:
    taken = tmp_path / "notes.txt"
    taken.write_text("mine")
    # One line, before any example is replayed (no "ok" line either).
    assert one_line(run_cli("check", "momentum-game", "--report", str(taken))) == f"{taken}: is a file; --report needs a folder"
    assert taken.read_text() == "mine"


def test_a_dir_below_a_file_is_one_line_and_exit_2(run_cli: RunCli, tmp_path: Path) -> None:
    taken = tmp_path / "notes.txt"
    taken.write_text("mine")
    line = one_line(run_cli("check", "momentum-game", "--report", str(taken / "reports")))
    assert line == f"{taken / 'reports'}: {taken} is a file; --report needs a folder"


def test_the_report_is_not_written_through_a_link(run_cli: RunCli, tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    elsewhere = tmp_path / "precious.pdf"
    elsewhere.write_bytes(b"keep")
    (out / PDF_NAME).symlink_to(elsewhere)
    line = one_line(run_cli("check", "momentum-game", "--report", str(out)))
    assert line == f"{out / PDF_NAME}: is a link; kitpress does not write through links"
    assert elsewhere.read_bytes() == b"keep" and (out / PDF_NAME).is_symlink() and not (out / HTML_NAME).exists()


def test_a_folder_where_the_report_goes_is_refused(run_cli: RunCli, tmp_path: Path) -> None:
    out = tmp_path / "out"
    (out / HTML_NAME).mkdir(parents=True)
    assert one_line(run_cli("check", "momentum-game", "--report", str(out))).startswith(f"{out / HTML_NAME}: is a folder")


def test_help_names_the_option(run_cli: RunCli) -> None:
    result = run_cli("check", "--help")
    assert result.exit_code == 0 and "--report DIR" in result.output

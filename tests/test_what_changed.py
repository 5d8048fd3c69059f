"""The designer's loop: change a label, rebuild, and read which sheets to print again; `--only changed`
puts just those sheets in one file per paper, stock and sides."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from pypdf import PdfReader

from kitpress.build import _render_jobs
from kitpress.cli import main
from kitpress.spec.load import load_spec

SPEC = Path(__file__).resolve().parents[1] / "specs" / "momentum-game.yaml"
RED = "    red: {arrow: \"→\", label: Push Right}"


def _build(spec: Path, out: Path, *more: str) -> Result:
    result = CliRunner().invoke(main, ["build", str(spec), "--paper", "letter", "--out", str(out), *more])
    assert result.exit_code == 0, result.output
    return result


@pytest.fixture(scope="module")
def changed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Result, Path]:
    """A kit built, then the Red cards' label changed and the kit built again with --only changed."""
    root = tmp_path_factory.mktemp("changed")
    spec = root / "momentum-game.yaml"
    text = SPEC.read_text("utf-8")
    assert text.count(RED) == 1
    spec.write_text(text, "utf-8")
    out = root / "out"
    _build(spec, out)
    spec.write_text(text.replace(RED, RED.replace("Push Right", "Shove Right")), "utf-8")
    return spec, _build(spec, out, "--only", "changed"), out


def _red_sheets(spec: Path) -> list[int]:
    """The card sheets (9 a sheet, in deck order) that hold a Red card, from the pieces themselves."""
    cards = next(job for job in _render_jobs(load_spec(str(spec))) if job.kind == "cards")
    return sorted({i // 9 + 1 for i, art in enumerate(cards.fronts) if "SHOVE RIGHT" in art.svg})


def test_the_build_names_the_sheets_to_reprint_and_what_is_unchanged(changed: tuple[Path, Result, Path]) -> None:
    spec, result, _ = changed
    sheets = _red_sheets(spec)
    assert len(sheets) == 1  # one of the deck's two sheets holds every Red card
    said = " ".join(result.output.split())
    listed = ", ".join(map(str, sheets))
    assert f"reprint push deck ({len(sheets)} of 2 sheets: {listed})" in said, result.output
    assert "unchanged: track board (1 sheet)" in said
    assert "student rules (4 pages)" in said.split("unchanged:")[1]  # the rules do not print the label
    assert all(len(line) <= 100 for line in result.output.splitlines() if not line.startswith("built "))


def test_only_changed_prints_just_those_sheets_front_and_back(changed: tuple[Path, Result, Path]) -> None:
    spec, result, out = changed
    kit = out / "momentum-game"
    files = sorted(p.name for p in kit.glob("reprint-*.pdf"))
    assert files == ["reprint-letter-card-stock-two-sided.pdf"], files
    assert "to print again: reprint-letter-card-stock-two-sided.pdf (2 pages)" in result.output
    reader = PdfReader(io.BytesIO((kit / files[0]).read_bytes()))
    assert len(reader.pages) == 2 * len(_red_sheets(spec))  # each sheet with its backs
    assert "SHOVE RIGHT" in reader.pages[0].extract_text()
    whole = PdfReader(kit / "momentum-game-cards-letter.pdf")
    assert [p.mediabox[2:] for p in reader.pages] == [whole.pages[0].mediabox[2:]] * len(reader.pages)  # Letter, in points


def test_an_unchanged_kit_has_nothing_to_reprint(changed: tuple[Path, Result, Path]) -> None:
    spec, _, out = changed
    again = _build(spec, out, "--only", "changed")
    assert "up to date momentum-game" in again.output and "reprint" not in again.output


def test_only_changed_stands_alone(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["build", "momentum-game", "--only", "changed,cards", "--out", str(tmp_path)])
    assert result.exit_code == 2 and "--only changed stands alone" in result.output

"""The built Momentum Game! kit, measured as a teacher or a print shop would measure it."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from kitpress.cli import main

LETTER = (612.0, 792.0)
A4 = (595.2756, 841.8898)


def _pdf(kit: Path, name: str) -> PdfReader:
    return PdfReader(str(kit / name))


def _box(value: object) -> tuple[float, ...]:
    return tuple(round(float(v), 2) for v in value)  # type: ignore[attr-defined]


def test_manifest_lists_every_file_with_kind_paper_and_pages(momentum_game_kit: Path) -> None:
    manifest = json.loads((momentum_game_kit / "manifest.json").read_text())
    assert manifest["game"] == "momentum-game"
    entries = {e["path"]: e for e in manifest["files"]}
    kinds = {e["kind"] for e in entries.values()}
    assert {"cards", "card-backs", "board", "tokens", "checklist", "booklet", "art"} <= kinds
    for path, entry in entries.items():
        data = (momentum_game_kit / path).read_bytes()
        assert hashlib.sha256(data).hexdigest() == entry["sha256"]
        if path.endswith(".pdf"):
            assert entry["paper"] in ("letter", "a4")
            assert len(PdfReader(str(momentum_game_kit / path)).pages) == entry["pages"]
    on_disk = {str(p.relative_to(momentum_game_kit)) for p in momentum_game_kit.rglob("*") if p.is_file()}
    assert on_disk == set(entries) | {"manifest.json"}


@pytest.mark.parametrize(("paper", "size"), [("letter", LETTER), ("a4", A4)])
def test_card_sheets_page_size_and_trim(momentum_game_kit: Path, paper: str, size: tuple[float, float]) -> None:
    reader = _pdf(momentum_game_kit, f"momentum-game-cards-{paper}.pdf")
    # 16 cards, 8 to a landscape sheet (4 × 2: three rows of poker cards leave no room on either paper
    # for a crop mark 5 mm inside the edge): two front sheets, each followed by its backs
    assert len(reader.pages) == 4
    width, height = size[1], size[0]
    x0 = (width - 720) / 2
    y0 = (height - 504) / 2
    for page in reader.pages:
        assert _box(page.mediabox)[2:] == pytest.approx((width, height), abs=0.01)
        assert _box(page.trimbox) == pytest.approx((x0, y0, x0 + 720, y0 + 504), abs=0.01)
        bleed = _box(page.bleedbox)
        assert bleed[0] < x0 and bleed[1] < y0 and bleed[2] > x0 + 720 and bleed[3] > y0 + 504
        assert min(bleed[0], bleed[1], width - bleed[2], height - bleed[3]) >= 5 * 72 / 25.4 - 0.01  # out of the 5 mm band


def test_card_file_asks_for_long_edge_duplex_and_no_scaling(momentum_game_kit: Path) -> None:
    prefs = _pdf(momentum_game_kit, "momentum-game-cards-letter.pdf").trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/Duplex"] == "/DuplexFlipLongEdge"
    assert prefs["/PrintScaling"] == "/None"


def test_card_faces_carry_their_words(momentum_game_kit: Path) -> None:
    reader = _pdf(momentum_game_kit, "momentum-game-cards-letter.pdf")
    fronts = reader.pages[0].extract_text() + reader.pages[2].extract_text()
    assert fronts.count("PUSH RIGHT") == 6 and fronts.count("PUSH LEFT") == 6
    assert fronts.count("STOP") == 4 and fronts.count("ΣF = 0") == 4
    assert fronts.count("DARK") == 6 and fronts.count("LIGHT") == 6
    back = reader.pages[1].extract_text()
    assert back.count("Momentum Game!") == 8


def test_fonts_are_embedded_everywhere(momentum_game_kit: Path) -> None:
    for pdf in sorted(momentum_game_kit.glob("*.pdf")):
        for page in PdfReader(str(pdf)).pages:
            fonts = page["/Resources"].get("/Font", {})
            for ref in fonts.values():
                font = ref.get_object()
                descendant = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
                descriptor = descendant["/FontDescriptor"]
                assert any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")), (pdf.name, font["/BaseFont"])


def test_booklet_prints_rules_examples_and_rulings(momentum_game_kit: Path) -> None:
    """The student rules: the rules, the pack's two examples and the checklist; the teacher's book:
    every example, the rulings and the variants."""
    reader = _pdf(momentum_game_kit, "momentum-game-rules-letter.pdf")
    text = " ".join(" ".join(p.extract_text() for p in reader.pages).split())  # lines wrap in columns
    for phrase in ("Momentum Game!", "Example A", "Example B", "Referee checklist", "ΣF = 0"):
        assert phrase in text, phrase
    assert "Example C" not in text and "Rulings" not in text and "Checked:" not in text
    book = "\n".join(p.extract_text() for p in _pdf(momentum_game_kit, "momentum-game-teachers-book-letter.pdf").pages)
    for phrase in ("Contents", "Worked examples", "Example A", "Example B", "Example C", "Rulings", "R1", "One double move per streak chain", "Tuning notes", "ΣF ≠ 0"):
        assert phrase in " ".join(book.split()), phrase
    assert "--variant" not in book and "once-per-chain" not in book  # a variant by its name, not a command
    # numbers come from the spec: setup deals the hand size, the deck table shows the counts
    assert "deal 3 to each player" in text
    # Example B's second round: the rule gives 2, the block stops on 0 and Blue wins; moves read forwards
    assert "moves 2 spaces" in text and "1 → 0" in text and "Blue wins" in text
    assert reader.pages[0].mediabox[2] == pytest.approx(612) and reader.pages[0].mediabox[3] == pytest.approx(792)
    a4 = _pdf(momentum_game_kit, "momentum-game-rules-a4.pdf")
    assert float(a4.pages[0].mediabox.width) == pytest.approx(595.28, abs=0.1) and float(a4.pages[0].mediabox.height) == pytest.approx(841.89, abs=0.1)


def test_board_and_tokens_are_on_the_right_paper(momentum_game_kit: Path) -> None:
    board = _pdf(momentum_game_kit, "momentum-game-board-letter.pdf").pages[0]
    assert _box(board.mediabox)[2:] == (792.0, 612.0)  # landscape: the 4 × 40 mm track fits across
    text = board.extract_text()
    for word in ("0", "1", "2", "3", "START", "RED WINS", "BLUE WINS", "STREAK"):
        assert word in text
    x0, _, x1, _ = _box(board.trimbox)
    assert x1 - x0 == pytest.approx((4 * 40 + 44) * 72 / 25.4, abs=0.1)
    checklist = _pdf(momentum_game_kit, "momentum-game-referee-card-letter.pdf").pages[0].extract_text()
    assert "REFEREE CHECKLIST" in checklist and "Move 2" in checklist


def test_crop_mark_pixels_sit_on_the_cut_lines(momentum_game_kit: Path, tmp_path: Path) -> None:
    """Rendered at 72 dpi, the sheet's top margin is white except where a cut line's mark runs."""
    if not shutil.which("pdftoppm"):
        pytest.fail("pdftoppm (poppler-utils) is needed; `make test` installs it")
    subprocess.run(["pdftoppm", "-gray", "-r", "72", "-f", "1", "-l", "1", str(momentum_game_kit / "momentum-game-cards-letter.pdf"), str(tmp_path / "p")], check=True)
    pgm = next(tmp_path.glob("p*.pgm")).read_bytes()
    header, pixels = _pgm(pgm)
    width = header[0]
    row = 16  # 16 pt below the top edge, just inside the 5 mm band: only marks here
    line = pixels[row * width : (row + 1) * width]
    dark = [x for x, v in enumerate(line) if v < 160]
    expected = [36, 216, 396, 576, 756]
    assert all(any(abs(x - e) <= 1 for x in dark) for e in expected)
    assert all(any(abs(x - e) <= 1 for e in expected) for x in dark)


def _pgm(data: bytes) -> tuple[tuple[int, int], bytes]:
    parts = data.split(maxsplit=4)
    width, height = int(parts[1]), int(parts[2])
    return (width, height), parts[4][-width * height :]


def test_same_spec_built_twice_gives_identical_files(momentum_game_kit: Path, tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["build", "momentum-game", "--out", str(tmp_path)], catch_exceptions=False)
    assert result.exit_code == 0
    again = tmp_path / "momentum-game"
    for path in sorted(p for p in momentum_game_kit.rglob("*") if p.is_file()):
        rel = path.relative_to(momentum_game_kit)
        assert (again / rel).read_bytes() == path.read_bytes(), rel


def test_a_failing_example_builds_nothing(tmp_path: Path) -> None:
    spec = Path(__file__).resolve().parents[1] / "specs" / "momentum-game.yaml"
    text = spec.read_text().replace("expect: {outcome: green, winner: none, move: 0, position: 2,", "expect: {outcome: green, winner: none, move: 0, position: 3,")
    bad = tmp_path / "momentum-game.yaml"
    bad.write_text(text)
    result = CliRunner().invoke(main, ["build", str(bad), "--out", str(tmp_path / "out")], catch_exceptions=False)
    assert result.exit_code == 1
    assert "example C" in result.output and "position: expected 3, got 2" in result.output
    assert not (tmp_path / "out").exists()

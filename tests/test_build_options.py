"""Print presets, measured: papers, layouts, duplex methods, back offset, low ink, saddle booklets,
print-service files, and rebuilds that are skipped when nothing changed."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image
from pypdf import PdfReader

from kitpress.build import build_games
from kitpress.cli import main
from kitpress.sheets.presets import Preset

MM = 72 / 25.4


def _build(out: Path, *args: str) -> Path:
    result = CliRunner().invoke(main, ["build", "momentum-game", "--out", str(out), *args], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return out / "momentum-game"


def _manifest(kit: Path) -> dict[str, dict[str, object]]:
    return {e["path"]: e for e in json.loads((kit / "manifest.json").read_text())["files"]}


@pytest.fixture(scope="module")
def variety(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Universal paper, 8-up, short-edge duplex, low ink, a saddle booklet and a back offset."""
    out = tmp_path_factory.mktemp("variety")
    return _build(out, "--paper", "universal", "--layout", "8up", "--duplex", "short-edge", "--ink", "low", "--booklet", "saddle", "--back-offset", "1.5,-0.5")


def test_universal_paper_fits_letter_and_a4(variety: Path) -> None:
    reader = PdfReader(str(variety / "momentum-game-cards-universal-8up-short-edge-low-ink.pdf"))
    width, height = (float(v) for v in reader.pages[0].mediabox[2:])
    assert (width, height) == pytest.approx((792.0, 595.28), abs=0.01)  # landscape 279.4 × 210 mm
    assert width <= 792 and height <= 612 and width <= 841.9 and height <= 595.3


def test_eight_up_gives_each_card_its_own_bleed(variety: Path) -> None:
    reader = PdfReader(str(variety / "momentum-game-cards-universal-8up-short-edge-low-ink.pdf"))
    assert len(reader.pages) == 6  # 16 cards: 3 front sheets of 6, each with its backs
    x0, y0, x1, y1 = (float(v) for v in reader.pages[0].trimbox)
    assert (x1 - x0, y1 - y0) == pytest.approx((3 * 180 + 2 * 18, 2 * 252 + 18), abs=0.01)


def test_short_edge_backs_mirror_rows_and_turn(variety: Path) -> None:
    from kitpress.sheets.geometry import back_sheet, grid

    front = grid("universal", 180, 252, 9, 8, gap=18, landscape=True)[0]
    back = back_sheet(front, "short-edge")
    # landscape + short edge = a flip about the vertical axis: columns mirror, nothing turns
    assert all(b.rotate == 0 for b in back.placements)
    assert back.placements[0].x == pytest.approx(front.width - front.placements[0].x - 180)
    portrait = back_sheet(grid("letter", 150, 200, 9, 9)[0], "short-edge")
    assert all(b.rotate == 180 for b in portrait.placements)
    assert portrait.placements[0].y == pytest.approx(792 - grid("letter", 150, 200, 9, 9)[0].placements[0].y - 200)


def test_back_offset_moves_backs_as_seen_through_the_front() -> None:
    from kitpress.sheets.geometry import back_sheet, grid

    front = grid("letter", 150, 200, 9, 9)[0]
    plain = back_sheet(front, "long-edge")
    moved = back_sheet(front, "long-edge", (2 * MM, -1 * MM))
    # seen through the front, +x is right: on the mirrored back page that is -x
    assert moved.placements[0].x - plain.placements[0].x == pytest.approx(-2 * MM)
    assert moved.placements[0].y - plain.placements[0].y == pytest.approx(-1 * MM)


def test_low_ink_has_no_full_bleed_fills(variety: Path) -> None:
    svg = (variety / "svg" / "cards-red-dark-low-ink.svg").read_text()
    assert 'fill="#c62828"' not in svg  # the solid red field is gone
    assert 'width="198" height="270" fill="#ffffff"' in svg.replace("'", '"') or "#ffffff" in svg
    back = (variety / "svg" / "cards-back-low-ink.svg").read_text()
    assert "#263238" not in back.split("stroke")[0]  # the dark back is no longer a solid fill


def test_saddle_booklet_pages_are_in_folding_order(variety: Path) -> None:
    reader = PdfReader(str(variety / "momentum-game-rules-universal-saddle.pdf"))
    sides = len(reader.pages)
    assert sides % 2 == 0 and sides >= 4
    assert float(reader.pages[0].mediabox[2]) > float(reader.pages[0].mediabox[3])  # landscape sheets
    first = reader.pages[0].extract_text()
    assert "Momentum Game!" in first  # page 1 (the cover) is on the right of the first side
    prefs = reader.trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/Duplex"] == "/DuplexFlipShortEdge"


def test_calibration_page_comes_with_duplex_cards(variety: Path) -> None:
    entries = _manifest(variety)
    cal = entries["calibration-universal-short-edge.pdf"]
    assert cal["kind"] == "calibration" and cal["pages"] == 2
    text = PdfReader(str(variety / "calibration-universal-short-edge.pdf")).pages[0].extract_text()
    assert "--back-offset" in text


@pytest.fixture(scope="module")
def services(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _build(tmp_path_factory.mktemp("services"), "--paper", "letter", "--layout", "1up", "--duplex", "gutterfold")


@pytest.mark.parametrize(("service", "size"), [("thegamecrafter", (825, 1125)), ("makeplayingcards", (822, 1122))])
def test_print_service_images_have_the_services_pixel_sizes(services: Path, service: str, size: tuple[int, int]) -> None:
    images = sorted((services / "print-services" / service).glob("*.png"))
    assert len(images) == 6  # five card faces and the back
    for path in images:
        image = Image.open(io.BytesIO(path.read_bytes()))
        assert image.size == size
        assert round(image.info["dpi"][0]) == 300
    copies = {e["path"].rsplit("/", 1)[-1]: e["copies"] for e in _manifest(services).values() if e["kind"] == "card-image" and e["service"] == service}
    assert copies["momentum-game-cards-green.png"] == 4 and copies["momentum-game-cards-back.png"] == 16


def test_drivethrucards_file_is_one_card_per_page_fronts_and_backs_alternating(services: Path) -> None:
    reader = PdfReader(str(services / "print-services" / "momentum-game-cards-drivethrucards.pdf"))
    assert len(reader.pages) == 32
    for page in reader.pages[:2]:
        assert (float(page.mediabox[2]), float(page.mediabox[3])) == pytest.approx((198.0, 270.0))  # 2.75 × 3.75 in
    assert "PUSH" in reader.pages[0].extract_text() and "Momentum Game!" in reader.pages[1].extract_text()


def test_gutterfold_puts_backs_behind_fronts_across_the_fold() -> None:
    from kitpress.sheets.geometry import gutterfold

    sheet = gutterfold("letter", 150, 200, 9, 4)[0]
    fronts = [p for p in sheet.placements if p.side == "front"]
    backs = [p for p in sheet.placements if p.side == "back"]
    assert len(fronts) == len(backs) == 4
    fold = sheet.folds[0].x0
    assert fold == pytest.approx(sheet.width / 2)
    for f, b in zip(fronts, backs, strict=True):
        assert f.index == b.index and f.x + f.w < fold < b.x
        assert fold - (f.x + f.w / 2) == pytest.approx((b.x + b.w / 2) - fold)  # mirror images
        assert f.y == b.y


def test_an_unchanged_kit_is_not_built_again(tmp_path: Path) -> None:
    presets = [Preset("letter")]
    first = build_games(["momentum-game"], presets, tmp_path)
    assert first[0].startswith("built")
    stamp = (tmp_path / "momentum-game" / "manifest.json").stat().st_mtime_ns
    again = build_games(["momentum-game"], presets, tmp_path)
    assert again[0].startswith("up to date")
    assert (tmp_path / "momentum-game" / "manifest.json").stat().st_mtime_ns == stamp
    (tmp_path / "momentum-game" / "momentum-game-board-letter.pdf").unlink()
    assert build_games(["momentum-game"], presets, tmp_path)[0].startswith("built")
    assert build_games(["momentum-game"], [Preset("a4")], tmp_path)[0].startswith("built")  # new options


def test_watch_rebuilds_when_the_spec_changes(tmp_path: Path) -> None:
    from kitpress.watch import watch_and_rebuild

    spec = tmp_path / "mine.yaml"
    spec.write_text((Path(__file__).resolve().parents[1] / "specs" / "momentum-game.yaml").read_text())
    builds: list[str] = []
    said: list[str] = []

    def first() -> None:  # saved while the first build runs: built next
        builds.append("first")
        spec.write_text(spec.read_text().replace("subtitle: A two-player", "subtitle: A 2-player"))

    watch_and_rebuild([str(spec)], first, lambda: builds.append("again"), said.append, interval=0.01, rounds=3)
    assert builds == ["first", "again"]
    assert any("mine.yaml" in line for line in said)


def test_no_color_and_completion(run_cli) -> None:  # type: ignore[no-untyped-def]
    assert "_KITPRESS_COMPLETE" in run_cli("completion", "bash").output
    result = CliRunner(env={"NO_COLOR": "1"}).invoke(main, ["check", "momentum-game"], color=True)
    assert "\x1b[" not in result.output and result.output.startswith("ok")
    coloured = CliRunner().invoke(main, ["check", "momentum-game"], color=True)
    assert "\x1b[32m" in coloured.output


def test_bad_back_offset_is_exit_2(run_cli) -> None:  # type: ignore[no-untyped-def]
    result = run_cli("build", "momentum-game", "--back-offset", "left")
    assert result.exit_code == 2 and "X,Y" in result.output

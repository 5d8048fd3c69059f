"""Card stock without a duplexer (`--duplex manual`): every front, then every back in the same order,
placed for the stack turned over on its long edge with the same edge in first; in the class kit, a
card-stock job printed by hand whose cover (on plain paper) gives the steps with their page numbers,
in words and a drawing, for portrait and landscape sheets."""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

import pytest
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from kitpress.classkit import jobs, packing
from kitpress.classkit.cover import cover_pdf
from kitpress.classkit.plan import GamePlan, KitPlan, PrintItem
from kitpress.classkit.tables import Seating
from kitpress.pieces import Art, PrintJob
from kitpress.sheets.geometry import Placement, Sheet
from kitpress.sheets.impose import printed_pages
from kitpress.sheets.pdf import write_pdf
from kitpress.sheets.presets import Preset
from kitpress.spec.load import load_spec
from kitpress.stock import CARD_STOCK, PLAIN

GAME = "momentum-game"


def _art(w: float, h: float, fill: str, shape: str = "rect") -> Art:
    bw, bh = w + 18, h + 18
    svg = f'<svg xmlns="http://www.w3.org/2000/svg" width="{bw}pt" height="{bh}pt" viewBox="0 0 {bw} {bh}"><rect width="{bw}" height="{bh}" fill="{fill}"/></svg>'
    return Art(f"m{w:g}{fill}{shape}", svg, w, h, 9.0, shape)


CARDS = PrintJob("cards", "cards", "grid9", tuple(_art(180, 252, f"#2030{i:02d}") for i in range(19)), (_art(180, 252, "#602030"),) * 19)  # landscape sheets
DISCS = PrintJob("discs", "discs", "pack", (_art(62.4, 62.4, "#203060", "circle"),) * 60, (_art(62.4, 62.4, "#602030", "circle"),) * 60)  # portrait


def _turned_over(sheet: Sheet, p: Placement) -> tuple[float, float, int]:
    """Where a back's piece lands seen from the front, the stack turned over on the paper's long edge: a
    portrait page mirrors left to right; a landscape page (printed turned a quarter) top to bottom."""
    if sheet.landscape:
        return (p.x, sheet.height - p.y - p.h, (p.rotate + 180) % 360)
    return (sheet.width - p.x - p.w, p.y, p.rotate)


@pytest.mark.parametrize("job", [CARDS, DISCS], ids=["landscape-cards", "portrait-discs"])
def test_every_front_then_every_back_each_behind_its_front(job: PrintJob) -> None:
    pages = printed_pages(job, Preset("letter", "9up", "manual"))
    fronts = len(printed_pages(job, Preset("letter", "9up", "none")))
    assert fronts >= 2 and len(pages) == 2 * fronts
    assert all(not p.backs for p in pages[:fronts]) and all(p.backs and not p.fronts for p in pages[fronts:])
    for front, back in zip(pages[:fronts], pages[fronts:], strict=True):
        assert front.sheet.landscape == job.layout.startswith("grid")
        placed = {p.index: (p.x, p.y, p.rotate) for p in front.sheet.placements}
        for p in back.sheet.placements:
            x, y, rotate = _turned_over(back.sheet, p)
            assert (x, y) == pytest.approx(placed[p.index][:2]) and rotate == placed[p.index][2]
    reader = PdfReader(io.BytesIO(write_pdf(pages, "t", "t", "manual")))
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/Simplex"  # no duplexer asked for


def test_the_backs_take_the_back_offset_as_the_duplex_backs_do() -> None:
    hand = printed_pages(CARDS, Preset("letter", "9up", "manual", (3.0, -1.0)))
    duplex = printed_pages(CARDS, Preset("letter", "9up", "long-edge", (3.0, -1.0)))
    assert [p.sheet for p in hand[len(hand) // 2 :]] == [p.sheet for p in duplex[1::2]]


def _pdf(*texts: str) -> bytes:
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(612, 792), invariant=1)
    for text in texts:
        canvas.drawString(72, 700, text)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _plan() -> KitPlan:
    loaded = load_spec(GAME)
    item = PrintItem
    items = (
        item(f"{GAME}/cards.pdf", Path("cards.pdf"), "Cards", "cards", CARD_STOCK, "manual", 4, 3),
        item(f"{GAME}/token.pdf", Path("token.pdf"), "Tokens", "tokens", CARD_STOCK, "none", 1, 3),
        item(f"{GAME}/rules.pdf", Path("rules.pdf"), "Student rules", "booklet", PLAIN, "long-edge", 1, 3),
        item(f"{GAME}/key.pdf", Path("key.pdf"), "Answer key", "answer-key", PLAIN, "none", 1, 3),
    )
    calibration = PrintItem("calibration-letter-manual.pdf", Path("cal.pdf"), "Duplex calibration page", "calibration", PLAIN, "manual", 2, 1)
    plan = KitPlan(6, "letter", (GamePlan(loaded, Seating((2, 2, 2)), items, ()),), class_items=(calibration,))
    return replace(plan, preset=Preset("letter", duplex="manual"))


PDFS = {"cards": _pdf("F1", "F2", "B1", "B2"), "token": _pdf("token"), "rules": _pdf("rules"), "key": _pdf("key"), "cal": _pdf("proof front", "proof back")}


def _runs() -> tuple[KitPlan, list[jobs.PrintRun]]:
    plan = _plan()
    runs = jobs.plan_runs(plan, lambda item: (PDFS[item.source.stem],) * item.copies, packing.page_count, lambda item: None)
    return replace(plan, runs=tuple(runs)), runs


def test_the_kit_prints_card_by_hand_and_paper_through_the_duplexer() -> None:
    plan, runs = _runs()
    assert [r.name for r in runs] == ["1-plain-duplex.pdf", "2-card-stock-by-hand.pdf", "3-card-stock-single-sided.pdf"]
    plain, hand, single = runs
    assert [p.paths for p in hand.parts] == [["calibration-letter-manual.pdf"], [f"{GAME}/cards.pdf"]], "the proof sheet first, on the card"
    assert "calibration-letter-manual.pdf" not in [p for part in plain.parts for p in part.paths], "the duplexer's paper cannot test the hand-fed card"
    assert [p.paths for p in single.parts] == [[f"{GAME}/token.pdf"]] and not single.parts[0].blank_backs  # printed once, no blank back to feed
    pages = [p.extract_text().strip() for p in PdfReader(io.BytesIO(jobs.run_pdf(hand, plan))).pages]
    assert pages == ["proof front", *["F1", "F2"] * 3, "proof back", *["B1", "B2"] * 3]
    assert hand.sheets == 1 + 2 * 3 and hand.fronts == 7


def test_the_by_hand_cover_gives_the_steps_with_page_numbers_in_words_and_a_drawing() -> None:
    plan, runs = _runs()
    hand = runs[1]
    pdf = cover_pdf(hand, plan)
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == 2, "one sheet: the job, and on its back the steps"
    assert "Printing both sides by hand: see the other side of this sheet." in " ".join(reader.pages[0].extract_text().split())
    text = " ".join(reader.pages[1].extract_text().split())
    for needle in (
        "Print job 2: both sides by hand",
        "Proof: print page 1 alone; turn the sheet over on its long edge, like a book's page, the same edge in first; print page 8 on its back",
        "Its solid arrow must land on the outlined one, pointing up",
        "Print the fronts, pages 2–7. Keep the stack in the order it comes out.",
        "turned over the same way (long edge, same edge in first): the sheet printed first is fed first",
        "Print the backs, pages 9–14.",
        "Portrait sheets (discs, boards) and landscape sheets (cards, printed turned a quarter on the same paper) are turned alike",
        "never end over end", "put the sheets in the other way up, the same edge first",
        "Portrait sheets", "Landscape sheets (cards)", "in first", "turn over on", "the long edge", "fronts printed", "blank side up",
    ):  # fmt: skip
        assert needle in text, needle
    drawn = reader.pages[1].get_contents().get_data().decode("latin-1")
    assert drawn.count(" re") >= 8 + 2 and " c" in drawn  # the sheets, the cards on one, the curved arrow
    plain = PdfReader(io.BytesIO(jobs.run_pdf(runs[0], plan)))
    assert " ".join(plain.pages[2].extract_text().split()).startswith("Print job 2 of 3 Card stock, double-sided by hand")
    assert " ".join(plain.pages[3].extract_text().split()).startswith("Print job 2: both sides by hand")  # on the same sheet's back
    assert " ".join(plain.pages[4].extract_text().split()).startswith("Print job 3 of 3") and len(plain.pages) == 2 * runs[0].sheets


def test_build_and_kit_take_duplex_manual(run_cli) -> None:  # type: ignore[no-untyped-def]
    for command in ("build", "kit"):
        result = run_cli(command, "--help")
        assert "'manual' for card stock your printer cannot turn" in " ".join(result.output.split())
        assert "manual" in result.output.split("--duplex", 1)[1].split("]", 1)[0]


def test_a_printer_profile_measured_by_hand(run_cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    """The hand-fed path drifts its own way: `printer setup --duplex manual` writes the page printed by
    hand and saves its offset; `--send` cannot turn a sheet and says so."""
    from kitpress import printer

    monkeypatch.setenv(printer.CONFIG_ENV, str(tmp_path / "config"))
    page = tmp_path / "calibration.pdf"
    result = run_cli("printer", "setup", "card", "--duplex", "manual", "--page", page, "--x", "1", "--y", "-2", "--line", "100")
    assert result.exit_code == 0, result.output
    assert "print page 1 on the card the kit uses, turn the sheet over on its long edge" in result.output
    assert "turn the sheet over on its long edge, the same edge leading" in " ".join(PdfReader(str(page)).pages[0].extract_text().split())
    assert (printer.load("card").duplex, printer.load("card").back_offset_mm) == ("manual", (-1.0, 2.0))
    refused = run_cli("printer", "setup", "card", "--duplex", "manual", "--page", page, "--send", "--x", "0", "--y", "0", "--line", "100")
    assert refused.exit_code == 2 and "--send cannot turn a sheet by hand" in refused.output

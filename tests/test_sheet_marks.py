"""Every mark a home printer can print: on every paper × layout × duplex, marks and art stay out of the
outer 5 mm of the sheet and every crop mark is at least 3 mm long — measured on the geometry and on
written, rasterised PDFs."""

from __future__ import annotations

import io
import itertools
import math
import re

import pypdfium2
import pytest
from PIL import Image
from pypdf import PdfReader

from kitpress.errors import EXIT_BAD_INPUT
from kitpress.pieces import PT_PER_MM, Art, PrintJob
from kitpress.sheets.geometry import EDGE_BAND, MIN_MARK, Mark, Sheet, SheetFitError, grid, pack
from kitpress.sheets.impose import backs_only_pages, ganged, printed_pages
from kitpress.sheets.pdf import write_pdf
from kitpress.sheets.presets import Preset

BAND_PT = 5 * 72 / 25.4  # 14.17 pt: what a user measures with a ruler
MARK_PT = 3 * 72 / 25.4  # 8.50 pt
EPS = 1e-6


def _svg(w: float, h: float, fill: str, circle: bool = False) -> str:
    """Art that fills its whole box with bleed, so any art in the band shows as colour."""
    bw, bh = w + 18, h + 18
    shape = f'<circle cx="{bw / 2}" cy="{bh / 2}" r="{bw / 2}" fill="{fill}"/>' if circle else ""
    return f'<svg xmlns="http://www.w3.org/2000/svg" width="{bw}pt" height="{bh}pt" viewBox="0 0 {bw} {bh}"><rect width="{bw}" height="{bh}" fill="{fill}"/>{shape}</svg>'


def _art(w: float, h: float, fill: str = "#203060", shape: str = "rect") -> Art:
    return Art(f"a{w:g}x{h:g}{fill}", _svg(w, h, fill, shape == "circle"), w, h, 9.0, shape)


CARDS = PrintJob("cards", "cards", "grid9", (_art(180, 252),) * 19, (_art(180, 252, "#602030"),) * 19)
# A board as wide as production.ROOM_MM allows on A4 (189 mm), tokens of three shapes, discs with backs.
BOARD = PrintJob("board", "board", "pack", (_art(535.7, 663.3),))
WIDE = PrintJob("board", "wide", "pack", (_art(720, 522), _art(730, 270)))
TOKENS = PrintJob("tokens", "tokens", "pack", (_art(48.9, 48.9), _art(76, 76, shape="circle"), _art(516, 176), _art(29.8, 29.8, shape="circle")))
DISCS = PrintJob("discs", "discs", "pack", (_art(62.4, 62.4, shape="circle"),) * 49, (_art(62.4, 62.4, "#602030", "circle"),) * 49)

PAPERS = ("letter", "a4", "universal")
DUPLEXES = ("long-edge", "short-edge", "manual", "gutterfold", "none")
CASES = [(p, layout, d) for p, layout, d in itertools.product(PAPERS, ("9up", "8up", "pack"), DUPLEXES)]


# A 5 × 7 in referee card: 2 × 2 poker cards, ganged into the empty cells of the last card sheet.
REFEREE = PrintJob("checklist", "referee", "pack", (_art(360, 504, "#306020"),))
SHARED = PrintJob("pieces", "card-stock", "shared", (*BOARD.fronts, *TOKENS.fronts, *REFEREE.fronts))


def _sheets(paper: str, layout: str, duplex: str, offset: tuple[float, float] = (0.0, 0.0)) -> list[Sheet]:
    preset = Preset(paper, "9up" if layout == "pack" else layout, duplex, offset)
    jobs = [BOARD, WIDE, TOKENS, DISCS, SHARED] if layout == "pack" else [CARDS]
    sheets = []
    for job in jobs:
        sheets += [page.sheet for page in printed_pages(job, preset, ganged(job, preset, [REFEREE]))]
        if job.backs and duplex != "gutterfold":
            sheets += [page.sheet for page in backs_only_pages(job, preset)]
    return sheets


def _edge_distance(sheet: Sheet, m: Mark) -> float:
    return min(min(m.x0, m.x1), min(m.y0, m.y1), sheet.width - max(m.x0, m.x1), sheet.height - max(m.y0, m.y1))


def test_the_band_is_five_millimetres_and_a_preset_value() -> None:
    assert EDGE_BAND == pytest.approx(14.17, abs=0.01) == BAND_PT
    assert round(MIN_MARK / PT_PER_MM, 9) == 3.0
    assert Preset().edge_band_mm == 5.0 and Preset().edge_band == pytest.approx(BAND_PT)


@pytest.mark.parametrize(("paper", "layout", "duplex"), CASES)
@pytest.mark.parametrize("offset", [(0.0, 0.0), (5.0, -5.0), (-5.0, 5.0)])
def test_every_mark_and_clip_box_keeps_out_of_the_band(paper: str, layout: str, duplex: str, offset: tuple[float, float]) -> None:
    sheets = _sheets(paper, layout, duplex, offset)
    marks = [(s, m) for s in sheets for m in (*s.marks, *s.folds)]
    assert marks
    nearest = min(_edge_distance(s, m) for s, m in marks)
    assert nearest >= BAND_PT - EPS, f"a mark {nearest / PT_PER_MM:.2f} mm from the edge"
    shortest = min(m.length for _, m in marks)
    assert shortest >= MARK_PT - EPS, f"a mark {shortest / PT_PER_MM:.2f} mm long"
    for s in sheets:
        for p in s.placements:
            x0, y0, x1, y1 = p.clip
            assert min(x0, y0, s.width - x1, s.height - y1) >= BAND_PT - EPS, (p.index, p.side, p.clip)


@pytest.mark.parametrize(("paper", "layout", "duplex"), [c for c in CASES if c[1] != "pack"])
def test_front_marks_are_never_left_out(paper: str, layout: str, duplex: str) -> None:
    """Each cut line of a grid has a mark at both ends (4 × 2 cards: 5 column lines, 3 row lines)."""
    sheet = _sheets(paper, layout, duplex)[0]
    fronts = [p for p in sheet.placements if p.side == "front"]
    xs = {round(v, 3) for p in fronts for v in (p.x, p.x + p.w)}
    ys = {round(v, 3) for p in fronts for v in (p.y, p.y + p.h)}
    vertical = [m for m in sheet.marks if m.x0 == m.x1]
    horizontal = [m for m in sheet.marks if m.y0 == m.y1]
    assert {round(m.x0, 3) for m in vertical} >= xs and {round(m.y0, 3) for m in horizontal} >= ys
    assert len(vertical) >= 2 * len(xs) and len(horizontal) >= 2 * len(ys)


# Cards per sheet after the re-flow (before: 9, 8 and 4 on every paper).
PER_SHEET = {
    ("letter", "9up"): (8, True), ("a4", "9up"): (8, True), ("universal", "9up"): (8, True),
    ("letter", "8up"): (6, True), ("a4", "8up"): (8, True), ("universal", "8up"): (6, True),
    ("letter", "gutterfold"): (3, False), ("a4", "gutterfold"): (4, True), ("universal", "gutterfold"): (2, True),
}  # fmt: skip


@pytest.mark.parametrize(("paper", "layout"), list(PER_SHEET))
def test_cards_per_sheet_after_the_reflow(paper: str, layout: str) -> None:
    duplex = "gutterfold" if layout == "gutterfold" else "long-edge"
    sheet = _sheets(paper, "9up" if layout == "gutterfold" else layout, duplex)[0]
    fronts = [p for p in sheet.placements if p.side == "front"]
    assert (len(fronts), sheet.landscape) == PER_SHEET[(paper, layout)]


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> float:
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


@pytest.mark.parametrize("paper", PAPERS)
def test_a_games_small_pieces_share_sheets_and_never_overlap(paper: str) -> None:
    """A board, four tokens and a referee card: each file alone takes a sheet (three), packed together
    they take two; no piece's printed area touches another's, and every mark clears every piece."""
    alone = sum(len(printed_pages(job, Preset(paper))) for job in (BOARD, TOKENS, REFEREE))
    pages = printed_pages(SHARED, Preset(paper))
    assert (alone, len(pages)) == (3, 2)
    placed = sorted(p.index for page in pages for p in page.sheet.placements)
    assert placed == list(range(len(SHARED.fronts)))  # every piece once
    for page in pages:
        sheet = page.sheet
        for a, b in itertools.combinations(sheet.placements, 2):
            assert _overlap(a.clip, b.clip) == 0, (a.index, b.index)
        for m in sheet.marks:
            box = (min(m.x0, m.x1), min(m.y0, m.y1), max(m.x0, m.x1), max(m.y0, m.y1))
            for p in sheet.placements:
                if p.shape == "circle":  # printed inside its bleed circle: its ticks sit in its square's white corners
                    cx, cy, r = p.x + p.w / 2, p.y + p.h / 2, p.w / 2 + 9.0
                    assert min(math.hypot(x - cx, y - cy) for x, y in ((m.x0, m.y0), (m.x1, m.y1))) > r, (p.index, m)
                    continue
                x0, y0, x1, y1 = p.clip  # no part of a mark inside another piece's printed area
                across = min(box[2], x1) - max(box[0], x0)
                down = min(box[3], y1) - max(box[1], y0)
                assert not (across >= 0 and down >= 0 and (across > EPS or x0 + EPS < box[0] < x1 - EPS) and (down > EPS or y0 + EPS < box[1] < y1 - EPS)), (p.index, m)


def test_a_piece_turned_a_quarter_prints_its_art_turned() -> None:
    """The tight packer turns a piece that fits better on its side; the PDF draws it turned, inside
    its placement."""
    sheets = [page.sheet for page in printed_pages(SHARED, Preset("letter"))]
    turned = [p for s in sheets for p in s.placements if p.rotate == 90]
    assert turned
    for p in turned:
        art = SHARED.fronts[p.index]
        assert (p.w, p.h) == pytest.approx((art.trim_h, art.trim_w))


@pytest.mark.parametrize("paper", PAPERS)
def test_the_last_card_sheet_takes_a_piece_of_whole_cells(paper: str) -> None:
    """19 cards at 8 a sheet leave five cells free on the third sheet: the 2 × 2-card referee card goes
    in four of them; the cut line through it is not marked, the one that ends at it only on the far side,
    and its back stays blank."""
    preset = Preset(paper)
    pages = printed_pages(CARDS, preset, ganged(CARDS, preset, [REFEREE]))
    last, back = pages[-2], pages[-1]
    pieces = [p for p in last.sheet.placements if p.index >= len(CARDS.fronts)]
    assert len(pieces) == 1 and (pieces[0].w, pieces[0].h) in ((360, 504), (504, 360))
    assert last.fronts[pieces[0].index] is REFEREE.fronts[0]
    assert len(back.sheet.placements) == 3 and all(p.index < len(CARDS.fronts) for p in back.sheet.placements)
    piece = pieces[0]
    inside = (piece.x + 0.01, piece.y + 0.01, piece.x + piece.w - 0.01, piece.y + piece.h - 0.01)
    for m in last.sheet.marks:  # a mark on a line through the piece would have the cutter halve it
        if m.x0 == m.x1 and inside[0] < m.x0 < inside[2]:
            assert (m.y0 > piece.y + piece.h) is False or piece.y + piece.h < last.sheet.trim_box[3] - 0.01, m
        if m.y0 == m.y1 and inside[1] < m.y0 < inside[3]:
            assert not (m.x0 > piece.x + piece.w), m
    for a, b in itertools.combinations(last.sheet.placements, 2):
        assert _overlap((a.x, a.y, a.x + a.w, a.y + a.h), (b.x, b.y, b.x + b.w, b.y + b.h)) == 0


def test_no_piece_is_ganged_where_the_cards_have_their_own_backs_file() -> None:
    """Without duplex (a backs file of its own) or with gutterfold, the card sheets stay cards only."""
    for duplex in ("none", "gutterfold"):
        preset = Preset("letter", duplex=duplex)
        assert ganged(CARDS, preset, [REFEREE]) == ()


def test_letter_nine_up_has_no_room_for_marks_so_it_turns() -> None:
    """3 × 3 on Letter leaves 18 pt (6.35 mm) above and below: less than bleed + gap + 3 mm + 5 mm."""
    sheet = grid("letter", 180, 252, 9, 9)[0]
    assert sheet.landscape and len(sheet.placements) == 8
    assert sheet.trim_box == pytest.approx((36.0, 54.0, 756.0, 558.0))
    top = [m for m in sheet.marks if m.x0 == m.x1 and m.y1 > 558]
    assert min(sheet.height - m.y1 for m in top) == pytest.approx(BAND_PT)
    assert min(m.length for m in sheet.marks) / PT_PER_MM == pytest.approx(3.82, abs=0.01)


def test_discs_stay_forty_nine_to_a_sheet() -> None:
    for paper in PAPERS:
        sheets = pack(paper, [(62.4, 62.4)] * 49, 9.0, ["circle"] * 49)
        assert len(sheets) == 1 and len(sheets[0].marks) == 4 * 49, paper
        assert {p.shape for p in sheets[0].placements} == {"circle"}


def test_a_board_at_the_edge_gives_up_bleed_before_marks() -> None:
    """189 mm on A4's 210 mm: 10.5 mm each side holds 5 mm band + 3 mm mark + gap + 1.8 mm bleed."""
    sheet = pack("a4", [(535.7, 663.3)], 9.0)[0]
    place = sheet.placements[0]
    left_bleed = place.x - place.clip[0]
    assert left_bleed / PT_PER_MM == pytest.approx(1.80, abs=0.01)
    assert place.clip[3] - (place.y + place.h) == pytest.approx(9.0)  # plenty of room above: full bleed


def test_a_paper_that_cannot_hold_the_piece_is_refused_in_one_line() -> None:
    with pytest.raises(SheetFitError) as caught:
        grid("letter", 560.0, 560.0, 9.0, 1)
    message = str(caught.value)
    assert "\n" not in message and "5 mm unprintable edge" in message and "197.6 × 197.6 mm" in message
    assert caught.value.exit_code == EXIT_BAD_INPUT == 2
    with pytest.raises(SheetFitError, match="does not fit"):
        pack("a4", [(900.0, 900.0)], 9.0)


def test_a_wider_band_is_kept_too() -> None:
    sheets = _sheets("a4", "pack", "none")
    ten = [p.sheet for p in printed_pages(TOKENS, Preset("a4", edge_band_mm=10.0))]
    assert min(_edge_distance(s, m) for s in ten for m in s.marks) >= 10 * PT_PER_MM - EPS
    assert sheets


# --- the written PDF ----------------------------------------------------------------------------------

PDF_CASES = [
    ("letter", "9up", "long-edge", CARDS),
    ("a4", "9up", "short-edge", CARDS),
    ("letter", "8up", "none", CARDS),
    ("a4", "8up", "long-edge", CARDS),
    ("letter", "9up", "gutterfold", CARDS),
    ("universal", "9up", "gutterfold", CARDS),
    ("a4", "9up", "long-edge", BOARD),
    ("letter", "9up", "gutterfold", DISCS),
]
SCALE = 2.0  # 144 dpi: the band is 28 px wide


def _pages(paper: str, layout: str, duplex: str, job: PrintJob) -> bytes:
    pages = printed_pages(job, Preset(paper, layout, duplex, (5.0, -5.0)))[:2]
    return write_pdf(pages, "t", "marks", duplex)


def _strips(image: Image.Image, inner: int, outer: int) -> list[Image.Image]:
    """The four strips of the sheet between `inner` and `outer` pixels from its edges."""
    w, h = image.size
    return [
        image.crop((inner, inner, w - inner, outer)), image.crop((inner, h - outer, w - inner, h - inner)),
        image.crop((inner, inner, outer, h - inner)), image.crop((w - outer, inner, w - inner, h - inner)),
    ]  # fmt: skip


def _band_and_inner(image: Image.Image, band_px: int) -> tuple[int, int]:
    """Darkest pixel in the outer band, and the count of dark pixels in the next 3 mm ring."""
    gray = image.convert("L")
    darkest = min(strip.getextrema()[0] for strip in _strips(gray, 0, band_px))
    ring_px = int(3 * PT_PER_MM * SCALE)
    ring = sum(sum(strip.histogram()[:128]) for strip in _strips(gray, band_px + 1, band_px + ring_px))
    return darkest, ring


@pytest.mark.parametrize(("paper", "layout", "duplex", "job"), PDF_CASES, ids=lambda v: getattr(v, "name", v))
def test_the_written_pdf_leaves_the_band_white(paper: str, layout: str, duplex: str, job: PrintJob) -> None:
    pdf = _pages(paper, layout, duplex, job)
    document = pypdfium2.PdfDocument(pdf)
    try:
        for index in range(len(document)):
            image = document[index].render(scale=SCALE).to_pil()
            darkest, ring = _band_and_inner(image, int(BAND_PT * SCALE) - 1)
            assert darkest == 255, (index, darkest)
            if index == 0 and job is CARDS:
                assert ring > 0  # the marks are there, just inside the band
    finally:
        document.close()


@pytest.mark.parametrize(("paper", "layout", "duplex", "job"), PDF_CASES[:5], ids=lambda v: getattr(v, "name", v))
def test_the_written_marks_measure_as_the_geometry(paper: str, layout: str, duplex: str, job: PrintJob) -> None:
    """The hairlines in the page's content stream: each ≥ 3 mm long and ≥ 5 mm from every edge."""
    reader = PdfReader(io.BytesIO(_pages(paper, layout, duplex, job)))
    page = reader.pages[0]
    width, height = float(page.mediabox.width), float(page.mediabox.height)
    data = page.get_contents().get_data().decode("latin-1")
    hairlines = data[data.rindex(".3 w") :]  # marks are drawn last, after the art
    segments = [tuple(map(float, m.groups())) for m in re.finditer(r"n ([-\d.]+) ([-\d.]+) m ([-\d.]+) ([-\d.]+) l S", hairlines)]
    assert len(segments) >= 16
    for x0, y0, x1, y1 in segments:
        assert min(x0, x1, y0, y1, width - max(x0, x1), height - max(y0, y1)) >= BAND_PT - 0.01
        assert abs(x1 - x0) + abs(y1 - y0) >= MARK_PT - 0.01
    for box in (page.trimbox, page.bleedbox):
        assert min(float(box.left), float(box.bottom), width - float(box.right), height - float(box.top)) >= BAND_PT - 0.01

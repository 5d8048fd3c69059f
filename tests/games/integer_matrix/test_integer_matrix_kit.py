"""The built Integer Matrix kit, measured: the board and its set-up numbers, the 49 double-sided discs
(each white side behind its own black side on a duplex print and on the fold-over sheet), the score
sheets, the bag label, the referee card, and the booklet's diagrams drawn from the engine's states."""

from __future__ import annotations

import io
import json
import math
import re
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PageObject, PdfReader

from kitpress import fonts
from kitpress.booklet import typeset as booklet
from kitpress.check import replay_all
from kitpress.cli import main
from kitpress.games.integer_matrix.art import diagram, jobs
from kitpress.games.integer_matrix.art import step_diagram as dia
from kitpress.games.integer_matrix.art.discs import _face, _layout
from kitpress.games.integer_matrix.art.marks import faces
from kitpress.games.integer_matrix.production import IntegerMatrixBoard, IntegerMatrixFaces
from kitpress.games.integer_matrix.rules import SETUP_CYCLE, SETUP_FACE, side_of, signed
from kitpress.lint.layout import min_text_pt
from kitpress.sheets.impose import printed_pages
from kitpress.sheets.pdf import new_canvas, write_pdf
from kitpress.sheets.presets import Preset
from kitpress.spec.load import LoadedSpec, load_spec

GAME = "integer-matrix"
PAPERS = {"letter": (612.0, 792.0), "a4": (595.2756, 841.8898)}
MM = 72 / 25.4
SVG = "{http://www.w3.org/2000/svg}"
NUMERAL = re.compile(r"[+−]?\d+")


def _build(out: Path, *args: str) -> Path:
    result = CliRunner().invoke(main, ["build", GAME, "--out", str(out), *args], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return out / GAME


def _blank_booklet(paper: str) -> tuple[bytes, int]:
    """One blank page of the right paper, standing in for a booklet."""
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, "booklet", "booklet", "none")
    canvas.setPageSize(PAPERS[paper])
    canvas.showPage()
    canvas.save()
    return buffer.getvalue(), 1


def _booklet_only_for(paper: str, patch: pytest.MonkeyPatch) -> None:
    """Typeset the booklet for one paper only: it takes ~10 s, most of this file's time, and does not
    change with the duplex method."""
    real = booklet.render_pdf

    def render(loaded: LoadedSpec, replays: object, on: str, half: bool = False) -> tuple[bytes, int]:
        return real(loaded, replays, on, half) if on == paper else _blank_booklet(on)  # type: ignore[arg-type]

    patch.setattr(booklet, "render_pdf", render)


@pytest.fixture(scope="module")
def kit(built_kit: Callable[[str], Path]) -> Path:
    """The kit on Letter and A4 for long-edge duplex, shared with the other test files."""
    return built_kit(GAME)


@pytest.fixture(scope="module")
def folded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`kitpress build integer-matrix --duplex gutterfold`, on A4."""
    with pytest.MonkeyPatch.context() as patch:
        _booklet_only_for("none", patch)
        return _build(tmp_path_factory.mktemp("fold"), "--paper", "a4", "--duplex", "gutterfold")


@pytest.fixture(scope="module")
def loaded() -> LoadedSpec:
    return load_spec(GAME)


def _manifest(folder: Path) -> dict[str, dict[str, object]]:
    return {str(f["path"]): f for f in json.loads((folder / "manifest.json").read_text())["files"]}


def _svg(folder: Path, name: str) -> ET.Element:
    return ET.fromstring((folder / "svg" / name).read_text("utf-8"))


def _texts(root: ET.Element) -> Iterator[tuple[str, float, float, float]]:
    """(content, x, y, size) of every text element, in the drawing's own coordinates."""
    for t in root.iter(f"{SVG}text"):
        yield t.text or "", float(t.get("x", 0)), float(t.get("y", 0)), float(t.get("font-size", 0))


def _value(numeral: str) -> int:
    return int(numeral.replace("−", "-"))


# --- the manifest ------------------------------------------------------------------------------


def test_manifest_lists_every_piece_with_its_kind_and_pages(kit: Path, folded: Path) -> None:
    files = _manifest(kit)
    for paper in PAPERS:
        for name, kind, pages, duplex in (
            ("board", "board", 1, "none"), ("discs", "discs", 2, "long-edge"), ("discs-backs", "discs-backs", 1, None),
            ("score-sheet", "score-sheet", 2, "none"), ("bag-label", "label", 1, "none"), ("referee-card", "checklist", 1, "none"),
        ):  # fmt: skip
            entry = files[f"{GAME}-{name}-{paper}.pdf"]
            assert (entry["kind"], entry["pages"], entry.get("duplex")) == (kind, pages, duplex), name
    assert _manifest(kit)[f"{GAME}-rules-letter.pdf"]["kind"] == "booklet"
    folds = _manifest(folded)
    assert folds[f"{GAME}-discs-a4-gutterfold.pdf"]["pages"] == 3  # 24 a sheet: each with its backs beside it
    assert not any("backs" in path for path in folds)


def test_disc_job_is_one_circle_per_side_of_every_disc(loaded: LoadedSpec) -> None:
    job = next(j for j in jobs(loaded) if j.kind == "discs")
    count = len(loaded.engine.config.discs)
    assert (job.layout, len(job.fronts), len(job.backs), count) == ("pack", 49, 49, 49)
    assert {a.shape for a in (*job.fronts, *job.backs)} == {"circle"}
    diameter = loaded.production("faces", IntegerMatrixFaces).disc.diameter_mm  # 22.2 mm, a 7/8 in punch
    assert {round(a.trim_w / MM, 6) for a in job.fronts} == {diameter}


# --- the board ---------------------------------------------------------------------------------


@pytest.mark.parametrize("paper", PAPERS)
def test_board_fits_one_portrait_sheet_with_print_margins(kit: Path, paper: str) -> None:
    reader = PdfReader(str(kit / f"{GAME}-board-{paper}.pdf"))
    assert len(reader.pages) == 1
    page = reader.pages[0]
    width, height = PAPERS[paper]
    assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx((width, height), abs=0.01)
    x0, y0, x1, y1 = (float(v) for v in page.trimbox)
    assert x1 - x0 == pytest.approx((7 * 25 + 2 * 7) * MM, abs=0.1)  # seven 25 mm squares and a 7 mm frame
    assert min(x0, y0, width - x1, height - y1) >= 28
    bx0, by0, bx1, by1 = (float(v) for v in page.bleedbox)
    # 1/8 in of bleed where the sheet has room, at least 1 mm where a crop mark must keep out of the 5 mm band
    for bleed in (x0 - bx0, y0 - by0, bx1 - x1, by1 - y1):
        assert MM - 0.01 <= bleed <= 9.01
    assert min(bx0, by0, width - bx1, height - by1) >= 5 * MM - 0.01


def test_board_numbers_the_setup_squares_in_the_engines_order(kit: Path, loaded: LoadedSpec) -> None:
    root = _svg(kit, "board-board.svg")
    squares = [r for r in root.iter(f"{SVG}rect") if r.get("fill") in loaded.production("board", IntegerMatrixBoard).colours]
    assert len(squares) == 49
    left = min(float(r.get("x", 0)) for r in squares)
    top = min(float(r.get("y", 0)) for r in squares)
    side = float(squares[0].get("width", 0))
    assert side == pytest.approx(25 * MM)

    def square(x: float, y: float) -> str:
        return "abcdefg"[int((x - left) // side)] + str(int((y - top) // side) + 1)

    texts = list(_texts(root))
    numbers = sorted((int(t), square(x, y)) for t, x, y, size in texts if size == 30)
    assert [cell for _, cell in numbers] == loaded.engine.config.setup_squares
    assert [n for n, _ in numbers] == list(range(1, 10))
    # under each number, the side that goes face up there: the first set-up seat's side on square 1, ...
    words = {square(x, y): t for t, x, y, size in texts if size == min_text_pt("board")}  # read at the table (W5)
    cycle = SETUP_CYCLE[2]
    for n, cell in numbers:
        assert words[cell] == SETUP_FACE[side_of(cycle[(n - 1) % len(cycle)])].upper(), cell
    flat = " ".join(PdfReader(str(kit / f"{GAME}-board-letter.pdf")).pages[0].extract_text().split())
    assert "BLACK side up: positive player" in flat and "WHITE side up: negative player" in flat
    assert "Columns a–g from the left, rows 1–7 from the top." in flat and "1 to 9" in flat
    assert Counter(t for t, *_ in texts if t in "abcdefg") == {c: 2 for c in "abcdefg"}  # above and below
    assert Counter(t for t, _, _, size in texts if size == 12 and t.isdigit()) == {str(r): 2 for r in range(1, 8)}


# --- the discs ---------------------------------------------------------------------------------


def _mul(p: tuple[float, float], m: list[float]) -> tuple[float, float]:
    return m[0] * p[0] + m[2] * p[1] + m[4], m[1] * p[0] + m[3] * p[1] + m[5]


def _times(m: list[float], n: list[float]) -> list[float]:
    """m then n, as PDF matrices compose (a point is a row vector)."""
    return [m[0] * n[0] + m[1] * n[2], m[0] * n[1] + m[1] * n[3], m[2] * n[0] + m[3] * n[2], m[2] * n[1] + m[3] * n[3], m[4] * n[0] + m[5] * n[2] + n[4], m[4] * n[1] + m[5] * n[3] + n[5]]


def _numerals(page: PageObject) -> list[tuple[int, float, float, str]]:
    """(value, centre x, centre y, side word) for every disc numeral on a PDF page, the centre being the
    middle of the numeral's glyphs in page coordinates, so it follows any rotation of the piece. A disc
    drawn once into a form and placed several times: pypdf reports its text in the form's own space,
    so each placement's matrix (the one in force at its Do) is composed on."""
    found: list[tuple[str, float, float, float]] = []
    placed: list[list[float]] = []  # form space → page space, for the forms being read, innermost last

    def before(op: bytes, args: object, cm: list[float], tm: list[float]) -> None:
        if op == b"Do":
            placed.append(_times(list(cm), placed[-1]) if placed else list(cm))

    def after(op: bytes, args: object, cm: list[float], tm: list[float]) -> None:
        if op == b"Do":
            placed.pop()

    def visit(text: str, cm: list[float], tm: list[float], font: object, size: float) -> None:
        t = text.strip()
        if t:
            w = fonts.text_width(t, size, "bold")
            point = _mul(_mul((w / 2, 0.365 * size), tm), cm)
            found.append((t, *(_mul(point, placed[-1]) if placed else point), size))

    page.extract_text(visitor_text=visit, visitor_operand_before=before, visitor_operand_after=after)
    words = [(t, x, y) for t, x, y, size in found if t in ("BLACK", "WHITE")]
    out = []
    for t, x, y, size in found:
        if NUMERAL.fullmatch(t) and size > 12:
            word = min(words, key=lambda w: math.hypot(w[1] - x, w[2] - y))
            assert math.hypot(word[1] - x, word[2] - y) < 20, "every numeral has its side's word beneath it"
            out.append((_value(t), x, y, word[0]))
    return out


def _pairs(front: PageObject, back: PageObject, mirror: str) -> list[tuple[int, int]]:
    """(black, white) for each disc on a sheet: each front numeral with the back numeral printed at the
    very spot behind it once the sheet is flipped (`mirror`: "x" or "y", the axis the flip reverses)."""
    width, height = float(front.mediabox.width), float(front.mediabox.height)
    backs = _numerals(back)
    pairs = []
    for value, x, y, word in _numerals(front):
        assert word == "BLACK"
        spot = (width - x, y) if mirror == "x" else (x, height - y)
        behind = [b for b in backs if math.hypot(b[1] - spot[0], b[2] - spot[1]) < 0.5]
        assert len(behind) == 1 and behind[0][3] == "WHITE", (value, x, y)
        pairs.append((value, behind[0][0]))
    assert len(pairs) == len(backs)
    return pairs


def _as_discs(loaded: LoadedSpec) -> Counter[tuple[int, int]]:
    return Counter((loaded.engine.value(i, "black"), loaded.engine.value(i, "white")) for i in range(len(loaded.engine.config.discs)))


@pytest.mark.parametrize("paper", PAPERS)
def test_long_edge_duplex_puts_each_white_side_behind_its_own_black_side(kit: Path, loaded: LoadedSpec, paper: str) -> None:
    pages = PdfReader(str(kit / f"{GAME}-discs-{paper}.pdf")).pages
    backs_only = PdfReader(str(kit / f"{GAME}-discs-backs-{paper}.pdf")).pages
    found: list[tuple[int, int]] = []
    for sheet in range(len(pages) // 2):
        front, back = pages[2 * sheet], pages[2 * sheet + 1]
        landscape = float(front.mediabox.width) > float(front.mediabox.height)
        found += _pairs(front, back, "y" if landscape else "x")
        assert _numerals(backs_only[sheet]) == _numerals(back)  # the backs-only file prints the same spots
    assert Counter(found) == _as_discs(loaded) and len(found) == 49


def test_short_edge_duplex_registers_too(loaded: LoadedSpec) -> None:
    """Written straight from the sheets code, as `build` would with --duplex short-edge."""
    job = next(j for j in jobs(loaded) if j.kind == "discs")
    pages = PdfReader(io.BytesIO(write_pdf(printed_pages(job, Preset(paper="a4", duplex="short-edge")), "discs", "discs", "short-edge"))).pages
    found: list[tuple[int, int]] = []
    for sheet in range(len(pages) // 2):
        landscape = float(pages[0].mediabox.width) > float(pages[0].mediabox.height)
        found += _pairs(pages[2 * sheet], pages[2 * sheet + 1], "x" if landscape else "y")
    assert Counter(found) == _as_discs(loaded)


def test_gutterfold_puts_each_white_side_behind_its_black_side_across_the_fold(folded: Path, loaded: LoadedSpec) -> None:
    found: list[tuple[int, int]] = []
    for page in PdfReader(str(folded / f"{GAME}-discs-a4-gutterfold.pdf")).pages:
        width, height = float(page.mediabox.width), float(page.mediabox.height)
        assert width > height
        numerals = _numerals(page)
        fronts = [n for n in numerals if n[1] < width / 2]
        assert {n[3] for n in fronts} == {"BLACK"} and {n[3] for n in numerals if n[1] > width / 2} == {"WHITE"}
        for value, x, y, _ in fronts:  # folded along the centre line, x lands on width - x
            behind = [n for n in numerals if math.hypot(n[1] - (width - x), n[2] - y) < 0.5]
            assert len(behind) == 1, (value, x, y)
            found.append((value, behind[0][0]))
        assert len(numerals) == 2 * len(fronts)
    assert Counter(found) == _as_discs(loaded)


def test_disc_numbers_are_signed_with_a_true_minus_and_stay_in_the_safe_circle(kit: Path, loaded: LoadedSpec) -> None:
    for i in range(len(loaded.engine.config.discs)):
        for face in ("black", "white"):
            root = _svg(kit, f"discs-{i + 1:02d}-{face}.svg")
            full = float(root.get("viewBox", "").split()[2])
            c, safe = full / 2, (full - 18) / 2 - 9
            numeral, word = [(t, x, y, s) for t, x, y, s in _texts(root)]
            assert numeral[0] == signed(loaded.engine.value(i, face)) and "-" not in numeral[0]
            assert word[0] == face.upper() and word[3] >= 7
            for t, x, y, s in (numeral, word):
                half = fonts.text_width(t, s, "bold") / 2
                for cx, cy in ((x - half, y), (x + half, y), (x - half, y - 0.73 * s), (x + half, y - 0.73 * s)):
                    assert math.hypot(cx - c, cy - c) <= safe + 0.01, (i, face, t)
    black = (kit / "svg" / "discs-01-black.svg").read_text()
    radius = loaded.production("faces", IntegerMatrixFaces).disc.diameter_mm / 2 * MM
    assert f'fill="#1b1b1b" r="{radius:.2f}' in black  # the dark face stops at the 22.2 mm cut (lint.cutline)


# --- sheets, label, card -----------------------------------------------------------------------


def test_score_sheets_one_per_side_with_a_column_per_turn(kit: Path, loaded: LoadedSpec) -> None:
    pages = PdfReader(str(kit / f"{GAME}-score-sheet-letter.pdf")).pages
    turns = loaded.engine.params()["turns_per_side"]
    assert turns == 20
    for page, side in zip(pages, ("Positive side", "Negative side"), strict=True):
        flat = " ".join(page.extract_text().split())
        assert side in flat and "Integer Matrix — net score sheet" in flat
        for game in (1, 2, 3):
            assert f"Game {game} Turn Matrix score Net score Start 0 " + " ".join(str(t) for t in range(1, turns + 1)) in flat
        assert float(page.mediabox.width) > float(page.mediabox.height)  # a full landscape page


def test_bag_label_lists_every_disc_with_both_sides_in_the_spec_order(kit: Path, loaded: LoadedSpec) -> None:
    root = _svg(kit, "bag-label-bag-label.svg")
    numerals = sorted((round(y, 1), x, _value(t)) for t, x, y, s in _texts(root) if NUMERAL.fullmatch(t) and s == 8)
    rows: dict[float, list[tuple[float, int]]] = {}
    for y, x, v in numerals:
        rows.setdefault(y, []).append((x, v))
    columns: dict[int, list[tuple[int, int]]] = {}
    for _, cells in sorted(rows.items()):
        cells.sort()
        for g in range(0, len(cells), 2):  # black disc then white disc, one entry per group
            columns.setdefault(g // 2, []).append((cells[g][1], cells[g + 1][1]))
    listed = [pair for g in sorted(columns) for pair in columns[g]]
    assert listed == [(loaded.engine.value(i, "black"), loaded.engine.value(i, "white")) for i in range(49)]
    flat = " ".join(PdfReader(str(kit / f"{GAME}-bag-label-letter.pdf")).pages[0].extract_text().split())
    assert "Integer Matrix — 49 discs" in flat and "Black side" in flat and "White side" in flat


def test_referee_card_lists_the_checklist_with_numbers_filled(kit: Path, loaded: LoadedSpec) -> None:
    flat = " ".join(PdfReader(str(kit / f"{GAME}-referee-card-letter.pdf")).pages[0].extract_text().split())
    assert "REFEREE CHECKLIST" in flat and "QUICK RULINGS" in flat and "{" not in flat
    for n, item in enumerate(loaded.spec.referee_checklist, start=1):
        assert f"{n}. {' '.join(loaded.text(item).split()[:3])}" in flat
    assert "in order 1 to 9" in flat
    assert min(s for *_, s in _texts(_svg(kit, "referee-card-referee-card.svg"))) >= 8


def test_no_text_below_7_pt_anywhere(kit: Path) -> None:
    for path in (kit / "svg").glob("*.svg"):
        assert min(s for *_, s in _texts(ET.fromstring(path.read_text("utf-8")))) >= 7, path.name


# --- the booklet's diagrams --------------------------------------------------------------------


def _boards(svg: str, loaded: LoadedSpec) -> list[dict[str, object]]:
    """The board: its title, discs by square (face, numeral), placed/flipped squares, and the discs drawn
    under it (a refused step's drawn disc)."""
    black = loaded.production("faces", IntegerMatrixFaces).disc.black.fill
    top = dia.TITLE_H + dia.LETTERS_H
    bottom = top + 7 * dia.CELL

    def square(x: float, y: float) -> str:
        return "abcdefg"[int((x - dia.LABEL_W) // dia.CELL)] + str(int((y - top) // dia.CELL) + 1)

    def on_board(x: float, y: float) -> bool:
        return dia.LABEL_W < x < dia.LABEL_W + 7 * dia.CELL and top < y < bottom

    out = []
    for g in ET.fromstring(svg).findall(f"{SVG}g"):
        discs = {square(float(e.get("cx", 0)), float(e.get("cy", 0))): "black" if e.get("fill") == black else "white" for e in g.findall(f"{SVG}ellipse") if on_board(float(e.get("cx", 0)), float(e.get("cy", 0)))}
        numerals = [t for t in g.findall(f"{SVG}text") if t.get("font-family") == fonts.CONDENSED]  # the discs' own
        shown = {square(float(t.get("x", 0)), float(t.get("y", 0))): t.text for t in numerals if on_board(float(t.get("x", 0)), float(t.get("y", 0)))}
        under = [t.text for t in numerals if float(t.get("y", 0)) > bottom]
        rings = [(square(float(c.get("cx", 0)), float(c.get("cy", 0))), c.get("stroke-dasharray")) for c in g.findall(f"{SVG}circle") if float(c.get("r", 0)) > dia.R]
        title = "".join(g.findall(f"{SVG}text")[0].itertext())
        assert all(float(t.get("font-size", 0)) >= 19.5 for t in numerals), "a disc's number reads at arm's length"
        out.append({
            "title": title, "discs": discs, "shown": shown, "under": under,
            "placed": [s for s, dash in rings if not dash], "flipped": sorted(s for s, dash in rings if dash),
        })  # fmt: skip
    return out


def _picture(state: dict[str, object]) -> tuple[dict[str, str], dict[str, str]]:
    cells = state["cells"]
    assert isinstance(cells, list)
    return {c["cell"]: c["face"] for c in cells}, {c["cell"]: signed(c["shown"]) for c in cells}


def test_diagrams_show_each_step_as_the_engine_played_it(loaded: LoadedSpec) -> None:
    """One board a step, as the engine left it: a turn's placed disc ringed and its flips in dashed
    rings; a set-up step with its square; a refused step unchanged, with the disc that was drawn."""
    kinds = Counter()
    for replay in replay_all(loaded.engine, list(loaded.spec.examples)):
        for step in replay.steps:
            where = (replay.example.id, step.number)
            (board,) = _boards(diagram(loaded, step.before, step.after), loaded)
            obs = step.observed
            if obs.get("refused"):
                kinds["refused"] += 1
                assert board["title"] == "Not allowed: the board stays as it was", where
                assert (board["discs"], board["shown"]) == _picture(step.before), where
                assert board["under"] == [signed(v) for v in step.before["hand"]], where
                continue
            if obs["setup_square"]:
                kinds["setup"] += 1
                assert board["title"] == f"Set-up square {obs['setup_square']}: {obs['cell']}", where
                assert (board["discs"], board["shown"], board["placed"]) == (*_picture(step.after), [obs["cell"]]), where
                continue
            kinds["turn"] += 1
            assert (board["discs"], board["shown"]) == _picture(step.after), where
            assert board["placed"] == [obs["cell"]] and board["flipped"] == obs["flipped"], where
            assert board["title"] == f"After: {obs['seat'].split('-')[0]} on {obs['cell']}", where
    assert kinds == {"setup": 9, "turn": 23, "refused": 3}


def test_a_two_line_turn_marks_both_lines_and_the_game_end(loaded: LoadedSpec) -> None:
    replays = {r.example.id: r for r in replay_all(loaded.engine, list(loaded.spec.examples))}
    step = replays["C"].steps[0]
    (after,) = _boards(diagram(loaded, step.before, step.after), loaded)
    assert after["flipped"] == ["c5", "d5"] and after["placed"] == ["c6"] and after["shown"]["c6"] == "−4"
    last = replays["J"].steps[0]
    assert "Game over: board full" in diagram(loaded, last.before, last.after)


def _text(pdf: Path) -> str:
    """The PDF's text in its reading order; a diagram's title is words and large numbers in one line."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf)
    return " ".join(" ".join(document[i].get_textpage().get_text_range() for i in range(len(document))).split())


def test_booklet_prints_the_diagram_titles(kit: Path) -> None:
    book = _text(kit / f"{GAME}-teachers-book-letter.pdf")  # every example: the set-up ones too
    # the set-up is told in words and drawn once, when the centre is full
    assert "Set-up square 9: e5" in book and "Set-up square 1: c3" not in book
    assert "After: negative on g4" in book and "After: negative on b3" in book and "negative-1" not in book
    assert book.count("Not allowed: the board stays as it was") == 3
    rules = _text(kit / f"{GAME}-rules-letter.pdf")  # the students' two: Figures 2 and 3
    assert "After: negative on g4" in rules and "After: negative on c6" in rules and "Set-up square" not in rules


def test_a_numeral_that_reads_differently_upside_down_gets_a_bar(loaded: LoadedSpec) -> None:
    look = faces(loaded)
    size = _layout(22 * MM, ("+9", "−4"), ("BLACK", "WHITE"))
    assert size is not None
    for value, bars in ((9, 1), (-6, 1), (4, 0), (-1, 0)):
        svg = _face(loaded, "x", value, look["white"], 22 * MM, size).svg
        assert svg.count("<line") == bars, value

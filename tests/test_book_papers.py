"""A rule book is laid out once and printed on every paper: the A4 and universal books are the Letter
book's pages, centred on the paper's sheet (booklet.paper). Measured in the PDFs as a reader holding
the two books would: the sheet is the paper's, the same words on the same pages, every glyph exactly
where the Letter book has it, relative to the centre of the sheet, and clear of the outer 5 mm a home
printer cannot reach. And the typesetter's shortcuts in its column layout (booklet.columns) change no
byte of a book."""

from __future__ import annotations

import io
import subprocess
from collections.abc import Callable
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from kitpress.booklet import columns, typeset
from kitpress.booklet.paper import on_paper
from kitpress.build import verified_replays
from kitpress.packs import packs
from kitpress.spec.load import load_spec

MM = 72 / 25.4
SHEETS = {"letter": (612.0, 792.0), "a4": (595.2756, 841.8898), "universal": (595.2756, 792.0)}
GAMES = sorted(packs())
BOOKS = ("rules", "teachers-book")


def glyphs(pdf: bytes, only: tuple[int, ...] | None = None) -> list[list[tuple[str, float, float, float, float]]]:
    """Per page (or per page of `only`, by index), each glyph and its box measured from the sheet's own
    bottom-left corner, in pt."""
    document = pdfium.PdfDocument(pdf)
    pages = []
    for index, page in enumerate(document):
        if only is not None and index not in only:
            continue
        left, bottom, _, _ = page.get_mediabox()
        text = page.get_textpage()
        found = []
        for k in range(text.count_chars()):
            ch = text.get_text_range(k, 1)
            if ch.strip():
                x0, y0, x1, y1 = text.get_charbox(k)
                found.append((ch, x0 - left, y0 - bottom, x1 - left, y1 - bottom))
        pages.append(found)
    document.close()
    return pages


def _title(pdf: bytes) -> str:
    """The title a viewer shows (Poppler's pdfinfo reads the newest trailer only, as the standard says)."""
    done = subprocess.run(["pdfinfo", "-"], input=pdf, capture_output=True, check=True)
    return next((line.split(":", 1)[1].strip() for line in done.stdout.decode("utf-8").splitlines() if line.startswith("Title:")), "")


@pytest.mark.parametrize("game", GAMES)
def test_each_paper_prints_the_letter_books_pages_centred_on_its_sheet(built_kit: Callable[[str], Path], game: str) -> None:
    kit = built_kit(game)
    for book in BOOKS:
        letter = (kit / f"{game}-{book}-letter.pdf").read_bytes()
        a4 = (kit / f"{game}-{book}-a4.pdf").read_bytes()
        assert a4 == on_paper(letter, "a4"), "the A4 book is the Letter book placed on A4"
        assert a4.startswith(letter), "the typesetter's own bytes, with an update after them"
        seen = glyphs(letter)
        assert _title(a4) == _title(letter) != "", "a viewer shows the book's title on every paper"
        for paper, pdf in (("a4", a4), ("universal", on_paper(letter, "universal"))):
            width, height = SHEETS[paper]
            reader = PdfReader(io.BytesIO(pdf))
            assert len(reader.pages) == len(seen)
            for page in reader.pages:
                for box in (page.mediabox, page.trimbox, page.bleedbox):  # the sheet is the finished page
                    assert (float(box.width), float(box.height)) == pytest.approx((width, height), abs=0.01)
            dx, dy = (width - 612.0) / 2, (height - 792.0) / 2
            # Every page on A4; the universal sheet (the same update, another size) on its first and last
            sample = tuple(range(len(seen))) if paper == "a4" else (0, len(seen) - 1)
            for index, on_letter, here in zip(sample, [seen[i] for i in sample], glyphs(pdf, sample), strict=True):
                assert [g[0] for g in here] == [g[0] for g in on_letter], (paper, book, f"page {index + 1}")
                for (_, *was), (ch, x0, y0, x1, y1) in zip(on_letter, here, strict=True):
                    moved = max(abs(x0 - was[0] - dx), abs(y0 - was[1] - dy), abs(x1 - was[2] - dx), abs(y1 - was[3] - dy))
                    assert moved < 0.01, (paper, book, f"page {index + 1}", ch, moved)
                    assert min(x0, y0, width - x1, height - y1) >= 5 * MM, (paper, book, f"page {index + 1}", ch)


def test_a_book_is_laid_out_once_for_every_paper() -> None:
    """The HTML the typesetter gets is the same on every paper: one layout, one cache entry."""
    loaded = load_spec(GAMES[0])
    replays = verified_replays(loaded)
    assert len({typeset.render_teachers_html(loaded, replays, paper, images=True) for paper in SHEETS}) == 1
    assert len({typeset.render_html(loaded, replays, paper, images=True) for paper in SHEETS}) == 1
    assert typeset.render_html(loaded, replays, "a4", half=True) != typeset.render_html(loaded, replays, "letter", half=True)


def test_the_column_shortcut_changes_no_byte_of_a_book() -> None:
    """Set with WeasyPrint's own column layout, and with the passes it makes only for balancing skipped:
    the student rules with the most runs of columns among the registered packs (two columns a page),
    and the longest folded booklet (one column a page). docs/performance.md gives the comparison of
    every way the bundled books are set, teacher's books included."""
    import weasyprint

    from kitpress.booklet.fetcher import PackageOnlyFetcher
    from kitpress.resources import templates_dir

    rules, folded = [], []
    for game in GAMES:
        loaded = load_spec(game)
        replays = verified_replays(loaded)
        rules.append(typeset.render_html(loaded, replays, "letter", images=True))
        folded.append(typeset.render_html(loaded, replays, "a4", half=True, images=True))
    books = [max(rules, key=lambda h: h.count('class="flow"')), max(folded, key=len)]
    made: dict[bool, list[bytes]] = {}
    try:
        for skipped in (False, True):
            if skipped:
                assert columns.install(), "the WeasyPrint kitpress installs is one the shortcut was checked on"
            else:
                columns.uninstall()
            made[skipped] = [bytes(weasyprint.HTML(string=html, base_url=templates_dir().as_uri() + "/", url_fetcher=PackageOnlyFetcher()).render().write_pdf()) for html in books]
    finally:
        columns.install()
    assert made[False] == made[True]

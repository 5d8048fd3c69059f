"""The rule books, measured in the PDFs as a reader with a ruler would: for every pack in the registry,
the student rules on one folded sheet (at most four pages, Letter and A4) in 11 pt, the teacher's book
in 10.5 pt with a contents list, the folded half-size rules in 10 pt as printed; lines of at most 75
characters, diagram digits at least 5 mm tall, each heading numbered once, no "Checked: … ✓" lines, no
page more than half empty but before a chapter, no step's diagram apart from its text; and a class kit
for 28 that prints less than half the booklet sheets it used to (313)."""

from __future__ import annotations

import collections
import ctypes
import functools
import io
import itertools
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from pypdf import PdfReader

from kitpress import packs as packs_module
from kitpress.booklet import books, headings, typeset
from kitpress.booklet.saddle import impose
from kitpress.build import verified_replays
from kitpress.classkit import KIT_FOLDER
from kitpress.packs import RuleBook, packs
from kitpress.spec.load import LoadedSpec, load_spec

MM = 72 / 25.4
PAPERS = ("letter", "a4")
GAMES = sorted(packs())  # every registered pack, never a list of names
BOOKLET_SHEETS_BEFORE = 313  # a class of 28, every bundled game, Letter: one 31/17/8/21-page booklet a table
CHAPTERS = ("teaching", "rules", "examples", "rulings", "design")  # the teacher's book's chapter anchors
SECTION_NUMBER = re.compile(r"^(\d+[A-Z]?(?:\.\d+)*)$")


# --- reading a PDF ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Char:
    text: str
    size: float  # as printed: the font size through every transformation, in pt
    bold: bool
    left: float
    bottom: float
    right: float
    top: float  # the glyph's own box, in pt from the page's bottom left
    x: float
    y: float  # the origin on the baseline
    start: float
    end: float  # the glyph's advance along the line (its loose box)


@dataclass(frozen=True)
class Page:
    width: float
    height: float
    chars: tuple[Char, ...]


@functools.cache  # each book is measured by several tests: read its characters once
def read(pdf: bytes) -> tuple[Page, ...]:
    document = pdfium.PdfDocument(pdf)
    pages = []
    for index in range(len(document)):
        page = document[index]
        text = page.get_textpage()
        chars = []
        for k in range(text.count_chars()):
            glyph = text.get_text_range(k, 1)
            if glyph in ("\r", "\n", ""):
                continue
            matrix = pdfium_c.FS_MATRIX()
            pdfium_c.FPDFText_GetMatrix(text.raw, k, ctypes.byref(matrix))
            size = pdfium_c.FPDFText_GetFontSize(text.raw, k) * abs(matrix.a * matrix.d - matrix.b * matrix.c) ** 0.5
            x, y = ctypes.c_double(), ctypes.c_double()
            pdfium_c.FPDFText_GetCharOrigin(text.raw, k, ctypes.byref(x), ctypes.byref(y))
            left, bottom, right, top = text.get_charbox(k)
            loose = pdfium_c.FS_RECTF()
            pdfium_c.FPDFText_GetLooseCharBox(text.raw, k, ctypes.byref(loose))
            name = ctypes.create_string_buffer(128)
            pdfium_c.FPDFText_GetFontInfo(text.raw, k, name, len(name), None)
            bold = b"Bold" in name.value
            chars.append(Char(glyph, round(size, 2), bold, left, bottom, right, top, x.value, y.value, loose.left, loose.right))
        width, height = page.get_size()
        pages.append(Page(width, height, tuple(chars)))
    document.close()
    return tuple(pages)


def lines(page: Page) -> list[list[Char]]:
    """The page's lines of text: characters on one baseline at one size, cut where a gap wider than an
    em opens (between two columns, or a table's cells)."""
    rows: dict[tuple[float, float], list[Char]] = collections.defaultdict(list)
    for ch in page.chars:
        rows[(round(ch.y), ch.size)].append(ch)
    out = []
    for row in rows.values():
        row.sort(key=lambda ch: ch.x)
        current = [row[0]]
        for before, ch in itertools.pairwise(row):
            if ch.start - before.end > ch.size:
                out.append(current)
                current = []
            current.append(ch)
        out.append(current)
    return [line for line in (_trim(line) for line in out) if line]


def _trim(line: list[Char]) -> list[Char]:
    while line and not line[0].text.strip():
        line = line[1:]
    while line and not line[-1].text.strip():
        line = line[:-1]
    return line


def words(chars: list[Char]) -> str:
    """A line's text, spaces included (as the PDF's text layer has them)."""
    return re.sub(r"\s+", " ", "".join(ch.text for ch in chars))


def plain(pdf: bytes) -> str:
    """The text in reading order (the PDF's own), every run of white space one space."""
    document = pdfium.PdfDocument(pdf)
    text = " ".join(document[i].get_textpage().get_text_range() for i in range(len(document)))
    document.close()
    return re.sub(r"\s+", " ", text)


def destinations(pdf: bytes) -> dict[str, tuple[int, float, float]]:
    """Named destinations (the books' element ids): page index, left, top."""
    reader = PdfReader(io.BytesIO(pdf))
    return {name: (reader.get_destination_page_number(d), float(d.left), float(d.top)) for name, d in reader.named_destinations.items()}


def body_size(pages: tuple[Page, ...]) -> float:
    sizes = collections.Counter(ch.size for page in pages for ch in page.chars if ch.text.isalpha())
    return sizes.most_common(1)[0][0]


# --- the books -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Book:
    game: str
    kind: str  # "rules", "teachers-book", "folded" (the half-size pages before imposition)
    paper: str
    pdf: bytes
    page: typeset.Page  # the layout it was set in

    @property
    def minimum(self) -> float:
        return {"rules": 11.0, "teachers-book": 10.5, "folded": 10.0}[self.kind]


@pytest.fixture(scope="module")
def loaded() -> dict[str, LoadedSpec]:
    return {game: load_spec(game) for game in GAMES}


@pytest.fixture(scope="module")
def folded(loaded: dict[str, LoadedSpec]) -> dict[tuple[str, str], tuple[bytes, bytes]]:
    """(game, paper) → the half-size student rules as typeset, and imposed for saddle stitching, the
    way `kitpress build --booklet saddle` makes them."""
    out = {}
    for game in GAMES:
        for paper in PAPERS:
            half, _ = typeset.render_pdf(loaded[game], verified_replays(loaded[game]), paper, half=True)
            out[(game, paper)] = (half, impose(half, paper)[0])
    return out


@pytest.fixture(scope="module")
def every_book(built_kit: Callable[[str], Path], folded: dict[tuple[str, str], tuple[bytes, bytes]]) -> list[Book]:
    out = []
    for game in GAMES:
        kit = built_kit(game)
        for paper in PAPERS:
            out.append(Book(game, "rules", paper, (kit / f"{game}-rules-{paper}.pdf").read_bytes(), typeset.page_for(typeset.RULES, paper)))
            out.append(Book(game, "teachers-book", paper, (kit / f"{game}-teachers-book-{paper}.pdf").read_bytes(), typeset.page_for(typeset.TEACHERS, paper)))
            out.append(Book(game, "folded", paper, folded[(game, paper)][0], typeset.page_for(typeset.RULES, paper, half=True)))
    return out


# --- what goes where: the packs' rule books ---------------------------------------------------------


def test_every_pack_names_its_books_from_its_own_sections(loaded: dict[str, LoadedSpec]) -> None:
    for game, pack in packs().items():
        assert pack.rule_book is not None, f"{game} says which sections its students read"
        known = {*pack.engine.sections, *packs_module.BOOK_PARTS}
        assert set(pack.rule_book.student_sections) <= known and set(pack.rule_book.teacher_sections) <= known
        ids = [e.id for e in loaded[game].spec.examples]
        assert 1 <= len(pack.rule_book.student_examples) <= 2 and set(pack.rule_book.student_examples) <= set(ids), (game, ids)


def test_student_sections_keep_the_design_documents_order(loaded: dict[str, LoadedSpec]) -> None:
    for game in GAMES:
        contents = books.contents(loaded[game])
        order = list(loaded[game].engine.sections)
        assert list(contents.rules) == sorted(contents.rules, key=order.index), game
        everything = {*contents.rules, *contents.teacher, *contents.notes}
        assert everything == {s for s in order if not s.startswith("@")}, "every section is printed in the teacher's book"
        assert contents.student.index(books.EXAMPLES) < contents.student.index(books.CHECKLIST) or not loaded[game].spec.examples


def test_a_pack_without_a_rule_book_gets_every_section_and_its_first_example(loaded: dict[str, LoadedSpec], monkeypatch: pytest.MonkeyPatch) -> None:
    game = GAMES[0]
    bare = {gid: replace(pack, rule_book=None) for gid, pack in packs().items()}
    monkeypatch.setattr(books, "packs", lambda: bare)
    contents = books.contents(loaded[game])
    sections = [s for s in loaded[game].engine.sections if not s.startswith("@")]
    assert contents.student == (books.COMPONENTS, *sections, books.EXAMPLES, books.CHECKLIST)
    assert contents.student_examples == (loaded[game].spec.examples[0].id,)
    assert contents.teacher == contents.notes == ()


def test_a_rule_book_naming_a_section_its_engine_lacks_is_refused_when_packs_load() -> None:
    pack = next(iter(packs().values()))
    broken = replace(pack, rule_book=RuleBook(student_sections=("no_such_section",)))
    problem = packs_module._rule_book_problem(broken)
    assert "no_such_section" in problem and pack.engine.__name__ in problem
    assert packs_module._rule_book_problem(replace(pack, rule_book=None)) == ""
    both = replace(pack, rule_book=RuleBook(student_sections=pack.engine.sections[:1], teacher_sections=pack.engine.sections[:1]))
    assert "both" in packs_module._rule_book_problem(both)


# --- the student rules: one folded sheet -------------------------------------------------------------


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", GAMES)
def test_student_rules_fit_one_folded_sheet(built_kit: Callable[[str], Path], game: str, paper: str) -> None:
    kit = built_kit(game)
    entry = {f["path"]: f for f in json.loads((kit / "manifest.json").read_text("utf-8"))["files"]}[f"{game}-rules-{paper}.pdf"]
    assert entry["kind"] == "booklet"
    assert entry["pages"] == len(PdfReader(kit / f"{game}-rules-{paper}.pdf").pages) <= 4


def test_student_rules_hold_the_players_parts_and_the_teacher_book_the_rest(every_book: list[Book], loaded: dict[str, LoadedSpec]) -> None:
    for book in (b for b in every_book if b.paper == "letter" and b.kind in ("rules", "teachers-book")):
        spec = loaded[book.game]
        contents = books.contents(spec)
        text = plain(book.pdf)
        assert "Referee checklist" in text and spec.text(spec.spec.referee_checklist[0]).split()[0] in text
        ids = [e.id for e in spec.spec.examples]
        # The student sheet letters its examples only when they run A, B … as the teacher's book's do;
        # otherwise it names them by title alone, so that it never shows A and D with B and C missing.
        lettered = list(contents.student_examples) == ids[: len(contents.student_examples)]
        for example in spec.spec.examples:
            title = spec.text(example.title)
            label = f"Example {example.id}: " if book.kind == "teachers-book" or lettered else "Example: "
            shown = f"{label}{title}" in text
            assert shown == (book.kind == "teachers-book" or example.id in contents.student_examples), (book.game, book.kind, example.id)
            if book.kind == "rules":
                assert f"Example {example.id}: {title}" not in text or lettered, (book.game, example.id)
        for name in contents.notes:  # design notes, tuning notes, references: the teacher's
            title = headings.NUMBERED_TITLE.sub("", spec.text(getattr(spec.spec, name).title))
            assert (title in text) == (book.kind == "teachers-book"), (book.game, book.kind, title)
        for ruling in spec.spec.rulings:
            assert (f"{ruling.id} · {spec.text(ruling.topic)}" in text) == (book.kind == "teachers-book"), (book.game, ruling.id)


# --- type: body sizes, line lengths, digits ------------------------------------------------------------


def test_body_type_is_large_enough_in_every_book(every_book: list[Book]) -> None:
    """The most common size is the body; nothing but the running footer, in the bottom margin, is set
    smaller than the book's minimum."""
    for book in every_book:
        pages = read(book.pdf)
        assert body_size(pages) >= book.minimum, (book.game, book.kind, book.paper)
        small = [ch.text for page in pages for ch in page.chars if ch.text.strip() and ch.size < book.minimum - 0.01 and ch.bottom > book.page.bottom]
        assert not small, (book.game, book.kind, book.paper, "".join(small)[:60])


@pytest.mark.parametrize("paper", PAPERS)
def test_folded_rules_print_10_pt_after_imposition(folded: dict[tuple[str, str], tuple[bytes, bytes]], paper: str) -> None:
    for game in GAMES:
        half, sheets = folded[(game, paper)]
        imposed, pages = read(sheets), read(half)
        assert imposed[0].width > imposed[0].height  # landscape sheets, two pages a side
        assert body_size(imposed) == body_size(pages) >= 10.0, game  # imposed at full size, not reduced
        assert len(PdfReader(io.BytesIO(sheets)).pages) == -(-len(pages) // 4) * 2


def test_no_line_runs_over_75_characters(every_book: list[Book]) -> None:
    for book in every_book:
        longest = max((words(line) for page in read(book.pdf) for line in lines(page)), key=len)
        assert len(longest) <= 75, (book.game, book.kind, book.paper, longest)


def test_diagram_digits_print_at_least_5_mm_tall(every_book: list[Book], loaded: dict[str, LoadedSpec]) -> None:
    """Every digit inside every diagram (between its named destination, at its top left, and the one
    just under its bottom right), measured on the glyph itself; and every step shown has its diagram."""
    for book in every_book:
        pages, dests = read(book.pdf), destinations(book.pdf)
        tops = sorted(name for name in dests if name.startswith("diagram-") and not name.endswith("-end"))
        replays = verified_replays(loaded[book.game])
        shown = [r for r in replays if book.kind == "teachers-book" or r.example.id in books.contents(loaded[book.game]).student_examples]
        hooks = typeset._hooks(loaded[book.game])
        pictured = getattr(hooks, "pictured", lambda before, after: True)
        assert len(tops) == sum(pictured(s.before, s.after) for r in shown for s in r.steps if not s.after_the_end), (book.game, book.kind)
        for name in tops:
            index, left, top = dests[name]
            end_index, right, bottom = dests[f"{name}-end"]  # the marker just under it, at its right edge
            assert end_index == index, (book.game, book.kind, name, "the diagram is split over two pages")
            digits = [ch for ch in pages[index].chars if ch.text.isdigit() and left - 1 <= ch.x <= right + 1 and bottom - 1 <= ch.y <= top + 1]
            assert digits, (book.game, book.kind, name)
            low = min(digits, key=lambda ch: ch.top - ch.bottom)
            assert (low.top - low.bottom) / MM >= 5.0, (book.game, book.kind, book.paper, name, low.text, (low.top - low.bottom) / MM)


# --- structure ------------------------------------------------------------------------------------------


def test_no_checked_figure_dumps_in_any_book(every_book: list[Book]) -> None:
    for book in every_book:
        text = plain(book.pdf)
        assert "Checked:" not in text and "✓" not in text and "✗" not in text, (book.game, book.kind)


def _headings(book: Book) -> list[str]:
    """Headings as printed: bold lines, at most half as large again as the body, at the start of a line."""
    pages = read(book.pdf)
    body = body_size(pages)
    out = []
    for page in pages:
        for line in lines(page):
            if all(ch.bold for ch in line if ch.text.strip()) and body <= line[0].size <= body * 1.5:
                out.append(words(line))
    return out


def test_each_heading_number_is_printed_once(every_book: list[Book], loaded: dict[str, LoadedSpec]) -> None:
    for book in every_book:
        headings = _headings(book)
        numbers = [h.split()[0] for h in headings if SECTION_NUMBER.match(h.split()[0])]
        assert len(numbers) == len(set(numbers)), (book.game, book.kind, [n for n, c in collections.Counter(numbers).items() if c > 1])
        assert not [h for h in headings if re.match(r"^\S+ \(\w{1,3}\) ", h)], "a number and the title's own copy of it"
        assert not [h for h in headings if re.match(r"^\(\w{1,3}\) ", h)], "the number belongs in front, once"
        expected = _section_numbers(loaded[book.game])
        assert sorted(numbers) == sorted(expected), (book.game, book.kind, numbers, expected)  # two columns: no reading order


def _section_numbers(spec: LoadedSpec) -> list[str]:
    """The numbers both books print: the rules the design document numbers count 1, 2,
    3 … with no gap whatever the document's own numbers were, and a subsection follows the document's
    style (7.3 as "n.3", 3A as "nA"); the teacher's own sections and the design notes print none."""
    found: list[str] = []

    def walk(section: Any, printed: str) -> None:
        found.append(printed)
        seen: set[str] = set()
        for sub in section.subsections:
            if sub.number and sub.number not in seen:
                count = len(seen) + 1
                walk(sub, f"{printed}{'ABCDEFGH'[count - 1]}" if sub.number[-1].isalpha() else f"{printed}.{count}")
            seen.add(sub.number)

    numbered = [getattr(spec.spec, name) for name in books.contents(spec).rules if getattr(spec.spec, name).number]
    for count, section in enumerate(numbered, start=1):
        walk(section, str(count))
    return found


def test_texts_refer_to_sections_by_the_number_the_book_prints(every_book: list[Book]) -> None:
    """A rule that points at another ("follow the resolution order (section 7)") names the number the
    reader sees on that heading, in both books."""
    for book in (b for b in every_book if b.game == "newtonian-rummy" and b.paper == "letter"):
        text = plain(book.pdf)
        assert "{§" not in text and "§" not in text
        heading = next(h for h in _headings(book) if h.endswith("Resolution order"))
        number = heading.split()[0]
        assert f"follow the resolution order (section {number})" in text, (book.kind, number)
        assert "(see “Ties” below)" in text


def test_the_teachers_book_opens_with_a_contents_list_in_chapter_order(every_book: list[Book]) -> None:
    for book in (b for b in every_book if b.kind == "teachers-book"):
        pages, dests = read(book.pdf), destinations(book.pdf)
        first = [words(line) for line in lines(pages[0])]
        assert "Contents" in first, (book.game, book.paper)
        chapters = [name for name in CHAPTERS if name in dests]
        assert chapters[:3] == ["teaching", "rules", "examples"] and chapters[-1] == "design", (book.game, chapters)
        starts = [dests[name][0] for name in chapters]
        assert starts == sorted(starts) and len(set(starts)) == len(starts), "each chapter opens its own page, in order"
        titles = {"teaching": "Teaching the game", "rules": "The rules", "examples": "Worked examples", "rulings": "Rulings", "design": "Variants and design notes"}
        for name in chapters:  # each listed with the page it starts on
            entry = next(line for line in first if line.startswith(titles[name]))
            assert entry.endswith(f" {dests[name][0] + 1}"), (book.game, entry)


def _fills(book: Book) -> list[float]:
    """Per page, how far down its columns reach in the text area (text, rules, diagrams: everything
    drawn above the running footer), averaged over the columns; a full-width object counts for each."""
    fills = []
    area = book.page.height - book.page.top - book.page.bottom
    document = pdfium.PdfDocument(book.pdf)
    for index in range(len(document)):
        page = document[index]
        width, height = page.get_size()
        depth = [0.0] * book.page.columns
        for obj in page.get_objects(max_depth=0):
            left, bottom, right, _ = obj.get_bounds()
            if bottom < book.page.bottom or right <= left:  # the running footer
                continue
            mine = min(book.page.columns - 1, int((left + right) / 2 / width * book.page.columns))
            for column in range(book.page.columns) if right - left > 0.6 * width else [mine]:
                depth[column] = max(depth[column], height - book.page.top - bottom)
        fills.append(sum(min(d, area) for d in depth) / area / book.page.columns)
    document.close()
    return fills


def test_no_page_is_more_than_half_empty_but_before_a_chapter(every_book: list[Book]) -> None:
    for book in every_book:
        fills = _fills(book)
        dests = destinations(book.pdf)
        before_chapter = {dests[name][0] - 1 for name in CHAPTERS if name in dests}
        for index, fill in enumerate(fills[:-1]):
            if index not in before_chapter:
                assert fill >= 0.5, (book.game, book.kind, book.paper, f"page {index + 1}", round(fill, 2))


def test_a_step_keeps_its_diagram_and_an_example_its_heading(every_book: list[Book]) -> None:
    for book in every_book:
        dests = destinations(book.pdf)
        for name, (page, _, _) in dests.items():
            diagram = "diagram-" + name.removeprefix("step-")
            if name.startswith("step-") and diagram in dests:  # a step the pack tells in words has none
                assert dests[diagram][0] == dests[f"{diagram}-end"][0] == page, (book.game, book.kind, book.paper, name)
            if name.startswith("example-"):
                first = min(n for n in dests if n.startswith("step-" + name.removeprefix("example-") + "-"))
                assert dests[first][0] == page, (book.game, book.kind, book.paper, name, "its heading is left behind")


# --- the class kit ---------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def class_kit(class_kit_28: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((class_kit_28 / KIT_FOLDER / "kit.json").read_text("utf-8"))
    return data


def test_a_class_of_28_prints_the_rules_per_table_and_each_teachers_book_once(class_kit: dict[str, Any]) -> None:
    once = {Path(i["path"]).name: i for i in class_kit["class"]}
    sheets = 0
    for game in class_kit["games"]:
        (rules,) = [i for i in game["print"] if i["kind"] == "booklet"]
        assert (rules["title"], rules["copies"], rules["duplex"]) == ("Student rules", game["sets"], "long-edge")
        assert rules["pages"] <= 4 and rules["sheets"] <= 2 * game["sets"]
        book = once[f"{game['game']}-teachers-book-letter.pdf"]
        assert (book["kind"], book["copies"], book["sheets"]) == ("teachers-book", 1, -(-book["pages"] // 2))
        sheets += rules["sheets"] + book["sheets"]
    assert not [i for g in class_kit["games"] for i in g["print"] if i["kind"] == "teachers-book"], "not one a table"
    assert sheets <= BOOKLET_SHEETS_BEFORE // 2, sheets  # at least half the booklet sheets saved

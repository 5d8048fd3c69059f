"""Typeset a game's two rule books from its spec and its replayed (engine-verified) examples: the student
rules (booklet.html, at most one folded sheet) and the teacher's book (teachers-book.html). jinja2 HTML,
autoescaped, typeset by WeasyPrint; what goes in which book is the pack's (booklet.books)."""

from __future__ import annotations

import base64
import functools
import importlib
import logging
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Any

import jinja2
from markupsafe import Markup

from kitpress.booklet import toc
from kitpress.booklet.books import CHECKLIST, EXAMPLES, Contents, contents
from kitpress.booklet.fill import HALF, page_fills, underfilled
from kitpress.booklet.headings import Headings
from kitpress.booklet.paper import LAYOUT, on_paper
from kitpress.booklet.provenance import ADDED, example_origin, kit_examples, provenance
from kitpress.booklet.saddle import HALF_PAGES
from kitpress.check import Replay
from kitpress.engine import Event
from kitpress.errors import InputError, Problem
from kitpress.fonts import FILES, fonts_dir_uri
from kitpress.packs import art_for
from kitpress.resources import templates_dir
from kitpress.sheets.geometry import sheet_size
from kitpress.spec.load import LoadedSpec
from kitpress.spec_model import Identity, Section

PAGE_SIZES = {"letter": "letter", "a4": "A4", "universal": "210mm 279.4mm"}  # CSS sizes, for the guide
MM = 72 / 25.4
RULES, TEACHERS = "rules", "teachers-book"
BODY = {RULES: 11.0, TEACHERS: 10.5}  # pt; the folded student rules print at their own size: SADDLE_BODY
SADDLE_BODY = 10.0
# A line of at most this many em holds at most about 71 characters of DejaVu Sans (measured on the
# bundled specs), under the 75 a reader's eye can follow back to the next line.
MAX_LINE_EM = 34.0
COLUMN_GAP = 18.0
TALL = 0.8  # a diagram at least this tall for its width is set beside its step's text
# A diagram's digits print at least 5 mm tall: DejaVu's digits are 0.729 em, and 2 % spare keeps
# rounding in the PDF from taking a digit under.
DIGIT_EM = 1493 / 2048
DIGIT_PT = 5.0 * MM * 1.02


@dataclass(frozen=True)
class Page:
    """One book's page and type in points: the template's CSS and the diagrams' sizes read these."""

    width: float
    height: float
    top: float
    bottom: float
    side: float
    body: float
    columns: int

    @property
    def measure(self) -> float:
        return self.width - 2 * self.side

    @property
    def column(self) -> float:
        return (self.measure - COLUMN_GAP * (self.columns - 1)) / self.columns


def page_for(book: str, paper: str, half: bool = False) -> Page:
    """The page a book is laid out on: half of this paper's sheet for the folded rules, else Letter's
    page whatever the paper (booklet.paper places it on the paper's sheet)."""
    if half:  # one column on half a sheet, its margins as wide as a readable line needs
        width, height = HALF_PAGES[paper]
        return Page(width, height, 9 * MM, 11 * MM, max(11 * MM, (width - MAX_LINE_EM * SADDLE_BODY) / 2), SADDLE_BODY, 1)
    width, height = sheet_size(LAYOUT)
    return Page(width, height, 14 * MM, 16 * MM, 14 * MM, BODY[book], 2)


def css_string(value: object) -> Markup:
    """Text for inside a CSS string in a <style> block: every character that is not plainly safe
    becomes a CSS hex escape, so spec text can neither end the string nor the style sheet."""
    safe = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 !?,.-_")
    # A hex escape swallows one whitespace after it, so each ends with a space of its own: the text's
    # own space after a colon ("Rummy: Tug") must survive.
    return Markup("".join(ch if ch in safe else f"\\{ord(ch):06x} " for ch in str(value)))


def title_lines(title: str) -> Markup:
    """A title for the cover: broken after its colon, if it has one, so that a long title's second half
    ("Tug-of-War Edition") goes on a line of its own instead of leaving its last word alone."""
    head, colon, rest = title.partition(": ")
    if not colon:
        return Markup.escape(title)
    return Markup.escape(head + ":") + Markup("<br>") + Markup.escape(rest)


def edition(identity: Identity) -> str:
    """The rules' version as the source gives it: a design document's version (with its date), or a
    published game's year ("published 2010"). A version the source does not name is left out: the
    document's id or its date must carry it."""
    version = identity.version.strip()
    if not version:
        return ""
    if identity.credit and version in identity.credit:  # a published game's year, not a version
        return f"published {version}"
    if identity.date or version in identity.document_id:
        return f"Rules version {version}" + (f" ({identity.date})" if identity.date else "")
    return ""


def player_count(identity: Identity) -> str:
    """"2 or 4 players" where the source allows only some counts, "2–6 players" for a range."""
    return identity.player_words()


# An equation as prose writes it: terms joined by operators with a space each side ("Δ = |7 − 3| = 4",
# "StreakCount − 1,", "M × A = F"). Set whole on one line (lint rule W3): a break after "=" or before
# "−4" leaves a reader with half an equation at the end of a line.
EQUATION = re.compile(r"\S+(?:\s[=+−×÷<>≤≥≠]\s\S+)+")


def equations_kept(text: str) -> Markup:
    """The text, escaped, with each equation in a span the typesetter does not break (.eq, booklet.css)."""
    out, at = [], 0
    for found in EQUATION.finditer(text):
        out.append(Markup.escape(text[at : found.start()]))
        out.append(Markup('<span class="eq">') + Markup.escape(found[0]) + Markup("</span>"))
        at = found.end()
    out.append(Markup.escape(text[at:]))
    return Markup("").join(out)


@functools.cache  # one per process: compiling the templates again for every book cost 40 ms each
def _environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(templates_dir())),
        autoescape=True,  # every spec string is escaped wherever it lands in the HTML
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["css_string"] = css_string
    return env


# --- diagrams ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Figure:
    svg: Markup
    width: float  # as printed, pt
    height: float

    @property
    def image(self) -> Markup:
        """The diagram as the typesetter gets it: an image of the same SVG, not SVG inline in the page.
        Inline, each of its hundreds of elements is parsed as HTML and given a style like any paragraph,
        which was a fifth of a teacher's book's typesetting; an image's SVG is parsed once, as XML, and
        prints the same (the same text, in the same fonts, at the same size)."""
        svg = str(self.svg)
        if "xmlns=" not in svg[: svg.index(">")]:  # HTML implies the SVG namespace, an image must name it
            svg = svg.replace("<svg", '<svg xmlns="http://www.w3.org/2000/svg"', 1)
        uri = "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")
        size = f"width: {self.width:.2f}pt; height: {self.height:.2f}pt"
        return Markup(f'<img class="art" alt="" src="{uri}" style="{size}">')


UNITS = {"pt": 1.0, "px": 0.75, "mm": MM, "cm": 10 * MM, "in": 72.0, "": 0.75}
LENGTH = re.compile(r"^\s*([0-9.]+)\s*([a-z]*)\s*$")
SVG_OPEN = re.compile(r"<svg\b[^>]*>")


def _length(value: str | None) -> float | None:
    found = LENGTH.match(value or "")
    return float(found[1]) * UNITS.get(found[2], 1.0) if found else None


def _font_size(value: str | None) -> float | None:
    """An SVG font size in user units: a bare number or px is one user unit, pt, mm … are CSS units."""
    found = LENGTH.match(value or "")
    if not found:
        return None
    unit = found[2] if found[2] in UNITS else ""
    return float(found[1]) * (UNITS[unit] / UNITS["px"] if unit else 1.0)


def _digit_sizes(element: ET.Element, inherited: float) -> Iterator[float]:
    """The font size, in user units, of every text that holds a digit."""
    size = _font_size(element.get("font-size")) or inherited
    tag = element.tag.rsplit("}", 1)[-1]
    if tag in ("text", "tspan") and any(ch.isdigit() for ch in (element.text or "")):
        yield size
    for child in element:
        yield from _digit_sizes(child, size)
        if tag in ("text", "tspan") and any(ch.isdigit() for ch in (child.tail or "")):
            yield size


def figure(svg: str, measure: float) -> Figure:
    """The diagram at the size it prints: grown until its smallest digit is DIGIT_PT tall, never wider
    than the measure (a diagram too wide for the page shrinks to fit it, as an image would)."""
    root = ET.fromstring(svg)
    width, height = _length(root.get("width")), _length(root.get("height"))
    box = [float(v) for v in (root.get("viewBox") or "").replace(",", " ").split()]
    if width is None or height is None:
        if len(box) != 4:
            return Figure(Markup(svg), measure, measure)  # nothing says its size: let it fill the line
        width, height = width or box[2] * 0.75, height or box[3] * 0.75
    unit = width / box[2] if len(box) == 4 and box[2] else 1.0  # points per user unit
    digits = [size * unit * DIGIT_EM for size in _digit_sizes(root, 16.0)]
    scale = max(1.0, DIGIT_PT / min(digits)) if digits else 1.0
    scale = min(scale, measure / width)
    w, h = width * scale, height * scale
    opening = SVG_OPEN.search(svg)
    assert opening is not None  # ET parsed an <svg> root
    tag = re.sub(r'\s(width|height|style)="[^"]*"', "", opening[0])
    # The size twice: as attributes for SVG readers, as CSS so the typesetter does not stretch it.
    tag = tag.replace("<svg", f'<svg width="{w:.2f}pt" height="{h:.2f}pt" style="width: {w:.2f}pt; height: {h:.2f}pt"', 1)
    # Our own SVG: its text was escaped by svgwrite when it was drawn.
    return Figure(Markup(svg[: opening.start()] + tag + svg[opening.end() :]), w, h)


def _hooks(loaded: LoadedSpec) -> Any:
    """The module that draws a pack's step diagrams, which may also say in words where an example
    starts (`start_words`), which of a step's events a reader needs (`printed_events`) and which steps
    need a picture of their own (`pictured`: a run of steps the next picture shows as well, such as a
    set-up, is told in words); None for a pack whose art has no such module."""
    art = art_for(loaded.spec.engine)
    name = getattr(art, "__name__", "")
    try:
        return importlib.import_module(f"{name}.step_diagram") if name else None
    except ModuleNotFoundError:
        return None


def _examples(loaded: LoadedSpec, replays: list[Replay], page: Page, only: tuple[str, ...] | None = None, text: Callable[[str], Any] | None = None) -> list[dict[str, Any]]:
    """The worked examples as the template prints them. `only` picks the student rules' examples; they
    are labelled by their letters only when those run A, B … from the first, as the teacher's book's
    do, and by title alone otherwise (a sheet that shows A and D reads as missing B and C)."""
    draw = art_for(loaded.spec.engine).diagram
    hooks = _hooks(loaded)
    say = text or loaded.text
    chosen = [r for r in replays if only is None or r.example.id in only]
    lettered = [r.example.id for r in chosen] == [r.example.id for r in replays[: len(chosen)]]
    out = []
    for replay in chosen:
        anchor = re.sub(r"[^a-z0-9-]", "-", replay.example.id.lower())
        steps = []
        for step in replay.steps:
            if step.after_the_end:  # no player makes it: the check replays it, the books leave it out
                continue
            events: list[Event] = list(step.events)
            if hooks is not None and hasattr(hooks, "printed_events"):
                events = hooks.printed_events(events)
            pictured = hooks is None or not hasattr(hooks, "pictured") or hooks.pictured(step.before, step.after)
            steps.append({
                "number": step.number,
                "events": [say(e.text) for e in events],
                "note": say(step.note),
                "figure": figure(draw(loaded, step.before, step.after), page.column) if pictured else None,
                "anchor": f"diagram-{anchor}-{step.number}",  # named destinations in the PDF, where
                "step_anchor": f"step-{anchor}-{step.number}",  # a reader (and the tests) find them
            })  # fmt: skip
        # Where the example starts, said before its first step: a reader should not have to work it out
        # from the first diagram (which shows the board after the step).
        start = say(hooks.start_words(loaded, replay.start)) if hooks is not None and hasattr(hooks, "start_words") and replay.start else ""
        # A tall diagram (a board) goes beside its step's text, each step a row across the page's two
        # columns: under the text it would leave most of a column empty below each step. A short one (a
        # track) goes under its text, and two or three steps share a column.
        # An example told mostly in words (a set-up) flows in the columns like text.
        drawn = [s["figure"] for s in steps if s["figure"] is not None]
        mostly_drawn = 2 * len(drawn) >= len(steps)
        beside = page.columns > 1 and mostly_drawn and all(f.width <= page.column + 0.5 and f.height >= TALL * f.width for f in drawn)
        label = f"Example {replay.example.id}" if lettered else "Example"
        out.append({"example": replay.example, "label": label, "beside": beside, "anchor": f"example-{anchor}", "title": say(replay.example.title), "summary": say(replay.example.summary), "start": start, "note": say(replay.example.note), "steps": steps})
    return out


# --- the two books -------------------------------------------------------------------------------


def _common(loaded: LoadedSpec, page: Page) -> dict[str, Any]:
    return {
        "spec": loaded.spec,
        "t": loaded.text,
        "page": page,
        "fonts": {style: f"{fonts_dir_uri()}/{name}" for style, name in FILES.items()},
        "variant": loaded.variant,
        "variant_name": next((loaded.text(v.name) for v in loaded.spec.variants if v.id == loaded.variant), ""),
        "edition": edition(loaded.spec.identity),
        "player_count": player_count(loaded.spec.identity),
        "title_lines": title_lines(loaded.spec.identity.title),
    }


def _sections(loaded: LoadedSpec, names: tuple[str, ...]) -> dict[str, Section]:
    return {name: getattr(loaded.spec, name) for name in names if not name.startswith("@")}


def context(loaded: LoadedSpec, replays: list[Replay], paper: str, half: bool = False, checklist_first: bool = False) -> dict[str, Any]:
    """The student rules: the pack's student sections, its one or two examples, the referee checklist
    (moved in front of the examples when `checklist_first`)."""
    book = contents(loaded)
    if checklist_first:
        book = replace(book, student=checklist_before_examples(book.student))
    page = page_for(RULES, paper, half)
    heads = Headings(loaded.text)
    sections = _sections(loaded, book.student)
    heads.number((name, sections[name]) for name in book.rules)

    def student_text(value: str) -> Markup:
        return equations_kept(loaded.text(heads.refer(value)))

    return {
        **_common(loaded, page),
        "t": student_text,
        "order": book.student,
        "sections": sections,
        "heads": heads,
        "examples": _examples(loaded, replays, page, book.student_examples, student_text),
        "example_count": len(replays),
    }


def teachers_context(loaded: LoadedSpec, replays: list[Replay], paper: str) -> dict[str, Any]:
    """The teacher's book: goals and context, the classroom, the rules, every example, the rulings, the
    variants, then the design notes; chapters in that order, each section numbered once."""
    book: Contents = contents(loaded)
    page = page_for(TEACHERS, paper)
    heads = Headings(loaded.text)
    sections = _sections(loaded, (*book.teacher, *book.student, *book.notes))
    heads.number((name, sections[name]) for name in book.rules)  # as the student rules number them
    for name in (*book.teacher, *book.notes):
        heads.visit(name, sections[name])

    def teacher_text(value: str) -> Markup:  # the one book that keeps its pointers to the rulings
        return equations_kept(loaded.text(heads.refer(value), rulings=True))

    spec = loaded.spec
    examples = [{**ex, "origin": example_origin(ex["example"], teacher_text)} for ex in _examples(loaded, replays, page, text=teacher_text)]
    examples_added = kit_examples([ex["example"].id for ex in examples if ex["origin"]["added"]], [ex["example"].id for ex in examples])
    making = bool(spec.production.stock.description or spec.production.notes)
    design = bool(spec.variants or book.notes or making)
    rows = toc.entries(book, sections, heads, examples, spec, making=making, design=design)
    return {
        **_common(loaded, page),
        "t": teacher_text,
        "origin": provenance(spec, teacher_text),
        "examples_added": examples_added,
        "added_label": ADDED,
        "book": book,
        "sections": sections,
        "heads": heads,
        "examples": examples,
        "student_examples": book.student_examples,
        "making": making,
        "design": design,
        "toc_columns": toc.split(rows, page.column, page.body),  # the contents share the page's two columns
    }


def checklist_before_examples(parts: tuple[str, ...]) -> tuple[str, ...]:
    rest = [p for p in parts if p != CHECKLIST]
    at = rest.index(EXAMPLES) if EXAMPLES in rest else len(rest)
    return (*rest[:at], CHECKLIST, *rest[at:])


def render_html(loaded: LoadedSpec, replays: list[Replay], paper: str, half: bool = False, checklist_first: bool = False, images: bool = False) -> str:
    """The student rules' HTML. The diagrams are inline SVG, which `lint` reads, or with `images` (for the
    typesetter) images of the same SVG (Figure.image)."""
    return _environment().get_template("booklet.html").render(context(loaded, replays, paper, half, checklist_first), images=images)


def render_teachers_html(loaded: LoadedSpec, replays: list[Replay], paper: str, images: bool = False) -> str:
    return _environment().get_template("teachers-book.html").render(teachers_context(loaded, replays, paper), images=images)


def render_pdf(loaded: LoadedSpec, replays: list[Replay], paper: str, half: bool = False) -> tuple[bytes, int]:
    """The student rules as PDF bytes on this paper (laid out on Letter unless folded), and their page
    count. A worked example's step never leaves its diagram, so an example too tall for what is left of
    a page starts the next one; when that leaves a page more than half empty (or a last page that is),
    the referee checklist is set in front of the examples to fill it, if that leaves fewer such pages or
    fewer pages."""
    laid = paper if half else LAYOUT
    first = render_html(loaded, replays, laid, half, images=True)
    book = contents(loaded)
    if checklist_before_examples(book.student) == book.student:  # nothing to move
        pdf, pages = _pdf(loaded, first)
    else:
        pdf, pages = _pdf(loaded, first, render_html(loaded, replays, laid, half, checklist_first=True, images=True), fill=page_for(RULES, laid, half))
    return (pdf if half else on_paper(pdf, paper)), pages


def render_teachers_pdf(loaded: LoadedSpec, replays: list[Replay], paper: str) -> tuple[bytes, int]:
    """The teacher's book as PDF bytes on this paper (laid out on Letter), and its page count."""
    pdf, pages = _pdf(loaded, render_teachers_html(loaded, replays, LAYOUT, images=True))
    return on_paper(pdf, paper), pages


@functools.cache
def _typesetter() -> str:
    """The versions of everything that turns HTML into PDF bytes, for the cache's key."""
    import ctypes.util
    from importlib.metadata import version

    names = ("weasyprint", "pydyf", "fonttools", "tinycss2", "cssselect2", "pyphen", "pillow")
    return " ".join(f"{n}={version(n)}" for n in names) + f" harfbuzz-subset={ctypes.util.find_library('harfbuzz-subset')}"


def _pdf(loaded: LoadedSpec, html: str, other: str = "", fill: Page | None = None) -> tuple[bytes, int]:
    logging.getLogger("weasyprint").setLevel(logging.ERROR)
    logging.getLogger("fontTools").setLevel(logging.ERROR)
    try:
        return _typeset(html, other, fill)
    except Exception as exc:
        from weasyprint.urls import FatalURLFetchingError  # imported only when something failed

        if isinstance(exc, FatalURLFetchingError):  # only spec text could ask for a resource we refuse
            raise InputError([Problem(loaded.file, 1, f"the booklet asked for a resource outside kitpress: {exc}")]) from None
        raise


@functools.lru_cache(maxsize=8)
def _typeset(html: str, other: str = "", fill: Page | None = None) -> tuple[bytes, int]:
    """HTML to PDF. The same HTML gives the same bytes, so a rebuild (--watch, several presets on one
    paper, the next build of an unchanged book) reuses the typesetting, WeasyPrint's slowest part: in
    this process, and through the disk cache in the next one.

    With `other`, the same book set another way: when `html` leaves a page of `fill`'s more than half
    empty, or its last page, `other` is laid out too, and kept if it leaves fewer such pages or fewer
    pages. Only the one kept is written out as PDF."""
    from kitpress import cache
    from kitpress.fingerprint import code_hash

    # The HTML, what it fetches (stylesheets, fonts: in kitpress's code hash), and the typesetter.
    entry = cache.key(html, *([other] if other else []), code_hash(), _typesetter())
    stored = cache.get("typeset", entry)
    if stored is not None:
        return stored[4:], int.from_bytes(stored[:4], "big")
    document = _layout(html)
    if other and fill is not None:
        fills = page_fills(document, fill.top, fill.bottom, fill.columns)
        if underfilled(fills) or fills[-1] < HALF:
            second = _layout(other)
            again = page_fills(second, fill.top, fill.bottom, fill.columns)
            if (underfilled(again), len(second.pages)) < (underfilled(fills), len(document.pages)):
                document = second
    pdf, pages = bytes(document.write_pdf()), len(document.pages)
    cache.put("typeset", entry, pages.to_bytes(4, "big") + pdf)
    return pdf, pages


def _layout(html: str) -> Any:
    """The laid-out pages (a WeasyPrint Document), not yet written out."""
    import weasyprint  # only to typeset: importing it takes half a second

    from kitpress.booklet import columns
    from kitpress.booklet.fetcher import PackageOnlyFetcher

    columns.install()

    return weasyprint.HTML(string=html, base_url=templates_dir().as_uri() + "/", url_fetcher=PackageOnlyFetcher()).render()

"""The check report (`kitpress check --report DIR`): every worked example of the games checked, step by
step, with each figure it states: what the figure means, expected, actual, and whether it held.

One HTML page and the same page as PDF, typeset by WeasyPrint as the booklet is (bundled fonts, the
package-only fetcher). The booklets print only what the engine computed; this is where a designer or a
CI job reads the comparison. Nothing in it depends on the time or the folder it is written to, so the
same input gives the same bytes.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import jinja2

from kitpress import __version__
from kitpress.atomic import write_bytes
from kitpress.check import Replay, agrees
from kitpress.outfolder import OutputError, is_link, os_errors
from kitpress.resources import templates_dir
from kitpress.spec.load import LoadedSpec
from kitpress.spec_model import Example, ExampleStep

HTML_NAME = "check-report.html"
PDF_NAME = "check-report.pdf"
# `refused` is every game's figure (see kitpress.check), so no engine describes it.
REFUSED_MEANING = "true: the play is illegal, the engine must refuse it and the state stays as it was"
# A board is a list of text rows; one with at least this many rows and cells is laid out as a grid.
# Smaller lists of short strings (directions such as ['ne', 'sw'], cells such as ['c3', 'e5']) are not boards.
GRID_MIN = 3
_ROW_WORD = re.compile(r"\brows?\b")

Status = Literal["holds", "fails", "unreached"]


@dataclass(frozen=True)
class Checked:
    """One game (with its variant, if any) as `kitpress check` replayed it."""

    loaded: LoadedSpec
    replays: list[Replay]
    examples_file: str | None = None  # --examples FILE, or None for the spec's own examples


# --- values, shown readably ---------------------------------------------------------------------


@dataclass(frozen=True)
class Shown:
    """A figure's value as the report lays it out: a line of text, lines, a small key/value table, or a
    board's rows as a grid. `differs` marks the parts that disagree with the other side's value."""

    kind: Literal["text", "lines", "map", "grid"]
    text: str = ""
    muted: bool = False  # "empty", "—": no value rather than a value
    lines: tuple[str, ...] = ()
    pairs: tuple[tuple[str, str, bool], ...] = ()  # key, value, differs
    rows: tuple[tuple[tuple[str, bool], ...], ...] = ()  # cells: text, differs

    @property
    def words(self) -> str:
        """The text the report shows, in reading order (what a PDF's text extraction finds)."""
        if self.kind == "text":
            return self.text
        if self.kind == "lines":
            return " ".join(self.lines)
        if self.kind == "map":
            return " ".join(f"{k} {v}" for k, v, _ in self.pairs)
        return " ".join(cell for row in self.rows for cell, _ in row)


NOT_REACHED = Shown("text", "—", muted=True)


def inline(value: Any) -> str:
    """A value as one line of text, written as a spec writes it (YAML's words, no Python quotes)."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return value if value else '""'
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k}: {inline(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(inline(v) for v in value) + "]"
    return str(value)


def _scalar(value: Any) -> bool:
    return not isinstance(value, Mapping | list | tuple)


def grid(value: Any, meaning: str) -> list[list[str]] | None:
    """The cells of a board given as text rows ('R......' or '. . B2 W-4'), or None if `value` is not one.
    Only a figure whose meaning speaks of rows is a board, and only a rectangular one."""
    if not _ROW_WORD.search(meaning) or not isinstance(value, list | tuple) or len(value) < GRID_MIN:
        return None
    if not all(isinstance(row, str) for row in value):
        return None
    spaced = any(" " in row.strip() for row in value)
    cells = [row.split() if spaced else list(row) for row in value]
    width = len(cells[0])
    if width < GRID_MIN or any(len(row) != width for row in cells):
        return None
    return cells


def shown(value: Any, meaning: str = "", other: Any = None, compare: bool = False) -> Shown:
    """`value` laid out for the report; with `compare`, the cells or keys that disagree with `other`
    (the expected value against the actual one, or the other way round) are marked."""
    if isinstance(value, Mapping):
        if not value:
            return Shown("text", "empty", muted=True)
        theirs = other if compare and isinstance(other, Mapping) else None
        pairs = []
        for key, item in value.items():
            differs = theirs is not None and (key not in theirs or not agrees(item, theirs[key]))
            pairs.append((str(key), inline(item), differs))
        return Shown("map", pairs=tuple(pairs))
    if isinstance(value, list | tuple):
        if not value:
            return Shown("text", "empty", muted=True)
        cells = grid(value, meaning)
        if cells is not None:
            theirs = grid(other, meaning) if compare else None
            if theirs is None or [len(r) for r in theirs] != [len(r) for r in cells]:
                theirs = cells  # nothing to hold it against cell by cell: no cell is marked
            rows = tuple(tuple((cell, not agrees(cell, theirs[i][j])) for j, cell in enumerate(row)) for i, row in enumerate(cells))
            return Shown("grid", rows=rows)
        if all(_scalar(v) for v in value):
            return Shown("text", ", ".join(inline(v) for v in value))
        return Shown("lines", lines=tuple(inline(v) for v in value))
    return Shown("text", inline(value))


# --- the report's content -----------------------------------------------------------------------


@dataclass(frozen=True)
class FigureRow:
    name: str
    meaning: str
    expected: Shown
    actual: Shown
    status: Status


@dataclass(frozen=True)
class StepView:
    number: int
    plays: tuple[tuple[str, str], ...]
    note: str
    events: tuple[str, ...]
    figures: tuple[FigureRow, ...]
    reached: bool


@dataclass(frozen=True)
class ExampleView:
    anchor: str
    id: str
    title: str
    summary: str
    note: str
    start: tuple[tuple[str, str, Shown], ...]  # start key, what it means, value
    steps: tuple[StepView, ...]
    error: str
    ok: bool

    @property
    def figures(self) -> int:
        return sum(len(s.figures) for s in self.steps)

    def count(self, status: Status) -> int:
        return sum(1 for s in self.steps for f in s.figures if f.status == status)


@dataclass(frozen=True)
class Failure:
    """A line of the summary's list of what did not hold."""

    anchor: str
    where: str  # game (and variant), example, step
    figure: FigureRow | None  # None: the example stopped before its end
    error: str = ""


@dataclass(frozen=True)
class SectionView:
    anchor: str
    game: str
    title: str
    variant: str | None
    variant_name: str
    source: str  # the spec file, and the examples file when one was given
    version: str
    examples: tuple[ExampleView, ...]

    @property
    def label(self) -> str:
        return f"{self.game} (variant {self.variant})" if self.variant else self.game

    @property
    def steps(self) -> int:
        return sum(len(e.steps) for e in self.examples)

    @property
    def figures(self) -> int:
        return sum(e.figures for e in self.examples)

    @property
    def ok(self) -> bool:
        return all(e.ok for e in self.examples)

    def count(self, status: Status) -> int:
        return sum(e.count(status) for e in self.examples)


def _meaning(loaded: LoadedSpec, name: str) -> str:
    return REFUSED_MEANING if name == "refused" else str(loaded.engine.figures.get(name, ""))


def _figure_row(loaded: LoadedSpec, name: str, expected: Any, actual: Any, status: Status) -> FigureRow:
    meaning = _meaning(loaded, name)
    if status == "unreached":
        return FigureRow(name, meaning, shown(expected, meaning), NOT_REACHED, status)
    return FigureRow(
        name, meaning, shown(expected, meaning, actual, compare=True), shown(actual, meaning, expected, compare=True), status
    )


def _plays(play: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
    return tuple((str(seat), inline(move)) for seat, move in play.items())


def _start(loaded: LoadedSpec, start: Mapping[str, Any]) -> tuple[tuple[str, str, Shown], ...]:
    """An example's start, key by key, laid out like the figures (a start board as its grid)."""
    rows = []
    for key, value in start.items():
        meaning = str(loaded.engine.start_keys.get(key, ""))
        rows.append((str(key), meaning, shown(value, meaning)))
    return tuple(rows)


def _unreached(loaded: LoadedSpec, number: int, step: ExampleStep) -> StepView:
    rows = tuple(_figure_row(loaded, k, v, None, "unreached") for k, v in step.expect.items())
    return StepView(number, _plays(step.play), loaded.text(step.note), (), rows, reached=False)


def example_view(loaded: LoadedSpec, replay: Replay, anchor: str) -> ExampleView:
    example: Example = replay.example
    steps: list[StepView] = []
    for s in replay.steps:
        rows = tuple(_figure_row(loaded, f.name, f.expected, f.actual, "holds" if f.ok else "fails") for f in s.figures)
        steps.append(StepView(s.number, _plays(s.play), loaded.text(s.note), tuple(e.text for e in s.events), rows, reached=True))
    # A replay stops at a step the engine refuses: the steps from there on are listed as not reached,
    # with the figures they state, so the report still shows the whole example.
    for number, step in enumerate(example.steps[len(replay.steps) :], start=len(replay.steps) + 1):
        steps.append(_unreached(loaded, number, step))
    return ExampleView(
        anchor, example.id, loaded.text(example.title), loaded.text(example.summary), loaded.text(example.note),
        _start(loaded, example.start), tuple(steps), replay.error, replay.ok,
    )  # fmt: skip


def section_view(checked: Checked, index: int) -> SectionView:
    loaded = checked.loaded
    spec = loaded.spec
    anchor = f"g{index}"
    examples = tuple(example_view(loaded, r, f"{anchor}-e{i}") for i, r in enumerate(checked.replays, start=1))
    variant_name = next((v.name for v in spec.variants if v.id == loaded.variant), "") if loaded.variant else ""
    from kitpress.packs import bundled_name

    # A bundled spec by its name in kitpress, the same wherever the report is written from.
    source = (bundled_name(loaded.source) or loaded.file) + (f", examples from {checked.examples_file}" if checked.examples_file else "")
    return SectionView(anchor, loaded.id, str(spec.identity.title), loaded.variant, variant_name, source, str(spec.identity.version), examples)


def failures(sections: list[SectionView]) -> list[Failure]:
    found: list[Failure] = []
    for section in sections:
        for ex in section.examples:
            for step in ex.steps:
                for f in step.figures:
                    if f.status == "fails":
                        found.append(Failure(ex.anchor, f"{section.label}, example {ex.id}, step {step.number}", f))
            if ex.error:
                found.append(Failure(ex.anchor, f"{section.label}, example {ex.id}", None, ex.error))
    return found


def context(checked: list[Checked], fonts: bool) -> dict[str, Any]:
    from kitpress.fonts import FILES, fonts_dir_uri

    sections = [section_view(c, i) for i, c in enumerate(checked, start=1)]
    return {
        "sections": sections,
        "failures": failures(sections),
        "examples": sum(len(s.examples) for s in sections),
        "steps": sum(s.steps for s in sections),
        "figures": sum(s.figures for s in sections),
        "failing": sum(s.count("fails") for s in sections),
        "unreached": sum(s.count("unreached") for s in sections),
        "stopped": sum(1 for s in sections for e in s.examples if e.error),
        "ok": all(s.ok for s in sections),
        "version": __version__,
        # The PDF embeds the bundled fonts; the HTML file names no path of this installation, so it
        # reads the same wherever kitpress is installed, and a browser uses its own fonts.
        "fonts": {style: f"{fonts_dir_uri()}/{name}" for style, name in FILES.items()} if fonts else None,
    }


def _environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(templates_dir())),
        autoescape=True,  # spec text (titles, notes) and engine text are escaped wherever they land
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def render_html(checked: list[Checked], fonts: bool = False) -> str:
    return _environment().get_template(HTML_NAME).render(context(checked, fonts))


def render_pdf(checked: list[Checked]) -> bytes:
    from kitpress import syslibs

    weasyprint = syslibs.weasyprint()  # first: a missing system library is one line
    from kitpress.booklet.fetcher import PackageOnlyFetcher

    logging.getLogger("weasyprint").setLevel(logging.ERROR)
    logging.getLogger("fontTools").setLevel(logging.ERROR)
    html = render_html(checked, fonts=True)
    source = weasyprint.HTML(string=html, base_url=templates_dir().as_uri() + "/", url_fetcher=PackageOnlyFetcher())
    return bytes(source.render().write_pdf())


# --- writing ------------------------------------------------------------------------------------


def check_folder(folder: Path) -> None:
    """Refuse a DIR that cannot take the report, before any example is replayed: one line, exit 2."""
    with os_errors(folder):
        if folder.exists() and not folder.is_dir():
            raise OutputError(f"{folder}: is a file; --report needs a folder")
        # A file higher up would stop the folder being made only after every example was replayed.
        above = next((p for p in folder.absolute().parents if p.exists()), None)
        if above is not None and not above.is_dir():
            raise OutputError(f"{folder}: {above} is a file; --report needs a folder")
        for name in (HTML_NAME, PDF_NAME):
            path = folder / name
            if is_link(path):
                raise OutputError(f"{path}: is a link; kitpress does not write through links")
            if path.is_dir():
                raise OutputError(f"{path}: is a folder where the report's file goes; move it away")


def write_report(folder: Path, checked: list[Checked]) -> list[Path]:
    """DIR/check-report.html and .pdf; both are typeset before either is written. Returns the paths."""
    files = {folder / HTML_NAME: render_html(checked).encode("utf-8"), folder / PDF_NAME: render_pdf(checked)}
    check_folder(folder)  # again: the folder may have changed while the examples were replayed
    with os_errors(folder):
        folder.mkdir(parents=True, exist_ok=True)
        for path, data in files.items():
            # A temporary file renamed over the name: a link put there since is replaced, never written through.
            write_bytes(path, data)
    return list(files)

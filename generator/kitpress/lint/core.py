"""Run every check over a game's print jobs (in memory) and over written PDFs."""

from __future__ import annotations

import itertools
import logging
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kitpress.lint import colour, fit, pdffonts, printed_words, words
from kitpress.lint.findings import ERROR, WARNING, Finding
from kitpress.lint.measure import MONO_SCALE, Ask, Measured, measure
from kitpress.lint.pairs import Pair, declared_pairs
from kitpress.lint.pairs import check_declared as _declared
from kitpress.lint.pairs import unique as _unique
from kitpress.pieces import Art, PrintJob

if TYPE_CHECKING:
    from kitpress.spec.load import LoadedSpec

log = logging.getLogger(__name__)

PdfSource = str | Path | tuple[str, bytes]


@dataclass(frozen=True)
class Face:
    label: str
    art: Art


def faces(job: PrintJob) -> list[Face]:
    """Each distinct art of the job once, fronts first; a back named like a front is labelled as a back."""
    seen: dict[str, Face] = {}
    labels: set[str] = set()
    front_names = {a.name for a in job.fronts}
    for art, back in [*((a, False) for a in job.fronts), *((a, True) for a in job.backs)]:
        if art.svg in seen:
            continue
        label = f"{art.name} (back)" if back and art.name in front_names else art.name
        n = 2
        while label in labels:  # two different arts under one name
            label, n = f"{art.name} #{n}", n + 1
        labels.add(label)
        seen[art.svg] = Face(label, art)
    return list(seen.values())


def lint_jobs(loaded: LoadedSpec, jobs: Sequence[PrintJob], *, pairs: list[Pair] | None = None, raster_checks: bool = True) -> list[Finding]:
    """Every check on the game's jobs as rendered in memory. `pairs` overrides the renderer's colour_pairs."""
    game = str(loaded.id)
    if pairs is None:
        pairs = declared_pairs(loaded)
    return check_jobs(game, jobs, pairs, raster_checks=raster_checks) + words.check_component_names(game, jobs, loaded.spec.components, loaded.text)


def check_jobs(game: str, jobs: Sequence[PrintJob], pairs: list[Pair] | None, *, raster_checks: bool = True) -> list[Finding]:
    findings: list[Finding] = []
    for job in jobs:
        findings += _check_job(game, job, derive_pairs=pairs is None, raster_checks=raster_checks)
    findings += fit.check(game, jobs)  # pieces against the boxes of other jobs' art (the board's)
    findings += fit.hidden_values(game, jobs)
    if pairs:
        findings += _declared(game, pairs)
    return _unique(findings)


Measurer = Callable[[PrintJob, Sequence[Art], Sequence[Ask], bool], list[Measured]]


def _check_job(game: str, job: PrintJob, *, derive_pairs: bool, raster_checks: bool, measurer: Measurer = measure) -> list[Finding]:
    """The job's checks: each face's own (`measurer`: lint.measure.measure, or a build's cache of it),
    then those across its faces. Colour may carry meaning among the distinct fronts (and the backs,
    when they differ): those faces are compared in black and white, and their dominant colours paired."""
    out: list[Finding] = []
    pieces = faces(job)
    chosen = {f.label for f in _colour_faces(job, pieces)}
    across = len(chosen) >= 2 and raster_checks
    asks = [Ask(mono=across and f.label in chosen, dominant=across and derive_pairs and f.label in chosen) for f in pieces]
    found = dict(zip((f.label for f in pieces), measurer(job, [f.art for f in pieces], asks, raster_checks), strict=True))
    for face in pieces:
        out.extend(Finding(game, job.name, face.label, severity, message, check) for severity, check, message in found[face.label].problems)
    if across:
        arts = {f.label: f.art for f in pieces if f.label in chosen}
        out += _colour_only(game, job, arts, {label: found[label].mask for label in arts})
        if derive_pairs:
            out += _derived(game, job, arts, {label: found[label].dominant for label in arts})
    return out


def _colour_faces(job: PrintJob, pieces: list[Face]) -> list[Face]:
    """The faces whose colours may carry meaning: distinct fronts, and distinct backs when backs differ."""
    fronts = {a.svg for a in job.fronts}
    backs = {a.svg for a in job.backs}
    keep = fronts | (backs if len(backs) > 1 else set())
    return [f for f in pieces if f.art.svg in keep]


def _same_piece(a: Art, b: Art) -> bool:
    """Faces that could be mistaken for each other: same size and cut. Size alone tells the rest apart."""
    return (round(a.trim_w, 1), round(a.trim_h, 1), a.shape) == (round(b.trim_w, 1), round(b.trim_h, 1), b.shape)


def _colour_only(game: str, job: PrintJob, arts: dict[str, Art], masks: dict[str, Any]) -> list[Finding]:
    out = []
    for a, b, area in colour.same_prints(masks, MONO_SCALE):
        if not _same_piece(arts[a], arts[b]):
            continue
        out.append(Finding(game, job.name, a, ERROR, f"prints the same as {b!r} in black and white (they differ by {area:.1f} pt² once colour is gone): whatever the colour means must also be carried by a symbol, pattern or word", "colour-only"))
    return out


def _derived(game: str, job: PrintJob, arts: dict[str, Art], dominant: dict[str, Any]) -> list[Finding]:
    """No declared pairs: every two distinct dominant colours of the job's same-sized faces (a warning, as a guess)."""
    out: list[Finding] = []
    done: set[tuple[str, str]] = set()
    for a, b in itertools.combinations(dominant, 2):
        ca, cb = dominant[a], dominant[b]
        key = tuple(sorted((colour.hexcode(ca), colour.hexcode(cb))))
        if ca == cb or key in done or not _same_piece(arts[a], arts[b]):
            continue
        done.add(key)  # type: ignore[arg-type]
        ok, numbers = colour.pair_report(ca, cb)
        if not ok:
            hint = colour.suggestion(ca, cb)
            out.append(Finding(game, job.name, f"{a} vs {b}", WARNING, f"dominant colours {numbers}" + (f"; to fix, {hint}" if hint else "") + "; a warning, as kitpress cannot know whether these two colours must be told apart: if they mean different things, set them further apart in the spec", "contrast"))
    return out


def lint_pdfs(paths: Iterable[PdfSource], game: str = "") -> list[Finding]:
    """File-level checks on written PDFs (paths, or (name, bytes) pairs): every font embedded."""
    findings: list[Finding] = []
    for source in paths:
        if isinstance(source, tuple):
            name, data = source
        else:
            name, data = Path(source).name, Path(source).read_bytes()
        try:
            missing = pdffonts.unembedded_fonts(data)
        except Exception as exc:  # pypdf raises many kinds on a damaged file
            findings.append(Finding(game, name, "file", ERROR, f"cannot read the PDF: {exc}", "pdf"))
            continue
        for font, pages in missing.items():
            shown = ", ".join(map(str, pages[:5])) + (" …" if len(pages) > 5 else "")
            findings.append(Finding(game, name, f"page {pages[0]}", ERROR, f"font {font} is not embedded (pages {shown})", "font-embed"))
    return findings


def lint_printed(loaded: LoadedSpec, pdfs: Iterable[tuple[str, bytes]], lists_files: Collection[str] = (), student_files: Collection[str] | None = None) -> list[Finding]:
    """The printed-words check on written PDFs ((name, bytes) pairs): no internal word on any page, no
    equation broken over two lines (W3), and on a student's file (`student_files`; by default every file
    but the teacher's: lint.words.student_file) no ruling number (W1) and no undefined jargon (W2).
    `lists_files`: the pages whose work is to name the kit's files (the print and assemble page)."""
    vocabulary = printed_words.vocabulary(loaded.engine, loaded.spec.identity.allowed_player_counts())
    said = words.words_of(loaded)
    game = str(loaded.id)
    out: list[Finding] = []
    for name, data in pdfs:
        student = words.student_file(name) if student_files is None else name in student_files
        out += printed_words.check_printed(game, name, data, vocabulary, files_allowed=name in lists_files)
        out += words.check_pdf(game, name, data, said, student)
    return out


def lint_words(loaded: LoadedSpec, jobs: Sequence[PrintJob], typeset: bool = True) -> list[Finding]:
    """The printed-words check before anything is typeset: the pieces' SVG text and both rule books'
    HTML (on Letter; the words do not change with the paper), for `kitpress lint`; the words rules on
    the same (lint.words), and, with `typeset`, on the rule books laid out (the typesetter's cache makes
    that free after a build). The rule books are read only when their worked examples hold, as only then
    are they printed."""
    from kitpress.check import replay_all

    game = str(loaded.id)
    vocabulary = printed_words.vocabulary(loaded.engine, loaded.spec.identity.allowed_player_counts())
    said = words.words_of(loaded)
    out = []
    for job in jobs:
        for face in faces(job):
            out += printed_words.check_markup(game, job.name, face.art.svg, vocabulary)
            out += words.check_text(game, job.name, face.label, printed_words.markup_text(face.art.svg), said)
    replays = replay_all(loaded.engine, list(loaded.spec.examples))
    if all(r.ok for r in replays):
        out += lint_books(loaded, replays)
        if typeset:
            from kitpress.booklet.typeset import render_pdf, render_teachers_pdf

            out += words.check_pdf(game, "student rules", render_pdf(loaded, replays, "letter")[0], said, student=True, typeset=True)
            out += words.check_pdf(game, "teacher's book", render_teachers_pdf(loaded, replays, "letter")[0], said, student=False, typeset=True)
    return _unique(out)


def lint_books(loaded: LoadedSpec, replays: Sequence[Any]) -> list[Finding]:
    """The rule books' HTML, before typesetting: the printed-words check on both; W1 and W2 on the
    student rules; W6 on both books' examples; W4 on every diagram of their examples."""
    from kitpress.booklet.typeset import render_html, render_teachers_html
    from kitpress.lint import labels

    game = str(loaded.id)
    vocabulary = printed_words.vocabulary(loaded.engine, loaded.spec.identity.allowed_player_counts())
    said = words.words_of(loaded)
    student, teachers = render_html(loaded, list(replays), "letter"), render_teachers_html(loaded, list(replays), "letter")
    out = printed_words.check_markup(game, "student rules", student, vocabulary)
    out += printed_words.check_markup(game, "teacher's book", teachers, vocabulary)
    out += words.check_text(game, "student rules", "text", printed_words.markup_text(student), said)
    out += words.check_examples(game, "student rules", student, replays)
    out += words.check_examples(game, "teacher's book", teachers, replays)
    out += labels.check_diagrams(game, "teacher's book", teachers)  # every example's diagrams are there
    return _unique(out)


def preflight(loaded: LoadedSpec, jobs: Sequence[PrintJob], pdf_paths: Iterable[PdfSource] | None = None) -> list[Finding]:
    """What `build` runs before it writes: every job check, and the file checks on the PDFs if given."""
    from kitpress.lint.sources import undeclared_sources

    pdfs = [(Path(s).name, Path(s).read_bytes()) if not isinstance(s, tuple) else s for s in pdf_paths or []]
    return lint_jobs(loaded, jobs) + lint_pdfs(pdfs, game=str(loaded.id)) + lint_printed(loaded, pdfs) + undeclared_sources(loaded)

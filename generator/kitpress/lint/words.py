"""The words a student reads: numbered preflight rules every pack gets (docs/lint.md, "Words").

W1 no ruling number or internal reference on a student's page; W2 a design's own word (StreakCount) only
when the spec's glossary says it in plain words; W3 no line break inside an equation or between a sign
and its number, read from the laid-out pages; W4 (lint.labels) diagram labels in one row, never on top
of each other; W5 (lint.layout) text at least the size its kind of piece is read at; W6 a book's example
shows only plays a player makes; W7 one name per component, the spec's; W8 (lint.labels) a chip never
hides the value of the box it marks.

Student-facing: every printed piece and the student rules. The teacher's book, the print-and-assemble
page and the class kit's pages are the teacher's, and may point at rulings.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kitpress.lint.findings import ERROR, Finding

if TYPE_CHECKING:
    from kitpress.check import Replay
    from kitpress.pieces import PrintJob
    from kitpress.spec.load import LoadedSpec

# The rules' numbers and names, as `[W1 internal-reference]` in a finding and in docs/lint.md.
RULES = {
    "W1": "internal-reference",
    "W2": "jargon",
    "W3": "equation-break",
    "W4": "diagram-labels",
    "W5": "text-size",
    "W6": "example-plays",
    "W7": "component-name",
    "W8": "chip-hides-value",
}


def rule(number: str) -> str:
    """The check id a finding of rule `number` carries: "W1 internal-reference"."""
    return f"{number} {RULES[number]}"


# Files a teacher or a print shop reads, by their kind (a kit's manifest) or, for a PDF known only by
# its name, by what the name says.
TEACHER_KINDS = frozenset({"teachers-book", "assembly", "calibration", "packing-list", "teacher-guide", "cover"})
_TEACHER_NAME = re.compile(r"teachers?-book|print-and-assemble|calibration|packing|teacher-guide|cover", re.IGNORECASE)


def student_file(name: str) -> bool:
    """A written file a student reads, by its name: every piece and the student rules."""
    return _TEACHER_NAME.search(name) is None


# --- W1: ruling numbers and internal references ---------------------------------------------------

# "ruling R4", "rulings R1–R4", "(R9)", "(R8, R9)": pointers into the teacher's book, which a student
# does not hold.
_RULING = re.compile(r"\brulings?\s+R?\d+\b|\(\s*R\d+(?:\s*(?:[–,-]|and)\s*R?\d+)*\s*\)", re.IGNORECASE)


@dataclass(frozen=True)
class Words:
    """What a game's student pages may not print, and the design words its glossary introduces."""

    document_id: str = ""
    glossary: tuple[str, ...] = ()


def words_of(loaded: LoadedSpec) -> Words:
    identity = loaded.spec.identity
    credits = " ".join([identity.title, identity.credit, identity.rights, *identity.designers])
    names = tuple(m.group(0) for m in _CAMEL.finditer(credits))
    return Words(identity.document_id if len(identity.document_id) >= 4 else "", tuple(t.term for t in loaded.spec.glossary) + names)


def internal_references(text: str, words: Words) -> Iterator[str]:
    for m in _RULING.finditer(text):
        yield m.group(0)
    if words.document_id and words.document_id in text:
        yield words.document_id


# --- W2: a design's jargon ------------------------------------------------------------------------

# A word run together from words with capitals inside it (StreakCount, blueTotal): an identifier from a
# design document, which an 11-year-old reads as a typo unless it has been said in plain words.
# Two or more words, each a capital and small letters, after a first that may be small (iPad); not an
# abbreviation (PhD, ΣF). The spec's credits may print names written so (a company's EdTec).
_CAMEL = re.compile(r"\b(?:[a-z]+|[A-Z][a-z]+)(?:[A-Z][a-z]+)+\b")


def jargon(text: str, words: Words) -> Iterator[str]:
    for m in _CAMEL.finditer(text):
        if m.group(0) not in words.glossary:
            yield m.group(0)


def check_text(game: str, component: str, where: str, text: str, words: Words) -> list[Finding]:
    """W1 and W2 on a student's page: one finding per distinct word."""
    out: dict[str, Finding] = {}
    for found in internal_references(text, words):
        out.setdefault(f"1{found}", Finding(game, component, where, ERROR, f"prints “{found}”, a pointer into the teacher's book or the design document, on a student's page: leave it out (the teacher's book keeps it)", rule("W1")))
    for found in jargon(text, words):
        out.setdefault(f"2{found}", Finding(game, component, where, ERROR, f"prints “{found}”, a design document's own word, on a student's page: say it in plain words, or give it a glossary entry (glossary: - term: {found}, meaning: …)", rule("W2")))
    return list(out.values())


# --- W3: equations kept on one line ---------------------------------------------------------------

OPERATORS = "=+−×÷<>≤≥≠"
# A line that ends on an operator standing alone ("… Δ =", "7 + 1 =", "… −") or starts with one that
# needs something before it ("= |…|", "× 3"): the equation runs on over the break.
_ENDS = re.compile(rf"(?:^|\s)[{OPERATORS}]$")
_STARTS = re.compile(r"^[=×÷≤≥≠](?:\s|$)")


def broken_equations(lines: Sequence[str]) -> Iterator[tuple[str, str]]:
    """(end of one line, start of the next) for each line break inside an equation."""
    for a, b in itertools.pairwise(lines):
        a, b = a.rstrip(), b.lstrip()
        if a and b and (_ENDS.search(a) or _STARTS.search(b)):
            yield " ".join(a.split()[-3:]), " ".join(b.split()[:3])


def page_lines(pdf: bytes) -> list[list[str]]:
    """Each page's text as its lines, in the order they are laid out."""
    from kitpress.lint.printed_words import page_texts

    return [text.split("\n") for text in page_texts(pdf)]


_TYPESET_NAME = re.compile(r"-rules-|teachers?-book")


def typeset_file(name: str) -> bool:
    """A rule book, whose lines the typesetter broke (a piece's lines are drawn where the art put them, and
    a PDF reader's order of them is not a reading order)."""
    return _TYPESET_NAME.search(name) is not None


def check_pdf(game: str, name: str, pdf: bytes, words: Words, student: bool, typeset: bool | None = None) -> list[Finding]:
    """W3 on every page of a typeset book (`typeset`; by default told by the file's name); W1 and W2 on a
    student's file."""
    out: list[Finding] = []
    seen: set[str] = set()
    typeset = typeset_file(name) if typeset is None else typeset
    for number, lines in enumerate(page_lines(pdf), start=1):
        for end, start in broken_equations(lines) if typeset else ():
            key = f"{end}/{start}"
            if key not in seen:
                seen.add(key)
                out.append(Finding(game, name, f"page {number}", ERROR, f"an equation is broken over two lines: “{end} / {start}”: keep an equation, and a sign with its number, on one line", rule("W3")))
        if student:
            for finding in check_text(game, name, f"page {number}", " ".join(lines), words):
                if finding.message not in seen:
                    seen.add(finding.message)
                    out.append(finding)
    return out


# --- W6: a book's example shows only plays a player makes -----------------------------------------


def unplayed_steps(replays: Iterable[Replay]) -> Iterator[tuple[Replay, int]]:
    """(replay, step number) of each step played after the game had ended: the check replays it to show
    the rules refuse it, but no player makes it, so no book prints it."""
    for replay in replays:
        for step in replay.steps:
            if step.after_the_end:
                yield replay, step.number


def check_examples(game: str, book: str, html: str, replays: Sequence[Replay]) -> list[Finding]:
    """W6 on a book's HTML: no printed step is a play after the game's end."""
    out = []
    for replay, number in unplayed_steps(replays):
        anchor = re.sub(r"[^a-z0-9-]", "-", replay.example.id.lower())
        if f'id="step-{anchor}-{number}"' in html:
            out.append(Finding(game, book, f"example {replay.example.id}", ERROR, f"prints step {number}, a play after the game is over (“Not allowed: the game is over”): a book's example shows only plays a player makes", rule("W6")))
    return out


# --- W7: one name per component -------------------------------------------------------------------


def _kind(word: str) -> str:
    return word.lower().removesuffix("s")


def check_component_names(game: str, jobs: Sequence[PrintJob], components: Sequence[Any], text: Any = str) -> list[Finding]:
    """W7: a print job that prints the one component of its kind carries that component's name, as the
    spec writes it, wherever the kit names the job (the print-and-assemble page, the packing list)."""
    out = []
    printed = [c for c in components if c.print != "none"]
    for job in jobs:
        same = [c for c in printed if _kind(c.print) == _kind(job.kind)]
        if job.title and len(same) == 1 and _norm(job.title) != _norm(text(same[0].name)):
            out.append(Finding(game, job.name, "title", ERROR, f"names the component “{text(same[0].name)}” “{job.title}”: one name per component, the spec's (components[].name)", rule("W7")))
    return out


def _norm(name: str) -> str:
    return " ".join(name.lower().split())

"""What each rule book prints of one spec: the pack's RuleBook (or the default) resolved against the
engine's sections and the spec's examples. Game knowledge stays in the packs; this module only orders.

- The student rules print the pack's student sections, the chosen examples and the referee checklist.
- The teacher's book opens with the teacher sections, then prints the rules (the student sections),
  every example, the rulings, the variants, and every other section as design notes.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from kitpress.packs import BOOK_PARTS, RuleBook, packs
from kitpress.spec.load import LoadedSpec

EXAMPLES, CHECKLIST, COMPONENTS = "@examples", "@referee_checklist", "@components"


@dataclass(frozen=True)
class Contents:
    student: tuple[str, ...]  # the student rules' parts in print order: section keys and BOOK_PARTS
    student_examples: tuple[str, ...]  # example ids, in the spec's order
    teacher: tuple[str, ...]  # sections the teacher's book opens with, in the document's order
    notes: tuple[str, ...]  # the design notes: every other section, in the document's order

    @property
    def rules(self) -> tuple[str, ...]:
        """The design-document sections of the student rules, which the teacher's book prints too."""
        return tuple(name for name in self.student if not name.startswith("@"))


def document_sections(loaded: LoadedSpec) -> list[str]:
    """The engine's design-document sections in the document's order (its "@" placements left out)."""
    return [name for name in loaded.engine.sections if not name.startswith("@")]


def default_rule_book(loaded: LoadedSpec) -> RuleBook:
    """For a pack that does not say: every section is a rule, and the first example is the students'."""
    first = tuple(e.id for e in loaded.spec.examples[:1])
    return RuleBook(student_sections=(COMPONENTS, *document_sections(loaded), EXAMPLES, CHECKLIST), student_examples=first)


def contents(loaded: LoadedSpec) -> Contents:
    pack = packs().get(loaded.engine.id)
    book = pack.rule_book if pack is not None else None
    if book is None:
        book = default_rule_book(loaded)
    elif not book.student_sections:  # examples or teacher sections named: the students get the rest
        rest = tuple(n for n in default_rule_book(loaded).student_sections if n not in book.teacher_sections)
        book = replace(book, student_sections=rest)
    order = document_sections(loaded)
    student = _in_document_order([n for n in book.student_sections if n in order or n in BOOK_PARTS], order)
    if CHECKLIST not in student:
        student.append(CHECKLIST)
    if EXAMPLES not in student:
        student.insert(student.index(CHECKLIST), EXAMPLES)
    ids = [e.id for e in loaded.spec.examples]
    # A spec of the pack's engine may not hold the pack's examples (a user's own spec): then its first.
    chosen = tuple(i for i in ids if i in book.student_examples) or tuple(ids[:1])
    teacher = tuple(n for n in order if n in book.teacher_sections and n not in student)
    notes = tuple(n for n in order if n not in student and n not in teacher)
    return Contents(tuple(student), chosen, teacher, notes)


def _in_document_order(parts: list[str], order: list[str]) -> list[str]:
    """The pack's list with its design-document sections put in the document's order, each in one of the
    places the pack gave the sections; the "@" parts stay where the pack put them."""
    unique = list(dict.fromkeys(parts))
    sections = iter(sorted((p for p in unique if not p.startswith("@")), key=order.index))
    return [p if p.startswith("@") else next(sections) for p in unique]

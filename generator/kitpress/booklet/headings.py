"""Section numbers as a book prints them, and the texts' references to them.

The design document numbers its sections for itself; a book prints only some of them, in its own order,
so copying those numbers would start a student's sheet at 3 and jump to 10. Each book therefore numbers
the rules 1, 2, 3 … in print order, and a subsection the way the document styles it: 7.3 as "5.3", 3A
as "3A". The rules carry the same numbers in the student rules and in the teacher's book, so a teacher
can say "rule 5.3" to the class; the teacher's own sections stay unnumbered. A text refers to a section
as {§key} (a top-level key, or a subsection's `id`) and reads the number it has in this book.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Iterable

from kitpress.spec_model import Section
from kitpress.spec_text import refer

NUMBERED_TITLE = re.compile(r"^\((?P<n>[0-9A-Za-z.]{1,4})\)\s+")  # "(1) Choosing sides": the title's own number


class Headings:
    """Each heading as printed: (number, title). Number the rules with `number`, in print order, then let
    every other section be `visit`ed (unnumbered) before the book is rendered."""

    def __init__(self, text: Callable[[str], str]) -> None:
        self.text = text
        self.count = 0
        self.shown: dict[int, tuple[str, str]] = {}
        self.by_key: dict[str, Section] = {}

    def number(self, sections: Iterable[tuple[str, Section]]) -> None:
        """The rules, in print order: each section the document numbers gets the book's next number."""
        for key, section in sections:
            own = ""
            if section.number.strip():
                self.count += 1
                own = str(self.count)
            self._show(key, section, own)

    def visit(self, key: str, section: Section) -> None:
        """A section the book prints without numbers (the teacher's own, the design notes)."""
        if id(section) not in self.shown:
            self._show(key, section, "")

    def _show(self, key: str, section: Section, number: str) -> None:
        self.by_key[key] = section
        self.shown[id(section)] = (number, _own_title(self.text(section.title), section.number))
        seen: set[str] = set()
        count = 0
        for sub in section.subsections:
            own = sub.number.strip()
            printed = ""
            if number and own and own not in seen:  # a note filed under 3A beside 3A itself prints none
                count += 1
                printed = f"{number}{_letter(count)}" if own[-1].isalpha() else f"{number}.{count}"
            seen.add(own)
            self._show(sub.id or f"{key}/{count}", sub, printed)

    def __call__(self, section: Section) -> tuple[str, str]:
        return self.shown[id(section)]

    def refer(self, value: str) -> str:
        """The text with each {§key} replaced by the number that section prints with in this book, or by
        its title in quotation marks where it prints none."""
        return refer(value, self._reference)

    def _reference(self, key: str) -> str | None:
        section = self.by_key.get(key)
        if section is None:
            return None
        number, title = self(section)
        return number or f"“{title}”"


def _own_title(title: str, number: str) -> str:
    match = NUMBERED_TITLE.match(title)
    return title[match.end() :] if match and number.strip().endswith(match["n"]) else title


def _letter(count: int) -> str:
    return string.ascii_uppercase[(count - 1) % 26]

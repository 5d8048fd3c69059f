"""The teacher's book's contents list, set in two columns split here rather than by CSS columns.

WeasyPrint balances a multi-column box by laying it out again one pixel taller until it fits, and the
contents list (dotted leaders, page numbers from the pages it points to) made that loop most of the
book's typesetting time: Momentum's book took 5.2 s, 1.3 s without it. The columns are two plain lists
side by side instead, split where their heights, measured with the bundled font's widths, come
closest; a chapter's line never ends a column (it stays with its first entry).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kitpress.booklet.books import CHECKLIST, COMPONENTS, EXAMPLES, Contents
from kitpress.booklet.headings import Headings
from kitpress.fonts import text_width

INDENT_EM = 1.3  # an entry under its chapter (booklet.css: .toc .entry)
MAX_EM = 22.0  # an entry's line at most this long, leader and page number included (.toc li)
TAIL_EM = 3.0  # the least a line's leader, space and page number take
CHAPTER_GAP_EM = 0.35  # above a chapter's line (.toc .chapter-entry)
ENTRY_GAP_EM = 0.1  # between two entries (their 0.05em margins)
LINE_EM = 1.2  # a line's height


@dataclass(frozen=True)
class Row:
    """One line of the contents: a chapter or an entry under one, and where it points."""

    anchor: str
    text: str
    chapter: bool

    @property
    def head(self) -> str:
        """All but the last word: the last stays on the line of its dots and page number."""
        return self.text.rsplit(" ", 1)[0] if " " in self.text else ""

    @property
    def last(self) -> str:
        return self.text.rsplit(" ", 1)[-1]


def lines(row: Row, column: float, size: float) -> int:
    """How many lines the row takes in a column `column` pt wide, its words wrapped as the typesetter
    would (the last word carries the leader and page number)."""
    style = "bold" if row.chapter else "regular"
    room = min(column - (0 if row.chapter else INDENT_EM * size), MAX_EM * size)
    space = text_width(" ", size, style)
    words = row.text.split(" ")
    count, used = 1, 0.0
    for i, word in enumerate(words):
        width = text_width(word, size, style) + (TAIL_EM * size if i == len(words) - 1 else 0)
        if used and used + space + width > room:
            count, used = count + 1, width
        else:
            used += (space if used else 0) + width
    return count


def _height(row: Row, column: float, size: float) -> float:
    return (lines(row, column, size) * LINE_EM + (CHAPTER_GAP_EM if row.chapter else ENTRY_GAP_EM)) * size


def split(rows: list[Row], column: float, size: float) -> tuple[list[Row], list[Row]]:
    """The rows in two columns of nearly equal height, the first never ending on a chapter's line."""
    heights = [_height(r, column, size) for r in rows]
    total = sum(heights)
    best, best_at, above = total, len(rows), 0.0
    for at in range(1, len(rows)):
        above += heights[at - 1]
        if rows[at - 1].chapter:
            continue
        tallest = max(above, total - above)
        if tallest < best:
            best, best_at = tallest, at
    return rows[:best_at], rows[best_at:]


def entries(
    book: Contents,
    sections: dict[str, Any],
    heads: Headings,
    examples: list[dict[str, Any]],
    spec: Any,
    *,
    making: bool,
    design: bool,
) -> list[Row]:
    """The teacher's book's contents in print order: each chapter, then what it holds. The anchors are
    the ids teachers-book.html gives the chapters and sections."""

    def section(name: str) -> Row:
        number, title = heads(sections[name])
        return Row("s-" + name, f"{number} {title}" if number else title, False)

    rows = [Row("teaching", "Teaching the game", True), *map(section, book.teacher)]
    rows += [
        Row("goals", "Learning goals", False),
        Row("classroom", "In the classroom", False),
        Row("rules", "The rules", True),
    ]
    for part in book.student:
        if part == COMPONENTS:
            rows.append(Row("components", "What is in the kit", False))
        elif part == CHECKLIST:
            rows.append(Row("checklist", "Referee checklist", False))
        elif part != EXAMPLES:
            rows.append(section(part))
    if examples:
        rows += [
            Row("examples", "Worked examples", True),
            *(Row(ex["anchor"], f"{ex['label']}: {ex['title']}", False) for ex in examples),
        ]
    if spec.rulings:
        rows.append(Row("rulings", "Rulings", True))
    if design:
        rows.append(Row("design", "Variants and design notes", True))
        rows += [Row("variants", "Variants", False)] if spec.variants else []
        rows += [*map(section, book.notes)]
        rows += [Row("making", "Making the kit", False)] if making else []
    return rows

"""The rule books' diagram vocabulary, for the packs' step diagrams: the sizes a diagram draws at, and a
line of text whose numbers print large and whose words stay small.

A diagram is drawn at the size it prints (one user unit is one point), to fit one column of a rule book
(COLUMN_WIDTH): the typesetter grows a picture whose digits are smaller until they are 5 mm tall, and
shrinks one wider than its column, so a pack that follows these sizes is printed as drawn.
"""

from __future__ import annotations

import re
from typing import Any

from kitpress import fonts
from kitpress.render import svgkit as k

NUMBER_SIZE = 20.0  # pt: DejaVu's digits are 0.729 em, so 14.6 pt (5.1 mm) tall, read at arm's length
WORD_SIZE = 11.0  # pt: the books' body size; words in a diagram carry no number to misread
COLUMN_WIDTH = 246.0  # pt: one column of the student rules and the teacher's book on Letter and A4
# A token that holds a digit prints large whole: a number (+3, −4, ×2), a square (g4), a seat (negative-1).
NUMBER = re.compile(r"[\w+−×-]*\d[\w+−×-]*(?:\.\d+)?")


def runs(content: str) -> list[tuple[str, bool]]:
    """`content` cut into (text, is_number) runs: "Net: positive +3" → [("Net: positive ", False), ("+3", True)]."""
    out: list[tuple[str, bool]] = []
    at = 0
    for found in NUMBER.finditer(content):
        if found.start() > at:
            out.append((content[at : found.start()], False))
        out.append((found[0], True))
        at = found.end()
    if at < len(content):
        out.append((content[at:], False))
    return out


def _style(bold: bool, number: bool) -> str:
    return "bold" if bold or number else "regular"


def line_width(content: str, *, bold: bool = False, words: float = WORD_SIZE, numbers: float = NUMBER_SIZE) -> float:
    return sum(fonts.text_width(part, numbers if number else words, _style(bold, number)) for part, number in runs(content))


def line(parent: Any, dwg: Any, x: float, y: float, content: str, *, anchor: str = "middle", bold: bool = False, fill: str = k.INK, words: float = WORD_SIZE, numbers: float = NUMBER_SIZE) -> float:
    """One line on the baseline y: the words at `words` pt, every number bold at `numbers` pt. One <text>
    of <tspan> runs, so the line reads whole; placed from its measured width rather than by
    text-anchor, which renderers apply unevenly to runs of mixed sizes. Returns the width."""
    width = line_width(content, bold=bold, words=words, numbers=numbers)
    left = x - width / 2 if anchor == "middle" else (x - width if anchor == "end" else x)
    text = dwg.text("", insert=(round(left, 2), round(y, 2)), font_family=fonts.FAMILY, fill=fill)
    text.attribs["xml:space"] = "preserve"  # a run's spaces are part of the measured width
    for part, number in runs(content):
        attrs: dict[str, str] = {"font_size": f"{numbers if number else words:g}"}
        if bold or number:
            attrs["font_weight"] = "bold"
        text.add(dwg.tspan(part, **attrs))
    parent.add(text)
    return width

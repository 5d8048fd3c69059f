"""Rule W4: the labels of a drawing (a piece, or a rule book's diagram) in one row beside their cells,
never on top of each other.

Two ways a drawing fails a reader: two labels whose ink overlaps, and labels of one row of cells
staggered over two rows because one row could not hold them (a track's −4 −2 0 +2 +4 above −5 −3 −1 …),
so that a reader has to work out which number belongs to which cell. The second is told by labels that
hold a digit, of one size, whose ink boxes would overlap if they stood on one line (they are nearer
side by side than their widths) but stand on different lines. Lines of one label set under each other
(a centred "RED" over "WINS", a paragraph's lines) start or centre at the same place and are not
staggered.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator

from kitpress.lint import metrics
from kitpress.lint.findings import ERROR, Finding
from kitpress.lint.svgscan import Box, Item, scan
from kitpress.lint.words import rule
from kitpress.pieces import Art

Problem = tuple[str, str, str]
OVERLAP = 0.5  # pt both ways: ink that touches is not yet on top of another label
_SVG = re.compile(r"<svg\b.*?</svg>", re.DOTALL)


def all_labels(items: list[Item]) -> Iterator[tuple[Item, Box, float]]:
    """Each text with its ink box and printed size (a line of runs of several sizes as one text: its
    box is then only roughly measured)."""
    yield from _labels(items, mixed=True)


def _labels(items: list[Item], mixed: bool = False) -> Iterator[tuple[Item, Box, float]]:
    """Each text with its ink box and printed size."""
    from kitpress.lint.layout import _font_size, text_box

    for item in items:
        if item.tag != "text" or not item.text.strip() or ("font-size" not in item.style and not mixed):
            continue  # a line of runs of several sizes (booklet.diagram.line) is not measured as one
        family = item.style.get("font-family", "Helvetica")
        style, _ = metrics.resolve(family, item.style.get("font-weight", "normal"), item.style.get("font-style", "normal"))
        if style is None:
            continue
        size = _font_size(item.style.get("font-size", "12pt"))
        box = text_box(item, style, size)
        if box is not None:
            yield item, box, size * item.matrix.scale()


def check_labels(items: list[Item]) -> list[Problem]:
    """W4 on one drawing's scanned items."""
    labels = list(_labels(items))
    problems: list[Problem] = []
    done: set[tuple[str, str]] = set()
    for i, (a, ba, _) in enumerate(labels):
        for b, bb, _ in labels[i + 1 :]:
            w = min(ba[2], bb[2]) - max(ba[0], bb[0])
            h = min(ba[3], bb[3]) - max(ba[1], bb[1])
            if w > OVERLAP and h > OVERLAP:
                key = (a.text, b.text)
                if key not in done:
                    done.add(key)
                    problems.append((ERROR, rule("W4"), f"labels {a.text!r} and {b.text!r} are printed on top of each other ({w:.1f} × {h:.1f} pt)"))
    digits = sorted(((it, box, size) for it, box, size in labels if any(ch.isdigit() for ch in it.text) and len(it.text.strip()) <= 4), key=lambda t: (t[1][0] + t[1][2]) / 2)
    stagger = []
    for (a, ba, sa), (b, bb, sb) in itertools.pairwise(digits):
        same_size = abs(sa - sb) < 0.1
        apart = abs((ba[0] + ba[2]) - (bb[0] + bb[2])) / 2  # centre to centre
        width = max(ba[2] - ba[0], bb[2] - bb[0])
        other_line = abs(ba[3] - bb[3]) > 0.5 * max(ba[3] - ba[1], bb[3] - bb[1])
        near = abs(ba[3] - bb[3]) < 3 * max(ba[3] - ba[1], bb[3] - bb[1])
        if same_size and other_line and near and 0.2 * width < apart < width:
            stagger.append(f"{a.text}/{b.text}")
    if stagger:
        problems.append((ERROR, rule("W4"), f"labels of one row staggered over two rows ({', '.join(stagger[:4])}{' …' if len(stagger) > 4 else ''}): set them in one row beside their cells (fewer, smaller, or on wider cells)"))
    return problems


def check_equation_lines(items: list[Item]) -> list[Problem]:
    """Rule W3 on a drawing: a paragraph's lines (texts one under another, from the same x, in paint
    order) never break inside an equation."""
    from kitpress.lint.words import broken_equations

    texts = [it for it in items if it.tag == "text" and it.text.strip()]
    problems: list[Problem] = []
    for a, b in itertools.pairwise(texts):
        size = float(re.sub(r"[a-z]+$", "", a.style.get("font-size", "12")) or 12)
        if abs(a.x - b.x) < 0.5 and 0 < b.y - a.y <= 2 * size and a.matrix == b.matrix:
            for end, start in broken_equations([a.text, b.text]):
                problems.append((ERROR, rule("W3"), f"an equation is broken over two lines: “{end} / {start}”: keep an equation, and a sign with its number, on one line"))
    return problems


def check_diagrams(game: str, book: str, html: str) -> list[Finding]:
    """W4 on every inline SVG drawing of a book's HTML (render_html without images)."""
    out: list[Finding] = []
    seen: set[str] = set()
    for number, m in enumerate(_SVG.finditer(html), start=1):
        svg = m.group(0)
        if svg in seen:
            continue
        seen.add(svg)
        if 'xmlns="' not in svg[: svg.index(">")]:
            svg = svg.replace("<svg", '<svg xmlns="http://www.w3.org/2000/svg"', 1)
        box = re.search(r'viewBox="[\d.\s-]*?([\d.]+)\s+([\d.]+)"', svg[: svg.index(">")])
        try:  # in the drawing's own units: what is measured (overlap, stagger) does not depend on the scale
            items = scan(Art("diagram", svg, float(box[1]), float(box[2]), 0.0) if box else Art("diagram", svg, 0.0, 0.0, 0.0))
        except Exception:  # a drawing the scanner cannot read is left to the other checks
            continue
        for severity, check, message in check_labels(items):
            out.append(Finding(game, book, f"diagram {number}", severity, message, check))
    return out

"""Newtonian Rummy's worked-example strip: the track with the block before (dashed) and after (filled),
each team's total for the round, and the momentum marker — read from the engine's describe_state.

Drawn at the size it prints in one column of a rule book (kitpress.booklet.diagram): the spaces' numbers
are 20 pt, in one row just above the strip (where a reader looks for them, never staggered: lint rule
W4): every other space from 0, each number over its own space with two spaces' width for it, and the
two edges' numbers beside their spaces, over the team's name and pull direction at that end of the
strip; the round's numbers under it.
"""

from __future__ import annotations

from typing import Any

from kitpress import fonts
from kitpress.booklet import diagram as book
from kitpress.games.newtonian_rummy.art import marks as nm
from kitpress.games.newtonian_rummy.production import RummyBoard, RummyFaces
from kitpress.render import svgkit as k
from kitpress.spec.load import LoadedSpec

NUM = book.NUMBER_SIZE
CELL = 22.0  # a space; narrower on a track too long for one column
END = 37.0  # at each end of the strip: the team's name (11 pt) over its arrow
LABEL_H, TRACK_H, LINE_H = 21.0, 28.0, 26.0
GAP = 14.0  # between two parts of the caption on one line


def diagram(loaded: LoadedSpec, before: dict[str, Any], after: dict[str, Any]) -> str:
    lo, hi = after["track_min"], after["track_max"]
    n = hi - lo + 1
    # Two spaces for each number: on a track too long for that, the strip outgrows the column (and
    # the book prints it smaller) rather than set numbers over each other.
    widest = max(fonts.text_width(nm.signed(v), NUM, "condensed-bold") for v in (lo, hi))
    cell = min(CELL, max((book.COLUMN_WIDTH - 2 * END) / n, widest / 2 + 1.5))
    x0, top = END, LABEL_H + 2
    bottom = top + TRACK_H
    lines = _lines(_caption(loaded, after), book.COLUMN_WIDTH - 4)
    height = bottom + 6 + LINE_H * len(lines) + 4
    dwg = k.drawing(2 * x0 + n * cell, height)
    patterns = loaded.production("board", RummyBoard).edge_patterns
    owner_at = {value: team for team, value in after["edges"].items()}
    for i in range(n):
        value = lo + i
        x = x0 + i * cell
        owner = owner_at.get(value)
        if owner:
            colour = after["colours"][owner]
            dwg.add(dwg.rect((x, top), (cell, TRACK_H), fill=nm.tint(colour, 0.55)))
            nm.pattern(dwg, dwg, patterns.of(owner), (x + 1, top + 1, cell - 2, TRACK_H - 2), colour, gap=5)
        # Every other space from 0 numbered over its space; an edge beside its space, over its team's end.
        if value in (lo, hi):
            k.text(dwg, dwg, x - END / 2 if value == lo else x + cell + END / 2, top - 4, nm.signed(value), NUM, condensed=True)
        elif value % 2 == 0 and min(value - lo, hi - value) * cell + (cell + END) / 2 >= widest + 2:  # clear of an edge's
            k.text(dwg, dwg, x + cell / 2, top - 4, nm.signed(value), NUM, condensed=True)
        dwg.add(dwg.rect((x, top), (cell, TRACK_H), fill="none", stroke=k.INK, stroke_width=2.2 if value == 0 else 0.8))
    for team, edge in after["edges"].items():
        d = 1 if edge > 0 else -1
        colour = after["colours"][team]
        x = x0 + n * cell + END / 2 if d > 0 else x0 - END / 2
        name = nm.team(loaded, team).name.upper()
        size = k.fit_size(name, END - 3, book.WORD_SIZE, bold=True)
        k.text(dwg, dwg, x, top + 11, name, size, bold=True, fill=colour)
        dwg.add(k.arrow(dwg, x, top + TRACK_H - 7, END - 8, 4, d, fill=colour))
    centre = top + TRACK_H / 2

    def cx(pos: int) -> float:
        return x0 + (pos - lo) * cell + cell / 2

    side = min(cell, TRACK_H) * 0.6
    bx, ax = cx(before["position"]), cx(after["position"])
    if bx != ax:
        dwg.add(dwg.rect((bx - side / 2, centre - side / 2), (side, side), fill="#ffffff", stroke=k.GREY, stroke_width=1.2, stroke_dasharray="2,2"))
        d = 1 if ax > bx else -1
        dwg.add(dwg.line((bx + d * (side / 2 + 2), centre), (ax - d * (side / 2 + 6), centre), stroke=k.INK, stroke_width=1.4))
        tip = ax - d * (side / 2 + 1)
        dwg.add(k.polygon(dwg, [(tip, centre), (tip - d * 6, centre - 4), (tip - d * 6, centre + 4)], fill=k.INK))
    block = loaded.production("faces", RummyFaces).block.colour
    dwg.add(dwg.rect((ax - side / 2, centre - side / 2), (side, side), fill=block, stroke=k.INK, stroke_width=1.2))
    y = bottom + 6
    for parts in lines:
        y += LINE_H
        x = 2.0
        for label, colour, bold in parts:
            x += book.line(dwg, dwg, x, y - 7, label, anchor="start", fill=colour, bold=bold) + GAP
    return k.to_string(dwg)


def _lines(parts: list[tuple[str, str, bool]], width: float) -> list[list[tuple[str, str, bool]]]:
    """The caption's parts, as many on a line as its width holds: the strip stays short enough to keep
    beside its step's text on half a page."""
    lines: list[list[tuple[str, str, bool]]] = []
    used = width
    for part in parts:
        w = book.line_width(part[0], bold=part[2])
        if lines and used + GAP + w <= width:
            lines[-1].append(part)
            used += GAP + w
        else:
            lines.append([part])
            used = w
    return lines


def _caption(loaded: LoadedSpec, after: dict[str, Any]) -> list[tuple[str, str, bool]]:
    """Totals (when the engine reports them), the momentum marker, and the result: (text, colour, bold)."""
    parts: list[tuple[str, str, bool]] = []
    totals = after.get("totals")
    if totals:
        parts.append((" · ".join(f"{nm.team(loaded, t).name} {totals[t]}" for t in sorted(totals, key=lambda t: -after["edges"][t])), k.INK, False))
    mom = after["momentum"]
    if mom["direction"]:
        arrow = "→" if after["edges"][mom["direction"]] > 0 else "←"
        parts.append((f"momentum {arrow} ({nm.team(loaded, mom['direction']).name}, {mom['streak_count']})", after["colours"][mom["direction"]], False))
    else:
        parts.append((f"momentum ({loaded.text(loaded.production('faces', RummyFaces).momentum.none).lower()}, 0)", k.INK, False))
    result = after.get("result")
    if result:
        winners = result["winners"]
        label = f"{nm.team(loaded, winners[0]).name.upper()} {loaded.text(loaded.production('board', RummyBoard).wins)}" if winners else result["reason"]
        parts.append((label, after["colours"][winners[0]] if winners else k.INK, True))
    return parts


def start_words(loaded: LoadedSpec, start: dict[str, Any]) -> str:
    """Where an example starts, in words for the rule books, before its first round: the block's space
    and the momentum marker, written as the rules write it, "(Red, 1)" or "(none, 0)"."""
    momentum = start["momentum"]
    direction = momentum["direction"]
    marker = f"({'none' if direction is None else nm.team(loaded, direction).name}, {momentum['streak_count']})"
    fresh = start["position"] == 0 and direction is None and momentum["streak_count"] == 0
    return f"The block is on {nm.signed(start['position'])} and the momentum marker shows {marker}" + (", as at the start of a game." if fresh else ".")

"""Newtonian Rummy's worked-example strip: the track with the block before (dashed) and after (filled),
each team's total for the round, and the momentum marker — read from the engine's describe_state."""

from __future__ import annotations

from typing import Any

from kitpress import fonts
from kitpress.games.newtonian_rummy.art import marks as nm
from kitpress.render import svgkit as k
from kitpress.spec.load import LoadedSpec

WIDTH = 440.0
SIDE = 46.0  # room for a team's name at each end of the strip


def diagram(loaded: LoadedSpec, before: dict[str, Any], after: dict[str, Any]) -> str:
    lo, hi = after["track_min"], after["track_max"]
    n = hi - lo + 1
    cell = min(30.0, (WIDTH - 2 * SIDE) / n)
    x0 = SIDE
    top, h = 16.0, 28.0
    dwg = k.drawing(x0 + n * cell + SIDE, 78.0)
    patterns = loaded.spec.production.board["edge_patterns"]
    owner_at = {value: team for team, value in after["edges"].items()}
    for i in range(n):
        value = lo + i
        x = x0 + i * cell
        owner = owner_at.get(value)
        if owner:
            colour = after["colours"][owner]
            dwg.add(dwg.rect((x, top), (cell, h), fill=nm.tint(colour, 0.55)))
            nm.pattern(dwg, dwg, patterns[owner], (x + 1, top + 1, cell - 2, h - 2), colour, gap=5)
        k.text(dwg, dwg, x + cell / 2, top - 4, nm.signed(value), 7.5, bold=True)
        dwg.add(dwg.rect((x, top), (cell, h), fill="none", stroke=k.INK, stroke_width=2.2 if value == 0 else 0.8))
    for team, edge in after["edges"].items():
        d = 1 if edge > 0 else -1
        name = nm.team(loaded, team).name.upper()
        x = x0 + n * cell + 6 if d > 0 else x0 - 6
        k.text(dwg, dwg, x, top + 12, name, 8, bold=True, anchor="start" if d > 0 else "end", fill=after["colours"][team])
        dwg.add(k.arrow(dwg, x + d * 14, top + 21, 26, 4, d, fill=after["colours"][team]))
    centre = top + h / 2

    def cx(pos: int) -> float:
        return x0 + (pos - lo) * cell + cell / 2

    side = min(cell, h) * 0.6
    bx, ax = cx(before["position"]), cx(after["position"])
    if bx != ax:
        dwg.add(dwg.rect((bx - side / 2, centre - side / 2), (side, side), fill="#ffffff", stroke=k.GREY, stroke_width=1.2, stroke_dasharray="2,2"))
        d = 1 if ax > bx else -1
        dwg.add(dwg.line((bx + d * (side / 2 + 2), centre), (ax - d * (side / 2 + 6), centre), stroke=k.INK, stroke_width=1.4))
        tip = ax - d * (side / 2 + 1)
        dwg.add(k.polygon(dwg, [(tip, centre), (tip - d * 6, centre - 4), (tip - d * 6, centre + 4)], fill=k.INK))
    block = loaded.spec.production.faces["block"]["colour"]
    dwg.add(dwg.rect((ax - side / 2, centre - side / 2), (side, side), fill=block, stroke=k.INK, stroke_width=1.2))
    _caption(dwg, loaded, after, x0, top + h + 18)
    return k.to_string(dwg)


def _caption(dwg: Any, loaded: LoadedSpec, after: dict[str, Any], x: float, y: float) -> None:
    """Totals (when the engine reports them), the momentum marker, and the result."""
    parts: list[tuple[str, str]] = []
    totals = after.get("totals")
    if totals:
        parts.append((" · ".join(f"{nm.team(loaded, t).name} {totals[t]}" for t in sorted(totals, key=lambda t: -after["edges"][t])), k.INK))
    mom = after["momentum"]
    if mom["direction"]:
        arrow = "→" if after["edges"][mom["direction"]] > 0 else "←"
        parts.append((f"momentum {arrow} ({nm.team(loaded, mom['direction']).name}, {mom['streak_count']})", after["colours"][mom["direction"]]))
    else:
        parts.append((f"momentum ({loaded.text(loaded.spec.production.faces['momentum']['none']).capitalize()}, 0)", k.INK))
    result = after.get("result")
    if result:
        winners = result["winners"]
        label = f"{nm.team(loaded, winners[0]).name.upper()} {loaded.text(loaded.spec.production.board['wins'])}" if winners else result["reason"]
        parts.append((label, after["colours"][winners[0]] if winners else k.INK))
    for i, (label, colour) in enumerate(parts):
        bold = i == len(parts) - 1 and bool(result)
        k.text(dwg, dwg, x, y, label, 9, anchor="start", fill=colour, bold=bold)
        x += fonts.text_width(label, 9, "bold" if bold else "regular") + 18

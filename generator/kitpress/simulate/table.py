"""The comparison table: one row per measure, one column per variant, as plain text or as cells."""

from __future__ import annotations

import math
from dataclasses import dataclass

from kitpress.simulate.stats import Proportion
from kitpress.simulate.summary import Pace, Summary


@dataclass(frozen=True)
class Table:
    columns: tuple[str, ...]  # variant keys, "base" first when compared
    rows: tuple[tuple[str, tuple[str, ...]], ...]  # (measure, one cell per column)


def pct(p: Proportion, interval: bool = True) -> str:
    if not p.n:
        return "—"
    text = f"{100 * p.rate:.1f}%"
    return f"{text} ({100 * p.low:.1f}–{100 * p.high:.1f})" if interval else text


def num(value: float | None, places: int = 1) -> str:
    return "—" if value is None or math.isnan(value) else f"{value:.{places}f}"


def build_table(summaries: list[Summary], sides: tuple[str, ...], speed: Pace) -> Table:
    unit = speed.unit
    rows: list[tuple[str, list[str]]] = [
        ("games", [str(s.games) for s in summaries]),
        ("completed by the rules", [pct(s.completed, False) for s in summaries]),
    ]
    rows += [(f"{side} wins (95% CI)", [pct(s.wins[side]) for s in summaries]) for side in sides]
    rows += [
        ("draws (95% CI)", [pct(s.draws) for s in summaries]),
        (f"length in {unit}: mean", [num(s.length.mean) for s in summaries]),
        (f"length in {unit}: sd", [num(s.length.sd) for s in summaries]),
        (f"length in {unit}: median", [num(s.length.median) for s in summaries]),
        (f"length in {unit}: 90th percentile", [num(s.length.p90, 0) for s in summaries]),
    ]
    if all(s.minutes is not None for s in summaries):  # only when the spec states a playing time
        rows += [
            ("minutes (estimated): mean", [num(s.minutes.mean) for s in summaries]),  # type: ignore[union-attr]
            ("minutes (estimated): 90th percentile", [num(s.minutes.p90) for s in summaries]),  # type: ignore[union-attr]
        ]
    rows += [
        ("lead changes per game", [num(s.lead_changes, 2) for s in summaries]),
        ("decisiveness", [num(s.decisiveness, 2) for s in summaries]),
    ]
    count = len(summaries[0].figures) if summaries else 0
    for i in range(count):
        rows.append((summaries[0].figures[i].label, [num(s.figures[i].value, 2) for s in summaries]))
    return Table(tuple(s.key for s in summaries), tuple((label, tuple(cells)) for label, cells in rows))


def render_text(table: Table) -> list[str]:
    """Aligned lines: measures on the left, a right-aligned column per variant."""
    left = max(len(label) for label, _ in table.rows)
    widths = [max(len(col), *(len(cells[i]) for _, cells in table.rows)) for i, col in enumerate(table.columns)]
    head = " " * left + "".join(f"  {col:>{w}}" for col, w in zip(table.columns, widths, strict=True))
    lines = [head]
    for label, cells in table.rows:
        lines.append(f"{label:<{left}}" + "".join(f"  {c:>{w}}" for c, w in zip(cells, widths, strict=True)))
    return [line.rstrip() for line in lines]

"""The comparison table: one row per measure, one column per variant, as plain text or as cells."""

from __future__ import annotations

import math
from dataclasses import dataclass

from kitpress.simulate.stats import Proportion
from kitpress.simulate.summary import SIDE_FLAG, Pace, Side, Summary


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


RULES_HEAD = "rules that acted, times per game:"
EFFECTS = {"base": "—", "identical": "identical", "none": "none measurable", "measurable": "measurable"}


def side(found: Side | None, flagged: bool = False) -> str:
    """"blue 70.9% (67.9–73.7)", with a "!" when the side's advantage is flagged."""
    if found is None:
        return "—"
    return " ".join(part for part in ("!" if flagged else "", found.side, pct(found.share)) if part)


def times(value: float) -> str:
    """A rule's count per game: "never" for none at all, small rates with the digits they need."""
    if math.isnan(value):
        return "—"
    if value == 0:
        return "never"
    return f"{value:.3f}" if value < 0.1 else f"{value:.2f}"


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
        ("side advantage (95% CI)", [side(s.side_advantage, s.flagged_side) for s in summaries]),
        ("first mover wins (95% CI)", [side(s.first_mover) for s in summaries]),
        ("lead changes per game", [num(s.lead_changes, 2) for s in summaries]),
        ("decisiveness", [num(s.decisiveness, 2) for s in summaries]),
    ]
    count = len(summaries[0].figures) if summaries else 0
    for i in range(count):
        rows.append((summaries[0].figures[i].label, [num(s.figures[i].value, 2) for s in summaries]))
    rules = summaries[0].rules if summaries else ()
    if rules:
        rows.append((RULES_HEAD, [""] * len(summaries)))
    for i, rule in enumerate(rules):
        rows.append((f"  {rule.label}", [times(s.rules[i].per_game) for s in summaries]))
    rows.append(("effect against base", [EFFECTS[s.effect] for s in summaries]))
    return Table(tuple(s.key for s in summaries), tuple((label, tuple(cells)) for label, cells in rows))


WIDTH = 100  # a terminal line, at most


def render_text(table: Table, width: int = WIDTH) -> list[str]:
    """Aligned lines: measures on the left, a right-aligned column per variant; as many columns as fit
    in `width` characters, the next ones in another block below (a blank line between), so no line is
    longer than `width`. A label too long to leave room for one column is cut with "…"."""
    widths = [max(len(col), *(len(cells[i]) for _, cells in table.rows)) for i, col in enumerate(table.columns)]
    left = min(max(len(label) for label, _ in table.rows), width - 2 - max(widths, default=0))
    blocks: list[list[int]] = [[]]
    for i, w in enumerate(widths):
        used = left + sum(2 + widths[j] for j in blocks[-1])
        if blocks[-1] and used + 2 + w > width:
            blocks.append([])
        blocks[-1].append(i)
    lines: list[str] = []
    for block in blocks:
        if lines:
            lines.append("")
        lines.append(" " * left + "".join(f"  {table.columns[i]:>{widths[i]}}" for i in block))
        for label, cells in table.rows:
            name = label if len(label) <= left else label[: left - 1] + "…"
            lines.append(f"{name:<{left}}" + "".join(f"  {cells[i]:>{widths[i]}}" for i in block))
    return [line.rstrip() for line in lines]


def flag_lines(summaries: list[Summary]) -> list[str]:
    """What a designer must not miss under the table: a side that wins too often, and variants whose
    results cannot be told from base's with this agent."""
    lines = []
    for s in summaries:
        if s.flagged_side and s.side_advantage is not None:
            share = s.side_advantage.share
            lines.append(
                f"! {s.key}: {s.side_advantage.side} wins {pct(share)} of the decided games: more than "
                f"{100 * SIDE_FLAG:.0f}%, and the interval excludes 50%"
            )
        if s.effect == "identical":
            lines.append(f"! {s.key}: every game ended as under base (same result, same length): with this agent, what it changes made no difference")
        elif s.effect == "none":
            lines.append(f"! {s.key}: no measurable effect with this agent: its results match base within their intervals")
    return lines

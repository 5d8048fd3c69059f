"""From records to the numbers of the table: one Summary per variant, and the minutes calibration.

Definitions (docs/simulate.md says the same):
- completion: games ended by the rules; the rest hit the turn cap and were judged by `engine.stop`.
- win rate per side, draw rate: over all games, capped ones as `stop` judged them; 95% Wilson intervals.
- length: decision points — rounds when every seat reveals at once, else turns.
- minutes: length × the game's seconds per round (or turn), calibrated so that the base rules' mean
  length takes the middle of the spec's identity.minutes (none when the spec states no time).
- lead changes: how often the side the engine's heuristic rates best switches to another side.
- decisiveness: in games one side won, the share of the game's rounds (turns) after which the eventual
  winner was ahead for good; near 1, the first lead decides; near 0, the game stays open to the end.
- side advantage: the side that won most of the decided games (those with a winner), and its share;
  flagged when above 60% with the interval excluding 50%.
- first mover: of decided games with a first mover (a seat deciding alone at the start), the share
  its side won.
- rules: per game, how often each rule acted, as the engine's events name them (counted on games
  played on the rules engine).
- effect against base: identical (every game the same as base's), none measurable (every result inside
  base's intervals and base's inside the variant's), or measurable.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass, replace

from kitpress.simulate.figures import figures_for, rule_labels
from kitpress.simulate.play import GameRecord
from kitpress.simulate.stats import Z95, Proportion, Spread, spread, wilson
from kitpress.simulate.sweep import Run, Sweep


@dataclass(frozen=True)
class Pace:
    """Seconds per round (or turn), from the spec's minutes and the base rules' mean length."""

    seconds: float | None  # None: the spec states no playing time, so no minutes are estimated
    minutes: tuple[int, int] | None
    base_mean: float
    unit: str

    def text(self) -> str:
        if self.minutes is None:
            return f"no playing time is stated, so minutes are not estimated (base rules' mean: {self.base_mean:.1f} {self.unit})"
        lo, hi = self.minutes
        played = f"{lo} minutes" if lo == hi else f"{lo}–{hi} minutes (middle {(lo + hi) / 2:g})"
        return (
            f"one {self.unit[:-1]} ≈ {self.seconds:.0f} s: a game's stated {played} "
            f"over the base rules' mean of {self.base_mean:.1f} {self.unit} with this agent"
        )


@dataclass(frozen=True)
class FigureValue:
    label: str
    value: float | None  # None: absent, as the engine's events did not carry it


@dataclass(frozen=True)
class RuleRate:
    key: str
    label: str
    per_game: float  # times it acted, per game
    games: Proportion  # games in which it acted at least once


@dataclass(frozen=True)
class Side:
    side: str
    share: Proportion  # of the decided games


SIDE_FLAG = 0.6  # a side winning more than this share of decided games, its interval above 1/2, is flagged


@dataclass(frozen=True)
class Summary:
    key: str
    name: str
    games: int
    completed: Proportion
    wins: dict[str, Proportion]
    draws: Proportion
    length: Spread
    minutes: Spread | None
    lead_changes: float | None
    decisiveness: float | None
    figures: tuple[FigureValue, ...]
    mean_interval: tuple[float, float]  # 95% interval of the mean length (normal approximation)
    side_advantage: Side | None  # None: no game was decided
    first_mover: Side | None  # None: no game had a seat deciding alone at the start
    rules_counted: int  # games whose rules were counted (played on the rules engine)
    rules: tuple[RuleRate, ...]
    effect: str = "base"  # against base: "base", "identical", "none" (no measurable effect), "measurable"

    @property
    def flagged_side(self) -> bool:
        share = self.side_advantage.share if self.side_advantage else None
        return share is not None and share.rate > SIDE_FLAG and share.low > 0.5


def unit_of(sweep: Sweep) -> str:
    together = all(r.together for run in sweep.runs for r in run.records)
    return "rounds" if together else "turns"


def pace(sweep: Sweep) -> Pace:
    base = sweep.base()
    mean = statistics.fmean(r.turns for r in base.records)
    if sweep.minutes is None:
        return Pace(None, None, mean, unit_of(sweep))
    lo, hi = sweep.minutes
    return Pace(60 * (lo + hi) / 2 / mean, sweep.minutes, mean, unit_of(sweep))


def figure_values(sweep: Sweep, run: Run) -> tuple[FigureValue, ...]:
    found = []
    for figure in figures_for(sweep.engine_id):
        counts = [dict(r.figures).get(figure.key) for r in run.records]
        if not counts or any(c is None for c in counts):
            found.append(FigureValue(figure.label, None))
        elif figure.per == "game":
            found.append(FigureValue(figure.label, math.fsum(counts) / len(counts)))  # type: ignore[arg-type]
        else:
            units = sum(r.turns for r in run.records)
            found.append(FigureValue(figure.label, math.fsum(counts) / units if units else None))  # type: ignore[arg-type]
    return tuple(found)


def mean_interval(length: Spread) -> tuple[float, float]:
    half = Z95 * length.sd / math.sqrt(length.n) if length.n else math.nan
    return (length.mean - half, length.mean + half)


def side_advantage(records: tuple[GameRecord, ...], sides: tuple[str, ...]) -> Side | None:
    decided = [r for r in records if r.winners]
    if not decided or not sides:
        return None
    wins = {side: sum(side in r.winners for r in decided) for side in sides}
    top = max(sides, key=lambda side: wins[side])  # the first side in seat order among equals
    return Side(top, wilson(wins[top], len(decided)))


def first_mover(records: tuple[GameRecord, ...]) -> Side | None:
    """Share of decided games won by the first mover's side, over games whose first mover is known."""
    known = [r for r in records if r.rules is not None and r.first is not None and r.winners]
    if not known:
        return None
    firsts = sorted({r.first for r in known})  # type: ignore[type-var]
    named = firsts[0] if len(firsts) == 1 else ""  # name the side when it is always the same one
    return Side(named, wilson(sum(r.first in r.winners for r in known), len(known)))


def rule_keys(sweep: Sweep) -> tuple[str, ...]:
    """Every rule the pack lists (one that never acted says so), then any other an event named, by id."""
    labels = rule_labels(sweep.engine_id)
    seen = {key for run in sweep.shown for r in run.records if r.rules for key, _ in r.rules}
    return (*labels, *sorted(seen - set(labels)))


def rule_rates(records: tuple[GameRecord, ...], keys: tuple[str, ...], labels: dict[str, str]) -> tuple[int, tuple[RuleRate, ...]]:
    counted = [dict(r.rules) for r in records if r.rules is not None]
    n = len(counted)
    rates = tuple(
        RuleRate(key, labels.get(key, key), math.fsum(c.get(key, 0) for c in counted) / n if n else math.nan,
                 wilson(sum(c.get(key, 0) > 0 for c in counted), n))
        for key in keys
    )  # fmt: skip
    return n, rates


def effect(summary: Summary, base: Summary, run: Run, base_run: Run) -> str:
    """Against base: identical games, no measurable effect (every result inside the other's interval,
    both ways), or a measurable one."""
    theirs = {r.index: r[:8] for r in base_run.records}
    if all(theirs.get(r.index) == r[:8] for r in run.records):
        return "identical"
    pairs = [(summary.completed, base.completed), (summary.draws, base.draws)]
    pairs += [(summary.wins[side], base.wins[side]) for side in summary.wins]
    inside = all(_within(a.rate, b.low, b.high) and _within(b.rate, a.low, a.high) for a, b in pairs if a.n and b.n)
    lo, hi = summary.mean_interval
    blo, bhi = base.mean_interval
    inside = inside and _within(summary.length.mean, blo, bhi) and _within(base.length.mean, lo, hi)
    return "none" if inside else "measurable"


def _within(value: float, low: float, high: float) -> bool:
    return math.isnan(value) or math.isnan(low) or low - 1e-12 <= value <= high + 1e-12


def summarise(sweep: Sweep, run: Run, speed: Pace, keys: tuple[str, ...] = ()) -> Summary:
    records = run.records
    n = len(records)
    counted, rates = rule_rates(records, keys, dict(rule_labels(sweep.engine_id)))
    lengths = [r.turns for r in records]
    changes = [r.lead_changes for r in records if r.lead_changes is not None]
    held = [r.lead_held / r.turns for r in records if r.lead_held is not None and r.turns]
    has_lead = len(changes) == n
    return Summary(
        key=run.key, name=run.name, games=n,
        completed=wilson(sum(r.completed for r in records), n),
        wins={side: wilson(sum(side in r.winners for r in records), n) for side in sweep.sides},
        draws=wilson(sum(not r.winners for r in records), n),
        length=spread(lengths),
        minutes=None if speed.seconds is None else spread([t * speed.seconds / 60 for t in lengths]),
        lead_changes=math.fsum(changes) / n if has_lead and n else None,
        decisiveness=math.fsum(held) / len(held) if has_lead and held else None,
        figures=figure_values(sweep, run),
        mean_interval=mean_interval(spread(lengths)),
        side_advantage=side_advantage(records, sweep.sides), first_mover=first_mover(records),
        rules_counted=counted, rules=rates,
    )  # fmt: skip


def summaries(sweep: Sweep) -> tuple[Pace, list[Summary]]:
    speed = pace(sweep)
    keys = rule_keys(sweep)
    base_run = sweep.base()
    base = summarise(sweep, base_run, speed, keys)
    found = []
    for run in sweep.shown:
        summary = base if run is base_run else summarise(sweep, run, speed, keys)
        if run.variant is not None:
            summary = replace(summary, effect=effect(summary, base, run, base_run))
        found.append(summary)
    return speed, found

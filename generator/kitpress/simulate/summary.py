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
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass

from kitpress.simulate.figures import figures_for
from kitpress.simulate.stats import Proportion, Spread, spread, wilson
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


def summarise(sweep: Sweep, run: Run, speed: Pace) -> Summary:
    records = run.records
    n = len(records)
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
    )  # fmt: skip


def summaries(sweep: Sweep) -> tuple[Pace, list[Summary]]:
    speed = pace(sweep)
    return speed, [summarise(sweep, run, speed) for run in sweep.shown]

"""`kitpress simulate` as one library call: play the variants, sum them up, lay out the table."""

from __future__ import annotations

import functools
import textwrap
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from pathlib import Path

from kitpress.simulate.agents import default_agent
from kitpress.simulate.report import DEFINITIONS, write_report
from kitpress.simulate.summary import Pace, Summary, summaries
from kitpress.simulate.sweep import ENGINE_GAMES, Plan, Sweep, loaded_spec, parse_variants, run
from kitpress.simulate.table import WIDTH, Table, build_table, flag_lines, render_text


@dataclass(frozen=True)
class Comparison:
    sweep: Sweep
    pace: Pace
    summaries: list[Summary]
    table: Table
    notes: dict[str, str]  # variant key → its note from the spec, numbers filled in

    def lines(self) -> list[str]:
        """What the command prints: no line longer than WIDTH characters."""
        plan = self.sweep.plan
        players = f", {plan.players} players" if plan.players else ""
        head = [
            f"{self.sweep.title}: {plan.games} games per variant, seed {plan.seed}{players}, turn cap {plan.max_turns}",
            f"agent: {self.sweep.agent}",
        ]
        notes = [f"pace: {self.pace.text()}"]
        terms = ("decisiveness", "lead changes", *(("rules",) if any(s.rules for s in self.summaries) else ()))
        notes += [f"{term}: {text}" for term, text in DEFINITIONS if term in terms]
        counted = {s.rules_counted for s in self.summaries}
        if counted and max(counted) < plan.games:
            notes.append(f"rules and first mover: counted on the first {max(counted)} games of each column, played on the rules engine")
        flags = flag_lines(self.summaries)
        wrap = functools.partial(textwrap.wrap, width=WIDTH, subsequent_indent="  ", break_on_hyphens=False)
        return (
            [part for line in head for part in wrap(line)] + [""] + render_text(self.table) + [""]
            + [part for line in flags for part in wrap(line)] + ([""] if flags else [])
            + [part for line in notes for part in wrap(line)]
        )  # fmt: skip

    def write_report(self, out: Path) -> list[Path]:
        return write_report(out, self.sweep, self.table, self.pace, self.summaries, self.notes)


def compare(
    game: str,
    variants: Sequence[str] = (),
    games: int = 1000,
    seed: int = 0,
    agent: str | None = None,
    max_turns: int = 1000,
    players: int | None = None,
    executor: Executor | None = None,
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
    fast: bool = True,
    engine_games: int = ENGINE_GAMES,
) -> Comparison:
    """Play `games` games of each variant ("base" for the rules as written; none named: base and every
    variant the spec lists) and compare them. No agent named: the game pack's rules-aware player where
    it has one, else random. `engine_games`: games of each variant played on the rules engine even where
    a fast path could play them, so their rules are counted."""
    loaded = loaded_spec(game)
    agent = agent or default_agent(loaded.engine.id)
    plan = Plan(game, parse_variants(variants, loaded), games, seed, agent, max_turns, players, fast, engine_games)
    sweep = run(plan, executor=executor, workers=workers, progress=progress)
    speed, found = summaries(sweep)
    notes = {v.id: loaded_spec(game, v.id).text(v.note) for v in loaded.spec.variants if v.id in {r.key for r in sweep.shown}}
    return Comparison(sweep, speed, found, build_table(found, sweep.sides, speed), notes)


def total_games(game: str, variants: Sequence[str], games: int) -> int:
    """How many games `compare` will play, for a progress bar (calibration games included)."""
    from kitpress.simulate.sweep import CALIBRATION_GAMES

    chosen = parse_variants(variants, loaded_spec(game))
    return games * len(chosen) + (0 if None in chosen else min(games, CALIBRATION_GAMES))

"""`kitpress simulate` as one library call: play the variants, sum them up, lay out the table."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from pathlib import Path

from kitpress.simulate.report import DEFINITIONS, write_report
from kitpress.simulate.summary import Pace, Summary, summaries
from kitpress.simulate.sweep import Plan, Sweep, loaded_spec, parse_variants, run
from kitpress.simulate.table import Table, build_table, render_text


@dataclass(frozen=True)
class Comparison:
    sweep: Sweep
    pace: Pace
    summaries: list[Summary]
    table: Table
    notes: dict[str, str]  # variant key → its note from the spec, numbers filled in

    def lines(self) -> list[str]:
        plan = self.sweep.plan
        players = f", {plan.players} players" if plan.players else ""
        head = [
            f"{self.sweep.title}: {plan.games} games per variant, seed {plan.seed}{players}, turn cap {plan.max_turns}",
            f"agent: {self.sweep.agent}",
            "",
        ]
        notes = ["", f"pace: {self.pace.text()}"]
        notes += [f"{term}: {text}" for term, text in DEFINITIONS if term in ("decisiveness", "lead changes")]
        return head + render_text(self.table) + notes

    def write_report(self, out: Path) -> list[Path]:
        return write_report(out, self.sweep, self.table, self.pace, self.summaries, self.notes)


def compare(
    game: str,
    variants: Sequence[str] = (),
    games: int = 1000,
    seed: int = 0,
    agent: str = "random",
    max_turns: int = 1000,
    players: int | None = None,
    executor: Executor | None = None,
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
    fast: bool = True,
) -> Comparison:
    """Play `games` games of each variant ("base" for the rules as written; none named: base and every
    variant the spec lists) and compare them."""
    loaded = loaded_spec(game)
    plan = Plan(game, parse_variants(variants, loaded), games, seed, agent, max_turns, players, fast)
    sweep = run(plan, executor=executor, workers=workers, progress=progress)
    speed, found = summaries(sweep)
    notes = {v.id: loaded_spec(game, v.id).text(v.note) for v in loaded.spec.variants if v.id in {r.key for r in sweep.shown}}
    return Comparison(sweep, speed, found, build_table(found, sweep.sides, speed), notes)


def total_games(game: str, variants: Sequence[str], games: int) -> int:
    """How many games `compare` will play, for a progress bar (calibration games included)."""
    from kitpress.simulate.sweep import CALIBRATION_GAMES

    chosen = parse_variants(variants, loaded_spec(game))
    return games * len(chosen) + (0 if None in chosen else min(games, CALIBRATION_GAMES))

"""The report's two plots as SVG text, drawn with matplotlib's object API on the Agg-family SVG canvas.

Deterministic: a fixed svg.hashsalt (the ids of clip paths), no date in the metadata and text drawn
as text, so the same numbers give byte-identical files. No pyplot, so no global figure state.
"""

from __future__ import annotations

import io
from collections import Counter

import matplotlib

matplotlib.use("Agg")  # never a window, even if pyplot is imported elsewhere

from matplotlib import colors as mcolors
from matplotlib import rc_context
from matplotlib.figure import Figure

from kitpress.simulate.stats import nearest_rank, wilson
from kitpress.simulate.sweep import Run

STYLE = {
    "svg.hashsalt": "kitpress-simulate",
    "svg.fonttype": "none",  # text stays text, set in DejaVu Sans (the report serves the bundled file)
    "font.family": "DejaVu Sans",
    "font.size": 9,
    "axes.spines.top": False,
    "axes.spines.right": False,
}
CYCLE = ("#455a64", "#ef6c00", "#6a1b9a", "#2e7d32", "#ad1457", "#00838f")
DRAW = "#9e9e9e"


def _svg(fig: Figure) -> str:
    out = io.StringIO()
    fig.savefig(out, format="svg", metadata={"Date": None})
    return out.getvalue()


def side_colour(side: str, i: int) -> str:
    """A side named after a colour (red, blue) is drawn in it; others take the cycle."""
    return mcolors.to_hex(side) if mcolors.is_color_like(side) else CYCLE[i % len(CYCLE)]


def length_top(runs: tuple[Run, ...]) -> int:
    """The last bar of every variant's histogram: lengths past the 99th percentile of all games."""
    every = sorted(r.turns for run in runs for r in run.records)
    return max(2, int(nearest_rank(every, 0.99)))


def variant_plot(run: Run, sides: tuple[str, ...], unit: str, top: int) -> str:
    """One variant's games in one figure: the share of games of each length (lengths of `top` or more
    in the last bar, the same `top` for every variant so they compare) and each side's win rate and
    the draw rate with 95% Wilson intervals."""
    n = len(run.records)
    outcomes = [*sides, "draw"]
    with rc_context(STYLE):
        fig = Figure(figsize=(7.0, 2.2), layout="constrained")
        lengths, results = fig.subplots(1, 2, width_ratios=(3, 2))
        counts = Counter(min(r.turns, top) for r in run.records)
        xs = list(range(1, top + 1))
        lengths.bar(xs, [counts.get(x, 0) / n for x in xs], width=1.0, color=CYCLE[0], edgecolor="white", linewidth=0.3)
        lengths.set_xlabel(f"length in {unit} (the last bar: {top} or more)", fontsize=8)
        lengths.set_ylabel("share of games", fontsize=8)
        for k, outcome in enumerate(outcomes):
            colour = DRAW if outcome == "draw" else side_colour(outcome, k)
            hits = sum((not r.winners) if outcome == "draw" else (outcome in r.winners) for r in run.records)
            p = wilson(hits, n)
            low, high = max(0.0, 100 * (p.rate - p.low)), max(0.0, 100 * (p.high - p.rate))
            results.errorbar([100 * p.rate], [k], xerr=[[low], [high]], fmt="o", color=colour, markersize=4, capsize=3)
        results.axvline(100 / max(1, len(sides)), color="#bdbdbd", linewidth=0.6, linestyle="--")  # an even share
        results.set_yticks(range(len(outcomes)), outcomes)
        results.invert_yaxis()
        results.set_xlim(0, 100)
        results.set_xlabel("% of games (95% Wilson interval)", fontsize=8)
        results.grid(axis="x", color="#e0e0e0", linewidth=0.6)
        fig.suptitle(f"{run.key}: {n} games", x=0.01, ha="left", fontsize=9)
        return _svg(fig)

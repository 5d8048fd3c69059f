"""The report's two plots as SVG text, drawn with matplotlib's object API on the Agg-family SVG canvas.

Deterministic: a fixed svg.hashsalt (the ids of clip paths), no date in the metadata and text drawn
as text, so the same numbers give byte-identical files. No pyplot, so no global figure state.
"""

from __future__ import annotations

import io
import math
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


def length_histograms(runs: tuple[Run, ...], unit: str) -> str:
    """One histogram per variant (two columns beyond three variants), sharing their axes: the share of
    games of each length. Lengths past the 99th percentile of all games are gathered in the last bar."""
    every = sorted(r.turns for run in runs for r in run.records)
    top = max(2, int(nearest_rank(every, 0.99)))
    cols = 1 if len(runs) <= 3 else 2
    rows = math.ceil(len(runs) / cols)
    with rc_context(STYLE):
        fig = Figure(figsize=(7.0 if cols == 1 else 10.0, min(6.3, 0.9 + 1.3 * rows)), layout="constrained")
        axes = fig.subplots(rows, cols, sharex=True, sharey=True, squeeze=False).ravel()
        for ax, run in zip(axes, runs, strict=False):
            counts = Counter(min(r.turns, top) for r in run.records)
            n = len(run.records)
            xs = list(range(1, top + 1))
            ax.bar(xs, [counts.get(x, 0) / n for x in xs], width=1.0, color=CYCLE[0], edgecolor="white", linewidth=0.3)
            ax.set_title(f"{run.key}: {n} games", loc="left", fontsize=9)
        for ax in axes[len(runs) :]:
            ax.set_visible(False)
        fig.supylabel("share of games", fontsize=8)
        fig.supxlabel(f"length in {unit} (the last bar holds {top} or more)", fontsize=8)
        return _svg(fig)


def win_rates(runs: tuple[Run, ...], sides: tuple[str, ...]) -> str:
    """Each side's win rate and the draw rate per variant, with 95% Wilson intervals."""
    outcomes = [*sides, "draw"]
    with rc_context(STYLE):
        fig = Figure(figsize=(7.0, min(6.3, 1.0 + 0.2 * len(runs) * len(outcomes))), layout="constrained")
        ax = fig.subplots()
        step = 0.8 / len(outcomes)
        for k, outcome in enumerate(outcomes):
            colour = DRAW if outcome == "draw" else side_colour(outcome, k)
            ys, rates, low, high = [], [], [], []
            for i, run in enumerate(runs):
                n = len(run.records)
                hits = sum((not r.winners) if outcome == "draw" else (outcome in r.winners) for r in run.records)
                p = wilson(hits, n)
                ys.append(i + (k - (len(outcomes) - 1) / 2) * step)
                rates.append(100 * p.rate)
                low.append(max(0.0, 100 * (p.rate - p.low)))
                high.append(max(0.0, 100 * (p.high - p.rate)))
            ax.errorbar(rates, ys, xerr=[low, high], fmt="o", color=colour, markersize=4, capsize=3, label=outcome)
        ax.set_yticks(range(len(runs)), [run.key for run in runs])
        ax.invert_yaxis()
        ax.set_xlim(0, 100)
        ax.set_xlabel("% of games (95% Wilson interval)")
        ax.grid(axis="x", color="#e0e0e0", linewidth=0.6)
        fig.legend(loc="outside upper center", ncol=len(outcomes), frameon=False)
        return _svg(fig)

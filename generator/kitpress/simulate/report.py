"""The simulation report: one HTML page (table, definitions, plots inline as SVG) and the same page as
PDF, typeset by WeasyPrint as the booklet is, with the bundled fonts through the package-only fetcher.

WeasyPrint rather than matplotlib's PDF backend: the table and its notes are text that needs a page
layout, which WeasyPrint already does for the booklet, and the PDF is then exactly the HTML page.
"""

from __future__ import annotations

import json
import logging
import math
from dataclasses import asdict
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup

from kitpress import __version__
from kitpress.atomic import write_bytes
from kitpress.fonts import FILES, fonts_dir_uri
from kitpress.simulate.plots import length_top, variant_plot
from kitpress.simulate.summary import Pace, Summary
from kitpress.simulate.sweep import Sweep
from kitpress.simulate.table import Table, flag_lines

DEFINITIONS = (
    ("completed by the rules", "games the rules ended; the others reached the turn cap and were judged by the engine's timed end (stop), as a teacher calling time would."),
    ("wins, draws", "share of all games, capped ones included as judged; in brackets the 95% Wilson score interval."),
    ("length", "rounds when every seat reveals at once, turns when one seat moves at a time."),
    ("minutes (estimated)", "length × the pace below; the pace is fitted so the base rules' mean length takes the middle of the spec's playing time, so variants read as changes against it."),
    ("lead changes", "how often the side the engine's heuristic rates best passes to another side (level spells skipped); — when the engine has no heuristic."),
    ("decisiveness", "in games a side won: the share of the game's rounds (turns) after which the eventual winner was ahead for good. Near 1: the first lead decides; near 0: open to the end."),
    ("side advantage", "the side that won most of the decided games (those with a winner) and its share of them, with its 95% Wilson interval; marked ! when above 60% with the interval excluding 50%."),
    ("first mover", "of the decided games in which one seat decided alone at the start, the share its side won (the side named when it is always the same); — when every seat decides at once."),
    ("rules", "how many times per game each rule acted, as the engine's events name it; never: not once, so a variant that changes that rule cannot show an effect with this agent."),
    ("effect against base", "identical: every game played out as under base; none measurable: every result (completion, wins, draws, mean length) inside base's 95% interval and base's inside the variant's; else measurable."),
)

TEMPLATE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>{{ title }}: simulated play</title>
<style>
@font-face { font-family: "Kit Sans"; src: url("{{ fonts.regular }}"); }
@font-face { font-family: "Kit Sans"; font-weight: bold; src: url("{{ fonts.bold }}"); }
@font-face { font-family: "DejaVu Sans"; src: url("{{ fonts.regular }}"); }
@page { size: A4 landscape; margin: 12mm;
  @bottom-center { content: "{{ title }} · simulated play · " counter(page); font-family: "Kit Sans"; font-size: 7pt; color: #666; } }
html { font-family: "Kit Sans", sans-serif; font-size: 9pt; line-height: 1.35; color: #1a1a1a; }
h1 { font-size: 18pt; margin: 0 0 4pt 0; } h2 { font-size: 12pt; margin: 12pt 0 4pt 0; break-after: avoid; }
p, li { margin: 2pt 0; } .plan { color: #455a64; }
table { border-collapse: collapse; margin: 4pt 0 8pt 0; }
th, td { border: 0.5pt solid #b0bec5; padding: 2pt 5pt; font-size: 8pt; }
th { background: #eceff1; text-align: right; } td { text-align: right; white-space: nowrap; }
td.m, th.m { text-align: left; } .ci { color: #546e7a; font-size: 7pt; }
.plot { break-inside: avoid; } .flags li { color: #b71c1c; } .plot svg { max-width: 100%; height: auto; }
dl { margin: 0; } dt { font-weight: bold; float: left; margin-right: 4pt; } dd { margin: 0 0 2pt 0; }
</style></head><body>
<h1>{{ title }}: simulated play</h1>
<p class="plan">{{ games }} games per variant · seed {{ seed }} · players: {{ players }} · turn cap {{ cap }} · kitpress {{ version }}</p>
<p class="plan"><b>Agent</b>: {{ agent }}.</p>
<h2>Variants side by side</h2>
<table>
<tr><th class="m">measure</th>{% for col in table.columns %}<th>{{ col }}</th>{% endfor %}</tr>
{% for label, cells in table.rows %}<tr><td class="m">{{ label }}</td>{% for c in cells %}<td>{{ c|interval }}</td>{% endfor %}</tr>
{% endfor %}</table>
{% if flags %}<ul class="flags">{% for f in flags %}<li>{{ f }}</li>{% endfor %}</ul>{% endif %}
<p><b>Pace</b>: {{ pace }}.</p>{% if counted %}
<p>{{ counted }}.</p>{% endif %}
<h2>The variants</h2>
<ul>{% for v in variants %}<li><b>{{ v.key }}</b> — {{ v.name }}{% if v.note %}: {{ v.note }}{% endif %}</li>{% endfor %}</ul>
<h2>What the measures mean</h2>
<dl>{% for term, text in definitions %}<dt>{{ term }}:</dt><dd>{{ text }}</dd>{% endfor %}</dl>
<h2>Each variant: game length and results</h2>
{% for plot in plots %}<div class="plot">{{ plot }}</div>
{% endfor %}
</body></html>
"""


def render_html(sweep: Sweep, table: Table, speed: Pace, notes: dict[str, str], summaries: list[Summary] | None = None) -> str:
    env = jinja2.Environment(autoescape=True, undefined=jinja2.StrictUndefined)
    env.filters["interval"] = _interval
    plan = sweep.plan
    shown = sweep.shown
    top = length_top(shown)
    return env.from_string(TEMPLATE).render(
        title=sweep.title, games=plan.games, seed=plan.seed, players=plan.players or "the game's default",
        cap=plan.max_turns, version=__version__, agent=sweep.agent, table=table, pace=speed.text(),
        variants=[{"key": r.key, "name": r.name, "note": notes.get(r.key, "")} for r in shown],
        definitions=DEFINITIONS, fonts={k: f"{fonts_dir_uri()}/{v}" for k, v in FILES.items()},
        # our own SVG from matplotlib, which escapes the labels it writes
        plots=[Markup(_strip_prolog(variant_plot(run, sweep.sides, speed.unit, top))) for run in shown],
        flags=[line.removeprefix("! ") for line in flag_lines(summaries or [])],
        counted=_counted(sweep, summaries or []),
    )  # fmt: skip


def _counted(sweep: Sweep, summaries: list[Summary]) -> str:
    counted = max((s.rules_counted for s in summaries), default=0)
    if not counted or counted >= sweep.plan.games:
        return ""
    return f"Rules and the first mover are counted on the first {counted} games of each column, played on the rules engine"


def _interval(cell: str) -> Markup:
    """"52.4% (48.0–56.7)" as the rate over its interval in small type, so many variants fit a page."""
    rate, _, ci = cell.partition(" (")
    return Markup("{}<br><span class=\"ci\">({}</span>").format(rate, ci) if ci else Markup("{}").format(cell)


def _strip_prolog(svg: str) -> str:
    """The <svg> element alone, to sit inside HTML."""
    return svg[svg.index("<svg") :]


def render_pdf(html: str) -> bytes:
    from kitpress import syslibs

    weasyprint = syslibs.weasyprint()  # first: a missing system library is one line
    from kitpress.booklet.fetcher import PackageOnlyFetcher
    from kitpress.resources import templates_dir

    logging.getLogger("weasyprint").setLevel(logging.ERROR)
    logging.getLogger("fontTools").setLevel(logging.ERROR)
    source = weasyprint.HTML(string=html, base_url=templates_dir().as_uri() + "/", url_fetcher=PackageOnlyFetcher())
    return bytes(source.render().write_pdf())


def summary_json(sweep: Sweep, table: Table, speed: Pace, summaries: list[Summary]) -> str:
    data: dict[str, Any] = {
        "game": sweep.game_id, "engine": sweep.engine_id, "title": sweep.title, "plan": asdict(sweep.plan), "agent": sweep.agent,
        "pace": asdict(speed), "columns": list(table.columns),
        "rows": [[label, list(cells)] for label, cells in table.rows],
        "summaries": [asdict(s) for s in summaries],
    }  # fmt: skip
    return json.dumps(_finite(data), indent=1, sort_keys=True, allow_nan=False, default=str) + "\n"


def _finite(value: Any) -> Any:
    """NaN (a measure with no games behind it) as null, so the file is strict JSON."""
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, dict):
        return {str(k): _finite(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_finite(v) for v in value]
    return value


def write_report(out: Path, sweep: Sweep, table: Table, speed: Pace, summaries: list[Summary], notes: dict[str, str]) -> list[Path]:
    """<game>-simulation.html, .pdf and .json in `out`; returns the paths written."""
    html = render_html(sweep, table, speed, notes, summaries)
    stem = f"{sweep.game_id}-simulation"
    files = {
        out / f"{stem}.html": html.encode("utf-8"),
        out / f"{stem}.pdf": render_pdf(html),
        out / f"{stem}.json": summary_json(sweep, table, speed, summaries).encode("utf-8"),
    }
    for path, data in files.items():
        write_bytes(path, data)
    return list(files)

"""Typeset a game's rule booklet from its spec and its replayed (engine-verified) examples."""

from __future__ import annotations

import functools
import logging
from typing import Any

import jinja2
from markupsafe import Markup

from kitpress.booklet.saddle import half_page_css
from kitpress.check import Replay
from kitpress.errors import InputError, Problem
from kitpress.fonts import FILES, fonts_dir_uri
from kitpress.packs import art_for
from kitpress.resources import templates_dir
from kitpress.spec.load import LoadedSpec

PAGE_SIZES = {"letter": "letter", "a4": "A4", "universal": "210mm 279.4mm"}
# Parts of the booklet that are not documentation sections; an engine may place them among its
# sections by naming them with a leading "@", otherwise they follow in this order.
SPECIAL_PARTS = ("@components", "@examples", "@classroom", "@variants", "@referee_checklist", "@rulings")


def css_string(value: object) -> Markup:
    """Text for inside a CSS string in a <style> block: every character that is not plainly safe
    becomes a CSS hex escape, so spec text can neither end the string nor the style sheet."""
    safe = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 !?,.-_")
    return Markup("".join(ch if ch in safe else f"\\{ord(ch):06x}" for ch in str(value)))


def _environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(templates_dir())),
        autoescape=True,  # every spec string is escaped wherever it lands in the HTML
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["css_string"] = css_string
    return env


def _order(loaded: LoadedSpec) -> list[str]:
    listed = list(loaded.engine.sections)
    return listed + [part for part in SPECIAL_PARTS if part not in listed]


def context(loaded: LoadedSpec, replays: list[Replay], paper: str, half: bool = False) -> dict[str, Any]:
    draw = art_for(loaded.spec.engine).diagram
    examples = []
    for replay in replays:
        steps = []
        for step in replay.steps:
            steps.append({
                "number": step.number,
                "events": [e.text for e in step.events],
                "figures": [{"name": f.name, "value": f.actual, "ok": f.ok} for f in step.figures],
                "note": loaded.text(step.note),
                # Our own SVG: its text was escaped by svgwrite when it was drawn.
                "diagram": Markup(draw(loaded, step.before, step.after)),
            })
        examples.append({"example": replay.example, "steps": steps, "summary": loaded.text(replay.example.summary)})
    return {
        "spec": loaded.spec,
        "order": _order(loaded),
        "sections": {name: getattr(loaded.spec, name) for name in loaded.engine.sections if not name.startswith("@")},
        "examples": examples,
        "t": loaded.text,
        "page_size": half_page_css(paper) if half else PAGE_SIZES[paper],
        "half": half,
        "fonts": {style: f"{fonts_dir_uri()}/{name}" for style, name in FILES.items()},
        "variant": loaded.variant,
    }


def render_html(loaded: LoadedSpec, replays: list[Replay], paper: str, half: bool = False) -> str:
    return _environment().get_template("booklet.html").render(context(loaded, replays, paper, half))


def render_pdf(loaded: LoadedSpec, replays: list[Replay], paper: str, half: bool = False) -> tuple[bytes, int]:
    """The booklet as PDF bytes, and its page count."""
    from weasyprint.urls import FatalURLFetchingError

    logging.getLogger("weasyprint").setLevel(logging.ERROR)
    logging.getLogger("fontTools").setLevel(logging.ERROR)
    html = render_html(loaded, replays, paper, half)
    try:
        return _typeset(html)
    except FatalURLFetchingError as exc:  # only spec text could ask for a resource we refuse
        raise InputError([Problem(loaded.file, 1, f"the booklet asked for a resource outside kitpress: {exc}")]) from None


@functools.lru_cache(maxsize=8)
def _typeset(html: str) -> tuple[bytes, int]:
    """HTML to PDF. The same HTML gives the same bytes, so a rebuild in the same process (--watch,
    several presets on one paper) reuses the typesetting, WeasyPrint's slowest part."""
    import weasyprint

    from kitpress.booklet.fetcher import PackageOnlyFetcher

    source = weasyprint.HTML(string=html, base_url=templates_dir().as_uri() + "/", url_fetcher=PackageOnlyFetcher())
    document = source.render()
    return bytes(document.write_pdf()), len(document.pages)

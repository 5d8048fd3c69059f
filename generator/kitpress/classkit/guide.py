"""The teacher guide: one PDF for the kit, typeset like the rule books (jinja2 HTML, autoescaped, then
WeasyPrint with the books' package-only fetcher): the lesson at a glance for this class, one chapter per
game from the specs, each pointing to the game's teacher's book for the rest."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Iterator
from typing import Any

import jinja2

from kitpress.booklet.provenance import ADDED, provenance
from kitpress.booklet.typeset import PAGE_SIZES
from kitpress.classkit.plan import GamePlan, KitPlan
from kitpress.fonts import FILES, fonts_dir_uri
from kitpress.resources import templates_dir
from kitpress.spec_model import Section

TEMPLATE = "teacher-guide.html"
# Where a spec keeps what the guide needs; the engine's section keys and titles, matched as words.
SETUP_KEY = re.compile(r"(^|_)(set_?up|setting_up)(_|$)")
TIME = re.compile(r"\btime\b", re.IGNORECASE)
STANDARDS = re.compile(r"\bstandards\b", re.IGNORECASE)


def environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(templates_dir())),
        autoescape=True,  # every spec string is escaped wherever it lands in the HTML
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def _sections(plan: GamePlan) -> list[tuple[str, Section]]:
    spec = plan.loaded.spec
    return [(name, getattr(spec, name)) for name in plan.loaded.engine.sections if not name.startswith("@")]


def _walk(section: Section) -> Iterator[Section]:
    yield section
    for sub in section.subsections:
        yield from _walk(sub)


def standards(plan: GamePlan) -> list[Section]:
    """Sections and subsections titled '… standards' (Integer Matrix keeps them under learners_and_context)."""
    return [s for _, top in _sections(plan) for s in _walk(top) if STANDARDS.search(s.title)]


def setup_sections(plan: GamePlan) -> list[Section]:
    return [s for name, s in _sections(plan) if SETUP_KEY.search(name)]


def time_sections(plan: GamePlan) -> list[Section]:
    return [s for name, s in _sections(plan) if TIME.search(s.title) or TIME.search(name.replace("_", " "))]


def game_context(plan: GamePlan, book: str = "") -> dict[str, Any]:
    """One game's chapter; `book` is the kit's path of its teacher's book, which the chapter points to."""
    spec = plan.loaded.spec
    t: Callable[[str], str] = plan.loaded.text
    rules = next((item for item in plan.items if item.kind == "booklet"), None)
    return {
        "book": book,
        "rules": rules.path if rules else "",
        "id": plan.id,
        "title": plan.title,
        "subtitle": spec.identity.subtitle,
        "ages": spec.identity.ages,
        "players": plan.players,
        "minutes": plan.minutes,
        "seating": plan.seating.describe(),
        "seating_reason": plan.seating.reason,
        "sets": plan.seating.tables,
        "goals": spec.learning_goals,
        "standards": standards(plan),
        "times": time_sections(plan),
        "setup": setup_sections(plan),
        "classroom": spec.classroom,
        "origin": provenance(spec, t),  # which of those parts are the kit's, which quick rulings rulings
        "checklist": spec.referee_checklist,
        "bring": plan.bring,
        "t": t,
    }


def context(plan: KitPlan) -> dict[str, Any]:
    books = {item.path.split("/", 1)[0]: item.path for item in plan.class_items if item.kind == "teachers-book"}
    return {
        "plan": plan,
        "games": [game_context(g, books.get(g.id, "")) for g in plan.games],
        "page_size": PAGE_SIZES[plan.paper],
        "fonts": {style: f"{fonts_dir_uri()}/{name}" for style, name in FILES.items()},
        "added_label": ADDED,
    }


def render_html(plan: KitPlan) -> str:
    return environment().get_template(TEMPLATE).render(context(plan))


def render_pdf(plan: KitPlan) -> tuple[bytes, int]:
    """The guide as PDF bytes, and its page count."""
    import weasyprint

    from kitpress.booklet.fetcher import PackageOnlyFetcher

    logging.getLogger("weasyprint").setLevel(logging.ERROR)
    logging.getLogger("fontTools").setLevel(logging.ERROR)
    source = weasyprint.HTML(string=render_html(plan), base_url=templates_dir().as_uri() + "/", url_fetcher=PackageOnlyFetcher())
    document = source.render()
    return bytes(document.write_pdf()), len(document.pages)

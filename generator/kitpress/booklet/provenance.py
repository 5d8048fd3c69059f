"""Where the teacher's book's own parts come from, as the book prints it: the learning goals and the
classroom parts the spec declares the kit's (`sources:`) are introduced as the kit's additions, a quick
ruling that is a ruling carries that ruling's reason. Never a ruling's id: a reader has no use for it."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Text = Callable[[str], str]  # a printed string with its numbers filled in

CLASSROOM_PARTS = ("table_talk", "discussion_questions", "student_referee", "quick_rulings")
ADDED = "Added for the classroom"  # the one label every kit addition is introduced by

# "(R9)", "(ruling R4)", "(rulings R1–R4)", "under R8": a ruling's reason may point at other rulings by id
RULING_ID = re.compile(r"\s*\((?:rulings? )?R\d+(?:\s*(?:[–,-]|and)\s*R?\d+)*\)|\s*\b(?:under|see|by) R\d+\b")


@dataclass(frozen=True)
class QuickRow:
    issue: str
    resolution: str
    added: bool  # the kit's own, in a table that is not the kit's as a whole
    reason: str  # the ruling's reason, when the row is a ruling


@dataclass(frozen=True)
class Provenance:
    goals_added: bool
    classroom_added: bool  # every classroom part the spec fills is the kit's: said once, for the section
    parts_added: frozenset[str]  # otherwise, the parts said to be the kit's one by one
    quick_rulings: tuple[QuickRow, ...]


def example_origin(example: Any, text: Text) -> dict[str, Any]:
    """What the teacher's book says of a worked example's source, under its summary."""
    rebuilt = text(example.reconstructed_from) if example.reconstructed_from else ""
    return {"reconstructed": rebuilt, "added": example.source == "kit" and not rebuilt}


def kit_examples(kit: list[str], ids: list[str]) -> str:
    """The sentence that names the kit's own worked examples, once for the chapter: a line under each
    would push examples' steps off their pages. Runs of three or more read "E to L"."""
    if not kit:
        return ""
    if kit == ids:
        return "every example here is the kit's own."
    runs: list[list[str]] = []
    for i in kit:
        if runs and ids.index(i) == ids.index(runs[-1][-1]) + 1:
            runs[-1].append(i)
        else:
            runs.append([i])
    parts = [p for r in runs for p in ([f"{r[0]} to {r[-1]}"] if len(r) > 2 else r)]
    named = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    return f"{'examples' if len(kit) > 1 else 'example'} {named} {'are' if len(kit) > 1 else 'is'} the kit's own."


def without_ids(text: str) -> str:
    """The text without its ruling ids; a filled spec text is already escaped HTML (Markup), and stays so,
    or the book would print its entities ("listing&#39;s")."""
    from markupsafe import Markup

    kept = RULING_ID.sub("", text)
    return Markup(kept) if isinstance(text, Markup) else kept


def provenance(spec: Any, text: Text) -> Provenance:
    """What the teacher's book prints of the spec's sources; `text` fills a printed string's numbers."""
    sources, room = spec.sources, spec.classroom
    filled = [name for name in CLASSROOM_PARTS if getattr(room, name)]
    kit = {name for name in filled if getattr(sources, name) == "kit"}
    whole = bool(filled) and kit == set(filled)
    reasons = {r.id: r.reason for r in spec.rulings}
    rows = tuple(
        QuickRow(
            text(q.issue),
            text(q.resolution),
            q.source == "kit" and sources.quick_rulings != "kit",
            without_ids(text(reasons[q.ruling])) if q.source == "ruling" else "",
        )
        for q in room.quick_rulings
    )
    return Provenance(sources.learning_goals == "kit", whole, frozenset(() if whole else kit), rows)

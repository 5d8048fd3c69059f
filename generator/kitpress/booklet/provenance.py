"""Where the teacher's book's own parts come from, as the book prints it: the learning goals and the
classroom parts the spec declares the kit's (`sources:`) are introduced as the kit's additions, a quick
ruling that is a ruling carries that ruling's reason. Never a ruling's id: a reader has no use for it."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

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


def example_origin(example: Any, text: Any) -> dict[str, Any]:
    """What the teacher's book says of a worked example's source, under its summary."""
    rebuilt = text(example.reconstructed_from) if example.reconstructed_from else ""
    return {"reconstructed": rebuilt, "added": example.source == "kit" and not rebuilt}


def without_ids(text: str) -> str:
    return RULING_ID.sub("", text)


def provenance(spec: Any, text: Any) -> Provenance:
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

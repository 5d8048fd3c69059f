"""The `source` check: the teacher's book's own parts (learning goals, table talk, discussion questions,
the student referee, quick rulings) are what a design document often lacks, and a kit that fills them
in must not present its own words as the designer's. So a spec that fills one says where it comes from
(`sources:` document or kit), and the book introduces the kit's own as such (booklet/provenance.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kitpress.lint.findings import ERROR, Finding
from kitpress.spec.yamlpos import Located, format_path, load_file

if TYPE_CHECKING:
    from kitpress.spec.load import LoadedSpec

CHECK = "source"
# Each part: where the spec writes it, and what the teacher's book calls it.
PARTS = {
    "learning_goals": (("learning_goals",), "learning goals"),
    "table_talk": (("classroom", "table_talk"), "table talk"),
    "discussion_questions": (("classroom", "discussion_questions"), "discussion questions"),
    "student_referee": (("classroom", "student_referee"), "the student referee"),
    "quick_rulings": (("classroom", "quick_rulings"), "quick rulings"),
}


def undeclared_sources(loaded: LoadedSpec, located: Located | None = None) -> list[Finding]:
    """An error for each part the spec fills without saying whether the design document or the kit wrote
    it, placed at the part's line."""
    spec = loaded.spec
    missing = [name for name, (path, _) in PARTS.items() if _filled(spec, path) and getattr(spec.sources, name) is None]
    if not missing:
        return []
    located = located or load_file(str(loaded.source))
    out = []
    for name in missing:
        path, words = PARTS[name]
        line, col = located.line_of(path)
        message = f"the teacher's book prints {words} without saying where they come from: under `sources:` add `{name}: document` if the design document gives them, or `{name}: kit` to print them as the kit's own addition"
        out.append(Finding(loaded.id, "teacher's book", words, ERROR, message, CHECK, f"{loaded.file}:{line}:{col}: {format_path(path)}"))
    return out


def _filled(spec: object, path: tuple[str, ...]) -> bool:
    value = spec
    for key in path:
        value = getattr(value, key)
    return bool(value)

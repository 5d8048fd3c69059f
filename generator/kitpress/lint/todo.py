"""TODO markers left in a spec: `kitpress new` writes one for every part of a game's identity it was not
given (designers, date, document id, source), and the preflight names each one left, at its line, so a
kit is not printed with "TODO" on its cover by accident."""

from __future__ import annotations

from kitpress.lint.findings import WARNING, Finding
from kitpress.spec.yamlpos import Located, format_path, load_file
from kitpress.spec_text import strings

MARKER = "TODO"


def todo_markers(game: str, file: str, located: Located | None = None) -> list[Finding]:
    """A warning for each text of the spec that holds a TODO marker, at its file:line:col and key path."""
    located = located or load_file(file)
    out = []
    for path, text in strings(located.data):
        if MARKER in text:
            line, col = located.line_of(path)
            if text.strip().startswith(MARKER):
                wanted = text.strip()[len(MARKER) :].lstrip(" :") or "a value"
                message = f"still TODO ({wanted}): fill it in before printing"
            else:
                start = max(0, text.index(MARKER) - 30)
                message = f"the text still holds a TODO marker (“…{text[start : text.index(MARKER) + 40]}…”): replace it before printing"
            at = f"{located.file}:{line}:{col}: {format_path(path)}"
            out.append(Finding(game, "spec", "TODO marker", WARNING, message, "todo", at))
    return out

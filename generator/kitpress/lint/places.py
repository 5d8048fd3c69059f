"""Where in the spec a preflight finding is to be fixed: the file:line:col and key path of the text a
piece prints, so a designer editing YAML is sent to the line to change (production.faces.red.label),
not left with the name of a piece of art.

A piece's texts come from the spec, often changed on the way (upper case, numbers filled in, cut with
"…" in a message), so a text is matched against the spec's strings without regard to case, and a cut
text by what it starts with. Texts under `production:` are preferred, as that is what pieces print.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from kitpress.lint.findings import WARNING, Finding
from kitpress.spec.yamlpos import format_path, load_bytes, load_file
from kitpress.spec_text import strings

QUOTED = re.compile(r"'((?:[^'\\]|\\.){2,}?)'")
COLOUR = re.compile(r"#[0-9a-fA-F]{6}\b")  # a colour the message names, as the spec may write it
SHRUNK_BELOW = 0.8  # a spec text set at less than this share of its designed size is reported


class SpecPlaces:
    """The spec's texts by where they are written."""

    def __init__(self, file: str, shown_as: str = "", data: bytes | None = None) -> None:
        # `data`: the bytes the spec was loaded from, so a place is a line of what was built, not of a file saved since
        self.located = load_file(file) if data is None else load_bytes(data, file)
        self.located.file = shown_as or file  # as every other message names the spec
        found = list(strings(self.located.data))
        # production first: what pieces print; then the rest, in file order
        self.texts = sorted(found, key=lambda item: item[0][:1] != ("production",))

    def place(self, shown: str) -> str:
        """"file:line:col: key.path" of the spec text `shown` is (or, cut with "…", starts as); "" if none."""
        cut = shown.endswith("…")
        wanted = shown.rstrip("…").strip().casefold()
        if len(wanted) < 2:
            return ""
        for path, text in self.texts:
            written = text.strip().casefold()
            if written == wanted or (cut and written.startswith(wanted)):
                line, col = self.located.line_of(path)
                return f"{self.located.file}:{line}:{col}: {format_path(path)}"
        return ""

    def locate(self, finding: Finding) -> Finding:
        """The finding with the place of the spec text its message quotes, if the spec has it."""
        if finding.at:
            return finding
        for quoted in (*QUOTED.findall(finding.message), *COLOUR.findall(finding.message)):
            at = self.place(quoted)
            if at:
                return replace(finding, at=at)
        return finding


def shrunk_findings(game: str, places: SpecPlaces, shrunk: list[tuple[str, float, float]]) -> list[Finding]:
    """A warning for each spec text the art set well below its designed size to make it fit."""
    out: dict[str, Finding] = {}
    for text, designed, given in shrunk:
        at = places.place(text)
        if not at or given >= SHRUNK_BELOW * designed or text in out:
            continue
        message = f"text {text!r} had to shrink from {designed:g} pt to {given:g} pt to fit; a shorter text prints at full size"
        out[text] = Finding(game, "pieces", "text", WARNING, message, "text-shrunk", at)
    return list(out.values())


def located(loaded: Any, findings: list[Finding], shrunk: Sequence[tuple[str, float, float]] = ()) -> list[Finding]:
    """Every finding placed at its spec line where it can be, and the texts the art shrank: what
    `kitpress lint` prints, for any caller holding a LoadedSpec (build's preflight may use it too)."""
    places = SpecPlaces(str(loaded.source), loaded.file, getattr(loaded, "data", None) or None)
    return shrunk_findings(str(loaded.id), places, list(shrunk)) + [places.locate(f) for f in findings]

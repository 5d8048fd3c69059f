"""Rule texts may quote the game's numbers as {name}; they are filled from the engine's params, so a
number the rules determine is typed once, in `game:`, and every text follows a variant's change."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from typing import Any

PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}")
# {§key}: a reference to a section (a top-level key, or a subsection's id), which each book prints with
# the number that section has there (booklet.headings); elsewhere it reads as the section's title.
SECTION_REF = re.compile(r"\{§([a-z_][a-z0-9_]*)\}")


# "(ruling R1)", "(rulings R1–R4)", "(rulings R8, R9)", ", ruling R12)": pointers into the teacher's
# book, where the rulings are. Every other page leaves them out: a student has no rulings to look them up
# in (lint.words, rule W1).
RULING_ALONE = re.compile(r"\s*\(rulings? R\d+(?:\s*(?:[–,-]|and)\s*R?\d+)*\)")
RULING_TAIL = re.compile(r"[,;]\s*rulings? R\d+(?:\s*(?:[–,-]|and)\s*R?\d+)*\)")


def without_ruling_pointers(text: str) -> str:
    return RULING_TAIL.sub(")", RULING_ALONE.sub("", text))


def fill(text: str, params: Mapping[str, Any]) -> str:
    return PLACEHOLDER.sub(lambda m: str(params.get(m.group(1), m.group(0))), text)


def refer(text: str, resolve: Callable[[str], str | None]) -> str:
    """The text with each {§key} that `resolve` knows replaced by what it gives."""
    return SECTION_REF.sub(lambda m: resolve(m.group(1)) or m.group(0), text)


def section_refs(text: str) -> list[str]:
    return [m.group(1) for m in SECTION_REF.finditer(text)]


def unknown_names(text: str, params: Mapping[str, Any]) -> list[str]:
    return [m.group(1) for m in PLACEHOLDER.finditer(text) if m.group(1) not in params]


def strings(data: Any, path: tuple[str | int, ...] = ()) -> Iterator[tuple[tuple[str | int, ...], str]]:
    """Every string in nested data, with its path."""
    if isinstance(data, str):
        yield path, data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield from strings(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from strings(value, (*path, i))

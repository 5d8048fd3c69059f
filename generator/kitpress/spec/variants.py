"""Apply a variant: a set of `dotted.path: value` changes to the raw spec data, before validation.

Path parts walk mappings by key and lists by an item's `id` (or a 0-based index), so a variant reads
like `game.deck.cards.red-dark.count: 4`. The result is validated like any spec, so a variant can
never produce a game the model would reject.
"""

from __future__ import annotations

import copy
from typing import Any


class VariantPathError(ValueError):
    def __init__(self, dotted: str, message: str) -> None:
        super().__init__(message)
        self.dotted = dotted


def apply_changes(data: dict[str, Any], changes: dict[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(data)
    for dotted, value in changes.items():
        try:
            _set(out, str(dotted), value)
        except ValueError as exc:
            raise VariantPathError(str(dotted), f"{dotted}: {exc}") from None
    return out


def _set(out: dict[str, Any], dotted: str, value: Any) -> None:
    parts = dotted.split(".")
    node: Any = out
    for depth, part in enumerate(parts[:-1]):
        node = _child(node, part, ".".join(parts[: depth + 1]))
    last = parts[-1]
    if isinstance(node, dict):
        if last not in node:
            raise ValueError(f"there is no key {last!r} to change; keys here: {', '.join(map(str, node))}")
        node[last] = copy.deepcopy(value)
    elif isinstance(node, list):
        node[_index(node, last, dotted)] = copy.deepcopy(value)
    else:
        raise ValueError(f"{'.'.join(parts[:-1])} is a single value, not a section")


def _child(node: Any, part: str, so_far: str) -> Any:
    if isinstance(node, dict):
        if part not in node:
            raise ValueError(f"at {so_far}: there is no key {part!r}; keys here: {', '.join(map(str, node))}")
        return node[part]
    if isinstance(node, list):
        return node[_index(node, part, so_far)]
    raise ValueError(f"at {so_far}: cannot go inside a single value")


def _index(items: list[Any], part: str, so_far: str) -> int:
    for i, item in enumerate(items):
        if isinstance(item, dict) and item.get("id") == part:
            return i
    if part.isascii() and part.isdigit() and int(part) < len(items):  # "²" is a digit to isdigit, not to int
        return int(part)
    ids = [str(item.get("id")) for item in items if isinstance(item, dict) and "id" in item]
    raise ValueError(f"at {so_far}: no list item with id {part!r}; ids here: {', '.join(ids) or 'none'}")

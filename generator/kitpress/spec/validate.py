"""Validate located data against a pydantic model; turn every error into `file:line: path: message`."""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from kitpress.errors import InputError, Problem
from kitpress.spec.yamlpos import Located, Path
from kitpress.spec_model import COLOUR_PATTERN

M = TypeVar("M", bound=BaseModel)

_TYPE_WORDS = {
    "int_type": "a whole number",
    "int_parsing": "a whole number",
    "int_from_float": "a whole number",
    "float_type": "a number",
    "float_parsing": "a number",
    "string_type": "text",
    "finite_number": "a finite number",
    "bool_type": "true or false",
    "bool_parsing": "true or false",
    "list_type": "a list",
    "dict_type": "a mapping of keys to values",
    "model_type": "a mapping of keys to values",
    "model_attributes_type": "a mapping of keys to values",
}


def describe(value: Any) -> str:
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _message(err: dict[str, Any], model: type[BaseModel], loc: Path) -> str:
    kind = err["type"]
    if kind == "missing":
        return f"missing required key {loc[-1]!r}"
    if kind == "extra_forbidden":
        allowed = _allowed_keys(model, loc[:-1])
        hint = f" (expected one of: {', '.join(allowed)})" if allowed else ""
        return f"unknown key {loc[-1]!r}{hint}"
    if kind in _TYPE_WORDS:
        return f"expected {_TYPE_WORDS[kind]}, got {describe(err.get('input'))}"
    if kind == "literal_error":
        expected = err.get("ctx", {}).get("expected", "")
        return f"expected one of {expected}, got {describe(err.get('input'))}"
    if kind in ("greater_than", "greater_than_equal", "less_than", "less_than_equal"):
        if isinstance(err.get("input"), bool):  # pydantic compared true as 1; the slip is the type
            return f"expected a number, got {describe(err['input'])}"
        return f"{err['msg'].lower()}, got {describe(err.get('input'))}"
    if kind == "string_too_long":
        limit = err.get("ctx", {}).get("max_length")
        return f"the text is {len(err.get('input', ''))} characters long; at most {limit} are printed here"
    if kind == "value_error":
        return str(err.get("ctx", {}).get("error", err["msg"]))
    if kind == "string_pattern_mismatch" and err.get("ctx", {}).get("pattern") == COLOUR_PATTERN:
        return f"expected a colour as #rrggbb, such as #1b5e20, got {describe(err.get('input'))}"
    return f"{err['msg']} (got {describe(err.get('input'))})"


def _allowed_keys(model: type[BaseModel], loc: Path) -> list[str]:
    """Walk the model's fields along `loc` to list the keys allowed at that point."""
    current: Any = model
    for part in loc:
        if isinstance(part, int):
            continue
        fields = getattr(current, "model_fields", None)
        if not fields or part not in fields:
            return []
        current = _inner_model(fields[part].annotation)
        if current is None:
            return []
    fields = getattr(current, "model_fields", None)
    return sorted(fields) if fields else []


def _inner_model(annotation: Any) -> Any:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in getattr(annotation, "__args__", ()) or ():
        found = _inner_model(arg)
        if found is not None:
            return found
    return None


def validate(model: type[M], located: Located, data: Any = None, base: Path = ()) -> M:
    """Validate `data` (default: the whole file) as `model`; `base` is where the data sits in the file."""
    payload = located.data if data is None else data
    try:
        return model.model_validate(payload)
    except ValidationError as exc:
        problems: list[Problem] = []
        for err in exc.errors():
            loc: Path = tuple(p for p in err["loc"] if not (isinstance(p, str) and "[" in p))
            full = (*base, *loc)
            problems.append(located.problem(full, _message(err, model, loc)))
        raise InputError(problems) from None

"""A worked example's JSON Schema for one engine, as strict as `kitpress check` is before it replays: the
start keys and the figures are closed lists (a misspelt figure is an error in the editor too), a figure
or start key described "a | b | c: …" takes one of those values, true and false only where a switch is
meant, and the engine's own `example_schema` adds what its config allows: the seats and card ids of a
play, the range of a start position.

The engine's config is the one its pack's bundled spec states: card ids and ranges are those of the game
as shipped; a spec that changes them (a deck of its own) is still checked by `kitpress check`.
"""

from __future__ import annotations

import copy
import re
from typing import Any

import yaml

from kitpress.engine import Engine
from kitpress.packs import pack_for

CHOICES = re.compile(r"^([\w-]+(?: \| [\w-]+)+):")  # "blue | red | none: the momentum marker"
NOT_A_SWITCH = {"not": {"type": "boolean"}, "description": ""}


def choices(text: str) -> list[Any] | None:
    """The values a description lists before its colon ("on | off: …" → [True, False, "on", "off"]);
    "none" may also be written as YAML's null."""
    found = CHOICES.match(text)
    if not found:
        return None
    words: list[Any] = found.group(1).split(" | ")
    if words == ["on", "off"]:
        return [True, False, "on", "off"]
    return [*words, None] if "none" in words else words


def bundled_engine(engine_cls: type[Engine[Any, Any]]) -> Engine[Any, Any] | None:
    """The engine on the config of its pack's bundled spec, read from the file alone (the `game:`
    section), or None when the pack ships no spec or that section does not validate."""
    path = pack_for(engine_cls.id).spec
    if path is None:
        return None
    try:
        data = yaml.safe_load(path.read_text("utf-8"))
        return engine_cls(engine_cls.config_model.model_validate(data["game"]))
    except Exception:  # a pack whose spec does not load has nothing more to say here
        return None


def _value(text: str, extra: dict[str, Any] | None = None) -> dict[str, Any]:
    schema: dict[str, Any] = {"description": text}
    listed = choices(text)
    if listed is not None:
        schema["enum"] = listed
    else:
        schema["not"] = {"type": "boolean"}  # kitpress refuses true and false where no switch is meant
    schema.update(extra or {})
    return schema


def example_defs(engine_cls: type[Engine[Any, Any]], example: dict[str, Any], step: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """(Example, ExampleStep) schemas for this engine, made from the generic ones `example` and `step`."""
    engine = bundled_engine(engine_cls)
    extra = engine.example_schema() if engine is not None else {}
    starts = extra.get("start", {})
    step = copy.deepcopy(step)
    expect = {"refused": {"type": "boolean", "description": "true: the play is one the rules refuse"}}
    expect |= {name: _value(text) for name, text in engine_cls.figures.items()}
    step["properties"]["expect"] = {"type": "object", "properties": expect, "additionalProperties": False, "description": "figures the step states"}
    step["properties"]["play"] = {**extra.get("play", {"type": "object"}), "description": "what is played in the step"}
    timed = engine_cls.call_time is not Engine.call_time
    step["properties"]["call_time"] = {"const": True} if timed else {"const": False}
    step["oneOf"] = [{"required": ["play"]}, {"required": ["call_time"], "properties": {"call_time": {"const": True}}}]
    example = copy.deepcopy(example)
    start = {key: _value(text, starts.get(key)) for key, text in engine_cls.start_keys.items()}
    example["properties"]["start"] = {"type": "object", "properties": start, "additionalProperties": False, "description": "the position the example starts from"}
    return example, step

"""`kitpress new`: a new game's spec, started as a copy of the bundled spec of the chosen engine with a
guidance comment above each top-level key. The copy is loaded before it is kept: it must load cleanly."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from kitpress.atomic import write_bytes
from kitpress.errors import UsageError
from kitpress.packs import engines, shipped_specs
from kitpress.spec.load import load_spec
from kitpress.spec_model import check_id

TOP_KEY = re.compile(r"^([a-z_][a-z0-9_]*):")

GUIDANCE: dict[str, str] = {
    "id": "The game's id: lower-case letters, digits and '-'. Kit folders and file names start with it.",
    "engine": "The rules engine. It fixes the keys of `game:` and which documentation sections this file must have.",
    "identity": "Title, version and source, and the player and minute ranges: the booklet cover, the teacher guide\n"
    "and `kitpress kit` (which seats a class at tables of players.max) read them.",
    "learning_goals": "What students should be able to do afterwards; the booklet and the teacher guide print them.",
    "components": "Every physical piece. `print` says what kitpress prints for it (cards, board, token, checklist, sheet,\n"
    "label, ...); `print: none` pieces go on the packing list's bring list.",
    "game": "The rules' numbers, typed once; texts elsewhere quote them as {name}. The engine's config model checks\n"
    "them: run `kitpress schema --out kitpress-spec.schema.json` for an editor's completion.",
    "examples": "Worked examples: `kitpress check` replays each through the rules engine, and the booklet prints the replay.",
    "classroom": "Table-talk prompts, discussion questions, the student referee's role and quick rulings, for the teacher guide.",
    "variants": "Named changes to the rules: dotted paths into `game:` (list items by id) and new values.",
    "production": "Print facts: card size and stock, and the face designs this engine's renderer reads.",
    "referee_checklist": "What a referee checks, in order: printed on the referee card, in the booklet and in the teacher guide.",
    "rulings": "Where the design document is unclear: the question, the decision and the reason, printed in the booklet.",
}
SECTION_GUIDANCE = (
    "A section of the design document, in the document's order: title, and any of number, text, items, steps,\n"
    "table, subsections. The {engine} engine requires this key; the booklet prints the sections in this order."
)


def template_spec(engine: str) -> Path:
    """The bundled spec written for `engine`, to copy."""
    if engine not in engines():
        raise UsageError(f"unknown engine {engine!r}; expected one of: {', '.join(sorted(engines()))}")
    for path in shipped_specs().values():
        if re.search(rf"^engine:\s*{re.escape(engine)}\s*$", path.read_text("utf-8"), re.MULTILINE):
            return path
    raise UsageError(f"no bundled spec uses the {engine!r} engine to start from")


def _comment(text: str) -> list[str]:
    return [f"# {line}" for line in text.splitlines()]


def starter_text(name: str, engine: str) -> str:
    """The bundled spec's text with this game's id and title, a header, and a comment above each key."""
    source = template_spec(engine)
    lines = source.read_text("utf-8").splitlines()
    while lines and (lines[0].startswith("#") or not lines[0].strip()):
        lines.pop(0)
    title = name.replace("-", " ").title()
    out = [
        f"# {title}: a new kitpress game spec, started from the bundled {source.stem} spec ({engine} engine).",
        "# Every value below is that game's: replace them with your game's. Then:",
        f"#   kitpress check {name}.yaml    replays the worked examples through the rules engine",
        f"#   kitpress build {name}.yaml    builds the print kit and the rule booklet",
        "# Texts may quote the numbers under `game:` as {name}; an unknown name is an error.",
    ]
    sections = set(engines()[engine].sections)
    in_identity = False
    for line in lines:
        match = TOP_KEY.match(line)
        if match:
            key = match.group(1)
            in_identity = key == "identity"
            guidance = GUIDANCE.get(key) or (SECTION_GUIDANCE.format(engine=engine) if key in sections else "")
            while out and not out[-1].strip():
                out.pop()
            out += ["", *(_comment(guidance) if guidance else [])]
            if key == "id":
                line = f"id: {name}"
        elif in_identity:
            line = re.sub(r"^(  title:).*$", lambda m: f"{m.group(1)} {json.dumps(title, ensure_ascii=False)}", line)
            line = re.sub(r"^(  version:).*$", r'\1 "0.1"', line)
            line = re.sub(r"^(  status:).*$", r"\1 Draft", line)
        out.append(line)
    return "\n".join(out) + "\n"


def new_spec(name: str, engine: str, out_dir: Path = Path(".")) -> Path:
    """Write OUT/NAME.yaml, loaded and validated first; refuses to overwrite a file."""
    try:
        check_id(name)
    except ValueError as exc:
        raise UsageError(f"NAME: {exc}") from None
    if name in shipped_specs():
        raise UsageError(f"{name!r} is a bundled game's id; choose another name")
    target = out_dir / f"{name}.yaml"
    if target.exists():
        raise UsageError(f"{target} already exists; kitpress new never overwrites a file")
    text = starter_text(name, engine)
    trial = out_dir / f".{name}.new.yaml"
    write_bytes(trial, text.encode("utf-8"))
    try:
        load_spec(str(trial))
        os.replace(trial, target)
    finally:
        trial.unlink(missing_ok=True)
    return target

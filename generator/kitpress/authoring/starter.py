"""`kitpress new`: a new game's spec, started as a copy of the bundled spec of the chosen engine with a
guidance comment above each top-level key. The copy is loaded before it is kept: it must load cleanly."""

from __future__ import annotations

import json
import os
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path

import yaml

from kitpress.errors import UsageError
from kitpress.packs import engines, shipped_specs
from kitpress.spec.load import load_spec
from kitpress.spec.yamlpos import unprintable
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
    "sources": "Where the learning goals and each classroom part come from: `document` if your design document gives\n"
    "them, `kit` if they are your own (the teacher's book prints those as the kit's addition). `kitpress lint` asks.",
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


TODO = "TODO"  # how a value `new` could not know starts; `kitpress lint` reports every one left
# identity keys that say whose document the source spec was; none is copied into a new game
SOURCE_IDENTITY = ("subtitle", "date", "designers", "document_id", "source", "credit", "rights")
IDENTITY_KEY = re.compile(r"^  ([a-z_]+):")
DATE = re.compile(r"\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])")


@dataclass(frozen=True)
class Identity:
    """What `kitpress new` knows of the new game's identity: from its options, the rest TODO markers."""

    designers: tuple[str, ...] = ()
    date: str = ""
    document_id: str = ""

    @classmethod
    def given(cls, designers: tuple[str, ...], date: str | None, document_id: str | None) -> Identity:
        """From `kitpress new`'s options, each refused in one line when it cannot stand in a spec."""
        for option, value in (*(("--designer", d) for d in designers), ("--date", date or ""), ("--document-id", document_id or "")):
            problem = unprintable(value, option) or ("" if value == value.strip() and "\n" not in value else f"{option}: one line, without spaces at its ends")
            if problem or (option == "--designer" and not value.strip()):
                raise UsageError(problem or "--designer: a name, not blank")
        if date and not DATE.fullmatch(date):
            raise UsageError(f"--date: expected a date as YYYY-MM-DD, got {date!r}")
        return cls(tuple(designers), date or "", document_id or "")

    def lines(self, title: str) -> list[str]:
        def text(value: str, todo: str) -> str:
            return json.dumps(value or f"{TODO}: {todo}", ensure_ascii=False)

        designers = ", ".join(json.dumps(d, ensure_ascii=False) for d in self.designers) or text("", "the designers' names")
        return [
            f"  title: {json.dumps(title, ensure_ascii=False)}", '  version: "0.1"', "  status: Draft",
            f"  date: {text(self.date, 'the date of this version, e.g. 2026-09-01')}",
            f"  designers: [{designers}]",
            f"  document_id: {text(self.document_id, 'the design document id')}",
            f"  source: {text('', 'the design document this game is made from')}",
        ]  # fmt: skip


def _identity(block: list[str], title: str, identity: Identity) -> list[str]:
    """The source's identity block with nothing of its identity: title, version, status, date, designers
    and ids as `new` was given them (or TODO markers); the game's facts (players, minutes, ages) kept."""
    kept: list[str] = []
    drop = True
    for line in block[1:]:
        key = IDENTITY_KEY.match(line)
        if key:
            drop = key.group(1) in (*SOURCE_IDENTITY, "title", "version", "status")
        elif not line.strip():
            drop = False
        if not drop:
            kept.append(line)
    return [block[0], *identity.lines(title), *kept]


def starter_text(name: str, engine: str, identity: Identity | None = None) -> str:
    """The bundled spec's text with this game's id, title and identity (nothing of the source's), a
    header, and a comment above each key."""
    identity = identity or Identity()
    source = template_spec(engine)
    source_identity = yaml.safe_load(source.read_text("utf-8")).get("identity") or {}
    source_title = str(source_identity.get("title", ""))
    names = _designer_names(source_identity.get("designers") or [])
    lines = _with_identity(source.read_text("utf-8").splitlines(), name.replace("-", " ").title(), identity)
    while lines and (lines[0].startswith("#") or not lines[0].strip()):
        lines.pop(0)
    title = name.replace("-", " ").title()
    out = [
        f"# {title}: a new kitpress game spec, started from the bundled {source.stem} spec ({engine} engine).",
        "# Every value below is that game's, but for its identity: replace them with your game's. Values",
        f"# starting {TODO} are for you to fill in (`kitpress lint` lists those left). Then:",
        f"#   kitpress check {name}.yaml    replays the worked examples through the rules engine",
        f"#   kitpress build {name}.yaml    builds the print kit and the rule booklet",
        "# Texts may quote the numbers under `game:` as {name}; an unknown name is an error.",
    ]
    sections = set(engines()[engine].sections)
    in_production = False
    for line in lines:
        match = TOP_KEY.match(line)
        if match:
            key = match.group(1)
            in_production = key == "production"
            guidance = GUIDANCE.get(key) or (SECTION_GUIDANCE.format(engine=engine) if key in sections else "")
            while out and not out[-1].strip():
                out.pop()
            out += ["", *(_comment(guidance) if guidance else [])]
            if key == "id":
                line = f"id: {name}"
        elif in_production and source_title:  # a piece printing the source's title (a card back) prints ours
            line = _retitled(line, source_title, title)
        out.append(_credited(line, names, identity))
    return "\n".join(out) + "\n"


def _with_identity(lines: list[str], title: str, identity: Identity) -> list[str]:
    start = next((i for i, line in enumerate(lines) if line.startswith("identity:")), None)
    if start is None:
        return lines
    end = next((i for i in range(start + 1, len(lines)) if TOP_KEY.match(lines[i])), len(lines))
    return lines[:start] + _identity(lines[start:end], title, identity) + lines[end:]


def _designer_names(designers: list[object]) -> list[str]:
    """The source's designers as prose names them: "Farhad Saba, PhD (instructor)" is also "Farhad Saba"."""
    names: set[str] = set()
    for entry in designers:
        text = str(entry).strip()
        names |= {text, text.split(" (")[0].strip(), text.split(",")[0].strip()}
    return sorted((n for n in names if len(n) > 2), key=len, reverse=True)  # the longest first


def _credited(line: str, names: list[str], identity: Identity) -> str:
    """A line of prose naming one of the source's designers names ours, or a TODO marker for them."""
    if line.lstrip().startswith("#"):
        return line
    ours = ", ".join(identity.designers) or f"{TODO} (the designers' names)"
    for name in names:
        line = line.replace(name, ours)
    return line


def _retitled(line: str, old: str, new: str) -> str:
    """A `key: <old title>` line (plain or quoted) with the new title instead."""
    match = re.match(r"^(\s+[a-z_]+:\s*)(.*?)\s*$", line)
    if match and match.group(2).strip("\"'") == old:
        return f"{match.group(1)}{json.dumps(new, ensure_ascii=False)}"
    return line


def new_spec(name: str, engine: str, out_dir: Path = Path("."), identity: Identity | None = None) -> Path:
    """Write OUT/NAME.yaml, loaded and validated first; refuses to overwrite a file."""
    try:
        check_id(name)
    except ValueError as exc:
        raise UsageError(f"NAME: {exc}") from None
    if name in shipped_specs():
        raise UsageError(f"{name!r} is a bundled game's id; choose another name")
    target = out_dir / f"{name}.yaml"
    if target.exists() or target.is_symlink():
        raise UsageError(f"{target} already exists; kitpress new never overwrites a file")
    data = starter_text(name, engine, identity).encode("utf-8")
    out_dir.mkdir(parents=True, exist_ok=True)
    # The trial copy has a name no one else has (never a file of the user's), and the spec is created
    # exclusively: of two `new` at once, the second is told the file exists, not that it wrote it.
    fd, trial = tempfile.mkstemp(prefix=f".{name}.", suffix=".new.yaml", dir=out_dir)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        load_spec(trial)
        os.chmod(trial, 0o666 & ~_umask())
        _create_exclusively(Path(trial), target, data)
    finally:
        Path(trial).unlink(missing_ok=True)
    return target


def _create_exclusively(trial: Path, target: Path, data: bytes) -> None:
    """`target` made from the trial copy, only if nothing is there yet: a hard link (whole at once), or
    where the file system has none, a file opened with O_EXCL."""
    try:
        os.link(trial, target)
        return
    except FileExistsError:
        raise UsageError(f"{target} already exists; kitpress new never overwrites a file") from None
    except OSError:  # no hard links here (FAT, some network shares)
        pass
    try:
        fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o666)
    except FileExistsError:
        raise UsageError(f"{target} already exists; kitpress new never overwrites a file") from None
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask

"""Load a spec file (or a bundled game id) into a validated spec, its engine and its examples."""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

from pydantic import BaseModel, ValidationError, create_model

from kitpress import spec_text as spectext
from kitpress.check import example_rng, example_start
from kitpress.engine import Engine, ExampleError
from kitpress.errors import InputError, Problem, UsageError
from kitpress.packs import broken_packs, engines, pack_for, shipped_specs, spec_name
from kitpress.spec.validate import validate
from kitpress.spec.variants import VariantPathError, apply_changes
from kitpress.spec.yamlpos import Located, format_path, load_bytes, load_file, read_file
from kitpress.spec_model import COLOUR_PATTERN, LINE_MAX, CommonSpec, Example, Section, Strict

COLOUR = re.compile(COLOUR_PATTERN)
M = TypeVar("M", bound=BaseModel)


@dataclass(frozen=True)
class LoadedSpec:
    """A validated spec with its engine bound to the (possibly varied) rules."""

    file: str
    spec: Any  # a CommonSpec subclass with the engine's documentation sections
    engine: Engine[Any, Any]
    variant: str | None
    source: Path
    lines: dict[str, int] = field(default_factory=dict)  # top-level key → its line, for later errors
    columns: dict[str, int] = field(default_factory=dict)  # and its column
    # `production.<key>` as the pack's typed model, for each key the pack types (validated at load).
    typed_production: dict[str, BaseModel] = field(default_factory=dict)
    # (example id, step number, figure or "") → (line, column) where that step, or the figure it
    # expects, is written: for `check` to point at.
    steps_at: dict[tuple[str, int, str], StepAt] = field(default_factory=dict)
    # The spec file's bytes as read, once: what it was loaded from, and what a build records (its inputs
    # hash) and hands to worker processes, so a save while it builds is never recorded as built.
    data: bytes = field(default=b"", repr=False)
    # The engine's params, once asked for (not an argument: a copy with another engine starts empty).
    _params: dict[str, Any] = field(default_factory=dict, init=False, compare=False, repr=False)

    def problem(self, key: str, message: str) -> InputError:
        """An input error found after loading (by a renderer), placed at a top-level key's line."""
        return InputError([Problem(self.file, self.lines.get(key, 1), message, key)])

    def no_variant(self, variant: str, known: list[str]) -> InputError:
        """An unknown variant named on the command line, placed as load_spec places it for build and check."""
        key = "variants" if "variants" in self.lines else ""
        return InputError([Problem(self.file, self.lines.get(key, 1), no_variant(variant, known), key, self.columns.get(key, 0))])

    @property
    def id(self) -> str:
        return str(self.spec.id)

    def production(self, key: str, model: type[M]) -> M:
        """The spec's `production.<key>` as the pack's typed model: what a pack's art reads."""
        value = self.typed_production[key]
        if not isinstance(value, model):
            raise TypeError(f"production.{key} is typed as {type(value).__name__}, not {model.__name__}")
        return value

    def params(self) -> dict[str, Any]:
        return dict(self._known_params())

    def _known_params(self) -> dict[str, Any]:
        # Every printed text fills its numbers from these: worked out once for the spec's engine, and
        # read (not copied) by `text`, which every printed string goes through.
        if not self._params:
            self._params.update(self.engine.params())
        return self._params

    def text(self, value: str, rulings: bool = False) -> str:
        """A printed text: the game's {numbers} filled in, and a {§section} named by its title (a book
        puts its own section numbers in first, through booklet.headings). Its pointers to rulings
        ("(ruling R4)") are left out but for the teacher's book (`rulings`), which prints the rulings."""
        if "{§" in value:
            sections = section_index(self.spec, self.engine.sections)
            value = spectext.refer(value, lambda key: f"“{self.text(sections[key].title)}”" if key in sections else None)
        filled = spectext.fill(value, self._known_params())
        return filled if rulings or "uling" not in filled else spectext.without_ruling_pointers(filled)

    def with_variant(self, variant: str | None) -> LoadedSpec:
        """The same bytes, in another variant (the file may have been saved again since)."""
        return load_spec(str(self.source), variant, self.data)


def section_index(spec: Any, names: Iterable[str]) -> dict[str, Section]:
    """Every section a text may refer to as {§key}: the top-level ones by key, subsections by their id."""
    found: dict[str, Section] = {}

    def walk(section: Section) -> None:
        for sub in section.subsections:
            if sub.id:
                found[sub.id] = sub
            walk(sub)

    for name in names:
        section = getattr(spec, name, None)
        if isinstance(section, Section):
            found[name] = section
            walk(section)
    return found


def resolve(game: str) -> Path:
    """A bundled game id, or the path of a spec file of the user's own."""
    bundled = shipped_specs()
    if game in bundled:
        return bundled[game]
    path = Path(game)
    if path.suffix in (".yaml", ".yml") or "/" in game or path.exists():
        if not path.is_file():
            raise UsageError(f"{game}: no such spec file")
        return path
    skipped = next((pack for pack in broken_packs() if pack.name == game), None)
    if skipped is not None:
        raise UsageError(skipped.line())
    raise UsageError(f"unknown game {game!r}; bundled games are: {', '.join(bundled)} (or give a spec file path)")


@functools.cache
def spec_model(engine_id: str) -> type[CommonSpec]:
    """The spec model for one engine: the common keys plus that game's documentation sections."""
    engine = engines()[engine_id]
    fields: dict[str, Any] = {name: (Section, ...) for name in engine.sections}
    return create_model(f"Spec_{engine_id.replace('-', '_')}", __base__=CommonSpec, **fields)


def _display(path: Path) -> str:
    """A spec a pack ships is named by its place in the pack's source tree (packs.spec_name), a user's file as given."""
    return spec_name(path) or str(path)


def load_spec(game: str, variant: str | None = None, data: bytes | None = None) -> LoadedSpec:
    """A spec from its file, read once (or from `data`, bytes read from that file before)."""
    path = resolve(game)
    raw = read_file(str(path)) if data is None else data
    located = load_bytes(raw, str(path))
    located.file = _display(path)
    return _from_located(located, path, variant, raw)


def _from_located(located: Located, path: Path, variant: str | None, raw: bytes = b"") -> LoadedSpec:
    data = located.data
    if not isinstance(data, dict):
        raise InputError([located.problem((), "expected a mapping of section names to contents at the top level")])
    engine_cls = _engine_for(located, data)
    spec, engine = _validated(located, data, engine_cls)
    if variant is None:
        _check_variants(located, data, spec, engine_cls)
    else:
        spec, engine = _varied(located, data, spec, engine_cls, variant)
    steps_at = step_positions(located, spec.examples, ("examples",), _variant_changes(spec, variant))
    lines = {str(p[0]) if p else "": pos[0] for p, pos in located.positions.items() if len(p) <= 1}
    columns = {str(p[0]) if p else "": pos[1] for p, pos in located.positions.items() if len(p) <= 1}
    # Validated already (at their lines) with the rest of the spec: this only keeps the typed values.
    typed = {key: model.model_validate(getattr(spec.production, key)) for key, model in pack_for(engine.id).production.items()}
    return LoadedSpec(located.file, spec, engine, variant, path, lines, columns, typed, steps_at, raw)


def _check_variants(located: Located, data: dict[str, Any], spec: CommonSpec, engine_cls: type[Engine[Any, Any]]) -> None:
    """Every variant makes a valid game, or the problems of all of them. That a spec's variants are valid
    is kept in the cache, keyed by the data they were validated from (not the file, which may have been
    saved again since it was read) and kitpress's code: validating Rummy's seven is most of what loading
    it costs, and every command loads it. Problems are never kept, so always told."""
    if not spec.variants:
        return
    from kitpress import cache
    from kitpress.fingerprint import code_hash

    key = cache.key(code_hash(), json.dumps(data, sort_keys=True, default=str))
    if cache.get("valid-variants", key) == b"valid":
        return
    problems: list[Problem] = []
    for var in spec.variants:
        try:
            _varied(located, data, spec, engine_cls, var.id)
        except InputError as exc:
            problems += exc.problems
    if problems:
        raise InputError(problems)
    cache.put("valid-variants", key, b"valid")


def _variant_changes(spec: CommonSpec, variant: str | None) -> dict[tuple[str | int, ...], str]:
    """The chosen variant's changes, by their key path in the file → the dotted path they set."""
    if variant is None:
        return {}
    index = [v.id for v in spec.variants].index(variant)
    return {("variants", index, "set", dotted): dotted for dotted in spec.variants[index].set}


class StepAt(NamedTuple):
    """Where a step, or a figure it expects, is written: its line and column, and the key path to edit."""

    line: int
    column: int
    path: str = ""


def _at(located: Located, path: tuple[str | int, ...]) -> StepAt:
    line, column = located.line_of(path)
    return StepAt(line, column, format_path(path))


def step_positions(located: Located, examples: list[Example], base: tuple[str | int, ...], changes: dict[tuple[str | int, ...], str] | None = None) -> dict[tuple[str, int, str], StepAt]:
    """Where each step of each example is written: its own line, or, for an example a variant
    amends, the line of the variant's change (that is what a failure there asks to edit)."""
    written = located.data
    for key in base:
        written = written.get(key, []) if isinstance(written, dict) else []
    index = {item.get("id"): i for i, item in enumerate(written if isinstance(written, list) else []) if isinstance(item, dict)}
    out: dict[tuple[str, int, str], StepAt] = {}
    for example in examples:
        i = index.get(example.id)
        mine = ([str(base[-1]), example.id], [str(base[-1]), str(i)])
        amended = {where: dotted.split(".")[2:4] for where, dotted in (changes or {}).items() if dotted.split(".")[:2] in mine}
        for n, step in enumerate(example.steps, start=1):
            this_step = [where for where, rest in amended.items() if rest == ["steps", str(n - 1)]]
            for figure in ["", *step.expect]:
                if this_step or amended:
                    out[(example.id, n, figure)] = _at(located, (this_step or list(amended))[0])
                elif i is not None:
                    own = (*base, i, "steps", n - 1, "expect", figure) if figure else (*base, i, "steps", n - 1)
                    out[(example.id, n, figure)] = _at(located, own)
                else:
                    out[(example.id, n, figure)] = _at(located, base)
    return out


def no_variant(variant: str, known: list[str]) -> str:
    return f"no variant {variant!r}; variants are: {', '.join(known) or 'none'}"


def _engine_for(located: Located, data: dict[str, Any]) -> type[Engine[Any, Any]]:
    if "engine" not in data:
        raise InputError([located.problem((), "missing required key 'engine' (the rules engine, one of: " + ", ".join(sorted(engines())) + ")")])
    engine_id = data["engine"]
    if not isinstance(engine_id, str) or engine_id not in engines():
        skipped = next((p for p in broken_packs() if p.name == engine_id), None)
        msg = f"unknown engine {engine_id!r}; expected one of: {', '.join(sorted(engines()))}"
        if skipped is not None:
            msg = f"engine {engine_id!r}: {skipped.line()}"
        raise InputError([located.problem(("engine",), msg)])
    return engines()[engine_id]


def _validated(located: Located, data: dict[str, Any], engine_cls: type[Engine[Any, Any]]) -> tuple[CommonSpec, Engine[Any, Any]]:
    """The spec and its `game:` rules, validated together so one run reports the problems of both."""
    problems: list[Problem] = []
    spec = config = None
    try:
        spec = validate(spec_model(engine_cls.id), located, data)
    except InputError as exc:
        problems += exc.problems
    if isinstance(data.get("game"), dict):
        try:
            config = validate(engine_cls.config_model, located, data["game"], base=("game",))
        except InputError as exc:
            problems += exc.problems
    if problems or spec is None or config is None:
        # all problems at once: the examples' own mistakes (figures, start keys, plays) need no valid rules
        examples = spec.examples if spec is not None else _parsable_examples(data)
        problems += _static_example_problems(located, examples, engine_cls, ("examples",))
        problems += _raw_duplicate_ids(located, data)
        raise InputError(_unique(problems))
    engine = engine_cls(config)
    problems = _cross_checks(located, data, spec, engine)
    if problems:
        raise InputError(problems)
    return spec, engine


def _varied(located: Located, data: dict[str, Any], spec: CommonSpec, engine_cls: type[Engine[Any, Any]], variant: str) -> tuple[CommonSpec, Engine[Any, Any]]:
    """The spec with one variant's changes applied, validated like any spec; problems point at the variant."""
    ids = [v.id for v in spec.variants]
    if variant not in ids:
        where = ("variants",) if "variants" in data else ()
        raise InputError([located.problem(where, no_variant(variant, ids))])
    index = ids.index(variant)
    chosen = spec.variants[index]
    try:
        changed = apply_changes(data, chosen.set)
    except VariantPathError as exc:
        raise InputError([located.problem(("variants", index, "set", exc.dotted), f"variant {variant!r}: {exc}")]) from None
    try:
        return _validated(located, changed, engine_cls)
    except InputError as exc:
        raise InputError([located.problem(_change_for(index, chosen.set, p.path), f"variant {variant!r} makes an invalid game: {p.path + ': ' if p.path else ''}{p.message}") for p in exc.problems]) from None


def _change_for(index: int, changes: dict[str, Any], path: str) -> tuple[str | int, ...]:
    """The variant's change that a problem at `path` (e.g. game.deck) comes from, for its line number."""
    for dotted in changes:
        if dotted.startswith(path) or path.startswith(dotted):
            return ("variants", index, "set", dotted)
    return ("variants", index, "set")


def _duplicate_ids(located: Located, items: list[Any], base: tuple[str | int, ...]) -> list[Problem]:
    """Every id once, each second use reported at its own line."""
    problems: list[Problem] = []
    seen: dict[str, int] = {}
    for i, item in enumerate(items):
        if item.id in seen:
            problems.append(located.problem((*base, i, "id"), f"id {item.id!r} is used twice (first at item {seen[item.id] + 1})"))
        seen.setdefault(item.id, i)
    return problems


def _cross_checks(located: Located, data: dict[str, Any], spec: CommonSpec, engine: Engine[Any, Any]) -> list[Problem]:
    """Checks no model can make alone; `data` is the spec's data, with a variant's changes if any."""
    problems: list[Problem] = []
    for key in ("components", "examples", "variants", "rulings"):
        problems += _duplicate_ids(located, getattr(spec, key), (key,))
    problems += _production_checks(located, data, engine)
    untyped = {} if pack_for(engine.id).production else data.get("production", {})  # typed: its models check colours
    for path, value in spectext.strings(untyped, ("production",)):
        key = str(path[-1]) if path and isinstance(path[-1], str) else ""
        if (key.endswith("colour") or key.endswith("color")) and not COLOUR.fullmatch(value):
            problems.append(located.problem(path, f"a colour must be written #rrggbb, got {value!r}"))
    for path, value in spectext.strings(data.get("game", {}), ("game",)):
        if len(value) > LINE_MAX:  # names and ids of the rules: pieces and diagrams print them
            problems.append(located.problem(path, f"the text is {len(value)} characters long; at most {LINE_MAX} are printed here"))
    params = engine.params()
    sections = section_index(spec, engine.sections)
    for path, value in spectext.strings(located.data):
        if path and path[0] in ("game", "variants"):
            continue
        for name in spectext.unknown_names(value, params):
            problems.append(located.problem(path, f"unknown number {{{name}}} in the text; known: {', '.join(sorted(params))}"))
        for name in spectext.section_refs(value):
            if name not in sections:
                problems.append(located.problem(path, f"no section to refer to as {{§{name}}}; known: {', '.join(sorted(sections))}"))
    problems += check_examples(located, spec.examples, engine, ("examples",))
    problems += _quick_rulings_named(located, spec)
    return problems


def _quick_rulings_named(located: Located, spec: CommonSpec) -> list[Problem]:
    """A quick ruling marked as a ruling names one the spec records, whose reason the book prints, and
    only such a quick ruling names one."""
    known = [r.id for r in spec.rulings]
    problems = []
    for i, q in enumerate(spec.classroom.quick_rulings):
        at = ("classroom", "quick_rulings", i)
        if q.source == "ruling" and not q.ruling:
            problems.append(located.problem((*at, "source"), f"a quick ruling that is a ruling names it: add ruling: <its id under rulings> (known: {', '.join(known) or 'none'})"))
        elif q.ruling and q.source != "ruling":
            problems.append(located.problem((*at, "ruling"), f"ruling {q.ruling!r} is named, so the quick ruling is one: add source: ruling"))
        elif q.ruling and q.ruling not in known:
            problems.append(located.problem((*at, "ruling"), f"no ruling {q.ruling!r} under rulings; known: {', '.join(known) or 'none'}"))
    return problems


def _production_checks(located: Located, data: dict[str, Any], engine: Engine[Any, Any]) -> list[Problem]:
    """The production section against its typed models, then (when it fits them) against the game."""
    production = data.get("production")
    problems: list[Problem] = []
    pack = pack_for(engine.id)
    for key, model in pack.production.items():
        value = production.get(key, {}) if isinstance(production, dict) else {}
        try:
            validate(model, located, value, base=("production", key))
        except InputError as exc:
            problems += exc.problems
    if pack.check_production and not problems and isinstance(production, dict):
        problems += [located.problem(path, message) for path, message in pack.check_production(engine, production)]
    return problems


def _parsable_examples(data: dict[str, Any]) -> list[tuple[int, Example]]:
    """The examples that are well formed on their own, by their place in the list, when the spec as a
    whole is not (each other example's problems are the spec's own, already reported)."""
    found: list[tuple[int, Example]] = []
    written = data.get("examples")
    for i, item in enumerate(written if isinstance(written, list) else []):
        try:
            found.append((i, Example.model_validate(item)))
        except ValidationError:
            continue
    return found


def _raw_duplicate_ids(located: Located, data: dict[str, Any]) -> list[Problem]:
    """Ids used twice in the lists of a spec that does not validate (a valid one is checked by _cross_checks)."""
    problems: list[Problem] = []
    for key in ("components", "examples", "variants", "rulings"):
        items = data.get(key)
        seen: dict[Any, int] = {}
        for i, item in enumerate(items if isinstance(items, list) else []):
            ident = item.get("id") if isinstance(item, dict) else None
            if not isinstance(ident, str | int) or isinstance(ident, bool):
                continue
            if ident in seen:
                problems.append(located.problem((key, i, "id"), f"id {str(ident)!r} is used twice (first at item {seen[ident] + 1})"))
            seen.setdefault(ident, i)
    return problems


def _unique(problems: list[Problem]) -> list[Problem]:
    """Each problem once, in the order found (the same mistake may be reached two ways)."""
    seen: set[tuple[str, int, int, str]] = set()
    out = []
    for p in problems:
        key = (p.file, p.line, p.column, p.message)
        if key not in seen:
            seen.add(key)
            out.append(p)
    return out


def _static_example_problems(
    located: Located, examples: list[Example] | list[tuple[int, Example]], engine: type[Engine[Any, Any]] | Engine[Any, Any], base: tuple[str | int, ...]
) -> list[Problem]:
    """What the engine's declarations alone tell of each example: unknown start keys and figures, true
    or false where none is meant, a clock where the game has none. `examples` may be (index, example)."""
    problems: list[Problem] = []
    cls = engine if isinstance(engine, type) else type(engine)
    flags = frozenset(key for key, text in cls.start_keys.items() if text.startswith("on | off"))
    timed = cls.call_time is not Engine.call_time
    for i, example in (e if isinstance(e, tuple) else (n, e) for n, e in enumerate(examples)):
        here = (*base, i)
        for key, value in example.start.items():
            if key not in cls.start_keys:
                problems.append(located.problem((*here, "start", key), f"unknown start key {key!r}; expected one of: {', '.join(cls.start_keys)}"))
            elif key not in flags and _bool_in(value) is not None:
                problems.append(located.problem((*here, "start", key), f"expected {cls.start_keys[key]}; got {_bool_in(value)}"))
        for n, step in enumerate(example.steps):
            if step.call_time and not timed:
                problems.append(located.problem((*here, "steps", n, "call_time"), f"{cls.title} has no rule for a game stopped by the clock, so a step cannot call time"))
            for key, value in step.play.items():
                if _bool_in(value) is not None:  # no move is true or false; Python would take true for 1
                    problems.append(located.problem((*here, "steps", n, "play", key), f"a play names a card, a cell or a number, not true or false; got {_bool_in(value)}"))
            for key, value in step.expect.items():
                if key != "refused" and key not in cls.figures:
                    problems.append(located.problem((*here, "steps", n, "expect", key), f"unknown figure {key!r}; expected one of: {', '.join(cls.figures)}"))
                elif key != "refused" and _bool_in(value) is not None:  # no figure is true or false, and 1 == true
                    problems.append(located.problem((*here, "steps", n, "expect", key), f"expected {cls.figures[key]}; got {_bool_in(value)}"))
    return problems


def check_examples(located: Located, examples: list[Example], engine: Engine[Any, Any], base: tuple[str | int, ...]) -> list[Problem]:
    """Each example's start, plays and expected figures must be ones the game knows, and its start one
    the rules can set up."""
    problems = _static_example_problems(located, examples, engine, base)
    for i, example in enumerate(examples):
        here = (*base, i)
        try:
            example_start(engine, example, example_rng(example))
        except ExampleError as exc:
            problems.append(located.problem((*here, *exc.path), exc.message))
    return problems


def _bool_in(value: Any) -> str | None:
    """The first true or false in `value` (YAML also reads yes, no, on and off so), or None."""
    if isinstance(value, bool):
        return str(value).lower()
    items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    return next((found for found in map(_bool_in, items) if found is not None), None)


class ExamplesFile(Strict):
    """A file of further worked examples, in the same format as a spec's `examples:` section."""

    game: str = ""
    examples: list[Example]


@dataclass(frozen=True)
class LoadedExamples:
    """An examples file, validated against a game: its examples and where each step is written."""

    file: str
    examples: list[Example]
    steps_at: dict[tuple[str, int, str], StepAt]


def load_examples(file: str, loaded: LoadedSpec) -> LoadedExamples:
    located = load_file(file)
    if not isinstance(located.data, dict):
        raise InputError([located.problem((), "expected a mapping with an 'examples' list")])
    parsed: BaseModel = validate(ExamplesFile, located)
    assert isinstance(parsed, ExamplesFile)
    if parsed.game and parsed.game != loaded.id:
        raise InputError([located.problem(("game",), f"these examples are for {parsed.game!r}, not {loaded.id!r}")])
    problems = _duplicate_ids(located, parsed.examples, ("examples",))
    problems += check_examples(located, parsed.examples, loaded.engine, ("examples",))
    if problems:
        raise InputError(problems)
    return LoadedExamples(located.file, parsed.examples, step_positions(located, parsed.examples, ("examples",)))

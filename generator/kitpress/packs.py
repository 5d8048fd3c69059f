"""Game packs: everything of one game declared by one typed object, and the one registry that finds them.

A pack is a package (the bundled ones live in `kitpress/games/<game>/`) whose top defines
`GAME = GamePack(...)`, and is registered under the `kitpress.games` entry-point group of its
distribution, kitpress's own packs like any other:

    [project.entry-points."kitpress.games"]
    my-game = "my_distribution.my_game:GAME"

Nothing outside a pack names a game: the spec loader, the renderers' caller, the preflight, the
simulator and the class kit all ask this registry. The art and the simulation ports are imported on
first use, so `kitpress check` never imports a renderer.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from pydantic import BaseModel

from kitpress.engine import Engine
from kitpress.errors import KitpressError
from kitpress.resources import specs_dir

if TYPE_CHECKING:
    from kitpress.pieces import PrintJob
    from kitpress.simulate.agents import Agent
    from kitpress.simulate.figures import Tally
    from kitpress.simulate.play import GameRecord
    from kitpress.spec.load import LoadedSpec

ENTRY_POINTS = "kitpress.games"

Finding = tuple[tuple[str | int, ...], str]  # where in the spec file (a key path), and what is wrong
ProductionCheck = Callable[[Any, Mapping[str, Any]], Iterator[Finding]]
Port = Callable[..., "GameRecord"]  # (rng, index, trace=None) -> GameRecord
PortBuilder = Callable[[Any, "int | None", int], "Port | None"]  # (engine, players, max_turns)


class GameArt(Protocol):
    """A pack's art: every piece to print, and the picture of one worked-example step."""

    def jobs(self, loaded: LoadedSpec) -> list[PrintJob]: ...

    def diagram(self, loaded: LoadedSpec, before: dict[str, Any], after: dict[str, Any]) -> str: ...


# The spec's shared parts a rule book can place among the design document's sections.
BOOK_PARTS = ("@components", "@examples", "@referee_checklist")


@dataclass(frozen=True)
class RuleBook:
    """Which parts of the design document each rule book prints: game knowledge, so the pack says it.

    Names are the engine's `sections` keys or one of BOOK_PARTS. Every section not named for the
    student rules or the teacher's opening chapter goes to the teacher's book's design notes."""

    # The student rules (one folded sheet: at most four pages): what a player needs, in print order.
    # "@examples" marks where the worked examples go (before the referee checklist if not named).
    student_sections: tuple[str, ...] = ()
    # Ids of the one or two worked examples the student rules draw; the others are the teacher's.
    student_examples: tuple[str, ...] = ()
    # Sections the teacher's book opens with beside the learning goals: objectives, learners, standards.
    teacher_sections: tuple[str, ...] = ()


@dataclass(frozen=True)
class GamePack:
    """One game, whole. `engine` carries the rules and the worked-example hooks (Engine.example_state,
    example_moves, observe); the rest is optional and typed."""

    engine: type[Engine[Any, Any]]
    # The spec the pack ships (listed by `kitpress list`, built by a bare `kitpress build`).
    spec: Path | None = None
    # Typed `production:` sections, by key; the art reads these models, never raw dicts.
    production: Mapping[str, type[BaseModel]] = field(default_factory=dict)
    # What the production sections name from `game:`, checked against the rules when the spec loads.
    check_production: ProductionCheck | None = None
    # The art, imported on first use (a callable returning the module or object).
    art: Callable[[], GameArt] | None = None
    # Colour pairs the preflight must tell apart (as errors, not warnings), and who states them.
    colour_pairs: Callable[[LoadedSpec], list[tuple[str, str, str]]] | None = None
    # Simulation: a Python port of the rules for random agents, and one compiled with numba.
    fast_port: Callable[[], PortBuilder] | None = None
    compiled_port: Callable[[], PortBuilder] | None = None
    # Classroom figures counted from the engine's events in simulations.
    tally: Callable[[], type[Tally]] | None = None
    # A rules-aware player for simulations, where random play never reaches some rule: the default
    # agent of `kitpress simulate` for this game (`--agent rules`).
    agent: Callable[[], type[Agent]] | None = None
    # What the student rules and the teacher's book print; without it, kitpress's default (booklet.books).
    rule_book: RuleBook | None = None

    @property
    def id(self) -> str:
        return self.engine.id


class PackError(KitpressError):
    """A registered pack that cannot be loaded: a bug in that pack, reported by name."""


@functools.cache
def packs() -> dict[str, GamePack]:
    """Engine id → pack, for every pack registered in the `kitpress.games` group, sorted by id."""
    found: dict[str, GamePack] = {}
    named: dict[str, str] = {}  # engine id → the entry point that declared it
    # In name order, so which of two clashing packs is reported does not depend on the file system.
    for point in sorted(entry_points(group=ENTRY_POINTS), key=lambda p: (p.name, p.value)):
        where = f"the game pack {point.name!r} ({point.value})"
        try:
            pack = point.load()
        except Exception as exc:  # a broken third-party pack must not take the others down silently
            raise PackError(f"{where} cannot be loaded: {_one_line(exc)}") from exc
        if not isinstance(pack, GamePack):
            raise PackError(f"{where} is not a GamePack: it is {_short(pack)}")
        problem = _engine_problem(pack.engine) or _rule_book_problem(pack)
        if problem:
            raise PackError(f"{where}: {problem}")
        if pack.id in named:  # one would silently hide the other
            raise PackError(f"{where} declares the engine {pack.id!r}, which the game pack {named[pack.id]!r} declares too")
        found[pack.id], named[pack.id] = pack, point.name
    return dict(sorted(found.items()))


def _engine_problem(engine: Any) -> str:
    """What keeps `engine` from serving as a pack's engine, found when the pack loads rather than as a
    traceback in the first command that plays; "" if nothing."""
    if not (isinstance(engine, type) and issubclass(engine, Engine)):
        return f"its engine must be a subclass of kitpress.engine.Engine, not {_short(engine)}"
    missing = [name for name in ("id", "title", "config_model", "sections", "figures", "start_keys") if not hasattr(engine, name)]
    if missing:
        return f"its engine {engine.__name__} does not set {', '.join(missing)}"
    if engine.__abstractmethods__:
        return f"its engine {engine.__name__} does not implement {', '.join(sorted(engine.__abstractmethods__))}"
    return ""


def _rule_book_problem(pack: GamePack) -> str:
    """A rule book that names a section its engine does not have: caught when the pack loads, not
    as a booklet that silently leaves the section out."""
    book = pack.rule_book
    if book is None:
        return ""
    if not isinstance(book, RuleBook):
        return f"its rule_book must be a kitpress.packs.RuleBook, not {_short(book)}"
    known = {*pack.engine.sections, *BOOK_PARTS}
    unknown = [name for name in (*book.student_sections, *book.teacher_sections) if name not in known]
    if unknown:
        return f"its rule_book names sections its engine {pack.engine.__name__} does not list: {', '.join(unknown)}"
    both = sorted(set(book.student_sections) & set(book.teacher_sections))
    if both:
        return f"its rule_book gives {', '.join(both)} to both the student rules and the teacher's opening chapter"
    return ""


def _short(value: Any) -> str:
    return (repr(value).splitlines() or [""])[0][:80]


def _one_line(exc: BaseException) -> str:
    """An exception as one line: the message's first line is what a pack's author needs to find it."""
    lines = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {lines[0]}" if lines else type(exc).__name__


def pack_for(engine_id: str) -> GamePack:
    return packs()[engine_id]


def engines() -> dict[str, type[Engine[Any, Any]]]:
    """Engine id → engine class: what a spec's `engine:` key may name."""
    return {gid: pack.engine for gid, pack in packs().items()}


def art_for(engine_id: str) -> GameArt:
    pack = pack_for(engine_id)
    if pack.art is None:
        raise PackError(f"the game pack {engine_id!r} has no art, so it has no kit to build")
    return pack.art()


def shipped_specs() -> dict[str, Path]:
    """Game id (the spec file's stem) → spec file, for every pack that ships one, sorted by id."""
    return dict(sorted((pack.spec.stem, pack.spec) for pack in packs().values() if pack.spec is not None))


def pack_code(pack: GamePack) -> Path | None:
    """Where the top-level package (its folder) or module (its file) of the pack's engine is: kitpress's
    own folder for the bundled packs, another distribution's for the rest; None if it has no file."""
    top = sys.modules.get(pack.engine.__module__.partition(".")[0])
    where = getattr(top, "__file__", None)
    if not where:
        return None
    return Path(where).parent if hasattr(top, "__path__") else Path(where)


def spec_name(path: Path) -> str | None:
    """How messages name a spec a pack ships: kitpress's own as specs/<file> where that path leads to it
    (in its source tree), else as installed, so a message never names a file that is not there.
    None for a file no pack ships."""
    name = bundled_name(path)
    if name is None or not name.startswith("specs/"):
        return name
    return name if Path(name).exists() and Path(name).resolve() == path.resolve() else str(path)


def bundled_name(path: Path) -> str | None:
    """A spec a pack ships, named the same wherever kitpress is installed and run (for files kitpress
    writes): kitpress's own as specs/<file>, another distribution's from its top package down
    (kitpress_coin_race/coin-race.yaml). None for a file no pack ships."""
    pack = next((p for p in packs().values() if p.spec == path), None)
    if pack is None:
        return None
    if path.parent == specs_dir():
        return f"specs/{path.name}"
    code = pack_code(pack)
    root = code.parent if code else path.parent.parent  # the folder the pack is installed in
    return path.relative_to(root).as_posix() if path.is_relative_to(root) else str(path)

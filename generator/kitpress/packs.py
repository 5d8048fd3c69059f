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
import logging
import os
import sys
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from importlib.metadata import EntryPoint, entry_points
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
log = logging.getLogger(__name__)

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


# Distributions whose packs take an engine id over from any other, kitpress's own included (a comma
# list of distribution names): how a user chooses between two packs that claim one id.
CHOICE_ENV = "KITPRESS_PACKS"
BUNDLED = "kitpress"  # the distribution of the bundled packs, which keep their ids unless another is chosen


@dataclass(frozen=True)
class BrokenPack:
    """A registered pack that is skipped, and why: said once on stderr, shown by `kitpress list`."""

    name: str  # the entry point's name: the engine id it declares
    distribution: str
    reason: str
    said: bool = True  # on stderr by every command; not for a pack the user's own KITPRESS_PACKS set aside

    def line(self) -> str:
        return f"skipped the game pack {self.name!r} of {self.distribution}: {self.reason}"


@dataclass(frozen=True)
class Registry:
    found: dict[str, GamePack]  # engine id → pack, sorted by id
    broken: tuple[BrokenPack, ...]


@functools.cache
def registry() -> Registry:
    """Every pack registered in the `kitpress.games` group: those that load, and those that are skipped.

    A pack that fails to import (SystemExit included), is no GamePack or fails validation is skipped and
    said once on stderr (a warning of the `kitpress.packs` logger), so one broken pack never stops the
    other games. An engine id two packs claim goes to the bundled pack, or to a distribution named in
    KITPRESS_PACKS; between two others with no choice made, neither is used."""
    chosen = _chosen()
    points = sorted(entry_points(group=ENTRY_POINTS), key=lambda p: (p.name, p.value, _dist(p)))
    known = {_dist(p).lower() for p in points}
    unknown = sorted(name for name in chosen if name.lower() not in known)
    if unknown:
        raise PackError(f"{CHOICE_ENV}: {', '.join(unknown)} is not an installed distribution with a game pack (installed: {', '.join(sorted(known))})")
    loaded: dict[str, list[tuple[str, GamePack]]] = {}  # engine id → (distribution, pack), in name order
    broken: list[BrokenPack] = []
    for point in points:
        pack, problem = _load(point)
        if pack is None:
            broken.append(BrokenPack(point.name, _dist(point), problem))
        else:
            loaded.setdefault(pack.id, []).append((_dist(point), pack))
    found: dict[str, GamePack] = {}
    for engine_id, claims in loaded.items():
        winner, losers = _settle(claims, chosen)
        if winner is not None:
            found[engine_id] = winner[1]
        by_choice = winner is not None and winner[0].lower() in {name.lower() for name in chosen}
        for dist, _ in losers:
            broken.append(BrokenPack(engine_id, dist, _refusal(engine_id, dist, claims, winner), said=not by_choice))
    for pack in broken:
        if pack.said:
            log.warning(pack.line())
    return Registry(dict(sorted(found.items())), tuple(sorted(broken, key=lambda b: (b.name, b.distribution))))


def packs() -> dict[str, GamePack]:
    """Engine id → pack, for every pack that loads, sorted by id."""
    return registry().found


def broken_packs() -> tuple[BrokenPack, ...]:
    return registry().broken


def _chosen() -> set[str]:
    return {name.strip() for name in os.environ.get(CHOICE_ENV, "").split(",") if name.strip()}


def _dist(point: EntryPoint) -> str:
    dist = getattr(point, "dist", None)
    return str(dist.name) if dist is not None and dist.name else "an unnamed distribution"


def _load(point: EntryPoint) -> tuple[GamePack | None, str]:
    """The entry point's pack, or None and what is wrong with it, in one line."""
    where = f"({point.value})"
    try:
        pack = point.load()
    except (Exception, SystemExit) as exc:  # a pack's bug, or its sys.exit, must not end every command
        return None, f"cannot be loaded {where}: {_one_line(exc)}"
    if not isinstance(pack, GamePack):
        return None, f"{where} is not a GamePack: it is {_short(pack)}"
    try:
        problem = _engine_problem(pack.engine) or _rule_book_problem(pack)
    except Exception as exc:  # a class whose attributes raise when read
        problem = f"cannot be checked: {_one_line(exc)}"
    if not problem and point.name != pack.id:
        problem = f"its entry point is named {point.name!r} but its engine's id is {pack.id!r}"
    return (None, f"{where}: {problem}") if problem else (pack, "")


def _settle(claims: list[tuple[str, GamePack]], chosen: set[str]) -> tuple[tuple[str, GamePack] | None, list[tuple[str, GamePack]]]:
    """Which of the packs claiming one engine id is used, and the ones refused."""
    if len(claims) == 1:
        return claims[0], []
    lowered = {name.lower() for name in chosen}
    for preferred in ([c for c in claims if c[0].lower() in lowered], [c for c in claims if c[0] == BUNDLED]):
        if len(preferred) == 1:
            return preferred[0], [c for c in claims if c is not preferred[0]]
    return None, claims


def _refusal(engine_id: str, dist: str, claims: list[tuple[str, GamePack]], winner: tuple[str, GamePack] | None) -> str:
    others = sorted({d for d, _ in claims if d != dist}) or [dist]
    if winner is None:
        names = " and ".join(sorted({d for d, _ in claims}))
        return f"the engine id {engine_id!r} is claimed by {names}; neither is used until {CHOICE_ENV} names the one to use"
    if winner[0] == BUNDLED:
        return f"the engine id {engine_id!r} is the bundled game's (kitpress); {CHOICE_ENV}={dist} uses this pack instead"
    return f"the engine id {engine_id!r} is claimed by {', '.join(others)} too; {CHOICE_ENV} chose {winner[0]}"


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

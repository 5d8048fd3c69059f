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
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from pydantic import BaseModel

from kitpress.engine import Engine
from kitpress.errors import KitpressError

if TYPE_CHECKING:
    from kitpress.pieces import PrintJob
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

    @property
    def id(self) -> str:
        return self.engine.id


class PackError(KitpressError):
    """A registered pack that cannot be loaded: a bug in that pack, reported by name."""


@functools.cache
def packs() -> dict[str, GamePack]:
    """Engine id → pack, for every pack registered in the `kitpress.games` group, sorted by id."""
    found: dict[str, GamePack] = {}
    for point in entry_points(group=ENTRY_POINTS):
        try:
            pack = point.load()
        except Exception as exc:  # a broken third-party pack must not take the others down silently
            raise PackError(f"the game pack {point.name!r} ({point.value}) cannot be loaded: {exc}") from exc
        if not isinstance(pack, GamePack):
            raise PackError(f"the game pack {point.name!r} ({point.value}) is not a GamePack")
        found[pack.id] = pack
    return dict(sorted(found.items()))


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

"""The sweep: N games of each variant, cut into chunks and run on any `concurrent.futures.Executor`.

Every game draws only from its own generator, seeded by (seed, variant, game index), and records are
put back in index order, so the numbers do not depend on the executor, the worker count or the order
chunks finish in. Workers load the spec themselves (once per process) from the game id or path.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable, Iterable
from concurrent.futures import Executor, Future, as_completed
from dataclasses import dataclass, field
from typing import Any

from kitpress.errors import UsageError
from kitpress.simulate.agents import make_agent
from kitpress.simulate.kernels import fast_path
from kitpress.simulate.limits import MAX_GAMES, MAX_TURNS, MAX_WORKERS, usable_cores
from kitpress.simulate.play import GameRecord, game_rng, play_game, side_seats
from kitpress.spec.load import LoadedSpec, load_spec
from kitpress.workers import worker_pool

BASE = "base"  # the name --variant uses for the rules as written
CALIBRATION_GAMES = 2000  # base games played only to calibrate minutes, when base is not compared
ENGINE_GAMES = 200  # games per variant whose rules are counted when a fast path plays the rest


@dataclass(frozen=True)
class Plan:
    game: str  # a bundled game id or a spec file path, as the workers will load it
    variants: tuple[str | None, ...]  # None: the base rules
    games: int
    seed: int = 0
    agent: str = "random"
    max_turns: int = 1000
    players: int | None = None
    fast: bool = True  # use a game's fast path for random agents when it has one
    # Games of each variant played on the rules engine even where a fast path would play them (the
    # same games, tested): the engine's events say which rules acted, and who moved first.
    engine_games: int = ENGINE_GAMES


@dataclass(frozen=True)
class Chunk:
    plan: Plan
    variant: str | None
    start: int
    stop: int


@dataclass(frozen=True)
class Run:
    variant: str | None
    key: str  # "base" or the variant id
    name: str  # the variant's name in the spec
    records: tuple[GameRecord, ...]
    shown: bool = True  # False: played only to calibrate the minutes


@dataclass(frozen=True)
class Sweep:
    plan: Plan
    game_id: str  # the spec's id
    engine_id: str
    title: str
    sides: tuple[str, ...]
    agent: str  # the agent's description, for every report
    minutes: tuple[int, int] | None  # the spec's identity.minutes, if it states any
    runs: tuple[Run, ...] = field(default_factory=tuple)

    @property
    def shown(self) -> tuple[Run, ...]:
        return tuple(r for r in self.runs if r.shown)

    def base(self) -> Run:
        return next(r for r in self.runs if r.variant is None)


class InlineExecutor(Executor):
    """Runs each task at once in this process: `--workers 1`, and tests."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as exc:  # handed back through the future, as a pool would
            future.set_exception(exc)
        return future


@functools.lru_cache(maxsize=64)
def loaded_spec(game: str, variant: str | None = None) -> LoadedSpec:
    """load_spec, once per process (workers forked after the checks inherit the parent's)."""
    return load_spec(game, variant)


@functools.lru_cache(maxsize=64)
def _kernel(game: str, variant: str | None, players: int | None, max_turns: int) -> Callable[..., GameRecord] | None:
    return fast_path(loaded_spec(game, variant).engine, players, max_turns)


def play_chunk(chunk: Chunk) -> list[GameRecord]:
    """Games start..stop-1 of one variant. Module-level, so process pools and Dask can ship it."""
    plan = chunk.plan
    engine = loaded_spec(plan.game, chunk.variant).engine
    kernel = _kernel(plan.game, chunk.variant, plan.players, plan.max_turns) if plan.fast and plan.agent == "random" else None
    agent = make_agent(plan.agent, engine.id)
    rng = random.Random()
    records = []
    for index in range(chunk.start, chunk.stop):
        game_rng(plan.seed, chunk.variant, index, reuse=rng)
        if kernel is not None and index >= plan.engine_games:
            records.append(kernel(rng, index))
        else:
            records.append(play_game(engine, agent, rng, index, plan.max_turns, plan.players))
    return records


def parse_variants(names: Iterable[str], loaded: LoadedSpec) -> tuple[str | None, ...]:
    """--variant values → variant ids (None for base); none given: base and every variant listed."""
    known = [v.id for v in loaded.spec.variants]
    chosen: list[str | None] = []
    for name in names or [BASE, *known]:
        if name != BASE and name not in known:
            raise loaded.no_variant(name, [BASE, *known])
        value = None if name == BASE else name
        if value not in chosen:
            chosen.append(value)
    return tuple(chosen)


def check_plan(plan: Plan) -> LoadedSpec:
    """Everything a worker could trip on, found here first so the user gets one clear message."""
    if not 1 <= plan.games <= MAX_GAMES:
        raise UsageError(f"--games must be from 1 to {MAX_GAMES}")
    if not 1 <= plan.max_turns <= MAX_TURNS:
        raise UsageError(f"--max-turns must be from 1 to {MAX_TURNS}")
    loaded = loaded_spec(plan.game)
    agent = make_agent(plan.agent, loaded.engine.id)
    for variant in plan.variants:
        engine = loaded_spec(plan.game, variant).engine
        try:
            engine.seats(plan.players)
        except ValueError as exc:
            raise UsageError(f"--players: {exc}") from None
        agent.check(engine, plan.players)
    return loaded


def chunks_for(plan: Plan, variant: str | None, games: int) -> list[Chunk]:
    size = max(1, min(5000, math.ceil(games / 32)))
    return [Chunk(plan, variant, start, min(start + size, games)) for start in range(0, games, size)]


def run(
    plan: Plan,
    executor: Executor | None = None,
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> Sweep:
    """Play the plan. With no executor: in this process for one worker, else a local process pool of
    `workers` (default: one per CPU). `progress` hears how many games each finished chunk held."""
    if workers is not None and not 1 <= workers <= MAX_WORKERS:
        raise UsageError(f"--workers must be from 1 to {MAX_WORKERS}")
    loaded = check_plan(plan)
    engine = loaded.engine
    todo = [(v, plan.games, True) for v in plan.variants]
    if None not in plan.variants:
        todo.append((None, min(plan.games, CALIBRATION_GAMES), False))
    chunks = [c for variant, games, _ in todo for c in chunks_for(plan, variant, games)]
    own = executor is None
    if executor is None:
        local = None if workers is None else min(workers, usable_cores())  # more than the cores: only memory
        executor = InlineExecutor() if local == 1 else worker_pool(local)
    found: dict[str | None, list[GameRecord]] = {v: [] for v, _, _ in todo}
    try:
        futures = {executor.submit(play_chunk, chunk): chunk for chunk in chunks}
        for future in as_completed(futures):
            chunk = futures[future]
            found[chunk.variant] += future.result()
            if progress:
                progress(chunk.stop - chunk.start)
    finally:
        if own:
            executor.shutdown(cancel_futures=True)
    names = {v.id: v.name for v in loaded.spec.variants}
    runs = tuple(
        Run(v, v or BASE, names.get(v or "", "The rules as written"), tuple(sorted(found[v])), shown)
        for v, _, shown in todo
    )
    identity = loaded.spec.identity
    sides = [side for side, _ in side_seats(engine, plan.players)]
    # an engine whose Outcome names sides its side_of does not give: show them rather than lose them
    sides += sorted({w for r in runs for record in r.records for w in record.winners} - set(sides))
    return Sweep(
        plan=plan, game_id=loaded.id, engine_id=engine.id, title=identity.title, sides=tuple(sides),
        agent=make_agent(plan.agent, engine.id).describe(),
        minutes=None if identity.minutes is None else (identity.minutes.min, identity.minutes.max), runs=runs,
    )  # fmt: skip

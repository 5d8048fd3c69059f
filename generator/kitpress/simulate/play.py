"""One simulated game through the reference engine, summed up as a GameRecord.

The record is what the table needs and nothing more, in whole numbers, so records
can be compared with these for equality.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any, NamedTuple

from kitpress.engine import Engine, Event
from kitpress.simulate.agents import Agent
from kitpress.simulate.figures import count_rules, tally_for

AnyEngine = Engine[Any, Any]


class GameRecord(NamedTuple):
    index: int  # the game's number within its variant
    completed: bool  # ended by the rules, not by the turn cap
    winners: tuple[str, ...]  # sides, from the outcome (or from `stop` at the cap); () for a draw
    turns: int  # decision points played: rounds when every seat reveals together, else turns
    together: bool  # every decision point had every seat move at once
    lead_changes: int | None  # None: the engine has no heuristic to tell who leads
    lead_held: int | None  # decision points at the end with the single winner ahead throughout; else None
    figures: tuple[tuple[str, int | None], ...]  # the game's classroom counts, sorted by key
    # Played on the rules engine only (a fast path leaves them None): how often each rule acted, from
    # the events' "rule" data, sorted by rule id; and the side whose seat decided first, alone (None
    # when every seat decides at once).
    rules: tuple[tuple[str, int], ...] | None = None
    first: str | None = None


def game_key(seed: int, variant: str | None, index: int) -> str:
    """Each game's seed, from (seed, game index) only: the worker that plays it and the order games
    are played in change nothing. Every variant plays game i from the same seed (common random
    numbers), so a difference between columns is the rule change, not luck of the draw; a variant
    that changes nothing shows identical numbers. String seeds hash (SHA-512) the same everywhere."""
    del variant  # the same stream for every variant, on purpose
    return f"kitpress-simulate/{seed}/{index}"


def game_rng(seed: int, variant: str | None, index: int, reuse: random.Random | None = None) -> random.Random:
    """The game's generator; `reuse` is reseeded instead of making a new one (the same stream, faster)."""
    if reuse is None:
        return random.Random(game_key(seed, variant, index))
    reuse.seed(game_key(seed, variant, index))
    return reuse


def side_seats(engine: AnyEngine, players: int | None) -> tuple[tuple[str, str], ...]:
    """(side, the first seat playing for it), in seat order."""
    found: dict[str, str] = {}
    for seat in engine.seats(players):
        found.setdefault(engine.side_of(seat), seat)
    return tuple(found.items())


def has_heuristic(engine: AnyEngine) -> bool:
    return type(engine).heuristic is not Engine.heuristic


def leader(engine: AnyEngine, state: Any, sides: tuple[tuple[str, str], ...]) -> str | None:
    """The side the heuristic rates strictly best, or None when the best is shared."""
    values = [(engine.heuristic(state, seat), side) for side, seat in sides]
    top = max(v for v, _ in values)
    best = [side for v, side in values if v == top]
    return best[0] if len(best) == 1 else None


def lead_figures(leaders: list[str | None], winners: tuple[str, ...]) -> tuple[int, int | None]:
    """Lead changes (the leading side switching to another, level spells skipped) and how many of the
    last decision points the single winner led throughout (None for a draw or a shared win)."""
    changes, last = 0, None
    for who in leaders:
        if who is not None:
            changes += last is not None and who != last
            last = who
    if len(winners) != 1:
        return changes, None
    held = 0
    for who in reversed(leaders[1:]):
        if who != winners[0]:
            break
        held += 1
    return changes, held


def play_game(
    engine: AnyEngine,
    agent: Agent,
    rng: random.Random,
    index: int,
    max_turns: int,
    players: int | None = None,
    trace: Callable[[dict[str, Any]], None] | None = None,
    check: Callable[[Any, tuple[Event, ...]], None] | None = None,
) -> GameRecord:
    """Play one game. For tests: `trace` sees each decision point's moves, `check` every state (the
    first with no events)."""
    sides = side_seats(engine, players)
    seats_n = len(engine.seats(players))
    judged = has_heuristic(engine)
    tally = tally_for(engine)
    state = engine.new_game(rng, players)
    if check:
        check(state, ())
    leaders = [leader(engine, state, sides)] if judged else []
    turns, together = 0, True
    fired: Counter[str] = Counter()
    opening = engine.to_move(state)
    first = engine.side_of(opening[0]) if len(opening) == 1 else None
    while turns < max_turns:
        seats = engine.to_move(state)
        if not seats:
            break
        together &= len(seats) == seats_n
        moves = {seat: agent.choose(engine, state, seat, rng) for seat in seats}
        if trace:
            trace(moves)
        step = engine.apply(state, moves, rng)
        tally.add(step.events)
        count_rules(fired, step.events)
        if check:
            check(step.state, step.events)
        state = step.state
        turns += 1
        if judged:
            leaders.append(leader(engine, state, sides))
    result = engine.outcome(state)
    completed = result is not None
    winners = (result or engine.stop(state)).winners
    changes, held = lead_figures(leaders, winners) if judged else (None, None)
    figures = tuple(sorted(tally.result().items()))
    return GameRecord(index, completed, winners, turns, together, changes, held, figures, tuple(sorted(fired.items())), first)

"""Players for simulated games. An agent picks one seat's move from the state the engine gives it.

All randomness comes from the game's own `random.Random`, so a game is fixed by its seed. Agents see
the whole state; the random agent ignores it, the greedy agent reads only the engine's heuristic and
the other seats' legal moves, and Monte Carlo is offered only for games in which one seat moves at a
time (the perfect-information games), where seeing the state is fair.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any

from kitpress.engine import Engine
from kitpress.errors import UsageError
from kitpress.simulate.limits import MAX_AGENT_EFFORT

AnyEngine = Engine[Any, Any]


class Agent(ABC):
    name: str

    @abstractmethod
    def choose(self, engine: AnyEngine, state: Any, seat: str, rng: random.Random) -> Any:
        """One legal move for `seat`."""

    @abstractmethod
    def describe(self) -> str:
        """A sentence for the report."""

    def check(self, engine: AnyEngine, players: int | None) -> None:  # noqa: B027 - most agents play anything
        """Raise UsageError when this agent cannot play this game."""


def best_of(scored: list[tuple[Any, float]], rng: random.Random) -> Any:
    """The best-scoring move; ties broken at random so no move order is favoured."""
    top = max(score for _, score in scored)
    best = [move for move, score in scored if score == top]
    return best[0] if len(best) == 1 else rng.choice(best)


class RandomAgent(Agent):
    name = "random"

    def choose(self, engine: AnyEngine, state: Any, seat: str, rng: random.Random) -> Any:
        return rng.choice(engine.legal_moves(state, seat))

    def describe(self) -> str:
        return "random: every seat picks uniformly among its legal moves"


class GreedyAgent(Agent):
    """One move ahead: the move whose resulting state the engine's heuristic rates best for the seat.

    When others reveal at the same time, `samples` joint moves of theirs are drawn at random from their
    legal moves and every candidate is scored against the same samples (its mean heuristic).
    """

    name = "greedy"

    def __init__(self, samples: int = 4) -> None:
        self.samples = samples

    def choose(self, engine: AnyEngine, state: Any, seat: str, rng: random.Random) -> Any:
        legal = engine.legal_moves(state, seat)
        if len(legal) == 1:
            return legal[0]
        others = [s for s in engine.to_move(state) if s != seat]
        options = {o: engine.legal_moves(state, o) for o in others}
        profiles = [{o: rng.choice(options[o]) for o in others} for _ in range(self.samples if others else 1)]
        seen: dict[Any, float] = {}  # a joint move sampled twice is played once
        scored = []
        for move in legal:
            total = 0.0
            for profile in profiles:
                key = (move, *(profile[o] for o in others))
                try:
                    value = seen[key]
                except KeyError:
                    value = seen[key] = self.rate(engine, state, {**profile, seat: move}, seat, rng)
                except TypeError:  # unhashable moves: no memo
                    value = self.rate(engine, state, {**profile, seat: move}, seat, rng)
                total += value
            scored.append((move, total))
        return best_of(scored, rng)

    @staticmethod
    def rate(engine: AnyEngine, state: Any, moves: dict[str, Any], seat: str, rng: random.Random) -> float:
        return engine.heuristic(engine.apply(state, moves, rng).state, seat)

    def describe(self) -> str:
        extra = f"; the others' simultaneous moves sampled at random, {self.samples} samples" if self.samples > 1 else ""
        return f"greedy: one move ahead on the engine's heuristic, ties at random{extra}"


class MonteCarloAgent(Agent):
    """Flat Monte Carlo: a fixed budget of random playouts per decision, split evenly over the legal
    moves (at least one each); the move with the best total score wins (win 2, draw 1, loss 0).
    A move that wins at once is taken without playouts. Playouts longer than `depth` decisions are
    judged by the engine's `stop`."""

    name = "montecarlo"

    def __init__(self, playouts: int = 64, depth: int = 300) -> None:
        self.playouts = playouts
        self.depth = depth

    def check(self, engine: AnyEngine, players: int | None) -> None:
        perfect = getattr(engine, "perfect_information", None)
        if perfect is None:  # one seat at a time: the state holds nothing a player could not see
            perfect = len(engine.to_move(engine.new_game(random.Random(0), players))) == 1
        if not perfect:
            raise UsageError(
                f"--agent montecarlo plays perfect-information games only; {engine.id} has hidden hands "
                "or simultaneous reveals (use random or greedy)"
            )

    def choose(self, engine: AnyEngine, state: Any, seat: str, rng: random.Random) -> Any:
        legal = engine.legal_moves(state, seat)
        if len(legal) == 1:
            return legal[0]
        side = engine.side_of(seat)
        each = max(1, self.playouts // len(legal))
        scored = []
        for move in legal:
            first = engine.apply(state, {seat: move}, rng).state
            won = engine.outcome(first)
            if won is not None and side in won.winners:
                return move
            total = 0
            for _ in range(each):
                after = self.playout(engine, first, rng)
                result = engine.outcome(after) or engine.stop(after)
                total += 1 if result.is_draw else (2 if side in result.winners else 0)
            scored.append((move, float(total)))
        return best_of(scored, rng)

    def playout(self, engine: AnyEngine, state: Any, rng: random.Random) -> Any:
        for _ in range(self.depth):
            seats = engine.to_move(state)
            if not seats:
                break
            state = engine.apply(state, {s: rng.choice(engine.legal_moves(state, s)) for s in seats}, rng).state
        return state

    def describe(self) -> str:
        return (
            f"montecarlo: flat Monte Carlo, {self.playouts} random playouts per decision split evenly over "
            f"the legal moves (at least one each), a winning move taken at once, playouts judged by the "
            f"engine's stop after {self.depth} turns"
        )


AGENTS: dict[str, Callable[[int | None], Agent]] = {
    "random": lambda n: RandomAgent(),
    "greedy": lambda n: GreedyAgent() if n is None else GreedyAgent(n),
    "montecarlo": lambda n: MonteCarloAgent() if n is None else MonteCarloAgent(n),
}
RULES = "rules"  # the game pack's own rules-aware player


def rules_agent(engine_id: str | None) -> type[Agent] | None:
    """The rules-aware player the game's pack declares, if any."""
    from kitpress.packs import packs

    pack = packs().get(engine_id or "")
    return pack.agent() if pack is not None and pack.agent is not None else None


def agent_names(engine_id: str | None = None) -> list[str]:
    """What --agent takes for this game (every game: random, greedy, montecarlo; rules where its pack
    has a rules-aware player)."""
    return [*AGENTS, *([RULES] if engine_id is None or rules_agent(engine_id) else [])]


def default_agent(engine_id: str) -> str:
    """The agent a sweep plays when none is named: the pack's rules-aware player, where random play
    would leave rules untried, else random."""
    return RULES if rules_agent(engine_id) else "random"


def make_agent(spec: str, engine_id: str | None = None) -> Agent:
    """"random", "greedy", "greedy:8" (samples of the others' moves), "montecarlo", "montecarlo:200"
    (playouts per decision), "rules" (the pack of `engine_id` plays)."""
    name, _, number = spec.partition(":")
    if name == RULES:
        player = rules_agent(engine_id)
        if player is None:
            raise UsageError(f"--agent rules: {engine_id} has no rules-aware player; agents are: {', '.join(AGENTS)}")
        if number:
            raise UsageError(f"agent {spec!r}: rules takes no number")
        return player()
    if name not in AGENTS:
        raise UsageError(f"unknown agent {spec!r}; agents are: {', '.join(agent_names(engine_id))} (greedy:N and montecarlo:N set N)")
    if number and (not (number.isascii() and number.isdigit()) or not 1 <= int(number) <= MAX_AGENT_EFFORT or name == "random"):
        raise UsageError(f"agent {spec!r}: only greedy and montecarlo take a number, a whole number from 1 to {MAX_AGENT_EFFORT}")
    return AGENTS[name](int(number) if number else None)

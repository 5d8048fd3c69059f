"""The one small interface every rules engine implements, so check, simulate and tests stay generic.

An engine is pure: state in, new state and events out. It never reads files, prints or draws, and
its only randomness is the `random.Random` handed to it. States are immutable values.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, ValidationError

S = TypeVar("S")  # a game's state type
C = TypeVar("C", bound=BaseModel)  # a game's config model, validated from the spec's `game:` section


@dataclass(frozen=True)
class Event:
    """Something that happened, in the words of the rules, with the figures behind it."""

    kind: str
    text: str
    data: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Outcome:
    """How a game ended: the winning seats (empty for a draw) and the rule that ended it."""

    winners: tuple[str, ...]
    reason: str

    @property
    def is_draw(self) -> bool:
        return not self.winners


@dataclass(frozen=True)
class Step(Generic[S]):
    state: S
    events: tuple[Event, ...]


class ExampleError(ValueError):
    """A worked example asks for something the game cannot do; `path` is relative to the example."""

    def __init__(self, path: tuple[str | int, ...], message: str) -> None:
        super().__init__(message)
        self.path = path
        self.message = message


_SWITCH = {True: True, False: False, "on": True, "off": False}


class Engine(ABC, Generic[C, S]):
    """Rules of one game, bound to one validated config (base rules or a variant)."""

    id: ClassVar[str]
    title: ClassVar[str]
    config_model: ClassVar[type[BaseModel]]
    # The design document's own sections, in its order; each is a required key of the spec.
    sections: ClassVar[tuple[str, ...]]
    # Figures a worked example may state after a step, each with what it means.
    figures: ClassVar[Mapping[str, str]]
    # Figures a worked example may state about its starting position.
    start_keys: ClassVar[Mapping[str, str]]
    # Start keys that switch an optional rule for one example, each → the config field (dotted) it
    # sets, so one examples file checks the base rules and the optional ones side by side.
    rule_keys: ClassVar[Mapping[str, str]] = {}

    def __init__(self, config: C) -> None:
        self.config = config

    # --- playing -----------------------------------------------------------------------------
    @abstractmethod
    def seats(self, players: int | None = None) -> tuple[str, ...]:
        """The seats (players or teams) of a game with this many players (None: the default)."""

    @abstractmethod
    def new_game(self, rng: random.Random, players: int | None = None) -> S:
        """Set-up as the rules describe it, shuffles drawn from `rng`."""

    @abstractmethod
    def to_move(self, state: S) -> tuple[str, ...]:
        """Seats that decide now: one, several for a simultaneous reveal, none when the game is over."""

    @abstractmethod
    def legal_moves(self, state: S, seat: str) -> list[Any]:
        """Every move `seat` may make now, in a stable order."""

    @abstractmethod
    def apply(self, state: S, moves: Mapping[str, Any], rng: random.Random) -> Step[S]:
        """Play one decision point: every seat in `to_move` gives a move."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """None while the game goes on."""

    # --- for agents ------------------------------------------------------------------------
    def heuristic(self, state: S, seat: str) -> float:
        """How well `seat` stands, from -1 (lost) to 1 (won); agents use it to look one move ahead.

        Default: the outcome if the game is over, else 0. Games override it with their own measure
        (progress along a track, marbles placed, score).
        """
        result = self.outcome(state)
        if result is None or result.is_draw:
            return 0.0
        return 1.0 if self.side_of(seat) in result.winners else -1.0

    def side_of(self, seat: str) -> str:
        """The side (team) a seat plays for, as named in Outcome.winners. Default: the seat itself."""
        return seat

    # --- end of a game by the clock (timed class, round caps) --------------------------------
    def stop(self, state: S) -> Outcome:
        """Who wins if the game is stopped now (a timed class). Default: a draw."""
        return Outcome((), "stopped")

    def call_time(self, state: S) -> Step[S]:
        """The teacher calls time: the game ends now by its timed rule, the events saying how the result
        was found (with the figures of each tie-break). A game without such a rule keeps this default,
        and a worked example that calls time is refused at its line."""
        raise ValueError(f"{self.title} has no rule for calling time")

    def has_time_rule(self) -> bool:
        return type(self).call_time is not Engine.call_time

    # --- worked examples ---------------------------------------------------------------------
    @abstractmethod
    def example_state(self, start: Mapping[str, Any], steps: list[Mapping[str, Any]], rng: random.Random) -> S:
        """The position an example starts from, able to make every play its steps name.

        Raise ExampleError (path relative to the example) for an impossible start or an unknown move.
        """

    @abstractmethod
    def example_moves(self, state: S, play: Mapping[str, Any]) -> dict[str, Any]:
        """The moves an example step names; raise ExampleError for a move the game lacks."""

    @abstractmethod
    def observe(self, before: S, step: Step[S]) -> dict[str, Any]:
        """Every figure in `figures`, as it stands after the step."""

    def with_rules(self, start: Mapping[str, Any]) -> Engine[C, S]:
        """This engine with the optional rules an example's `start` switches (`rule_keys`); itself when it
        switches none. A switch is on or off (true or false), any other rule key a value of its field, or
        none. Raise ExampleError at the key for a value the config refuses."""
        keys = [key for key in self.rule_keys if key in start]
        if not keys:
            return self
        flags = self.start_flags()
        data = self.config.model_dump()
        for key in keys:
            value = start[key]
            if key in flags:
                value = _SWITCH.get(value, value) if isinstance(value, bool | str) else value
                if not isinstance(value, bool):
                    raise ExampleError(("start", key), f"expected on or off, got {value!r}")
            elif value == "none":
                value = None
            *parents, last = self.rule_keys[key].split(".")
            node = data
            for part in parents:
                node = node[part]
            node[last] = value
            try:  # after each key, so a refusal names the key that caused it
                config = self.config_model.model_validate(data)
            except ValidationError as exc:
                error = exc.errors()[0]
                raise ExampleError(("start", key), f"{self.start_keys[key]}; got {value!r}: {error['msg']}") from None
        return type(self)(config)  # type: ignore[arg-type]

    def start_flags(self) -> frozenset[str]:
        """Start keys that are switches, documented as "on | off: ..." (YAML reads on and off as true and
        false). Every other start key refuses true and false, which Python would take for 1 and 0."""
        return frozenset(key for key, text in self.start_keys.items() if text.startswith("on | off"))

    def example_schema(self) -> dict[str, Any]:
        """JSON Schema for a worked example's `play` and for start keys, as this config allows them, so an
        editor flags what `check` would: {"play": schema of one step's play, "start": {key: schema}}.
        Either may be left out; `kitpress schema` closes the start and expect keys itself
        (start_keys, figures). Default: nothing more is known."""
        return {}

    def describe_state(self, state: S) -> dict[str, Any]:
        """A small picture of a state for diagrams (positions, markers); plain data only."""
        return {}

    def params(self) -> dict[str, Any]:
        """Named numbers from the config that rule texts may quote as {name}."""
        return {}

"""Coin Race: two pawns race along a track. On your turn you walk (a sure, short step) or flip a coin
(heads: a long jump, tails: nothing), so every turn is a choice between a certain and an expected gain.

Seats are "red" and "blue"; they take turns, the first chosen at random. A worked example names each
flip's coin, and `example_state` stacks those faces so the replay flips exactly them.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import Field, model_validator

from kitpress.engine import Engine, Event, ExampleError, Outcome, Step
from kitpress.spec_model import Strict

SEATS = ("red", "blue")
MOVES = ("flip", "walk")  # sorted: legal_moves promises a stable order
FACES = ("heads", "tails")


class Config(Strict):
    """The spec's `game:` section."""

    finish: int = Field(ge=3, le=20, description="the last space; the first pawn to reach it wins")
    walk_move: int = Field(ge=1, le=5)
    flip_move: int = Field(ge=1, le=10)

    @model_validator(mode="after")
    def _flip_is_a_gamble(self) -> Config:
        if self.flip_move <= self.walk_move:  # with no bigger reward, a flip is never worth its risk
            raise ValueError(f"flip_move ({self.flip_move}) must be larger than walk_move ({self.walk_move})")
        return self


@dataclass(frozen=True)
class State:
    spaces: tuple[int, int]  # per seat, in SEATS order
    mover: int  # index into SEATS of the seat whose turn it is
    coins: tuple[str, ...] = ()  # faces stacked by a worked example, flipped before any random one
    turn: int = 0
    result: Outcome | None = None


class CoinRace(Engine[Config, State]):
    id = "coin-race"
    title = "Coin Race"
    config_model = Config
    sections = ("overview", "setup", "turn", "winning")
    figures = {
        "coin": "heads | tails | none: the coin's face (none after a walk)",
        "moved": "spaces the pawn moved (less than the move when it stops on the finish)",
        "red_space": "Red's space after the turn",
        "blue_space": "Blue's space after the turn",
        "to_move": "red | blue | none: whose turn is next (none once the game is over)",
        "winner": "red | blue | none: the game's result after the turn",
    }
    start_keys = {
        "red_space": "Red's space at the start (default 0)",
        "blue_space": "Blue's space at the start (default 0)",
        "to_move": "red | blue: whose turn it is (default red)",
    }

    def params(self) -> dict[str, Any]:
        c = self.config
        return {"finish": c.finish, "walk_move": c.walk_move, "flip_move": c.flip_move, "players": 2}

    # --- playing ---------------------------------------------------------------------------
    def seats(self, players: int | None = None) -> tuple[str, ...]:
        if players not in (None, 2):
            raise ValueError("Coin Race is for exactly 2 players")
        return SEATS

    def new_game(self, rng: random.Random, players: int | None = None) -> State:
        self.seats(players)
        return State(spaces=(0, 0), mover=rng.randrange(2))

    def to_move(self, state: State) -> tuple[str, ...]:
        return () if state.result else (SEATS[state.mover],)

    def legal_moves(self, state: State, seat: str) -> list[str]:
        return list(MOVES) if self.to_move(state) == (seat,) else []

    def outcome(self, state: State) -> Outcome | None:
        return state.result

    def apply(self, state: State, moves: Mapping[str, Any], rng: random.Random) -> Step[State]:
        if state.result:
            raise ValueError("the game is over")
        seat = SEATS[state.mover]
        move = moves.get(seat)
        if move not in MOVES:
            raise ValueError(f"{seat} must walk or flip, not {move!r}")
        events = [Event("choose", f"{seat.title()} chooses to {move}.", {"seat": seat, "move": move})]
        coins = state.coins
        if move == "walk":
            distance = self.config.walk_move
        else:
            face, coins = (coins[0], coins[1:]) if coins else (rng.choice(FACES), ())
            distance = self.config.flip_move if face == "heads" else 0
            events.append(Event("coin", f"The coin shows {face}: a move of {distance}.", {"coin": face}))
        spaces = list(state.spaces)
        start = spaces[state.mover]
        spaces[state.mover] = min(start + distance, self.config.finish)
        moved = spaces[state.mover] - start
        if moved:
            stop = " and stops on the finish" if moved < distance else ""
            events.append(Event("move", f"{seat.title()}'s pawn moves {moved} from {start} to {spaces[state.mover]}{stop}.", {"moved": moved}))
        result = None
        if spaces[state.mover] == self.config.finish:
            result = Outcome((seat,), f"{seat} reached the finish")
            events.append(Event("win", f"{seat.title()} reaches space {self.config.finish} and wins.", {"winner": seat}))
        after = State((spaces[0], spaces[1]), 1 - state.mover, coins, state.turn + 1, result)
        return Step(after, tuple(events))

    def heuristic(self, state: State, seat: str) -> float:
        """How far ahead the seat's pawn is, as a share of the track."""
        if state.result:
            return super().heuristic(state, seat)
        mine = SEATS.index(seat)
        return (state.spaces[mine] - state.spaces[1 - mine]) / self.config.finish

    def stop(self, state: State) -> Outcome:
        """Timed end: the pawn further along wins; level pawns draw."""
        if state.result:
            return state.result
        red, blue = state.spaces
        if red == blue:
            return Outcome((), "time: the pawns are level")
        return Outcome(("red",) if red > blue else ("blue",), "time: that pawn is further along")

    # --- worked examples -------------------------------------------------------------------
    def example_state(self, start: Mapping[str, Any], steps: list[Mapping[str, Any]], rng: random.Random) -> State:
        """The start position, with the coin faces the example's flips name stacked in order."""
        spaces = []
        for key in ("red_space", "blue_space"):
            value = start.get(key, 0)
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < self.config.finish:
                raise ExampleError(("start", key), f"expected a space from 0 to {self.config.finish - 1}, got {value!r}")
            spaces.append(value)
        mover = start.get("to_move", "red")
        if mover not in SEATS:
            raise ExampleError(("start", "to_move"), f"expected red or blue, got {mover!r}")
        coins: list[str] = []
        for n, step in enumerate(steps):
            play = step["play"]
            seats = [key for key in play if key != "coin"]
            if len(seats) != 1 or seats[0] not in SEATS:
                raise ExampleError(("steps", n, "play"), f"a play names one seat (red or blue) and its move, got {sorted(play)}")
            move = play[seats[0]]
            if move not in MOVES:
                raise ExampleError(("steps", n, "play", seats[0]), f"expected walk or flip, got {move!r}")
            face = play.get("coin")
            if (move == "flip") != (face is not None):
                raise ExampleError(("steps", n, "play"), "a flip names its coin (coin: heads or tails), a walk names none")
            if face is not None and face not in FACES:
                raise ExampleError(("steps", n, "play", "coin"), f"expected heads or tails, got {face!r}")
            if face is not None and not step.get("expect", {}).get("refused"):  # a refused flip flips nothing
                coins.append(face)
        return State((spaces[0], spaces[1]), SEATS.index(mover), tuple(coins))

    def example_moves(self, state: State, play: Mapping[str, Any]) -> dict[str, Any]:
        seat = next(key for key in play if key != "coin")
        if (seat,) != self.to_move(state):
            raise ValueError(f"it is {SEATS[state.mover]}'s turn, not {seat}'s")
        return {seat: play[seat]}

    def observe(self, before: State, step: Step[State]) -> dict[str, Any]:
        after = step.state
        found: dict[str, Any] = {"coin": "none", "moved": 0}
        for event in step.events:
            found.update({key: value for key, value in event.data.items() if key in ("coin", "moved")})
        return {
            **found,
            "red_space": after.spaces[0],
            "blue_space": after.spaces[1],
            "to_move": "none" if after.result else SEATS[after.mover],
            "winner": after.result.winners[0] if after.result else "none",
        }

    def describe_state(self, state: State) -> dict[str, Any]:
        return {"finish": self.config.finish, "red": state.spaces[0], "blue": state.spaces[1]}

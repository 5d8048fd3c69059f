"""Momentum (Phil Leduc): drop a marble; its momentum pushes the last marble of each adjacent line outward.

Seats are marble colours in turn order (red, blue, then yellow in a three-player game). A move is a cell
name such as "D4", or "swap" for the pie rule. Only the player whose turn it is can win: the first to
have every marble on the board once all momentum of their own turn is resolved.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from pydantic import Field, field_validator, model_validator

from kitpress.engine import Engine, Event, ExampleError, Outcome, Step
from kitpress.games.momentum.cells import EMPTY, LETTERS, Push, cell_name, momentum, parse_cell, rows, track
from kitpress.games.momentum.examples import build_start, check_plays, describe
from kitpress.spec_model import COLOUR_PATTERN, Strict, check_id

SWAP = "swap"


def _count(n: int) -> str:
    """'one', '2': a small count as the rule book says it."""
    return "one" if n == 1 else str(n)


# The shapes a seat's marble (and the round tracker) may carry; art.marks draws each of them.
Symbol = Literal["dot", "ring", "cross", "triangle", "square", "star"]

# --- config: the spec's `game:` section ----------------------------------------------------------


class Seat(Strict):
    id: str
    name: str
    letter: str = Field(pattern=r"^[A-Z]$", description="the marble's letter in board diagrams")
    colour: str = Field(pattern=COLOUR_PATTERN)
    symbol: Symbol = Field(
        description="printed on paper tokens so the colours read in black and white"
    )

    _id = field_validator("id")(check_id)


class Players(Strict):
    min: int = Field(ge=2, le=4)
    max: int = Field(ge=2, le=4)


class RoundLimit(Strict):
    """The optional rule: after this many rounds, the majority on the board wins."""

    enabled: bool = False
    rounds: int = Field(ge=1, le=500)


class Config(Strict):
    board_size: int = Field(ge=3, le=9)
    marbles: int = Field(ge=1, le=40, description="each player's marbles, in every player count")
    players: Players
    seats: list[Seat] = Field(min_length=2, max_length=4, description="in turn order")
    pie_rule: bool = True
    round_limit: RoundLimit

    @model_validator(mode="after")
    def _consistent(self) -> Config:
        if self.players.min > self.players.max:
            raise ValueError(f"players.min {self.players.min} is more than players.max {self.players.max}")
        if len(self.seats) < self.players.max:
            raise ValueError(
                f"{self.players.max} players need {self.players.max} seats; {len(self.seats)} are listed"
            )
        for key in ("id", "letter"):
            values = [getattr(s, key) for s in self.seats]
            if len(set(values)) != len(values):
                raise ValueError(f"seat {key}s must be unique, got {values}")
        if self.players.max * self.marbles > self.board_size**2:
            raise ValueError(
                f"{self.players.max} × {self.marbles} marbles do not fit on {self.board_size}×{self.board_size} cells, "
                "so a player could find no empty cell to drop on"
            )
        return self


# --- state -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class LastTurn:
    """What the last turn did, kept so a diagram can mark the drop and draw the pushes."""

    seat: int
    action: Literal["drop", "swap"]
    cell: int
    pushes: tuple[Push, ...]
    announced: bool  # the mover ended the turn with one marble in hand


@dataclass(frozen=True)
class State:
    cells: tuple[int, ...]  # see momentum_board: row-major from A1, -1 empty, else a seat index
    supply: tuple[int, ...]  # marbles in hand per seat, in turn order; its length is the player count
    turn: int = 0  # turns played so far
    round_limit: int | None = None  # the optional rule's round count when in force for this game
    last: LastTurn | None = None
    result: Outcome | None = None


class Momentum(Engine[Config, State]):
    id = "momentum"
    title = "Momentum"
    config_model = Config
    sections = (
        "overview", "setup", "turn_structure", "actions", "victory", "special_rules", "player_reference",
        "last_marble", "thirty_rounds_rule",
    )  # fmt: skip
    figures: ClassVar[Mapping[str, str]] = {
        "board": "the board after the step: one text row per board row, top row first; '.' empty, else a seat letter",
        "action": "drop | swap: what the mover did",
        "pushed": "marbles moved one cell, as 'from-to' (e.g. D4-E4), sorted by the cell they left",
        "fell_off": "cells whose marbles fell off the board this step, sorted",
        "on_board": "marbles on the board per seat",
        "supply": "marbles in hand per seat",
        "to_move": "the seat whose turn is next (none once the game is over)",
        "last_marble": "the seat that announced 'last marble' this step, or none",
        "winner": "a seat | draw | none: the game's result after the step",
        "end": "none | all-on-board | round-limit | time: the rule that ended the game",
        "rounds_played": "complete rounds after the step",
        "track_space": "the round tracker's space after the step (0 is START)",
    }
    start_keys: ClassVar[Mapping[str, str]] = {
        "board": "the board: one text row per board row, top row first; '.' empty, else a seat letter",
        "players": "how many play (default: the fewest the game allows)",
        "to_move": "the seat whose turn it is (default: the first seat)",
        "round": "the round being played (default 1); every seat's marbles on the board must fit the turns it has had",
        "round_limit": "on | off: whether the optional round-limit rule is in force (default: as the rules in use say)",
    }

    def __init__(self, config: Config) -> None:
        super().__init__(config)
        n = config.board_size
        self.size = n
        self.letters = "".join(s.letter for s in config.seats)
        self._by_name = sorted(range(n * n), key=lambda i: cell_name(i, n))  # legal moves in A1, A2.. order
        self.track_path = track(n)

    # --- helpers ---------------------------------------------------------------------------
    def _name(self, seat: int) -> str:
        return self.config.seats[seat].name

    def _cell(self, index: int) -> str:
        return cell_name(index, self.size)

    def on_board(self, state: State) -> tuple[int, ...]:
        return tuple(state.cells.count(i) for i in range(len(state.supply)))

    def mover(self, state: State) -> int:
        return state.turn % len(state.supply)

    def _swap_target(self, state: State) -> int | None:
        """The first player's marble the second player may take over on their first turn, if any."""
        if not self.config.pie_rule or state.turn != 1:
            return None
        occupied = [i for i, c in enumerate(state.cells) if c != EMPTY]
        return occupied[0] if len(occupied) == 1 and state.cells[occupied[0]] == 0 else None

    def params(self) -> dict[str, Any]:
        c = self.config
        lap = len(self.track_path)
        counts = range(c.players.min, c.players.max + 1)
        return {
            "board_size": c.board_size, "last_column": LETTERS[c.board_size - 1], "cells": c.board_size**2,
            "marbles": c.marbles, "other_marbles": c.marbles - 1, "min_players": c.players.min,
            "max_players": c.players.max, "round_limit": c.round_limit.rounds, "track_steps": lap,
            "track_laps": c.round_limit.rounds // lap, "track_remainder": c.round_limit.rounds % lap,
            **{f"round_limit_turns_{n}p": c.round_limit.rounds * n for n in counts},
            **{f"marbles_total_{n}p": c.marbles * n for n in counts},
        }  # fmt: skip

    # --- playing ---------------------------------------------------------------------------
    def seats(self, players: int | None = None) -> tuple[str, ...]:
        p = self.config.players
        n = p.min if players is None else players
        if not p.min <= n <= p.max:
            raise ValueError(f"Momentum is for {p.min} to {p.max} players, not {n}")
        return tuple(s.id for s in self.config.seats[:n])

    def new_game(self, rng: random.Random, players: int | None = None) -> State:
        n = len(self.seats(players))
        limit = self.config.round_limit
        return State(
            cells=(EMPTY,) * self.size**2, supply=(self.config.marbles,) * n,
            round_limit=limit.rounds if limit.enabled else None,
        )  # fmt: skip

    def to_move(self, state: State) -> tuple[str, ...]:
        return () if state.result else (self.config.seats[self.mover(state)].id,)

    def legal_moves(self, state: State, seat: str) -> list[str]:
        if state.result or seat not in self.to_move(state):
            return []
        moves = [self._cell(i) for i in self._by_name if state.cells[i] == EMPTY]
        return [*moves, SWAP] if self._swap_target(state) is not None else moves

    def outcome(self, state: State) -> Outcome | None:
        return state.result

    def heuristic(self, state: State, seat: str) -> float:
        """Marbles still in hand, against the best rival's: fewer in hand is nearer to winning."""
        if state.result:
            return super().heuristic(state, seat)
        seats = self.seats(len(state.supply))
        mine = state.supply[seats.index(seat)]
        rival = min(n for i, n in enumerate(state.supply) if seats[i] != seat)
        return max(-0.99, min(0.99, (rival - mine) / self.config.marbles))

    def apply(self, state: State, moves: Mapping[str, Any], rng: random.Random) -> Step[State]:
        if state.result:
            raise ValueError("the game is over")
        me = self.mover(state)
        seat = self.config.seats[me]
        if set(moves) != {seat.id}:
            raise ValueError(
                f"it is {seat.name}'s turn; got a move for {', '.join(map(str, moves)) or 'nobody'}"
            )
        move = str(moves[seat.id]).strip()
        cells, supply = list(state.cells), list(state.supply)
        events: list[Event] = []
        if move.lower() == SWAP:
            cell = self._swap_target(state)
            if cell is None:
                # Printed after "Not allowed:" in the rule books: who may swap, and when, in a sentence.
                second = self.config.seats[1].name
                raise ValueError(f"{seat.name} may not swap: the pie rule lets only {second}, the second player, take over the opening marble, and only on {second}'s first turn.")
            cells[cell] = me
            supply[0] += 1
            supply[me] -= 1
            events.append(
                Event(
                    "swap",
                    f"Pie rule: {seat.name} takes over {self._name(0)}'s opening marble on {self._cell(cell)}; that marble goes back to {self._name(0)}'s hand.",
                    {"cell": self._cell(cell), "rule": "pie-rule"},
                )
            )
            last = LastTurn(me, "swap", cell, (), False)
        else:
            cell = parse_cell(move, self.size)
            if cells[cell] != EMPTY:
                raise ValueError(f"{self._cell(cell)} is occupied; a marble must be dropped on an empty cell")
            if supply[me] == 0:
                raise ValueError(f"{seat.name} has no marble in hand")
            cells[cell] = me
            supply[me] -= 1
            events.append(
                Event(
                    "drop", f"{seat.name} drops a marble on {self._cell(cell)}.", {"cell": self._cell(cell)}
                )
            )
            pushes = tuple(momentum(cells, self.size, cell))
            for p in pushes:
                events.append(self._push_event(p))
                if p.dst is None:
                    supply[p.owner] += 1
            last = LastTurn(me, "drop", cell, pushes, False)
        return Step(*self._end_turn(state, tuple(cells), tuple(supply), last, events))

    def _push_event(self, p: Push) -> Event:
        whose, src = self._name(p.owner), self._cell(p.src)
        if p.dst is None:
            return Event(
                "off",
                f"To the {p.direction}, {whose}'s marble on {src} is pushed off the board and goes back to {whose}'s hand.",
                {"from": src, "seat": self.config.seats[p.owner].id, "rule": "push-off"},
            )
        return Event(
            "push",
            f"To the {p.direction}, {whose}'s marble on {src} is pushed on to {self._cell(p.dst)}.",
            {"from": src, "to": self._cell(p.dst), "seat": self.config.seats[p.owner].id},
        )

    def _end_turn(
        self,
        state: State,
        cells: tuple[int, ...],
        supply: tuple[int, ...],
        last: LastTurn,
        events: list[Event],
    ) -> tuple[State, tuple[Event, ...]]:
        """After all momentum: the win, then the announcement, then the round limit."""
        me, name = last.seat, self._name(last.seat)
        turn = state.turn + 1
        result = None
        if supply[me] == 0:
            events.append(
                Event(
                    "win",
                    f"All {self.config.marbles} of {name}'s marbles are on the board: {name} wins.",
                    {"winner": self.config.seats[me].id},
                )
            )
            result = Outcome((self.config.seats[me].id,), "all-on-board")
        elif last.action == "drop" and state.supply[me] == 1:
            events.append(
                Event(
                    "no-win",
                    f"{name} dropped the last marble in hand, but the drop knocked {_count(supply[me])} of {name}'s own marbles off the board, so {name} has not won.",
                    {"rule": "no-win"},
                )
            )
        announced = result is None and supply[me] == 1
        if announced:
            events.append(
                Event(
                    "last-marble",
                    f'{name} has one marble left in hand and calls "last marble": unless another player knocks one of {name}\'s marbles off first, {name} may win on the next turn.',
                    {"seat": self.config.seats[me].id, "rule": "last-marble"},
                )
            )
        if result is None and state.round_limit is not None and turn == state.round_limit * len(supply):
            result = self._majority(cells, len(supply), "round-limit")
            events.append(
                Event("round-limit", f"Round {state.round_limit} is over: {self._verdict(result)}", {"rule": "round-limit"})
            )
        last = LastTurn(me, last.action, last.cell, last.pushes, announced)
        new = State(cells, supply, turn, state.round_limit, last, result)
        return new, tuple(events)

    def _majority(self, cells: tuple[int, ...], n: int, reason: str) -> Outcome:
        counts = [cells.count(i) for i in range(n)]
        top = max(counts)
        leaders = [i for i in range(n) if counts[i] == top]
        return Outcome((self.config.seats[leaders[0]].id,) if len(leaders) == 1 else (), reason)

    def _verdict(self, result: Outcome) -> str:
        if result.is_draw:
            return "no one has more marbles on the board than everyone else, so the game is a draw."
        name = next(s.name for s in self.config.seats if s.id == result.winners[0])
        return f"{name} has the most marbles on the board and wins."

    def stop(self, state: State) -> Outcome:
        """Time called in class: judged like the round limit (ruling R11)."""
        return state.result or self._majority(state.cells, len(state.supply), "time")

    def call_time(self, state: State) -> Step[State]:
        """Time called: the most marbles on the board wins, as after the last round of the limit (ruling R11)."""
        if state.result:
            raise ValueError("the game is over")
        result = self.stop(state)
        counts = ", ".join(f"{self._name(i)} {n}" for i, n in enumerate(self.on_board(state)))
        event = Event("time", f"Time is called. Marbles on the board: {counts}. So {self._verdict(result)}", {})
        return Step(State(state.cells, state.supply, state.turn, state.round_limit, state.last, result), (event,))

    # --- worked examples -------------------------------------------------------------------
    def example_state(
        self, start: Mapping[str, Any], steps: list[Mapping[str, Any]], rng: random.Random
    ) -> State:
        state = build_start(self, start)
        check_plays(self, state, steps, rng)
        return state

    def example_moves(self, state: State, play: Mapping[str, Any]) -> dict[str, Any]:
        known = {s.id for s in self.config.seats[: len(state.supply)]}
        if not isinstance(play, Mapping) or len(play) != 1 or next(iter(play)) not in known:
            raise ExampleError(
                ("play",),
                f"a play names one seat and its move, like {{red: D4}} or {{blue: swap}}; seats: {', '.join(sorted(known))}",
            )
        return {str(k): str(v) for k, v in play.items()}

    def observe(self, before: State, step: Step[State]) -> dict[str, Any]:
        after, last = step.state, step.state.last
        ids = [s.id for s in self.config.seats[: len(after.supply)]]
        result = after.result
        pushes = sorted(last.pushes, key=lambda p: self._cell(p.src)) if last else []
        return {
            "board": rows(after.cells, self.size, self.letters),
            "action": last.action if last else None,
            "pushed": [f"{self._cell(p.src)}-{self._cell(p.dst)}" for p in pushes if p.dst is not None],
            "fell_off": [self._cell(p.src) for p in pushes if p.dst is None],
            "on_board": dict(zip(ids, self.on_board(after), strict=True)),
            "supply": dict(zip(ids, after.supply, strict=True)),
            "to_move": (self.to_move(after) or ("none",))[0],
            "last_marble": ids[last.seat] if last and last.announced else "none",
            "winner": "none" if result is None else (result.winners[0] if result.winners else "draw"),
            "end": result.reason if result else "none",
            "rounds_played": after.turn // len(after.supply),
            "track_space": (after.turn // len(after.supply)) % len(self.track_path),
        }  # fmt: skip

    def example_schema(self) -> dict[str, Any]:
        c = self.config
        letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[: self.size]
        move = {"type": "string", "pattern": f"^\\s*(?:[{letters}{letters.lower()}][1-{self.size}]|swap)\\s*$", "description": "a cell such as D4, or swap (the pie rule)"}
        seats = [s.id for s in c.seats]
        return {
            "play": {"type": "object", "minProperties": 1, "maxProperties": 1, "properties": dict.fromkeys(seats, move), "additionalProperties": False},
            "start": {
                "players": {"type": "integer", "minimum": c.players.min, "maximum": c.players.max},
                "to_move": {"enum": seats},
                "round": {"type": "integer", "minimum": 1},
                "board": {"type": "array", "minItems": self.size, "maxItems": self.size, "items": {"type": "string"}},
            },
        }  # fmt: skip

    def describe_state(self, state: State) -> dict[str, Any]:
        return describe(self, state)


ENGINE = Momentum

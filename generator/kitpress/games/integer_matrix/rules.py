"""Integer Matrix: an Othello-like game of double-sided number discs on a 7×7 board.

Sides are "positive" and "negative"; in the four-player game each side is a team of two, seated
"positive-1", "positive-2", "negative-1", "negative-2" (ruling R6). Either player may place a disc
either side up (R9); a placement must bracket at least one line of the other colour, every bracketed
line flips, and the player scores the sum of the numbers in the lines made (R2).

The state is the table: both numbers of every disc, as the discs carry them. What a player knows of
the backs is not modelled: no disc on the board is turned over to look (R17), but that changes no legal
move and no score, only what a player can foresee. The simulation's agents rate a move by its
outcome, so they play with a perfect memory of every back.

Chance: the bag is shuffled once, with the `random.Random` given to `new_game`, and discs are drawn
from the front. That is the same as drawing at random, and lets a worked example stack the bag.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from pydantic import Field, model_validator

from kitpress.engine import Engine, Event, Outcome, Step
from kitpress.games.integer_matrix import examples as ex
from kitpress.games.integer_matrix import squares as geo
from kitpress.spec_model import Strict

FACES = ("black", "white")
SIDES = ("positive", "negative")
WORDS = {"n": "north", "ne": "north-east", "e": "east", "se": "south-east", "s": "south", "sw": "south-west", "w": "west", "nw": "north-west"}
SETUP_FACE = {"positive": "black", "negative": "white"}
# Set-up draws start with the positive side, play starts with the negative side (rules 2 and 3).
SETUP_CYCLE = {2: ("positive", "negative"), 4: ("positive-1", "negative-1", "positive-2", "negative-2")}
PLAY_CYCLE = {2: ("negative", "positive"), 4: ("negative-1", "positive-1", "negative-2", "positive-2")}


class Config(Strict):
    board_size: int = Field(ge=3, le=9)
    setup_squares: list[str] = Field(min_length=2, description="squares filled at set-up, in Figure 1's order")
    discs: list[tuple[int, int]] = Field(description="each disc as [number on the black side, number on the white side]")
    one_colour_rule: bool = Field(True, description="a placement may not leave the board all one colour")

    @model_validator(mode="after")
    def _consistent(self) -> Config:
        g = geo.geometry(self.board_size)
        bad = [s for s in self.setup_squares if s not in g.index]
        if bad:
            raise ValueError(f"setup square {bad[0]!r} is not on a {self.board_size}×{self.board_size} board (a1 to {g.names[-1]})")
        if len(set(self.setup_squares)) != len(self.setup_squares):
            raise ValueError("setup squares must all differ")
        if len(self.discs) != g.squares:
            raise ValueError(f"{len(self.discs)} discs for {g.squares} squares: the bag must hold one disc per square (ruling R5)")
        for black, white in self.discs:
            if not (min(black, white) <= 0 <= max(black, white)) or max(abs(black), abs(white)) > 99:
                raise ValueError(f"disc [{black}, {white}] must have one side 0 or more and the other 0 or less, each at most 99 from 0")
        seen = {tuple(d) for d in self.discs}
        if len(seen) != len(self.discs):
            raise ValueError("every disc must differ, so a disc is named by its two numbers")
        return self


class Place(NamedTuple):
    """Put the drawn disc `face` side up on `cell`."""

    face: str
    cell: str


@dataclass(frozen=True)
class State:
    players: int
    discs: tuple[int, ...]  # per square: an index into Config.discs, or -1 when empty
    black: int  # bitmask (integer_matrix_board) of the squares showing their black side
    white: int
    bag: tuple[int, ...]  # disc indices, the next draw first
    hand: int | None  # the disc the player to move has drawn; None once the game is over
    setup_done: int  # set-up squares filled so far
    turn: int  # place in PLAY_CYCLE of the player to move, once set-up is over
    sheets: tuple[tuple[int, ...], tuple[int, ...]]  # matrix scores on each side's card, SIDES order
    net: tuple[int, int]
    result: Outcome | None = None


def side_of(seat: str) -> str:
    return seat.split("-")[0]


ORDINALS = ("first", "second")
# Why a placement is refused (squares.refusal), as the sentence's reason.
REFUSALS = {"occupied": "that square is occupied", "nothing flips": "nothing flips", "all one colour": "the board would be all one colour"}


def person(seat: str) -> str:
    """"negative" → "the negative player"; with teams, "negative-2" → "the negative team's second player"."""
    side, _, number = seat.partition("-")
    return f"the {side} team's {ORDINALS[int(number) - 1]} player" if number else f"the {side} player"


def side_name(side: str, players: int) -> str:
    """Whose net score it is: "the positive player", or with four players "the positive team"."""
    return f"the {side} team" if players == 4 else f"the {side} player"


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else (f"−{-value}" if value < 0 else "0")


def sum_text(values: list[int]) -> str:
    terms = [signed(values[0])] + [f"({signed(v)})" if v < 0 else signed(v).lstrip("+") for v in values[1:]]
    return " + ".join(terms)


def winner_of(positive: int, negative: int) -> str | None:
    """The side farther from zero in its own direction (ruling R8); None for a draw."""
    if positive == -negative:
        return None
    return "positive" if positive > -negative else "negative"


class IntegerMatrix(Engine[Config, State]):
    id = "integer-matrix"
    title = "Integer Matrix"
    config_model = Config
    sections = (
        "instructional_objective", "learners_and_context", "object_of_the_game", "game_materials",
        "time_required", "setting_the_players", "setting_up_the_board", "players_turn", "end_of_the_game",
        "winning_the_game", "design_process", "references",
    )  # fmt: skip
    figures = {
        "seat": "who placed the disc: positive or negative (positive-1 … negative-2 with four players)",
        "disc": "the disc placed, as [black-side number, white-side number]",
        "cell": "the square the disc went on, e.g. d2",
        "face": "black | white: the side placed face up",
        "shown": "the number the placed disc shows",
        "setup_square": "1, 2, …: the set-up square filled (none after set-up)",
        "choices_before": "{black: n, white: n}: on how many squares each face could legally go before the placement",
        "directions": "directions of the bracketed lines (n, ne, e, se, s, sw, w, nw; n is towards row 1)",
        "flipped": "squares whose discs were turned over, sorted",
        "flip_count": "how many discs were turned over",
        "brackets": "squares of the bracketing discs, one per line, in the order of directions",
        "matrix": "the numbers added: the placed disc, then each line's flipped discs outwards and its bracketing disc",
        "matrix_score": "the sum of matrix (none during set-up)",
        "net_positive": "the positive side's net score after the step",
        "net_negative": "the negative side's net score after the step",
        "sheet_positive": "matrix scores on the positive side's net score card so far",
        "sheet_negative": "matrix scores on the negative side's net score card so far",
        "running_positive": "the positive card's running net score after each of its turns",
        "running_negative": "the negative card's running net score after each of its turns",
        "black": "discs showing black after the step",
        "white": "discs showing white after the step",
        "bag": "discs left in the bag once the next player has drawn",
        "board": "the board after the step, one string per row from row 1: '.' empty, 'B3' black showing 3, 'W-2' white showing −2",
        "next": "the seat to move next (none once the game is over)",
        "end": "board full | no placement | time | none: why the game ended",
        "winner": "positive | negative | draw | none: the result once the game is over",
    }
    start_keys = {
        "players": "2 (default) or 4",
        "setup": "the discs drawn at set-up, in order, as [black, white]: set-up is done and play begins",
        "board": "a position: square → 'B-3/1' (black up showing −3, 1 on the back), or one string of such tokens per row ('.' empty)",
        "to_move": "who moves first from a given board (default: the negative side, negative-1 with four players)",
        "net": "net scores at the start, as {positive: n, negative: n} (default 0 each)",
        "one_colour_rule": "on | off: whether a placement may not leave the board all one colour (default: as the rules in use say)",
    }
    rule_keys = {"one_colour_rule": "one_colour_rule"}

    def __init__(self, config: Config) -> None:
        super().__init__(config)
        self.geo = geo.geometry(config.board_size)
        self._widest_reach = max(r.bit_count() for r in self.geo.reach)  # for the one-colour rule's count
        self.setup_index = tuple(self.geo.index[s] for s in config.setup_squares)

    def params(self) -> dict[str, Any]:
        c, g = self.config, self.geo
        setup = len(c.setup_squares)
        turns = g.squares - setup
        return {
            "board_size": c.board_size, "squares": g.squares, "disc_count": len(c.discs),
            "setup_count": setup, "setup_black": (setup + 1) // 2, "setup_white": setup // 2,
            "setup_first": c.setup_squares[0],
            "setup_order": ", ".join(f"{k} {sq}" for k, sq in enumerate(c.setup_squares, start=1)),
            "last_column": geo.COLUMNS[c.board_size - 1],
            "turns_per_side": (turns + 1) // 2, "players_min": 2, "players_max": 4, "team_size": 2,
        }  # fmt: skip

    # --- playing ---------------------------------------------------------------------------
    def seats(self, players: int | None = None) -> tuple[str, ...]:
        if players in (None, 2):
            return SIDES
        if players == 4:
            return ("positive-1", "positive-2", "negative-1", "negative-2")
        raise ValueError(f"Integer Matrix is for 2 or 4 players, not {players}")

    def new_game(self, rng: random.Random, players: int | None = None) -> State:
        self.seats(players)
        bag = list(range(len(self.config.discs)))
        rng.shuffle(bag)
        return self.blank(players or 2, bag)

    def blank(self, players: int, bag: list[int]) -> State:
        """An empty board at the start of set-up; the first set-up player has drawn bag[0]."""
        return State(
            players=players, discs=(-1,) * self.geo.squares, black=0, white=0, bag=tuple(bag[1:]),
            hand=bag[0], setup_done=0, turn=0, sheets=((), ()), net=(0, 0),
        )  # fmt: skip

    def in_setup(self, state: State) -> bool:
        return state.setup_done < len(self.setup_index)

    def mover(self, state: State) -> str:
        if self.in_setup(state):
            cycle = SETUP_CYCLE[state.players]
            return cycle[state.setup_done % len(cycle)]
        cycle = PLAY_CYCLE[state.players]
        return cycle[state.turn % len(cycle)]

    def to_move(self, state: State) -> tuple[str, ...]:
        return () if state.result else (self.mover(state),)

    def own_opp(self, state: State, face: str) -> tuple[int, int]:
        return (state.black, state.white) if face == "black" else (state.white, state.black)

    def legal_moves(self, state: State, seat: str) -> list[Place]:
        if seat not in self.to_move(state):
            return []
        if self.in_setup(state):
            square = self.setup_index[state.setup_done]
            return [Place(SETUP_FACE[side_of(seat)], self.geo.names[square])]
        names = self.geo.names
        black = [Place("black", names[i]) for i in geo.legal_squares(self.geo, state.black, state.white, self.config.one_colour_rule)]
        return black + [Place("white", names[i]) for i in geo.legal_squares(self.geo, state.white, state.black, self.config.one_colour_rule)]

    def outcome(self, state: State) -> Outcome | None:
        return state.result

    def side_of(self, seat: str) -> str:
        return side_of(seat)

    def heuristic(self, state: State, seat: str) -> float:
        """How far the seat's side leads in the race away from zero (ruling R8), squashed into −1..1."""
        if state.result:
            return super().heuristic(state, seat)
        positive, negative = state.net
        lead = positive + negative  # > 0: positive is farther out than negative
        sign = 1 if side_of(seat) == "positive" else -1
        return max(-0.99, min(0.99, sign * lead / 30))

    def value(self, disc: int, face: str) -> int:
        return self.config.discs[disc][FACES.index(face)]

    def apply(self, state: State, moves: Mapping[str, Any], rng: random.Random) -> Step[State]:
        if state.result:
            raise ValueError("the game is over")
        seat = self.mover(state)
        move = moves.get(seat)
        if not isinstance(move, Place) or move.face not in FACES or move.cell not in self.geo.index:
            raise ValueError(f"{seat} must place the drawn disc: a face (black or white) and a square a1 to {self.geo.names[-1]}")
        assert state.hand is not None  # a game that is not over always has a drawn disc
        if self.in_setup(state):
            return self._setup(state, seat, move)
        events: list[Event] = []
        square = self.geo.index[move.cell]
        own, opp = self.own_opp(state, move.face)
        why = geo.refusal(self.geo, own, opp, square, self.config.one_colour_rule)
        if why:
            # Printed after "Not allowed:" in the rule books, so a whole sentence with its full stop.
            raise ValueError(f"{capital(person(seat))} may not place the disc {move.face} side up on {move.cell}, because {REFUSALS.get(why, why)}.")
        found = geo.lines(self.geo, own, opp, square)
        discs, placed = self._place(state, seat, move.face, square)
        events.append(placed)
        flipped = self.geo.mask([square, *(j for _, run, _ in found for j in run)])
        black, white = (state.black | flipped, state.white & ~flipped) if move.face == "black" else (state.black & ~flipped, state.white | flipped)
        numbers = [self.value(discs[square], move.face)]
        for name, run, end in found:
            squares = [self.geo.names[j] for j in run]
            names = squares[0] if len(squares) == 1 else ", ".join(squares[:-1]) + " and " + squares[-1]
            trapped = "is trapped and turns" if len(squares) == 1 else "are trapped and turn"
            line = [self.value(discs[j], move.face) for j in (*run, end)]
            numbers += line
            events.append(Event("line", f"To the {WORDS[name]}, {names} {trapped} {move.face}; {self.geo.names[end]} closes the line.", {"direction": name, "flipped": [self.geo.names[j] for j in run], "bracket": self.geo.names[end], "numbers": line}))
        score = sum(numbers)
        events.append(Event("matrix", f"Matrix score: {sum_text(numbers)} = {signed(score)}.", {"matrix": numbers, "matrix_score": score}))
        net, sheets = self._score(state, seat, score, events)
        state = replace(state, discs=discs, black=black, white=white, hand=None, net=net, sheets=sheets, turn=state.turn + 1)
        return Step(self._next(state, events), tuple(events))

    def _place(self, state: State, seat: str, face: str, square: int) -> tuple[tuple[int, ...], Event]:
        """The board's discs with the drawn disc on `square`, and the event that tells it."""
        disc = state.hand
        assert disc is not None
        discs = (*state.discs[:square], disc, *state.discs[square + 1 :])
        shown = self.value(disc, face)
        text = f"{capital(person(seat))} places the {self.disc_name(disc)} disc {face} side up on {self.geo.names[square]}, showing {signed(shown)}."
        data = {"seat": seat, "disc": list(self.config.discs[disc]), "cell": self.geo.names[square], "face": face, "shown": shown}
        return discs, Event("place", text, data)

    def _setup(self, state: State, seat: str, move: Place) -> Step[State]:
        square = self.setup_index[state.setup_done]
        face = SETUP_FACE[side_of(seat)]
        if (move.face, move.cell) != (face, self.geo.names[square]):
            raise ValueError(f"set-up square {state.setup_done + 1} is {self.geo.names[square]}, and {seat} places {face} side up")
        discs, placed = self._place(state, seat, face, square)
        number = state.setup_done + 1
        events = [Event(placed.kind, f"Set-up square {number}: {placed.text[:1].lower()}{placed.text[1:]}", {**placed.data, "setup_square": number})]
        bit = self.geo.bits[square]
        black, white = (state.black | bit, state.white) if face == "black" else (state.black, state.white | bit)
        state = replace(state, discs=discs, black=black, white=white, hand=None, setup_done=number)
        if not self.in_setup(state):
            events.append(Event("setup-done", f"Set-up is complete: {person(PLAY_CYCLE[state.players][0])} takes the first turn.", {}))
        return Step(self._next(state, events), tuple(events))

    def _score(self, state: State, seat: str, score: int, events: list[Event]) -> tuple[tuple[int, int], tuple[tuple[int, ...], tuple[int, ...]]]:
        """Both sides' net scores and score cards once the mover's side adds `score`."""
        k = SIDES.index(side_of(seat))
        net = list(state.net)
        old, net[k] = net[k], net[k] + score
        sheets = list(state.sheets)
        sheets[k] = (*sheets[k], score)
        events.append(Event("net", f"{capital(side_name(SIDES[k], state.players))}'s net score: {sum_text([old, score])} = {signed(net[k])}.", {"side": SIDES[k], "net": net[k]}))
        return (net[0], net[1]), (sheets[0], sheets[1])

    def _next(self, state: State, events: list[Event]) -> State:
        """End the game, or let the next player draw. The end is checked before drawing (ruling R4)."""
        if not self.in_setup(state):
            if state.black | state.white == self.geo.full:
                return self._end(state, "board full", events)
            if not geo.any_legal(self.geo, state.black, state.white, self.config.one_colour_rule):
                return self._end(state, "no placement", events)
        disc, bag = state.bag[0], state.bag[1:]
        state = replace(state, hand=disc, bag=bag)
        drawn = {"seat": self.mover(state), "disc": list(self.config.discs[disc]), "rule": ("one-colour",) if self._one_colour_refuses(state) else ()}
        events.append(Event("draw", f"{capital(person(self.mover(state)))} draws the {self.disc_name(disc)} disc.", drawn))
        return state

    def _one_colour_refuses(self, state: State) -> bool:
        """Whether the all-one-colour rule takes a placement (either face) away from the coming turn: for
        simulations' rule counts, so a variant without the rule shows what it changed."""
        if not self.config.one_colour_rule or self.in_setup(state):
            return False
        g = self.geo
        for own, opp in ((state.black, state.white), (state.white, state.black)):
            if opp.bit_count() > self._widest_reach:  # no placement's lines can cover every such disc
                continue
            for i in g.squares_in(geo.candidate_mask(g, own, opp)):
                if not opp & ~g.reach[i] and geo.refusal(g, own, opp, i) == "all one colour":
                    return True
        return False

    def _end(self, state: State, reason: str, events: list[Event]) -> State:
        pos, neg = state.net
        winner = winner_of(pos, neg)
        if winner is None:
            result = Outcome((), f"{reason}: both sides are {abs(pos)} from zero in their own direction")
        else:
            result = Outcome((winner,), f"{reason}: the {winner} side is farther from zero in its own direction")
        why = "every square is filled" if reason == "board full" else "no placement can turn a disc over"
        won = f"{side_name(winner, state.players)} wins" if winner else "it is a draw"
        scores = f"{capital(side_name('positive', state.players))} ends on {signed(pos)} and {side_name('negative', state.players)} on {signed(neg)}"
        events.append(Event("end", f"The game is over: {why}. {scores}: {won}.", {"end": reason, "winner": winner or "draw", "rule": ("no-placement",) if reason == "no placement" else ()}))
        return replace(state, result=result)

    def stop(self, state: State) -> Outcome:
        """Time called before the end: the net scores are compared as at the end (ruling R16)."""
        if state.result:
            return state.result
        winner = winner_of(*state.net)
        return Outcome((winner,) if winner else (), "time: net scores compared as at the end")

    def call_time(self, state: State) -> Step[State]:
        """Time called after a turn: the net scores are compared as at the end of the game (ruling R16)."""
        if state.result:
            raise ValueError("the game is over")
        result = self.stop(state)
        pos, neg = state.net
        winner = result.winners[0] if result.winners else None
        won = f"{side_name(winner, state.players)} is farther from zero in its own direction and wins" if winner else "both are as far from zero, so it is a draw"
        scores = f"{capital(side_name('positive', state.players))} has {signed(pos)} and {side_name('negative', state.players)} {signed(neg)}"
        event = Event("time", f"Time is called, so the net scores are compared. {scores}: {won}.", {"end": "time", "winner": winner or "draw"})
        return Step(replace(state, hand=None, result=result), (event,))

    def disc_name(self, disc: int) -> str:
        black, white = self.config.discs[disc]
        return f"black {signed(black)} / white {signed(white)}"

    # --- worked examples -------------------------------------------------------------------
    def example_state(self, start: Mapping[str, Any], steps: list[Mapping[str, Any]], rng: random.Random) -> State:
        return ex.build_state(self, start, steps)

    def example_moves(self, state: State, play: Mapping[str, Any]) -> dict[str, Any]:
        return ex.moves_for(self, state, play)

    def observe(self, before: State, step: Step[State]) -> dict[str, Any]:
        after = step.state
        found: dict[str, Any] = {"setup_square": None, "directions": [], "flipped": [], "brackets": [], "matrix": [], "matrix_score": None}
        for event in step.events:
            d = event.data
            if event.kind == "place":
                found.update(seat=d["seat"], disc=d["disc"], cell=d["cell"], face=d["face"], shown=d["shown"], setup_square=d.get("setup_square"))
            elif event.kind == "line":
                found["directions"].append(d["direction"])
                found["flipped"] += d["flipped"]
                found["brackets"].append(d["bracket"])
            elif event.kind == "matrix":
                found.update(matrix=d["matrix"], matrix_score=d["matrix_score"])
        if not self.in_setup(before):
            found["choices_before"] = {face: sum(1 for m in self.legal_moves(before, self.mover(before)) if m.face == face) for face in FACES}
        found["flipped"] = sorted(found["flipped"])
        found["flip_count"] = len(found["flipped"])
        picture = self.describe_state(after)
        for k, side in enumerate(SIDES):
            found[f"net_{side}"] = after.net[k]
            found[f"sheet_{side}"] = list(after.sheets[k])
            found[f"running_{side}"] = picture["sheets"][side]["running"]
        result = after.result
        found.update(
            black=picture["black"], white=picture["white"], bag=len(after.bag), board=picture["rows"],
            next=picture["to_move"], end=picture["end"],
            winner="none" if result is None else (result.winners[0] if result.winners else "draw"),
        )  # fmt: skip
        return found

    def example_schema(self) -> dict[str, Any]:
        discs = [list(d) for d in self.config.discs]
        cells = {"enum": list(self.geo.names)}
        return {
            "play": {
                "type": "object", "required": ["disc"], "additionalProperties": False,
                "properties": {"disc": {"enum": discs, "description": "[black-side number, white-side number]"}, "face": {"enum": list(FACES)}, "cell": cells},
            },
            "start": {
                "players": {"enum": [2, 4]},
                "setup": {"type": "array", "items": {"enum": discs}},
                "net": {"type": "object", "properties": {side: {"type": "integer"} for side in SIDES}, "additionalProperties": False},
            },
        }  # fmt: skip

    def describe_state(self, state: State) -> dict[str, Any]:
        """The board (colour and number per square), the set-up order, the bag and both score cards."""
        g = self.geo
        cells = []
        for i, disc in enumerate(state.discs):
            if disc < 0:
                continue
            face = "black" if state.black & g.bits[i] else "white"
            black, white = self.config.discs[disc]
            cells.append({"cell": g.names[i], "row": i // g.size, "column": i % g.size, "face": face, "shown": self.value(disc, face), "black_side": black, "white_side": white})  # fmt: skip
        tokens = {c["cell"]: f"{c['face'][0].upper()}{c['shown']}" for c in cells}
        rows = [" ".join(tokens.get(g.names[r * g.size + c], ".") for c in range(g.size)) for r in range(g.size)]
        sheets = {}
        for k, side in enumerate(SIDES):
            running, total = [], state.net[k] - sum(state.sheets[k])
            for score in state.sheets[k]:
                total += score
                running.append(total)
            sheets[side] = {"scores": list(state.sheets[k]), "running": running, "net": state.net[k]}
        hand = None if state.hand is None else list(self.config.discs[state.hand])
        return {
            "size": g.size, "columns": [geo.COLUMNS[c] for c in range(g.size)], "rows": rows, "cells": cells,
            "setup_squares": list(self.config.setup_squares), "phase": "over" if state.result else ("setup" if self.in_setup(state) else "play"),
            "players": state.players, "to_move": (self.to_move(state) or ("none",))[0], "hand": hand, "bag": len(state.bag),
            "black": sum(1 for c in cells if c["face"] == "black"), "white": sum(1 for c in cells if c["face"] == "white"),
            "sheets": sheets, "end": state.result.reason.split(":")[0] if state.result else "none",
        }  # fmt: skip


ENGINE = IntegerMatrix

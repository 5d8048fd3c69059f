"""Momentum Game!: two players reveal push cards at once; net force moves a block on a short track.

Seats are the two sides, "red" (wins at the track's top edge) and "blue" (wins at the bottom edge).
The deck is shared, so either player may hold and play either colour: a card pushes in its own
colour's direction whoever plays it (ruling R3 in the spec).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Literal

from pydantic import Field, field_validator, model_validator

from kitpress.engine import Engine, Event, Outcome, Step
from kitpress.games.momentum_game import examples
from kitpress.spec_model import COLOUR_PATTERN, Strict, check_id
from kitpress.stacked_deck import reshuffled

# --- config: the spec's `game:` section ----------------------------------------------------------


class Track(Strict):
    min: int
    max: int
    start: int

    @model_validator(mode="after")
    def _start_inside(self) -> Track:
        if not self.min < self.start < self.max:
            raise ValueError(f"start {self.start} must lie strictly between min {self.min} and max {self.max}")
        if self.max - self.min > 40:
            raise ValueError("a track longer than 40 spaces cannot be printed")
        return self


class Side(Strict):
    id: Literal["red", "blue"]
    name: str
    edge: Literal["max", "min"]
    direction: str = Field(description="the word for its direction, e.g. Right")
    arrow: str
    colour: str = Field(pattern=COLOUR_PATTERN)


class Shade(Strict):
    id: str
    name: str
    strength: int = Field(ge=1, le=10)


class CardType(Strict):
    id: str
    name: str
    kind: Literal["push", "stop"]
    side: Literal["red", "blue"] | None = None
    shade: str | None = None
    count: int = Field(ge=0, le=60)

    _id = field_validator("id")(check_id)

    @model_validator(mode="after")
    def _push_has_side(self) -> CardType:
        if self.kind == "push" and (self.side is None or self.shade is None):
            raise ValueError(f"push card {self.id!r} needs both a side and a shade")
        if self.kind == "stop" and (self.side is not None or self.shade is not None):
            raise ValueError(f"stop card {self.id!r} has no side or shade")
        return self


class Deck(Strict):
    size: int = Field(ge=2, le=200)
    cards: list[CardType] = Field(min_length=1)

    @model_validator(mode="after")
    def _counts_add_up(self) -> Deck:
        total = sum(card.count for card in self.cards)
        if total != self.size:
            listing = " + ".join(f"{c.count} {c.id}" for c in self.cards)
            raise ValueError(f"deck counts add up to {total} ({listing}), but the deck size is {self.size}")
        ids = [card.id for card in self.cards]
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        if dupes:
            raise ValueError(f"card ids must be unique; repeated: {', '.join(dupes)}")
        return self


class Config(Strict):
    track: Track
    sides: list[Side] = Field(min_length=2, max_length=2)
    shades: list[Shade] = Field(min_length=1)
    hand_size: int = Field(ge=1, le=10)
    single_move: int = Field(ge=1, le=10)
    repeat_move: int = Field(ge=1, le=10)
    streak_cap: int = Field(ge=1, le=10)
    repeat_move_once_per_chain: bool = False
    draw_after_green_rounds: int = Field(ge=1, le=20)
    deck: Deck

    @model_validator(mode="after")
    def _consistent(self) -> Config:
        if {s.id for s in self.sides} != {"red", "blue"}:
            raise ValueError("sides must be exactly one 'red' and one 'blue'")
        if {s.edge for s in self.sides} != {"min", "max"}:
            raise ValueError("one side must win at the 'max' edge and the other at the 'min' edge")
        shade_ids = {s.id for s in self.shades}
        for card in self.deck.cards:
            if card.shade is not None and card.shade not in shade_ids:
                raise ValueError(f"card {card.id!r} has shade {card.shade!r}; shades are {sorted(shade_ids)}")
        if 2 * self.hand_size >= self.deck.size:
            raise ValueError(f"two hands of {self.hand_size} need a deck larger than {self.deck.size}")
        return self


# --- state -----------------------------------------------------------------------------------

SEATS = ("red", "blue")
# Outcome.reason openings, to name what ended a game
END_REASONS = (("the block reached", "edge"), ("both players revealed Green", "greens"), ("time", "time"))


@dataclass(frozen=True)
class State:
    position: int
    last_winner: str | None  # the streak marker's side; None once a tie, no-contest or Green resets it
    streak_count: int
    chain_doubled: bool  # a repeat move has been made in the current streak chain
    hands: tuple[tuple[str, ...], tuple[str, ...]]  # card ids, sorted, per seat in SEATS order
    draw_pile: tuple[str, ...]  # top card first
    discard: tuple[str, ...]
    green_rounds: int  # consecutive rounds in which both players revealed a Green
    greens_played: tuple[int, int]
    first: int  # index of the seat that draws first
    round: int = 0
    result: Outcome | None = None
    # A worked example's stacked deck: each coming reshuffle's new draw pile, top card first (empty in a
    # real game, where the reshuffle is the RNG's).
    restack: tuple[tuple[str, ...], ...] = ()


class MomentumGame(Engine[Config, State]):
    id = "momentum-game"
    title = "Momentum Game!"
    config_model = Config
    sections = (
        "overview", "design_pillars", "deck_composition", "win_end", "setup", "round_flow", "rules",
        "tuning_notes",
    )  # fmt: skip
    figures = {
        "outcome": "green | no-contest | tie | won: how the round was decided",
        "winner": "red | blue | none: the side whose push won the round",
        "move": "spaces the movement rule gives (1 or 2; 0 without a winner)",
        "travelled": "spaces the block really moved (less than move when it clamps at an edge)",
        "position": "where the block stands after the round",
        "last_winner": "red | blue | none: the streak marker after the round",
        "streak_count": "the streak count after the round",
        "game_winner": "red | blue | draw | none: the game's result after the round",
        "end": "edge | greens | time | none: what ended the game (the block on an edge, Green twice running, time called)",
        "timed_by": "nearer-edge | fewer-greens | draw | none: what decided a game ended by time",
        "to_edge": "{red: n, blue: n}: spaces from the block to each side's edge",
        "greens_played": "{red: n, blue: n}: Greens each player has revealed so far",
        "reshuffles": "times the discard pile was shuffled into a new draw pile in the round (0 or 1)",
        "draw_pile": "cards left in the draw pile after the round",
        "hands": "{red: [...], blue: [...]}: each player's hand after the round, as card ids in order",
    }
    start_keys = {
        "position": "where the block starts (default: the set-up position)",
        "last_winner": "red | blue | none: the streak marker at the start",
        "streak_count": "the streak count at the start (default 1 with a marker, else 0)",
        "green_rounds": "rounds in a row just played in which both revealed Green",
        "greens_played": "{red: n, blue: n}: Greens each player revealed before the start (default 0 each)",
        "draw_pile": "cards in the draw pile at the start, the others not in a hand lying in the discard pile (default: all, as at set-up)",
        "draws_first": "red | blue: the first player, who draws first when hands are refilled (default red)",
        "shuffle_seed": "a whole number: reshuffles are left to a shuffle with this seed (default: a reshuffle brings up the cards the example plays next)",
        "once_per_chain": "on | off: the optional rule that only the first repeat win of a streak makes the double move (default: as the rules in use say)",
    }
    rule_keys = {"once_per_chain": "repeat_move_once_per_chain"}

    # --- helpers ---------------------------------------------------------------------------
    def card(self, card_id: str) -> CardType:
        for card in self.config.deck.cards:
            if card.id == card_id:
                return card
        raise KeyError(card_id)

    def side(self, side_id: str) -> Side:
        return next(s for s in self.config.sides if s.id == side_id)

    def strength(self, card: CardType) -> int:
        return next(s.strength for s in self.config.shades if s.id == card.shade)

    def edge(self, side_id: str) -> int:
        return self.config.track.max if self.side(side_id).edge == "max" else self.config.track.min

    def full_deck(self) -> list[str]:
        return [card.id for card in self.config.deck.cards for _ in range(card.count)]

    def params(self) -> dict[str, Any]:
        c = self.config
        red, blue = self.edge("red"), self.edge("blue")
        counts = {card.id: card.count for card in c.deck.cards}
        shades = {f"{s.id}_strength": s.strength for s in c.shades}
        return {
            "track_min": c.track.min, "track_max": c.track.max, "track_start": c.track.start,
            "red_edge": red, "blue_edge": blue, "hand_size": c.hand_size, "deck_size": c.deck.size,
            "single_move": c.single_move, "repeat_move": c.repeat_move, "streak_cap": c.streak_cap,
            "draw_after_green_rounds": c.draw_after_green_rounds, "players": 2,
            **{f"count_{k.replace('-', '_')}": v for k, v in counts.items()}, **shades,
        }  # fmt: skip

    # --- playing ---------------------------------------------------------------------------
    def seats(self, players: int | None = None) -> tuple[str, ...]:
        if players not in (None, 2):
            raise ValueError("Momentum Game! is for exactly 2 players")
        return SEATS

    def new_game(self, rng: random.Random, players: int | None = None) -> State:
        self.seats(players)
        deck = self.full_deck()
        rng.shuffle(deck)
        h = self.config.hand_size
        hands = (tuple(sorted(deck[:h])), tuple(sorted(deck[h : 2 * h])))
        return State(
            position=self.config.track.start, last_winner=None, streak_count=0, chain_doubled=False,
            hands=hands, draw_pile=tuple(deck[2 * h :]), discard=(), green_rounds=0,
            greens_played=(0, 0), first=rng.randrange(2),
        )  # fmt: skip

    def to_move(self, state: State) -> tuple[str, ...]:
        return () if state.result else SEATS

    def legal_moves(self, state: State, seat: str) -> list[str]:
        return sorted(set(state.hands[SEATS.index(seat)])) if not state.result else []

    def outcome(self, state: State) -> Outcome | None:
        return state.result

    def apply(self, state: State, moves: Mapping[str, Any], rng: random.Random) -> Step[State]:
        if state.result:
            raise ValueError("the game is over")
        for seat in SEATS:
            if moves.get(seat) not in state.hands[SEATS.index(seat)]:
                raise ValueError(f"{seat} cannot play {moves.get(seat)!r}: not in hand")
        plays = {seat: self.card(moves[seat]) for seat in SEATS}
        events: list[Event] = [
            Event("reveal", f"{self.side(seat).name} reveals {plays[seat].name}.", {"seat": seat, "card": plays[seat].id})
            for seat in SEATS
        ]  # fmt: skip
        state = replace(state, round=state.round + 1)
        state, round_events = self._resolve(state, plays)
        events += round_events
        state = self._discard_and_draw(state, [moves[s] for s in SEATS], rng, events)
        return Step(state, tuple(events))

    def _resolve(self, state: State, plays: dict[str, CardType]) -> tuple[State, list[Event]]:
        """§7 in order: Green priority, push against push, movement, streak record."""
        events: list[Event] = []
        greens = tuple(plays[s].kind == "stop" for s in SEATS)
        greens_played = tuple(n + g for n, g in zip(state.greens_played, greens, strict=True))
        state = replace(state, greens_played=greens_played)  # type: ignore[arg-type]
        if any(greens):
            green_rounds = state.green_rounds + 1 if all(greens) else 0
            events.append(Event("green", "A Green is revealed, so nothing is compared and the block does not move.", {"outcome": "green", "rule": "green"}))
            state = self._reset(replace(state, green_rounds=green_rounds), events)
            if green_rounds >= self.config.draw_after_green_rounds:
                reason = f"both players revealed Green {green_rounds} rounds in a row"
                events.append(Event("draw", f"Draw: {reason}.", {"outcome": "draw", "rule": "green-draw"}))
                state = replace(state, result=Outcome((), reason))
            return state, events
        state = replace(state, green_rounds=0)
        red, blue = plays["red"], plays["blue"]
        if red.side == blue.side:
            events.append(Event("no-contest", "Both pushes are the same colour, so there is no contest: ΣF = 0 and the block does not move.", {"outcome": "no-contest", "rule": "no-contest"}))
            return self._reset(state, events), events
        a, b = self.strength(red), self.strength(blue)
        if a == b:
            events.append(Event("tie", f"Equal strength, {a} against {b}: the pushes cancel, ΣF = 0, and the block does not move.", {"outcome": "tie", "rule": "tie"}))
            return self._reset(state, events), events
        win_card = red if a > b else blue
        winner = str(win_card.side)
        side = self.side(winner)
        events.append(Event("contest", f"{win_card.name} is stronger, {max(a, b)} against {min(a, b)}: {side.name} wins the round.", {"outcome": "won", "winner": winner}))
        return self._move(state, winner, events), events

    def _reset(self, state: State, events: list[Event]) -> State:
        events.append(Event("streak", "The streak is reset: the marker goes to No streak, count 0.", {"last_winner": None, "streak_count": 0}))
        return replace(state, last_winner=None, streak_count=0, chain_doubled=False)

    def _move(self, state: State, winner: str, events: list[Event]) -> State:
        c = self.config
        repeat = state.last_winner == winner
        name = self.side(winner).name
        if repeat and not (c.repeat_move_once_per_chain and state.chain_doubled):
            move, why = c.repeat_move, f"{name} was the Last Winner too"
        else:
            move = c.single_move
            if repeat:
                why = f"{name} was the Last Winner too, but this streak has had its double move"
            elif state.last_winner is None:
                why = "There is no Last Winner"
            else:
                why = f"{self.side(state.last_winner).name} was the Last Winner, not {name}"
        # which rule set the move, for simulations' rule counts: the double move, or once per chain refusing it
        moved = ("repeat-move",) if repeat and move == c.repeat_move else (("once-per-chain",) if repeat else ())
        edge = self.edge(winner)
        step = 1 if edge > state.position else -1
        target = state.position + step * move
        clamped = (target - edge) * step > 0
        new_pos = edge if clamped else target
        arrow = self.side(winner).arrow
        spaces = f"{move} space" if move == 1 else f"{move} spaces"
        travel = "." if clamped else f": {state.position} → {new_pos}."
        events.append(Event("move", f"{why}, so the block moves {spaces} towards {name}{travel}", {"move": move, "travelled": abs(new_pos - state.position), "from": state.position, "to": new_pos, "rule": moved}))
        if clamped:
            events.append(Event("clamp", f"From {state.position} that would carry it past {edge}, so it stops on the edge: {state.position} → {new_pos}.", {"edge": edge, "rule": "clamp"}))
        count = min(state.streak_count + 1, c.streak_cap) if repeat else 1
        state = replace(state, position=new_pos, last_winner=winner, streak_count=count, chain_doubled=(repeat and state.chain_doubled) or (repeat and move == c.repeat_move))
        events.append(Event("streak", f"The streak marker points {self.side(winner).direction} {arrow}, count {count}.", {"last_winner": winner, "streak_count": count}))
        if new_pos == edge:
            events.append(Event("win", f"The block is on {edge}, {name}'s edge: {name} wins the game.", {"game_winner": winner}))
            state = replace(state, result=Outcome((winner,), f"the block reached {edge}"))
        return state

    def _discard_and_draw(self, state: State, played: list[str], rng: random.Random, events: list[Event]) -> State:
        hands = [list(h) for h in state.hands]
        for i, card in enumerate(played):
            hands[i].remove(card)
        discard = list(state.discard) + played
        pile = list(state.draw_pile)
        restack = state.restack
        if state.result is None:
            for i in (state.first, 1 - state.first):
                while len(hands[i]) < self.config.hand_size:
                    if not pile:
                        pile, discard = discard, []
                        pile, restack = reshuffled(pile, restack, rng)
                        events.append(Event("reshuffle", "The draw pile is empty, so the discard pile is shuffled to make a new one.", {"cards": len(pile), "rule": "reshuffle"}))
                    hands[i].append(pile.pop(0))
        return replace(state, hands=(tuple(sorted(hands[0])), tuple(sorted(hands[1]))), draw_pile=tuple(pile), discard=tuple(discard), restack=restack)

    def heuristic(self, state: State, seat: str) -> float:
        """Progress of the block towards the seat's edge, the streak counting as half a step."""
        won = super().heuristic(state, seat)
        if state.result:
            return won
        span = self.config.track.max - self.config.track.min
        toward = 1 if self.edge(seat) == self.config.track.max else -1
        centre = (self.config.track.max + self.config.track.min) / 2
        streak = 0.5 * (1 if state.last_winner == seat else -1 if state.last_winner else 0)
        return max(-0.99, min(0.99, (toward * (state.position - centre) + streak) / span))

    def stop(self, state: State) -> Outcome:
        """Timed class end: nearer own edge wins; then fewer Greens played; then a draw."""
        if state.result:
            return state.result
        gaps = self.gaps(state)
        if gaps["red"] != gaps["blue"]:
            near = min(SEATS, key=gaps.__getitem__)
            return Outcome((near,), "time: the block is nearer that side's edge")
        red_g, blue_g = state.greens_played
        if red_g != blue_g:
            return Outcome(("red",) if red_g < blue_g else ("blue",), "time: block midway; fewer Greens played")
        return Outcome((), "time: block midway and equal Greens played")

    def gaps(self, state: State) -> dict[str, int]:
        """Spaces from the block to each side's edge: what the timed end compares first."""
        return {seat: abs(self.edge(seat) - state.position) for seat in SEATS}

    def call_time(self, state: State) -> Step[State]:
        """§4's timed class end, each tie-break in turn with the figures it compares."""
        if state.result:
            raise ValueError("the game is over")
        result = self.stop(state)
        gaps, (red_g, blue_g) = self.gaps(state), state.greens_played
        red, blue = self.side("red").name, self.side("blue").name
        away = f"{gaps['red']} space{'s' * (gaps['red'] != 1)} from {red}'s edge and {gaps['blue']} from {blue}'s"
        events = [Event("time", f"Time is called with the block on {state.position}: {away}.", {})]
        winner = result.winners[0] if result.winners else None
        if gaps["red"] != gaps["blue"]:
            by, said = "nearer-edge", f"The block is nearer {self.side(str(winner)).name}'s edge, so {self.side(str(winner)).name} wins."
        elif red_g != blue_g:
            by = "fewer-greens"
            said = f"The block is midway, so the Greens decide: {red} has revealed {red_g}, {blue} {blue_g}. Fewer Greens wins: {self.side(str(winner)).name} wins."
        else:
            by, said = "draw", f"The block is midway and both players have revealed {red_g} Green{'s' * (red_g != 1)}: the game is a draw."
        events.append(Event("timed-result", said, {"timed_by": by}))
        return Step(replace(state, result=result), tuple(events))

    # --- worked examples -------------------------------------------------------------------
    def example_state(self, start: Mapping[str, Any], steps: list[Mapping[str, Any]], rng: random.Random) -> State:
        """Stack the deck so that each seat holds, in turn, the cards the example plays (examples.py)."""
        return examples.example_state(self, start, steps)

    def example_moves(self, state: State, play: Mapping[str, Any]) -> dict[str, Any]:
        return {seat: play[seat] for seat in SEATS}

    def observe(self, before: State, step: Step[State]) -> dict[str, Any]:
        after = step.state
        found: dict[str, Any] = {"outcome": None, "winner": "none", "move": 0, "travelled": 0}
        for event in step.events:
            data = event.data
            if "outcome" in data and event.kind != "draw":
                found["outcome"] = data["outcome"]
            if "winner" in data:
                found["winner"] = data["winner"]
            if event.kind == "move":
                found["move"], found["travelled"] = data["move"], data["travelled"]
        result = after.result
        found.update(
            position=after.position,
            last_winner=after.last_winner or "none",
            streak_count=after.streak_count,
            game_winner="none" if result is None else (result.winners[0] if result.winners else "draw"),
            end="none" if result is None else next(e for p, e in END_REASONS if result.reason.startswith(p)),
            timed_by=next((e.data["timed_by"] for e in step.events if e.kind == "timed-result"), "none"),
            to_edge=self.gaps(after),
            greens_played=dict(zip(SEATS, after.greens_played, strict=True)),
            reshuffles=sum(e.kind == "reshuffle" for e in step.events),
            draw_pile=len(after.draw_pile),
            hands={seat: list(hand) for seat, hand in zip(SEATS, after.hands, strict=True)},
        )
        return found

    def example_schema(self) -> dict[str, Any]:
        c = self.config
        cards = {"enum": [card.id for card in c.deck.cards], "description": "a card of the deck, by its id"}
        return {
            "play": {"type": "object", "properties": dict.fromkeys(SEATS, cards), "required": list(SEATS), "additionalProperties": False},
            "start": {
                "position": {"type": "integer", "minimum": c.track.min + 1, "maximum": c.track.max - 1},
                "streak_count": {"type": "integer", "minimum": 0, "maximum": c.streak_cap},
                "green_rounds": {"type": "integer", "minimum": 0, "maximum": c.draw_after_green_rounds - 1},
                "greens_played": {"type": "object", "properties": {key: {"type": "integer", "minimum": 0} for key in SEATS}, "additionalProperties": False},
                "draw_pile": {"type": "integer", "minimum": 0, "maximum": c.deck.size - 2 * c.hand_size},
                "shuffle_seed": {"type": "integer", "minimum": 0},
            },
        }  # fmt: skip

    def describe_state(self, state: State) -> dict[str, Any]:
        return {
            "track_min": self.config.track.min, "track_max": self.config.track.max,
            "position": state.position, "last_winner": state.last_winner, "streak_count": state.streak_count,
        }  # fmt: skip
ENGINE = MomentumGame

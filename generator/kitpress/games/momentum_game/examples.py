"""Momentum Game!'s worked-example start: read the start keys and stack the shared deck so that each player
holds, in turn, the card the example plays, through the reshuffles of the round flow (ruling R10).

A step names one card for each of red and blue. The deck is followed as the rules move it (both cards to
the discard pile, hands refilled first player first, the discard pile shuffled into a new draw pile when
the draw pile is empty), and a reshuffle brings up the cards the example plays next. An example that names
`shuffle_seed` leaves its reshuffles to chance instead: a shuffle with that seed decides what comes up.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from kitpress.engine import ExampleError
from kitpress.stacked_deck import StackError, stack

if TYPE_CHECKING:
    from kitpress.games.momentum_game.rules import MomentumGame, State

SEATS = ("red", "blue")


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def example_state(engine: MomentumGame, start: Mapping[str, Any], steps: list[Mapping[str, Any]]) -> State:
    from kitpress.games.momentum_game.rules import State

    c = engine.config
    position = start.get("position", c.track.start)
    if not _whole(position) or not c.track.min < position < c.track.max:
        raise ExampleError(("start", "position"), f"position must be a whole number between {c.track.min + 1} and {c.track.max - 1} (the block is not on an edge), got {position!r}")
    last = start.get("last_winner", "none")
    if last not in ("red", "blue", "none", None):
        raise ExampleError(("start", "last_winner"), f"expected red, blue or none, got {last!r}")
    last = None if last in ("none", None) else last
    count = start.get("streak_count", 1 if last else 0)
    if not _whole(count) or not 0 <= count <= c.streak_cap or (count == 0) != (last is None):
        raise ExampleError(("start", "streak_count"), f"streak count must be 1..{c.streak_cap} with a marker and 0 without, got {count!r}")
    green_rounds = start.get("green_rounds", 0)
    if not _whole(green_rounds) or not 0 <= green_rounds < c.draw_after_green_rounds:
        raise ExampleError(("start", "green_rounds"), f"expected 0..{c.draw_after_green_rounds - 1}, got {green_rounds!r}")
    greens = start.get("greens_played", {})
    if not isinstance(greens, Mapping) or set(greens) - set(SEATS) or not all(_whole(v) and v >= 0 for v in greens.values()):
        raise ExampleError(("start", "greens_played"), f"expected {{red: n, blue: n}}, each a whole number 0 or more, got {greens!r}")
    first = start.get("draws_first", "red")
    if first not in SEATS:
        raise ExampleError(("start", "draws_first"), f"expected red or blue, got {first!r}")
    seed = start.get("shuffle_seed")
    if seed is not None and (not _whole(seed) or seed < 0):
        raise ExampleError(("start", "shuffle_seed"), f"expected a whole number 0 or more, got {seed!r}")
    undealt = c.deck.size - 2 * c.hand_size
    pile = start.get("draw_pile", undealt)
    if not _whole(pile) or not 0 <= pile <= undealt:
        raise ExampleError(("start", "draw_pile"), f"expected a whole number from 0 to {undealt} (the cards not dealt), got {pile!r}")
    rounds = _rounds(engine, steps)
    me = SEATS.index(first)
    try:
        stacked = stack(engine.full_deck(), c.hand_size, rounds, (me, 1 - me), SEATS, draw_pile=pile, seeded=seed is not None)
    except StackError as exc:
        raise ExampleError(("steps", exc.step, "play", SEATS[exc.seat]), exc.message) from None
    return State(
        position=position, last_winner=last, streak_count=count, chain_doubled=False,
        hands=tuple(tuple(sorted(hand)) for hand in stacked.hands),  # type: ignore[arg-type]
        draw_pile=stacked.pile, discard=stacked.discard, green_rounds=green_rounds,
        greens_played=(greens.get("red", 0), greens.get("blue", 0)), first=me, restack=stacked.restacks,
    )  # fmt: skip


def _rounds(engine: MomentumGame, steps: list[Mapping[str, Any]]) -> list[list[list[str]] | None]:
    """Each step's two cards, checked; None for a step expecting a refusal, which plays and draws nothing."""
    known = [k.id for k in engine.config.deck.cards]
    rounds: list[list[list[str]] | None] = []
    for n, step in enumerate(steps):
        play = step.get("play")
        if not isinstance(play, Mapping):
            raise ExampleError(("steps", n, "play"), "expected a mapping of red and blue to the cards they reveal")
        extra = sorted(str(k) for k in set(play) - set(SEATS))
        if extra:
            raise ExampleError(("steps", n, "play", extra[0]), f"unknown seat {extra[0]!r}; seats are red and blue")
        cards: list[list[str]] = []
        for seat in SEATS:
            if seat not in play:
                raise ExampleError(("steps", n, "play"), f"no card given for {seat}; a step names one card for each of red and blue")
            card = play[seat]
            if not isinstance(card, str) or card not in known:
                raise ExampleError(("steps", n, "play", seat), f"expected a card id, one of: {', '.join(known)}; got {card!r}")
            cards.append([card])
        rounds.append(None if (step.get("expect") or {}).get("refused") is True else cards)
    return rounds

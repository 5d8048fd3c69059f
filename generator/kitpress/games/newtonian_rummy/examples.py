"""Worked examples for Newtonian Rummy: read the written plays and stack a deck that deals them.

An example step's `play` maps a seat ("blue-1") — or a team ("blue") when it has one player — to a
written play such as "M2 A4 F8 + FQ". Seats not named pass. A bare face rank ("Q", "K:Q") means any
card of that rank; the category of a face card changes nothing (ruling R7). A K written plainly, as the
rule book writes it, is aimed by ruling R5 at the kind the other team played; only when that team
played both a J and a Q must the example say which (K:J or K:Q).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from kitpress.engine import ExampleError
from kitpress.games.newtonian_rummy.cards import FACE_RANKS, Deck, FacePlay, Play, parse_play, problem
from kitpress.stacked_deck import Stacked, StackError, stack

Rounds = list[dict[str, Play]]


def _seat(key: object, seats: tuple[str, ...]) -> str | None:
    if key in seats:
        return str(key)
    members = [s for s in seats if s.rsplit("-", 1)[0] == key]
    return members[0] if len(members) == 1 else None


def example_plays(deck: Deck, seats: tuple[str, ...], steps: list[Mapping[str, Any]], hands: tuple[tuple[str, ...], ...] | None = None) -> Rounds:
    """Each step's plays, every card named. Bare ranks are matched against `hands` when given
    (replaying a step), else given cards of their own (building the example's start).

    A step expecting `refused: true` shows an illegal play: it is left out (all seats pass) when
    building the start, and replaying it raises the refusal.
    """
    rounds: Rounds = []
    written: list[list[tuple[str, Any, Play]]] = []
    for n, step in enumerate(steps):
        if hands is None and (step.get("expect") or {}).get("refused") is True:
            written.append([])
            continue
        play = step.get("play")
        if not isinstance(play, Mapping):
            raise ExampleError(("steps", n, "play"), "expected a mapping of seats to plays")
        row: list[tuple[str, Any, Play]] = []
        for key, text in play.items():
            seat = _seat(key, seats)
            if seat is None:
                raise ExampleError(("steps", n, "play", key), f"unknown seat {key!r}; seats are {', '.join(seats)} (a team name only when it has one player)")
            if any(seat == s for s, _, _ in row):
                raise ExampleError(("steps", n, "play", key), f"{seat} is given two plays in this step")
            try:
                parsed = parse_play(text)
            except ValueError as exc:
                raise ExampleError(("steps", n, "play", key), str(exc)) from None
            row.append((seat, key, parsed))
        written.append(row)
    written = [[(seat, key, _aimed(deck, seat, key, parsed, row, n)) for seat, key, parsed in row] for n, row in enumerate(written)]
    explicit = {f.card for row in written for _, _, p in row for f in p.faces if len(f.card) > 1}
    explicit |= {c for row in written for _, _, p in row for c in p.numbers}
    taken: set[str] = set(explicit)
    last_use: dict[str, int] = {}  # a bare rank's card → the step that last played it
    for n, row in enumerate(written):
        moves = {s: Play() for s in seats}
        for seat, key, parsed in row:
            where = ("steps", n, "play", key)
            faces = []
            for f in parsed.faces:
                if len(f.card) > 1:
                    faces.append(f)
                    continue
                if any(deck[c].rank == f.card for c in explicit if c in deck):
                    raise ExampleError(where, f"a bare {f.card} cannot share an example with a named {f.card} card; name them all")
                if hands is not None:
                    pool = list(hands[seats.index(seat)])
                else:  # a card of the rank nobody has played yet, else (back through a reshuffle) the one played longest ago
                    pool = [c for c in deck.ids if c not in taken] + sorted((c for c in taken if c in last_use), key=last_use.__getitem__)
                in_step = {g.card for g in faces} | {g.card for s, _, p in row if s != seat for g in moves[s].faces}
                card = next((c for c in pool if deck[c].rank == f.card and c not in in_step), None)
                if card is None:
                    raise ExampleError(where, f"no {f.card} card is left for {seat}")
                taken.add(card)
                last_use[card] = n
                faces.append(FacePlay(card, f.aim))
            play = Play(parsed.numbers, tuple(faces))
            why = problem(play, deck)
            if why:
                raise ExampleError(where, f"{seat} cannot play {parsed.text()}: {why}")
            moves[seat] = Play(deck.sort(play.numbers), play.faces)
        rounds.append(moves)
    return rounds


def _rank(deck: Deck, card: str) -> str:
    return card if len(card) == 1 else (deck[card].rank if card in deck else card[-1:])


def _aimed(deck: Deck, seat: str, key: object, play: Play, row: list[tuple[str, Any, Play]], n: int) -> Play:
    """The play with each plain K aimed (ruling R5): at the one kind of J or Q the other team plays in
    this step (either aim when it plays none: the K then cancels nothing)."""
    team = seat.rsplit("-", 1)[0]
    theirs = {_rank(deck, f.card) for s, _, p in row if s.rsplit("-", 1)[0] != team for f in p.faces} & {"J", "Q"}
    faces = []
    for f in play.faces:
        if _rank(deck, f.card) != "K" or f.aim:
            faces.append(f)
            continue
        if len(theirs) == 2:
            raise ExampleError(("steps", n, "play", key), f"{key}'s K faces both a J and a Q: say which it is aimed at, {f.card}:J or {f.card}:Q (ruling R5)")
        faces.append(FacePlay(f.card, next(iter(theirs), "J")))
    return Play(play.numbers, tuple(faces))


def stack_deck(deck: Deck, seats: tuple[str, ...], rounds: Rounds, rng: random.Random, reshuffle: bool, seeded: bool, draw_pile: int | None = None) -> Stacked:
    """Hands and a draw pile from which every seat holds, in turn, the cards it plays, through the
    reshuffles of §6 step 7 (ruling R20): a reshuffle brings up the cards the example plays next, unless
    `seeded` leaves it to the shuffle. Without reshuffling the deck runs out and the game ends."""
    played = {c for moves in rounds for seat in seats for c in moves[seat].cards}
    bare = {deck[c].rank for c in played if deck[c].rank in FACE_RANKS}
    order = list(deck.ids)
    rng.shuffle(order)  # the cards nobody plays, in no order of their own
    late = {c for c in deck.ids if deck[c].rank in bare}  # never dealt early: a bare rank must find its card
    plays = [[list(moves[s].cards) for s in seats] for moves in rounds]
    try:
        return stack(order, deck.config.hand_size, plays, range(len(seats)), seats, draw_pile=draw_pile, reshuffle=reshuffle, seeded=seeded, late=late)
    except StackError as exc:
        raise ExampleError(("steps", exc.step, "play"), exc.message) from None

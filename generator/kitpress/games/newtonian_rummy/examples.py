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
                pool = hands[seats.index(seat)] if hands is not None else [c for c in deck.ids if c not in taken]
                card = next((c for c in pool if deck[c].rank == f.card and c not in {g.card for g in faces}), None)
                if card is None:
                    raise ExampleError(where, f"no {f.card} card is left for {seat}")
                taken.add(card)
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


def stack_deck(deck: Deck, seats: tuple[str, ...], rounds: Rounds, rng: random.Random) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """Hands and a draw pile from which every seat holds, in turn, the cards it plays."""
    first: dict[str, tuple[int, Any]] = {}
    for n, moves in enumerate(rounds):
        for seat in seats:
            for card in moves[seat].cards:
                if card in first:
                    raise ExampleError(("steps", n, "play"), f"{card} is played twice (first in step {first[card][0] + 1}); the deck has one of each card")
                first[card] = (n, seat)
    bare = {deck[c].rank for c in first if deck[c].rank in FACE_RANKS}
    filler = [c for c in deck.ids if c not in first and deck[c].rank not in bare]
    spare = [c for c in deck.ids if c not in first and deck[c].rank in bare]  # after the filler: never dealt early
    rng.shuffle(filler)
    filler += spare
    h = deck.config.hand_size
    queue = {s: [c for moves in rounds for c in moves[s].cards] for s in seats}
    hands = {s: queue[s][:h] for s in seats}
    placed = {s: len(hands[s]) for s in seats}
    for s in seats:
        hands[s] += [filler.pop(0) for _ in range(h - len(hands[s]))]
    pile: list[str] = []
    needed = {s: 0 for s in seats}
    for n, moves in enumerate(rounds):
        for s in seats:
            needed[s] += len(moves[s].cards)
            if needed[s] > placed[s]:
                raise ExampleError(("steps", n, "play"), f"{s} cannot hold these cards yet: a hand has {h} cards and refills only what was played")
        for s in seats:  # refill in seat order, as the engine draws
            for _ in moves[s].cards:
                if placed[s] < len(queue[s]):
                    pile.append(queue[s][placed[s]])
                    placed[s] += 1
                elif filler:
                    pile.append(filler.pop(0))
                else:
                    raise ExampleError(("steps", n), "the example is longer than one pass through the deck")
    pile += filler
    return tuple(deck.sort(hands[s]) for s in seats), tuple(pile)

"""A shared deck stacked for a worked example: hands and a draw pile from which every seat holds, in turn,
the cards the example plays, through the game's reshuffles too.

The deck is followed round by round as the rules move it: the plays go to the discard pile, the hands are
refilled in the game's drawing order, and when a hand must be refilled from an empty draw pile the discard
pile becomes the new draw pile. No card is named before it must be: a card in a hand stays unnamed until
its seat plays it, and is then named from what it can be, one of the cards of the first deck not yet
named, or one of the discards a reshuffle brought back. Whatever is still unnamed at the end is filled in
from what is left. So an example says which cards a reshuffle brings up by playing them, and only a play
that no order of the cards can give is refused, at its step.

The result is plain data: the hands, the draw pile, the discard pile and, for each reshuffle, the order of
the new draw pile. A game's state carries those orders and its reshuffle uses them (`reshuffled`): the
rules stay pure, nothing but the state and the RNG decides a shuffle.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass

FIRST = -1  # the pile a card's name comes from: the first deck, else the k-th reshuffle (0, 1, …)
SEARCH_LIMIT = 20_000  # steps back before the search gives up (a written example needs a handful)


@dataclass(eq=False)
class _Card:
    origin: int  # the pile its name comes from (a card discarded before the start is of the first deck)
    seat: int = -1  # the seat that draws it (-1: none does)
    arrival: int = -1  # the step after which it is drawn (-1: dealt at the start)
    name: str | None = None


@dataclass(frozen=True)
class Stacked:
    hands: tuple[tuple[str, ...], ...]  # per seat
    pile: tuple[str, ...]  # top card first
    discard: tuple[str, ...]  # the discard pile at the start
    restacks: tuple[tuple[str, ...], ...]  # each reshuffle's new draw pile, top card first
    # The step after which the cards could no longer be followed: the deck ran out (the game ends), or a
    # reshuffle is left to chance (a seeded shuffle); None when every step was followed.
    stopped_after: int | None = None


class StackError(ValueError):
    """A play no order of the deck can give: `step` and `seat` are indices into the rounds given."""

    def __init__(self, step: int, seat: int, message: str) -> None:
        super().__init__(message)
        self.step = step
        self.seat = seat
        self.message = message


# A play: (seat, step, card), in the order made; a step's cards are played before its draws.
_Play = tuple[int, int, str]
# Where a play's card comes from: (the pile it is drawn from, whether its name is one of the first deck's
# that lay in the discard pile at the start rather than one played since).
_Source = tuple[int, bool]


def stack(
    deck: Sequence[str],
    hand_size: int,
    rounds: Sequence[Sequence[Sequence[str]] | None],
    draw_order: Sequence[int],
    seat_names: Sequence[str],
    *,
    draw_pile: int | None = None,
    reshuffle: bool = True,
    seeded: bool = False,
    late: Collection[str] = (),
) -> Stacked:
    """Stack `deck` (every card once; the order unnamed cards are filled in) so that each seat holds the
    cards `rounds[k][seat]` names when it plays them in step k (None: a step that plays nothing, such as
    a refused one). Hands are refilled in `draw_order` after every step. `draw_pile`: cards in the draw
    pile at the start, the rest of those not dealt lying in the discard pile (None: all of them).
    `reshuffle`: an empty draw pile is made again from the discards, else the deck runs out and the game
    ends. `seeded`: reshuffles are left to the shuffle, so the stacking stops at the first. Cards in `late`
    are filled in last, so they are dealt only when nothing else is left (a bare rank an example plays must
    find the very card it was given).

    The cards' flow does not depend on their names: how many each seat draws, and from which pile, follows
    from how many it plays, and what a reshuffle brings back is what was discarded since the last one. So
    the flow is followed first; then each play is given the pile its card comes from, searching back where
    a choice leaves a later play without its card."""
    seats = len(seat_names)
    rest = len(deck) - seats * hand_size
    if rest < 0:
        raise StackError(0, 0, f"{seats} hands of {hand_size} need more than the {len(deck)} cards of the deck")
    in_pile = rest if draw_pile is None else draw_pile
    hands = [[_Card(FIRST, i) for _ in range(hand_size)] for i in range(seats)]
    pile = [_Card(FIRST) for _ in range(in_pile)]
    thrown = [_Card(FIRST) for _ in range(rest - in_pile)]  # the discard pile at the start
    first = [card for hand in hands for card in hand] + pile + thrown
    start_hands, start_pile = [list(hand) for hand in hands], list(pile)
    piles: list[list[_Card]] = []  # each reshuffle's draw pile
    bags: list[Counter[str]] = []  # the cards played since the last reshuffle, that it brings back
    unknown: list[int] = []  # and how many of the cards it brings back lay in the discard pile at the start
    plays: list[_Play] = []
    held = [hand_size] * seats
    discard: list[str | None] = [None] * len(thrown)
    stopped: int | None = None
    for k, step in enumerate(rounds):
        if step is None:
            continue
        for i, cards in enumerate(step):
            if len(cards) > hand_size:
                raise StackError(k, i, f"{seat_names[i]} plays {len(cards)} cards, but a hand holds {hand_size}")
            plays += [(i, k, name) for name in cards]
            held[i] -= len(cards)
            discard += cards
        for i in draw_order:
            while held[i] < hand_size and stopped is None:
                if not pile:
                    if not reshuffle or not discard or seeded:
                        stopped = k  # the deck runs out, or the shuffle decides from here
                        break
                    bags.append(Counter(name for name in discard if name is not None))
                    unknown.append(discard.count(None))
                    pile = [_Card(len(piles)) for _ in discard]
                    piles.append(list(pile))
                    discard = []
                card = pile.pop(0)
                card.seat, card.arrival = i, k
                held[i] += 1
        if stopped is not None:
            break
    slots: dict[tuple[int, int], list[_Card]] = {}  # (seat, pile) → the cards it draws from it, in order
    for card in first + [c for cards in piles for c in cards]:
        if card.seat >= 0:
            slots.setdefault((card.seat, card.origin), []).append(card)
    sources = _search(plays, Counter(deck), bags, unknown, slots, seat_names, piles)
    _name(plays, sources, slots, list(deck), bags, unknown, first, thrown, piles, late)
    return Stacked(
        hands=tuple(tuple(str(c.name) for c in hand) for hand in start_hands),
        pile=tuple(str(c.name) for c in start_pile),
        discard=tuple(str(c.name) for c in thrown),
        restacks=tuple(tuple(str(c.name) for c in cards) for cards in piles),
        stopped_after=stopped,
    )


def _search(
    plays: list[_Play], deck: Counter[str], bags: list[Counter[str]], unknown: list[int],
    slots: dict[tuple[int, int], list[_Card]], seat_names: Sequence[str], piles: list[list[_Card]],
) -> list[_Source]:  # fmt: skip
    """For each play, where its card comes from: a pile of which its seat then holds a card not yet
    played, and that still has such a card to give (a card played since the last reshuffle, or one that
    lay in the discard pile at the start and is then one of the first deck's)."""
    left = {FIRST: Counter(deck), **{k: Counter(bag) for k, bag in enumerate(bags)}}
    hidden = dict(enumerate(unknown))  # cards of unknown name a reshuffled pile still has
    used: Counter[tuple[int, int]] = Counter()
    arrivals = {key: [c.arrival for c in cards] for key, cards in slots.items()}  # in the order drawn

    def options(j: int) -> list[_Source]:
        """Where play j's card can come from now; where most such cards are left first, so the scarce
        ones stay for the other plays."""
        seat, step, name = plays[j]
        found: list[tuple[int, _Source]] = []
        for origin in left:
            if used[(seat, origin)] >= bisect_left(arrivals.get((seat, origin), []), step):
                continue
            if left[origin][name] > 0:
                found.append((left[origin][name], (origin, False)))
            if origin != FIRST and hidden[origin] > 0 and left[FIRST][name] > 0:
                found.append((min(hidden[origin], left[FIRST][name]), (origin, True)))
        return [source for _, source in sorted(found, key=lambda f: (-f[0], f[1]))]

    def take(j: int, source: _Source, n: int) -> None:
        origin, was_thrown = source
        left[FIRST if was_thrown else origin][plays[j][2]] -= n
        if was_thrown:
            hidden[origin] -= n
        used[(plays[j][0], origin)] += n

    chosen: list[_Source | None] = [None] * len(plays)
    tried: list[list[_Source] | None] = [None] * len(plays)
    j = deepest = back = 0
    while 0 <= j < len(plays):
        if tried[j] is None:
            tried[j] = options(j)
        elif (source := chosen[j]) is not None:
            take(j, source, -1)
            chosen[j] = None
        pending = tried[j]
        assert pending is not None
        if pending and back <= SEARCH_LIMIT:
            chosen[j] = pending.pop(0)
            take(j, chosen[j], 1)  # type: ignore[arg-type]
            j += 1
            deepest = max(deepest, j)
        else:
            tried[j] = None
            j -= 1
            back += 1
    if j < len(plays):
        seat, step, name = plays[min(deepest, len(plays) - 1)]
        raise StackError(step, seat, _why(name, seat_names[seat], plays[:deepest], deck, piles, step))
    return [source for source in chosen if source is not None]


def _name(
    plays: list[_Play], sources: list[_Source], slots: dict[tuple[int, int], list[_Card]], deck: list[str],
    bags: list[Counter[str]], unknown: list[int], first: list[_Card], thrown: list[_Card],
    piles: list[list[_Card]], late: Collection[str],
) -> None:  # fmt: skip
    """Name every card: each play's the card its seat drew first from its pile and has not yet played;
    then the rest from what each pile has left, the late ones last (and into the discard pile first,
    where no hand holds them)."""
    taken: Counter[tuple[int, int]] = Counter()
    from_first: Counter[str] = Counter()  # names plays took from the first deck's
    from_bag = [Counter[str]() for _ in piles]  # names plays took from each reshuffle's played cards
    thrown_named: list[str] = []  # names plays gave cards that lay in the discard pile at the start
    for (seat, _, name), (origin, was_thrown) in zip(plays, sources, strict=True):
        slots[(seat, origin)][taken[(seat, origin)]].name = name
        taken[(seat, origin)] += 1
        if origin == FIRST or was_thrown:
            from_first[name] += 1
        if was_thrown:
            thrown_named.append(name)
        elif origin != FIRST:
            from_bag[origin][name] += 1
    spare = _ordered(_minus(deck, from_first), late)
    cut = len(spare) - (len(thrown) - len(thrown_named))  # the late end goes to the discard pile
    thrown_rest = spare[cut:]
    for card, name in zip(thrown, thrown_named + thrown_rest, strict=True):
        card.name = name
    _fill([c for c in first if c.name is None], spare[:cut])
    for k, cards in enumerate(piles):
        back = thrown_rest[: unknown[k] - sum(1 for (_, _, _), (o, w) in zip(plays, sources, strict=True) if w and o == k)]
        thrown_rest = thrown_rest[len(back) :]
        _fill(cards, _ordered(_minus(list(bags[k].elements()), from_bag[k]) + back, late))


def _minus(names: list[str], taken: Counter[str]) -> list[str]:
    """`names` without the ones `taken`, in order."""
    taken = Counter(taken)
    out = []
    for name in names:
        if taken[name] > 0:
            taken[name] -= 1
        else:
            out.append(name)
    return out


def _ordered(names: list[str], late: Collection[str]) -> list[str]:
    return [n for n in names if n not in late] + [n for n in names if n in late]


def _fill(cards: list[_Card], names: list[str]) -> None:
    """Name the cards still unnamed from the names left, in order."""
    unnamed = [card for card in cards if card.name is None]
    assert len(unnamed) == len(names), "every card is named once"
    for card, name in zip(unnamed, names, strict=True):
        card.name = name


def _why(name: str, seat: str, before: list[_Play], deck: Counter[str], piles: list[list[_Card]], step: int) -> str:
    """Why no order of the deck gives `seat` the card `name` in `step`, from where its copies are."""
    copies = deck[name]
    made = [min((c.arrival for c in cards if c.seat >= 0), default=-1) for cards in piles]  # each reshuffle's step
    since = max((k for k in made if k < step), default=-1)
    waiting = sum(1 for _, k, n in before if n == name and k > since)
    earlier = [k for _, k, n in before if n == name]
    if copies == 0:
        return f"the deck has no {name}"
    if copies == 1 and earlier and earlier[-1] == step:
        return f"{name} is played twice in this step; the deck has one"
    if copies == 1 and waiting:
        return (f"{name} is played twice (first in step {earlier[0] + 1}); the deck has one, and it stays in"
                " the discard pile until the draw pile runs out and the discard pile is shuffled")  # fmt: skip
    one = copies == 1
    if waiting == copies:
        return f"{seat} cannot hold {name} here: {'the one' if one else f'all {copies}'} in the deck {'lies' if one else 'lie'} in the discard pile until the draw pile runs out"
    if waiting:
        lie = "lies" if waiting == 1 else "lie"
        return (f"{seat} cannot hold {name} here: of the {copies} in the deck, {waiting} {lie} in the discard pile"
                " until the draw pile runs out, and the rest are played or held elsewhere by then")  # fmt: skip
    return f"{seat} cannot hold {name} here: {'the one' if one else f'all {copies}'} in the deck {'is' if one else 'are'} held elsewhere or further down the draw pile by then"


def reshuffled(pile: list[str], restack: tuple[tuple[str, ...], ...], rng: random.Random) -> tuple[list[str], tuple[tuple[str, ...], ...]]:
    """The discards shuffled into a new draw pile, and the stacked orders still to come: a worked
    example's next stacked order when it holds these very cards, else the RNG's shuffle."""
    if restack:
        stacked, restack = restack[0], restack[1:]
        if Counter(stacked) == Counter(pile):
            return list(stacked), restack
    rng.shuffle(pile)
    return pile, restack

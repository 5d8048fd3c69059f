"""Newtonian Rummy with random agents, fast: the reference engine's §7–§8 on card numbers.

Cards are numbered in deck order, so a sorted hand is the engine's hand. A random agent's play is one
index into the engine's list of legal plays, and whether a play is legal depends only on its number
cards, so that list is (number-card choices) × (face-card choices) in the engine's order. What the list
looks like depends only on the hand's make-up: how many number cards of each category it holds, and
which face cards. Each hand carries that make-up packed in one integer (its *pack*, kept up to date as
cards come and go), and a table turns a pack into the list's length, where each single card and each
well-formed trio sits in the hand, and the face-card choices; only the chosen play is spelt out. A hand
is refilled as soon as its player has chosen, while the pile lasts (see the loop). tests/test_simulate.py
plays both paths on the same seeds and requires identical games.

Cost (bench/simulate_instructions.py, 4 players, tables warm): ~550,000 machine instructions a game
with the sweep's seeding (~35,000 of them), ~870,000 before packs, trio positions and early refills;
the 52-card shuffle alone is ~50,000 (51 swaps and ~70 draws, as the engine draws them). About 40% is
the interpreter's own loop; the rest is spread over many small C calls (list pops and inserts, draws,
tuple handling), so no single change here buys more than a few per cent.
"""

from __future__ import annotations

import itertools
import random
from bisect import insort
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from kitpress.games.newtonian_rummy.cards import FacePlay, Play
from kitpress.simulate.agents import RandomAgent
from kitpress.simulate.draws import exact, shuffle_with
from kitpress.simulate.play import GameRecord, play_game

ROLES = ("mass", "acceleration", "force", "none")
MASS, ACC, FORCE, NONE = range(4)
FIELD = 4  # bits per category count in a pack: a hand holds at most 10 cards
BLUE, RED = 0, 1  # the engine's TEAMS order
AIMS = ("J", "Q")
J, Q, K_ON_J, K_ON_Q = range(4)  # what a face card played does: a J, a Q, a K aimed at a J or at a Q
Faces = tuple[tuple[int, str | None], ...]
Choice = tuple[tuple[int, str | None, int], ...]  # face cards played together: (card, a K's aim, what it does)
Entry = tuple[int, int, list[tuple[int, int]], int, list[int], list[tuple[int, int, int]], list[Choice]]


def leader_table(engine: Any) -> list[list[list[int]]]:
    """engine.heuristic's leader (BLUE, RED, -1: level) at [direction + 1][min(streak, 2)][pos + edge],
    direction -1 for no momentum. Red's value is exactly the negative of blue's (IEEE negation is
    exact), so the sign of blue's names the leader."""
    edge, blue_sign = engine.config.track.edge, engine.sign("blue")

    def lead_of(pos: int, direction: int, streak: int) -> int:
        lean = 0 if direction < 0 else (1 if direction == BLUE else -1)
        score = 0.9 * blue_sign * pos / edge + 0.05 * lean * min(streak, 2)
        return BLUE if score > 0 else RED if score < 0 else -1

    return [[[lead_of(p, d, s) for p in range(-edge, edge + 1)] for s in range(3)] for d in (-1, BLUE, RED)]


def build(engine: Any, players: int | None, max_turns: int) -> Callable[..., GameRecord] | None:
    c = engine.config
    deck = engine.deck
    ids = list(deck.ids)
    cards = [deck[i] for i in ids]
    categories = [cat.id for cat in c.categories]
    value = [card.value or 0 for card in cards]
    is_face = [card.value is None for card in cards]
    role = [-1 if is_face[x] else ROLES.index(card.role) for x, card in enumerate(cards)]
    is_k = [card.effect == "equilibrium" for card in cards]
    face_cards = [x for x in range(len(ids)) if is_face[x]]
    category = [categories.index(card.category) for card in cards]
    cat_role = [ROLES.index(cat.role) for cat in c.categories]
    # a hand's pack: its number cards counted by category (FIELD bits each), then one bit per face card
    faces_at = FIELD * len(categories)
    pack_of = [1 << (faces_at + face_cards.index(x)) if is_face[x] else 1 << (FIELD * category[x]) for x in range(len(ids))]
    wildcat = [card.category == c.wild_category for card in cards]
    seats = engine.seats(players)
    team = [BLUE if s.rsplit("-", 1)[0] == "blue" else RED for s in seats]
    sign = [engine.sign("blue"), engine.sign("red")]
    names = ("blue", "red")
    n, h, edge = len(seats), c.hand_size, c.track.edge
    lo, hi = c.numbers.low, c.numbers.high
    impulse = Fraction(str(c.impulse_factor))
    ip, iq = impulse.numerator, impulse.denominator
    fdiv, pdiv, stack, cap = c.friction_divisor, c.partial_divisor, c.stack_limit, c.bonus_cap
    lone, wild, fpp, reshuffle = c.lone_card_play, c.wild_melds, c.faces_per_player, c.reshuffle
    stalemate = c.stalemate.ties if c.stalemate.enabled else 0
    trio_ok = {
        r for r in itertools.product(range(4), repeat=3)
        if sorted(r) == [MASS, ACC, FORCE] or (wild and r.count(NONE) == 1 and len(set(r) - {NONE}) == 2)
    }  # fmt: skip
    partial = [value[x] // pdiv if role[x] == FORCE else 0 for x in range(len(ids))]  # a card alone: its force
    is_partial = [int(role[x] == FORCE) for x in range(len(ids))]  # a card alone: a partial play (1) or not
    melds: dict[tuple[int, ...], tuple[int, int]] = {}  # worth of a trio of card numbers, filled as met

    def meld_worth(trio: tuple[int, ...]) -> tuple[int, int]:
        """(force, 1) for a valid meld, (0, 0) otherwise — as cards.worth."""
        by, seen = [0, 0, 0, 0], [False] * 4
        for x in trio:
            by[role[x]] = value[x]
            seen[role[x]] = True
        if any(wildcat[x] for x in trio):
            missing = next(r for r in (MASS, ACC, FORCE) if not seen[r])
            if missing == FORCE:
                stand: int | None = by[MASS] * by[ACC]
            else:
                known = by[ACC if missing == MASS else MASS]
                stand = by[FORCE] // known if by[FORCE] % known == 0 else None
            if stand is None or not lo <= stand <= hi:
                return 0, 0
            by[missing] = stand
        return (by[FORCE], 1) if by[MASS] * by[ACC] == by[FORCE] else (0, 0)

    def describe(pack: int) -> Entry:
        """The engine's list of legal plays (legal_plays) for a hand of this pack: (number cards) ×
        (face cards), where the number choices are a pass, each card that may go alone, each
        well-formed trio; and the face choices none, then 1..faces_per_player face cards in hand
        order, a K once per aim."""
        counts = [pack >> (FIELD * k) & (1 << FIELD) - 1 for k in range(len(categories))]
        held = [x for b, x in enumerate(face_cards) if pack >> (faces_at + b) & 1]
        # the sorted hand holds, category by category, its number cards and then its face cards
        single_at, number_at, at = [], [], 0
        for k in range(len(categories)):
            if lone or cat_role[k] == FORCE:
                single_at += range(at, at + counts[k])
            number_at += [(at + m, cat_role[k]) for m in range(counts[k])]
            at += counts[k] + sum(category[x] == k for x in held)
        # the engine's trios: combinations of the number cards in hand order, the well-formed ones
        trio_at = [(a, b, c) for (a, ra), (b, rb), (c, rc) in itertools.combinations(number_at, 3) if (ra, rb, rc) in trio_ok]
        choices: list[Choice] = [()]
        for size in range(1, fpp + 1):
            for combo in itertools.combinations(held, size):
                for aims in itertools.product(*[AIMS if is_k[x] else (None,) for x in combo]):
                    does = [(K_ON_J if a == "J" else K_ON_Q) if is_k[x] else AIMS.index(cards[x].rank) for x, a in zip(combo, aims, strict=True)]
                    choices.append(tuple(zip(combo, aims, does, strict=True)))
        options = (1 + len(single_at) + len(trio_at)) * len(choices)
        split = [divmod(r, len(choices)) for r in range(options)]  # play r: (number choice, face choice)
        return options, options.bit_length(), split, len(single_at), single_at, trio_at, choices

    # pack → (legal plays, bits to draw below that, each play as (number choice, face choice), single-
    # card plays, where each single card sits in the hand, where the cards of each well-formed trio
    # sit, the face choices). An entry is made the first time a hand of that make-up is met: it is a
    # function of the rules and the hand's make-up alone, never of a game's course.
    table: dict[int, Entry] = {}

    leader = leader_table(engine)
    order0 = list(range(len(ids)))
    seat_team = list(enumerate(team))
    reference = RandomAgent()

    def side_of_zero(pos: int) -> tuple[str, ...]:
        return () if pos == 0 else ((names[BLUE],) if sign[BLUE] * pos > 0 else (names[RED],))

    def play(rng: random.Random, index: int, trace: Callable[[dict[str, Any]], None] | None = None) -> GameRecord:
        if not exact(rng):  # a generator that draws otherwise: the reference engine plays the same game
            return play_game(engine, reference, rng, index, max_turns, players, trace)
        getrandbits = rng.getrandbits
        order = order0[:]
        shuffle_with(getrandbits, order)  # rng.shuffle(order)
        hands = [sorted(order[i * h : (i + 1) * h]) for i in range(n)]
        packs = [sum(map(pack_of.__getitem__, hand)) for hand in hands]
        seat_hands = list(enumerate(hands))
        pile = order[n * h :]
        pile.reverse()  # drawn from the end
        discard: list[int] = []
        pos, direction, streak, ties = 0, -1, 0, 0  # direction -1: no momentum
        result: tuple[str, ...] | None = None
        # lead figures as play.lead_figures counts them, kept as the game goes (-1: level)
        changes, last = 0, -1  # lead changes; the last side ahead
        run_who, run = -1, 0  # the latest run of rounds with the same side ahead (or level)
        turns = meld_count = partial_count = 0
        while turns < max_turns:
            blue = red = 0  # the teams' base forces, then their totals
            live = [0, 0, 0, 0]  # J and Q played: live[2 * team + J or Q]
            ks: list[tuple[int, int]] = []  # K played: (team, aim: J or Q), in seat order
            shown: list[tuple[tuple[int, ...], Faces]] = []  # for trace only
            # Each hand is refilled as soon as its player has chosen, while the draw pile holds enough:
            # the hands draw in seat order from the same pile, and no choice depends on another hand, so
            # the hands are as the engine refills them after the round (ruling R13). Once the pile runs
            # short, the rest wait for the end of the round, where the discards are reshuffled.
            waiting = False
            for i, t in seat_team:
                pack = packs[i]
                try:
                    options, bits, split, singles, single_at, trio_at, choices = table[pack]
                except KeyError:
                    options, bits, split, singles, single_at, trio_at, choices = table[pack] = describe(pack)
                r = getrandbits(bits)  # rng.choice(legal plays), as draws.below_with
                while r >= options:
                    r = getrandbits(bits)
                if not r:  # the first play: a pass
                    if trace:
                        shown.append(((), ()))
                    continue
                q, j = split[r]  # play r is number choice q with face choice j
                hand = hands[i]
                numbers: tuple[int, ...] = ()  # the number cards played (for a meld, or a trace)
                if not q:
                    pass
                elif q <= singles:
                    x = hand.pop(single_at[q - 1])
                    pack -= pack_of[x]
                    if trace:
                        numbers = (x,)
                    discard.append(x)
                    partial_count += is_partial[x]
                    if t:
                        red += partial[x]
                    else:
                        blue += partial[x]
                else:  # a meld: the (q - singles)-th well-formed trio
                    a, b, c = trio_at[q - 1 - singles]
                    numbers = (hand[a], hand[b], hand[c])
                    del hand[c], hand[b], hand[a]
                    discard += numbers
                    pack -= pack_of[numbers[0]] + pack_of[numbers[1]] + pack_of[numbers[2]]
                    if numbers not in melds:
                        melds[numbers] = meld_worth(numbers)
                    force, kind = melds[numbers]
                    meld_count += kind
                    if t:
                        red += force
                    else:
                        blue += force
                if j:  # face cards go to the discard pile after number cards
                    for x, _, does in choices[j]:
                        hand.remove(x)
                        discard.append(x)
                        pack -= pack_of[x]
                        if does <= Q:
                            live[2 * t + does] += 1
                        else:
                            ks.append((t, does - K_ON_J))
                if waiting or len(pile) < h - len(hand):
                    waiting = True
                else:
                    while len(hand) < h:
                        x = pile.pop()
                        insort(hand, x)
                        pack += pack_of[x]
                packs[i] = pack
                if trace:
                    shown.append((numbers, tuple((x, a) for x, a, _ in choices[j])))
            if trace:
                trace({s: Play(tuple(ids[x] for x in p[0]), tuple(FacePlay(ids[x], a) for x, a in p[1])) for s, p in zip(seats, shown, strict=True)})
            turns += 1
            # §7 steps 1, 2, 4 and 5: each K cancels a J or Q of the other team (its aim first; only
            # how many of each survive matters), Q marks the other team, J multiplies its own total
            for t, aim in ks:
                other = 2 - 2 * t
                if live[other + aim]:
                    live[other + aim] -= 1
                elif live[other + 1 - aim]:
                    live[other + 1 - aim] -= 1
            j_blue, q_blue, j_red, q_red = live
            on_blue, on_red = (q_red if q_red < stack else stack), (q_blue if q_blue < stack else stack)  # Friction
            if j_blue:
                for _ in range(min(j_blue, stack)):
                    blue = -((-blue * ip) // iq)  # × the impulse factor, rounded up
            if j_red:
                for _ in range(min(j_red, stack)):
                    red = -((-red * ip) // iq)
            if on_blue:
                for _ in range(on_blue):
                    blue //= fdiv
                if direction == BLUE:
                    direction, streak = -1, 0
            if on_red:
                for _ in range(on_red):
                    red //= fdiv
                if direction == RED:
                    direction, streak = -1, 0
            # §7 step 6 and §8
            if blue == red:
                direction, streak, ties = -1, 0, ties + 1
                if stalemate and ties >= stalemate:
                    result = ()
            else:
                won = BLUE if blue > red else RED
                if on_red if won else on_blue:  # ruling R2: a winner hit by Friction builds no momentum
                    direction, streak, bonus = -1, 0, 0
                else:
                    streak = streak + 1 if direction == won else 1
                    direction = won
                    bonus = max(0, streak - 1 if cap is None else min(streak - 1, cap))
                target = pos + sign[won] * (abs(blue - red) + bonus)
                pos = sign[won] * edge if abs(target) >= edge else target
                ties = 0
                if pos == sign[won] * edge:
                    result = (names[won],)
            if waiting and result is None:  # refill the hands still short, in seat order
                for i, hand in seat_hands:
                    while len(hand) < h:
                        if not pile:
                            if not (discard and reshuffle):
                                result = side_of_zero(pos)  # deck out
                                break
                            pile, discard = discard, []
                            shuffle_with(getrandbits, pile)  # rng.shuffle(pile)
                            pile.reverse()
                        x = pile.pop()
                        insort(hand, x)
                        packs[i] += pack_of[x]
            # the side ahead: the winner once the game is over (engine.heuristic), else by the table
            if result is None:
                who = leader[direction + 1][2 if streak > 2 else streak][pos + edge]
            else:
                who = names.index(result[0]) if result else -1
            if who == run_who:
                run += 1
            else:
                run_who, run = who, 1
                if who >= 0:
                    changes += last >= 0 and who != last
                    last = who
            if result is not None:
                break
        completed = result is not None
        winners = result if result is not None else side_of_zero(pos)
        held = None if len(winners) != 1 else run if run_who == names.index(winners[0]) else 0  # the single winner ahead to the end
        return GameRecord(index, completed, winners, turns, True, changes, held, (("melds", meld_count), ("partials", partial_count)))

    return play

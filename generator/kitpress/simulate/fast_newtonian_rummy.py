"""Newtonian Rummy with random agents, fast: the reference engine's §7–§8 on card numbers.

Cards are numbered in deck order, so a sorted hand is the engine's hand. A random agent's play is one
index into the engine's list of legal plays: whether a play is legal depends only on its number cards,
so that list is (legal number-card choices) × (face-card choices) in the engine's order. Its length
comes from counting the hand's cards by role; only the chosen play is spelt out. tests/test_simulate.py
plays both paths on the same seeds and requires identical games.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from fractions import Fraction
from itertools import combinations, islice
from typing import Any

from kitpress.games.newtonian_rummy_cards import FacePlay, Play
from kitpress.simulate.draws import tools
from kitpress.simulate.play import GameRecord

ROLES = ("mass", "acceleration", "force", "none")
MASS, ACC, FORCE, NONE, FACE = range(5)
BLUE, RED = 0, 1  # the engine's TEAMS order
Faces = tuple[tuple[int, str | None], ...]


def build(engine: Any, players: int | None, max_turns: int) -> Callable[..., GameRecord] | None:
    c = engine.config
    deck = engine.deck
    ids = list(deck.ids)
    cards = [deck[i] for i in ids]
    value = [card.value or 0 for card in cards]
    role = [FACE if card.value is None else ROLES.index(card.role) for card in cards]
    packed_of = [1 << (6 * r) for r in role].__getitem__  # a hand's role counts, six bits each, by summing
    wildcat = [card.category == c.wild_category for card in cards]
    rank = [card.rank for card in cards]
    is_k = [card.effect == "equilibrium" for card in cards]
    seats = engine.seats(players)
    team = [BLUE if s.rsplit("-", 1)[0] == "blue" else RED for s in seats]
    sign = [engine.sign("blue"), engine.sign("red")]
    names = ("blue", "red")
    members = [[i for i in range(len(seats)) if team[i] == t] for t in (BLUE, RED)]
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
    partial = [(value[x] // pdiv, 2) if role[x] == FORCE else (0, 0) for x in range(len(ids))]
    melds: dict[tuple[int, ...], tuple[int, int]] = {}
    face_sets: dict[tuple[int, ...], list[Faces]] = {}

    def meld_worth(trio: tuple[int, ...]) -> tuple[int, int]:
        """(force, 1) for a valid meld, (0, 0) otherwise — as games.newtonian_rummy_cards.worth."""
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

    def sets_for(faces: tuple[int, ...]) -> list[Faces]:
        found: list[Faces] = [()]
        for k in range(1, fpp + 1):
            for combo in itertools.combinations(faces, k):
                aims = [("J", "Q") if is_k[x] else (None,) for x in combo]
                found += [tuple(zip(combo, chosen, strict=True)) for chosen in itertools.product(*aims)]
        return found

    def lead(pos: int, direction: int | None, streak: int) -> int:
        # engine.heuristic: red's value is exactly the negative of blue's, so blue's sign names the leader
        lean = 0 if direction is None else (1 if direction == BLUE else -1)
        score = 0.9 * sign[BLUE] * pos / edge + 0.05 * lean * min(streak, 2)
        return BLUE if score > 0 else RED if score < 0 else -1

    def side_of_zero(pos: int) -> tuple[str, ...]:
        return () if pos == 0 else ((names[BLUE],) if sign[BLUE] * pos > 0 else (names[RED],))

    def play(rng: random.Random, index: int, trace: Callable[[dict[str, Any]], None] | None = None) -> GameRecord:
        shuffle, below = tools(rng)
        order = list(range(len(ids)))
        shuffle(order)
        hands = [sorted(order[i * h : (i + 1) * h]) for i in range(n)]
        pile = order[n * h :]
        pile.reverse()  # drawn from the end
        discard: list[int] = []
        pos, direction, streak, ties = 0, None, 0, 0
        result: tuple[str, ...] | None = None
        leaders = [lead(pos, direction, streak)]
        turns = meld_count = partial_count = 0
        while turns < max_turns:
            chosen: list[tuple[tuple[int, ...], Faces]] = []
            total = [0, 0]
            any_faces = False
            for i in range(n):
                hand = hands[i]
                counts = sum(map(packed_of, hand))
                cm, ca, cf, cv = counts & 63, counts >> 6 & 63, counts >> 12 & 63, counts >> 18 & 63
                singles = cm + ca + cf + cv if lone else cf
                trios = cm * ca * cf + (cv * (cm * ca + cm * cf + ca * cf) if wild else 0)
                if counts >> 24:
                    faces = tuple(x for x in hand if role[x] == FACE)
                    sets = face_sets.get(faces) or face_sets.setdefault(faces, sets_for(faces))
                    q, j = divmod(below((1 + singles + trios) * len(sets)), len(sets))
                    fs = sets[j]
                    any_faces = any_faces or j > 0
                else:
                    q, fs = below(1 + singles + trios), ()
                nums: tuple[int, ...] = ()
                if q:
                    numbers = [x for x in hand if role[x] != FACE]
                    if q <= singles:
                        nums = ((numbers if lone else [x for x in numbers if role[x] == FORCE])[q - 1],)
                        force, kind = partial[nums[0]]
                    else:
                        valid = (t for t in combinations(numbers, 3) if (role[t[0]], role[t[1]], role[t[2]]) in trio_ok)
                        nums = next(islice(valid, q - 1 - singles, None))
                        if nums not in melds:
                            melds[nums] = meld_worth(nums)
                        force, kind = melds[nums]
                    total[team[i]] += force
                    if kind == 1:
                        meld_count += 1
                    elif kind == 2:
                        partial_count += 1
                chosen.append((nums, fs))
            if trace:
                trace({s: Play(tuple(ids[x] for x in p[0]), tuple(FacePlay(ids[x], a) for x, a in p[1])) for s, p in zip(seats, chosen, strict=True)})
            turns += 1
            friction = [0, 0]
            if any_faces:  # §7 steps 1, 2 and 4: K cancels, Q marks, J multiplies
                live: list[list[int]] = [[], []]
                ks: list[list[str | None]] = [[], []]
                for t in (BLUE, RED):
                    for i in members[t]:
                        for x, aim in chosen[i][1]:
                            if is_k[x]:
                                ks[t].append(aim)
                            else:
                                live[t].append(x)
                for t in (BLUE, RED):
                    pool = live[1 - t]
                    for aim in ks[t]:
                        if pool:
                            pool.remove(next((x for x in pool if rank[x] == aim), pool[0]))
                for t in (BLUE, RED):
                    friction[t] = min(sum(rank[x] == "Q" for x in live[1 - t]), stack)
                    for _ in range(min(sum(rank[x] == "J" for x in live[t]), stack)):
                        total[t] = -((-total[t] * ip) // iq)
                for t in (BLUE, RED):
                    if friction[t]:
                        for _ in range(friction[t]):
                            total[t] //= fdiv
                        if direction == t:
                            direction, streak = None, 0
            blue, red = total
            if blue == red:
                direction, streak, ties = None, 0, ties + 1
                if stalemate and ties >= stalemate:
                    result = ()
            else:
                won = BLUE if blue > red else RED
                if friction[won]:
                    direction, streak, bonus = None, 0, 0
                else:
                    streak = streak + 1 if direction == won else 1
                    direction = won
                    bonus = max(0, streak - 1 if cap is None else min(streak - 1, cap))
                target = pos + sign[won] * (abs(blue - red) + bonus)
                pos = sign[won] * edge if abs(target) >= edge else target
                ties = 0
                if pos == sign[won] * edge:
                    result = (names[won],)
            for hand, (nums, fs) in zip(hands, chosen, strict=True):
                for x in nums:
                    hand.remove(x)
                    discard.append(x)
                for x, _ in fs:
                    hand.remove(x)
                    discard.append(x)
            if result is None:
                short = False
                for hand in hands:
                    while len(hand) < h:
                        if not pile and discard and reshuffle:
                            pile, discard = discard, []
                            shuffle(pile)
                            pile.reverse()
                        if not pile:
                            short = True
                            break
                        hand.append(pile.pop())
                    hand.sort()
                if short:
                    result = side_of_zero(pos)
            if result is not None:
                leaders.append(-1 if not result else names.index(result[0]))
                break
            leaders.append(lead(pos, direction, streak))
        completed = result is not None
        winners = result if result is not None else side_of_zero(pos)
        changes, held = _leads(leaders, winners, names)
        return GameRecord(index, completed, winners, turns, True, changes, held, (("melds", meld_count), ("partials", partial_count)))

    return play


def _leads(leaders: list[int], winners: tuple[str, ...], names: tuple[str, ...]) -> tuple[int, int | None]:
    """play.lead_figures on side numbers (-1: level)."""
    changes, last = 0, -1
    for who in leaders:
        if who != -1:
            changes += last != -1 and who != last
            last = who
    if len(winners) != 1:
        return changes, None
    won = names.index(winners[0])
    held = 0
    for who in reversed(leaders[1:]):
        if who != won:
            break
        held += 1
    return changes, held

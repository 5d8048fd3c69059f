"""Newtonian Rummy with random agents, compiled with numba (the optional `fast` extra).

The same game as the reference engine and the Python port (`fast.py`), draw for draw: each decision
counts the engine's list of legal plays straight from the sorted hand — a pass, each card that may go
alone, each well-formed trio in hand order, times the face-card choices (none, then 1..faces_per_player
face cards in hand order, a K once per aim) — draws one index below that count as `rng.choice` does,
and spells out only the chosen play. Rounds then resolve as §7–§8 and the rulings say, exactly as the
Python port does (its comments explain each step). Draws come from a block of the generator's 32-bit
outputs (see games/integer_matrix/compiled.py and words.py); a game that outgrows its block is played
again on a longer one.

Two ports, not one: this source run as Python plays at ~8% of the Python port's speed, and one written
for both at ~50% (docs/simulate.md, "One source or two"), below the 80% a single source must keep.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import numpy as np
from numba import njit

from kitpress.games.newtonian_rummy.cards import FacePlay, Play
from kitpress.games.newtonian_rummy.fast import leader_table
from kitpress.simulate.agents import RandomAgent
from kitpress.simulate.compiled_draws import draw as _draw
from kitpress.simulate.compiled_draws import shuffle as _shuffle
from kitpress.simulate.play import GameRecord, play_game
from kitpress.simulate.words import block_exact, words

ROLES = ("mass", "acceleration", "force", "none")
MASS, ACC, FORCE, NONE = range(4)
J, Q, K = range(3)  # a face card's kind; -1 for a number card
BLOCK = 512  # 32-bit outputs drawn at once: a 4-player game uses ~130, 1 in 1,000 more than 512
NEED_MORE = -1
# cfg: the rules as numbers, one array (fewer arguments make a cheaper call)
(N, H, EDGE, LO, HI, IP, IQ, FDIV, PDIV, STACK, CAP, LONE, WILD, FPP, RESHUFFLE, STALEMATE, MAX_TURNS,
 SIGN_BLUE, SIGN_RED, TRACING, CFG) = range(21)  # fmt: skip
NO_RESULT, DRAW = -2, -1  # result codes besides a team's index (0 blue, 1 red)


@njit(cache=True, nogil=True)
def _meld(a: int, b: int, c: int, value: np.ndarray, role: np.ndarray, wildcat: np.ndarray, lo: int, hi: int) -> int:
    """A trio's force when it is a valid meld, else -1 (cards.worth)."""
    by = np.zeros(4, np.int64)
    seen = np.zeros(4, np.bool_)
    wild = False
    for x in (a, b, c):
        by[role[x]] = value[x]
        seen[role[x]] = True
        wild |= wildcat[x] == 1
    if wild:
        missing = MASS if not seen[MASS] else (ACC if not seen[ACC] else FORCE)
        if missing == FORCE:
            stand = by[MASS] * by[ACC]
        else:
            known = by[ACC] if missing == MASS else by[MASS]
            if by[FORCE] % known:
                return -1
            stand = by[FORCE] // known
        if not lo <= stand <= hi:
            return -1
        by[missing] = stand
    return by[FORCE] if by[MASS] * by[ACC] == by[FORCE] else -1


@njit(cache=True, nogil=True)
def _face_choices(faces: np.ndarray, nf: int, kind: np.ndarray, fpp: int, pick: int, chosen: np.ndarray, aims: np.ndarray) -> int:
    """How many face-card choices a hand with faces[:nf] has (none counted); with pick ≥ 1, also writes
    choice `pick` (1-based, the engine's order) into chosen/aims and returns its size."""
    count = 0
    idx = np.empty(max(fpp, 1), np.int64)
    for size in range(1, min(fpp, nf) + 1):
        for i in range(size):
            idx[i] = i
        while True:
            ks = 0
            for i in range(size):
                ks += kind[faces[idx[i]]] == K
            ways = 1 << ks  # each K aims at J or Q: itertools.product order, the first K slowest
            if pick and count < pick <= count + ways:
                m = pick - count - 1
                seen = 0
                for i in range(size):
                    chosen[i] = faces[idx[i]]
                    if kind[chosen[i]] == K:
                        aims[i] = 1 + (m >> (ks - 1 - seen) & 1)  # 1: J, 2: Q
                        seen += 1
                    else:
                        aims[i] = 0
                return size
            count += ways
            i = size - 1  # the next combination of `size` positions, lexicographic
            while i >= 0 and idx[i] == nf - size + i:
                i -= 1
            if i < 0:
                break
            idx[i] += 1
            for m in range(i + 1, size):
                idx[m] = idx[m - 1] + 1
    return count


@njit(cache=True, nogil=True)
def _play(
    words: np.ndarray,
    cfg: np.ndarray,
    value: np.ndarray,
    kind: np.ndarray,
    role: np.ndarray,
    may_go_alone: np.ndarray,
    wildcat: np.ndarray,
    trio_ok: np.ndarray,
    team: np.ndarray,
    leader: np.ndarray,
    moves: np.ndarray,
) -> tuple[int, int, int, int, int, int, int, int, int]:
    """One game: (next output or NEED_MORE, rounds, result code, position, lead changes, side ahead in
    the last run, its length, valid melds, partial plays). With cfg[TRACING], moves[round * n + seat]
    is that seat's play: [numbers, 3 cards, faces, then card and aim for each face]."""
    n, h, edge, fpp, max_turns = cfg[N], cfg[H], cfg[EDGE], cfg[FPP], cfg[MAX_TURNS]
    sign = (cfg[SIGN_BLUE], cfg[SIGN_RED])
    deck = len(value)
    p = 0
    order = np.arange(deck)
    p = _shuffle(words, p, order, deck)
    if p < 0:
        return NEED_MORE, 0, 0, 0, 0, 0, 0, 0, 0
    hands = np.empty((n, deck), np.int64)
    held = np.zeros(n, np.int64)
    for i in range(n):
        for m in range(h):
            hands[i, m] = order[i * h + m]
        held[i] = h
        hands[i, :h].sort()
    pile = np.empty(deck, np.int64)  # drawn from its end
    piled = 0
    for x in range(deck - 1, n * h - 1, -1):
        pile[piled] = order[x]
        piled += 1
    discard = np.empty(deck, np.int64)
    discarded = 0
    numbers = np.empty(deck, np.int64)  # a hand's number cards, in hand order (positions in the hand)
    singles = np.empty(deck, np.int64)
    faces = np.empty(deck, np.int64)
    chosen = np.empty(max(fpp, 1), np.int64)
    aims = np.empty(max(fpp, 1), np.int64)
    live = np.zeros(4, np.int64)  # J and Q played: live[2 * team + J or Q]
    k_team = np.empty(n * max(fpp, 1), np.int64)  # K played, in seat order: team and aim (J or Q)
    k_aim = np.empty(n * max(fpp, 1), np.int64)
    pos, direction, streak, ties = 0, -1, 0, 0
    result = NO_RESULT
    changes, last, run_who, run = 0, -1, -1, 0
    turns = melds = partials = 0
    span = 2 * edge + 1
    force = np.zeros(2, np.int64)  # the teams' base forces, then their totals
    gone = np.empty(4, np.int64)  # positions in the hand that leave it (-1 unused)
    while turns < max_turns:
        force[:] = 0
        live[:] = 0
        kings = 0
        waiting = False
        for i in range(n):
            t = team[i]
            hand = hands[i]
            count = held[i]
            nn = ns = nf = 0
            for m in range(count):
                x = hand[m]
                if kind[x] >= 0:
                    faces[nf] = x
                    nf += 1
                else:
                    numbers[nn] = m
                    nn += 1
                    if may_go_alone[x]:
                        singles[ns] = m
                        ns += 1
            trios = 0
            for a in range(nn):
                for b in range(a + 1, nn):
                    for c in range(b + 1, nn):
                        trios += trio_ok[role[hand[numbers[a]]], role[hand[numbers[b]]], role[hand[numbers[c]]]]
            choices = 1 + _face_choices(faces, nf, kind, fpp, 0, chosen, aims)
            r, p = _draw(words, p, (1 + ns + trios) * choices)
            if r < 0:
                return NEED_MORE, 0, 0, 0, 0, 0, 0, 0, 0
            row = turns * n + i
            if cfg[TRACING]:
                moves[row, 0] = moves[row, 4] = 0
            if r == 0:  # the first play: a pass
                continue
            q, j = divmod(r, choices)  # play r: number choice q with face choice j
            gone[:] = -1
            if q == 0:
                pass
            elif q <= ns:
                m = singles[q - 1]
                x = hand[m]
                gone[0] = m
                discard[discarded] = x
                discarded += 1
                if role[x] == FORCE:
                    partials += 1
                    force[t] += value[x] // cfg[PDIV]
                if cfg[TRACING]:
                    moves[row, 0], moves[row, 1] = 1, x
            else:
                want = q - ns  # the want-th well-formed trio, in combination order
                found = False
                for a in range(nn):
                    for b in range(a + 1, nn):
                        for c in range(b + 1, nn):
                            if trio_ok[role[hand[numbers[a]]], role[hand[numbers[b]]], role[hand[numbers[c]]]]:
                                want -= 1
                                if want == 0:
                                    gone[0], gone[1], gone[2] = numbers[a], numbers[b], numbers[c]
                                    found = True
                                    break
                        if found:
                            break
                    if found:
                        break
                xa, xb, xc = hand[gone[0]], hand[gone[1]], hand[gone[2]]
                discard[discarded], discard[discarded + 1], discard[discarded + 2] = xa, xb, xc
                discarded += 3
                worth = _meld(xa, xb, xc, value, role, wildcat, cfg[LO], cfg[HI])
                if worth >= 0:
                    melds += 1
                    force[t] += worth
                if cfg[TRACING]:
                    moves[row, 0], moves[row, 1], moves[row, 2], moves[row, 3] = 3, xa, xb, xc
            size = _face_choices(faces, nf, kind, fpp, j, chosen, aims) if j else 0
            if cfg[TRACING]:
                moves[row, 4] = size
            for f in range(size):  # face cards go to the discard pile after number cards
                x = chosen[f]
                discard[discarded] = x
                discarded += 1
                if kind[x] == K:
                    k_team[kings], k_aim[kings] = t, aims[f] - 1
                    kings += 1
                else:
                    live[2 * t + kind[x]] += 1
                if cfg[TRACING]:
                    moves[row, 5 + 2 * f], moves[row, 6 + 2 * f] = x, aims[f]
            kept = 0  # the hand without the cards played, still sorted
            for m in range(count):
                x = hand[m]
                out = m == gone[0] or m == gone[1] or m == gone[2]
                for f in range(size):
                    out |= x == chosen[f]
                if not out:
                    hand[kept] = x
                    kept += 1
            held[i] = kept
            if waiting or piled < h - kept:  # the rest wait for the end of the round
                waiting = True
            else:
                while held[i] < h:
                    piled -= 1
                    hand[held[i]] = pile[piled]
                    held[i] += 1
                hand[: held[i]].sort()
        turns += 1
        for m in range(kings):  # each K cancels a J or Q of the other team, its aim first
            other = 2 - 2 * k_team[m]
            if live[other + k_aim[m]]:
                live[other + k_aim[m]] -= 1
            elif live[other + 1 - k_aim[m]]:
                live[other + 1 - k_aim[m]] -= 1
        stack = cfg[STACK]
        on = (min(live[3], stack), min(live[1], stack))  # Friction on blue, on red: the other team's Qs
        for t in range(2):
            for _ in range(min(live[2 * t], stack)):
                force[t] = -((-force[t] * cfg[IP]) // cfg[IQ])  # × the impulse factor, rounded up
        for t in range(2):
            for _ in range(on[t]):
                force[t] //= cfg[FDIV]
            if on[t] and direction == t:
                direction, streak = -1, 0
        if force[0] == force[1]:
            direction, streak, ties = -1, 0, ties + 1
            if cfg[STALEMATE] and ties >= cfg[STALEMATE]:
                result = DRAW
        else:
            won = 0 if force[0] > force[1] else 1
            if on[won]:  # ruling R2: a winner hit by Friction builds no momentum
                direction, streak, bonus = -1, 0, 0
            else:
                streak = streak + 1 if direction == won else 1
                direction = won
                bonus = streak - 1 if cfg[CAP] < 0 else min(streak - 1, cfg[CAP])
                bonus = max(0, bonus)
            target = pos + sign[won] * (abs(force[0] - force[1]) + bonus)
            pos = sign[won] * edge if abs(target) >= edge else target
            ties = 0
            if pos == sign[won] * edge:
                result = won
        if waiting and result == NO_RESULT:  # refill the hands still short, in seat order
            for i in range(n):
                while held[i] < h:
                    if piled == 0:
                        if not (discarded and cfg[RESHUFFLE]):
                            result = DRAW if pos == 0 else (0 if sign[0] * pos > 0 else 1)  # deck out
                            break
                        for m in range(discarded):
                            pile[m] = discard[m]
                        piled, discarded = discarded, 0
                        p = _shuffle(words, p, pile, piled)
                        if p < 0:
                            return NEED_MORE, 0, 0, 0, 0, 0, 0, 0, 0
                        pile[:piled] = pile[:piled][::-1].copy()
                    piled -= 1
                    hands[i, held[i]] = pile[piled]
                    held[i] += 1
                hands[i, : held[i]].sort()
        if result == NO_RESULT:  # the side ahead (engine.heuristic), else the winner, -1 level
            who = leader[(direction + 1) * 3 * span + min(streak, 2) * span + pos + edge]
        else:
            who = result if result >= 0 else -1
        if who == run_who:
            run += 1
        else:
            run_who, run = who, 1
            if who >= 0:
                if last >= 0 and who != last:
                    changes += 1
                last = who
        if result != NO_RESULT:
            break
    return p, turns, result, pos, changes, run_who, run, melds, partials


def build(engine: Any, players: int | None, max_turns: int) -> Callable[..., GameRecord] | None:
    c = engine.config
    deck = engine.deck
    ids = list(deck.ids)
    cards = [deck[i] for i in ids]
    categories = [cat.id for cat in c.categories]
    cat_role = {cat.id: ROLES.index(cat.role) for cat in c.categories}
    value = np.array([card.value or 0 for card in cards], np.int64)
    kind = np.array([-1 if card.value is not None else K if card.effect == "equilibrium" else ("J", "Q").index(card.rank) for card in cards], np.int64)
    role = np.array([0 if card.value is None else ROLES.index(card.role) for card in cards], np.int64)
    trole = [cat_role[card.category] if card.category in categories else 0 for card in cards]  # the role legal plays go by
    if any(card.value is not None and trole[x] != role[x] for x, card in enumerate(cards)):
        return None  # a card whose role differs from its category's: the Python port covers it
    may_go_alone = np.array([card.value is not None and (c.lone_card_play or role[x] == FORCE) for x, card in enumerate(cards)], np.bool_)
    wildcat = np.array([card.category == c.wild_category for card in cards], np.int64)
    trio_ok = np.zeros((4, 4, 4), np.int64)
    for a in range(4):
        for b in range(4):
            for d in range(4):
                r = (a, b, d)
                ok = sorted(r) == [MASS, ACC, FORCE] or (c.wild_melds and r.count(NONE) == 1 and len(set(r) - {NONE}) == 2)
                trio_ok[a, b, d] = ok
    seats = engine.seats(players)
    team = np.array([0 if s.rsplit("-", 1)[0] == "blue" else 1 for s in seats], np.int64)
    sign = (engine.sign("blue"), engine.sign("red"))
    names = ("blue", "red")
    edge = c.track.edge
    impulse = Fraction(str(c.impulse_factor))
    cfg = np.zeros(CFG, np.int64)
    cfg[N], cfg[H], cfg[EDGE], cfg[LO], cfg[HI] = len(seats), c.hand_size, edge, c.numbers.low, c.numbers.high
    cfg[IP], cfg[IQ], cfg[FDIV], cfg[PDIV], cfg[STACK] = impulse.numerator, impulse.denominator, c.friction_divisor, c.partial_divisor, c.stack_limit
    cfg[CAP] = -1 if c.bonus_cap is None else c.bonus_cap
    cfg[LONE], cfg[WILD], cfg[FPP], cfg[RESHUFFLE] = c.lone_card_play, c.wild_melds, c.faces_per_player, c.reshuffle
    cfg[STALEMATE] = c.stalemate.ties if c.stalemate.enabled else 0
    cfg[MAX_TURNS], cfg[SIGN_BLUE], cfg[SIGN_RED] = max_turns, sign[0], sign[1]
    traced = cfg.copy()
    traced[TRACING] = 1

    leader = np.array(leader_table(engine), np.int64).ravel()  # [direction + 1, streak, pos + edge], flat
    no_moves = np.zeros((1, 1), np.int64)
    reference = RandomAgent()

    def side_of(code: int) -> tuple[str, ...]:
        return () if code < 0 else (names[code],)

    def play(rng: random.Random, index: int, trace: Callable[[dict[str, Any]], None] | None = None) -> GameRecord:
        if not block_exact(rng):  # a generator that draws otherwise: the reference engine plays the same game
            return play_game(engine, reference, rng, index, max_turns, players, trace)
        moves = np.zeros((max(max_turns, 1) * len(seats), 5 + 2 * c.faces_per_player), np.int64) if trace else no_moves
        block = words(rng, BLOCK)
        while True:
            used, turns, result, pos, changes, run_who, run, melds, partials = _play(
                block, traced if trace else cfg, value, kind, role, may_go_alone, wildcat, trio_ok, team, leader, moves
            )
            if used != NEED_MORE:
                break
            block = np.concatenate((block, words(rng, BLOCK)))  # the same outputs, and the next ones
        if trace:
            for t in range(turns):
                shown = {}
                for i, seat in enumerate(seats):
                    m = moves[t * len(seats) + i]
                    played = tuple(ids[x] for x in m[1 : 1 + m[0]])
                    aims = (None, "J", "Q")
                    shown[seat] = Play(played, tuple(FacePlay(ids[m[5 + 2 * f]], aims[m[6 + 2 * f]]) for f in range(m[4])))
                trace(shown)
        completed = result != NO_RESULT
        # the result, or at the cap the side the block is on (side_of_zero)
        winners = side_of(result) if completed else side_of(-1 if pos == 0 else 0 if sign[0] * pos > 0 else 1)
        held = None if len(winners) != 1 else run if run_who == names.index(winners[0]) else 0
        return GameRecord(index, completed, winners, turns, True, changes, held, (("melds", melds), ("partials", partials)))

    return play

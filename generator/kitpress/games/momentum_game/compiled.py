"""Momentum Game! with random agents, compiled with numba (the optional `fast` extra).

The same game as the reference engine and `fast_momentum_game` (whose comments explain each step),
draw for draw, on card numbers in the order of their ids. Draws come from a block of the generator's
32-bit outputs (see compiled_integer_matrix and words.py); a game that outgrows its block is played
again on a longer one.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
from numba import njit

from kitpress.games.momentum_game.fast import _stopped, leader_table, numbered_cards
from kitpress.simulate.compiled_draws import draw as _draw
from kitpress.simulate.compiled_draws import shuffle as _shuffle
from kitpress.simulate.play import GameRecord
from kitpress.simulate.words import block_exact, words

RED, BLUE, NONE = 0, 1, -1
BLOCK = 512  # 32-bit outputs drawn at once: a game uses ~100, 1 in 300 more than 512
NEED_MORE = -1
# cfg: the rules as numbers, one array
HAND, LO, HI, START, EDGE_RED, EDGE_BLUE, SINGLE, REPEAT, CAP, ONCE, GREEN_DRAW, MAX_TURNS, TRACING, CFG = range(14)


@njit(cache=True, nogil=True)
def _play(
    words: np.ndarray, cfg: np.ndarray, deck: np.ndarray, is_stop: np.ndarray, side: np.ndarray, power: np.ndarray, leader: np.ndarray, moves: np.ndarray
) -> tuple[int, int, int, bool, int, int, int, int, int, int, int]:
    """One game: (next output or NEED_MORE, rounds, winner (NONE: none), a draw, position, Greens
    played by red and by blue, lead changes, side ahead in the last run, its length, rounds with
    ΣF = 0). leader[(pos - lo) * 3 + last + 1] is the side ahead. With cfg[TRACING], moves[round] holds
    the cards red and blue played."""
    hand_size, lo, max_turns = cfg[HAND], cfg[LO], cfg[MAX_TURNS]
    edge = (cfg[EDGE_RED], cfg[EDGE_BLUE])
    size = len(deck)
    cards = deck.copy()
    p = _shuffle(words, 0, cards, size)
    if p < 0:
        return NEED_MORE, 0, 0, False, 0, 0, 0, 0, 0, 0, 0
    hands = np.empty((2, size), np.int64)
    held = np.zeros(2, np.int64)
    for i in range(2):
        for m in range(hand_size):
            hands[i, m] = cards[i * hand_size + m]
        held[i] = hand_size
    pile = np.empty(size, np.int64)  # drawn from its front: pile[top:piled]
    top, piled = 0, size - 2 * hand_size
    pile[:piled] = cards[2 * hand_size :]
    discard = np.empty(size, np.int64)
    discarded = 0
    first, p = _draw(words, p, 2)  # rng.randrange(2)
    if first < 0:
        return NEED_MORE, 0, 0, False, 0, 0, 0, 0, 0, 0, 0
    pos, last, count, chain, greens_run = cfg[START], NONE, 0, False, 0
    greens = np.zeros(2, np.int64)
    winner, draw = NONE, False
    ahead = leader[(pos - lo) * 3 + last + 1]
    changes, latest = 0, ahead  # lead changes, counted from the start; the last side ahead
    run_who, run = NONE - 1, 0  # the latest run of rounds with the same side ahead (not the start)
    sigma0 = turns = 0
    options = np.empty(size, np.int64)
    played = np.empty(2, np.int64)
    while turns < max_turns:
        for i in range(2):  # each player picks among the distinct cards in hand, in id order
            hand = hands[i, : held[i]]
            hand.sort()
            distinct = 0
            for m in range(held[i]):
                if m == 0 or hand[m] != hand[m - 1]:
                    options[distinct] = hand[m]
                    distinct += 1
            k, p = _draw(words, p, distinct)
            if k < 0:
                return NEED_MORE, 0, 0, False, 0, 0, 0, 0, 0, 0, 0
            played[i] = options[k]
        r, b = played[RED], played[BLUE]
        if cfg[TRACING]:
            moves[turns, 0], moves[turns, 1] = r, b
        turns += 1
        if is_stop[r] or is_stop[b]:
            greens[RED] += is_stop[r]
            greens[BLUE] += is_stop[b]
            greens_run = greens_run + 1 if is_stop[r] and is_stop[b] else 0
            sigma0 += 1
            last, count, chain = NONE, 0, False
            draw = greens_run >= cfg[GREEN_DRAW]
        elif side[r] == side[b] or power[r] == power[b]:
            greens_run = 0
            sigma0 += 1
            last, count, chain = NONE, 0, False
        else:
            greens_run = 0
            won = side[r] if power[r] > power[b] else side[b]
            again = last == won
            move = cfg[REPEAT] if again and not (cfg[ONCE] != 0 and chain) else cfg[SINGLE]
            target_edge = edge[won]
            step = 1 if target_edge > pos else -1
            target = pos + step * move
            pos = target_edge if (target - target_edge) * step > 0 else target
            count = min(count + 1, cfg[CAP]) if again else 1
            chain = again and (chain or move == cfg[REPEAT])
            last = won
            if pos == target_edge:
                winner = won
        for i in range(2):  # each played card leaves its hand (one copy) for the discard pile
            for m in range(held[i]):
                if hands[i, m] == played[i]:
                    hands[i, m] = hands[i, held[i] - 1]
                    held[i] -= 1
                    break
            discard[discarded] = played[i]
            discarded += 1
        if winner == NONE and not draw:
            for turn in range(2):
                i = first if turn == 0 else 1 - first
                while held[i] < hand_size:
                    if top == piled:
                        piled, top = discarded, 0
                        pile[:piled] = discard[:discarded]
                        discarded = 0
                        p = _shuffle(words, p, pile, piled)
                        if p < 0:
                            return NEED_MORE, 0, 0, False, 0, 0, 0, 0, 0, 0, 0
                    hands[i, held[i]] = pile[top]
                    top += 1
                    held[i] += 1
            who = leader[(pos - lo) * 3 + last + 1]
        else:
            who = NONE if draw else winner
        if who != NONE:
            if latest != NONE and who != latest:
                changes += 1
            latest = who
        if who == run_who:
            run += 1
        else:
            run_who, run = who, 1
        if winner != NONE or draw:
            break
    return p, turns, winner, draw, pos, greens[RED], greens[BLUE], changes, run_who, run, sigma0


def build(engine: Any, players: int | None, max_turns: int) -> Callable[..., GameRecord] | None:
    c = engine.config
    if players not in (None, 2):
        return None
    ids, stops, sides, powers, cards = numbered_cards(engine)
    is_stop, side, power, deck = (np.array(x, np.int64) for x in (stops, sides, powers, cards))
    lo, hi = c.track.min, c.track.max
    edge = [engine.edge("red"), engine.edge("blue")]
    names = ("red", "blue")
    table = leader_table(engine)
    leader = np.array([table[pos, last] for pos in range(lo, hi + 1) for last in (NONE, RED, BLUE)], np.int64)
    cfg = np.zeros(CFG, np.int64)
    cfg[HAND], cfg[LO], cfg[HI], cfg[START] = c.hand_size, lo, hi, c.track.start
    cfg[EDGE_RED], cfg[EDGE_BLUE], cfg[SINGLE], cfg[REPEAT] = edge[RED], edge[BLUE], c.single_move, c.repeat_move
    cfg[CAP], cfg[ONCE], cfg[GREEN_DRAW], cfg[MAX_TURNS] = c.streak_cap, c.repeat_move_once_per_chain, c.draw_after_green_rounds, max_turns
    traced = cfg.copy()
    traced[TRACING] = 1
    no_moves = np.zeros((1, 2), np.int64)
    python = None  # the Python port, for a generator that draws otherwise

    def play(rng: random.Random, index: int, trace: Callable[[dict[str, Any]], None] | None = None) -> GameRecord:
        nonlocal python
        if not block_exact(rng):  # the Python port follows any generator's own methods
            if python is None:
                from kitpress.games.momentum_game import fast as fast_momentum_game

                python = fast_momentum_game.build(engine, players, max_turns)
            assert python is not None
            return python(rng, index, trace)
        moves = np.zeros((max(max_turns, 1), 2), np.int64) if trace else no_moves
        block = words(rng, BLOCK)
        while True:
            used, turns, winner, draw, pos, red_greens, blue_greens, changes, run_who, run, sigma0 = _play(
                block, traced if trace else cfg, deck, is_stop, side, power, leader, moves
            )
            if used != NEED_MORE:
                break
            block = np.concatenate((block, words(rng, BLOCK)))  # the same outputs, and the next ones
        if trace:
            for t in range(turns):
                trace({"red": ids[moves[t, 0]], "blue": ids[moves[t, 1]]})
        completed = winner != NONE or draw
        winners = (() if draw else (names[winner],)) if completed else _stopped(pos, [red_greens, blue_greens], edge, names)
        held = None if len(winners) != 1 else (run if run_who == names.index(winners[0]) else 0)
        return GameRecord(index, bool(completed), winners, turns, True, changes, held, (("sigma0", sigma0),))

    return play

"""Momentum Game! with random agents, fast: the reference engine's rules on small integers, one source
compiled by numba where it is installed (the `fast` extra) and run as plain Python where it is not.

Cards are numbered in the order of their ids, and a hand is kept as how many of each card number it
holds, so the random agent's choice among the distinct cards in hand, in id order, is a draw below
the number of distinct cards and a count along the hand; playing a card and drawing one are a count
each, with no sorting. Every draw is the one the reference engine and the random agent make on the
game's `random.Random`, in the same order, so a seed gives the identical game (tests/test_simulate.py
plays both and compares; tests/test_simulate_compiled.py this module compiled and as Python). Any rule
change belongs in the engine first.

Draws come from a block of the generator's 32-bit outputs (words.py: an array compiled, a memoryview
in Python); a game that outgrows its block is played again on a longer one. The block is shorter for
Python, where making it costs ~150 instructions an output: a game uses ~100 outputs, 1 in 10 more
than 220, 1 in 300 more than 512.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from kitpress.simulate.agents import RandomAgent
from kitpress.simulate.compiled_draws import COMPILED, ints, jit, shifts, shuffle_by
from kitpress.simulate.play import GameRecord, play_game
from kitpress.simulate.words import block, block_exact, longer

RED, BLUE = 0, 1
NONE = -1
BLOCK = 512 if COMPILED else 320  # outputs drawn at once (measured best of 256, 320, 512 as Python)
NEED_MORE = -1
# cfg: the rules as numbers, one sequence
HAND, LO, KINDS, START, EDGE_RED, EDGE_BLUE, SINGLE, REPEAT, CAP, ONCE, GREEN_DRAW, MAX_TURNS, TRACING, CFG = range(14)


def numbered_cards(engine: Any) -> tuple[list[str], list[bool], list[int], list[int], list[int]]:
    """Cards numbered in id order: (ids, is a Green stop, side pushed (NONE for a stop), push
    strength, the deck as card numbers with each card's copies, in the spec's order)."""
    c = engine.config
    ids = sorted(card.id for card in c.deck.cards)
    code = {card_id: i for i, card_id in enumerate(ids)}
    strength = {s.id: s.strength for s in c.shades}
    is_stop = [False] * len(ids)
    side = [NONE] * len(ids)
    power = [0] * len(ids)
    for card in c.deck.cards:
        k = code[card.id]
        is_stop[k] = card.kind == "stop"
        if card.kind == "push":
            side[k] = RED if card.side == "red" else BLUE
            power[k] = strength[card.shade]
    return ids, is_stop, side, power, [code[card.id] for card in c.deck.cards for _ in range(card.count)]


def leader_table(engine: Any) -> dict[tuple[int, int], int]:
    """engine.heuristic's leader (RED, BLUE, NONE: level) by (position, last winner)."""
    lo, hi = engine.config.track.min, engine.config.track.max
    span, centre = hi - lo, (hi + lo) / 2
    toward_red = 1 if engine.edge("red") == hi else -1

    def lead(pos: int, last: int) -> int:
        # engine.heuristic for red, clamped; blue's is its exact negative, so its sign names the leader
        streak = 0.5 * (1 if last == RED else -1 if last == BLUE else 0)
        h = max(-0.99, min(0.99, (toward_red * (pos - centre) + streak) / span))
        return RED if h > 0 else BLUE if h < 0 else NONE

    return {(pos, last): lead(pos, last) for pos in range(lo, hi + 1) for last in (RED, BLUE, NONE)}


@jit
def _play(
    words: Any, cfg: Any, deck: Any, is_stop: Any, side: Any, power: Any, leader: Any, shift: Any,
    have: Any, no_cards: Any, pile: Any, discard: Any, moves: Any,
) -> tuple[int, int, int, bool, int, int, int, int, int, int, int]:  # fmt: skip
    """One game: (next output or NEED_MORE, rounds, winner (NONE: none), a draw, position, Greens
    played by red and by blue, lead changes, side ahead in the last run, its length, rounds with
    ΣF = 0). leader[(pos - lo) * 3 + last + 1] is the side ahead; have[side * kinds + card] how many
    of a card a hand holds; pile and discard are room for the deck. With cfg[TRACING], moves[2 * round]
    and moves[2 * round + 1] hold the cards red and blue played."""
    hand_size, lo, max_turns, kinds, tracing = cfg[HAND], cfg[LO], cfg[MAX_TURNS], cfg[KINDS], cfg[TRACING]
    single, repeat, once, cap, green_draw = cfg[SINGLE], cfg[REPEAT], cfg[ONCE], cfg[CAP], cfg[GREEN_DRAW]
    end, size = len(words), len(deck)
    pile[:] = deck
    p = shuffle_by(words, 0, pile, size, shift)
    if p < 0:
        return NEED_MORE, 0, 0, False, 0, 0, 0, 0, 0, 0, 0
    have[:] = no_cards
    distinct_red = distinct_blue = 0  # how many different cards each hand holds: what it chooses among
    for m in range(hand_size):
        x = pile[m]
        distinct_red += have[x] == 0
        have[x] += 1
        x = kinds + pile[hand_size + m]
        distinct_blue += have[x] == 0
        have[x] += 1
    top, piled, discarded = 2 * hand_size, size, 0  # the pile is drawn from its front: pile[top:piled]
    first = 2  # rng.randrange(2)
    while first >= 2:
        if p == end:
            return NEED_MORE, 0, 0, False, 0, 0, 0, 0, 0, 0, 0
        first = words[p] >> shift[2]
        p += 1
    pos, last, count, chain, greens_run = cfg[START], NONE, 0, False, 0
    red_greens = blue_greens = 0
    winner, draw = NONE, False
    latest = leader[(pos - lo) * 3 + last + 1]  # the last side ahead, from the start
    changes = 0  # lead changes
    run_who, run = NONE - 1, 0  # the latest run of rounds with the same side ahead (not the start)
    sigma0 = turns = 0
    while turns < max_turns:
        # each player picks among the distinct cards in hand, in id order: the k-th card held
        s, k = shift[distinct_red], distinct_red
        while k >= distinct_red:
            if p == end:
                return NEED_MORE, 0, 0, False, 0, 0, 0, 0, 0, 0, 0
            k = words[p] >> s
            p += 1
        r = 0
        while not have[r] or k:
            if have[r]:
                k -= 1
            r += 1
        s, k = shift[distinct_blue], distinct_blue
        while k >= distinct_blue:
            if p == end:
                return NEED_MORE, 0, 0, False, 0, 0, 0, 0, 0, 0, 0
            k = words[p] >> s
            p += 1
        b = kinds  # blue's counts follow red's
        while not have[b] or k:
            if have[b]:
                k -= 1
            b += 1
        have[r] -= 1  # each played card leaves its hand for the discard pile, red's first
        distinct_red -= have[r] == 0
        have[b] -= 1
        distinct_blue -= have[b] == 0
        b -= kinds
        discard[discarded], discard[discarded + 1] = r, b
        discarded += 2
        if tracing:
            moves[2 * turns], moves[2 * turns + 1] = r, b
        turns += 1
        if is_stop[r] or is_stop[b]:
            red_greens += is_stop[r]
            blue_greens += is_stop[b]
            greens_run = greens_run + 1 if is_stop[r] and is_stop[b] else 0
            sigma0 += 1
            last, count, chain = NONE, 0, False
            if greens_run >= green_draw:  # a draw: level at the end
                draw = True
                run = run + 1 if run_who == NONE else 1
                run_who = NONE
                break
        elif side[r] == side[b] or power[r] == power[b]:
            greens_run = 0
            sigma0 += 1
            last, count, chain = NONE, 0, False
        else:
            greens_run = 0
            won = side[r] if power[r] > power[b] else side[b]
            again = last == won
            move = repeat if again and not (once and chain) else single
            target_edge = cfg[EDGE_RED + won]
            step = 1 if target_edge > pos else -1
            target = pos + step * move
            pos = target_edge if (target - target_edge) * step > 0 else target
            count = min(count + 1, cap) if again else 1
            chain = again and (chain or move == repeat)
            last = won
            if pos == target_edge:  # the winner is ahead at the end
                winner = won
                if latest != NONE and won != latest:
                    changes += 1
                run = run + 1 if run_who == won else 1
                run_who = won
                break
        # each hand draws its one card back, the first player's first; an empty pile is the discards, shuffled
        for turn in range(2):
            if top == piled:
                pile[:discarded] = discard[:discarded]
                top, piled, discarded = 0, discarded, 0
                p = shuffle_by(words, p, pile, piled, shift)
                if p < 0:
                    return NEED_MORE, 0, 0, False, 0, 0, 0, 0, 0, 0, 0
            x = pile[top]
            top += 1
            if turn == first:  # red
                distinct_red += have[x] == 0
                have[x] += 1
            else:
                x += kinds
                distinct_blue += have[x] == 0
                have[x] += 1
        who = leader[(pos - lo) * 3 + last + 1]
        if who != NONE:
            if latest != NONE and who != latest:
                changes += 1
            latest = who
        if who == run_who:
            run += 1
        else:
            run_who, run = who, 1
    return p, turns, winner, draw, pos, red_greens, blue_greens, changes, run_who, run, sigma0


def build(engine: Any, players: int | None, max_turns: int) -> Callable[..., GameRecord] | None:
    c = engine.config
    if players not in (None, 2):
        return None
    ids, stops, sides, powers, cards = numbered_cards(engine)
    lo, hi = c.track.min, c.track.max
    edge = [engine.edge("red"), engine.edge("blue")]
    names = ("red", "blue")
    table = leader_table(engine)
    leader = ints([table[pos, last] for pos in range(lo, hi + 1) for last in (NONE, RED, BLUE)])
    rules = [0] * CFG
    rules[HAND], rules[LO], rules[KINDS], rules[START] = c.hand_size, lo, len(ids), c.track.start
    rules[EDGE_RED], rules[EDGE_BLUE], rules[SINGLE], rules[REPEAT] = edge[RED], edge[BLUE], c.single_move, c.repeat_move
    rules[CAP], rules[ONCE], rules[GREEN_DRAW], rules[MAX_TURNS] = c.streak_cap, c.repeat_move_once_per_chain, c.draw_after_green_rounds, max_turns
    cfg = ints(rules)
    rules[TRACING] = 1
    traced = ints(rules)
    deck, is_stop, side, power = ints(cards), ints([int(x) for x in stops]), ints(sides), ints(powers)
    shift = shifts(max(len(cards), 2))
    have, no_cards = ints([0] * (2 * len(ids))), ints([0] * (2 * len(ids)))
    pile, discard = ints([0] * len(cards)), ints([0] * len(cards))
    no_moves = ints([0])
    reference = RandomAgent()

    def play(rng: random.Random, index: int, trace: Callable[[dict[str, Any]], None] | None = None) -> GameRecord:
        if not block_exact(rng):  # a generator that draws otherwise: the reference engine plays the same game
            return play_game(engine, reference, rng, index, max_turns, players, trace)
        moves = ints([0] * (2 * max(max_turns, 1))) if trace else no_moves
        outputs = block(rng, BLOCK)
        while True:
            used, turns, winner, draw, pos, red_greens, blue_greens, changes, run_who, run, sigma0 = _play(
                outputs, traced if trace else cfg, deck, is_stop, side, power, leader, shift, have, no_cards, pile, discard, moves
            )
            if used != NEED_MORE:
                break
            outputs = longer(outputs, rng, BLOCK)  # the same outputs, and the next ones
        if trace:
            for t in range(turns):
                trace({"red": ids[moves[2 * t]], "blue": ids[moves[2 * t + 1]]})
        completed = winner != NONE or draw
        winners = (() if draw else (names[winner],)) if completed else _stopped(pos, [red_greens, blue_greens], edge, names)
        held = None if len(winners) != 1 else (run if run_who == names.index(winners[0]) else 0)
        return GameRecord(index, completed, winners, turns, True, changes, held, (("sigma0", sigma0),))

    return play


def _stopped(pos: int, greens: list[int], edge: list[int], names: tuple[str, str]) -> tuple[str, ...]:
    """engine.stop: nearer own edge; then fewer Greens played; then a draw."""
    gaps = [abs(edge[RED] - pos), abs(edge[BLUE] - pos)]
    if gaps[RED] != gaps[BLUE]:
        return (names[RED],) if gaps[RED] < gaps[BLUE] else (names[BLUE],)
    if greens[RED] != greens[BLUE]:
        return (names[RED],) if greens[RED] < greens[BLUE] else (names[BLUE],)
    return ()

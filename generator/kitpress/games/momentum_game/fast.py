"""Momentum Game! with random agents, fast: the reference engine's rules on small integers.

A separate fast path, as the benchmark needs ~10,000 games a second: cards are numbered in the order
of their ids, so sorting numbers sorts ids; every call on the game's `random.Random` is the one the
reference engine and the random agent make, in the same order, so a seed gives the identical game
(tests/test_simulate.py plays both and compares). Any rule change belongs in the engine first.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from kitpress.simulate.draws import tools
from kitpress.simulate.play import GameRecord, lead_figures

RED, BLUE = 0, 1
NONE = -1


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


def build(engine: Any, players: int | None, max_turns: int) -> Callable[..., GameRecord] | None:
    c = engine.config
    if players not in (None, 2):
        return None
    ids, is_stop, side, power, deck = numbered_cards(engine)
    start = c.track.start
    edge = [engine.edge("red"), engine.edge("blue")]
    names = ("red", "blue")
    hand_size, single, repeat, cap = c.hand_size, c.single_move, c.repeat_move, c.streak_cap
    once, green_draw = c.repeat_move_once_per_chain, c.draw_after_green_rounds
    leader = leader_table(engine)

    def play(rng: random.Random, index: int, trace: Callable[[dict[str, Any]], None] | None = None) -> GameRecord:
        shuffle, below = tools(rng)
        cards = deck[:]
        shuffle(cards)
        hands = [sorted(cards[:hand_size]), sorted(cards[hand_size : 2 * hand_size])]
        pile = cards[2 * hand_size :]
        first = rng.randrange(2)
        discard: list[int] = []
        pos, last, count, chain, greens_run = start, NONE, 0, False, 0
        greens = [0, 0]
        winner, draw = NONE, False
        leaders = [leader[pos, last]]
        sigma0 = turns = 0
        while turns < max_turns:
            options = sorted(set(hands[RED]))
            r = options[below(len(options))]
            options = sorted(set(hands[BLUE]))
            b = options[below(len(options))]
            if trace:
                trace({"red": ids[r], "blue": ids[b]})
            turns += 1
            if is_stop[r] or is_stop[b]:
                greens[RED] += is_stop[r]
                greens[BLUE] += is_stop[b]
                greens_run = greens_run + 1 if is_stop[r] and is_stop[b] else 0
                sigma0 += 1
                last, count, chain = NONE, 0, False
                draw = greens_run >= green_draw
            elif side[r] == side[b] or power[r] == power[b]:
                greens_run = 0
                sigma0 += 1
                last, count, chain = NONE, 0, False
            else:
                greens_run = 0
                won = side[r] if power[r] > power[b] else side[b]
                again = last == won
                move = repeat if again and not (once and chain) else single
                target_edge = edge[won]
                step = 1 if target_edge > pos else -1
                target = pos + step * move
                pos = target_edge if (target - target_edge) * step > 0 else target
                count = min(count + 1, cap) if again else 1
                chain = again and (chain or move == repeat)
                last = won
                if pos == target_edge:
                    winner = won
            hands[RED].remove(r)
            hands[BLUE].remove(b)
            discard.append(r)
            discard.append(b)
            if winner == NONE and not draw:
                for i in (first, 1 - first):
                    hand = hands[i]
                    while len(hand) < hand_size:
                        if not pile:
                            pile, discard = discard, []
                            shuffle(pile)
                        hand.append(pile.pop(0))
                    hand.sort()
                leaders.append(leader[pos, last])
            else:
                leaders.append(NONE if draw else winner)
                break
        completed = winner != NONE or draw
        winners = (() if draw else (names[winner],)) if completed else _stopped(pos, greens, edge, names)
        return GameRecord(index, completed, winners, turns, True, *lead_figures([None if who == NONE else names[who] for who in leaders], winners), (("sigma0", sigma0),))

    return play


def _stopped(pos: int, greens: list[int], edge: list[int], names: tuple[str, str]) -> tuple[str, ...]:
    """engine.stop: nearer own edge; then fewer Greens played; then a draw."""
    gaps = [abs(edge[RED] - pos), abs(edge[BLUE] - pos)]
    if gaps[RED] != gaps[BLUE]:
        return (names[RED],) if gaps[RED] < gaps[BLUE] else (names[BLUE],)
    if greens[RED] != greens[BLUE]:
        return (names[RED],) if greens[RED] < greens[BLUE] else (names[BLUE],)
    return ()

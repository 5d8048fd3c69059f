"""Momentum (Leduc) with random agents, fast: the reference engine's rules on a flat list of cells.

Rays from every cell in the engine's direction order are computed once; legal drops are listed in the
engine's order (cell names sorted), with the pie-rule swap last, so `rng.choice` picks the same move as
the random agent on the reference engine. tests/test_simulate.py plays both on the same seeds.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from kitpress.games.momentum.cells import DIRECTIONS, cell_name
from kitpress.simulate.play import GameRecord, lead_figures

SWAP = -2


def build(engine: Any, players: int | None, max_turns: int) -> Callable[..., GameRecord] | None:
    c = engine.config
    size = c.board_size
    seats = engine.seats(players)
    n = len(seats)
    by_name = sorted(range(size * size), key=lambda i: cell_name(i, size))
    names = [cell_name(i, size) for i in range(size * size)]
    rays: list[list[list[int]]] = []
    for i in range(size * size):
        x0, y0 = i % size, i // size
        here = []
        for _, dx, dy in DIRECTIONS:
            ray, x, y = [], x0 + dx, y0 + dy
            while 0 <= x < size and 0 <= y < size:
                ray.append(y * size + x)
                x, y = x + dx, y + dy
            here.append(ray)
        rays.append(here)
    marbles, pie = c.marbles, c.pie_rule
    limit_turns = c.round_limit.rounds * n if c.round_limit.enabled else -1

    def majority(cells: list[int]) -> tuple[str, ...]:
        counts = [cells.count(i) for i in range(n)]
        top = max(counts)
        leaders = [i for i in range(n) if counts[i] == top]
        return (seats[leaders[0]],) if len(leaders) == 1 else ()

    def ahead(supply: list[int]) -> str | None:
        # engine.heuristic rates highest the one seat with strictly fewest marbles in hand
        low = min(supply)
        return seats[supply.index(low)] if supply.count(low) == 1 else None

    def play(rng: random.Random, index: int, trace: Callable[[dict[str, Any]], None] | None = None) -> GameRecord:
        cells = [-1] * (size * size)
        supply = [marbles] * n
        leaders: list[str | None] = [ahead(supply)]
        choice = rng.choice
        turn = announced = 0
        winners: tuple[str, ...] | None = None
        while turn < max_turns:
            me = turn % n
            legal = [i for i in by_name if cells[i] < 0]
            if pie and turn == 1:
                occupied = [i for i, v in enumerate(cells) if v >= 0]
                if len(occupied) == 1 and cells[occupied[0]] == 0:
                    legal.append(SWAP)
            move = choice(legal)
            if trace:
                trace({seats[me]: "swap" if move == SWAP else names[move]})
            if move == SWAP:
                cell = next(i for i, v in enumerate(cells) if v >= 0)
                cells[cell] = me
                supply[0] += 1
                supply[me] -= 1
            else:
                cells[move] = me
                supply[me] -= 1
                for ray in rays[move]:
                    j, end = 0, len(ray)
                    while j < end and cells[ray[j]] >= 0:
                        j += 1
                    if j:
                        src = ray[j - 1]
                        owner = cells[src]
                        cells[src] = -1
                        if j < end:
                            cells[ray[j]] = owner
                        else:
                            supply[owner] += 1
            turn += 1
            if supply[me] == 0:
                winners = (seats[me],)
                leaders.append(seats[me])
                break
            if supply[me] == 1:
                announced += 1
            if turn == limit_turns:
                winners = majority(cells)
                leaders.append(winners[0] if winners else None)
                break
            leaders.append(ahead(supply))
        completed = winners is not None
        if winners is None:
            winners = majority(cells)
        return GameRecord(index, completed, winners, turn, False, *lead_figures(leaders, winners), (("last_marble", announced),))

    return play

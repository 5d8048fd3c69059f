"""Integer Matrix with random agents, compiled with numba (the optional `fast` extra).

The same game as the reference engine and the Python port (`fast.py`), draw for draw, written as plain
loops over a board of cells that numba compiles to machine code: each turn scans the 8 directions from
every empty square for both faces (a few thousand simple steps, about a microsecond compiled), so no
tables are needed. Where numba is not installed, `kernels.fast_path` takes the Python port instead:
this source run as Python plays at ~3% of its speed, and the Python port's tables rest on big-integer
arithmetic that numba cannot compile (docs/simulate.md, "One source or two").

Draws: CPython's `random.Random` is a Mersenne Twister whose `getrandbits(k)`, for k ≤ 32, is the top
k bits of its next 32-bit output, and `getrandbits(32 * m)` is its next m outputs, the first in the
lowest bits. The game takes a block of outputs at once (`words.words`) and uses them in order, exactly
as the engine's calls would; a game that needs more (rare) is played again on a longer block. The
generator is left past the block, further along than after the engine's game: every game of a sweep
has its own generator (`play.game_rng`), so nothing reads it afterwards.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
from numba import njit

from kitpress.games.integer_matrix.rules import PLAY_CYCLE, SETUP_CYCLE, SETUP_FACE, Place, side_of
from kitpress.simulate.agents import RandomAgent
from kitpress.simulate.compiled_draws import draw, shuffle
from kitpress.simulate.play import GameRecord, play_game
from kitpress.simulate.words import block_exact, words

BLACK, WHITE = 1, 2  # a cell's value: the face up (0: empty)
FACE_NAMES = ("", "black", "white")
BLOCK = 256  # 32-bit outputs drawn at once: a 7 × 7 game uses about 150 (at most ~200 in 20,000 games)
NEED_MORE = -1


def rays_for(size: int) -> tuple[np.ndarray, np.ndarray]:
    """rays[s, d]: the squares from s outwards in direction d (8 of them), lengths[s, d] how many."""
    n = size * size
    rays = np.zeros((n, 8, size), np.int64)
    lengths = np.zeros((n, 8), np.int64)
    steps = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]
    for s in range(n):
        for d, (dr, dc) in enumerate(steps):
            r, c = divmod(s, size)
            r, c = r + dr, c + dc
            while 0 <= r < size and 0 <= c < size:
                rays[s, d, lengths[s, d]] = r * size + c
                lengths[s, d] += 1
                r, c = r + dr, c + dc
    return rays, lengths


@njit(cache=True, nogil=True)
def _play(
    words: np.ndarray,
    rays: np.ndarray,
    lengths: np.ndarray,
    setup_square: np.ndarray,
    setup_colour: np.ndarray,
    shows_black: np.ndarray,
    shows_white: np.ndarray,
    one_colour: bool,
    max_turns: int,
    moves: np.ndarray,
) -> tuple[int, int, bool, int, int, int, int, int]:
    """One game on the outputs in `words`: (status, turns, completed, lead, lead changes, side ahead in
    the last run, its length, additions with a negative). Status NEED_MORE: the block ran out. moves[t]
    is decision point t's placement, 2 × square + (colour - 1)."""
    n = len(lengths)
    bag = np.arange(len(shows_black))
    p = shuffle(words, 0, bag, len(bag))  # the next output to use
    if p < 0:
        return NEED_MORE, 0, False, 0, 0, 0, 0, 0
    board = np.zeros(n, np.int64)
    number = np.zeros((3, n), np.int64)  # number[colour][s]: the disc on s, that side up
    below = np.full(n, -1, np.int64)  # 0: shows a number below 0 black side up; else 1: white side up
    legal = np.empty(2 * n, np.int64)
    turns_black = np.zeros(n, np.int64)  # what a black (white) disc on each empty square turns over
    turns_white = np.zeros(n, np.int64)
    lead = changes = last = run_who = run = turns = with_negative = 0
    blacks = whites = 0
    for t in range(len(setup_square)):  # set-up: a list of one placement, which the agent still draws from
        if turns == max_turns:
            break
        zero, p = draw(words, p, 1)  # rng.choice of one, which still draws
        if zero < 0:
            return NEED_MORE, 0, False, 0, 0, 0, 0, 0
        s, colour = setup_square[t], setup_colour[t]
        disc = bag[turns]
        board[s] = colour
        number[BLACK, s], number[WHITE, s] = shows_black[disc], shows_white[disc]
        below[s] = 0 if shows_black[disc] < 0 else (1 if shows_white[disc] < 0 else -1)
        if colour == BLACK:
            blacks += 1
        else:
            whites += 1
        moves[turns] = 2 * s + colour - 1
        turns += 1
        run += 1  # level: set-up scores nothing
    completed = False
    while turns >= len(setup_square):
        # Both faces at once: a ray from an empty square that starts with a run of one colour ended
        # by the other colour lets a disc of that other colour turn the run over.
        for s in range(n):
            turns_black[s] = turns_white[s] = 0
            if board[s]:
                continue
            for d in range(8):
                length = lengths[s, d]
                if length < 2:
                    continue
                first = board[rays[s, d, 0]]
                if not first:
                    continue
                i = 1
                while i < length and board[rays[s, d, i]] == first:
                    i += 1
                if i < length and board[rays[s, d, i]] == BLACK + WHITE - first:
                    if first == WHITE:
                        turns_black[s] += i
                    else:
                        turns_white[s] += i
        count = 0  # the engine's legal placements: black squares in order, then white ones
        for s in range(n):  # the all-one-colour rule refuses turning over every disc of the other colour
            f = turns_black[s]
            if f and not (one_colour and f == whites):
                legal[count] = 2 * s
                count += 1
        for s in range(n):
            f = turns_white[s]
            if f and not (one_colour and f == blacks):
                legal[count] = 2 * s + 1
                count += 1
        if count == 0:  # the board is full, or no placement turns a disc: the game is over
            completed = True
            break
        if turns == max_turns:
            break
        r, p = draw(words, p, count)  # rng.choice(legal placements)
        if r < 0:
            return NEED_MORE, 0, False, 0, 0, 0, 0, 0
        s, colour = legal[r] // 2, legal[r] % 2 + 1
        moves[turns] = legal[r]
        disc = bag[turns]
        number[BLACK, s], number[WHITE, s] = shows_black[disc], shows_white[disc]
        below[s] = 0 if shows_black[disc] < 0 else (1 if shows_white[disc] < 0 else -1)
        score = first = number[colour, s]
        negative = first < 0
        other = BLACK + WHITE - colour
        turned = 0
        for d in range(8):  # rays from s share no square, so each can turn its discs at once
            length = lengths[s, d]
            i = 0
            while i < length and board[rays[s, d, i]] == other:
                i += 1
            if i and i < length and board[rays[s, d, i]] == colour:
                for step in range(i + 1):  # the turned discs and the bracketing one
                    q = rays[s, d, step]
                    score += number[colour, q]
                    negative |= below[q] == colour - 1
                    if step < i:
                        board[q] = colour
                turned += i
        board[s] = colour
        if negative:
            with_negative += 1
        if colour == BLACK:
            blacks += 1 + turned
            whites -= turned
        else:
            whites += 1 + turned
            blacks -= turned
        lead += score
        turns += 1
        who = 1 if lead > 0 else -1 if lead < 0 else 0  # not bool - bool: numpy refuses it when run as Python
        if who == run_who:
            run += 1
        else:
            run_who, run = who, 1
            if who:
                if last != 0 and who != last:
                    changes += 1
                last = who
    return p, turns, completed, lead, changes, run_who, run, with_negative


def build(engine: Any, players: int | None, max_turns: int) -> Callable[..., GameRecord] | None:
    c = engine.config
    n = c.board_size**2
    players_n = len(engine.seats(players))
    nsetup = len(engine.setup_index)
    seat_at = [SETUP_CYCLE[players_n][t % players_n] for t in range(nsetup)]  # who moves at each decision point
    seat_at += [PLAY_CYCLE[players_n][t % players_n] for t in range(n - nsetup)]
    setup_square = np.array(engine.setup_index, np.int64)
    setup_colour = np.array([BLACK if SETUP_FACE[side_of(seat)] == "black" else WHITE for seat in seat_at[:nsetup]], np.int64)
    shows_black = np.array([black for black, _ in c.discs], np.int64)
    shows_white = np.array([white for _, white in c.discs], np.int64)
    names = engine.geo.names
    rays, lengths = rays_for(c.board_size)
    moves = np.empty(n, np.int64)
    reference = RandomAgent()

    def play(rng: random.Random, index: int, trace: Callable[[dict[str, Any]], None] | None = None) -> GameRecord:
        if not block_exact(rng):  # a generator that draws otherwise: the reference engine plays the same game
            return play_game(engine, reference, rng, index, max_turns, players, trace)
        block = words(rng, BLOCK)
        while True:
            used, turns, completed, lead, changes, run_who, run, with_negative = _play(
                block, rays, lengths, setup_square, setup_colour, shows_black, shows_white, c.one_colour_rule, max_turns, moves
            )
            if used != NEED_MORE:
                break
            block = np.concatenate((block, words(rng, BLOCK)))  # the same outputs, and the next ones
        if trace:
            for t in range(turns):
                trace({seat_at[t]: Place(FACE_NAMES[moves[t] % 2 + 1], names[moves[t] // 2])})
        winners = ("positive",) if lead > 0 else ("negative",) if lead < 0 else ()  # engine.winner_of
        # held: the decision points at the end with the single winner ahead throughout
        held = None if not winners else (run if run_who == (1 if lead > 0 else -1) else 0)
        additions = turns - nsetup if turns > nsetup else 0
        figures = (("additions", additions), ("negative_additions", with_negative)) if additions else (("additions", None), ("negative_additions", None))
        return GameRecord(index, bool(completed), winners, turns, turns == 0, changes, held, figures)

    return play

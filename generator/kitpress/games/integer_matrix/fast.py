"""Integer Matrix with random agents, fast: the reference engine's rules on line codes.

The engine finds the legal squares of both faces with bitboard shifts, ~250 operations on Python
integers a turn. Here every line of the board (rows, columns and both diagonals, 3 squares or longer)
has a *code*: its squares read as a number in base 3 (0 empty, 1 black, 2 white). Tables made once per
board size give, for a line's code, how many discs a black or a white disc would turn over on that
line from each of its squares: a byte per (face, square) of one integer, `counts[line offset + code]`.
The game keeps the sum of those integers over all lines, `total`; no byte ever carries (16 discs at
most turn over on 7 × 7, below 128 even with the 128 added to white placements' bytes for the
translation), so each byte holds the whole count for one placement. A placement is legal
when its count is above 0, and the all-one-colour rule refuses exactly those whose count equals the
number of discs of the other colour (only those can turn over). A turn's legal placements are then a
few operations on bytes (translate, count, split) that also pick the random agent's placement.

A move changes the codes of the lines through the placed disc and through each disc it turns over,
~10 lines; for each, `total` swaps the line's old counts for its new ones. What the disc turns over is
read from one table per line through its square, which also lists the lines those discs lie on.

Cost (bench/simulate_instructions.py, seeding included): ~1.43 M machine instructions a game, against
~26.6 M for the reference engine with the random agent; ~40% is the interpreter's own loop, a quarter
big-integer arithmetic on `total` (allocation included), and the 49-disc shuffle ~45,000. Tried and
dropped: the line codes packed in one integer, so that a move is one addition per line that turns
discs, with `total` summed over the touched lines in C (`sum(map(...))` over a memoryview): 60% more
instructions, as each memoryview item is a slow call and every sum starts over from small numbers.

Same game, same draws: the bag is shuffled as `rng.shuffle` does, and each turn draws one index below
the length of the engine's list of legal placements (black squares in square order, then white ones;
during set-up a list of one, which still draws). tests/test_simulate.py plays both paths on the same
seeds and requires identical games.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any, NamedTuple

from kitpress.games.integer_matrix.rules import PLAY_CYCLE, SETUP_CYCLE, SETUP_FACE, Place, side_of
from kitpress.simulate.agents import RandomAgent
from kitpress.simulate.draws import exact, shuffle_with
from kitpress.simulate.play import GameRecord, play_game

EMPTY, BLACK, WHITE = 0, 1, 2  # a square's digit in its lines' codes
FACE_NAMES = ("", "black", "white")
COUNT_BITS = 8  # bits per (face, square) in the counts, so that they are bytes
LARGEST = 7  # board sizes with tables (3**7 codes a line); larger boards play on the reference engine

# What one line through the placed square adds to a move: the squares turned over and bracketing (a
# board mask), how many turn over, the squares whose numbers the matrix adds (turned and bracketing),
# the change the turned discs make to this line's code, and the other lines through the turned discs
# with the change to each one's code.
Outcome = tuple[int, int, tuple[int, ...], int, tuple[tuple[int, int], ...]]
# For one line through a square, as a disc of one colour placed there reads it: (line, base, flips,
# outcomes, own): flips[base + the line's field] is 0 when nothing turns over on that line, else a
# key of outcomes; own is what the placed disc itself adds to the line's code.
Read = tuple[int, int, list[int], dict[int, Outcome], int]


class Lines(NamedTuple):
    """A board size's lines and tables. Squares are numbered row by row, as the engine numbers them;
    a board mask has bit s for square s; byte f of a count is for a black disc on f (f < squares) or
    a white disc on f - squares."""

    squares: int
    offset: tuple[int, ...]  # each line's first entry in counts: its field on an empty board
    on: tuple[tuple[tuple[int, int], ...], ...]  # on[s]: (line, position of s on it) for each line through s
    counts: list[int]  # counts[offset + code]: what each placement on the line turns over on it, by byte
    reads: tuple[tuple[tuple[Read, ...], ...], ...]  # reads[colour - 1][s]: a Read for each line through s


def _line_flips(cells: list[int], p: int, colour: int) -> tuple[int, int]:
    """(positions turned over, positions bracketing) when a `colour` disc goes on empty position p."""
    other = BLACK + WHITE - colour
    turned = brackets = 0
    for step in (-1, 1):
        run, q = 0, p + step
        while 0 <= q < len(cells) and cells[q] == other:
            run |= 1 << q
            q += step
        if run and 0 <= q < len(cells) and cells[q] == colour:
            turned |= run
            brackets |= 1 << q
    return turned, brackets


@functools.cache
def lines_for(size: int) -> Lines:
    """Lines and tables for one board size (~40,000 entries for 7 × 7, made in a few tenths of a second)."""
    squares = size * size
    found: list[tuple[int, ...]] = []
    for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):  # rows, columns, both diagonals
        for r0 in range(size):
            for c0 in range(size):
                if 0 <= r0 - dr < size and 0 <= c0 - dc < size:
                    continue  # not the first square of its line
                line, r, c = [], r0, c0
                while 0 <= r < size and 0 <= c < size:
                    line.append(r * size + c)
                    r, c = r + dr, c + dc
                if len(line) >= 3:  # shorter lines bracket nothing
                    found.append(tuple(line))
    offset = tuple(sum(3 ** len(line) for line in found[:k]) for k in range(len(found)))
    on: list[list[tuple[int, int]]] = [[] for _ in range(squares)]
    for k, line in enumerate(found):
        for p, s in enumerate(line):
            on[s].append((k, p))
    # the most one placement can turn over: every line through it full to a bracket at both ends
    most = max(sum(max(0, p - 1) + max(0, len(found[k]) - p - 2) for k, p in on[s]) for s in range(squares))
    assert most < 128, "a count must fit a byte with 128 added"
    # per line length and code: what a disc on each empty position turns over, for either colour,
    # at flips[length][colour - 1][position * 3**length + code], as turned | brackets << length
    flips: dict[int, tuple[list[int], list[int]]] = {}
    same: dict[int, int] = {}  # one object per distinct value: small tables stay in the processor's caches
    for length in {len(line) for line in found}:
        codes = 3**length
        table: tuple[list[int], list[int]] = ([0] * (codes * length), [0] * (codes * length))
        for code in range(codes):
            cells = [code // 3**p % 3 for p in range(length)]
            for p in range(length):
                if cells[p] == EMPTY:
                    for colour in (BLACK, WHITE):
                        run, brackets = _line_flips(cells, p, colour)
                        if run:
                            f = run | brackets << length
                            table[colour - 1][p * codes + code] = same.setdefault(f, f)
        flips[length] = table
    counts: list[int] = []  # (3,385 distinct values among 7 × 7's 39,312 entries, each stored once)
    for line in found:
        length, codes = len(line), 3 ** len(line)
        black, white = flips[length]
        for code in range(codes):
            total = 0
            for p, s in enumerate(line):
                for byte, f in ((s, black[p * codes + code]), (squares + s, white[p * codes + code])):
                    total += (f & (1 << length) - 1).bit_count() << (COUNT_BITS * byte)
            counts.append(same.setdefault(total, total))
    position = [dict(on[s]) for s in range(squares)]  # position[s][line]
    outcomes: list[tuple[dict[int, Outcome], ...]] = []
    for line in found:
        length = len(line)
        by_colour = []
        for colour in (BLACK, WHITE):
            sign = -1 if colour == BLACK else 1  # a turned disc's digit: white (2) → black (1), or back
            here: dict[int, Outcome] = {}
            for f in {f for f in flips[length][colour - 1] if f}:
                turned = [line[p] for p in range(length) if f >> p & 1]
                brackets = [line[p] for p in range(length) if f >> (length + p) & 1]
                changes: dict[int, int] = {}
                for t in turned:
                    for k, p in on[t]:
                        changes[k] = changes.get(k, 0) + sign * 3**p
                this = changes.pop(found.index(line))
                here[f] = (sum(1 << s for s in turned + brackets), len(turned), tuple(turned + brackets), this, tuple(changes.items()))
            by_colour.append(here)
        outcomes.append(tuple(by_colour))
    reads = tuple(
        tuple(
            tuple(
                (k, position[s][k] * 3 ** len(found[k]) - offset[k], flips[len(found[k])][colour - 1], outcomes[k][colour - 1], colour * 3 ** position[s][k])
                for k, _ in on[s]
            )
            for s in range(squares)
        )
        for colour in (BLACK, WHITE)
    )  # fmt: skip
    return Lines(squares, offset, tuple(tuple(x) for x in on), counts, reads)


def build(engine: Any, players: int | None, max_turns: int) -> Callable[..., GameRecord] | None:
    c = engine.config
    if c.board_size > LARGEST:
        return None
    g = lines_for(c.board_size)
    n = g.squares
    players_n = len(engine.seats(players))
    nsetup = len(engine.setup_index)
    seat_at = [SETUP_CYCLE[players_n][t % players_n] for t in range(nsetup)]  # who moves at each decision point
    seat_at += [PLAY_CYCLE[players_n][t % players_n] for t in range(n - nsetup)]
    setup = [(s, BLACK if SETUP_FACE[side_of(seat)] == "black" else WHITE) for s, seat in zip(engine.setup_index, seat_at[:nsetup], strict=True)]
    shows_black = [black for black, _ in c.discs]
    shows_white = [white for _, white in c.discs]
    names = engine.geo.names
    counts, offset, on = g.counts, list(g.offset), g.on
    # A placement by its byte f (a black disc on f, or a white one on f - n): square, colour, Reads.
    place = [(f % n, f // n + 1, g.reads[f // n][f % n]) for f in range(2 * n)]
    # The summed counts become bytes: black placements' as they are, white placements' + 128, so that
    # one translation tells legal placements (1) from the others (0) on both faces. The all-one-colour
    # rule refuses a black placement that would turn over as many discs as there are white ones, and
    # the other way round: one translation table per (white discs, black discs).
    white_offset = sum(128 << (COUNT_BITS * f) for f in range(n, 2 * n))

    def translation(whites: int, blacks: int) -> bytes:
        table = bytearray([0] + [1] * 127 + [0] + [1] * 127)  # 0 and 128: nothing turns over
        if c.one_colour_rule:
            table[whites] = table[128 + blacks] = 0
        return bytes(table)

    legal_bytes = [[translation(w, b) for b in range(n + 1)] for w in range(n + 1)]
    # Set-up fills the same squares with the same colours in every game: its codes, counts and
    # disc counts are those of one board (only the numbers on the discs differ).
    set_up = list(offset)
    for s, colour in setup:
        for line, p in on[s]:
            set_up[line] += colour * 3**p
    set_up_total = white_offset + sum(counts[i] for i in set_up)  # what every placement would turn over
    set_up_blacks = sum(colour == BLACK for _, colour in setup)
    bag0 = list(range(len(c.discs)))
    reference = RandomAgent()

    def play(rng: random.Random, index: int, trace: Callable[[dict[str, Any]], None] | None = None) -> GameRecord:
        if not exact(rng):  # a generator that draws otherwise: the reference engine plays the same game
            return play_game(engine, reference, rng, index, max_turns, players, trace)
        getrandbits = rng.getrandbits
        bag = bag0[:]
        shuffle_with(getrandbits, bag)  # rng.shuffle(bag)
        shows = ([0] * n, [0] * n)  # the number each square's disc shows black side up, white side up
        number_on = (shows[0].__getitem__, shows[1].__getitem__)
        below = [0, 0]  # board masks: squares whose disc shows a number below 0 black (white) side up
        lead = 0  # the positive side's net score plus the negative side's: its sign names the side ahead
        # lead figures as play.lead_figures counts them, kept as the game goes: the side ahead after
        # each decision point is the sign of positive + negative (engine.heuristic), 0 when level
        changes = last = 0  # lead changes; the last side ahead
        run_who, run = 0, 0  # the latest run of decision points with the same side ahead (or level)
        turns = with_negative = 0
        for s, colour in setup:  # set-up: a list of one placement, which the agent still draws from
            if turns == max_turns:
                break
            while getrandbits(1):  # rng.choice of one: below(1)
                pass
            if trace:
                trace({seat_at[turns]: Place(FACE_NAMES[colour], names[s])})
            disc = bag[turns]
            shows[0][s] = on_black = shows_black[disc]
            shows[1][s] = on_white = shows_white[disc]
            if on_black < 0:
                below[0] |= 1 << s
            elif on_white < 0:
                below[1] |= 1 << s
            turns += 1
            run += 1  # level: set-up scores nothing
        fields = set_up[:]  # each line's offset + code
        total = set_up_total  # what every placement would turn over, a byte each
        blacks, whites = set_up_blacks, nsetup - set_up_blacks  # discs showing black, white
        completed = False
        while turns >= nsetup:  # play; set-up is over unless the cap stopped it
            legal = total.to_bytes(2 * n, "little").translate(legal_bytes[whites][blacks])  # 1: legal
            count = legal.count(1)
            if not count:  # the board is full, or no placement turns a disc: the game is over
                completed = True
                break
            if turns == max_turns:
                break
            k = count.bit_length()  # rng.choice(legal placements): below(count)
            r = getrandbits(k)
            while r >= count:
                r = getrandbits(k)
            # the r-th placement: what follows the (r + 1)-th 1 is the last part of a split at the 1s,
            # and what precedes the (count - r)-th 1 from the end the first part of a split from the right
            if r + r < count:
                s, colour, reads = place[2 * n - 1 - len(legal.split(b"\1", r + 1)[-1])]
            else:
                s, colour, reads = place[len(legal.rsplit(b"\1", count - r)[0])]
            if trace:
                trace({seat_at[turns]: Place(FACE_NAMES[colour], names[s])})
            disc = bag[turns]
            shows[0][s] = on_black = shows_black[disc]
            shows[1][s] = on_white = shows_white[disc]
            if on_black < 0:
                below[0] |= 1 << s
            elif on_white < 0:
                below[1] |= 1 << s
            number = number_on[colour - 1]
            score = first = number(s)
            added = turned = 0
            # Each line through s: what turns over on it (read before any line changes: two lines
            # through s meet only there), then the new codes of that line and of the lines through the
            # turned discs, each swapping its old counts in `total` for its new ones. Equal counts are
            # one object (lines_for stores each value once), and 4 updates in 10 change no count (most
            # of them on full lines): those skip two big-integer operations.
            for line, base, flips, outcomes, own in reads:
                old = fields[line]
                f = flips[base + old]
                if f:
                    mask, many, addends, this, lines = outcomes[f]
                    added |= mask
                    turned += many
                    score += sum(map(number, addends))
                    fields[line] = new = old + own + this
                    now, was = counts[new], counts[old]
                    if now is not was:
                        total += now - was
                    for line2, change in lines:
                        old = fields[line2]
                        fields[line2] = new = old + change
                        now, was = counts[new], counts[old]
                        if now is not was:
                            total += now - was
                else:
                    fields[line] = new = old + own
                    now, was = counts[new], counts[old]
                    if now is not was:
                        total += now - was
            if first < 0 or added & below[colour - 1]:
                with_negative += 1
            if colour == BLACK:
                blacks += 1 + turned
                whites -= turned
            else:
                whites += 1 + turned
                blacks -= turned
            lead += score  # engine: the mover's side's net score
            turns += 1
            who = (lead > 0) - (lead < 0)
            if who == run_who:
                run += 1
            else:
                run_who, run = who, 1
                if who:
                    changes += last != 0 and who != last
                    last = who
        # engine.winner_of, at the end or when time is called (stop)
        winners = ("positive",) if lead > 0 else ("negative",) if lead < 0 else ()
        # held: the decision points at the end with the single winner ahead throughout
        held = None if not winners else (run if run_who == (1 if lead > 0 else -1) else 0)
        additions = turns - nsetup if turns > nsetup else 0
        figures = (("additions", additions), ("negative_additions", with_negative)) if additions else (("additions", None), ("negative_additions", None))
        return GameRecord(index, completed, winners, turns, turns == 0, changes, held, figures)

    return play

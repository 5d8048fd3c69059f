"""Board geometry for Integer Matrix: squares, the eight directions, bracketed lines, legal squares.

Squares are indexed row by row from the top left (index = row * size + column) and named by column
letter and row number, so the top-left square is "a1" and the centre of a 7×7 board is "d4".

The colours on the board are bitmasks with one spare bit at the end of every row: a shift that runs
off the left or right edge lands in a spare bit (or off the board) and is masked away. That makes the
search for legal squares cheap enough to play thousands of random games in the tests.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

# (name, row step, column step); "n" is towards row 1, the top of the board.
DIRECTIONS: tuple[tuple[str, int, int], ...] = (
    ("n", -1, 0), ("ne", -1, 1), ("e", 0, 1), ("se", 1, 1),
    ("s", 1, 0), ("sw", 1, -1), ("w", 0, -1), ("nw", -1, -1),
)  # fmt: skip
COLUMNS = "abcdefghi"

# A bracketed line: its direction, the squares that flip (nearest first) and the bracketing square.
Line = tuple[str, tuple[int, ...], int]


class Geometry:
    """Everything about a square board of one size that never changes during a game."""

    def __init__(self, size: int) -> None:
        if not 3 <= size <= len(COLUMNS):
            raise ValueError(f"board size must be 3 to {len(COLUMNS)}, got {size}")
        self.size = size
        self.squares = size * size
        stride = size + 1  # the spare bit per row
        self.bits = tuple(1 << (r * stride + c) for r in range(size) for c in range(size))
        self.full = sum(self.bits)
        self._index_of_bit = {bit.bit_length() - 1: i for i, bit in enumerate(self.bits)}
        self.names = tuple(f"{COLUMNS[c]}{r + 1}" for r in range(size) for c in range(size))
        self.index = {name: i for i, name in enumerate(self.names)}
        self.shifts = tuple(dr * stride + dc for _, dr, dc in DIRECTIONS)
        self.rays = tuple(self._rays(i) for i in range(self.squares))
        # Every square any ray from a square passes over: a placement can flip nothing outside it.
        self.reach = tuple(sum(self.bits[j] for _, ray in rays for j in ray) for rays in self.rays)

    def _rays(self, i: int) -> tuple[tuple[str, tuple[int, ...]], ...]:
        r, c = divmod(i, self.size)
        out = []
        for name, dr, dc in DIRECTIONS:
            ray = []
            rr, cc = r + dr, c + dc
            while 0 <= rr < self.size and 0 <= cc < self.size:
                ray.append(rr * self.size + cc)
                rr, cc = rr + dr, cc + dc
            if ray:
                out.append((name, tuple(ray)))
        return tuple(out)

    def squares_in(self, mask: int) -> Iterator[int]:
        """The square indices whose bits are set, in index order."""
        while mask:
            low = mask & -mask
            yield self._index_of_bit[low.bit_length() - 1]
            mask ^= low

    def mask(self, squares: Iterator[int] | tuple[int, ...] | list[int]) -> int:
        return sum(self.bits[i] for i in set(squares))


@functools.cache
def geometry(size: int) -> Geometry:
    return Geometry(size)


def candidate_mask(g: Geometry, own: int, opp: int) -> int:
    """Empty squares where a disc of colour `own` would bracket at least one line of `opp`.

    From every `own` disc, walk each direction across a run of `opp` discs; an empty square at the
    end of the run is a candidate. The all-one-colour restriction is not applied here.
    """
    empty = g.full & ~(own | opp)
    found = 0
    more = g.size - 3  # the longest run between two squares is size - 2 discs
    for by in g.shifts:
        if by > 0:
            run = (own << by) & opp
            for _ in range(more):
                run |= (run << by) & opp
            found |= (run << by) & empty
        else:
            by = -by
            run = (own >> by) & opp
            for _ in range(more):
                run |= (run >> by) & opp
            found |= (run >> by) & empty
    return found


def lines(g: Geometry, own: int, opp: int, square: int) -> list[Line]:
    """Every line a disc of colour `own` on `square` brackets: unbroken `opp` discs, then an `own` disc."""
    found: list[Line] = []
    bits = g.bits
    for name, ray in g.rays[square]:
        run: list[int] = []
        for j in ray:
            if opp & bits[j]:
                run.append(j)
                continue
            if own & bits[j] and run:
                found.append((name, tuple(run), j))
            break  # an empty square (a gap), the edge or an own disc ends the ray
    return found


def refusal(g: Geometry, own: int, opp: int, square: int, one_colour_rule: bool = True) -> str | None:
    """Why a disc of colour `own` may not go on `square`, or None when it may."""
    if (own | opp) & g.bits[square]:
        return "occupied"
    found = lines(g, own, opp, square)
    if not found:
        return "nothing flips"
    flipped = g.mask(j for _, run, _ in found for j in run)
    if one_colour_rule and flipped == opp:
        return "all one colour"
    return None


def legal_squares(g: Geometry, own: int, opp: int, one_colour_rule: bool = True) -> list[int]:
    """Squares where a disc of colour `own` may go, the all-one-colour restriction included."""
    candidates = g.squares_in(candidate_mask(g, own, opp))
    if not one_colour_rule:
        return list(candidates)
    # Only a placement whose rays cover every `opp` disc could turn the board one colour.
    return [i for i in candidates if opp & ~g.reach[i] or refusal(g, own, opp, i) is None]


def any_legal(g: Geometry, black: int, white: int, one_colour_rule: bool = True) -> bool:
    """Can any disc go anywhere, either side up? The same answer for every player."""
    return any(legal_squares(g, own, opp, one_colour_rule) for own, opp in ((black, white), (white, black)))

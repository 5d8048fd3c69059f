"""Board geometry for Momentum (Phil Leduc): cell names, the eight directions, momentum, the round track.

Cells are indexed row-major from the bottom-left corner: index = (row - 1) * size + (column - 1).
Columns are letters (A at the left), rows are numbers (1 at the bottom, nearest the first player).
A cell holds -1 when empty, otherwise the index of the seat whose marble lies there.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

EMPTY = -1
LETTERS = "ABCDEFGHI"  # the config caps the board at 9 so every name is one letter and one digit

# Clockwise from north; north is towards the highest row.
DIRECTIONS: tuple[tuple[str, int, int], ...] = (
    ("north", 0, 1), ("north-east", 1, 1), ("east", 1, 0), ("south-east", 1, -1),
    ("south", 0, -1), ("south-west", -1, -1), ("west", -1, 0), ("north-west", -1, 1),
)  # fmt: skip


@dataclass(frozen=True)
class Push:
    """The last marble of one line moves one cell outward; `dst` None means it fell off the board."""

    direction: str
    owner: int
    src: int
    dst: int | None


def cell_name(index: int, size: int) -> str:
    return f"{LETTERS[index % size]}{index // size + 1}"


def parse_cell(name: object, size: int) -> int:
    """'D4' → its index; ValueError naming the board's range for anything else."""
    text = str(name).strip().upper()
    if len(text) == 2 and text[0] in LETTERS[:size] and text[1].isdigit() and 1 <= int(text[1]) <= size:
        return (int(text[1]) - 1) * size + LETTERS.index(text[0])
    raise ValueError(
        f"{name!r} is not a cell: expected a column A–{LETTERS[size - 1]} and a row 1–{size}, like D4"
    )


def momentum(cells: list[int], size: int, drop: int, order: Iterable[int] = range(8)) -> list[Push]:
    """Resolve a drop on `drop` in place, one direction at a time in `order` (indices into DIRECTIONS).

    The line in a direction is the unbroken run of marbles starting next to the drop; its last marble
    moves to the first cell past the run, which is empty by definition, or falls off. Lines in different
    directions lie on different rays from the drop, so the order cannot change the result.
    """
    pushes: list[Push] = []
    x0, y0 = drop % size, drop // size
    for k in order:
        name, dx, dy = DIRECTIONS[k]
        x, y = x0 + dx, y0 + dy
        last = None
        while 0 <= x < size and 0 <= y < size and cells[y * size + x] != EMPTY:
            last = y * size + x
            x, y = x + dx, y + dy
        if last is None:
            continue
        owner = cells[last]
        cells[last] = EMPTY
        dst = None
        if 0 <= x < size and 0 <= y < size:
            dst = y * size + x
            cells[dst] = owner
        pushes.append(Push(name, owner, last, dst))
    return pushes


def rows(cells: Sequence[int], size: int, letters: str) -> list[str]:
    """The board as text, top row (the highest number) first; '.' is empty, else the seat's letter."""
    return [
        "".join("." if (c := cells[r * size + x]) == EMPTY else letters[c] for x in range(size))
        for r in range(size - 1, -1, -1)
    ]


def parse_rows(lines: object, size: int, letters: str) -> list[int]:
    """The inverse of `rows`; ValueError with the row number for a wrong shape or an unknown letter."""
    if not isinstance(lines, list) or len(lines) != size:
        raise ValueError(f"expected a list of {size} rows, top row ({size}) first")
    cells = [EMPTY] * (size * size)
    for i, line in enumerate(lines):
        row = size - i
        text = str(line).replace(" ", "").upper()
        if len(text) != size:
            raise ValueError(f"row {row} ({line!r}) must have {size} cells")
        for x, ch in enumerate(text):
            if ch == ".":
                continue
            if ch not in letters:
                raise ValueError(f"row {row}: {ch!r} is not a marble; use '.' or one of {', '.join(letters)}")
            cells[(row - 1) * size + x] = letters.index(ch)
    return cells


def track(size: int) -> list[tuple[int, int]]:
    """The round-tracking path: the squares just outside the grid, corners left out, as (x, y) with
    x = 1..size for columns A.., 0 and size + 1 outside; y likewise for rows. It starts below A1 and
    runs along the bottom to the right, up the right side, back along the top and down the left side.
    """
    bottom = [(x, 0) for x in range(1, size + 1)]
    right = [(size + 1, y) for y in range(1, size + 1)]
    top = [(x, size + 1) for x in range(size, 0, -1)]
    left = [(0, y) for y in range(size, 0, -1)]
    return bottom + right + top + left

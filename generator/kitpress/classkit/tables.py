"""Seat a class at tables: as few tables as possible, each of a size the game allows.

The rule (documented in docs/teacher-kit.md): a game is played in groups of the largest size its
spec allows (identity.players.max) and its engine accepts, so a class needs as few sets as possible.
Tables are kept as even as the allowed sizes permit. Students who cannot be seated (an odd student in
a two-player game) become student referees, at most one per table.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Seating:
    """Table sizes (largest first) and the students left to referee."""

    sizes: tuple[int, ...]
    referees: int = 0

    @property
    def tables(self) -> int:
        return len(self.sizes)

    @property
    def students(self) -> int:
        return sum(self.sizes) + self.referees

    def describe(self) -> str:
        """'7 tables of 4', '10 tables: 8 of 3 and 2 of 2', with referees when there are any."""
        counts = sorted(((size, self.sizes.count(size)) for size in set(self.sizes)), reverse=True)
        if len(counts) == 1:
            size, n = counts[0]
            text = f"{n} table{'s' if n != 1 else ''} of {size}"
        else:
            text = f"{self.tables} tables: " + " and ".join(f"{n} of {size}" for size, n in counts)
        if self.referees:
            text += f", and {self.referees} student referee{'s' if self.referees != 1 else ''}"
        return text


def seat_class(students: int, allowed: Iterable[int]) -> Seating | None:
    """The fewest tables, then the most even sizes, seating everyone or all but a few referees.

    None when the class is smaller than the smallest allowed table.
    """
    sizes = sorted(set(allowed))
    if not sizes or students < sizes[0]:
        return None
    for referees in range(students):
        seated = students - referees
        for tables in range(math.ceil(seated / sizes[-1]), seated // sizes[0] + 1):
            if referees > tables:
                continue
            split = _even_split(seated, tables, sizes)
            if split is not None:
                return Seating(split, referees)
    return None  # pragma: no cover - referees == students - sizes[0] always seats one table


def _even_split(total: int, tables: int, sizes: list[int]) -> tuple[int, ...] | None:
    """`total` students at `tables` tables using at most two allowed sizes, as evenly as possible."""
    best: tuple[int, int, tuple[int, ...]] | None = None
    for i, small in enumerate(sizes):
        for large in sizes[i:]:
            if large == small:
                if small * tables != total:
                    continue
                n_large = tables
            else:
                n_large, rest = divmod(total - small * tables, large - small)
                if rest or not 0 <= n_large <= tables:
                    continue
            split = (large,) * n_large + (small,) * (tables - n_large)
            key = (max(split) - min(split), -max(split), split)
            if best is None or key[:2] < best[:2]:
                best = key
    return best[2] if best else None

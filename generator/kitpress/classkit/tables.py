"""Seat a class at tables of sizes a game allows.

The rule (documented in docs/teacher-kit.md "How many sets: the seating rule"):
- a game with a preferred size (the teacher's --table-size, else the spec's identity.best) is played at
  tables of it; where it cannot seat everyone, the rest sit at tables of one other size, the nearest to
  it (then the fewest tables, then the most even);
- a game without one is played at the largest tables it allows, so a class needs as few sets as possible,
  kept as even as the allowed sizes permit;
- the design document's own counts come first: a count the kit adds is used only where the document's
  leave a student without a seat;
- students who cannot be seated (an odd student in a two-player game) become student referees, at most
  one per table.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field, replace


@dataclass(frozen=True)
class Seating:
    """Table sizes (largest first), the students left to referee, and why the tables are of those sizes."""

    sizes: tuple[int, ...]
    referees: int = 0
    reason: str = field(default="", compare=False)  # a sentence for the teacher (see seat)

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


def seat_near(students: int, allowed: Iterable[int], preferred: int) -> Seating | None:
    """Tables of `preferred`, and the rest at tables of one other allowed size: the fewest referees, then
    the fewest seats away from `preferred` (summed over the tables), then the fewest tables, then the
    most even sizes. None when the class is smaller than the smallest allowed table."""
    sizes = sorted(set(allowed))
    if not sizes or students < sizes[0]:
        return None
    for referees in range(students):
        seated = students - referees
        best: tuple[tuple[int, int, int], tuple[int, ...]] | None = None
        for other in sizes:
            for n_other in range(seated // other + 1):
                n_pref, rest = divmod(seated - other * n_other, preferred) if preferred in sizes else (0, seated - other * n_other)
                if rest or referees > n_pref + n_other:
                    continue
                split = tuple(sorted((preferred,) * n_pref + (other,) * n_other, reverse=True))
                if not split:
                    continue
                key = (n_other * abs(other - preferred), len(split), max(split) - min(split))
                if best is None or key < best[0]:
                    best = (key, split)
        if best is not None:
            return Seating(best[1], referees)
    return None  # pragma: no cover - referees == students - sizes[0] always seats one table


def seat(students: int, document: Iterable[int], added: Iterable[int] = (), preferred: int | None = None, chosen: bool = False) -> Seating | None:
    """The seating rule above: the document's counts first, the kit's added counts only when they seat
    more students; at `preferred` when given (`chosen`: by the teacher, else the game's best), else at
    the fewest tables. The reason says which."""
    document, added = sorted(set(document)), sorted(set(added) - set(document))
    if preferred is not None and preferred in added:  # the teacher chose an added size: it joins the rest
        document, added = sorted({*document, *added}), []

    def place(sizes: list[int]) -> Seating | None:
        if preferred is None:
            return seat_class(students, sizes)
        return seat_near(students, sizes, preferred)

    seating = place(document) if document else None
    # An added size only seats whom the document's sizes cannot: near the preferred or largest of those.
    anchor = preferred if preferred is not None else max(document, default=None)
    with_added = (seat_near(students, [*document, *added], anchor) if anchor else seat_class(students, added)) if added else None
    used_added = with_added is not None and (seating is None or with_added.referees < seating.referees)
    if used_added:
        seating = with_added
    if seating is None:
        return None
    if len({*document, *added}) == 1:
        return replace(seating, reason=f"The game is played by {document[0] if document else added[0]} players, no more and no fewer" + ("; the student left over referees." if seating.referees == 1 else "; the students left over referee." if seating.referees else "."))
    return replace(seating, reason=_reason(seating, preferred, chosen, added if used_added else []))


def _tables(n: int, size: int) -> str:
    return f"{n} table{'s' if n != 1 else ''} of {size}"


def _reason(seating: Seating, preferred: int | None, chosen: bool, added: list[int]) -> str:
    """Why these sizes: 'Tables of 4, the number of players the game plays best with; 1 table of 5 seats the rest.'"""
    if preferred is None:
        text = "As few tables as the game allows (its largest groups), so the class needs the fewest sets"
        others = []
    else:
        text = f"Tables of {preferred}, " + ("as chosen for this class" if chosen else "the number of players the game plays best with")
        others = sorted({s for s in seating.sizes if s != preferred}, reverse=True)
    if others:
        rest = " and ".join(_tables(seating.sizes.count(s), s) for s in others)
        text += f"; {rest} seat{'s' if sum(seating.sizes.count(s) for s in others) == 1 else ''} the rest"
    if added:
        sizes = " or ".join(str(s) for s in added if s in seating.sizes)
        if sizes:
            text += f"; a table of {sizes} is the kit's addition to the game's player counts, used only so that everyone has a seat"
    if seating.referees:
        text += f"; {'the student' if seating.referees == 1 else 'the students'} left over referee{'s' if seating.referees == 1 else ''}"
    return text + "."

"""How long the cutting takes, and with what: each set's pieces, its straight cuts on a paper trimmer and its
circles (with the punch the spec names for them, else scissors), counted from the print jobs' own art and
sheets, and minutes at stated rates. Nothing here is typed per game.

Straight cuts, with a trimmer (guillotine or rotary) that cuts a whole sheet along one line:
- abutting cards (a grid sharing its cut lines): every vertical line once across the sheet, then each
  column's strip along each of its horizontal lines (a sheet of 4 × 2 poker cards: 5 + 4 × 3 = 17 cuts for 8 cards);
- any other square-cornered piece has its own bleed and so four edges of its own: 4 cuts;
- a round piece is one press of its punch, or one circle cut with scissors.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from kitpress import punches
from kitpress.pieces import PrintJob
from kitpress.sheets.presets import Preset
from kitpress.spec_model import Punch

# The rates, per cut, for one adult working steadily: a trimmer cut is lining the marks up with the blade,
# holding the sheet and cutting, then moving the strip on (about 6 s); a punch press is turning the punch
# over to see the printed circle inside its hole, pressing and taking the piece out (about 4 s); a 20 mm
# circle cut with scissors is about 7 cm of curve, turned as it is cut (about 30 s).
STRAIGHT_S = 6
PUNCH_S = 4
SCISSORS_S = 30
RATES = f"{STRAIGHT_S} s a trimmer cut, {PUNCH_S} s a punched circle and {SCISSORS_S} s a circle cut with scissors"


@dataclass(frozen=True)
class Cutting:
    """The cutting of one copy (a file, a set, a class)."""

    pieces: int = 0
    straight: int = 0  # trimmer cuts
    punched: tuple[tuple[str, int], ...] = ()  # (punch size, circles), sorted by size
    scissors: int = 0  # round pieces no punch is named for
    round_names: tuple[tuple[str, str, int], ...] = field(default=(), compare=False)  # (punch size or "", what, count)

    @property
    def circles(self) -> int:
        return sum(n for _, n in self.punched) + self.scissors

    @property
    def seconds(self) -> int:
        return self.straight * STRAIGHT_S + sum(n for _, n in self.punched) * PUNCH_S + self.scissors * SCISSORS_S

    @property
    def minutes(self) -> int:
        return -(-self.seconds // 60)

    def __add__(self, other: Cutting) -> Cutting:
        punched = Counter(dict(self.punched)) + Counter(dict(other.punched))
        names = Counter({(s, w): n for s, w, n in self.round_names}) + Counter({(s, w): n for s, w, n in other.round_names})
        return Cutting(
            self.pieces + other.pieces, self.straight + other.straight, tuple(sorted(punched.items())), self.scissors + other.scissors,
            tuple(sorted((s, w, n) for (s, w), n in names.items())),
        )  # fmt: skip

    def times(self, n: int) -> Cutting:
        total = Cutting()
        for _ in range(n):
            total += self
        return total


def total(cuttings: Iterable[Cutting]) -> Cutting:
    out = Cutting()
    for c in cuttings:
        out += c
    return out


def _grid_cuts(job: PrintJob, preset: Preset) -> int:
    """Trimmer cuts for a job of abutting cards: across each sheet, then down each column's strip."""
    from kitpress.sheets.impose import front_sheets

    cuts = 0
    for sheet in front_sheets(job, preset):
        places = [p for p in sheet.placements if p.side == "front"]
        xs = {round(x, 2) for p in places for x in (p.x, p.x + p.w)}
        columns: dict[float, set[float]] = {}
        for p in places:
            columns.setdefault(round(p.x, 2), set()).update({round(p.y, 2), round(p.y + p.h, 2)})
        cuts += len(xs) + sum(len(ys) for ys in columns.values())
    return cuts


def of_job(job: PrintJob, preset: Preset, declared: Iterable[Punch], what: str = "") -> Cutting:
    """One copy of a job, cut: its pieces, trimmer cuts and circles (`what`: the round pieces' name)."""
    by_piece = {piece: p.size for p in declared for piece in p.pieces}
    arts = job.fronts
    rect = [a for a in arts if a.shape != "circle"]
    straight = _grid_cuts(job, preset) if job.layout == "grid9" else 4 * len(rect)
    punched: Counter[str] = Counter()
    names: Counter[tuple[str, str]] = Counter()
    scissors = 0
    for art in arts:
        if art.shape != "circle":
            continue
        size = by_piece.get(art.fits, "")
        if size:
            punched[size] += 1
        else:
            scissors += 1
        names[(size, what or job.title or job.name)] += 1
    return Cutting(len(arts), straight, tuple(sorted(punched.items())), scissors, tuple(sorted((s, w, n) for (s, w), n in names.items())))


def punch_words(size: str) -> str:
    return punches.words(size)

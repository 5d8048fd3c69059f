"""What a class needs, worked out from the built kits: which file to print on which paper, how many
copies, how many sheets, what to cut, what else to bring: manifests, specs and the renderers' print jobs
in, numbers out; nothing is written here.

The rules, documented in docs/teacher-kit.md:
- every table gets one copy of each game file (cards, board, tokens, referee card, sheets, the student
  rules); the duplex calibration page and each game's teacher's book are printed once for the class;
- the card-backs-only files are left out: the card files already carry the backs for duplex printing;
- paper: boards, cards, tokens and referee cards on card stock; the rule books and full-page sheets
  (both sides at least 150 mm) on plain paper, uncut;
  labels on label paper;
- sides: as the manifest says; a rule book of pages is printed double-sided (long edge);
- sheets = pages (single-sided) or pages / 2 rounded up (double-sided), times the copies.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kitpress.classkit.cutting import Cutting, total
from kitpress.classkit.cutting import of_job as cutting_of
from kitpress.classkit.tables import Seating, seat
from kitpress.errors import UsageError
from kitpress.packs import art_for
from kitpress.sheets.presets import Preset
from kitpress.spec.load import LoadedSpec
from kitpress.stock import (
    BOOKS,
    LABEL_KINDS,
    ONE_SIDED,
    PLAIN,
    job_path,
    set_entries,
    stock_for,
    stock_rank,
    title_and_cut,
)

if TYPE_CHECKING:
    from kitpress.classkit.ink import Ink
    from kitpress.classkit.jobs import PrintRun

PAPER_NAMES = {"letter": "Letter", "a4": "A4", "universal": "Letter or A4 (universal layout, print at 100%)"}
SIDES = {"none": "single-sided", "long-edge": "double-sided, flip on long edge", "short-edge": "double-sided, flip on short edge", "gutterfold": "single-sided, then folded (gutterfold)", "manual": "double-sided by hand"}
BRING_PRINT_KINDS = frozenset({"none", *LABEL_KINDS})  # a label is printed for something you bring


@dataclass(frozen=True)
class PrintItem:
    """One file to print, and how."""

    path: str  # inside the kit folder
    source: Path  # the built file it is copied from (or the kit file itself)
    title: str
    kind: str
    stock: str
    duplex: str  # none | long-edge | short-edge
    pages: int
    copies: int
    cut: str = ""  # what one copy is cut into; "" when nothing is cut
    note: str = ""
    single_sided: bool = False  # each page a sheet of its own, blank behind, even in a double-sided job (PrintJob.single_sided)
    cutting: Cutting = field(default_factory=Cutting)  # one copy's cutting (classkit.cutting)

    @property
    def sheets_per_copy(self) -> int:
        return self.pages if self.duplex in ONE_SIDED else math.ceil(self.pages / 2)

    @property
    def sheets(self) -> int:
        return self.sheets_per_copy * self.copies

    @property
    def sides(self) -> str:
        return SIDES.get(self.duplex, f"double-sided ({self.duplex})")


@dataclass(frozen=True)
class BringItem:
    name: str
    detail: str
    count: int


@dataclass(frozen=True)
class GamePlan:
    loaded: LoadedSpec
    seating: Seating
    items: tuple[PrintItem, ...]
    bring: tuple[BringItem, ...]

    @property
    def id(self) -> str:
        return self.loaded.id

    @property
    def title(self) -> str:
        title = str(self.loaded.spec.identity.title)
        variant = next((v for v in self.loaded.spec.variants if v.id == self.loaded.variant), None)
        return title if variant is None else f"{title} ({self.loaded.text(variant.name)})"

    @property
    def minutes(self) -> str:
        m = self.loaded.spec.identity.minutes
        if m is None:  # the design document states none, and kitpress does not guess one
            return ""
        return f"{m.min} minutes" if m.min == m.max else f"{m.min}–{m.max} minutes"

    @property
    def cutting(self) -> Cutting:
        """One set's cutting."""
        return total(item.cutting for item in self.items)

    @property
    def players(self) -> str:
        return self.loaded.spec.identity.player_words()  # as the rule books say it: "2 or 4 players"


@dataclass(frozen=True)
class KitPlan:
    class_size: int
    paper: str
    games: tuple[GamePlan, ...]
    class_items: tuple[PrintItem, ...] = field(default=())
    printer: dict[str, Any] | None = None  # the printer profile the kit was built with
    runs: tuple[PrintRun, ...] = ()  # the print jobs, once they are made (classkit.jobs)
    set_marks: bool = False  # each set's backs carry its letter (classkit.sets)
    ink: dict[str, Ink] = field(default_factory=dict)  # each print job's (by file name), once it is made
    preset: Preset = field(default_factory=Preset)  # what the games were built with

    @property
    def paper_name(self) -> str:
        return PAPER_NAMES.get(self.paper, self.paper)

    def all_items(self) -> list[PrintItem]:
        return [*self.class_items, *(item for game in self.games for item in game.items)]

    def sheets_by_stock(self) -> dict[str, int]:
        """What the class prints: the print jobs (covers included) and the packing list; before the jobs
        are made, every item's sheets."""
        totals: Counter[str] = Counter()
        if self.runs:
            for run in self.runs:
                totals[run.stock] += run.sheets
            totals.update({i.stock: i.sheets for i in self.class_items if i.kind == "packing-list"})
        else:
            for item in self.all_items():
                totals[item.stock] += item.sheets
        return {stock: totals[stock] for stock in sorted(totals, key=stock_rank)}

    @property
    def sets(self) -> int:
        return sum(game.seating.tables for game in self.games)

    @property
    def cutting(self) -> Cutting:
        """The whole class's cutting: each game's set, times its sets."""
        return total(game.cutting.times(game.seating.tables) for game in self.games)

    def full_title(self, item: PrintItem) -> str:
        """An item's title with its game's ('Momentum Game!: Cards'), where the item alone leaves it open."""
        game = next((g for g in self.games if item in g.items), None)
        return item.title if game is None else f"{game.title}: {item.title[:1].lower() + item.title[1:] if item.title[1:2].islower() else item.title}"

    def with_class_items(self, items: list[PrintItem]) -> KitPlan:
        return replace(self, class_items=tuple(items))


def allowed_table_sizes(loaded: LoadedSpec) -> list[int]:
    """Player counts the spec allows and the engine accepts (Integer Matrix: 2 or 4, never 3)."""
    counts = loaded.spec.identity.allowed_player_counts()
    sizes = []
    for n in counts:
        try:
            loaded.engine.seats(n)
        except ValueError:
            continue
        sizes.append(n)
    return sizes or counts


def seating_for(loaded: LoadedSpec, class_size: int, table_size: int | None = None) -> Seating:
    """The class at tables (classkit.tables): at `table_size` when the teacher chose one, else at the
    spec's best; the kit's added player counts only where the document's leave a student out."""
    allowed = allowed_table_sizes(loaded)
    identity = loaded.spec.identity
    if table_size is not None and table_size not in allowed:
        raise UsageError(f"--table-size {loaded.id}={table_size}: {identity.title} is played by {_counts(allowed)} players")
    added = [n for n in allowed if n in identity.added_player_counts]
    document = [n for n in allowed if n not in added]
    preferred = table_size if table_size is not None else identity.best
    seating = seat(class_size, document, added, preferred, chosen=table_size is not None)
    if seating is None:
        raise UsageError(f"a class of {class_size} is too small for {loaded.id}: it needs at least {min(allowed)} players")
    return seating


def _counts(sizes: list[int]) -> str:
    """'2 or 4', '2 to 6'."""
    if len(sizes) > 2 and sizes == list(range(sizes[0], sizes[-1] + 1)):
        return f"{sizes[0]} to {sizes[-1]}"
    return ", ".join(map(str, sizes[:-1])) + (" or " if len(sizes) > 1 else "") + str(sizes[-1])


def read_manifest(folder: Path) -> dict[str, Any]:
    try:
        data = json.loads((folder / "manifest.json").read_text("utf-8"))
    except (OSError, ValueError) as exc:
        raise UsageError(f"{folder}: no readable manifest.json ({exc}); build the game first") from None
    if not isinstance(data, dict) or not isinstance(data.get("files"), list):
        raise UsageError(f"{folder / 'manifest.json'}: not a kitpress manifest")
    return data


def plan_game(loaded: LoadedSpec, folder: Path, preset: Preset, class_size: int, table_size: int | None = None) -> GamePlan:
    seating = seating_for(loaded, class_size, table_size)
    manifest = read_manifest(folder)
    jobs = {job_path(loaded.id, job, preset): job for job in art_for(loaded.spec.engine).jobs(loaded)}
    order = list(jobs)
    items: list[PrintItem] = []
    backs = {f"{loaded.id}-{job.name}-backs-{preset.suffix(cards=job.layout == 'grid9')}.pdf": job for job in jobs.values() if job.backs}
    for entry in set_entries(manifest["files"], preset.paper, with_backs=preset.duplex == "none"):  # one complete set, without the files others hold
        path, kind = str(entry.get("path", "")), str(entry.get("kind", ""))
        pages = int(entry.get("pages") or 0)
        duplex = str(entry.get("duplex") or "none")
        job = jobs.get(path)
        held = [jobs[p] for p in entry.get("holds", ()) if p in jobs]
        if path in backs:  # no duplex: the backs are a file of their own, printed on the fronts' reverse
            front = backs[path]
            title, cut = f"{front.title or front.name} (backs)", ""
        elif kind == "booklet":
            title = "Student rules"
            if duplex == "none":
                duplex = "long-edge"
            cut = "fold and staple" if "saddle" in path else ""
        else:
            title, cut = title_and_cut(kind, job, held)
            if kind == "pieces":
                order.append(path)
        stock = stock_for(kind, job)
        if (stock == PLAIN and kind != "booklet") or (job is not None and job.as_printed):
            cut = ""  # a sheet to read or write on is used as printed
        single = job is not None and job.single_sided
        declared = loaded.spec.production.punches
        cutting = total(cutting_of(j, preset, declared) for j in ([] if kind == "pieces" or job is None else [job]) + held) if cut else Cutting()
        items.append(PrintItem(f"{loaded.id}/{path}", folder / path, title, kind, stock, duplex, pages, seating.tables, cut, single_sided=single, cutting=cutting))
    rank = {path: i for i, path in enumerate(order)}
    items.sort(key=lambda item: (item.kind in BOOKS, rank.get(item.path.split("/", 1)[1], len(rank)), item.path))
    return GamePlan(loaded, seating, tuple(items), tuple(bring_list(loaded, seating)))


def calibration_items(folders: list[Path], preset: Preset) -> list[PrintItem]:
    """The duplex calibration page, once for the class (the same page whichever game built it)."""
    seen: dict[str, PrintItem] = {}
    for folder in folders:
        for entry in read_manifest(folder)["files"]:
            path = str(entry.get("path", ""))
            if entry.get("kind") == "calibration" and entry.get("paper") == preset.paper and "/" not in path and path not in seen:
                note = "print once before the cards; hold it to the light to check the backs line up"
                seen[path] = PrintItem(path, folder / path, "Duplex calibration page", "calibration", PLAIN, str(entry.get("duplex") or "long-edge"), int(entry.get("pages") or 0), 1, note=note)
    return [seen[path] for path in sorted(seen)]


def teachers_books(games: list[LoadedSpec], out_dir: Path, preset: Preset) -> list[PrintItem]:
    """Each game's teacher's book, once for the class: the teacher's copy of everything the students'
    rules leave out (goals, every worked example, the rulings, the design notes)."""
    items = []
    from kitpress.build import kit_folder

    for loaded in games:
        folder = kit_folder(loaded, out_dir)
        for entry in read_manifest(folder)["files"]:
            path = str(entry.get("path", ""))
            if entry.get("kind") == "teachers-book" and entry.get("paper") == preset.paper and "/" not in path:
                title = f"Teacher's book: {loaded.spec.identity.title}"
                items.append(PrintItem(f"{loaded.id}/{path}", folder / path, title, "teachers-book", PLAIN, "long-edge", int(entry.get("pages") or 0), 1))
            elif entry.get("kind") == "assembly" and entry.get("paper") == preset.paper and "/" not in path:
                title = f"Print and assemble: {loaded.spec.identity.title}"
                note = "the teacher's page: what to print, cut and put in each set"
                items.append(PrintItem(f"{loaded.id}/{path}", folder / path, title, "assembly", PLAIN, "none", int(entry.get("pages") or 0), 1, note=note))
    return items


def bring_list(loaded: LoadedSpec, seating: Seating) -> list[BringItem]:
    """Components kitpress does not print (`print: none`), and the things a printed label goes on."""
    out = []
    for component in loaded.spec.components:
        if component.print in BRING_PRINT_KINDS and component.quantity:
            out.append(BringItem(loaded.text(component.name), loaded.text(component.description), component.quantity * seating.tables))
    return out


def plan_kit(games: list[LoadedSpec], out_dir: Path, preset: Preset, class_size: int, printer: dict[str, Any] | None = None, set_marks: bool = True, table_sizes: dict[str, int] | None = None) -> KitPlan:
    """`table_sizes`: the teacher's table size for a game, by its id."""
    from kitpress.build import kit_folder

    chosen = table_sizes or {}
    plans = tuple(plan_game(loaded, kit_folder(loaded, out_dir), preset, class_size, chosen.get(loaded.id)) for loaded in games)
    once = [*calibration_items([kit_folder(g, out_dir) for g in games], preset), *teachers_books(games, out_dir, preset)]
    return KitPlan(class_size, preset.paper, plans, tuple(once), printer, set_marks=set_marks, preset=preset)

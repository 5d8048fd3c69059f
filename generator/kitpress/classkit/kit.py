"""`kitpress kit`: build the chosen games, then assemble OUT/classroom-kit/ and OUT/classroom-kit.zip.

Gather and validate first (every spec loads, every game can seat the class, and nothing kitpress did not
write stands where the kit goes), build, then assemble the kit in memory, swap it in as one folder (see
`outfolder`), and write the zip and OUT/index.html last.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from kitpress import __version__, outfolder
from kitpress.build import build_games
from kitpress.classkit import KIT_FOLDER, MAX_CLASS_SIZE, classpack, gallery, guide, ink, jobs, packing, sets
from kitpress.classkit.archive import zip_files
from kitpress.classkit.assembly_page import class_kit_page
from kitpress.classkit.cutting import Cutting
from kitpress.classkit.plan import PLAIN, KitPlan, PrintItem, plan_kit, seating_for
from kitpress.errors import UsageError
from kitpress.sheets.presets import PAPER_CHOICES, Preset
from kitpress.spec.load import LoadedSpec, load_spec

KIT_LAYOUTS = ("9up", "8up")  # 1-up files are for print services, not a classroom printer (commands.kit has the same)


@dataclass(frozen=True)
class KitOptions:
    """`build`'s print options, a rules variant per game, and the printer profile used (its record)."""

    layout: str = "9up"
    duplex: str = "long-edge"
    back_offset_mm: tuple[float, float] = (0.0, 0.0)
    ink: str = "full"
    booklet: str = "pages"
    variants: dict[str, str] = field(default_factory=dict)  # game (as chosen, or its id) → variant id
    printer: dict[str, Any] | None = None
    set_marks: bool = True  # each set's backs carry its letter on a colour band (classkit.sets)
    progress: Callable[[str], None] | None = None  # hears each stage's name
    table_sizes: dict[str, int] = field(default_factory=dict)  # game (as chosen, or its id) → players a table

    def preset(self, paper: str) -> Preset:
        if self.layout not in KIT_LAYOUTS:
            raise UsageError(f"--layout {self.layout}: a class kit prints on the school's printer; choose {' or '.join(KIT_LAYOUTS)} (1up is for print services: kitpress build --layout 1up)")
        return Preset(paper, self.layout, self.duplex, self.back_offset_mm, self.ink, self.booklet)


def make_kit(games: list[str], class_size: int, paper: str, out_dir: Path, options: KitOptions | None = None) -> list[str]:
    """Build every game in `games` on `paper` and assemble the class kit; returns lines to show."""
    options = options or KitOptions()
    if not 1 <= class_size <= MAX_CLASS_SIZE:
        raise UsageError(f"--class-size must be 1 to {MAX_CLASS_SIZE}, not {class_size}")
    if paper not in PAPER_CHOICES:
        raise UsageError(f"unknown paper {paper!r}; expected one of: {', '.join(PAPER_CHOICES)}")
    preset = options.preset(paper)
    loaded = _load(games, options.variants)
    table_sizes = _by_id(games, loaded, options.table_sizes, "--table-size")
    for spec in loaded:
        seating_for(spec, class_size, table_sizes.get(spec.id))  # a class too small or a size the game does not allow fails before anything is built
    say = options.progress or (lambda stage: None)
    folder, archive, index = out_dir / KIT_FOLDER, out_dir / f"{KIT_FOLDER}.zip", out_dir / "index.html"
    with outfolder.writer_lock(out_dir):
        outfolder.recover(folder)
        outfolder.check_ours(folder)
        outfolder.check_top_files(out_dir, [archive.name, index.name])
        # Built apart from OUT/<game>/, so a kit on one paper never removes a full build's other paper;
        # the folder also lets a repeated kit skip games that have not changed.
        builds = outfolder.ensure_folder(out_dir, f".{KIT_FOLDER}-builds", paper)
        lines = []
        say(f"building {len(loaded)} game{'s' if len(loaded) != 1 else ''} (a game unchanged since the last kit is skipped)")
        for variant in dict.fromkeys(spec.variant for spec in loaded):  # one build a variant: build_games takes one
            group = [spec for spec in loaded if spec.variant == variant]  # as read once: the kit plans from the same bytes
            lines += build_games(group, [preset], out_dir=builds, variant=variant, printer=options.printer)
        say("planning the kit")
        plan = plan_kit(loaded, builds, preset, class_size, options.printer, options.set_marks, table_sizes)
        plan = assemble(plan, out_dir, say)
    lines.append(f"kit for a class of {class_size} on {plan.paper_name}: {folder}")
    lines += [f"  {g.title}: {g.seating.describe()}" for g in plan.games]
    lines += [f"  {packing.sheets_summary(plan)}", f"zip: {archive}", f"preview: {index}"]
    return lines


def _load(games: list[str], variants: dict[str, str]) -> list[LoadedSpec]:
    """Each game's spec, in its variant when one is named for it (by the name chosen or the game's id)."""
    if not games:
        raise UsageError("no games chosen")
    loaded = [load_spec(g) for g in games]
    ids = [spec.id for spec in loaded]
    twice = sorted({i for i in ids if ids.count(i) > 1})
    if twice:
        raise UsageError(f"a game is chosen twice: {', '.join(twice)}")
    unused = sorted(set(variants) - {*games, *ids})
    if unused:
        raise UsageError(f"--variant {unused[0]}=…: {unused[0]} is not one of the kit's games ({', '.join(ids)})")
    out = []
    for given, spec in zip(games, loaded, strict=True):
        variant = variants.get(given, variants.get(spec.id))
        out.append(spec if variant is None else spec.with_variant(variant))
    return out


def _by_id(games: list[str], loaded: list[LoadedSpec], given: dict[str, int], option: str) -> dict[str, int]:
    """An option's value for each game (named as chosen or by its id), by the game's id."""
    names = {name: spec.id for name, spec in zip(games, loaded, strict=True)} | {spec.id: spec.id for spec in loaded}
    unknown = sorted(set(given) - set(names))
    if unknown:
        raise UsageError(f"{option} {unknown[0]}=…: {unknown[0]} is not one of the kit's games ({', '.join(spec.id for spec in loaded)})")
    return {names[name]: value for name, value in given.items()}


def assemble(plan: KitPlan, out_dir: Path, say: Callable[[str], None] | None = None) -> KitPlan:
    """Write the kit folder from already-built games; returns the plan with the teacher's own files.
    Call with OUT's lock held, after `outfolder.check_ours` and `check_top_files`."""
    say = say or (lambda stage: None)
    with outfolder.os_errors(out_dir):
        files = {item.path: item.source.read_bytes() for item in plan.all_items()}
    for item in plan.class_items:  # a game's print and assemble page, naming only what the kit holds
        game = next((g for g in plan.games if item.kind == "assembly" and item.path.startswith(f"{g.id}/")), None)
        if game is not None:
            files[item.path] = class_kit_page(game, item, plan.preset, {p.split("/", 1)[1] for p in files if p.startswith(f"{game.id}/")})
    say("typesetting the teacher guide")
    guide_pdf, guide_pages = guide.render_pdf(plan)
    files["teacher-guide.pdf"] = guide_pdf
    guide_item = PrintItem("teacher-guide.pdf", out_dir / KIT_FOLDER / "teacher-guide.pdf", "Teacher guide", "guide", PLAIN, "long-edge", guide_pages, 1)
    plan = plan.with_class_items([guide_item, *plan.class_items])
    plan = _print_jobs(plan, files, say)
    files["packing-list.pdf"], pages = _packing_list(plan, out_dir)
    plan = plan.with_class_items([_packing_item(out_dir, pages), *plan.class_items])
    files["packing-list.txt"] = packing.packing_text(plan).encode("utf-8")
    files["kit.json"] = kit_json(plan)
    say("drawing the preview")
    groups, pngs = gallery.preview(plan, lambda path: files[path])
    files.update(pngs)
    files["index.html"] = gallery.render_index(plan, groups, root="").encode("utf-8")
    ordered = sorted(files.items())
    final = out_dir / KIT_FOLDER
    listing = folder_manifest(ordered)
    say("writing the kit")
    outfolder.write_folder(final, ordered, listing)
    outfolder.write_top_files(out_dir, {
        f"{KIT_FOLDER}.zip": zip_files([*ordered, (outfolder.MANIFEST, listing)], KIT_FOLDER),
        "index.html": gallery.render_index(plan, groups, root=f"{KIT_FOLDER}/").encode("utf-8"),
    })  # fmt: skip
    return plan


def _print_jobs(plan: KitPlan, files: dict[str, bytes], say: Callable[[str], None]) -> KitPlan:
    """The plan with its print jobs and their ink; each job's PDF is added to `files`."""
    marked: dict[str, tuple[bytes, ...]] = {}  # a file's copies in the print jobs, one a set with its letter
    if plan.set_marks:
        say("lettering each set's backs")
        for game in plan.games:
            marked.update({f"{game.id}/{name}": copies for name, copies in sets.set_copies(game.loaded, plan.preset, game.seating.tables).items()})
    say("packing the class's pieces together")
    packed = {f"{game.id}/{name}": made for game in plan.games for name, made in classpack.class_files(game.loaded, plan.preset, game.seating.tables).items()}
    say("merging the print jobs")
    runs = jobs.plan_runs(plan, lambda item: marked.get(item.path) or (files[item.path],) * item.copies, packing.page_count, lambda item: packed.get(item.path))
    plan = replace(plan, runs=tuple(runs))
    for run in runs:
        files[run.name] = jobs.run_pdf(run, plan)
    return replace(plan, ink={run.name: ink.pdf_ink(files[run.name]) for run in runs})


def _packing_list(plan: KitPlan, out_dir: Path) -> tuple[bytes, int]:
    """The packing list's PDF and pages. It counts its own sheets, so it is set again until the count
    it states is the count it takes (a page more or less changes one line; three tries settle it)."""
    pages = 1
    for _ in range(3):
        data = packing.packing_pdf(plan.with_class_items([_packing_item(out_dir, pages), *plan.class_items]))
        found = packing.page_count(data)
        if found == pages:
            break
        pages = found
    return data, found


def _packing_item(out_dir: Path, pages: int) -> PrintItem:
    return PrintItem("packing-list.pdf", out_dir / KIT_FOLDER / "packing-list.pdf", "Packing list", "packing-list", PLAIN, "long-edge" if pages > 1 else "none", pages, 1)


def folder_manifest(files: list[tuple[str, bytes]]) -> bytes:
    """What the class-kit folder holds, so a later kit knows every file in it is kitpress's."""
    body = {
        "kit": KIT_FOLDER,
        "kitpress": __version__,
        "files": [{"path": path, "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()} for path, data in files],
    }
    return (json.dumps(body, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def _item(item: PrintItem) -> dict[str, Any]:
    out: dict[str, Any] = {
        "path": item.path, "title": item.title, "kind": item.kind, "paper": item.stock, "duplex": item.duplex,
        "pages": item.pages, "copies": item.copies, "sheets": item.sheets,
    }  # fmt: skip
    if item.cut:
        out["cut"] = item.cut
    return out


def _run(run: jobs.PrintRun, used: ink.Ink | None) -> dict[str, Any]:
    return {
        "file": run.name, "stock": run.stock, "duplex": run.duplex, "sheets": run.sheets, "covers": list(run.covers),
        "ink_iso_pages": None if used is None else {"black": round(used.black), "colour": round(used.colour)},
        "parts": [{"paths": p.paths, "copies": len(p.copies), "sets": p.sets or len(p.copies), "packed": bool(p.sets), "pages": sum(p.pages), "sheets": p.sheets(run.double_sided)} for p in run.parts],
    }  # fmt: skip


def _cutting(c: Cutting) -> dict[str, Any]:
    return {"pieces": c.pieces, "straight_cuts": c.straight, "circles": c.circles, "punched": dict(c.punched), "scissors_circles": c.scissors, "minutes": c.minutes}


def kit_json(plan: KitPlan) -> bytes:
    """The plan as data, for scripts and tests: the same numbers as the packing list."""
    body = {
        "kitpress": __version__,
        "class_size": plan.class_size,
        "paper": plan.paper,
        "set_marks": plan.set_marks,
        **({"printer": plan.printer} if plan.printer else {}),
        "sheets": plan.sheets_by_stock(),
        "cutting": _cutting(plan.cutting),
        "jobs": [_run(r, plan.ink.get(r.name)) for r in plan.runs],
        "class": [_item(i) for i in plan.class_items],
        "games": [
            {
                "game": g.id,
                "variant": g.loaded.variant,
                "title": g.title,
                "minutes": None if (m := g.loaded.spec.identity.minutes) is None else {"min": m.min, "max": m.max},
                "tables": list(g.seating.sizes),
                "referees": g.seating.referees,
                "seating_reason": g.seating.reason,
                "sets": g.seating.tables,
                "print": [_item(i) for i in g.items],
                "bring": [{"name": b.name, "count": b.count, "detail": b.detail} for b in g.bring],
                "cutting": {"set": _cutting(g.cutting), "class": _cutting(g.cutting.times(g.seating.tables))},
            }
            for g in plan.games
        ],
    }
    return (json.dumps(body, indent=2, ensure_ascii=False) + "\n").encode("utf-8")

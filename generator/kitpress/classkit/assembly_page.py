"""Each game's print and assemble page as the class kit holds it: the game's folder there has one set's
files, not the single pieces or the backs alone, and the calibration page sits at the kit's top, so the
page is made again to name only what the folder holds (the game's own build keeps its own page)."""

from __future__ import annotations

from collections.abc import Collection

from kitpress.classkit.plan import GamePlan, PrintItem, read_manifest
from kitpress.packs import art_for
from kitpress.preflight import inked
from kitpress.sheets.assembly import assembly_pdf, page_inputs
from kitpress.sheets.presets import Preset
from kitpress.stock import job_path


def class_kit_page(game: GamePlan, item: PrintItem, preset: Preset, present: Collection[str]) -> bytes:
    """`item`'s page for the class kit; `present`: the files in the game's folder there, by name."""
    jobs = {job_path(game.id, job, preset): job for job in inked(list(art_for(game.loaded.spec.engine).jobs(game.loaded)), preset.ink)}
    entries = read_manifest(item.source.parent)["files"]
    from kitpress import cache
    from kitpress.build import _drawing_libraries, _drawn_with
    from kitpress.fingerprint import code_hash

    # through the cache as the build's own page is: a kit made again reads it back
    key = cache.key(code_hash(), _drawing_libraries(), _drawn_with(), page_inputs(game.loaded, preset.paper, entries, jobs), "\n".join(sorted(present)))
    stored = cache.get("assembly-class-kit", key)
    if stored is None:
        stored, _ = assembly_pdf(game.loaded, preset.paper, entries, jobs, present)
        cache.put("assembly-class-kit", key, stored)
    return stored

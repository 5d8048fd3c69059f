"""Build kits: gather and validate every game first, render in memory, then write atomically,
each game's manifest last. A bad spec or a failed example therefore writes nothing at all."""

from __future__ import annotations

import hashlib
import json
import os
from collections import Counter
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from kitpress import __version__, outfolder
from kitpress.check import Replay, replay_all
from kitpress.check_output import CheckedSpec, text_lines
from kitpress.errors import CheckFailed, Interrupted, KitpressError
from kitpress.fingerprint import inputs_hash, up_to_date
from kitpress.lint import Finding, LintFailed, errors, lint_jobs, lint_pdfs, lint_printed
from kitpress.packs import art_for
from kitpress.pieces import Art, PrintJob
from kitpress.render.ink import low_ink
from kitpress.sheets.calibration import calibration_pdf
from kitpress.sheets.impose import backs_only_pages, printed_pages
from kitpress.sheets.pdf import write_pdf
from kitpress.sheets.presets import SERVICE_IMAGES, Preset
from kitpress.sheets.services import one_card_per_page, service_png
from kitpress.spec.load import LoadedSpec, load_spec


@dataclass
class KitFile:
    path: str  # relative to the game's folder
    kind: str
    data: bytes
    paper: str | None = None
    pages: int | None = None
    duplex: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def entry(self) -> dict[str, Any]:
        out: dict[str, Any] = {"path": self.path, "kind": self.kind}
        if self.paper:
            out["paper"] = self.paper
        if self.pages is not None:
            out["pages"] = self.pages
        if self.duplex:
            out["duplex"] = self.duplex
        out.update(self.extra)
        out["bytes"] = len(self.data)
        out["sha256"] = hashlib.sha256(self.data).hexdigest()
        return out


def verified_replays(loaded: LoadedSpec) -> list[Replay]:
    """A booklet prints only examples the engine has just confirmed."""
    replays = replay_all(loaded.engine, list(loaded.spec.examples))
    if not all(r.ok for r in replays):
        checked = CheckedSpec(loaded.id, loaded.variant, loaded.file, replays, loaded.steps_at)
        raise CheckFailed("\n".join([f"{loaded.file}: worked examples do not hold; nothing was built", *text_lines(checked)]))
    return replays


def _job_files(loaded: LoadedSpec, job: PrintJob, preset: Preset) -> list[KitFile]:
    gid = loaded.id
    title = f"{loaded.spec.identity.title} — {job.title or job.name}"
    duplex = preset.duplex if job.backs else "none"
    pages = printed_pages(job, preset)
    suffix = preset.suffix(cards=job.layout == "grid9", backs=bool(job.backs))
    files = [KitFile(f"{gid}-{job.name}-{suffix}.pdf", job.kind, write_pdf(pages, title, job.kind, duplex), preset.paper, len(pages), duplex)]
    if job.backs and preset.duplex != "gutterfold":
        backs = backs_only_pages(job, preset)
        back_kind = "card-backs" if job.kind == "cards" else f"{job.kind}-backs"
        files.append(KitFile(f"{gid}-{job.name}-backs-{suffix}.pdf", back_kind, write_pdf(backs, f"{title} (backs)", back_kind, "none"), preset.paper, len(backs)))
    return files


def _service_files(loaded: LoadedSpec, job: PrintJob) -> list[KitFile]:
    """Print-on-demand files for a card job: one image per distinct face, one card per PDF page."""
    gid = loaded.id
    files = [KitFile(f"print-services/{gid}-{job.name}-drivethrucards.pdf", "cards-1up", one_card_per_page(list(job.fronts), list(job.backs), loaded.spec.identity.title), pages=len(job.fronts) * (2 if job.backs else 1))]
    faces: dict[str, tuple[Art, int]] = {}
    for art in (*job.fronts, *job.backs):
        known = faces.get(art.name)
        faces[art.name] = (art, (known[1] if known else 0) + 1)
    for service in SERVICE_IMAGES:
        for name, (art, copies) in sorted(faces.items()):
            entry = KitFile(f"print-services/{service}/{gid}-{job.name}-{name}.png", "card-image", service_png(art, service))
            entry.extra = {"service": service, "copies": copies}
            files.append(entry)
    return files


def _ink(jobs: list[PrintJob], ink: str) -> list[PrintJob]:
    if ink == "full":
        return jobs
    cache: dict[str, str] = {}

    def light(art: Art) -> Art:
        if art.svg not in cache:
            cache[art.svg] = low_ink(art.svg)
        return replace(art, svg=cache[art.svg])

    return [replace(j, fronts=tuple(map(light, j.fronts)), backs=tuple(map(light, j.backs))) for j in jobs]


def _render_jobs(loaded: LoadedSpec) -> list[PrintJob]:
    # The pack's art reads typed models that were checked when the spec loaded: a fault in it is a bug.
    return list(art_for(loaded.spec.engine).jobs(loaded))


_LINTED: dict[str, list[Finding]] = {}


def _lint(loaded: LoadedSpec, jobs: list[PrintJob]) -> list[Finding]:
    """The preflight of these exact pieces, measured once: in this process (rebuilds under --watch),
    and through the disk cache in the next build of the same pieces by the same code."""
    from kitpress import cache
    from kitpress.fingerprint import code_hash
    from kitpress.lint.core import declared_pairs

    # Everything the job checks read: the pieces as drawn and cut, and the colour pairs the pack declares.
    parts: list[str] = [code_hash(), loaded.id, json.dumps(declared_pairs(loaded))]
    for job in jobs:
        parts.append(f"{job.kind}|{job.name}|{job.layout}|{len(job.fronts)}|{len(job.backs)}")
        for art in (*job.fronts, *job.backs):
            parts += [json.dumps([art.name, art.trim_w, art.trim_h, art.bleed, art.shape, art.fits]), art.svg]
    key = cache.key(*parts)
    if key not in _LINTED:
        stored = cache.get("preflight", key)
        if stored is not None:
            _LINTED[key] = [Finding(**f) for f in json.loads(stored)]
        else:
            _LINTED[key] = lint_jobs(loaded, jobs)
            cache.put("preflight", key, json.dumps([asdict(f) for f in _LINTED[key]]).encode("utf-8"))
    return _LINTED[key]


def preflight_inks(loaded: LoadedSpec, base_jobs: list[PrintJob], presets: list[Preset]) -> list[Finding]:
    """The job checks on every ink the presets print, and always on the low-ink form too: a kit must not
    ship whose low-ink print (a school's black-and-white laser) loses a meaning, whichever ink this build
    writes. A finding only the low-ink form has is named so: "cards (low ink)"."""
    inks = list(dict.fromkeys([*(p.ink for p in presets), "low"]))
    found = {ink: _lint(loaded, _ink(base_jobs, ink)) for ink in inks}
    full = set(found.get("full", []))
    findings: list[Finding] = []
    for ink, listed in found.items():
        if ink == "full":
            findings += listed
        else:
            findings += [replace(f, component=f"{f.component} ({ink} ink)") for f in listed if f not in full]
    return findings


def render_game(loaded: LoadedSpec, presets: list[Preset], force: bool = False) -> list[KitFile]:
    """Every file of one game's kit, in memory; the preflight must pass first unless `force`."""
    from kitpress.booklet.saddle import impose as saddle
    from kitpress.booklet.typeset import render_pdf, render_teachers_pdf

    replays = verified_replays(loaded)
    base_jobs = _render_jobs(loaded)
    files: list[KitFile] = []
    seen: set[str] = set()

    def add(new: list[KitFile]) -> None:
        for f in new:
            if f.path not in seen:
                seen.add(f.path)
                files.append(f)

    findings = preflight_inks(loaded, base_jobs, presets)
    for preset in presets:
        jobs = _ink(base_jobs, preset.ink)
        ink = "" if preset.ink == "full" else f"-{preset.ink}-ink"
        add([KitFile(f"svg/{job.name}-{art.name}{ink}.svg", "art", art.svg.encode("utf-8")) for job in jobs for art in (*job.fronts, *job.backs)])
        for job in jobs:
            if job.layout == "grid9" and preset.layout == "1up":
                add(_service_files(loaded, job))
            else:
                add(_job_files(loaded, job, preset))
        if any(j.backs for j in jobs) and preset.duplex in ("long-edge", "short-edge"):
            name = f"calibration-{preset.paper}-{preset.duplex}.pdf"
            add([KitFile(name, "calibration", calibration_pdf(preset.paper, preset.duplex, preset.back_offset), preset.paper, 2, preset.duplex)])
        # The student rules (kind "booklet"), one folded sheet; the teacher's book is printed once a class.
        if preset.booklet == "saddle":
            half, _ = render_pdf(loaded, replays, preset.paper, half=True)
            pdf, sides = saddle(half, preset.paper)
            add([KitFile(f"{loaded.id}-rules-{preset.paper}-saddle.pdf", "booklet", pdf, preset.paper, sides, "short-edge")])
        else:
            pdf, count = render_pdf(loaded, replays, preset.paper)
            add([KitFile(f"{loaded.id}-rules-{preset.paper}.pdf", "booklet", pdf, preset.paper, count)])
        book = f"{loaded.id}-teachers-book-{preset.paper}.pdf"
        if book not in seen:
            pdf, count = render_teachers_pdf(loaded, replays, preset.paper)
            add([KitFile(book, "teachers-book", pdf, preset.paper, count)])
    pdfs = [(f.path, f.data) for f in files if f.path.endswith(".pdf")]
    findings += lint_pdfs(pdfs) + lint_printed(loaded, pdfs)
    if errors(findings) and not force:
        raise LintFailed(loaded.id, findings)
    return files


def manifest(loaded: LoadedSpec, files: list[KitFile], inputs: str = "") -> bytes:
    body = {
        "game": loaded.id,
        "title": loaded.spec.identity.title,
        "rules_version": loaded.spec.identity.version,
        "variant": loaded.variant,
        "kitpress": __version__,
        "inputs": inputs,
        "files": [f.entry() for f in sorted(files, key=lambda f: f.path)],
    }
    return (json.dumps(body, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def kit_folder(loaded: LoadedSpec, out_dir: Path) -> Path:
    # A variant's kit sits beside the base kit rather than replacing it.
    return out_dir / (loaded.id if loaded.variant is None else f"{loaded.id}--{loaded.variant}")


def write_kit(loaded: LoadedSpec, files: list[KitFile], out_dir: Path, inputs: str = "") -> Path:
    """Write the whole kit beside its folder, manifest last, and swap it in (see `outfolder`). Call with
    OUT's lock held."""
    folder = kit_folder(loaded, out_dir)
    outfolder.write_folder(folder, [(f.path, f.data) for f in files], manifest(loaded, files, inputs))
    return folder


class RenderFailed(KitpressError):
    """A game's kit that a worker process could not render: its lines and exit code, as they were."""

    def __init__(self, lines: list[str], exit_code: int) -> None:
        super().__init__("\n".join(lines))
        self._lines, self.exit_code = lines, exit_code

    def lines(self) -> list[str]:
        return self._lines


def _render_in_worker(source: str, variant: str | None, presets: list[Preset], force: bool) -> list[KitFile] | tuple[list[str], int]:
    """One game's kit in a worker process: its files, or the lines and exit code of its expected failure
    (sent as plain data: an exception with its own constructor does not always survive pickling)."""
    try:
        return render_game(load_spec(source, variant), presets, force)
    except KitpressError as exc:
        return exc.lines(), exc.exit_code


def _render_all(specs: list[LoadedSpec], presets: list[Preset], force: bool, jobs: int | None, progress: Callable[[str], None] | None) -> list[list[KitFile]]:
    """Every game's kit, in the order given. With more than one game and one core, games render side by
    side in worker processes; the kits are the same bytes either way, and the first failure in game order
    is the one reported, as in one process."""
    workers = min(len(specs), jobs or os.cpu_count() or 1)
    if workers <= 1:
        out = []
        for spec in specs:
            if progress:
                progress(spec.id)
            out.append(render_game(spec, presets, force))
        return out
    from concurrent.futures import as_completed

    from kitpress.workers import worker_pool

    with worker_pool(workers) as pool:
        futures = {pool.submit(_render_in_worker, str(spec.source), spec.variant, presets, force): spec for spec in specs}
        try:
            for done in as_completed(futures):  # progress as each game finishes
                if progress:
                    progress(futures[done].id)
            results = [f.result() for f in futures]  # in the order given
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            raise
    for result in results:
        if isinstance(result, tuple):
            raise RenderFailed(*result)
    return results  # type: ignore[return-value]


def build_games(games: list[str], presets: list[Preset], out_dir: Path, variant: str | None = None, force: bool = False, progress: Callable[[str], None] | None = None, say: Callable[[str], None] | None = None, jobs: int | None = None) -> list[str]:
    """Build each game's kit; all are validated and rendered before any is written (and before OUT is
    created), so bad input changes nothing. A kit whose inputs are unchanged since its last build is
    skipped unless `force`. One build at a time writes into `out_dir`; `say` hears why a build waits.
    `jobs`: how many games render at once (default: one per core)."""
    loaded = [load_spec(g, variant) for g in games]
    options = {"presets": [asdict(p) for p in presets], "variant": variant}
    todo: list[tuple[LoadedSpec, str]] = []
    for spec in loaded:
        inputs = inputs_hash(spec.source, options)
        if force or not up_to_date(kit_folder(spec, out_dir), inputs):
            outfolder.check_ours(kit_folder(spec, out_dir))  # refuse before the work, not after it
            todo.append((spec, inputs))
    try:
        kits = _render_all([spec for spec, _ in todo], presets, force, jobs, progress)
    except KeyboardInterrupt:
        raise Interrupted("interrupted before any kit was written; every previous kit is in place") from None
    rendered = [(spec, inputs, files) for (spec, inputs), files in zip(todo, kits, strict=True)]
    lines = [f"up to date {spec.id}: {kit_folder(spec, out_dir)}" for spec in loaded if spec not in [t[0] for t in todo]]
    written: list[tuple[LoadedSpec, bytes]] = []
    with outfolder.writer_lock(out_dir, say):
        try:
            for spec, inputs, files in rendered:
                folder = kit_folder(spec, out_dir)
                outfolder.recover(folder)
                if not force and up_to_date(folder, inputs):  # written meanwhile, or put back by recover
                    lines.append(f"up to date {spec.id}: {folder}")
                    continue
                written.append((spec, manifest(spec, files, inputs)))
                write_kit(spec, files, out_dir, inputs)
                count = Counter(f.path.rsplit(".", 1)[-1].upper() for f in files)
                lines.append(f"built {spec.id}: " + ", ".join(f"{n} {ext}s" for ext, n in sorted(count.items())) + f" in {folder}")
        except KeyboardInterrupt:
            raise Interrupted(_in_place(written, out_dir)) from None
    return lines


def _in_place(written: list[tuple[LoadedSpec, bytes]], out_dir: Path) -> str:
    """Which kit each game being written when the interrupt came has now, read from the disk."""
    said = []
    for spec, body in written:
        folder = kit_folder(spec, out_dir)
        state = "the new kit" if outfolder.holds(folder, body) else ("the previous kit" if folder.exists() else "no kit")
        said.append(f"{spec.id}: {state}")
    return "interrupted; in place now: " + ", ".join(said) + " (games not listed keep their previous kits)"

"""Build kits: gather and validate every game first, render in memory, then write atomically,
each game's manifest last. A bad spec or a failed example therefore writes nothing at all."""

from __future__ import annotations

import functools
import hashlib
import json
import os
from collections import Counter
from collections.abc import Callable, Collection, Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kitpress import __version__, outfolder, stock
from kitpress.changes import REPRINT_KIND, Change, compare, plural, report, reprint_pdf, sheet_digests
from kitpress.check import Replay, replay_all
from kitpress.check_output import CheckedSpec, text_lines
from kitpress.errors import CheckFailed, Interrupted, KitpressError
from kitpress.fingerprint import build_options, inputs_hash, up_to_date
from kitpress.lint.findings import Finding, LintFailed, errors
from kitpress.lint.sources import undeclared_sources
from kitpress.packs import art_for
from kitpress.pieces import Art, PrintJob
from kitpress.preflight import inked, preflight_inks
from kitpress.sheets.impose import Page, SetLayout, backs_only_pages, printed_pages, set_layout
from kitpress.sheets.presets import SERVICE_IMAGES, TWO_SIDED, Preset
from kitpress.spec.load import LoadedSpec, load_spec

if TYPE_CHECKING:
    from kitpress.parallel import BookPart, Prepared


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


def _job_files(loaded: LoadedSpec, job: PrintJob, preset: Preset, extra: dict[str, Any] | None = None, gang: tuple[PrintJob, ...] = (), backs_file: bool = True) -> list[KitFile]:
    gid = loaded.id
    title = f"{loaded.spec.identity.title} — {job.title or job.name}"
    duplex = preset.duplex if job.backs else "none"
    pages = printed_pages(job, preset, gang)
    suffix = preset.suffix(cards=job.layout == "grid9", backs=bool(job.backs))
    # The job's name as the assembly page gives it, and a digest per sheet: what `build` says to reprint.
    about = {**stock.entry_fields(job, preset, gang), "title": job.title or job.name, "sheet_digests": sheet_digests(pages, duplex), **(extra or {})}
    if gang:  # the single files of the ganged pieces stay, to reprint one
        about["holds"] = [stock.job_path(loaded.id, g, preset) for g in gang]
    files = [KitFile(stock.job_path(loaded.id, job, preset), job.kind, _sheet_pdf(pages, title, job.kind, duplex), preset.paper, len(pages), duplex, about)]
    if job.backs and preset.duplex != "gutterfold" and backs_file:
        backs = backs_only_pages(job, preset)
        back_kind = "card-backs" if job.kind == "cards" else f"{job.kind}-backs"
        files.append(KitFile(f"{gid}-{job.name}-backs-{suffix}.pdf", back_kind, _sheet_pdf(backs, f"{title} (backs)", back_kind, "none"), preset.paper, len(backs)))
    return files


def job_files(loaded: LoadedSpec, job: PrintJob, preset: Preset, gang: tuple[PrintJob, ...] = (), backs_file: bool = True) -> list[KitFile]:
    """A job's file on this preset (and its backs-only file, unless not `backs_file`), drawn as a build
    draws them: for the class kit's own copies of a set (classkit.sets)."""
    return _job_files(loaded, job, preset, gang=gang, backs_file=backs_file)


def job_path_of(loaded: LoadedSpec, job: PrintJob, preset: Preset) -> str:
    return stock.job_path(loaded.id, job, preset)


def pages_pdf(pages: list[Page], title: str, kind: str) -> bytes:
    """Single-sided sheets drawn as a build draws them (through the same disk cache)."""
    return _sheet_pdf(pages, title, kind, "none")


def set_jobs(loaded: LoadedSpec, preset: Preset) -> tuple[list[PrintJob], SetLayout]:
    """The game's print jobs in the preset's ink, and where a set's small pieces print."""
    jobs = inked(_render_jobs(loaded), preset.ink)
    return jobs, set_layout(jobs, preset)


def _sheet_pdf(pages: list[Page], title: str, subject: str, duplex: str) -> bytes:
    """`write_pdf` through the disk cache: the same pages (every placement, mark and piece of SVG art),
    title and duplex hint drawn by the same code give the same bytes, so a build that changes one job's
    art draws that job's files again and reads the others back."""
    import pickle

    from kitpress import cache
    from kitpress.fingerprint import code_hash

    # pickle, not repr: it holds every field of the pages, and a set or an object without a stable form
    # gives a key that never matches (drawn afresh), never a wrong one.
    key = cache.key(code_hash(), _drawing_libraries(), _drawn_with(), title, subject, duplex, pickle.dumps(pages, protocol=5))
    stored = cache.get("sheets", key)
    if stored is not None:
        return stored
    from kitpress.sheets.pdf import write_pdf  # ReportLab and svglib: only for sheets not in the cache

    pdf = write_pdf(pages, title, subject, duplex)
    cache.put("sheets", key, pdf)
    return pdf


def _drawn_with() -> str:
    """What ReportLab reads from the environment, which is part of its PDFs too (the dates: SOURCE_DATE_EPOCH)."""
    from kitpress.fingerprint import drawn_with

    return json.dumps(drawn_with())


@functools.cache
def _drawing_libraries() -> str:
    """The versions of what turns SVG into PDF pages, for the sheets' cache key."""
    from importlib.metadata import version

    return " ".join(f"{name}={version(name)}" for name in ("reportlab", "svglib", "lxml", "cssselect2", "tinycss2"))


def _service_files(loaded: LoadedSpec, job: PrintJob) -> list[KitFile]:
    """Print-on-demand files for a card job: one image per distinct face, one card per PDF page."""
    from kitpress.sheets.services import one_card_per_page, service_png

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


def _tts_files(loaded: LoadedSpec, jobs: list[PrintJob]) -> list[KitFile]:
    from kitpress.tabletop import export

    return [KitFile(o.path, o.kind, o.data, extra=o.extra) for o in export(loaded.id, loaded.spec.identity.title, jobs)]


def _render_jobs(loaded: LoadedSpec) -> list[PrintJob]:
    # The pack's art reads typed models that were checked when the spec loaded: a fault in it is a bug.
    return list(art_for(loaded.spec.engine).jobs(loaded))


BUILD_KINDS = ("booklet", "teachers-book", "calibration", "changed")  # the files the build itself adds to the jobs'
KIND_ALIASES = {"rules": "booklet"}  # the student rules' file is named -rules-


@dataclass(frozen=True)
class Only:
    """`build --only`: which files to build, by a print job's kind or name (as the game's pack declares
    them) or one of BUILD_KINDS; `everything()` is a whole kit."""

    kinds: frozenset[str] | None  # None: every file

    @staticmethod
    def everything() -> Only:
        return Only(None)

    @staticmethod
    def of(kinds: list[str]) -> Only:
        return Only(frozenset(KIND_ALIASES.get(k, k) for k in kinds))

    def job(self, job: PrintJob) -> bool:
        return self.kinds is None or job.kind in self.kinds or job.name in self.kinds

    def kind(self, kind: str) -> bool:
        return self.kinds is None or kind in self.kinds

    def for_game(self, loaded: LoadedSpec, jobs: list[PrintJob]) -> Only:
        """Itself, once every kind is one this game prints; else one line naming the kinds it has."""
        known = only_choices(jobs)
        unknown = sorted((self.kinds or frozenset()) - set(known))
        if unknown:
            from kitpress.errors import UsageError

            raise UsageError(f"--only {', '.join(unknown)}: {loaded.id} prints no such file; it prints: {', '.join(known)}")
        return self


def only_choices(jobs: list[PrintJob]) -> list[str]:
    """What `--only` takes for a game with these print jobs: each job's kind and name, the shared
    card-stock file's, and the build's own kinds (sorted, each once)."""
    shared, _ = stock.shared_job(jobs)
    named = {n for job in [*jobs, *([shared] if shared else [])] for n in (job.kind, job.name)}
    return sorted({*named, *BUILD_KINDS, *KIND_ALIASES})


def _printed_jobs(loaded: LoadedSpec, jobs: list[PrintJob], presets: list[Preset], files: list[KitFile]) -> set[str]:
    """The names of the jobs whose pieces these files print: their own files, the files that hold them
    (a card sheet's free cells, the shared card-stock file) and the print-service files."""
    paths = {f.path for f in files} | {p for f in files for p in f.extra.get("holds", ())}
    return {job.name for job in jobs
            if any(stock.job_path(loaded.id, job, p) in paths for p in presets)
            or f"print-services/{loaded.id}-{job.name}-drivethrucards.pdf" in paths}  # fmt: skip


def _assembly_pages(loaded: LoadedSpec, presets: list[Preset], base_jobs: list[PrintJob], files: list[KitFile]) -> list[KitFile]:
    """The print and assemble page of each paper, from the files just made (the first preset of a paper)."""
    from kitpress import cache
    from kitpress.fingerprint import code_hash
    from kitpress.sheets.assembly import ASSEMBLY_KIND, assembly_pdf, page_inputs
    from kitpress.sheets.assembly import file_name as assembly_file

    entries = [f.entry() for f in files]
    out: list[KitFile] = []
    for preset in {p.paper: p for p in reversed(presets)}.values():
        jobs = {stock.job_path(loaded.id, job, preset): job for job in inked(base_jobs, preset.ink)}
        # through the cache: a rebuild whose files changed only in what the page does not show reuses it
        key = cache.key(code_hash(), _drawing_libraries(), _drawn_with(), page_inputs(loaded, preset.paper, entries, jobs))
        stored = cache.get("assembly", key)
        if stored is not None:
            pdf, pages = stored[4:], int.from_bytes(stored[:4], "big")
        else:
            pdf, pages = assembly_pdf(loaded, preset.paper, entries, jobs)
            cache.put("assembly", key, pages.to_bytes(4, "big") + pdf)
        out.append(KitFile(assembly_file(preset.paper), ASSEMBLY_KIND, pdf, preset.paper, pages, extra={"stock": stock.PLAIN}))
    return sorted(out, key=lambda f: f.path)


def typeset_book(loaded: LoadedSpec, replays: list[Replay], part: BookPart) -> tuple[bytes, int]:
    """A rule book's PDF and its pages (a folded booklet's: its sides): the student rules ("booklet")
    or the teacher's book, on a paper."""
    from kitpress.booklet.typeset import render_pdf, render_teachers_pdf

    kind, paper, folded = part
    if kind == "teachers-book":
        return render_teachers_pdf(loaded, replays, paper)
    if not folded:
        return render_pdf(loaded, replays, paper)
    from kitpress.booklet.saddle import impose as saddle  # pypdf: only for the folded booklet

    half, _ = render_pdf(loaded, replays, paper, half=True)
    return saddle(half, paper)


def render_game(loaded: LoadedSpec, presets: list[Preset], force: bool = False, only: Only | None = None, prepared: Prepared | None = None) -> list[KitFile]:
    """Every file of one game's kit, in memory; the preflight must pass first unless `force`. With
    `only`, just the files of those kinds, and the preflight of the pieces they print. `prepared`: its
    books and preflight as another process made them (kitpress.parallel), the same bytes and findings."""
    from kitpress.parallel import Prepared

    ready = prepared or Prepared()
    replays = verified_replays(loaded)
    base_jobs = _render_jobs(loaded)
    wanted = Only.everything() if only is None else only.for_game(loaded, base_jobs)
    files: list[KitFile] = []
    seen: set[str] = set()

    def add(new: list[KitFile]) -> None:
        for f in new:
            if f.path not in seen:
                seen.add(f.path)
                files.append(f)

    if only is not None:
        findings: list[Finding] = []
    else:
        findings = list(ready.findings) if ready.findings is not None else preflight_inks(loaded, base_jobs, presets)
    for preset in presets:
        jobs = inked(base_jobs, preset.ink)
        if preset.layout == "tts":  # digital playtesting: pictures and a saved object, no print sheets
            add(_tts_files(loaded, [job for job in jobs if wanted.job(job)]))
            continue
        ink = "" if preset.ink == "full" else f"-{preset.ink}-ink"
        add([KitFile(f"svg/{job.name}-{art.name}{ink}.svg", "art", art.svg.encode("utf-8")) for job in jobs if wanted.job(job) for art in (*job.fronts, *job.backs)])
        layout = set_layout(jobs, preset)
        for job in jobs:
            if not wanted.job(job):
                continue
            if job.layout == "grid9" and preset.layout == "1up":
                add(_service_files(loaded, job))
            else:
                add(_job_files(loaded, job, preset, gang=layout.gangs.get(job.name, ())))
        shared = layout.shared
        if shared is not None and wanted.job(shared):  # a whole set's small pieces on the fewest sheets; the single files stay for a reprint
            add(_job_files(loaded, shared, preset, {"holds": [stock.job_path(loaded.id, job, preset) for job in layout.sources]}))
        if any(j.backs for j in jobs) and preset.duplex in TWO_SIDED and wanted.kind("calibration"):
            name = f"calibration-{preset.paper}-{preset.duplex}.pdf"
            from kitpress.sheets.calibration import calibration_pdf

            add([KitFile(name, "calibration", calibration_pdf(preset.paper, preset.duplex, preset.back_offset), preset.paper, 2, preset.duplex, {"stock": stock.PLAIN, "title": "Calibration page"})])
        # The student rules (kind "booklet"), one folded sheet; the teacher's book is printed once a class.
        def book(part: BookPart) -> tuple[bytes, int]:
            from kitpress.booklet.paper import laid_out, on_paper

            laid = laid_out(part)  # one layout serves every paper (a folded booklet's: its own)
            pdf, pages = ready.books.get(laid) or typeset_book(loaded, replays, laid)
            return on_paper(pdf, part[1]) if laid != part else pdf, pages

        if not wanted.kind("booklet"):
            pass
        elif preset.booklet == "saddle":
            pdf, sides = book(("booklet", preset.paper, True))
            add([KitFile(f"{loaded.id}-rules-{preset.paper}-saddle.pdf", "booklet", pdf, preset.paper, sides, "short-edge", {"stock": stock.PLAIN, "title": "Student rules"})])
        else:
            pdf, count = book(("booklet", preset.paper, False))
            add([KitFile(f"{loaded.id}-rules-{preset.paper}.pdf", "booklet", pdf, preset.paper, count, extra={"stock": stock.PLAIN, "title": "Student rules"})])
        teachers = f"{loaded.id}-teachers-book-{preset.paper}.pdf"
        if teachers not in seen and wanted.kind("teachers-book"):
            pdf, count = book(("teachers-book", preset.paper, False))
            add([KitFile(teachers, "teachers-book", pdf, preset.paper, count, extra={"stock": stock.PLAIN, "title": "Teacher's book"})])
    if only is not None:  # the pieces of the files built, wherever they are printed
        findings = preflight_inks(loaded, base_jobs, presets, _printed_jobs(loaded, base_jobs, presets, files))
    printed = [p for p in presets if p.layout != "tts"]
    if only is None and printed:  # the page reads every file of the kit
        files = _assembly_pages(loaded, printed, base_jobs, files) + files
    pdfs = [(f.path, f.data) for f in files if f.path.endswith(".pdf")]
    findings += _file_checks(loaded, pdfs)
    findings += undeclared_sources(loaded)  # the spec's own: what its teacher's book claims of the document
    if only is None or wanted.kind("booklet") or wanted.kind("teachers-book"):
        findings += _book_checks(loaded, replays)
    if errors(findings) and not force:
        from kitpress.lint.places import located  # each finding at the spec line to edit, as lint says it

        raise LintFailed(loaded.id, located(loaded, findings))
    return files


def _file_findings(data: bytes) -> tuple[list[Finding], list[Finding]]:
    """A file's findings as the cache keeps them: JSON, the fonts' and the printed words' apart."""
    found = json.loads(data)
    return [Finding(**f) for f in found["fonts"]], [Finding(**f) for f in found["printed"]]


def _file_checks(loaded: LoadedSpec, pdfs: list[tuple[str, bytes]]) -> list[Finding]:
    """lint_pdfs, then lint_printed, over the written PDFs, each file's findings read back from the disk
    cache when the same bytes under the same name were checked by the same code."""
    from kitpress import cache
    from kitpress.fingerprint import code_hash
    from kitpress.lint.printed_words import vocabulary
    from kitpress.lint.words import words_of

    words = repr(vocabulary(loaded.engine, loaded.spec.identity.allowed_player_counts())) + repr(words_of(loaded))
    fonts: list[Finding] = []
    printed: list[Finding] = []
    for name, data in pdfs:
        key = cache.key(code_hash(), loaded.id, words, name, hashlib.sha256(data).digest())
        stored = cache.decoded("file-checks", key, _file_findings)
        if stored is not None:
            fonts += stored[0]
            printed += stored[1]
            continue
        # The PDF readers, only for bytes not seen before.
        from kitpress.lint.core import lint_pdfs, lint_printed
        from kitpress.sheets.assembly import is_assembly

        mine = lint_pdfs([(name, data)]), lint_printed(loaded, [(name, data)], lists_files={name} if is_assembly(name) else ())
        cache.put("file-checks", key, json.dumps({"fonts": [asdict(f) for f in mine[0]], "printed": [asdict(f) for f in mine[1]]}).encode("utf-8"))
        fonts += mine[0]
        printed += mine[1]
    return fonts + printed


def _book_checks(loaded: LoadedSpec, replays: list[Replay]) -> list[Finding]:
    """lint.core.lint_books (the rule books' words, examples and diagrams, from their HTML), read back
    from the disk cache when the same spec was checked by the same code."""
    from kitpress import cache
    from kitpress.fingerprint import code_hash

    key = cache.key(code_hash(), loaded.id, str(loaded.variant), loaded.spec.model_dump_json())
    stored = cache.decoded("book-checks", key, lambda data: [Finding(**f) for f in json.loads(data)])
    if stored is not None:
        return stored
    from kitpress.lint.core import lint_books

    found = lint_books(loaded, replays)
    cache.put("book-checks", key, json.dumps([asdict(f) for f in found]).encode("utf-8"))
    return found


def manifest(loaded: LoadedSpec, files: list[KitFile], inputs: str = "", printer: dict[str, Any] | None = None) -> bytes:
    body: dict[str, Any] = {
        "game": loaded.id,
        "title": loaded.spec.identity.title,
        "rules_version": loaded.spec.identity.version,
        "variant": loaded.variant,
        "kitpress": __version__,
        "inputs": inputs,
        **({"printer": printer} if printer else {}),  # the saved profile whose flip and offset it prints with
        "sets": stock.set_summary([f.entry() for f in files]),
        "files": [f.entry() for f in sorted(files, key=lambda f: f.path)],
    }
    return (json.dumps(body, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def kit_folder(loaded: LoadedSpec, out_dir: Path) -> Path:
    # A variant's kit sits beside the base kit rather than replacing it.
    return out_dir / (loaded.id if loaded.variant is None else f"{loaded.id}--{loaded.variant}")


def write_kit(loaded: LoadedSpec, files: list[KitFile], out_dir: Path, inputs: str = "", link: Collection[str] | None = None, printer: dict[str, Any] | None = None) -> Path:
    """Write the whole kit beside its folder, manifest last, and swap it in (see `outfolder`); a file
    whose bytes are unchanged is linked, not written (`link`: only these paths). Call with OUT's lock
    held."""
    folder = kit_folder(loaded, out_dir)
    outfolder.write_folder(folder, [(f.path, f.data) for f in files], manifest(loaded, files, inputs, printer), link)
    return folder


class RenderFailed(KitpressError):
    """A game's kit that a worker process could not render: its lines and exit code, as they were."""

    def __init__(self, lines: list[str], exit_code: int) -> None:
        super().__init__("\n".join(lines))
        self._lines, self.exit_code = lines, exit_code

    def lines(self) -> list[str]:
        return self._lines


def _render_all(specs: list[LoadedSpec], presets: list[Preset], force: bool, jobs: int | None, progress: Callable[[str], None] | None, only: Only | None = None) -> list[list[KitFile]]:
    """Every game's kit, in the order given. With more than one game and one core, games render side by
    side in worker processes; the kits are the same bytes either way, and the first failure in game order
    is the one reported, as in one process."""
    workers = min(len(specs), jobs or os.cpu_count() or 1)
    if workers <= 1:
        out = []
        for spec in specs:
            if progress:
                progress(spec.id)
            out.append(render_game(spec, presets, force, only))
        return out
    from kitpress.parallel import render_games
    from kitpress.workers import worker_pool

    with worker_pool(workers) as pool:
        try:
            results = render_games(pool, specs, presets, force, only, progress)
        except BaseException:
            _stop_workers(pool)
            raise
    for result in results:
        if isinstance(result, tuple):
            raise RenderFailed(*result)
    return results


def _stop_workers(pool: Any) -> None:
    """End the workers now (Ctrl-C, SIGTERM, a failure): leaving the pool would wait for each running
    part, a rule book that takes many seconds to typeset, before the interrupt is answered."""
    stop = getattr(pool, "kill_workers", None)  # Python 3.14
    if stop is not None:
        stop()
        pool.shutdown(wait=False, cancel_futures=True)
        return
    processes = list((getattr(pool, "_processes", None) or {}).values())  # before shutdown forgets them
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.kill()  # not SIGTERM: a worker inherits `cli`'s handler, which makes it an exception the pool reports


def build_games(games: Sequence[str | LoadedSpec], presets: list[Preset], out_dir: Path, variant: str | None = None, force: bool = False, progress: Callable[[str], None] | None = None, say: Callable[[str], None] | None = None, jobs: int | None = None, only: Only | None = None, printer: dict[str, Any] | None = None) -> list[str]:
    """Build each game's kit (a game by its id or spec file, or as loaded already: its bytes read once);
    all are validated and rendered before any is written (and before OUT is created), so bad input
    changes nothing. A kit whose inputs are unchanged since its last build is
    skipped unless `force`. One build at a time writes into `out_dir`; `say` hears why a build waits.
    `jobs`: how many games render at once (default: one per core). `only`: just the files of those
    kinds, the rest of each kit kept as it is (see `_with_kept`). `printer`: the record of the printer
    profile used, for the manifests."""
    loaded = _one_kit_each([g if isinstance(g, LoadedSpec) else load_spec(g, variant) for g in games], out_dir)
    reprint = only is not None and only.kinds is not None and "changed" in only.kinds
    if reprint:
        if only is not None and only.kinds != {"changed"}:  # (`reprint` says it is not None; the checker cannot)
            from kitpress.errors import UsageError

            raise UsageError("--only changed stands alone: it builds the whole kit and a file of the sheets to print again")
        only = None  # every file is needed to know what changed; an unchanged kit has nothing to reprint
    options = {**build_options(presets, variant), **({"printer": printer} if printer else {})}
    if any(p.layout == "tts" for p in presets):  # the saved object names its pictures by the kit folder's URL
        options["tts_folder"] = str(out_dir.resolve())
    todo: list[tuple[LoadedSpec, str]] = []
    for spec in loaded:
        inputs = inputs_hash(spec.data, options)  # the bytes it was loaded from, not the file now
        if force or not up_to_date(kit_folder(spec, out_dir), inputs):
            outfolder.check_ours(kit_folder(spec, out_dir))  # refuse before the work, not after it
            todo.append((spec, inputs))
        elif only is not None:  # nothing to build, but a kind the game does not print is still an error
            only.for_game(spec, _render_jobs(spec))
    try:
        kits = _render_all([spec for spec, _ in todo], presets, force, jobs, progress, only)
    except KeyboardInterrupt:
        raise Interrupted("interrupted before any kit was written; every previous kit is in place") from None
    rendered = [(spec, inputs, files) for (spec, inputs), files in zip(todo, kits, strict=True)]
    lines = [f"up to date {spec.id}: {kit_folder(spec, out_dir)}" for spec in loaded if spec not in [t[0] for t in todo]]
    written: list[tuple[LoadedSpec, bytes]] = []
    try:
        with outfolder.writer_lock(out_dir, say):  # an interrupt while waiting for it is one too
            for spec, inputs, files in rendered:
                folder = kit_folder(spec, out_dir)
                outfolder.recover(folder)
                if not force and up_to_date(folder, inputs):  # written meanwhile, or put back by recover
                    lines.append(f"up to date {spec.id}: {folder}")
                    continue
                files = _in_folder(files, folder)
                changes = compare(_previous_manifest(folder), [f.entry() for f in files]) if only is None else None
                if reprint and changes:
                    files = [*files, *_reprint_files(changes, files)]
                kit, inputs = (files, inputs) if only is None else (_with_kept(folder, files), "")
                written.append((spec, manifest(spec, kit, inputs, printer)))
                # --force writes afresh every file it built; the files an --only build keeps stay as they are.
                write_kit(spec, kit, out_dir, inputs, link={f.path for f in kit} - {f.path for f in files} if force else None, printer=printer)
                count = Counter(f.path.rsplit(".", 1)[-1].upper() for f in files)
                lines.append(f"built {spec.id}{_only_said(only)}: " + ", ".join(f"{n} {ext}s" for ext, n in sorted(count.items())) + f" in {folder}")
                lines += report(spec.id, changes)
                lines += [f"  to print again: {f.path} ({plural(f.pages or 0, 'page')})" for f in files if f.kind == REPRINT_KIND]
    except KeyboardInterrupt:
        raise Interrupted(_in_place(written, out_dir)) from None
    return lines


def _one_kit_each(loaded: list[LoadedSpec], out_dir: Path) -> list[LoadedSpec]:
    """Each kit folder once: a spec named twice is built once; two spec files with one id (and variant)
    would replace each other's kit, so they are refused, naming both."""
    by_folder: dict[Path, LoadedSpec] = {}
    for spec in loaded:
        folder = kit_folder(spec, out_dir)
        other = by_folder.setdefault(folder, spec)
        if other is not spec and other.source.resolve() != spec.source.resolve():
            from kitpress.errors import UsageError

            raise UsageError(f"{spec.file}: its id {spec.id} is also the id of {other.file}, and their kits would replace each other in {folder}; give one of them another id, or build them into separate --out folders")
    return list(by_folder.values())


def _previous_manifest(folder: Path) -> dict[str, Any] | None:
    """The manifest of the kit in place, if kitpress can read one there (never through a link)."""
    if outfolder.is_link(folder):
        return None
    try:
        data = json.loads((folder / outfolder.MANIFEST).read_text("utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def _reprint_files(changes: list[Change], files: list[KitFile]) -> list[KitFile]:
    """`--only changed`: per paper, stock and sides, one file of just the sheets to print again."""
    pdfs = {f.path: f.data for f in files}
    by_path = {f.path: f for f in files}
    out = []
    groups: dict[tuple[str, str, str], list[Change]] = {}
    for change in changes:
        entry = by_path[change.path]
        sides = "two-sided" if entry.duplex in TWO_SIDED or entry.kind in ("booklet", "teachers-book") else "one-sided"
        groups.setdefault((change.paper, str(entry.extra.get("stock", stock.CARD_STOCK)), sides), []).append(change)
    for (paper, paper_stock, sides), chosen in sorted(groups.items()):
        made = reprint_pdf(chosen, pdfs, paper)
        if made is not None:
            name = f"reprint-{paper}-{paper_stock.replace(' ', '-')}-{sides}.pdf"
            out.append(KitFile(name, REPRINT_KIND, made[0], paper, made[1], "long-edge" if sides == "two-sided" else "none", {"stock": paper_stock}))
    return out


def _in_folder(files: list[KitFile], folder: Path) -> list[KitFile]:
    """The files as written to `folder`: a Tabletop Simulator save names its pictures by the folder's URL."""
    from kitpress.tabletop import SAVE_KIND, resolve_folder

    if not any(f.kind == SAVE_KIND for f in files):
        return files
    uri = folder.resolve().as_uri()
    return [replace(f, data=resolve_folder(f.data, uri)) if f.kind == SAVE_KIND else f for f in files]


def _with_kept(folder: Path, files: list[KitFile]) -> list[KitFile]:
    """The files just built and every other file of the kit in place, as its manifest lists it: the
    manifest of a partial build (`--only`) is still a true list of the folder (a listed file the folder
    lacks is left out, a kept file is listed with the bytes it has). Its inputs are left empty, so the
    next whole build renders the whole kit again. Call with OUT's lock held, after `recover`."""
    import stat

    try:
        entries = json.loads((folder / outfolder.MANIFEST).read_text("utf-8"))["files"] if not outfolder.is_link(folder) else []
    except (OSError, ValueError, KeyError, TypeError):
        entries = []  # no kit, or not one kitpress can read: check_ours decides what may be replaced
    built = {f.path for f in files}
    kept: list[KitFile] = []
    for entry in entries if isinstance(entries, list) else []:
        path = entry.get("path") if isinstance(entry, dict) else None
        if not isinstance(path, str) or path in built or not _inside(path):
            continue
        try:
            fd = os.open(folder / path, outfolder.READ_NO_LINK)  # a FIFO must not block
        except OSError:
            continue  # gone, or a link: not listed
        with os.fdopen(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                continue
            data = handle.read()
        extra = {k: v for k, v in entry.items() if k not in ("path", "kind", "paper", "pages", "duplex", "bytes", "sha256")}
        kept.append(KitFile(path=path, kind=str(entry.get("kind", "")), data=data, paper=entry.get("paper"), pages=entry.get("pages"), duplex=entry.get("duplex"), extra=extra))
    return [*files, *kept]


def _inside(path: str) -> bool:
    """A manifest path that names a file inside the kit folder (a damaged manifest may say anything)."""
    from pathlib import PurePosixPath

    parts = PurePosixPath(path).parts
    return bool(parts) and not path.startswith("/") and ".." not in parts and "." not in path.split("/") and "" not in path.split("/")


def _only_said(only: Only | None) -> str:
    return "" if only is None or only.kinds is None else f" (only {', '.join(sorted(only.kinds))})"


def _in_place(written: list[tuple[LoadedSpec, bytes]], out_dir: Path) -> str:
    """Which kit each game being written when the interrupt came has now, read from the disk."""
    if not written:
        return "interrupted before any kit was written; every previous kit is in place"
    said = []
    for spec, body in written:
        folder = kit_folder(spec, out_dir)
        state = "the new kit" if outfolder.holds(folder, body) else ("the previous kit" if folder.exists() else "no kit")
        said.append(f"{spec.id}: {state}")
    return "interrupted; in place now: " + ", ".join(said) + " (games not listed keep their previous kits)"

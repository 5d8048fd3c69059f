"""Build kits: gather and validate every game first, render in memory, then write atomically,
each game's manifest last. A bad spec or a failed example therefore writes nothing at all."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kitpress import __version__
from kitpress.atomic import write_bytes
from kitpress.check import Replay, replay_all, report_lines
from kitpress.errors import CheckFailed
from kitpress.render import renderer
from kitpress.render.art import PrintJob
from kitpress.sheets.impose import backs_only_pages, duplex_pages
from kitpress.sheets.pdf import write_pdf
from kitpress.spec.load import LoadedSpec, load_spec

MANIFEST = "manifest.json"


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
        out["bytes"] = len(self.data)
        out["sha256"] = hashlib.sha256(self.data).hexdigest()
        return out


def verified_replays(loaded: LoadedSpec) -> list[Replay]:
    """A booklet prints only examples the engine has just confirmed."""
    replays = replay_all(loaded.engine, list(loaded.spec.examples))
    if not all(r.ok for r in replays):
        raise CheckFailed("\n".join([f"{loaded.file}: worked examples do not hold; nothing was built", *report_lines(loaded.id, replays)]))
    return replays


def _job_files(loaded: LoadedSpec, job: PrintJob, paper: str) -> list[KitFile]:
    gid = loaded.id
    title = f"{loaded.spec.identity.title} — {job.title or job.name}"
    duplex = "long-edge" if job.backs else "none"
    pages = duplex_pages(job, paper)
    files = [KitFile(f"{gid}-{job.name}-{paper}.pdf", job.kind, write_pdf(pages, title, job.kind, duplex), paper, len(pages), duplex)]
    if job.backs:
        backs = backs_only_pages(job, paper)
        back_kind = "card-backs" if job.kind == "cards" else f"{job.kind}-backs"
        files.append(KitFile(f"{gid}-{job.name}-backs-{paper}.pdf", back_kind, write_pdf(backs, f"{title} (backs)", back_kind, "none"), paper, len(backs)))
    return files


def render_game(loaded: LoadedSpec, papers: list[str]) -> list[KitFile]:
    from kitpress.booklet.render import render_pdf

    replays = verified_replays(loaded)
    jobs = renderer(loaded.spec.engine).jobs(loaded)
    files: list[KitFile] = []
    seen_art: set[str] = set()
    for job in jobs:
        for art in (*job.fronts, *job.backs):
            name = f"svg/{job.name}-{art.name}.svg"
            if name not in seen_art:
                seen_art.add(name)
                files.append(KitFile(name, "art", art.svg.encode("utf-8")))
    for paper in papers:
        for job in jobs:
            files += _job_files(loaded, job, paper)
        pdf, count = render_pdf(loaded, replays, paper)
        files.append(KitFile(f"{loaded.id}-rules-{paper}.pdf", "booklet", pdf, paper, count))
    return files


def manifest(loaded: LoadedSpec, files: list[KitFile]) -> bytes:
    body = {
        "game": loaded.id,
        "title": loaded.spec.identity.title,
        "rules_version": loaded.spec.identity.version,
        "variant": loaded.variant,
        "kitpress": __version__,
        "files": [f.entry() for f in sorted(files, key=lambda f: f.path)],
    }
    return (json.dumps(body, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def write_kit(loaded: LoadedSpec, files: list[KitFile], out_dir: Path) -> Path:
    # A variant's kit sits beside the base kit rather than replacing it.
    folder = out_dir / (loaded.id if loaded.variant is None else f"{loaded.id}--{loaded.variant}")
    old = _previous_files(folder)
    for f in files:
        write_bytes(folder / f.path, f.data)
    write_bytes(folder / MANIFEST, manifest(loaded, files))
    for stale in sorted(old - {f.path for f in files}):
        (folder / stale).unlink(missing_ok=True)
    return folder


def _previous_files(folder: Path) -> set[str]:
    """Files the last build listed; only those may be removed as stale."""
    try:
        listed = json.loads((folder / MANIFEST).read_text("utf-8"))["files"]
        return {str(f["path"]) for f in listed if ".." not in str(f["path"]) and not str(f["path"]).startswith("/")}
    except (OSError, ValueError, KeyError, TypeError):
        return set()


def build_games(games: list[str], papers: list[str], out_dir: Path, variant: str | None = None) -> list[str]:
    loaded = [load_spec(g, variant) for g in games]
    rendered = [(spec, render_game(spec, papers)) for spec in loaded]
    lines = []
    for spec, files in rendered:
        folder = write_kit(spec, files, out_dir)
        pdfs = sum(1 for f in files if f.path.endswith(".pdf"))
        lines.append(f"built {spec.id}: {pdfs} PDFs, {len(files) - pdfs} SVGs in {folder}")
    return lines

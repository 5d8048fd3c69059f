"""A build's preflight: every job's checks on each ink the kit prints and on low ink, measured once per
content. A job's checks are kept whole (`preflight`), a job that changed is measured face by face
(`faces`: a card's new label measures that card), the low-ink art SVG by SVG: in this process (rebuilds
under --watch) and through the disk cache in the next build. The checks across jobs run every time.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator, Sequence
from dataclasses import asdict, replace
from typing import TYPE_CHECKING

from kitpress.lint.findings import Finding
from kitpress.pieces import Art, PrintJob
from kitpress.render.ink import low_ink

if TYPE_CHECKING:
    from kitpress.lint.measure import Ask, Measured
    from kitpress.sheets.presets import Preset
    from kitpress.spec.load import LoadedSpec


def inked(jobs: list[PrintJob], ink: str) -> list[PrintJob]:
    """The jobs as this ink prints them: as drawn ("full"), or with their art in low ink."""
    if ink == "full":
        return jobs
    return [_low_ink_job(job) for job in jobs]


def _low_ink_job(job: PrintJob) -> PrintJob:
    """The job with its art in low ink, each distinct SVG converted once and kept in the disk cache by
    its own content (every build preflights the low-ink form: a changed card converts that card)."""
    from kitpress import cache
    from kitpress.fingerprint import code_hash

    # The converter is named too: the same code, but a converter put in its place (a test's), is another key.
    converter = f"{code_hash()} {low_ink.__module__}.{low_ink.__qualname__}"
    lighter: dict[str, str] = {}
    for svg in dict.fromkeys(art.svg for art in (*job.fronts, *job.backs)):
        key = cache.key(converter, svg)
        stored = cache.decoded("low-ink", key, lambda data: data.decode("utf-8"))
        if stored is None:
            with _svg_default_namespace():
                stored = low_ink(svg)
            cache.put("low-ink", key, stored.encode("utf-8"))
        lighter[svg] = stored
    return replace(job, fronts=tuple(replace(a, svg=lighter[a.svg]) for a in job.fronts), backs=tuple(replace(a, svg=lighter[a.svg]) for a in job.backs))


@contextlib.contextmanager
def _svg_default_namespace() -> Iterator[None]:
    """low_ink writes its SVG with ElementTree, whose namespace prefixes are one map for the process:
    render.ink makes SVG the default namespace when imported, and WeasyPrint's pdf.metadata, imported
    when a book is typeset, takes the default prefix for itself, after which the same art comes out as
    <ns0:svg>. So the bytes of low-ink art depended on whether a book had been typeset before in the
    process (a second game, a --watch rebuild, a cache miss). The art is converted with SVG as the
    default namespace, as in a fresh process, and the map is put back as it was for WeasyPrint."""
    import xml.etree.ElementTree as ET

    from kitpress.render.ink import SVG_NS

    names = ET._namespace_map  # the module's own map, which register_namespace edits
    saved = dict(names)
    ET.register_namespace("", SVG_NS)
    try:
        yield
    finally:
        names.clear()
        names.update(saved)


_LINTED: dict[str, list[Finding]] = {}


def checked(loaded: LoadedSpec, jobs: list[PrintJob], printed: set[str] | None = None) -> list[Finding]:
    """lint.check_jobs over the game's jobs, each job's own checks measured once per content: in this
    process (rebuilds under --watch), and through the disk cache in the next build, so a build that
    changes one job measures that job again and reads the others back. The checks across jobs (pieces
    against the boxes they go in, the declared colour pairs) are cheap and run every time.
    `printed`: the names of the jobs whose pieces the files being built print (`build --only`); the
    others' findings are left out, and their own checks are not run."""
    from kitpress.lint import fit, punch
    from kitpress.lint.pairs import declared_pairs, unique
    from kitpress.lint.words import check_component_names

    pairs = declared_pairs(loaded)
    findings: list[Finding] = []
    for job in jobs:
        if printed is None or job.name in printed:
            findings += _job_preflight(loaded.id, job, derive_pairs=pairs is None)
    findings += [f for f in fit.check(loaded.id, jobs) if printed is None or f.component in printed]
    findings += punch.check(loaded.id, loaded.spec.production.punches, jobs)
    findings += [f for f in fit.hidden_values(loaded.id, jobs) if printed is None or f.component in printed]
    findings += [f for f in check_component_names(loaded.id, jobs, loaded.spec.components, loaded.text) if printed is None or f.component in printed]
    if pairs:
        findings += _pairs_preflight(loaded.id, pairs)
    return unique(findings)


def _pairs_preflight(game: str, pairs: list[tuple[str, str, str]]) -> list[Finding]:
    """lint.pairs.check_declared through the disk cache: the colour maths need numpy, which a build
    whose every other check is read back would import for this alone."""
    from kitpress import cache
    from kitpress.fingerprint import code_hash
    from kitpress.lint.pairs import check_declared

    key = cache.key(code_hash(), game, json.dumps(pairs))
    stored = cache.decoded("colour-pairs", key, _findings)
    if stored is not None:
        return stored
    found = check_declared(game, pairs)
    cache.put("colour-pairs", key, json.dumps([asdict(f) for f in found]).encode("utf-8"))
    return found


def _findings(data: bytes) -> list[Finding]:
    """Findings as the cache keeps them: a JSON list of their fields."""
    return [Finding(**f) for f in json.loads(data)]


def _job_preflight(game: str, job: PrintJob, derive_pairs: bool) -> list[Finding]:
    from kitpress import cache
    from kitpress.fingerprint import code_hash
    # Everything one job's checks read: the pieces as drawn and cut, and whether colour pairs are guessed.
    parts: list[str] = [code_hash(), game, str(derive_pairs), f"{job.kind}|{job.name}|{job.layout}|{len(job.fronts)}|{len(job.backs)}"]
    for art in (*job.fronts, *job.backs):
        parts += [json.dumps([art.name, art.trim_w, art.trim_h, art.bleed, art.shape, art.fits]), art.svg]
    key = cache.key(*parts)
    if key not in _LINTED:
        stored = cache.decoded("preflight", key, _findings)
        if stored is not None:
            _LINTED[key] = stored
        else:
            from kitpress.lint.core import _check_job  # numpy, ReportLab, the PDF readers: only to measure

            _LINTED[key] = _check_job(game, job, derive_pairs=derive_pairs, raster_checks=True, measurer=_measured)
            cache.put("preflight", key, json.dumps([asdict(f) for f in _LINTED[key]]).encode("utf-8"))
    return _LINTED[key]


_MEASURED: dict[str, Measured] = {}


def _measured(job: PrintJob, arts: Sequence[Art], asks: Sequence[Ask], raster_checks: bool) -> list[Measured]:
    """lint.measure.measure face by face through the caches: a job that changed measures only its faces
    that did (a card's new label: that card, not the deck), in this process and the next build."""
    from kitpress import cache
    from kitpress.fingerprint import code_hash
    from kitpress.lint.measure import Measured, measure

    # Everything a face's checks read: the face as drawn and cut, its job's kind and layout, what is asked.
    keys = [cache.key(code_hash(), f"{job.kind}|{job.layout}|{raster_checks}|{ask.mono}|{ask.dominant}", json.dumps([a.trim_w, a.trim_h, a.bleed, a.shape, a.fits]), a.svg) for a, ask in zip(arts, asks, strict=True)]
    for key in keys:
        if key not in _MEASURED and (stored := cache.decoded("faces", key, Measured.from_bytes)) is not None:
            _MEASURED[key] = stored
    todo = [i for i, key in enumerate(keys) if key not in _MEASURED]
    if todo:
        for i, done in zip(todo, measure(job, [arts[i] for i in todo], [asks[i] for i in todo], raster_checks), strict=True):
            _MEASURED[keys[i]] = done
            cache.put("faces", keys[i], done.to_bytes())
    return [_MEASURED[key] for key in keys]


def preflight_inks(loaded: LoadedSpec, base_jobs: list[PrintJob], presets: list[Preset], printed: set[str] | None = None) -> list[Finding]:
    """The job checks on every ink the presets print, and always on the low-ink form too: a kit must not
    ship whose low-ink print (a school's black-and-white laser) loses a meaning, whichever ink this build
    writes. A finding only the low-ink form has is named so: "cards (low ink)"."""
    inks = list(dict.fromkeys([*(p.ink for p in presets), "low"]))
    found = {ink: checked(loaded, inked(base_jobs, ink), printed) for ink in inks}
    full = set(found.get("full", []))
    findings: list[Finding] = []
    for ink, listed in found.items():
        if ink == "full":
            findings += listed
        else:
            findings += [replace(f, component=f"{f.component} ({ink} ink)") for f in listed if f not in full]
    return findings

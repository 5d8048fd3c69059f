"""Class sets: every back of a set's cards and two-sided pieces carries the set's letter on a colour band
("Set C"), so a card found on the floor goes home to its envelope. The band runs across the top edge of
the back, out into the bleed, so it stays at the edge whatever the printer's drift; it is drawn inside
the back's own art, so the backs sit where they always do (the registration is unchanged).

The per-set files exist only inside the print jobs; the per-game files stay unmarked, for a reprint.
"""

from __future__ import annotations

import string
from dataclasses import replace
from xml.sax.saxutils import escape

from kitpress.pieces import Art, PrintJob
from kitpress.sheets.presets import Preset
from kitpress.spec.load import LoadedSpec

# Dark enough for white type on each (contrast 4.5:1 or more), and told apart by the letter anyway.
COLOURS = ("#c62828", "#1565c0", "#2e7d32", "#6a1b9a", "#bf360c", "#00695c", "#4e342e", "#ad1457", "#37474f", "#283593")
TINTS = ("#f7d4d4", "#d0e2f5", "#d3ead4", "#e6d3ef", "#f6d9ce", "#cce6e2", "#e0d7d4", "#f4d1e0", "#d7dde0", "#d3d6ef")  # low ink
BAND = 0.12  # of the trim height, for a rectangle; a disc's band is a chord across its top
DISC_BAND = 0.22


def set_label(index: int) -> str:
    """0 → 'A', 25 → 'Z', 26 → 'AA': a letter (or two) a set."""
    letters = string.ascii_uppercase
    return letters[index] if index < 26 else letters[index // 26 - 1] + letters[index % 26]


def band_svg(art: Art, label: str, index: int, low_ink: bool) -> str:
    """The band and its words, in the art's own coordinates (viewBox: trim + bleed, trim at (bleed, bleed))."""
    width, height = art.trim_w + 2 * art.bleed, art.trim_h + 2 * art.bleed
    disc = art.shape == "circle"
    depth = art.trim_h * (DISC_BAND if disc else BAND)
    bottom = art.bleed + depth
    size = min(12.0, depth * (0.5 if disc else 0.45))
    fill, ink = (TINTS if low_ink else COLOURS)[index % len(COLOURS)], "#1a1a1a" if low_ink else "#ffffff"
    clip = ""
    if disc:  # the band is the top of the disc: cut by its bleed circle
        clip = f'<clipPath id="kp-set-clip"><circle cx="{width / 2:.2f}" cy="{height / 2:.2f}" r="{min(width, height) / 2:.2f}" /></clipPath>'
    where = ' clip-path="url(#kp-set-clip)"' if disc else ""
    words = escape(f"Set {label}")
    return (
        f'<g data-set="{escape(label)}">{clip}'
        f'<rect x="0" y="0" width="{width:.2f}" height="{bottom:.2f}" fill="{fill}"{where} />'
        f'<text x="{width / 2:.2f}" y="{bottom - depth * 0.3:.2f}" font-family="DejaVu Sans" font-size="{size:.1f}" font-weight="bold" '
        f'text-anchor="middle" fill="{ink}">{words}</text></g>'
    )


def marked(art: Art, label: str, index: int, low_ink: bool) -> Art:
    head, sep, _ = art.svg.rpartition("</svg>")
    if not sep:
        return art
    return replace(art, svg=head + band_svg(art, label, index, low_ink) + "</svg>", name=f"{art.name}-set-{label.lower()}")


def marked_job(job: PrintJob, index: int, low_ink: bool) -> PrintJob:
    label = set_label(index)
    return replace(job, backs=tuple(marked(a, label, index, low_ink) for a in job.backs))


def set_copies(loaded: LoadedSpec, preset: Preset, sets: int) -> dict[str, tuple[bytes, ...]]:
    """Each file of the game whose pieces have backs, once a set with its letter: game file name →
    the PDF of set A, set B, …"""
    from kitpress.build import job_files, set_jobs

    jobs, layout = set_jobs(loaded, preset)
    out: dict[str, tuple[bytes, ...]] = {}
    backs_file = preset.duplex == "none"  # only a printer without duplex prints the backs-only files (classkit.plan)
    for job in jobs:
        if not job.backs:
            continue
        copies = [job_files(loaded, marked_job(job, i, preset.ink == "low"), preset, layout.gangs.get(job.name, ()), backs_file) for i in range(sets)]
        for n, first in enumerate(copies[0]):  # the job's file, and its backs-only file when there is one
            out[first.path] = tuple(files[n].data for files in copies)
    return out

"""Preflight for print kits: measure every piece before it is printed.

`lint_jobs(loaded, jobs)` checks a game's print jobs in memory: text against the safe zone, trim and
art, measured with the bundled fonts' metrics; text size; glyphs missing from the fonts; card icons in
the safe margin; art that stops short of the bleed; fonts not embedded; faces that differ only by colour;
colour pairs without enough luminance contrast in grayscale, deuteranopia and protanopia.
`lint_pdfs(paths)` checks written PDFs; `lint_printed(loaded, pdfs)` reads their text for internal
words (Python values, key paths, seat and card codes, file names), and `lint_words` the same words
before typesetting, in the pieces' SVG and the rule books' HTML; `preflight` is both, as `build` runs it. See docs/lint.md.
"""

from __future__ import annotations

from typing import Any

from kitpress.lint.findings import ERROR, WARNING, Finding, LintFailed, errors

_CHECKS = ("check_jobs", "lint_jobs", "lint_pdfs", "lint_printed", "lint_words", "preflight")


def __getattr__(name: str) -> Any:
    """The checks, imported when first asked for: they bring numpy, ReportLab and the PDF readers,
    which a build whose every check comes from the cache never needs."""
    if name in _CHECKS:
        from kitpress.lint import core

        return getattr(core, name)
    raise AttributeError(f"module 'kitpress.lint' has no attribute {name!r}")

__all__ = ["ERROR", "WARNING", "Finding", "LintFailed", "check_jobs", "errors", "lint_jobs", "lint_pdfs", "lint_printed", "lint_words", "preflight"]

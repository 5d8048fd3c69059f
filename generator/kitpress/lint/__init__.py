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

from kitpress.lint.core import check_jobs, lint_jobs, lint_pdfs, lint_printed, lint_words, preflight
from kitpress.lint.findings import ERROR, WARNING, Finding, LintFailed, errors

__all__ = ["ERROR", "WARNING", "Finding", "LintFailed", "check_jobs", "errors", "lint_jobs", "lint_pdfs", "lint_printed", "lint_words", "preflight"]

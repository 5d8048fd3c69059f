"""Start-up stays light: `kitpress --version` imports no command, and `kitpress check` imports no
renderer (no WeasyPrint, ReportLab, svglib, matplotlib or numba), even though the production checks
measure text; the widths they read from the font files are ReportLab's to the last bit."""

from __future__ import annotations

import subprocess
from collections.abc import Callable

import pytest

from kitpress import fonts
from kitpress.fonts import metrics

CliImports = Callable[[list[str]], tuple[subprocess.CompletedProcess[str], set[str]]]  # conftest.cli_imports
RENDERERS = ("weasyprint", "reportlab", "svglib", "matplotlib", "numba", "pypdfium2", "pypdf", "PIL", "lxml", "numpy", "fontTools")

def renderers(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if m.split(".")[0] in RENDERERS or m.startswith(("kitpress.sheets.pdf", "kitpress.lint", "kitpress.booklet.typeset", "kitpress.build")))


def test_check_of_every_game_and_variant_imports_no_renderer(cli_imports: CliImports) -> None:
    done, modules = cli_imports(["check", "--all-variants"])
    assert done.returncode == 0, done.stdout + done.stderr
    assert "all hold" in done.stdout
    assert renderers(modules) == []


def test_version_imports_no_command(cli_imports: CliImports) -> None:
    done, modules = cli_imports(["--version"])
    assert done.returncode == 0 and done.stdout.startswith("kitpress, version "), done.stderr
    assert sorted(m for m in modules if m.startswith(("kitpress.commands", "kitpress.packs", "pydantic"))) == []


def test_help_still_lists_every_command(run_cli) -> None:  # type: ignore[no-untyped-def]
    from kitpress.cli import COMMANDS

    result = run_cli("--help")
    listed = [line.split()[0] for line in result.output.split("Commands:")[1].strip().splitlines()]
    assert listed == sorted(COMMANDS)


@pytest.mark.parametrize("style", sorted(fonts.FILES))
def test_font_widths_are_reportlabs(style: str) -> None:
    from reportlab.pdfbase import pdfmetrics

    fonts.register()
    face = pdfmetrics.getFont(fonts.RL_NAMES[style]).face
    widths, default = metrics.widths(fonts.path(style))
    assert widths == face.charWidths and default == face.defaultWidth
    text = "".join(chr(c) for c in range(0x20, 0x2400)) + "Σ→←≠⌊⌋×−+3 MASS 🂡"
    for size in (1.0, 7.0, 9.5, 40.0):
        assert fonts.text_width(text, size, style) == pdfmetrics.stringWidth(text, fonts.RL_NAMES[style], size)

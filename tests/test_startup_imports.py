"""Start-up stays light: `kitpress --version` imports no command, and `kitpress check` imports no
renderer (no WeasyPrint, ReportLab, svglib, matplotlib or numba), even though the production checks
measure text; the widths they read from the font files are ReportLab's to the last bit."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from kitpress import fonts
from kitpress.fonts import metrics

RENDERERS = ("weasyprint", "reportlab", "svglib", "matplotlib", "numba", "pypdfium2", "pypdf", "PIL", "lxml", "numpy", "fontTools")

# Runs the CLI in this process and writes the modules it imported to KP_MODULES, one a line.
RUNNER = """
import os, sys
from kitpress.cli import main
try:
    main(sys.argv[1:], prog_name="kitpress", standalone_mode=False)
finally:
    with open(os.environ["KP_MODULES"], "w") as out:
        out.write("\\n".join(sorted(sys.modules)))
"""


def imported(args: list[str], tmp_path: Path) -> tuple[subprocess.CompletedProcess[str], set[str]]:
    record = tmp_path / "modules.txt"
    done = subprocess.run([sys.executable, "-c", RUNNER, *args], capture_output=True, text=True, env={**os.environ, "KP_MODULES": str(record)}, timeout=300)
    return done, set(record.read_text().split())


def renderers(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if m.split(".")[0] in RENDERERS or m.startswith(("kitpress.sheets.pdf", "kitpress.lint", "kitpress.booklet.typeset", "kitpress.build")))


def test_check_of_every_game_and_variant_imports_no_renderer(tmp_path: Path) -> None:
    done, modules = imported(["check", "--all-variants"], tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "all hold" in done.stdout
    assert renderers(modules) == []


def test_version_imports_no_command(tmp_path: Path) -> None:
    done, modules = imported(["--version"], tmp_path)
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

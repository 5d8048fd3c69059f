"""`kitpress printer`: calibrate a printer once and save what it measured under a name, for
`build --printer NAME` and `kit --printer NAME`."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import click

from kitpress.sheets.presets import PAPER_CHOICES

FLIPS = ("long-edge", "short-edge", "manual")  # manual: the sheet turned over by hand (card a duplexer cannot turn)
CALIBRATION_TITLE = b"kitpress duplex calibration"  # a file with this title is kitpress's to replace


class Reading(click.ParamType):
    """A length read off the calibration page, in mm: a finite number within what its ruler can show
    (NaN or infinity would be saved into a profile nothing could read back)."""

    name = "mm"

    def __init__(self, low: float, high: float) -> None:
        self.low, self.high = low, high

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> float:
        try:
            number = float(value)
        except (TypeError, ValueError):
            self.fail(f"{value!r} is not a number of millimetres", param, ctx)
        if not math.isfinite(number) or not self.low <= number <= self.high:
            self.fail(f"{value!r} is not a reading between {self.low:g} and {self.high:g} mm", param, ctx)
        return number


OFFSET = Reading(-20.0, 20.0)  # the rulers show ±10 mm; a drift beyond ±20 mm is a misread page
LINE = Reading(50.0, 200.0)  # the 100 mm line, however badly scaled


@click.group("printer")
def command() -> None:
    """Printer profiles: the back offset and scale check of one printer, saved under a name."""


@command.command("setup")
@click.argument("name")
@click.option("--paper", type=click.Choice(PAPER_CHOICES), default="letter", show_default=True)
@click.option("--duplex", type=click.Choice(FLIPS), default="long-edge", show_default=True, help="The flip the printer uses for double-sided pages, or 'manual' for card turned over by hand.")
@click.option("--page", "page", type=click.Path(dir_okay=False, path_type=Path), help="Where to write the calibration page. Default: calibration-NAME.pdf here.")
@click.option("--x", "x", type=OFFSET, help="The X reading (mm); asked for when not given.")
@click.option("--y", "y", type=OFFSET, help="The Y reading (mm); asked for when not given.")
@click.option("--line", "line", type=LINE, help="What the 100 mm line measured (mm); asked for when not given.")
@click.option("--send", is_flag=True, help="Also send the page to the default printer (lp), double-sided at 100 %.")
def setup(name: str, paper: str, duplex: str, page: Path | None, x: float | None, y: float | None, line: float | None, send: bool) -> None:
    """Write the calibration page, ask for its readings, and save printer NAME.

    A saved profile is checked again: the page is made with its offset, and the readings correct it.
    """
    from kitpress import atomic
    from kitpress import printer as profiles
    from kitpress.errors import UsageError
    from kitpress.pieces import PT_PER_MM
    from kitpress.sheets.calibration import calibration_pdf

    profiles.check_name(name)
    in_use = (0.0, 0.0)
    if profiles.profile_path(name).is_file():
        old = profiles.load(name)
        if old.duplex == duplex:
            in_use = old.back_offset_mm
    target = page or Path(f"calibration-{name}.pdf")
    if target.exists() and (not target.is_file() or CALIBRATION_TITLE not in target.read_bytes()):
        raise UsageError(f"{target}: exists and is not a calibration page kitpress wrote; choose another --page")
    if send and duplex == "manual":
        raise UsageError("--send cannot turn a sheet by hand: print page 1, turn the sheet over on its long edge, the same edge in first, and print page 2")
    atomic.write_bytes(target, calibration_pdf(paper, duplex, (in_use[0] * PT_PER_MM, in_use[1] * PT_PER_MM)))
    if duplex == "manual":
        click.echo(f"wrote {target}: print page 1 on the card the kit uses, turn the sheet over on its long edge, the same edge in first, and print page 2 on its back, at 100 % / actual size.")
    else:
        click.echo(f"wrote {target}: print it double-sided ({duplex.replace('-', ' ')} flip) at 100 % / actual size, on plain paper.")
    if send:
        _send(target, duplex)
    click.echo("Hold the sheet to the light and read where the back's long cross crosses the front's rulers.")
    try:
        reading_x = x if x is not None else click.prompt("X: where the back's upright line crosses the X ruler (mm, right +)", type=OFFSET)
        reading_y = y if y is not None else click.prompt("Y: where the back's level line crosses the Y ruler (mm, up +)", type=OFFSET)
        measured = line if line is not None else click.prompt("The line that must measure 100 mm: what does it measure (mm)?", type=LINE, default=100.0)
    except click.Abort:  # no terminal to ask at (or Ctrl-D): nothing is saved
        raise UsageError(f"no readings given, so printer {name} was not saved; answer the questions, or give --x, --y and --line") from None
    for label, value, limit in (("X", reading_x, 20.0), ("Y", reading_y, 20.0)):
        if abs(value) > limit:
            raise UsageError(f"{label} = {value:g} mm: the rulers read -10 to +10 mm; print the page again and read it held to the light")
    if not 50 <= measured <= 150:
        raise UsageError(f"the 100 mm line measured {measured:g} mm? Measure it again with a ruler (50 to 150 mm)")
    offset = profiles.new_offset(in_use, (reading_x, reading_y))
    if any(abs(v) > 20 for v in offset):
        raise UsageError(f"that gives a back offset of {offset[0]:g},{offset[1]:g} mm, beyond 20 mm: print the page again and read it held to the light")
    saved = profiles.save(profiles.Profile(name, paper, duplex, offset, measured))
    click.echo(f"saved printer {name}: back offset {offset[0]:g},{offset[1]:g} mm, {duplex} flip, in {saved}")
    advice = profiles.scale_advice(measured)
    if advice:
        click.echo(f"warning: {advice}", err=True)
    click.echo(f"Build with it: kitpress kit --printer {name} (or kitpress build --printer {name})")


def _send(page: Path, duplex: str) -> None:
    """The page to the default printer through CUPS's lp, both sides, unscaled."""
    import shutil
    import subprocess

    from kitpress.errors import UsageError

    lp = shutil.which("lp")
    if lp is None:
        raise UsageError(f"--send needs lp (CUPS), which is not installed; print {page} yourself")
    sides = "two-sided-long-edge" if duplex == "long-edge" else "two-sided-short-edge"
    done = subprocess.run([lp, "-o", f"sides={sides}", "-o", "fit-to-page=false", "-o", "print-scaling=none", str(page)], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        said = (done.stderr or done.stdout).strip().splitlines()
        raise UsageError(f"lp could not print {page}: {said[-1] if said else f'exit {done.returncode}'}")
    click.echo(f"sent {page} to the default printer (lp)")


@command.command("list")
def list_profiles() -> None:
    """The saved printer profiles, one a line."""
    from kitpress import printer as profiles

    names = profiles.saved_names()
    if not names:
        click.echo(f"no printer profile saved in {profiles.config_dir() / 'printers'}; make one with: kitpress printer setup NAME")
    for name in names:
        p = profiles.load(name)
        click.echo(f"{p.name}: back offset {p.back_offset_mm[0]:g},{p.back_offset_mm[1]:g} mm, {p.duplex} flip, 100 mm line at {p.line_mm:g} mm")

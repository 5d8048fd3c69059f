"""Printer profiles: what the duplex calibration page measured on one printer (the back offset, the flip,
the length of the 100 mm line), saved under a name in the user's configuration folder so a build can
say `--printer NAME` instead of numbers.

One TOML file a profile, `<config>/printers/NAME.toml`, where <config> is the platform's folder for
kitpress (platformdirs) or KITPRESS_CONFIG_DIR when set (tests, a shared school machine). A profile
file that cannot be read is one line, `file:line: what is wrong`, exit 2.
"""

from __future__ import annotations

import math
import os
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kitpress import atomic
from kitpress.errors import UsageError
from kitpress.sheets.presets import PAPER_CHOICES

CONFIG_ENV = "KITPRESS_CONFIG_DIR"
NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")
SCALE_TOLERANCE_MM = 1.0  # a 100 mm line read 99–101 mm is a ruler's reading, not a scaled print
CALIBRATED_FLIPS = ("long-edge", "short-edge", "manual")  # the flips whose backs the calibration page measures (manual: by hand)


@dataclass(frozen=True)
class Profile:
    name: str
    paper: str
    duplex: str
    back_offset_mm: tuple[float, float]
    line_mm: float  # what the 100 mm line measured

    @property
    def scaled(self) -> bool:
        return abs(self.line_mm - 100.0) > SCALE_TOLERANCE_MM

    def record(self) -> dict[str, Any]:
        """What a manifest says of the profile a kit was built with."""
        return {"name": self.name, "duplex": self.duplex, "back_offset_mm": list(self.back_offset_mm), "line_mm": self.line_mm}

    def toml(self) -> str:
        x, y = self.back_offset_mm
        return (
            "# A kitpress printer profile, written by `kitpress printer setup`; edit with care.\n"
            f'name = "{self.name}"\npaper = "{self.paper}"\nduplex = "{self.duplex}"\n'
            f"back_offset_mm = [{x:g}, {y:g}]\nline_mm = {self.line_mm:g}\n"
        )


def config_dir() -> Path:
    given = os.environ.get(CONFIG_ENV)
    if given:
        return Path(given)
    import platformdirs

    return Path(platformdirs.user_config_dir("kitpress", appauthor=False))


def profile_path(name: str) -> Path:
    return config_dir() / "printers" / f"{check_name(name)}.toml"


def check_name(name: str) -> str:
    if not NAME.fullmatch(name):
        raise UsageError(f"printer name {name!r}: use 1 to 40 lowercase letters, digits, '-' or '_', starting with a letter or digit")
    return name


MAX_PROFILE_BYTES = 64 * 1024  # a profile is five short lines


def saved_names() -> list[str]:
    folder = config_dir() / "printers"
    try:
        return sorted(p.stem for p in folder.glob("*.toml")) if folder.is_dir() else []
    except OSError:  # a folder that cannot be listed holds no profile we can use
        return []


def load(name: str) -> Profile:
    from kitpress.spec.yamlpos import read_regular  # never blocks on a FIFO, refuses folders and devices

    path = profile_path(name)
    if not path.exists():
        known = saved_names()
        hint = f"saved: {', '.join(known)}" if known else "none is saved yet"
        raise UsageError(f"no printer profile {name!r} ({hint}); make one with: kitpress printer setup {name}")
    try:
        raw = read_regular(path, MAX_PROFILE_BYTES + 1)
        if len(raw) > MAX_PROFILE_BYTES:
            raise UsageError(f"{path}:1: a printer profile of more than {MAX_PROFILE_BYTES} bytes")
        text = raw.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise UsageError(f"{path}:1: cannot read the printer profile ({reason})") from None
    return parse(text, path)


def _line_of(text: str, key: str) -> int:
    for number, line in enumerate(text.splitlines(), 1):
        if line.split("=", 1)[0].strip() == key:
            return number
    return 1


def parse(text: str, path: Path) -> Profile:
    """A profile from its TOML; every fault is `path:line: what is wrong`."""
    try:
        data = tomllib.loads(text)
    except RecursionError:  # arrays nested thousands deep
        raise UsageError(f"{path}:1: not a readable TOML file: nested too deeply") from None
    except tomllib.TOMLDecodeError as exc:
        where = re.search(r"at line (\d+)", str(exc))
        line = int(where.group(1)) if where else max(1, len(text.splitlines()))  # else: "at end of document"
        message = re.sub(r"\s*\(at (line \d+, column \d+|end of document)\)", "", str(exc))
        raise UsageError(f"{path}:{line}: not a readable TOML file: {message}") from None

    def fail(key: str, what: str) -> UsageError:
        return UsageError(f"{path}:{_line_of(text, key)}: {key}: {what}")

    unknown = sorted(set(data) - {"name", "paper", "duplex", "back_offset_mm", "line_mm"})
    if unknown:
        raise fail(unknown[0], "not a key of a printer profile (name, paper, duplex, back_offset_mm, line_mm)")
    for key in ("duplex", "back_offset_mm"):
        if key not in data:
            raise UsageError(f"{path}:1: {key}: missing")
    duplex, paper = data["duplex"], data.get("paper", "letter")
    if duplex not in CALIBRATED_FLIPS:
        raise fail("duplex", f"expected one of {', '.join(CALIBRATED_FLIPS)}, not {duplex!r}")
    if paper not in PAPER_CHOICES:
        raise fail("paper", f"expected one of {', '.join(PAPER_CHOICES)}, not {paper!r}")
    offset = data["back_offset_mm"]
    if not (isinstance(offset, list) and len(offset) == 2 and all(isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v) for v in offset)):
        raise fail("back_offset_mm", "expected two numbers [X, Y] in millimetres, such as [1.5, -0.5]")
    if any(abs(v) > 20 for v in offset):
        raise fail("back_offset_mm", "a back offset beyond 20 mm is a mistake, not printer drift")
    line = data.get("line_mm", 100.0)
    if not (isinstance(line, int | float) and not isinstance(line, bool) and 50 <= line <= 150):
        raise fail("line_mm", "expected the measured length of the 100 mm line, 50 to 150")
    name = path.stem
    return Profile(name, paper, duplex, (float(offset[0]), float(offset[1])), float(line))


def save(profile: Profile) -> Path:
    path = profile_path(profile.name)
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic.write_bytes(path, profile.toml().encode("utf-8"))
    return path


def new_offset(in_use: tuple[float, float], reading: tuple[float, float]) -> tuple[float, float]:
    """The calibration page's rule: the offset in use minus what the back shows (0 when exact)."""
    return (round(in_use[0] - reading[0], 2) + 0.0, round(in_use[1] - reading[1], 2) + 0.0)


def scale_advice(line_mm: float) -> str:
    """'' when the printer prints at 100 %; else what to change before the kit is printed."""
    if abs(line_mm - 100.0) <= SCALE_TOLERANCE_MM:
        return ""
    return (f"the 100 mm line measured {line_mm:g} mm: this printer scales pages ({line_mm:g} %); "
            "print at 100 % / actual size (not 'fit to page'), or the cards will not match their backs and boxes")  # fmt: skip

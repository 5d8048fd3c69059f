"""The system libraries kitpress cannot bring with it, and how to install them on each system.

WeasyPrint typesets the books (rules, teacher's book, guide, packing list, check and simulation
reports) through Pango, HarfBuzz, fontconfig and GLib, which pip cannot install. Without one of them,
importing WeasyPrint prints a banner and raises OSError; `weasyprint()` turns that into one line naming
the library and the install command for every system (exit 2, no traceback). Nothing else in kitpress
needs a system library: `list`, `check`, `lint`, `schema` and `new` run without them.
"""

from __future__ import annotations

import contextlib
import io
import re
from dataclasses import dataclass
from types import ModuleType

from kitpress.errors import KitpressError


@dataclass(frozen=True)
class Install:
    """The packages that bring one thing, per system and package manager."""

    debian: str
    fedora: str
    macos: str
    windows: str

    def commands(self) -> str:
        return (
            f"Debian and Ubuntu: sudo apt-get install {self.debian}; Fedora: sudo dnf install {self.fedora}; "
            f"macOS: brew install {self.macos}; Windows: pacman -S {self.windows} in an MSYS2 UCRT64 shell"
        )


# Pango pulls HarfBuzz, fontconfig and GLib in everywhere but Debian, whose packages are split finer.
TYPESETTING = Install(
    debian="libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fontconfig",
    fedora="pango", macos="pango", windows="mingw-w64-ucrt-x86_64-pango",
)  # fmt: skip
PDFTOPPM = Install(debian="poppler-utils", fedora="poppler-utils", macos="poppler", windows="mingw-w64-ucrt-x86_64-poppler")

# A fragment of the file name WeasyPrint asks for → the library's own name (longest fragment first).
LIBRARIES = (("pangoft2", "Pango"), ("pango", "Pango"), ("harfbuzz", "HarfBuzz"), ("fontconfig", "fontconfig"), ("gobject", "GLib"), ("glib", "GLib"))


class SystemLibraryMissing(KitpressError):
    """A system library the typesetter loads is not installed (exit 2, like any input the user must fix)."""


def missing_line(error: BaseException) -> str:
    """One line: which library could not be loaded, and the command that installs it on each system."""
    found = re.search(r"cannot load library '([^']+)'", str(error))
    file = found.group(1) if found else ""
    name = next((name for fragment, name in LIBRARIES if fragment in file.lower()), "Pango")
    loaded = f" ({file} could not be loaded)" if file else ""
    return f"kitpress needs the system library {name} to typeset its books and reports{loaded}; install it: {TYPESETTING.commands()}"


def weasyprint() -> ModuleType:
    """WeasyPrint, imported. Every typesetting path imports it through here."""
    try:
        with contextlib.redirect_stdout(io.StringIO()):  # WeasyPrint prints a banner before it raises
            import weasyprint
    except OSError as exc:
        raise SystemLibraryMissing(missing_line(exc)) from None
    return weasyprint

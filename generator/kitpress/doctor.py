"""`kitpress doctor`: are the system prerequisites in place? One line per check, with the fix if not."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from kitpress import syslibs
from kitpress.fonts import FILES
from kitpress.resources import fonts_dir, templates_dir

TEMPLATES = ("booklet.html", "booklet.css", "teacher-guide.html", "teacher-guide.css", "gallery.html", "gallery.css")
CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome")
CHROMIUM_FIX = "Debian and Ubuntu: sudo apt-get install chromium; Fedora: sudo dnf install chromium; elsewhere Chrome or Chromium on the PATH"
PYTHON_FIX = "run kitpress with a standard CPython 3.11 or later for this system (python.org, Homebrew, MSYS2 or your distribution's python3)"
REINSTALL = "reinstall kitpress (pip install --force-reinstall kitpress, or `make kit` in a source tree)"
PROBE_HTML = """<!DOCTYPE html><html><head><style>@font-face { font-family: "Kit Sans"; src: url("%s"); }
body { font-family: "Kit Sans"; }</style></head><body><p>kitpress ΣF ≠ 0 → ⌊x⌋ × 2</p></body></html>"""


@dataclass(frozen=True)
class Check:
    name: str
    ok: bool
    detail: str
    fix: str = ""
    required: bool = True

    def line(self) -> str:
        status = "ok" if self.ok else ("FAIL" if self.required else "note")
        text = f"{status:<5}{self.name:<11}{self.detail}"
        return text if self.ok or not self.fix else f"{text}; fix: {self.fix}"


def check_pango() -> Check:
    """WeasyPrint loads Pango when imported; then a one-line page is typeset in the bundled font."""
    try:
        weasyprint = syslibs.weasyprint()
        from weasyprint.text.ffi import pango

        from kitpress.booklet.fetcher import PackageOnlyFetcher
    except syslibs.SystemLibraryMissing as exc:
        return Check("pango", False, str(exc))  # the line names the library and every system's fix
    except ImportError as exc:
        return Check("pango", False, f"WeasyPrint cannot be imported ({str(exc).splitlines()[0]})", REINSTALL)
    version = pango.pango_version()
    pango_text = f"{version // 10000}.{version // 100 % 100}.{version % 100}"
    try:
        font = (fonts_dir() / FILES["regular"]).resolve().as_uri()
        pdf = weasyprint.HTML(string=PROBE_HTML % font, base_url=templates_dir().as_uri() + "/", url_fetcher=PackageOnlyFetcher()).write_pdf()
    except Exception as exc:  # any failure to typeset is what this check reports
        return Check("pango", False, f"WeasyPrint {weasyprint.__version__} with Pango {pango_text} cannot typeset a page ({exc})", syslibs.TYPESETTING.commands())
    if not any("Kit-Sans" in name or "DejaVu" in name for name in _font_names(pdf)):
        return Check("pango", False, "the test page does not embed the bundled font", syslibs.TYPESETTING.commands())
    return Check("pango", True, f"WeasyPrint {weasyprint.__version__} with Pango {pango_text} typesets the bundled font")


def _font_names(pdf: bytes | None) -> list[str]:
    """The fonts a PDF's first page uses, as their /BaseFont names."""
    import io

    from pypdf import PdfReader

    if not pdf:
        return []
    page = PdfReader(io.BytesIO(pdf)).pages[0]
    fonts = page.get("/Resources", {}).get_object().get("/Font", {})
    return [str(font.get_object().get("/BaseFont", "")) for font in fonts.get_object().values()]


def check_fonts(folder: Path | None = None) -> Check:
    folder = folder or fonts_dir()
    missing = [name for name in FILES.values() if not (folder / name).is_file()]
    if missing:
        return Check("fonts", False, f"bundled fonts missing from {folder}: {', '.join(missing)}", REINSTALL)
    try:
        from reportlab.pdfbase.ttfonts import TTFont

        for style, name in FILES.items():
            TTFont(f"doctor-{style}", str(folder / name))
    except Exception as exc:  # a damaged font file fails in many ways
        return Check("fonts", False, f"a bundled font cannot be read ({exc})", REINSTALL)
    return Check("fonts", True, f"{len(FILES)} DejaVu fonts in {folder}")


def check_templates(folder: Path | None = None) -> Check:
    folder = folder or templates_dir()
    missing = [name for name in TEMPLATES if not (folder / name).is_file()]
    if missing:
        return Check("templates", False, f"missing from {folder}: {', '.join(missing)}", REINSTALL)
    return Check("templates", True, f"{len(TEMPLATES)} templates in {folder}")


def check_lock() -> Check:
    """Builds take a lock on their output folder (flock, or a byte-range lock on Windows): a Python
    without the system's locking module runs `list` and `check` but cannot write a kit."""
    import tempfile

    from kitpress.outfolder import writer_lock

    try:
        with tempfile.TemporaryDirectory(prefix="kitpress-doctor-") as folder, writer_lock(Path(folder)):
            pass
    except Exception as exc:  # a missing fcntl or msvcrt, or a temporary folder that cannot be written
        return Check("lock", False, f"builds cannot lock an output folder ({type(exc).__name__}: {exc})", PYTHON_FIX)
    return Check("lock", True, "builds can lock an output folder, one writer at a time")


def check_pdfium() -> Check:
    """The gallery's thumbnails: pypdfium2 renders a one-page PDF."""
    try:
        import pypdfium2 as pdfium

        document = pdfium.PdfDocument.new()
        document.new_page(100, 100)
        bitmap = document[0].render(scale=0.2)
        size = (bitmap.width, bitmap.height)
        document.close()
    except Exception as exc:  # a broken wheel fails in many ways
        return Check("pdfium", False, f"pypdfium2 cannot render a page ({exc})", "pip install --force-reinstall pypdfium2")
    return Check("pdfium", True, f"pypdfium2 renders previews ({size[0]}×{size[1]} px test page)")


def check_pdftoppm(which: Callable[[str], str | None]) -> Check:
    found = which("pdftoppm")
    if not found:
        return Check("pdftoppm", False, "pdftoppm not found (previews and the tests render pages with it)", syslibs.PDFTOPPM.commands())
    return Check("pdftoppm", True, found)


def check_chromium(which: Callable[[str], str | None]) -> Check:
    for name in CHROMIUM_NAMES:
        found = which(name)
        if found:
            return Check("chromium", True, f"{found} (to test the preview gallery in a browser)", required=False)
    return Check("chromium", False, "no headless browser found; optional, only the gallery's browser test needs it", CHROMIUM_FIX, required=False)


def run_checks(previews: bool = False, which: Callable[[str], str | None] | None = None) -> list[Check]:
    which = which or shutil.which
    checks = [check_pango(), check_fonts(), check_templates(), check_lock(), check_pdfium()]
    if previews:
        checks.append(check_pdftoppm(which))
    checks.append(check_chromium(which))
    return checks


def passed(checks: list[Check]) -> bool:
    return all(c.ok or not c.required for c in checks)

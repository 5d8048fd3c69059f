"""The preview gallery: a thumbnail for every page of every kit file, relative links only, and a real
headless Chromium that loads the page, every image, and takes a screenshot.

The kit is assembled from the session's Momentum Game! build (conftest), so no game is built here.
"""

from __future__ import annotations

import html.parser
import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from kitpress.classkit import KIT_FOLDER
from kitpress.classkit.gallery import render_pages
from kitpress.classkit.kit import assemble
from kitpress.classkit.plan import plan_kit
from kitpress.sheets.presets import Preset
from kitpress.spec.load import load_spec

GAME = "momentum-game"
CHROMIUM_FLAGS = (
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
)  # fmt: skip
# Appended to a copy of the page: after every image has loaded or failed, the body says how many loaded;
# then every link is fetched (the PDFs, the packing list, the anchors' page) and the body says how many
# answered with bytes.
PROBE = """<script>
window.addEventListener("load", () => {
  const images = Array.from(document.images);
  const loaded = images.filter((img) => img.complete && img.naturalWidth > 0).length;
  document.body.setAttribute("data-images", loaded + "/" + images.length);
  const links = Array.from(new Set(Array.from(document.links).map((a) => a.href.split("#")[0])));
  let ok = 0, done = 0;
  const finish = () => { if (++done === links.length) document.body.setAttribute("data-links", ok + "/" + links.length); };
  links.forEach((href) => {
    const request = new XMLHttpRequest();
    request.open("GET", href);
    request.responseType = "arraybuffer";
    request.onload = () => { if (request.response && request.response.byteLength > 0) ok++; finish(); };
    request.onerror = finish;
    request.send();
  });
});
</script>"""


@pytest.fixture(scope="module")
def out(momentum_game_kit: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("gallery")
    shutil.copytree(momentum_game_kit, out / GAME)
    assemble(plan_kit([load_spec(GAME)], out, Preset("letter"), 28), out)
    return out


class _Links(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[tuple[str, str]] = []
        self.images: list[dict[str, str | None]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in ("src", "href") and value is not None:
                self.links.append((tag, value))
        if tag == "img":
            self.images.append(dict(attrs))


def _parse(page: Path) -> _Links:
    parser = _Links()
    parser.feed(page.read_text("utf-8"))
    return parser


@pytest.mark.parametrize("page", ["index.html", f"{KIT_FOLDER}/index.html"])
def test_every_link_is_relative_and_resolves(out: Path, page: str) -> None:
    parsed = _parse(out / page)
    assert parsed.images, "the gallery shows thumbnails"
    for tag, link in parsed.links:
        assert "://" not in link and not link.startswith(("/", "//", "data:", "javascript:")), (tag, link)
        target = link.split("#", 1)[0]
        if target:
            assert ((out / page).parent / target).is_file(), link
    for img in parsed.images:
        assert img.get("alt") and img.get("width") and img.get("height")
        assert "loading" not in img, "no lazy loading: an offline preview shows every page at once"
    assert "<link" not in (out / page).read_text("utf-8"), "the CSS is inlined"


def test_the_print_jobs_come_first_in_order_with_their_covers(out: Path) -> None:
    folder = out / KIT_FOLDER
    html_text = (folder / "index.html").read_text("utf-8")
    jobs = sorted(folder.glob("[0-9]-*.pdf"), key=lambda p: int(p.name.split("-")[0]))
    assert [p.name.split("-")[0] for p in jobs] == [str(n) for n in range(1, len(jobs) + 1)] and len(jobs) == 2  # plain, then card stock
    places = [html_text.index(f'href="{p.name}"') for p in jobs]
    assert places == sorted(places)
    assert places[-1] < html_text.index(f'href="{GAME}/{GAME}-cards-letter.pdf"'), "the jobs before the per-game files"
    for job in jobs:
        thumb = folder / "preview" / f"{job.stem}-1.png"
        assert f'src="preview/{job.stem}-1.png"' in html_text
        assert not (folder / "preview" / f"{job.stem}-2.png").exists(), "the job's first page only: the covers (job 1), the proof sheet (card stock)"
        pdf = job.read_bytes()
        assert render_pages(pdf, first=1) == [thumb.read_bytes()]


def test_a_thumbnail_for_every_page_of_every_pdf(out: Path) -> None:
    folder = out / KIT_FOLDER
    html_text = (folder / "index.html").read_text("utf-8")
    pdfs = sorted(p for p in folder.rglob("*.pdf") if p.parent != folder or not p.name[0].isdigit())  # a print job shows its cover
    assert {p.name for p in pdfs} >= {"teacher-guide.pdf", "packing-list.pdf", f"{GAME}-cards-letter.pdf", f"{GAME}-rules-letter.pdf", f"{GAME}-card-stock-letter.pdf"}
    for pdf in pdfs:
        rel = pdf.relative_to(folder).with_suffix("")
        pages = len(PdfReader(str(pdf)).pages)
        thumbs = sorted((folder / "preview" / rel.parent).glob(f"{rel.name}-*.png"))
        assert len(thumbs) == pages, pdf.name
        for n in range(1, pages + 1):
            assert f'src="preview/{rel.as_posix()}-{n}.png"' in html_text
        assert f'href="{rel.as_posix()}.pdf"' in html_text
    assert "sheet 1 front" in html_text and "sheet 1 back" in html_text  # the card fronts and their backs
    with Image.open(folder / "preview" / GAME / f"{GAME}-cards-letter-1.png") as image:
        assert image.size == (round(792 * 0.3), round(612 * 0.3))  # a landscape sheet of 8 cards
        assert len(image.getcolors(1 << 16) or []) > 20, "a card sheet, not a blank page"


def test_thumbnails_are_deterministic(out: Path) -> None:
    pdf = (out / KIT_FOLDER / GAME / f"{GAME}-cards-letter.pdf").read_bytes()
    first = render_pages(pdf)
    assert render_pages(pdf) == first
    assert first[0] == (out / KIT_FOLDER / "preview" / GAME / f"{GAME}-cards-letter-1.png").read_bytes()


def _chromium() -> str:
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    pytest.skip("chromium is not installed (Debian package: chromium); the gallery's browser test needs it")


def _run(browser: str, profile: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([browser, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", *args], capture_output=True, text=True, timeout=90, check=False)


def test_gallery_loads_in_headless_chromium(out: Path, tmp_path: Path) -> None:
    browser = _chromium()
    index = out / "index.html"
    probe = out / "probe.html"  # beside index.html, so every relative link means the same
    probe.write_text(index.read_text("utf-8").replace("</body>", PROBE + "</body>"), "utf-8")
    total = len(_parse(index).images)
    links = len({link.split("#", 1)[0] for tag, link in _parse(index).links if tag == "a"})
    try:  # the page reads its own folder's files, as it does opened from a laptop's disk
        dom = _run(browser, tmp_path / "profile", "--allow-file-access-from-files", "--virtual-time-budget=15000", "--dump-dom", probe.as_uri())
    finally:
        probe.unlink()
    assert dom.returncode == 0, dom.stderr[-2000:]
    assert "Classroom kit: a class of 28" in dom.stdout
    assert f'data-images="{total}/{total}"' in dom.stdout, f"not every image loaded (expected {total}): " + dom.stdout[-500:]
    assert f'data-links="{links}/{links}"' in dom.stdout, f"not every link loaded (expected {links}): " + dom.stdout[-500:]

    shot = tmp_path / "gallery.png"
    result = _run(browser, tmp_path / "profile", "--window-size=1280,1600", "--hide-scrollbars", f"--screenshot={shot}", index.as_uri())
    assert result.returncode == 0, result.stderr[-2000:]
    with Image.open(shot) as image:
        assert image.size == (1280, 1600)
        assert len(image.convert("RGB").getcolors(1 << 20) or []) > 50, "the screenshot is blank"

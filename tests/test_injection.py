"""Nothing injected: spec text that looks like markup, CSS or an address is printed as that literal text
and changes nothing else. The booklet's HTML escapes it, the SVG art escapes it, the PDFs print it, the
booklet's URL fetcher loads package files only, and ids that name files cannot leave the output folder.
"""

from __future__ import annotations

import base64
import hashlib
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

import pypdf
import pytest
from click.testing import CliRunner, Result
from weasyprint.urls import FatalURLFetchingError

from kitpress.booklet import fetcher as fetcher_module
from kitpress.booklet.fetcher import PackageOnlyFetcher
from kitpress.booklet.typeset import render_html, render_pdf, render_teachers_html
from kitpress.build import verified_replays
from kitpress.cli import main
from kitpress.resources import fonts_dir, templates_dir
from kitpress.spec.load import load_spec

BASE = Path(__file__).resolve().parent / "malformed" / "base" / "momentum-game.yaml"
GAME = "momentum-game"
SCRIPT = '<script>alert("kit")</script>'
IMG = "<img src=x onerror=alert(1)>"
CSS_URL = "url(http://evil.example/x.png)"
FILE_URL = "file:///etc/passwd"
HTTP_URL = "http://evil.example/track"
# (text in the base spec, text to put there): each hostile string lands in the booklet, the art, or both.
EDITS = [
    ("  title: Momentum Game!\n", f"  title: 'Momentum {SCRIPT}'\n"),
    ("  subtitle: A two-player push game about net force", f"  subtitle: '{IMG}'"),
    ('    - "Both players reveal a card at once; an unbalanced pair of pushes moves the block."',
     f'    - "Read {CSS_URL} and {FILE_URL} and {HTTP_URL} as plain words."'),
    ('    description: "{deck_size} cards."', f"    description: '{IMG} {{deck_size}} cards.'"),
    ("label: Push Right}", "label: '<svg onload=x>'}"),
    ('    caption: "Only a net force changes the motion."', f'    caption: "{FILE_URL} {CSS_URL}"'),
    ('  - "Any Green? No movement; streak marker to None, count 0."', f"  - '{SCRIPT} {HTTP_URL}'"),
    ('    question: "Does a tie reset the streak?"', f'    question: "{HTTP_URL}?q=</p><p>"'),
    ("name: Red Dark,", "name: 'Red <i>Dark</i>',"),
]  # fmt: skip
# What must be printed, literally, in the booklet's text.
IN_BOOKLET = [SCRIPT, IMG, CSS_URL, FILE_URL, HTTP_URL, f"{HTTP_URL}?q=</p><p>", "Red <i>Dark</i>"]
# What must be printed, literally, in the SVG art's text (the label is set in capitals).
IN_ART = [SCRIPT, HTTP_URL, FILE_URL, CSS_URL, "<SVG ONLOAD=X>", f"Momentum {SCRIPT}"]


def hostile_text() -> str:
    text = BASE.read_text(encoding="utf-8")
    for old, new in EDITS:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return text


def squash(text: str) -> str:
    """Text without whitespace: PDF extraction breaks lines anywhere."""
    return re.sub(r"\s+", "", text)


@dataclass(frozen=True)
class Kit:
    spec: Path
    folder: Path
    fetched: tuple[str, ...]  # every URL WeasyPrint asked the fetcher for


@pytest.fixture(scope="module")
def hostile_kit(tmp_path_factory: pytest.TempPathFactory) -> Kit:
    """The hostile spec built on Letter (with --force: long hostile labels may trip the preflight)."""
    work = tmp_path_factory.mktemp("hostile")
    spec = work / "hostile.yaml"
    spec.write_text(hostile_text(), encoding="utf-8")
    fetched: list[str] = []
    real = PackageOnlyFetcher.fetch

    def spy(self: PackageOnlyFetcher, url: str, headers: object = None) -> object:
        fetched.append(url)
        return real(self, url, headers)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(fetcher_module.PackageOnlyFetcher, "fetch", spy)
        result = CliRunner().invoke(
            main,
            ["build", str(spec), "--paper", "letter", "--out", str(work / "out"), "--force"],
            catch_exceptions=False,
        )
    assert result.exit_code == 0, result.output
    return Kit(spec, work / "out" / GAME, tuple(fetched))


def pdf_text(path: Path) -> str:
    return "\n".join(page.extract_text() or "" for page in pypdf.PdfReader(path).pages)


def package_file(url: str) -> bool:
    if not url.startswith("file://"):
        return False
    path = Path(url.removeprefix("file://").split("?")[0].split("#")[0]).resolve()
    return any(path.is_relative_to(root.resolve()) for root in (fonts_dir(), templates_dir()))


def books_html(spec: Path) -> str:
    """Both rule books' HTML, their diagrams inline, as `lint` reads them."""
    loaded = load_spec(str(spec))
    replays = verified_replays(loaded)
    return render_html(loaded, replays, "letter") + render_teachers_html(loaded, replays, "letter")


def own_diagram(url: str, html: str) -> bool:
    """An SVG image the typesetter was given that is one of the book's own diagrams, as drawn."""
    if not url.startswith(fetcher_module.SVG_DATA):
        return False
    svg = base64.b64decode(url.removeprefix(fetcher_module.SVG_DATA)).decode("utf-8")
    return svg.startswith("<svg") and svg in html


# --- the booklet ---------------------------------------------------------------------------------


class Tags(HTMLParser):
    """Every start tag with its attributes, and the text of <style> elements."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, list[tuple[str, str | None]]]] = []
        self.styles: list[str] = []
        self._in_style = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, attrs))
        self._in_style = tag == "style"

    def handle_endtag(self, tag: str) -> None:
        self._in_style = False

    def handle_data(self, data: str) -> None:
        if self._in_style:
            self.styles.append(data)


@pytest.mark.parametrize("book", ["rules", "teachers-book"])
def test_the_booklet_html_escapes_spec_text(hostile_kit: Kit, book: str) -> None:
    loaded = load_spec(str(hostile_kit.spec))
    render = render_html if book == "rules" else render_teachers_html
    html = render(loaded, verified_replays(loaded), "letter")
    for raw in (SCRIPT, IMG, "<svg onload=x>", "<i>Dark</i>", "</p><p>"):
        assert raw not in html, f"{raw!r} reached the HTML unescaped"
    assert "&lt;script&gt;alert(&#34;kit&#34;)&lt;/script&gt;" in html
    assert "&lt;img src=x onerror=alert(1)&gt;" in html
    parser = Tags()
    parser.feed(html)
    names = {tag for tag, _ in parser.tags}
    assert not names & {"script", "img", "iframe", "object", "embed", "base", "form", "input"}
    # The teacher's book's contents list links to its own chapters, and to nothing else.
    anchors = [dict(attrs) for tag, attrs in parser.tags if tag == "a"]
    assert all(set(a) == {"href"} and re.fullmatch(r"#[a-z0-9_-]+", a["href"] or "") for a in anchors), anchors
    for tag, attrs in parser.tags:
        for name, _ in attrs:
            assert not name.startswith("on"), f"<{tag} {name}=...> in the booklet"
    links = [value or "" for tag, attrs in parser.tags for name, value in attrs if name in ("href", "src")]
    urls = re.findall(r"url\(\s*['\"]?([^'\")]+)", "\n".join(parser.styles))
    for url in [*links, *urls]:
        assert url == "booklet.css" or package_file(url) or re.fullmatch(r"#[a-z0-9_-]+", url), f"the booklet refers to {url!r}"


def test_the_booklet_pdf_prints_spec_text_literally(hostile_kit: Kit) -> None:
    """In the student rules or the teacher's book, wherever the spec text belongs."""
    text = squash(pdf_text(hostile_kit.folder / f"{GAME}-rules-letter.pdf") + pdf_text(hostile_kit.folder / f"{GAME}-teachers-book-letter.pdf"))
    for literal in IN_BOOKLET:
        assert squash(literal) in text, f"{literal!r} is not printed in the booklet"


@pytest.mark.parametrize("book", ["rules", "teachers-book"])
def test_the_booklet_footer_prints_the_title_literally(hostile_kit: Kit, book: str) -> None:
    pages = [
        page.extract_text() or ""
        for page in pypdf.PdfReader(hostile_kit.folder / f"{GAME}-{book}-letter.pdf").pages
    ]
    assert len(pages) > 1
    for n, page in enumerate(pages[1:], start=2):  # the cover has no footer
        assert "&lt;" not in page and "&#34;" not in page, f"page {n} prints HTML escapes"
        assert squash(f"Momentum {SCRIPT}") in squash(page), f"page {n}'s footer lacks the title"


def test_a_title_cannot_write_css(tmp_path: Path) -> None:
    title = (
        'x\\n}} body { background: url(http://evil.example/x.png) } @page { @bottom-center { content: \\"y'
    )
    text = BASE.read_text(encoding="utf-8").replace("  title: Momentum Game!\n", f'  title: "{title}"\n', 1)
    spec = tmp_path / "css.yaml"
    spec.write_text(text, encoding="utf-8")
    loaded = load_spec(str(spec))
    asked: list[str] = []
    real = PackageOnlyFetcher.fetch

    def spy(self: PackageOnlyFetcher, url: str, headers: object = None) -> object:
        asked.append(url)
        return real(self, url, headers)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(fetcher_module.PackageOnlyFetcher, "fetch", spy)
        try:
            render_pdf(loaded, verified_replays(loaded), "letter")
        except FatalURLFetchingError as exc:
            pytest.fail(f"spec text made the booklet fetch something: {exc}")
    html = books_html(spec)
    assert all(package_file(url) or own_diagram(url, html) for url in asked), asked


def test_the_booklet_fetches_package_files_only(hostile_kit: Kit) -> None:
    """Package files, and the rule books' own diagrams, which the typesetter gets as SVG images."""
    assert hostile_kit.fetched, "the fetcher was not used"
    html = books_html(hostile_kit.spec)
    outside = [url for url in hostile_kit.fetched if not package_file(url) and not own_diagram(url, html)]
    assert outside == []
    assert any(own_diagram(url, html) for url in hostile_kit.fetched), "the diagrams were typeset inline"


def test_no_pdf_holds_links_or_scripts(hostile_kit: Kit) -> None:
    for pdf in sorted(hostile_kit.folder.glob("*.pdf")):
        reader = pypdf.PdfReader(pdf)
        assert (
            "/Names" not in reader.trailer["/Root"] or "/JavaScript" not in reader.trailer["/Root"]["/Names"]
        ), pdf.name
        assert "/OpenAction" not in reader.trailer["/Root"], pdf.name
        for page in reader.pages:
            for annot in page.get("/Annots") or []:
                action = annot.get_object().get("/A")
                assert action is None, f"{pdf.name}: a link or action {action}"


def test_card_pdfs_print_spec_text_literally(hostile_kit: Kit) -> None:
    referee = squash(pdf_text(hostile_kit.folder / f"{GAME}-referee-card-letter.pdf"))
    assert squash(f"{SCRIPT} {HTTP_URL}") in referee


# --- the SVG art ---------------------------------------------------------------------------------


def svg_files(kit: Kit) -> Iterator[Path]:
    yield from sorted((kit.folder / "svg").glob("*.svg"))


def test_svg_art_escapes_spec_text(hostile_kit: Kit) -> None:
    texts: list[str] = []
    for svg in svg_files(hostile_kit):
        raw = svg.read_text(encoding="utf-8")
        assert "<script" not in raw.lower() and "<svg onload" not in raw.lower(), svg.name
        root = ET.fromstring(raw)
        for element in root.iter():
            tag = element.tag.rsplit("}", 1)[-1]
            assert tag not in ("script", "image", "foreignObject", "a", "use", "iframe"), (
                f"{svg.name}: <{tag}>"
            )
            for name, value in element.attrib.items():
                assert not name.rsplit("}", 1)[-1].startswith("on"), f"{svg.name}: {name}"
                assert "http:" not in value and "file:" not in value and "javascript:" not in value, (
                    f"{svg.name}: {name}={value!r}"
                )
            texts.append("".join(element.itertext()) if tag == "text" else "")
    art = "\n".join(texts)
    for literal in IN_ART:
        assert literal in art, f"{literal!r} is not printed in the art"


def test_a_colour_cannot_be_an_address(tmp_path: Path) -> None:
    text = BASE.read_text(encoding="utf-8")
    old = 'colour: "#81c784"'
    assert text.count(old) == 1
    spec = tmp_path / "colour.yaml"
    spec.write_text(text.replace(old, "colour: 'url(http://evil.example/p.svg#x)'"), encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(spec)], catch_exceptions=False)
    assert result.exit_code == 2, result.output
    assert "production.faces.green.colour" in result.stderr


# --- the URL fetcher ------------------------------------------------------------------------------


def _templates() -> str:
    return templates_dir().resolve().as_uri()


REFUSED = [
    "http://evil.example/x.png",
    "https://evil.example/style.css",
    "ftp://evil.example/x",
    "//evil.example/x.css",
    "file:///etc/passwd",
    "file://localhost/etc/passwd",
    "file://evil.example/etc/passwd",
    "FILE:///etc/passwd",
    "data:text/css,body{background:red}",
    "data:image/png;base64,iVBORw0KGgo=",
    "javascript:alert(1)",
    "/etc/passwd",
    "TEMPLATES/../../../../../../etc/passwd",
    "TEMPLATES/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
    "TEMPLATES",
    "TEMPLATES/no-such-file.css",
]


@pytest.mark.parametrize("url", REFUSED)
def test_the_fetcher_refuses_everything_but_package_files(url: str) -> None:
    url = url.replace("TEMPLATES", _templates())
    with pytest.raises(FatalURLFetchingError):
        PackageOnlyFetcher().fetch(url)


@pytest.mark.parametrize("url", ["file:///etc/passwd%00.css", "TEMPLATES/booklet.css%00"])
def test_the_fetcher_refuses_a_nul_as_fatal(url: str) -> None:
    with pytest.raises(FatalURLFetchingError):
        PackageOnlyFetcher().fetch(url.replace("TEMPLATES", _templates()))


def test_the_fetcher_serves_an_svg_image_and_nothing_else_as_data() -> None:
    svg = b'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text y="9">7</text></svg>'
    response = PackageOnlyFetcher().fetch(fetcher_module.SVG_DATA + base64.b64encode(svg).decode())
    assert response.read() == svg
    png = base64.b64encode(b"\x89PNG\r\n\x1a\n").decode()
    for url in (fetcher_module.SVG_DATA + png, fetcher_module.SVG_DATA + "not base64!", "data:image/svg+xml," + svg.decode()):
        with pytest.raises(FatalURLFetchingError):
            PackageOnlyFetcher().fetch(url)


def test_an_svg_image_fetches_through_the_same_fetcher() -> None:
    """What an SVG image refers to is asked of the booklet's fetcher, which refuses it as it would the
    page's own request (WeasyPrint then leaves the image out)."""
    import weasyprint

    svg = f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10"><image xlink:href="{FILE_URL}" width="10" height="10"/></svg>'
    html = f'<img src="{fetcher_module.SVG_DATA}{base64.b64encode(svg.encode()).decode()}">'
    refused: list[str] = []
    real = PackageOnlyFetcher.fetch

    def spy(self: PackageOnlyFetcher, url: str, headers: object = None) -> object:
        try:
            return real(self, url, headers)
        except FatalURLFetchingError:
            refused.append(url)
            raise

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(fetcher_module.PackageOnlyFetcher, "fetch", spy)
        mp.setattr(weasyprint.LOGGER, "disabled", True)
        weasyprint.HTML(string=html, base_url=templates_dir().as_uri() + "/", url_fetcher=PackageOnlyFetcher()).write_pdf()
    assert refused == [FILE_URL]


def test_the_fetcher_serves_the_package_files_the_booklet_needs() -> None:
    fetcher = PackageOnlyFetcher()
    css = templates_dir() / "booklet.css"
    font = fonts_dir() / "DejaVuSans.ttf"
    for path in (css, font):
        response = fetcher.fetch(path.resolve().as_uri())
        assert hashlib.sha256(response.read()).digest() == hashlib.sha256(path.read_bytes()).digest()


# --- names that become files ----------------------------------------------------------------------

BAD_IDS = [
    "../escape",
    "/tmp/escape",
    "a/b",
    "a\\b",
    ".hidden",
    "-rf",
    "with space",
    "ünïcode",
    "tab\tid",
    "x" * 49,
    "",
]
# (the key whose value names a file or a folder, the line that holds it in the base spec)
NAMED = [
    ("id", "id: momentum-game\n", "id: {}\n"),
    ("variants[0].id", "  - id: deck-18\n", "  - id: {}\n"),
    ("components[0].id", "  - id: track\n", "  - id: {}\n"),
    ("game.deck.cards[4].id", "{id: green, name: Green Stop", "{{id: {}, name: Green Stop"),
]


def _quoted(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t") + '"'


@pytest.mark.parametrize(("key", "old", "new"), NAMED, ids=[k for k, _, _ in NAMED])
@pytest.mark.parametrize("bad", BAD_IDS, ids=lambda b: repr(b)[:20])
def test_names_that_become_files_cannot_leave_the_output_folder(
    tmp_path: Path, key: str, old: str, new: str, bad: str
) -> None:
    text = BASE.read_text(encoding="utf-8")
    assert text.count(old) == 1
    spec = tmp_path / "spec" / "named.yaml"
    spec.parent.mkdir()
    spec.write_text(text.replace(old, new.format(_quoted(bad))), encoding="utf-8")
    out = tmp_path / "deep" / "out"
    result: Result = CliRunner().invoke(
        main, ["build", str(spec), "--paper", "letter", "--out", str(out)], catch_exceptions=False
    )
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert any(key in ln and "not a valid id" in ln for ln in result.stderr.splitlines()), result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["spec"], "nothing may be written anywhere"


@pytest.mark.parametrize("variant", ["../../escape", "/tmp/escape", "deck-18/../../x"])
def test_a_variant_named_on_the_command_line_cannot_leave_the_output_folder(
    tmp_path: Path, variant: str
) -> None:
    out = tmp_path / "out"
    result = CliRunner().invoke(
        main,
        ["build", str(BASE), "--variant", variant, "--paper", "letter", "--out", str(out)],
        catch_exceptions=False,
    )
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert variant in result.stderr
    assert list(tmp_path.iterdir()) == []

"""The preflight: each check catches a piece made wrong on purpose, and Momentum Game!'s real pieces pass."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from click.testing import CliRunner
from reportlab.pdfgen.canvas import Canvas

from kitpress.commands.lint import command as lint_command
from kitpress.lint import (
    ERROR,
    WARNING,
    Finding,
    LintFailed,
    check_jobs,
    colour,
    errors,
    layout,
    lint_jobs,
    lint_pdfs,
    metrics,
    preflight,
    raster,
    svgscan,
)
from kitpress.packs import art_for as renderer
from kitpress.packs import shipped_specs
from kitpress.pieces import BLEED, CARD_TRIM, Art, PrintJob
from kitpress.render import svgkit as k
from kitpress.sheets.impose import Page
from kitpress.sheets.pdf import write_pdf
from kitpress.sheets.services import card_page
from kitpress.spec.load import LoadedSpec, load_spec

ROOT = Path(__file__).resolve().parents[1]
W, H = CARD_TRIM
B = BLEED
Draw = Callable[[Any], None]


def art(name: str, *draws: Draw, background: str = "#ffffff", size: tuple[float, float] = CARD_TRIM, shape: str = "rect") -> Art:
    """A piece with a full-bleed background and whatever the draw functions add."""
    w, h = size
    dwg = k.drawing(w + 2 * B, h + 2 * B)
    dwg.add(dwg.rect((0, 0), (w + 2 * B, h + 2 * B), fill=background))
    for draw in draws:
        draw(dwg)
    return Art(name, k.to_string(dwg), w, h, shape=shape)


def text(x: float, y: float, content: str, size: float, **kw: Any) -> Draw:
    return lambda dwg: k.text(dwg, dwg, x, y, content, size, **kw)


def cards(*arts: Art) -> PrintJob:
    return PrintJob("cards", "cards", "grid9", arts)


def found(findings: list[Finding], card: str | None = None) -> set[str]:
    return {f.check for f in findings if card is None or f.card == card}


def lint(*jobs: PrintJob, pairs: list[tuple[str, str, str]] | None = None, raster_checks: bool = False) -> list[Finding]:
    return check_jobs("test-game", list(jobs), pairs, raster_checks=raster_checks)


# --- text -------------------------------------------------------------------------------------------


def test_text_is_measured_where_it_prints() -> None:
    """The ink box from the font's outlines matches the rasterised print to a fraction of a point."""
    for anchor, turn in (("start", 0), ("middle", 0), ("end", 0), ("middle", 180)):
        piece = art("t", lambda dwg, a=anchor, t=turn: dwg.add(_turned(dwg, a, t)))
        item = svgscan.scan(piece)[1]
        style, _ = metrics.resolve(item.style["font-family"], item.style["font-weight"], "normal")
        assert style == "bold"
        box = layout.text_box(item, style, 20)
        assert box is not None
        _, [printed] = raster.print_all([piece], scale=4)
        ys, xs = np.nonzero((255 - printed.pixels.astype(int)).max(axis=-1) > 60)
        inked = (xs.min() / 4, ys.min() / 4, (xs.max() + 1) / 4, (ys.max() + 1) / 4)
        assert np.allclose(box, inked, atol=0.35), (anchor, turn, box, inked)


def _turned(dwg: Any, anchor: str, turn: int) -> Any:
    group = dwg.g(transform=f"rotate({turn} 99 135)")
    k.text(group, dwg, 99, 135, "Σgjy → Ω", 20, anchor=anchor, bold=True)
    return group


def test_overflowing_text_is_caught_against_safe_zone_trim_and_art() -> None:
    long = "A sentence far too long for any poker card"
    job = cards(
        art("in-margin", text(B + 4, B + 40, "MARGIN", 12, anchor="start")),
        art("past-trim", text(B + W / 2, B + 3, "TOP", 12)),
        art("off-art", text(B + W / 2, B + 120, long, 14)),
        art("fine", text(B + W / 2, B + 120, "PUSH RIGHT", 14)),
    )
    findings = lint(job)
    assert found(findings, "in-margin") == {"text-safe-zone"}
    assert found(findings, "past-trim") == {"text-outside-trim"}
    assert found(findings, "off-art") == {"text-outside-art"}
    assert found(findings, "fine") == set()
    message = next(f for f in findings if f.card == "in-margin").message
    assert "'MARGIN' (12 pt) runs into the 9 pt safe margin" in message and "at the left" in message
    # A board keeps text inside the trim only: the same text 4 pt in is fine there.
    board = PrintJob("board", "board", "pack", (art("board", text(B + 4, B + 40, "MARGIN", 12, anchor="start")),))
    assert lint(board) == []


def test_text_overflowing_its_box() -> None:
    def boxed(label: str) -> Draw:
        def draw(dwg: Any) -> None:
            dwg.add(dwg.rect((B + 60, B + 100), (60, 24), fill="#ffffff", stroke="#1a1a1a"))
            k.text(dwg, dwg, B + 90, B + 117, label, 14)

        return draw

    findings = lint(cards(art("wide", boxed("OVERFLOWING")), art("fits", boxed("OK"))))
    assert found(findings, "wide") == {"text-overflow"}
    assert "overflows the rect it sits in (60.0 × 24.0 pt)" in findings[0].message
    assert found(findings, "fits") == set()


def test_text_below_the_size_its_kind_is_read_at() -> None:
    """Rule W5: text read at the table (a card) is at least 8 pt; a kind not listed keeps 7 pt."""
    findings = lint(cards(art("tiny", text(B + W / 2, B + 100, "tiny", 7.5)), art("eight", text(B + W / 2, B + 100, "eight", 8))))
    assert found(findings, "tiny") == {"W5 text-size"}
    assert "(7.5 pt) is below the 8 pt this kind of piece is read at" in findings[0].message
    assert found(findings, "eight") == set()
    other = PrintJob("notes", "notes", "pack", (art("seven", text(B + W / 2, B + 100, "seven", 7)), art("six", text(B + W / 2, B + 100, "six", 6.5))))
    assert {f.card for f in lint(other) if f.check == "W5 text-size"} == {"six"}


def test_text_scaled_down_counts_at_its_printed_size() -> None:
    def scaled(dwg: Any) -> None:
        group = dwg.g(transform="translate(99 135) scale(0.5)")
        k.text(group, dwg, 0, 0, "small", 14)
        dwg.add(group)

    assert found(lint(cards(art("scaled", scaled)))) == {"W5 text-size"}


def test_glyph_missing_from_the_bundled_font() -> None:
    findings = lint(cards(art("kanji", text(B + W / 2, B + 100, "力 = m × a", 14))))
    assert found(findings) == {"glyph"}
    assert "has no glyph for '力' U+529B" in findings[0].message
    assert lint(cards(art("dejavu", text(B + W / 2, B + 100, "ΣF ≠ 0 ⌊x⌋ → ←", 14)))) == []


def test_font_that_is_not_bundled() -> None:
    findings = lint(cards(art("comic", lambda dwg: dwg.add(dwg.text("Hello", insert=(99, 135), font_family="No Such Font", font_size="12")))))
    assert found(findings) == {"font"}
    assert "'No Such Font' normal normal, which is not a bundled font" in findings[0].message


def test_card_icons_keep_to_the_safe_zone_but_frames_and_backgrounds_may_not() -> None:
    def icon(dwg: Any) -> None:
        dwg.add(dwg.circle((B + 6, B + 60), 4, fill="#c62828"))

    def frame(dwg: Any) -> None:  # 3 mm (8.5 pt) and more inside the trim: a drift does not show it
        dwg.add(dwg.rect((B + 11, B + 11), (W - 22, H - 22), fill="none", stroke="#c62828", stroke_width=4, rx=8))
        dwg.add(dwg.rect((0, 0), (W + 2 * B, B + 40), fill="#1565c0"))  # a header band into the bleed

    def close_frame(dwg: Any) -> None:  # the old Light-card frame, 1.4 mm inside the trim
        dwg.add(dwg.rect((B + 6, B + 6), (W - 12, H - 12), fill="none", stroke="#c62828", stroke_width=4, rx=8))

    findings = lint(cards(art("icon", icon), art("frame", frame), art("close", close_frame)))
    assert found(findings, "icon") == {"icon-safe-zone"}
    assert "circle at (2.0, 56.0) pt from the trim corner runs into the 9 pt safe margin: 7.0 pt at the left" in findings[0].message
    assert found(findings, "frame") == set()
    assert found(findings, "close") == {"safe-frame"}


def test_round_pieces_keep_text_inside_the_safe_circle() -> None:
    d = 40.0
    disc = PrintJob("discs", "discs", "pack", (
        art("edge", text(B + 5, B + d / 2 + 3, "x", 8, anchor="start"), size=(d, d), shape="circle"),
        art("corner", text(B + 6, B + 10, "x", 8), size=(d, d), shape="circle"),
        art("centre", text(B + d / 2, B + d / 2 + 3, "+3", 8), size=(d, d), shape="circle"),
    ))  # fmt: skip
    findings = lint(disc)
    assert {(f.card, f.check) for f in findings} == {("edge", "text-safe-zone"), ("corner", "text-outside-trim")}
    assert "at the rim" in findings[0].message


# --- print: bleed and fonts --------------------------------------------------------------------------


def test_art_that_stops_short_of_the_bleed() -> None:
    def trim_only(dwg: Any) -> None:
        dwg.add(dwg.rect((B, B), (W, H), fill="#c62828"))

    def band_short_at_top(dwg: Any) -> None:
        dwg.add(dwg.rect((0, B + 2), (W + 2 * B, 40), fill="#1565c0"))  # top edge stops 2 pt inside the trim: fine
        dwg.add(dwg.rect((0, B), (W / 2, 30), fill="#2e7d32"))  # touches the top trim, stops short of the bleed

    findings = lint(cards(art("trim-only", trim_only), art("band", band_short_at_top), art("good", background="#c62828")), raster_checks=True)
    bleed = {(f.card, f.message.split(":")[0]) for f in findings if f.check == "bleed"}
    assert bleed == {
        ("trim-only", "art stops short of the bleed on the top"), ("trim-only", "art stops short of the bleed on the bottom"),
        ("trim-only", "art stops short of the bleed on the left"), ("trim-only", "art stops short of the bleed on the right"),
        ("band", "art stops short of the bleed on the top"),
    }  # fmt: skip
    band_top = next(f for f in findings if f.card == "band" and f.check == "bleed")
    assert "81 pt of the trim edge" in band_top.message  # W/2 + B, less the reach allowed a diagonal


def test_round_piece_bleed() -> None:
    d = 40.0

    def disc(r: float) -> Draw:
        return lambda dwg: dwg.add(dwg.circle((B + d / 2, B + d / 2), r, fill="#1b1b1b"))

    job = PrintJob("discs", "discs", "pack", (art("short", disc(d / 2), size=(d, d), shape="circle"), art("full", disc(d / 2 + B), size=(d, d), shape="circle")))
    findings = [f for f in lint(job, raster_checks=True) if f.check == "bleed"]
    assert [(f.card, f.message.split(":")[0]) for f in findings] == [("short", "art stops short of the bleed on the rim")]


def _helvetica_pdf() -> bytes:
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1)
    canvas.setFont("Helvetica", 12)
    canvas.drawString(72, 72, "not embedded")
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def test_fonts_not_embedded(tmp_path: Path) -> None:
    bad = tmp_path / "bad.pdf"
    bad.write_bytes(_helvetica_pdf())
    piece = art("good", text(B + W / 2, B + 100, "ΣF = 0", 14))
    findings = lint_pdfs([bad, ("good.pdf", write_pdf([Page(card_page(piece), [piece])], "t", "t"))], game="g")
    assert [str(f) for f in findings] == ["g: bad.pdf: page 1: error [font-embed]: font Helvetica is not embedded (pages 1)"]


# --- colour --------------------------------------------------------------------------------------------


def _arrow(direction: int) -> Draw:
    return lambda dwg: dwg.add(k.arrow(dwg, B + W / 2, B + 120, 120, 24, direction, fill="#ffffff"))


def test_faces_that_differ_only_by_colour() -> None:
    red, green = "#c62828", "#2e7d32"
    only_colour = cards(art("red", _arrow(1), text(B + W / 2, B + 60, "PUSH", 18, fill="#ffffff"), background=red),
                        art("green", _arrow(1), text(B + W / 2, B + 60, "PUSH", 18, fill="#ffffff"), background=green))  # fmt: skip
    findings = lint(only_colour, raster_checks=True)
    assert [(f.card, f.check, f.severity) for f in findings if f.check == "colour-only"] == [("red", "colour-only", ERROR)]
    assert "prints the same as 'green' in black and white" in next(f for f in findings if f.check == "colour-only").message
    # Pointing opposite ways, the same two colours carry their meaning twice: no colour-only finding.
    twice = cards(art("red", _arrow(1), background=red), art("green", _arrow(-1), background=green))
    assert "colour-only" not in found(lint(twice, raster_checks=True))


def test_light_tints_print_as_paper_and_dark_colours_as_ink() -> None:
    assert colour._flat(colour_rl("#f8e5e5")) == colour_rl("#ffffff")
    assert colour._flat(colour_rl("#1565c0")) == colour_rl("#000000")
    assert colour._flat(colour_rl("#ffe082")) == colour_rl("#ffffff")


def colour_rl(value: str) -> Any:
    from reportlab.lib import colors

    return colors.HexColor(value)


def test_colour_pairs_need_contrast_in_grayscale_and_both_simulations() -> None:
    findings = lint(pairs=[("team", "#c62828", "#2e7d32"), ("disc side", "#1b1b1b", "#ffffff"), ("bad", "#c62828", "reddish")])
    assert [(f.component, f.card, f.severity) for f in findings] == [("colours", "team", ERROR), ("colours", "bad", ERROR)]
    team = findings[0].message
    assert team.startswith("#c62828 vs #2e7d32: contrast grayscale 1.10, deuteranopia 1.13, protanopia 1.63 (need ≥ 1.5 in each)")
    assert "to fix, make the" in team


def test_derived_pairs_are_warnings() -> None:
    job = cards(art("red", _arrow(1), background="#c62828"), art("green", _arrow(-1), background="#2e7d32"))
    findings = [f for f in lint(job, raster_checks=True) if f.check == "contrast"]
    assert [(f.card, f.severity) for f in findings] == [("red vs green", WARNING)]
    assert errors(findings) == []


def test_simulation_matrices() -> None:
    white, black = (1.0, 1.0, 1.0), (0.0, 0.0, 0.0)
    for view in colour.VIEWS:
        assert colour.luminance(white, view) == pytest.approx(1.0, abs=0.01)
        assert colour.contrast(white, black, view) == pytest.approx(21.0, rel=0.01)
    # Red and green that differ in hue only: told apart with normal vision, not by a deuteranope.
    red, green = (0.8, 0.2, 0.1), (0.45, 0.55, 0.1)
    assert colour.contrast(red, green, "deuteranopia") < colour.contrast(red, green, "protanopia")
    assert colour.luminance((1.0, 0.0, 0.0), "protanopia") < colour.luminance((1.0, 0.0, 0.0))


# --- real games, the command, build's entry point ----------------------------------------------------


@pytest.fixture(scope="module")
def momentum_game() -> tuple[LoadedSpec, list[PrintJob], list[Finding]]:
    loaded = load_spec("momentum-game")
    jobs = renderer(loaded.spec.engine).jobs(loaded)
    return loaded, jobs, lint_jobs(loaded, jobs)


def test_momentum_game_cards_board_and_checklist_pass(momentum_game: tuple[LoadedSpec, list[PrintJob], list[Finding]]) -> None:
    _, _, findings = momentum_game
    assert [str(f) for f in errors(findings)] == []
    # The declared colour pairs (sides, push against stop) were checked and hold.
    assert not [f for f in findings if "contrast" in f.message]


def test_preflight_for_build(momentum_game: tuple[LoadedSpec, list[PrintJob], list[Finding]]) -> None:
    loaded, jobs, _ = momentum_game
    findings = preflight(loaded, [j for j in jobs if j.kind == "checklist"], pdf_paths=[("rules.pdf", _helvetica_pdf())])
    assert [(f.component, f.check) for f in findings] == [("rules.pdf", "font-embed")]
    failure = LintFailed(loaded.id, findings)
    assert failure.exit_code == 1
    assert failure.lines()[-1] == "momentum-game: preflight found 1 error(s); nothing was written (use --force to write the kit anyway)"


def test_lint_command_fails_on_a_spec_made_to_overflow(tmp_path: Path) -> None:
    spec = (ROOT / "specs" / "momentum-game.yaml").read_text("utf-8")
    assert "label: Push Right}" in spec
    over = tmp_path / "overflow.yaml"
    over.write_text(spec.replace("label: Push Right}", "label: Push Right With All The Force Of A Runaway Freight Train}"), "utf-8")
    result = CliRunner().invoke(lint_command, [str(over)], catch_exceptions=False)
    assert result.exit_code == 1
    assert "momentum-game: cards: red-dark: error [text-outside-art]: text 'PUSH RIGHT WITH ALL THE FORCE OF A RUNA…' (7 pt) runs off the art" in result.output
    assert "momentum-game: cards: blue-dark:" not in result.output
    # each finding starts at the spec line to edit, with its key path (issue 20, point 3)
    line = next(n for n, text in enumerate(over.read_text("utf-8").splitlines(), start=1) if "Runaway Freight Train" in text)
    column = over.read_text("utf-8").splitlines()[line - 1].index("label: Push Right With") + 1
    at = f"{over}:{line}:{column}: production.faces.red.label: "
    overflow = [ln for ln in result.output.splitlines() if "[text-outside-art]" in ln]
    assert overflow and all(ln.startswith(at) for ln in overflow), overflow
    # and the label the art had to shrink is said, not left silent
    assert f"{at}momentum-game: pieces: text: warning [text-shrunk]: text 'PUSH RIGHT WITH ALL THE FORCE OF A RUNAWAY FREIGHT TRAIN' had to shrink from 20 pt to 7 pt to fit" in result.output


def test_a_text_is_placed_at_its_spec_key_whatever_its_case_or_cut() -> None:
    from kitpress.lint.places import SpecPlaces

    places = SpecPlaces(str(ROOT / "specs" / "momentum-game.yaml"), "specs/momentum-game.yaml")
    lines = (ROOT / "specs" / "momentum-game.yaml").read_text("utf-8").splitlines()
    at = places.place("PUSH RIGHT")
    file, line, column, path = at.split(":", 3)
    assert (file, path) == ("specs/momentum-game.yaml", " production.faces.red.label")
    assert lines[int(line) - 1][int(column) - 1 :].startswith("label: Push Right}")  # the key to edit
    assert places.place("Momentum Gam…").endswith(": production.faces.back_title")  # cut in a message
    assert places.place("No such words anywhere") == ""
    found = places.locate(Finding("g", "cards", "green", "warning", "dominant colours #81c784 vs #000000: ...", "contrast"))
    assert found.at.endswith("production.faces.green.colour") and str(found).startswith(found.at + ": g: cards: green: warning")


def test_lint_command_bad_game() -> None:
    result = CliRunner().invoke(lint_command, ["no-such-game"], catch_exceptions=False)
    assert result.exit_code == 2
    assert "unknown game 'no-such-game'" in result.output


@pytest.mark.parametrize("game", sorted(shipped_specs()))
def test_every_game_passes_the_preflight_in_full_and_low_ink(game: str) -> None:
    """The low-ink build is what a school's black-and-white laser prints: its faces must still differ
    without colour, and its text must fit, like the full-colour kit's."""
    from kitpress.preflight import inked as _ink

    loaded = load_spec(game)
    jobs = renderer(loaded.spec.engine).jobs(loaded)
    for ink in ("full", "low"):
        assert [str(f) for f in errors(lint_jobs(loaded, _ink(jobs, ink)))] == [], ink


def test_build_refuses_at_the_spec_line_to_edit(tmp_path: Path) -> None:
    """`build`'s preflight names the same line and key as `kitpress lint`, and writes nothing."""
    from kitpress.cli import main

    spec = (ROOT / "specs" / "momentum-game.yaml").read_text("utf-8")
    over = tmp_path / "overflow.yaml"
    over.write_text(spec.replace("label: Push Right}", "label: Push Right With All The Force Of A Runaway Freight Train}"), "utf-8")
    result = CliRunner().invoke(main, ["build", str(over), "--only", "cards", "--paper", "letter", "--out", str(tmp_path / "out")])
    assert result.exit_code == 1, result.output
    line = next(n for n, text in enumerate(over.read_text("utf-8").splitlines(), start=1) if "Runaway Freight Train" in text)
    overflow = [ln for ln in result.output.splitlines() if "[text-outside-art]" in ln]
    assert overflow and all(ln.startswith(f"{over}:{line}:") and " production.faces.red.label: " in ln for ln in overflow), overflow
    assert not (tmp_path / "out" / "momentum-game").exists()

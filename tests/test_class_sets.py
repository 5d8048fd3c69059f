"""Class sets (issue 19, point 4): in the class kit's print jobs every card back of a set carries the set's
letter on a colour band, the fronts and the backs' places on the sheet unchanged; off with
--no-set-marks. One kit of Momentum Game! for 6 students (3 sets) is built for the module."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from pypdf import PdfReader

from kitpress.classkit import KIT_FOLDER
from kitpress.classkit.sets import COLOURS, set_label
from kitpress.cli import main
from kitpress.sheets.impose import printed_pages
from kitpress.sheets.presets import Preset
from kitpress.spec.load import load_spec

GAME = "momentum-game"
SCALE = 0.5  # pixels per point


@pytest.fixture(scope="module")
def out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("class-sets")
    result = CliRunner().invoke(main, ["kit", "--games", GAME, "--class-size", "6", "--out", str(out)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return out


def _job(out: Path, file: str) -> dict[str, Any]:
    data = json.loads((out / KIT_FOLDER / "kit.json").read_text("utf-8"))
    return next(j for j in data["jobs"] if j["file"] == file)


def _pixels(pdf: bytes, index: int) -> Any:
    import numpy as np
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf)
    try:
        return np.asarray(document[index].render(scale=SCALE).to_pil().convert("RGB"), dtype=int)
    finally:
        document.close()


def test_set_labels_run_from_a_to_z_then_two_letters() -> None:
    assert [set_label(i) for i in (0, 2, 25, 26, 27, 51, 52)] == ["A", "C", "Z", "AA", "AB", "AZ", "BA"]


def test_each_sets_card_backs_carry_its_letter_and_nothing_else_moves(out: Path) -> None:
    folder = out / KIT_FOLDER
    job = _job(out, "2-card-stock-duplex.pdf")
    part = job["parts"][1]  # after the proof sheet
    assert part["paths"] == [f"{GAME}/{GAME}-cards-letter.pdf"] and part["copies"] == 3
    merged = (folder / job["file"]).read_bytes()
    own = (folder / part["paths"][0]).read_bytes()
    per_copy = len(PdfReader(io.BytesIO(own)).pages)
    reader = PdfReader(io.BytesIO(merged))
    assert "Set A" in PdfReader(str(folder / "1-plain-duplex.pdf")).pages[2].extract_text()  # its cover (in job 1) says the backs are lettered
    loaded = load_spec(GAME)
    from kitpress.packs import art_for

    cards = next(j for j in art_for(loaded.spec.engine).jobs(loaded) if j.kind == "cards")
    pages = printed_pages(cards, Preset("letter"))
    bleed = cards.fronts[0].bleed
    for n in range(3):
        first = 2 + n * per_copy  # after the proof sheet (the calibration page, front and back)
        for index in range(per_copy):
            page = reader.pages[first + index]
            text = page.extract_text()
            if index % 2 == 0:  # a sheet of fronts: as the game's own file prints it
                assert "Set" not in text
                assert (_pixels(merged, first + index) == _pixels(own, index)).all()
                continue
            assert text.count(f"Set {set_label(n)}") == len(pages[index].sheet.placements) and "Set " + set_label(n + 1) not in text
            # Every pixel that differs from the unmarked backs lies in a card's band, along one edge of the
            # card (the back turns with the flip and the layout): the backs themselves are where they were.
            changed = (_pixels(merged, first + index) != _pixels(own, index)).any(axis=2)
            sheet = pages[index].sheet
            allowed = changed & False
            for place in sheet.placements:
                band = (max(place.w, place.h) * 0.12 + bleed) * SCALE + 2
                left, right = (place.x - bleed) * SCALE - 1, (place.x + place.w + bleed) * SCALE + 1
                top, bottom = (sheet.height - place.y - place.h - bleed) * SCALE - 1, (sheet.height - place.y + bleed) * SCALE + 1
                edges = [(left, right, top, top + band), (left, right, bottom - band, bottom), (left, left + band, top, bottom), (right - band, right, top, bottom)]
                for x0, x1, y0, y1 in edges:
                    allowed[max(0, int(y0)):max(0, int(y1) + 1), max(0, int(x0)):max(0, int(x1) + 1)] = True
            assert changed.any() and not (changed & ~allowed).any(), f"set {set_label(n)}: a back moved"
    assert len(set(COLOURS)) == len(COLOURS)  # a colour a set, in turn


def test_no_set_marks_prints_the_game_files_as_they_are(run_cli: Callable[..., Result], tmp_path: Path) -> None:
    """Built with a back offset too: the kit's calibration page and backs are made with it."""
    result = run_cli("kit", "--games", GAME, "--class-size", "4", "--no-set-marks", "--back-offset", "1,-0.5", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    calibration = PdfReader(str(tmp_path / KIT_FOLDER / "calibration-letter-long-edge.pdf"))
    assert "This page was made with --back-offset 1,-0.5" in " ".join(calibration.pages[0].extract_text().split())
    folder = tmp_path / KIT_FOLDER
    data = json.loads((folder / "kit.json").read_text("utf-8"))
    assert data["set_marks"] is False
    job = next(j for j in data["jobs"] if j["file"] == "2-card-stock-duplex.pdf")
    reader = PdfReader(str(folder / job["file"]))
    own = PdfReader(str(folder / job["parts"][1]["paths"][0]))
    assert "Set A" not in " ".join(p.extract_text() for p in reader.pages)
    assert [p.extract_text() for p in reader.pages[2 : 2 + 2 * len(own.pages)]] == [p.extract_text() for p in own.pages] * 2

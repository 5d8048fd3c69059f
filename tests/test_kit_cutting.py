"""Sheets as the rules say and the cutting table (issue 28, points 5 and 6), read from the class kit of
28 on Letter: score sheets one a side and single-sided, no crop marks on sheets used as printed, the
assembly pages naming only files the kit holds, a cutting estimate counted from the pieces, and round
pieces sized to the punch their spec names."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from kitpress import punches
from kitpress.classkit import KIT_FOLDER
from kitpress.classkit.cutting import PUNCH_S, SCISSORS_S, STRAIGHT_S, of_job
from kitpress.cli import main
from kitpress.lint import punch
from kitpress.packs import art_for
from kitpress.pieces import PT_PER_MM, Art, PrintJob
from kitpress.resources import specs_dir
from kitpress.sheets.presets import Preset
from kitpress.spec.load import load_spec
from kitpress.stock import PLAIN, stock_for

AS_PRINTED = ["integer-matrix/integer-matrix-score-sheet-letter.pdf", "newtonian-rummy/newtonian-rummy-answer-key-letter.pdf", "newtonian-rummy/newtonian-rummy-standard-deck-letter.pdf"]
CUT = ["integer-matrix/integer-matrix-discs-letter.pdf", "momentum-game/momentum-game-cards-letter.pdf"]


@pytest.fixture(scope="module")
def kit(class_kit_28: Path) -> tuple[Path, dict[str, Any]]:
    folder = class_kit_28 / KIT_FOLDER
    return folder, json.loads((folder / "kit.json").read_text("utf-8"))


def _text(pdf: Path) -> list[str]:
    return [page.extract_text() or "" for page in PdfReader(str(pdf)).pages]


def _crop_marks(pdf: Path) -> int:
    """Hairline segments drawn after the art (the sheet writer draws the marks last, 0.3 pt wide)."""
    count = 0
    for page in PdfReader(str(pdf)).pages:
        data = page.get_contents().get_data().decode("latin-1")
        tail = data[data.rindex(".3 w") :] if ".3 w" in data else ""
        count += len(re.findall(r"[-\d.]+ [-\d.]+ m [-\d.]+ [-\d.]+ l S", tail))
    return count


def test_score_sheets_print_one_a_side_single_sided(kit: tuple[Path, dict[str, Any]]) -> None:
    folder, data = kit
    sets = {g["game"]: g["sets"] for g in data["games"]}["integer-matrix"]
    job = next(j for j in data["jobs"] if any(p["paths"] == [AS_PRINTED[0]] for p in j["parts"]))
    part = next(p for p in job["parts"] if p["paths"] == [AS_PRINTED[0]])
    assert job["duplex"] != "none", "the job is double-sided: the score sheets must still be alone on theirs"
    assert part["sheets"] == part["pages"] == 2 * sets  # one sheet a side, each a sheet of its own
    pages = _text(folder / job["file"])
    fronts = [i for i, text in enumerate(pages) if "Positive side" in text or "Negative side" in text]
    assert len(fronts) == 2 * sets
    for i in fronts:
        assert i % 2 == 0, "a score sheet opens a sheet (the cover and its blank back are pages 0 and 1)"
        assert not pages[i + 1].strip(), f"page {i + 2}, behind a score sheet, is not blank"


def test_sheets_used_as_printed_carry_no_crop_marks(kit: tuple[Path, dict[str, Any]]) -> None:
    folder, _ = kit
    for path in AS_PRINTED:
        assert _crop_marks(folder / path) == 0, path
    for path in CUT:
        assert _crop_marks(folder / path) >= 16, path


def test_assembly_pages_name_only_files_the_kit_holds(kit: tuple[Path, dict[str, Any]]) -> None:
    folder, _ = kit
    held = {p.relative_to(folder).as_posix() for p in folder.rglob("*.pdf")}
    pages = sorted(folder.glob("*/0-print-and-assemble-letter.pdf"))
    assert len(pages) == 4
    for page in pages:
        text = " ".join(" ".join(_text(page)).split())
        named = set(re.findall(r"[a-z0-9-]+\.pdf", text))
        assert named, page
        for name in named:
            assert f"{page.parent.name}/{name}" in held or name in held, f"{page.parent.name}'s page names {name}, not in the kit"
        assert "one file each" not in text and "backs alone" not in text
    built = (folder.parent / ".classroom-kit-builds" / "letter" / "integer-matrix" / "0-print-and-assemble-letter.pdf")
    assert "one file each" in " ".join(" ".join(_text(built)).split()), "the game's own folder keeps its page"


def test_cutting_is_counted_from_the_pieces(kit: tuple[Path, dict[str, Any]]) -> None:
    folder, data = kit
    games = {g["game"]: g for g in data["games"]}
    text = " ".join((folder / "packing-list.txt").read_text("utf-8").split())
    total = {"pieces": 0, "straight_cuts": 0, "circles": 0, "scissors_circles": 0}
    for game in games.values():
        one, everyone = game["cutting"]["set"], game["cutting"]["class"]
        for key in total:
            assert everyone[key] == one[key] * game["sets"], (game["game"], key)
            total[key] += everyone[key]
        assert one["minutes"] * 60 >= one["straight_cuts"] * STRAIGHT_S + sum(one["punched"].values()) * PUNCH_S + one["scissors_circles"] * SCISSORS_S
        assert f"{one['pieces']} pieces: {one['straight_cuts']} straight cuts" in text and f"about {one['minutes']} minutes a set, {everyone['minutes']:,} for the {game['sets']} sets." in text
    assert {k: data["cutting"][k] for k in total} == total
    # the pieces and the round ones, counted from each game's art: every piece a set cuts
    for game_id, game in games.items():
        loaded = load_spec(game_id)
        cut = [j for j in art_for(loaded.spec.engine).jobs(loaded) if stock_for(j.kind, j) != PLAIN and not j.as_printed]
        assert game["cutting"]["set"]["pieces"] == sum(len(j.fronts) for j in cut), game_id
        assert game["cutting"]["set"]["circles"] == sum(a.shape == "circle" for j in cut for a in j.fronts), game_id
    discs = games["integer-matrix"]["cutting"]
    assert discs["set"]["punched"] == {"7/8 in": loaded_discs()} and discs["class"]["punched"]["7/8 in"] == loaded_discs() * games["integer-matrix"]["sets"]
    pdf = " ".join(" ".join(_text(folder / "packing-list.pdf")).split())
    c = data["cutting"]
    said = f"Cutting for the class: {c['pieces']:,} pieces: {c['straight_cuts']:,} straight cuts and {c['circles']:,} circles ("
    assert said in text and said in pdf
    assert f"about {c['minutes']:,} minutes" in text
    discs, marbles = (games[g]["cutting"]["class"]["punched"][size] for g, size in (("integer-matrix", "7/8 in"), ("momentum", "3/4 in")))
    for line in (
        f"A 7/8 in (22.2 mm) circle punch, the size of the round pieces of Integer Matrix ({discs:,})",
        f"A 3/4 in (19.1 mm) circle punch, the size of the round pieces of Momentum ({marbles:,})",
        f"A paper trimmer (guillotine or rotary) cutting a sheet's full 279 mm, for {c['straight_cuts']:,} straight cuts",
    ):
        assert line in text and line in pdf


def loaded_discs() -> int:
    loaded = load_spec("integer-matrix")
    return sum(1 for j in art_for(loaded.spec.engine).jobs(loaded) for a in j.fronts if a.fits == "disc")


def test_a_sheet_of_abutting_cards_is_cut_in_strips() -> None:
    card = Art("card", "<svg/>", 180.0, 252.0)
    assert of_job(PrintJob("cards", "cards", "grid9", (card,) * 8, (card,) * 8), Preset("letter"), []).straight == 5 + 4 * 3  # 4 × 2 on a Letter sheet
    assert of_job(PrintJob("cards", "cards", "grid9", (card,) * 9, (card,) * 9), Preset("a4"), []).straight == 5 + 4 * 3 + 2 + 2  # and one on a sheet of its own
    disc = Art("disc", "<svg/>", 22.225 * PT_PER_MM, 22.225 * PT_PER_MM, shape="circle", fits="disc")
    tokens = of_job(PrintJob("tokens", "tokens", "pack", (disc, disc, Art("board", "<svg/>", 100, 100))), Preset("letter"), load_spec("integer-matrix").spec.production.punches)
    assert (tokens.pieces, tokens.straight, tokens.punched, tokens.scissors) == (3, 4, (("7/8 in", 2),), 0)


@pytest.mark.parametrize("game", ["integer-matrix", "momentum", "newtonian-rummy"])
def test_round_pieces_match_their_punch(game: str) -> None:
    loaded = load_spec(game)
    jobs = list(art_for(loaded.spec.engine).jobs(loaded))
    declared = loaded.spec.production.punches
    assert declared
    assert punch.check(game, declared, jobs) == []
    for p in declared:
        sizes = {round(a.trim_w / PT_PER_MM, 2) for j in jobs for a in j.fronts if a.fits in p.pieces}
        assert sizes and all(abs(s - punches.diameter_mm(p.size)) <= punches.TOLERANCE_MM for s in sizes), (p.size, sizes)
    assert punches.diameter_mm("7/8 in") == pytest.approx(22.225)


def test_a_round_piece_off_its_punch_is_a_preflight_error(tmp_path: Path) -> None:
    spec = (specs_dir() / "integer-matrix.yaml").read_text("utf-8")
    path = tmp_path / "integer-matrix.yaml"
    path.write_text(spec.replace("      diameter_mm: 22.2\n", "      diameter_mm: 24\n"), "utf-8")
    result = CliRunner().invoke(main, ["lint", str(path)])
    assert result.exit_code == 1, result.output
    assert "[punch-size]" in result.output and "a 24.00 mm circle is cut with a 7/8 in (22.2 mm) circle punch only within 0.5 mm" in result.output
    path.write_text(spec.replace("    - size: 7/8 in\n", "    - size: 13/16 in\n"), "utf-8")
    result = CliRunner().invoke(main, ["lint", str(path)])
    assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1
    assert "'13/16 in' is not a standard circle punch" in result.output and f"{path.name}:" in result.output

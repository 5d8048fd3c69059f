"""The classroom kit: seating a class, the packing list's numbers, the teacher guide, the folder and the
deterministic zip. One kit of Momentum Game! for a class of 29 is built once for the module."""

from __future__ import annotations

import io
import json
import math
import zipfile
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from pypdf import PdfReader

from kitpress.classkit import KIT_FOLDER, guide, packing
from kitpress.classkit.archive import FIXED_TIME, zip_files
from kitpress.classkit.kit import assemble
from kitpress.classkit.plan import (
    GamePlan,
    KitPlan,
    PrintItem,
    allowed_table_sizes,
    bring_list,
    plan_kit,
    seating_for,
)
from kitpress.classkit.tables import Seating, seat_class
from kitpress.commands.kit import command as kit_command
from kitpress.sheets.presets import Preset
from kitpress.spec.load import load_spec
from kitpress.stock import CARD_STOCK, PLAIN

ROOT = Path(__file__).resolve().parents[1]
GAME = "momentum-game"


def built(out: Path) -> Path:
    """Where `kit` builds the games it packs (apart from OUT/<game>/)."""
    return out / f".{KIT_FOLDER}-builds" / "letter"


def run_kit(*args: object) -> Result:
    return CliRunner().invoke(kit_command, [str(a) for a in args], catch_exceptions=False)


@pytest.fixture(scope="module")
def out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("classkit")
    result = run_kit("--games", GAME, "--class-size", "29", "--paper", "letter", "--out", out)
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture(scope="module")
def kit_json(out: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((out / KIT_FOLDER / "kit.json").read_text("utf-8"))
    return data


def _text(pdf: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(str(pdf)).pages)


def _manifest(out: Path) -> dict[str, dict[str, Any]]:
    return {f["path"]: f for f in json.loads((built(out) / GAME / "manifest.json").read_text("utf-8"))["files"]}


# --- seating -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("students", "allowed", "sizes", "referees"),
    [
        (28, [2], (2,) * 14, 0),
        (29, [2], (2,) * 14, 1),  # the odd student referees
        (28, [2, 3], (3,) * 8 + (2,) * 2, 0),
        (28, [2, 4], (4,) * 7, 0),
        (30, [2, 4], (4,) * 7 + (2,), 0),  # never a table of 3 where 3 is not allowed
        (29, [2, 4], (4,) * 7, 1),
        (28, [2, 3, 4, 5, 6], (6, 6, 6, 5, 5), 0),
        (2, [2], (2,), 0),
        (3, [2], (2,), 1),
    ],
)  # fmt: skip
def test_seating_uses_fewest_tables_of_allowed_sizes(students: int, allowed: list[int], sizes: tuple[int, ...], referees: int) -> None:
    seating = seat_class(students, allowed)
    assert seating == Seating(sizes, referees)
    assert seating.students == students
    assert all(size in allowed for size in seating.sizes)
    assert seating.referees <= seating.tables


def test_seating_refuses_a_class_too_small() -> None:
    assert seat_class(1, [2]) is None
    assert Seating((3, 3, 2)).describe() == "3 tables: 2 of 3 and 1 of 2"
    assert Seating((2, 2), 1).describe() == "2 tables of 2, and 1 student referee"


def test_allowed_sizes_come_from_spec_and_engine() -> None:
    assert allowed_table_sizes(load_spec("integer-matrix")) == [2, 4]  # teams of two, never three
    assert allowed_table_sizes(load_spec(GAME)) == [2]


# --- the kit folder, the zip -------------------------------------------------------------------


def test_kit_folder_holds_print_files_lists_guide_and_preview(out: Path) -> None:
    folder = out / KIT_FOLDER
    for name in ("packing-list.pdf", "packing-list.txt", "teacher-guide.pdf", "kit.json", "index.html", "calibration-letter-long-edge.pdf"):
        assert (folder / name).is_file(), name
    manifest = _manifest(out)
    printed = sorted(p.name for p in (folder / GAME).iterdir())
    held = {h for f in manifest.values() for h in f.get("holds", ())}  # the single files the card-stock file holds
    expected = sorted(p for p, f in manifest.items() if p.endswith("-letter.pdf") and "/" not in p and not f["kind"].endswith("-backs") and f["kind"] != "calibration" and p not in held)
    assert {"momentum-game-board-letter.pdf", "momentum-game-tokens-letter.pdf", "momentum-game-referee-card-letter.pdf"} <= held
    assert "momentum-game-card-stock-letter.pdf" in expected
    assert printed == expected
    for name in printed:  # copies, byte for byte, of what the build made; the print and assemble page is
        if name.startswith("0-print-and-assemble-"):  # made again to name only the kit's files (test_kit_cutting)
            continue
        assert (folder / GAME / name).read_bytes() == (built(out) / GAME / name).read_bytes()
    assert (out / "index.html").is_file()
    assert not list(out.glob(".classroom-kit.*")), "staging folders are cleaned up"


def test_zip_is_the_folder_sorted_with_fixed_times(out: Path) -> None:
    folder = out / KIT_FOLDER
    data = (out / f"{KIT_FOLDER}.zip").read_bytes()
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        infos = archive.infolist()
        names = [i.filename for i in infos]
        assert names == sorted(names)
        assert all(i.date_time == FIXED_TIME for i in infos)
        on_disk = sorted(f"{KIT_FOLDER}/{p.relative_to(folder).as_posix()}" for p in folder.rglob("*") if p.is_file())
        assert names == on_disk
        for info in infos:
            assert archive.read(info) == (folder / info.filename.split("/", 1)[1]).read_bytes()
    assert zip_files([(p.relative_to(folder).as_posix(), p.read_bytes()) for p in folder.rglob("*") if p.is_file()], KIT_FOLDER) == data


def test_assembling_again_gives_the_same_bytes(out: Path) -> None:
    """Guide, packing list, thumbnails and zip are deterministic: the same kit, the same zip."""
    before = (out / f"{KIT_FOLDER}.zip").read_bytes()
    plan = plan_kit([load_spec(GAME)], built(out), Preset("letter"), 29)
    assemble(plan, out)
    assert (out / f"{KIT_FOLDER}.zip").read_bytes() == before


# --- the packing list ----------------------------------------------------------------------------


def test_packing_numbers_follow_manifest_pages_and_copies(out: Path, kit_json: dict[str, Any]) -> None:
    game = kit_json["games"][0]
    assert (game["game"], game["tables"], game["referees"], game["sets"]) == (GAME, [2] * 14, 1, 14)
    assert game["minutes"] is None  # the design document states no playing time, and the kit invents none
    manifest = _manifest(out)
    items = {Path(i["path"]).name: i for i in game["print"]}
    cards = items["momentum-game-cards-letter.pdf"]
    assert (cards["paper"], cards["duplex"], cards["copies"], cards["cut"]) == (CARD_STOCK, "long-edge", 14, "16 cards")
    assert cards["sheets"] == math.ceil(manifest["momentum-game-cards-letter.pdf"]["pages"] / 2) * 14
    booklet = items["momentum-game-rules-letter.pdf"]
    assert (booklet["paper"], booklet["duplex"]) == (PLAIN, "long-edge")
    assert booklet["sheets"] == math.ceil(manifest["momentum-game-rules-letter.pdf"]["pages"] / 2) * 14
    # The board, the tokens and the referee card share sheets: one file, single-sided, on card stock.
    assert not {"momentum-game-board-letter.pdf", "momentum-game-tokens-letter.pdf"} & set(items)
    pieces = items["momentum-game-card-stock-letter.pdf"]
    assert (pieces["paper"], pieces["duplex"], pieces["sheets"]) == (CARD_STOCK, "none", manifest["momentum-game-card-stock-letter.pdf"]["pages"] * 14)
    assert pieces["title"] == "Card-stock pieces: track board; block, streak and reasoning tokens; student referee card"
    # block, streak marker, streak count (round) and the referee's reasoning tokens, as the components list
    # them, with the board and the referee card
    loaded = load_spec(GAME)
    tokens = sum(c.quantity for c in loaded.spec.components if c.print == "token")
    assert pieces["cut"] == f"{tokens + 2} pieces, 1 of them round" == "17 pieces, 1 of them round"
    calibration = {i["path"]: i for i in kit_json["class"]}["calibration-letter-long-edge.pdf"]
    assert (calibration["copies"], calibration["sheets"]) == (1, 1)
    jobs = {j["file"]: j for j in kit_json["jobs"]}
    listed = {i["path"]: i for i in kit_json["class"]}["packing-list.pdf"]
    assert sum(kit_json["sheets"].values()) == sum(j["sheets"] for j in jobs.values()) + listed["sheets"]
    assert kit_json["sheets"][CARD_STOCK] == jobs["2-card-stock-duplex.pdf"]["sheets"]
    # The card-stock pieces of all 14 sets share sheets: fewer than 14 copies of one set's file.
    (packed,) = [p for p in jobs["2-card-stock-duplex.pdf"]["parts"] if p["packed"]]
    assert packed["sets"] == 14 and packed["sheets"] < pieces["sheets"]
    assert game["bring"] == []  # every component is printed: the streak count is a token now, no d6 to bring


def test_the_teachers_book_is_printed_once_and_the_guide_points_to_it(out: Path, kit_json: dict[str, Any]) -> None:
    book = {i["path"]: i for i in kit_json["class"]}[f"{GAME}/{GAME}-teachers-book-letter.pdf"]
    assert (book["kind"], book["paper"], book["copies"], book["duplex"]) == ("teachers-book", PLAIN, 1, "long-edge")
    assert (out / KIT_FOLDER / GAME / f"{GAME}-teachers-book-letter.pdf").is_file()
    assert not [i for i in kit_json["games"][0]["print"] if i["kind"] == "teachers-book"], "once for the class, not a table"
    text = " ".join(_text(out / KIT_FOLDER / "teacher-guide.pdf").split())
    assert f"Teacher's book: {GAME}/{GAME}-teachers-book-letter.pdf" in text
    assert f"student rules, one a table: {GAME}/{GAME}-rules-letter.pdf" in text


def test_packing_list_text_and_pdf_agree(out: Path, kit_json: dict[str, Any]) -> None:
    text = (out / KIT_FOLDER / "packing-list.txt").read_text("utf-8")
    total = sum(kit_json["sheets"].values())
    assert f"Print {total} sheets in all: {kit_json['sheets'][CARD_STOCK]} card stock, {kit_json['sheets'][PLAIN]} plain paper." in text
    assert "14 tables of 2, and 1 student referee, so 14 sets." in text
    assert "Momentum Game!: push deck × 14, card-stock pieces (14 sets packed together)" in text  # job 2
    assert "Momentum Game!: student rules × 14" in text  # job 1
    assert f"Files: Push deck ({GAME}/{GAME}-cards-letter.pdf, 4 pages);" in text
    assert "Cut, per set: Push deck: 16 cards;" in text
    assert "Ink or toner: about " in text and "ISO pages of black" in text
    assert "Streak count (Momentum Game!)" not in text  # printed, not brought
    assert "14 envelopes or zip bags" in text
    assert "Momentum Game!: 2 players\n" in text  # no playing time: the design document states none
    reader = PdfReader(str(out / KIT_FOLDER / "packing-list.pdf"))
    listed = {i["path"]: i for i in kit_json["class"]}["packing-list.pdf"]
    assert listed["pages"] == len(reader.pages)
    pdf_text = " ".join(" ".join(page.extract_text() for page in reader.pages).split())
    for needle in ("Packing list: a class of 29", f"Print {total} sheets in all", "17 pieces", "momentum-game-cards-letter.pdf", "Cut, per set:"):
        assert needle in pdf_text, needle
    # The print jobs come first, in their order, before any game's own files.
    names = [j["file"] for j in kit_json["jobs"]]
    assert [pdf_text.index(n) for n in names] == sorted(pdf_text.index(n) for n in names)
    assert pdf_text.index(names[-1]) < pdf_text.index("momentum-game-cards-letter.pdf")
    assert text.index("Print jobs, in this order") < text.index(names[0]) < text.index("Files: Push deck (")


def type_sizes(pdf: bytes) -> list[float]:
    """The size every run of text is set at (points, as printed: the text matrix's scale times the font size)."""
    sizes: list[float] = []
    for page in PdfReader(io.BytesIO(pdf)).pages:

        def visit(text: str, cm: list[float], tm: list[float], font: object, size: float) -> None:
            if text.strip():
                sizes.append(round(size * abs(tm[3]) * abs(cm[3] or 1), 2))

        page.extract_text(visitor_text=visit)
    return sizes


def test_packing_list_and_job_covers_are_set_at_10_pt_or_more(out: Path) -> None:
    folder = out / KIT_FOLDER
    listing = type_sizes((folder / "packing-list.pdf").read_bytes())
    assert listing and min(listing) >= 10.0, sorted(set(listing))[:5]
    from pypdf import PdfWriter

    jobs = sorted(folder.glob("[0-9]-*.pdf"))
    first = PdfReader(str(jobs[0]))  # every job's cover, a sheet each
    for n in range(len(jobs)):
        cover = PdfWriter()
        cover.add_page(first.pages[2 * n])
        buffer = io.BytesIO()
        cover.write(buffer)
        sizes = type_sizes(buffer.getvalue())
        assert sizes and min(sizes) >= 10.0, (n, sorted(set(sizes))[:5])


def _big_plan() -> KitPlan:
    """Four games' worth of rows, set at 10 pt on as many pages as they take."""
    loaded = load_spec(GAME)
    seating = seating_for(loaded, 28)
    items = tuple(PrintItem(f"{GAME}/file-{n}-with-a-long-name-letter.pdf", Path("x.pdf"), f"A piece of the kit number {n}", "cards", CARD_STOCK, "long-edge", 6, 14, "18 cards") for n in range(6))
    games = tuple(GamePlan(loaded, seating, items, tuple(bring_list(loaded, seating)) * 3) for _ in range(4))
    return KitPlan(28, "a4", games)


def test_packing_pdf_of_four_games_stays_readable() -> None:
    pdf = packing.packing_pdf(_big_plan())
    assert len(PdfReader(io.BytesIO(pdf)).pages) > 1
    assert min(type_sizes(pdf)) >= 10.0


# --- the print jobs ------------------------------------------------------------------------------


def test_print_jobs_hold_every_copy_in_order_their_covers_on_plain_paper(out: Path, kit_json: dict[str, Any]) -> None:
    folder = out / KIT_FOLDER
    jobs = kit_json["jobs"]
    assert [j["file"] for j in jobs] == ["1-plain-duplex.pdf", "2-card-stock-duplex.pdf"]
    held = [p for j in jobs for part in j["parts"] for p in part["paths"]]
    printed = [i["path"] for i in [*kit_json["class"], *kit_json["games"][0]["print"]] if i["kind"] not in ("packing-list", "assembly")]
    calibration = "calibration-letter-long-edge.pdf"
    assert sorted(held) == sorted([*printed, calibration]), "every file is in exactly one job, the calibration page in two"
    assert [j["parts"][0]["paths"] for j in jobs] == [[calibration]] * 2, "the calibration page comes first, before any card, and opens the card stock"
    items = {i["path"]: i for i in [*kit_json["class"], *kit_json["games"][0]["print"]]}
    plain = PdfReader(str(folder / jobs[0]["file"]))
    for number, job in enumerate(jobs, 1):
        reader = PdfReader(str(folder / job["file"]))
        cover = " ".join(plain.pages[2 * (number - 1)].extract_text().split())  # every cover is in job 1, one sheet each
        for needle in (f"Print job {number} of {len(jobs)}", "100 % / actual size", "Copies 1: this file already holds every copy", "both sides, flip on the long edge"):
            assert needle in cover, (job["file"], needle)
        assert ("card stock, 200–250 g/m² (74–92 lb cover)" in cover) == (job["stock"] == CARD_STOCK)
        assert len(reader.pages) == 2 * job["sheets"], "double-sided: two pages a sheet, blanks included"
        assert job["covers"] == (list(range(1, len(jobs) + 1)) if number == 1 else [])
        assert job["sheets"] == len(job["covers"]) + sum(p["sheets"] for p in job["parts"])
        for part in job["parts"]:
            assert all(path in cover for path in part["paths"])
            own = sum(len(PdfReader(str(folder / path)).pages) for path in part["paths"])
            one_sided = all(items[path]["duplex"] == "none" for path in part["paths"])
            if part["packed"]:  # every set's pieces on shared sheets, each with a blank back
                assert part["copies"] == 1 and part["sheets"] == part["pages"] < own * part["sets"]
            elif one_sided and job["stock"] == CARD_STOCK:  # a piece to cut: a blank back
                assert part["sheets"] == own * part["copies"]
            else:
                assert part["sheets"] == -(-own // 2) * part["copies"]
        assert {(round(float(p.mediabox.width)), round(float(p.mediabox.height))) for p in reader.pages} <= {(612, 792), (792, 612)}
    card_cover = " ".join(plain.pages[2].extract_text().split())
    assert f"Sheets {jobs[1]['sheets']}; this cover is printed with job 1 on plain paper" in card_cover
    assert "print it alone on one sheet of this stock (pages 1 and 2)" in card_cover
    # The card stock starts with the proof sheet, then the first copy of the cards as their own file prints it.
    reader = PdfReader(str(folder / jobs[1]["file"]))
    assert "Duplex calibration" in reader.pages[0].extract_text() and "Proof first" in reader.pages[0].extract_text()
    own = PdfReader(str(folder / jobs[1]["parts"][1]["paths"][0]))
    assert reader.pages[2].extract_text() == own.pages[0].extract_text()
    assert "Duplex calibration" in plain.pages[2 * len(jobs)].extract_text()


# --- the teacher guide ---------------------------------------------------------------------------


def test_teacher_guide_holds_goals_timings_setup_classroom_and_checklist(out: Path) -> None:
    text = " ".join(_text(out / KIT_FOLDER / "teacher-guide.pdf").split())
    spec = load_spec(GAME)
    for needle in (
        "Teacher guide", "A class of 29", "14 tables of 2, and 1 student referee",
        spec.text(spec.spec.learning_goals[0]), "Setup (one minute)",
        "Put the block on space 1.",  # a setup step, with its number filled in
        "Table talk", spec.spec.classroom.table_talk[0], "The student referee", "Quick rulings",
        "Nobody remembers the streak", "Referee checklist", "Refill hands to 3;",
    ):  # fmt: skip
        assert needle in text, needle


def _guide_plan(game: str) -> KitPlan:
    loaded = load_spec(game)
    seating = seating_for(loaded, 28)
    return KitPlan(28, "letter", (GamePlan(loaded, seating, (), tuple(bring_list(loaded, seating))),))


def test_teacher_guide_lists_integer_matrix_standards() -> None:
    plan = _guide_plan("integer-matrix")
    assert [s.title for s in guide.standards(plan.games[0])] == ["California standards", "National standards (grades 6–8)"]
    html = guide.render_html(plan)
    assert "Grade 6, Number Sense 2.3: solving addition problems with positive and negative integers." in html
    assert "Discussion questions" in html and "Time required" in html and "Set-up: about 2 minutes." in html
    assert "7 tables of 4" in html and "Disc bag" in html


def test_teacher_guide_escapes_spec_text(tmp_path: Path) -> None:
    source = (ROOT / "specs" / f"{GAME}.yaml").read_text("utf-8")
    hostile = source.replace('  - "Tell apart what happens', '  - "<script>alert(1)</script> & <b>bold</b>"\n  - "Tell apart what happens', 1)
    path = tmp_path / "hostile.yaml"
    path.write_text(hostile, "utf-8")
    loaded = load_spec(str(path))
    seating = seating_for(loaded, 4)
    html = guide.render_html(KitPlan(4, "letter", (GamePlan(loaded, seating, (), ()),)))
    assert "<script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;" in html


# --- bad input ---------------------------------------------------------------------------------


def test_bad_input_exits_2_before_building(tmp_path: Path) -> None:
    result = run_kit("--games", GAME, "--class-size", "1", "--out", tmp_path)
    assert result.exit_code == 2
    assert "a class of 1 is too small for momentum-game: it needs at least 2 players" in result.output
    result = run_kit("--games", "no-such-game", "--out", tmp_path)
    assert result.exit_code == 2 and "unknown game 'no-such-game'" in result.output
    result = run_kit("--games", f"{GAME},{GAME}", "--out", tmp_path)
    assert result.exit_code == 2 and "chosen twice" in result.output
    assert run_kit("--class-size", "0", "--out", tmp_path).exit_code == 2
    assert not (tmp_path / GAME).exists() and not built(tmp_path).exists()


def _one_page_pdf(text: str) -> bytes:
    from reportlab.pdfgen.canvas import Canvas

    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(612, 792), invariant=1)
    canvas.drawString(72, 700, text)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


@pytest.mark.parametrize("duplex", ["long-edge", "none"])
def test_jobs_pair_sheets_to_read_and_keep_pieces_one_sided(duplex: str) -> None:
    """Two one-page sheets of a game share a sheet in a double-sided job; a piece to cut never has
    anything on its back; without a duplex printer every job is single-sided."""
    from dataclasses import replace

    from kitpress.classkit import jobs
    from kitpress.stock import LABEL

    loaded = load_spec(GAME)
    seating = Seating((2, 2, 2))
    pdf = {name: _one_page_pdf(name) for name in ("key", "deck", "rules", "token", "label", "cards")}
    items = (
        PrintItem(f"{GAME}/key.pdf", Path("key.pdf"), "Answer key", "answer-key", PLAIN, "none", 1, 3),
        PrintItem(f"{GAME}/deck.pdf", Path("deck.pdf"), "Deck sheet", "reference", PLAIN, "none", 1, 3),
        PrintItem(f"{GAME}/rules.pdf", Path("rules.pdf"), "Student rules", "booklet", PLAIN, "long-edge", 1, 3),
        PrintItem(f"{GAME}/cards.pdf", Path("cards.pdf"), "Cards", "cards", CARD_STOCK, duplex, 1, 3),
        PrintItem(f"{GAME}/token.pdf", Path("token.pdf"), "Tokens", "tokens", CARD_STOCK, "none", 1, 3),
        PrintItem(f"{GAME}/label.pdf", Path("label.pdf"), "Bag label", "label", LABEL, "none", 1, 3),
    )
    plan = replace(KitPlan(6, "letter", (GamePlan(loaded, seating, items, ()),)), preset=Preset("letter", duplex=duplex))
    runs = jobs.plan_runs(plan, lambda item: (pdf[Path(item.path).stem],) * item.copies, packing.page_count, lambda item: None)
    names = [r.name for r in runs]
    if duplex == "none":
        assert names == ["1-plain-duplex.pdf", "2-plain-single-sided.pdf", "3-card-stock-single-sided.pdf", "4-label-single-sided.pdf"]
        single = runs[1]
        assert [p.paths for p in single.parts] == [[f"{GAME}/key.pdf"], [f"{GAME}/deck.pdf"]] and single.sheets == 6  # its cover is in job 1
        assert runs[0].covers == (1, 2, 3, 4) and runs[0].sheets == 4 + 3
        return
    assert names == ["1-plain-duplex.pdf", "2-card-stock-duplex.pdf", "3-label-single-sided.pdf"]  # labels have no backs
    card = runs[1]
    card_pages = [page.extract_text().strip() for page in PdfReader(io.BytesIO(jobs.run_pdf(card, replace(plan, runs=tuple(runs))))).pages]
    assert card_pages == ["cards", ""] * 3 + ["token", ""] * 3 and card.sheets == 3 + 3  # no cover on card; a token's back stays blank
    plain = runs[0]
    assert [p.paths for p in plain.parts] == [[f"{GAME}/key.pdf", f"{GAME}/deck.pdf"], [f"{GAME}/rules.pdf"]]
    assert plain.covers == (1, 2, 3) and runs[2].covers == ()  # every job's cover on plain paper
    assert plain.sheets == 3 + 3 + 3  # the three covers; the key and the deck sheet back to back, a sheet a copy
    reader = PdfReader(io.BytesIO(jobs.run_pdf(plain, replace(plan, runs=tuple(runs)))))
    texts = [page.extract_text() for page in reader.pages]
    assert [t.strip() for t in texts[6:]] == ["key", "deck"] * 3 + ["rules", ""] * 3  # after the covers and their blank backs
    assert [" ".join(texts[i].split()).startswith(f"Print job {n} of 3") for i, n in ((0, 1), (2, 2), (4, 3))] == [True] * 3
    assert "this cover is printed with job 1 on plain paper" in " ".join(texts[2].split())

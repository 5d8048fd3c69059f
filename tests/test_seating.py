"""Seating the teacher chooses (issue 28, point 4): each game at the table size it plays best with (the
spec's identity.best), then the design document's other counts, the kit's added counts only to seat
everyone; `kit --table-size GAME=N` chooses; the packing list and the guide say why."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from kitpress import resources
from kitpress.classkit import KIT_FOLDER
from kitpress.classkit.plan import seating_for
from kitpress.classkit.tables import Seating, seat, seat_near
from kitpress.errors import InputError, UsageError
from kitpress.spec.load import load_spec


@pytest.mark.parametrize(
    ("students", "document", "added", "best", "sizes", "referees"),
    [
        (28, range(2, 7), (), 4, (4,) * 7, 0),  # Newtonian Rummy: 7 tables of 4, not 6, 6, 6, 5, 5
        (29, range(2, 7), (), 4, (5,) + (4,) * 6, 0),  # the one left over joins a table: the nearest size
        (30, range(2, 7), (), 4, (5, 5) + (4,) * 5, 0),  # as near, and fewer tables than 6 of 4 and 2 of 3
        (3, range(2, 7), (), 4, (3,), 0),  # too few for the best size
        (28, [2, 3], (), 2, (2,) * 14, 0),  # Momentum: 14 of 2, not 8 of 3 and 2 of 2
        (29, [2, 3], (), 2, (3,) + (2,) * 13, 0),
        (29, [2], (3,), None, (3,) + (2,) * 13, 0),  # an added size seats the odd student, once
        (28, [2], (3,), None, (2,) * 14, 0),  # and is never used when the document's sizes seat everyone
        (29, [2, 4], (), None, (4,) * 7, 1),  # no best: the largest tables, the odd student referees
        (28, range(2, 7), (), None, (6, 6, 6, 5, 5), 0),
    ],
)  # fmt: skip
def test_seating_prefers_best_then_document_then_added(students: int, document: list[int], added: tuple[int, ...], best: int | None, sizes: tuple[int, ...], referees: int) -> None:
    seating = seat(students, document, added, best)
    assert seating == Seating(sizes, referees)
    assert seating.students == students and seating.referees <= seating.tables
    assert all(size in {*document, *added} for size in seating.sizes)


def test_the_reason_says_why() -> None:
    assert seat(28, range(2, 7), (), 4).reason == "Tables of 4, the number of players the game plays best with."
    assert seat(29, range(2, 7), (), 4).reason == "Tables of 4, the number of players the game plays best with; 1 table of 5 seats the rest."
    assert seat(28, [2, 3], (), 3, chosen=True).reason == "Tables of 3, as chosen for this class; 2 tables of 2 seat the rest."
    assert "the kit's addition to the game's player counts, used only so that everyone has a seat" in seat(29, [2], (3,), None).reason
    assert seat(28, [2, 4], (), None).reason.startswith("As few tables as the game allows")
    assert seat(29, [2], ()).reason == "The game is played by 2 players, no more and no fewer; the student left over referees."
    assert seat_near(1, [2, 3], 2) is None


@pytest.mark.parametrize(
    ("game", "chosen", "described"),
    [
        ("newtonian-rummy", None, "7 tables of 4"),
        ("momentum", None, "14 tables of 2"),
        ("momentum-game", None, "14 tables of 2"),
        ("integer-matrix", None, "7 tables of 4"),
        ("newtonian-rummy", 6, "5 tables: 3 of 6 and 2 of 5"),  # as near to 6 as 4 of 6 and 1 of 4, and more even
        ("momentum", 3, "10 tables: 8 of 3 and 2 of 2"),
        ("integer-matrix", 2, "14 tables of 2"),
    ],
)
def test_bundled_games_for_a_class_of_28(game: str, chosen: int | None, described: str) -> None:
    assert seating_for(load_spec(game), 28, chosen).describe() == described


def test_a_size_the_game_does_not_allow_is_refused() -> None:
    with pytest.raises(UsageError, match=r"--table-size integer-matrix=3: Integer Matrix is played by 2 or 4 players"):
        seating_for(load_spec("integer-matrix"), 28, 3)
    with pytest.raises(UsageError, match=r"is played by 2 to 6 players"):
        seating_for(load_spec("newtonian-rummy"), 28, 7)


@pytest.mark.parametrize(
    ("added", "said"),
    [
        ("  best: 3\n", "identity: best 3 is not one of the player counts allowed (2, 4)"),
        ("  added_player_counts: [3]\n", "identity: added_player_counts [3] are not among the player counts allowed (2, 4)"),
    ],
)
def test_best_and_added_counts_must_be_allowed(tmp_path: Path, added: str, said: str) -> None:
    spec = (resources.specs_dir() / "integer-matrix.yaml").read_text("utf-8")
    at = "  minutes: {min: 5, max: 10}\n"
    path = tmp_path / "integer-matrix.yaml"
    path.write_text(spec.replace(at, added + at), "utf-8")
    with pytest.raises(InputError) as caught:
        load_spec(str(path))
    (line,) = caught.value.lines()
    assert said in line and ":" in line.split(" ", 1)[0], line


@pytest.mark.parametrize(
    ("value", "said"),
    [
        ("newtonian-rummy", "--table-size newtonian-rummy: expected GAME=N"),
        ("newtonian-rummy=four", "--table-size newtonian-rummy=four: expected GAME=N"),
        ("newtonian-rummy=0", "--table-size newtonian-rummy=0: expected GAME=N"),
        ("integer-matrix=3", "--table-size integer-matrix=3: Integer Matrix is played by 2 or 4 players"),
        ("chess=2", "--table-size chess=…: chess is not one of the kit's games"),
    ],
)
def test_bad_table_sizes_are_one_line_and_exit_2(run_cli: Any, tmp_path: Path, value: str, said: str) -> None:
    result = run_cli("kit", "--games", "integer-matrix,newtonian-rummy", "--table-size", value, "--out", str(tmp_path / "out"), "--quiet")
    assert result.exit_code == 2
    assert said in result.output and len(result.output.strip().splitlines()) == 1 and "Traceback" not in result.output
    assert not (tmp_path / "out").exists(), "nothing is built or written"


def test_the_built_kit_seats_and_says_why(class_kit_28: Path) -> None:
    folder = class_kit_28 / KIT_FOLDER
    games = {g["game"]: g for g in json.loads((folder / "kit.json").read_text("utf-8"))["games"]}
    assert games["newtonian-rummy"]["tables"] == [4] * 7
    assert games["momentum"]["tables"] == [2] * 14
    packing = (folder / "packing-list.txt").read_text("utf-8")
    guide = " ".join(" ".join(page.extract_text() for page in PdfReader(str(folder / "teacher-guide.pdf")).pages).split())
    for game in games.values():
        assert game["seating_reason"] in packing
        assert game["seating_reason"] in guide
    assert "This class: 7 tables of 4, so 7 sets. Tables of 4, the number of players the game plays best with." in packing

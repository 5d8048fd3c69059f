"""`build --layout tts`: Tabletop Simulator files for every game. A designer imports the saved object and
finds each deck (card sheets Tabletop Simulator can cut: at most 10 × 7 cards and 4096 px across, with
the back), the board and every token on the table; every picture it names is a file of the kit."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

import pytest
from click.testing import CliRunner
from PIL import Image

from kitpress.build import _render_jobs
from kitpress.cli import main
from kitpress.packs import packs
from kitpress.spec.load import load_spec
from kitpress.tabletop import FOLDER

GAMES = sorted(packs())


@pytest.fixture(scope="module")
def kits(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("tts")
    result = CliRunner().invoke(main, ["build", *GAMES, "--layout", "tts", "--paper", "letter", "--out", str(out), "-q"])
    assert result.exit_code == 0, result.output
    return out


def _save(kits: Path, game: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((kits / game / "tts" / f"{game}.json").read_text("utf-8"))
    return data


def _file(kits: Path, game: str, url: str) -> Path:
    """The kit's file a URL of the save names; it must be inside the game's kit folder."""
    parsed = urlparse(url)
    assert parsed.scheme == "file", url
    path = Path(unquote(parsed.path))
    assert path.is_file(), url
    assert path.resolve().is_relative_to((kits / game).resolve()), url
    return path


def _decks(save: dict[str, Any]) -> list[dict[str, Any]]:
    return [o for o in save["ObjectStates"] if o["Name"] == "DeckCustom"]


@pytest.mark.parametrize("game", GAMES)
def test_the_save_places_every_piece_of_the_game(kits: Path, game: str) -> None:
    save = _save(kits, game)
    jobs = _render_jobs(load_spec(game))
    pieces = sum(len(job.fronts) for job in jobs)
    placed = sum(len(d["ContainedObjects"]) for d in _decks(save)) + sum(1 for o in save["ObjectStates"] if o["Name"] == "Custom_Tile")
    assert placed == pieces, (game, placed, pieces)
    cards = [job for job in jobs if job.kind == "cards"]
    assert len(_decks(save)) >= len(cards)  # a card game has its deck
    boards = [o for o in save["ObjectStates"] if o["Name"] == "Custom_Tile" and o["Locked"]]
    assert len(boards) == sum(1 for job in jobs if job.kind == "board")
    guids = [o["GUID"] for o in save["ObjectStates"]] + [c["GUID"] for d in _decks(save) for c in d["ContainedObjects"]]
    assert len(guids) == len(set(guids)) and all(len(g) == 6 for g in guids)
    text = (kits / game / "tts" / f"{game}.json").read_text("utf-8")
    assert FOLDER not in text  # every picture is named by where the kit was written


@pytest.mark.parametrize("game", GAMES)
def test_card_sheets_are_ones_tabletop_simulator_can_cut(kits: Path, game: str) -> None:
    for deck in _decks(_save(kits, game)):
        ids = [c["CardID"] for c in deck["ContainedObjects"]]
        assert ids == deck["DeckIDs"] and len(set(ids)) == len(ids)
        per_sheet = Counter(card_id // 100 for card_id in ids)
        for key, sheet in deck["CustomDeck"].items():
            columns, rows = sheet["NumWidth"], sheet["NumHeight"]
            assert 1 <= columns <= 10 and 1 <= rows <= 7
            count = per_sheet[int(key)]
            assert (rows - 1) * columns < count <= rows * columns  # no empty row
            assert sorted(i % 100 for i in ids if i // 100 == int(key)) == list(range(count))
            with Image.open(_file(kits, game, sheet["FaceURL"])) as face:
                width, height = face.size
                assert width <= 4096 and width % columns == 0 and height % rows == 0
                cell_w, cell_h = width // columns, height // rows
                centre = face.convert("RGB").getpixel((cell_w // 2, cell_h // 2))
            with Image.open(_file(kits, game, sheet["BackURL"])) as back:
                # A shared back is one card; backs that differ are a sheet of the same grid.
                assert back.size == ((width, height) if sheet["UniqueBack"] else (cell_w, cell_h)), (game, key)
            assert abs(cell_w / cell_h - _aspect(game, deck)) < 0.01
            assert centre is not None


def _aspect(game: str, deck: dict[str, Any]) -> float:
    """The trim's width over its height for the deck's pieces, from the art itself."""
    for job in _render_jobs(load_spec(game)):
        if (job.title or job.name) == deck["Nickname"]:
            return job.fronts[0].trim_w / job.fronts[0].trim_h
    raise AssertionError(deck["Nickname"])


def test_a_full_deck_fills_its_sheet_in_reading_order(kits: Path) -> None:
    """Newtonian Rummy's 52 cards: ten across, six rows, the last row two cards long and white after."""
    deck = _decks(_save(kits, "newtonian-rummy"))[0]
    sheet = deck["CustomDeck"]["1"]
    assert (sheet["NumWidth"], sheet["NumHeight"], len(deck["ContainedObjects"])) == (10, 6, 52)
    with Image.open(_file(kits, "newtonian-rummy", sheet["FaceURL"])) as image:
        rgb = image.convert("RGB")
        cell_w, cell_h = rgb.width // 10, rgb.height // 6
        assert rgb.width == 3750  # 375 px a poker card (150 dpi)
        assert rgb.getpixel((2 * cell_w + cell_w // 2, 5 * cell_h + cell_h // 2)) == (255, 255, 255)  # slot 53: empty
        inked = rgb.crop((cell_w, 5 * cell_h, 2 * cell_w, 6 * cell_h)).getcolors(1 << 16)
        assert inked is not None and len(inked) > 2  # slot 52: a card


def test_pieces_without_cards_get_their_own_pictures(kits: Path) -> None:
    """Momentum has no cards: its board and marbles are tiles, a round marble cut as a circle."""
    save = _save(kits, "momentum")
    assert not _decks(save)
    tiles = [o for o in save["ObjectStates"] if o["Name"] == "Custom_Tile"]
    shapes = Counter(t["CustomImage"]["CustomTile"]["Type"] for t in tiles)
    assert shapes[2] >= 24  # the marbles: circles
    board = next(t for t in tiles if t["Locked"])
    assert board["CustomImage"]["CustomTile"]["Stretch"] is False  # a board keeps its proportions
    for tile in tiles:
        _file(kits, "momentum", tile["CustomImage"]["ImageURL"])
        _file(kits, "momentum", tile["CustomImage"]["ImageSecondaryURL"])


def test_the_same_spec_gives_the_same_files(kits: Path) -> None:
    out = kits  # the same folder: the save names it, so only there are the bytes comparable
    before = {p: p.read_bytes() for p in (out / "momentum-game").rglob("*") if p.is_file()}
    result = CliRunner().invoke(main, ["build", "momentum-game", "--layout", "tts", "--paper", "letter", "--out", str(out), "-q", "--force"])
    assert result.exit_code == 0, result.output
    after = {p: p.read_bytes() for p in (out / "momentum-game").rglob("*") if p.is_file()}
    assert before == after

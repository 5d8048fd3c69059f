"""The saved-object file Tabletop Simulator imports (Objects → Saved Objects): the game's decks, its
board and its tokens, laid out on the table. Each object names its images by URL; `export` decides the
files. Table units are about an inch."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from kitpress.pieces import CARD_TRIM, Art

CARD_SHAPES = {"rect": 0, "circle": 4}  # CustomDeck Type: rounded rectangle, circle
TILE_SHAPES = {"rect": 0, "circle": 2}  # CustomTile Type: box, circle
TILE_SPAN = 2.0  # units a Custom_Tile of scale 1 spans across (the importer's default tile)
CARD_WIDTH = 2.2  # units a card of scale 1 spans across
GAP = 1.0  # units between objects on the table
ROW_WIDTH = 30.0  # units of boards and tokens side by side before the next row


@dataclass(frozen=True)
class DeckSheet:
    """One card sheet of a deck: its face image, its back (one image, or a sheet when backs differ)."""

    face_url: str
    back_url: str
    columns: int
    rows: int
    unique_back: bool
    names: tuple[str, ...]  # each card's name, in sheet order


@dataclass(frozen=True)
class Deck:
    name: str
    art: Art  # the size and shape of every card of the deck
    sheets: tuple[DeckSheet, ...]


@dataclass(frozen=True)
class Tile:
    name: str
    art: Art
    front_url: str
    back_url: str
    locked: bool = False  # a board lies still when pieces are dragged over it


def save(title: str, decks: Sequence[Deck], tiles: Sequence[Tile]) -> dict[str, Any]:
    """The save: decks face down to the left of the middle, boards and tokens to the right in rows, each
    object with a stable GUID (the same game gives the same file)."""
    objects: list[dict[str, Any]] = []
    x = 0.0
    for deck in decks:
        width = _card_scale(deck.art) * CARD_WIDTH
        objects.append(_deck(title, deck, x - width / 2))
        x -= width + GAP
    x, z, row = GAP, 0.0, 0.0
    for tile in tiles:
        width = _tile_scale(tile.art) * TILE_SPAN
        depth = width * tile.art.trim_h / tile.art.trim_w
        if x > GAP and x + width > ROW_WIDTH:  # the next row, below the tallest of this one
            x, z, row = GAP, z - row - GAP, 0.0
        objects.append(_tile(title, tile, x + width / 2, z - depth / 2, len(objects)))
        x, row = x + width + GAP, max(row, depth)
    return {
        "SaveName": title,
        "GameMode": title,
        "Date": "",
        "Gravity": 0.5,
        "PlayArea": 0.5,
        "Table": "",
        "Sky": "",
        "Note": "",
        "Rules": "",
        "XmlUI": "",
        "LuaScript": "",
        "LuaScriptState": "",
        "ObjectStates": objects,
        "TabStates": {},
        "VersionNumber": "",
    }


def _guid(title: str, *parts: object) -> str:
    return hashlib.sha256("\x1f".join(map(str, (title, *parts))).encode("utf-8")).hexdigest()[:6]


def _transform(x: float, scale: float, z: float = 0.0, face_down: bool = False) -> dict[str, float]:
    return {"posX": round(x, 3), "posY": 1.0, "posZ": round(z, 3), "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0 if face_down else 0.0, "scaleX": round(scale, 4), "scaleY": 1.0, "scaleZ": round(scale, 4)}


def _card_scale(art: Art) -> float:
    return art.trim_w / CARD_TRIM[0]  # a poker card is the table's own card size at scale 1


def _tile_scale(art: Art) -> float:
    return art.trim_w / 72 / TILE_SPAN


def _deck(title: str, deck: Deck, x: float) -> dict[str, Any]:
    custom: dict[str, dict[str, Any]] = {}
    cards: list[dict[str, Any]] = []
    ids: list[int] = []
    scale = _card_scale(deck.art)
    for number, sheet in enumerate(deck.sheets, start=1):
        custom[str(number)] = {
            "FaceURL": sheet.face_url,
            "BackURL": sheet.back_url,
            "NumWidth": sheet.columns,
            "NumHeight": sheet.rows,
            "BackIsHidden": True,  # every slot of the sheet is a card; the back stands for a hidden one
            "UniqueBack": sheet.unique_back,
            "Type": CARD_SHAPES.get(deck.art.shape, 0),
        }
        for index, name in enumerate(sheet.names):
            card_id = number * 100 + index
            ids.append(card_id)
            cards.append({"Name": "Card", "GUID": _guid(title, deck.name, card_id), "Nickname": name, "CardID": card_id, "Transform": _transform(x, scale, face_down=True), "CustomDeck": {str(number): custom[str(number)]}})
    return {"Name": "DeckCustom", "GUID": _guid(title, deck.name), "Nickname": deck.name, "Transform": _transform(x, scale, face_down=True), "DeckIDs": ids, "CustomDeck": custom, "ContainedObjects": cards}


def _tile(title: str, tile: Tile, x: float, z: float, index: int) -> dict[str, Any]:
    image = {
        "ImageURL": tile.front_url,
        "ImageSecondaryURL": tile.back_url,
        "ImageScalar": 1.0,
        "WidthScale": 0.0,
        # Stretch makes a tile square: only a square or round piece may be stretched, a board keeps its shape.
        "CustomTile": {"Type": TILE_SHAPES.get(tile.art.shape, 0), "Thickness": 0.1 if tile.locked else 0.2, "Stackable": False, "Stretch": abs(tile.art.trim_w - tile.art.trim_h) < 0.5},
    }
    return {"Name": "Custom_Tile", "GUID": _guid(title, tile.name, index), "Nickname": tile.name, "Locked": tile.locked, "Transform": _transform(x, _tile_scale(tile.art), z), "CustomImage": image}

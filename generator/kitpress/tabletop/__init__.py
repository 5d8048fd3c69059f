"""Tabletop Simulator files for digital playtesting (`build --layout tts`): card sheets of each deck with
its back, an image of every other piece, and a saved object that lays them all out on the table.

The images are named in the saved object by `file://` URLs of the folder the kit is written to
(`resolve_folder`, at write time), as Tabletop Simulator needs to find them when the object is imported;
a kit moved elsewhere is built again there.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from kitpress.pieces import Art, PrintJob
from kitpress.tabletop import images
from kitpress.tabletop.objects import Deck, DeckSheet, Tile, save

FOLDER = "kitpress-kit-folder:/"  # stands for the kit folder's URL until the kit is written
SAVE_KIND, SHEET_KIND, IMAGE_KIND = "tts-save", "tts-sheet", "tts-image"


@dataclass
class Output:
    path: str  # inside the kit folder
    kind: str
    data: bytes
    extra: dict[str, Any] = field(default_factory=dict)


def export(game: str, title: str, jobs: Sequence[PrintJob]) -> list[Output]:
    """The images and the saved object for every piece of the game's jobs."""
    files: dict[str, Output] = {}
    decks: list[Deck] = []
    pictures = Pictures(game)
    tiles: list[Tile] = []
    for job in jobs:
        for group in _by_size(job):
            if job.kind == "cards" or (job.backs and len(group) > 1):
                decks.append(_deck(game, job, group, files))
            else:
                tiles += _tiles(job, group, pictures)
    files.update({o.path: o for o in pictures.outputs()})
    body = json.dumps(save(title, decks, tiles), indent=2, ensure_ascii=False) + "\n"
    return [*sorted(files.values(), key=lambda o: o.path), Output(f"tts/{game}.json", SAVE_KIND, body.encode("utf-8"))]


class Pictures:
    """The pieces that are not cards, one PNG per distinct picture, rendered together at the end."""

    def __init__(self, game: str) -> None:
        self.game = game
        self.paths: dict[str, str] = {}  # svg → path
        self.arts: dict[str, Art] = {}  # path → art

    def url(self, job: PrintJob, art: Art) -> str:
        path = self.paths.get(art.svg)
        if path is None:
            path, n = f"tts/{self.game}-{art.name}.png", 2
            if path in self.arts:  # another job's picture of that name
                path = f"tts/{self.game}-{job.name}-{art.name}.png"
            while path in self.arts:  # two different pictures under one name
                path, n = f"tts/{self.game}-{job.name}-{art.name}-{n}.png", n + 1
            self.paths[art.svg], self.arts[path] = path, art
        return FOLDER + path

    def outputs(self) -> list[Output]:
        arts = list(self.arts.values())
        pngs = images.render_faces(arts) if arts else []
        return [Output(path, IMAGE_KIND, png, {"width_px": images.width_px(art)}) for (path, art), png in zip(self.arts.items(), pngs, strict=True)]


def resolve_folder(data: bytes, folder_uri: str) -> bytes:
    """The saved object with its images named by the kit folder's own URL."""
    return data.replace(FOLDER.encode("utf-8"), folder_uri.rstrip("/").encode("utf-8") + b"/")


def _by_size(job: PrintJob) -> list[list[int]]:
    """The job's fronts (by index) grouped by size and cut, in order: a deck holds cards of one size."""
    groups: dict[tuple[float, float, str], list[int]] = {}
    for index, art in enumerate(job.fronts):
        groups.setdefault((round(art.trim_w, 1), round(art.trim_h, 1), art.shape), []).append(index)
    return list(groups.values())


def _deck(game: str, job: PrintJob, group: list[int], files: dict[str, Output]) -> Deck:
    fronts = [job.fronts[i] for i in group]
    backs = [job.backs[i] for i in group] if job.backs else []
    one_back = len({b.svg for b in backs}) <= 1
    per_sheet = images.MAX_COLUMNS * images.MAX_ROWS
    stem = f"tts/{game}-{job.name}" + (f"-{round(fronts[0].trim_w)}x{round(fronts[0].trim_h)}" if len(_by_size(job)) > 1 else "")
    sheets: list[DeckSheet] = []
    back_url = ""
    if backs and one_back:
        path = f"{stem}-back.png"
        files[path] = Output(path, IMAGE_KIND, images.render_faces(backs[:1])[0], {"width_px": images.width_px(backs[0])})
        back_url = FOLDER + path
    for start in range(0, len(fronts), per_sheet):
        chunk = fronts[start : start + per_sheet]
        grid = images.grid_for(len(chunk), chunk[0])
        number = start // per_sheet + 1
        face = f"{stem}-sheet-{number}.png"
        files[face] = Output(face, SHEET_KIND, images.sheet(chunk, grid), _grid_fields(grid, len(chunk)))
        url = back_url
        if backs and not one_back:
            back = f"{stem}-backs-{number}.png"
            files[back] = Output(back, SHEET_KIND, images.sheet(backs[start : start + per_sheet], grid), _grid_fields(grid, len(chunk)))
            url = FOLDER + back
        elif not backs:
            url = FOLDER + face  # no printed back: the sheet stands in, so a face-down card still shows what it is
        sheets.append(DeckSheet(FOLDER + face, url, grid.columns, grid.rows, bool(backs) and not one_back, tuple("" for _ in chunk)))
    return Deck(job.title or job.name, fronts[0], tuple(sheets))


def _grid_fields(grid: images.Grid, count: int) -> dict[str, Any]:
    return {"columns": grid.columns, "rows": grid.rows, "cards": count, "cell_px": [grid.cell_w, grid.cell_h]}


def _tiles(job: PrintJob, group: list[int], pictures: Pictures) -> list[Tile]:
    """One tile per piece; a piece printed on one side shows the same picture underneath."""
    out = []
    for i in group:
        front = job.fronts[i]
        back = job.backs[i] if job.backs else front
        out.append(Tile(job.title or job.name, front, pictures.url(job, front), pictures.url(job, back), locked=job.kind == "board"))
    return out

"""Coin Race: a game pack from a distribution of its own, the way a third party writes one. Nothing in
kitpress names it: its distribution registers `GAME` under the `kitpress.games` entry points, and the
spec it ships sits beside this file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kitpress.packs import GameArt, GamePack
from kitpress_coin_race.production import CoinRaceBoard, CoinRaceFaces, check
from kitpress_coin_race.rules import CoinRace


def _art() -> GameArt:
    from kitpress_coin_race import art

    return art  # type: ignore[return-value]


def _colour_pairs(loaded: Any) -> list[tuple[str, str, str]]:
    from kitpress_coin_race.art import colour_pairs

    return colour_pairs(loaded)


def _tally() -> Any:
    from kitpress_coin_race.tally import CoinRaceTally

    return CoinRaceTally


GAME = GamePack(
    engine=CoinRace,
    spec=Path(__file__).parent / "coin-race.yaml",
    production={"faces": CoinRaceFaces, "board": CoinRaceBoard},
    check_production=check,
    art=_art,
    colour_pairs=_colour_pairs,
    tally=_tally,
)

"""Newtonian Rummy's `game:` config, its cards and what one player's play is worth.

A card id is its category letter and its rank: "M2", "F10", "AJ". Face cards act by rank whatever
their category (ruling R7), so a play keeps its face cards apart from its number cards.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from pydantic import Field, model_validator

from kitpress.spec_model import COLOUR_PATTERN, Strict

TEAMS = ("blue", "red")
FACE_RANKS = ("J", "Q", "K")
MELD_ROLES = ("mass", "acceleration", "force")

# --- config: the spec's `game:` section ----------------------------------------------------------


class Players(Strict):
    min: int = Field(ge=2, le=6)
    max: int = Field(ge=2, le=6)
    default: int

    @model_validator(mode="after")
    def _order(self) -> Players:
        if not self.min <= self.default <= self.max:
            raise ValueError(f"need min {self.min} <= default {self.default} <= max {self.max}")
        return self


class Team(Strict):
    id: Literal["blue", "red"]
    name: str
    edge: Literal["max", "min"]
    colour: str = Field(pattern=COLOUR_PATTERN)


class Track(Strict):
    edge: int = Field(ge=2, le=15, description="the block starts on 0; the edges are -edge and +edge")


class Numbers(Strict):
    low: int = Field(ge=1, le=20)
    high: int = Field(ge=1, le=20)

    @model_validator(mode="after")
    def _order(self) -> Numbers:
        if self.low > self.high:
            raise ValueError(f"low {self.low} is above high {self.high}")
        return self


class Category(Strict):
    id: str = Field(pattern=r"^[A-IL-PR-Z]$", description="one capital letter, not J, Q or K")
    name: str
    role: Literal["mass", "acceleration", "force", "none"]


class Face(Strict):
    rank: Literal["J", "Q", "K"]
    name: str
    effect: Literal["impulse", "friction", "equilibrium"]


class Stalemate(Strict):
    enabled: bool
    ties: int = Field(ge=1, le=10)


class Config(Strict):
    players: Players
    odd_extra_team: Literal["blue", "red"] = Field(description="the team with the extra player in a 3- or 5-player game")
    teams: list[Team] = Field(min_length=2, max_length=2)
    track: Track
    hand_size: int = Field(ge=1, le=10)
    numbers: Numbers
    categories: list[Category] = Field(min_length=3, max_length=6)
    faces: list[Face] = Field(min_length=3, max_length=3)
    face_cards: bool = Field(description="false: the deck has no J, Q or K")
    faces_per_player: int = Field(ge=0, le=3)
    stack_limit: int = Field(ge=1, le=4, description="how many J (and how many Q) may affect one team a round")
    impulse_factor: float = Field(gt=1, le=4)
    friction_divisor: int = Field(ge=2, le=4)
    partial_divisor: int = Field(ge=2, le=4)
    bonus_cap: int | None = Field(ge=0, le=10, description="null: no cap")
    lone_card_play: bool
    wild_melds: bool
    wild_category: str
    reshuffle: bool
    stalemate: Stalemate

    @model_validator(mode="after")
    def _consistent(self) -> Config:
        if {t.id for t in self.teams} != set(TEAMS) or {t.edge for t in self.teams} != {"max", "min"}:
            raise ValueError("teams must be one 'blue' and one 'red', one winning at 'max' and one at 'min'")
        ids = [c.id for c in self.categories]
        if len(set(ids)) != len(ids):
            raise ValueError(f"category ids must be unique, got {ids}")
        for role in MELD_ROLES:
            if sum(c.role == role for c in self.categories) != 1:
                raise ValueError(f"exactly one category must have role {role!r}")
        if {f.rank for f in self.faces} != set(FACE_RANKS) or len({f.effect for f in self.faces}) != 3:
            raise ValueError("faces must be J, Q and K, one each of impulse, friction and equilibrium")
        wild = next((c for c in self.categories if c.id == self.wild_category), None)
        if wild is None or wild.role != "none":
            raise ValueError(f"wild_category {self.wild_category!r} must be a category with role 'none'")
        ranks = self.numbers.high - self.numbers.low + 1 + (3 if self.face_cards else 0)
        if self.hand_size * self.players.max >= ranks * len(self.categories):
            raise ValueError(f"{self.players.max} hands of {self.hand_size} need a deck larger than {ranks * len(self.categories)}")
        return self


# --- cards -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Card:
    id: str
    category: str
    role: str  # the category's role: mass, acceleration, force or none
    rank: str  # "1".."10", "J", "Q", "K"
    value: int | None  # number cards only
    effect: str | None  # face cards only


class Deck:
    """The card list a config gives, in printing order (category by category, low to high)."""

    def __init__(self, config: Config) -> None:
        self.config = config
        effects = {f.rank: f.effect for f in config.faces}
        cards: list[Card] = []
        for cat in config.categories:
            for n in range(config.numbers.low, config.numbers.high + 1):
                cards.append(Card(f"{cat.id}{n}", cat.id, cat.role, str(n), n, None))
            if config.face_cards:
                for rank in FACE_RANKS:
                    cards.append(Card(f"{cat.id}{rank}", cat.id, cat.role, rank, None, effects[rank]))
        self.cards = {card.id: card for card in cards}
        self.order = {card_id: i for i, card_id in enumerate(self.cards)}

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(self.cards)

    def __getitem__(self, card_id: str) -> Card:
        return self.cards[card_id]

    def __contains__(self, card_id: object) -> bool:
        return card_id in self.cards

    def sort(self, ids: Iterable[str]) -> tuple[str, ...]:
        """In deck order; ids the deck lacks go last, for the error message to name."""
        return tuple(sorted(ids, key=lambda c: self.order.get(c, len(self.order))))

    def role_card(self, role: str, value: int) -> str:
        cat = next(c.id for c in self.config.categories if c.role == role)
        return f"{cat}{value}"

    def valid_melds(self) -> list[tuple[str, str, str]]:
        """Every (M, A, F) of the deck with M × A = F: the answer key."""
        lo, hi = self.config.numbers.low, self.config.numbers.high
        return [
            (self.role_card("mass", m), self.role_card("acceleration", a), self.role_card("force", m * a))
            for m in range(lo, hi + 1) for a in range(lo, hi + 1) if lo <= m * a <= hi
        ]  # fmt: skip


# --- plays -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class FacePlay:
    card: str
    aim: str | None = None  # a K's declared target, "J" or "Q" (ruling R5); None for J and Q

    def text(self) -> str:
        return f"{self.card}:{self.aim}" if self.aim else self.card


@dataclass(frozen=True)
class Play:
    """One player's revealed play: number cards (none, one, or a meld of three) and face cards."""

    numbers: tuple[str, ...] = ()
    faces: tuple[FacePlay, ...] = ()

    @property
    def cards(self) -> tuple[str, ...]:
        return self.numbers + tuple(f.card for f in self.faces)

    def text(self) -> str:
        parts = [" ".join(self.numbers)] if self.numbers else []
        parts += [f.text() for f in self.faces]
        return " + ".join(parts) if parts else "pass"


@dataclass(frozen=True)
class Worth:
    kind: str  # pass | meld | invalid meld | partial | lone card
    force: int
    why: str


TOKEN = re.compile(r"^([A-Z]?)(\d{1,2}|[JQK])(?::([A-Z]))?$")


def parse_play(text: object) -> Play:
    """Read a written play such as "M2 A4 F8 + MK:Q" or "pass"; a bare "Q" names any Q.

    Raises ValueError for text that is not a play; whether the cards exist is checked by `problem`.
    """
    if not isinstance(text, str):
        raise ValueError(f"write a play as text, e.g. 'M2 A4 F8 + FQ' or 'pass', got {text!r}")
    tokens = [t for t in re.split(r"[\s+]+", text.strip()) if t]
    if [t.lower() for t in tokens] in ([], ["pass"]):
        return Play()
    numbers: list[str] = []
    faces: list[FacePlay] = []
    for token in tokens:
        match = TOKEN.match(token)
        if not match:
            raise ValueError(f"{token!r} is not a card: write a category letter and a rank, e.g. M2, F10, AJ, or K:Q for a K aimed at a Q")
        cat, rank, aim = match.groups()
        if aim and (rank != "K" or aim not in ("J", "Q")):
            raise ValueError(f"{token!r}: only a K carries an aim, and it is J or Q")
        if rank in FACE_RANKS:
            faces.append(FacePlay(cat + rank, aim))
        elif not cat:
            raise ValueError(f"{token!r}: a number card needs its category letter (M, A, F or V)")
        else:
            numbers.append(cat + rank)
    return Play(tuple(numbers), tuple(faces))


def problem(play: Play, deck: Deck) -> str | None:
    """Why `play` breaks the play rules (§5), or None. Does not look at the player's hand."""
    c = deck.config
    cards = play.cards
    for card in cards:
        if card not in deck:
            extra = "" if c.face_cards or card[-1:] not in FACE_RANKS else " (this game is played without face cards)"
            return f"there is no card {card!r} in the deck{extra}"
    if len(set(cards)) != len(cards):
        return "the same card is named twice"
    if any(deck[n].value is None for n in play.numbers) or any(deck[f.card].value is not None for f in play.faces):
        return "number cards and face cards are mixed up"
    if len(play.faces) > c.faces_per_player:
        return f"at most {c.faces_per_player} face card(s) per player per round, got {len(play.faces)}"
    for f in play.faces:
        is_k = deck[f.card].effect == "equilibrium"
        if is_k and f.aim not in ("J", "Q"):
            return f"{f.card}: say which card the K is aimed at, {f.card}:J or {f.card}:Q"
        if not is_k and f.aim:
            return f"{f.card}: only a K carries an aim"
    roles = sorted(deck[n].role for n in play.numbers)
    if len(play.numbers) == 1 and roles[0] != "force" and not c.lone_card_play:
        return "a single number card must be an F (a partial force)"
    if len(play.numbers) == 3 and not _meld_shape(roles, c):
        wild = f", or (wild melds) one {c.wild_category} card with two of those" if c.wild_melds else ""
        return f"a meld is one M, one A and one F card{wild}; got {' '.join(play.numbers)}"
    if len(play.numbers) not in (0, 1, 3):
        return f"play no number card, one, or a meld of three; got {len(play.numbers)}"
    return None


def _meld_shape(roles: list[str], c: Config) -> bool:
    if roles == sorted(MELD_ROLES):
        return True
    return c.wild_melds and roles.count("none") == 1 and len(set(roles) - {"none"}) == 2


def worth(play: Play, deck: Deck) -> Worth:
    """The force a well-formed play generates (§5.1, §5.2), with the arithmetic behind it."""
    c = deck.config
    if not play.numbers:
        return Worth("pass", 0, "no number card")
    if len(play.numbers) == 1:
        card = deck[play.numbers[0]]
        if card.role == "force" and card.value is not None:
            force = card.value // c.partial_divisor
            return Worth("partial", force, f"partial: {card.value} ÷ {c.partial_divisor} = {force}, rounded down")
        return Worth("lone card", 0, f"{card.id} alone generates no force")
    by_role = {deck[n].role: deck[n].value or 0 for n in play.numbers}
    wild = next((n for n in play.numbers if deck[n].category == c.wild_category), None)
    if wild is not None:
        missing = next(r for r in MELD_ROLES if r not in by_role)
        if missing == "force":
            stand: int | None = by_role["mass"] * by_role["acceleration"]
        else:
            known = by_role["acceleration" if missing == "mass" else "mass"]
            stand = by_role["force"] // known if by_role["force"] % known == 0 else None
        if stand is None or not c.numbers.low <= stand <= c.numbers.high:
            return Worth("invalid meld", 0, f"{wild} cannot stand in for any {missing} card: invalid, no force")
        by_role[missing] = stand
        note = f" ({wild} stands in as {deck.role_card(missing, stand)})"
    else:
        note = ""
    m, a, f = by_role["mass"], by_role["acceleration"], by_role["force"]
    if m * a == f:
        return Worth("meld", f, f"{m} × {a} = {f}: valid{note}")
    return Worth("invalid meld", 0, f"{m} × {a} = {m * a}, not {f}: invalid, no force")


def legal_plays(hand: tuple[str, ...], deck: Deck) -> list[Play]:
    """Every play the rules allow from `hand`, in a stable order (passing included)."""
    c = deck.config
    numbers = [n for n in hand if deck[n].value is not None]
    options: list[tuple[str, ...]] = [()] + [(n,) for n in numbers]
    options += [tuple(deck.sort(trio)) for trio in itertools.combinations(numbers, 3)]
    face_sets: list[tuple[FacePlay, ...]] = [()]
    faces = [n for n in hand if deck[n].value is None]
    for k in range(1, c.faces_per_player + 1):
        for combo in itertools.combinations(faces, k):
            aims = [("J", "Q") if deck[card].effect == "equilibrium" else (None,) for card in combo]
            for chosen in itertools.product(*aims):
                face_sets.append(tuple(FacePlay(card, aim) for card, aim in zip(combo, chosen, strict=True)))
    plays = [Play(nums, fs) for nums in options for fs in face_sets]
    return [p for p in plays if problem(p, deck) is None]

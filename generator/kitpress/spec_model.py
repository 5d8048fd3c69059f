"""The parts of a spec every game shares. A game adds its own documentation sections and `game:` data."""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidatorFunctionWrapHandler,
    field_validator,
    model_validator,
)

COLOUR_PATTERN = r"^#[0-9a-fA-F]{6}$"  # a colour as #rrggbb; validate.py words its error

ID_PATTERN = r"^[a-z0-9][a-z0-9-]{0,47}$"
_ID = re.compile(ID_PATTERN)

# A text printed on every page or every piece (the booklet's footer repeats the title; a card's label is
# drawn on each card): typesetting time grows with its length times the pages or pieces, so it is kept
# to a line. A caption or footer is printed once per sheet.
LINE_MAX = 120
CAPTION_MAX = 400
Line = Annotated[str, Field(max_length=LINE_MAX)]
Caption = Annotated[str, Field(max_length=CAPTION_MAX)]


def size_range(low: float, high: float) -> Any:
    """A finite size from `low` to `high`, for Annotated[float, ...]: nan and infinity are not sizes."""
    return Field(ge=low, le=high, allow_inf_nan=False)


def _bool_for_number(raw: Any, out: Any) -> Any:
    """The first true/false in `raw` that validation turned into a number (pydantic reads true as 1)."""
    if isinstance(raw, bool):
        return raw if isinstance(out, int | float) and not isinstance(out, bool) else None
    if isinstance(raw, list | tuple) and isinstance(out, list | tuple) and len(raw) == len(out):
        pairs = list(zip(raw, out, strict=True))
    elif isinstance(raw, dict) and isinstance(out, dict):
        pairs = [(value, out[key]) for key, value in raw.items() if key in out]
    else:
        return None
    return next((raw_item for raw_item, out_item in pairs if _bool_for_number(raw_item, out_item) is not None), None)


class Strict(BaseModel):
    """Unknown keys are errors: a misspelt key must never be silently ignored."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=False)

    @field_validator("*", mode="wrap")
    @classmethod
    def _no_bool_for_number(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
        """`hand_size: true` must not read as 1: lax mode stays (a YAML 3 is a fine 3.0), booleans go."""
        out = handler(value)
        found = _bool_for_number(value, out)
        if found is not None:
            raise ValueError(f"expected a number, got {str(found).lower()}")
        return out


def check_id(value: str) -> str:
    if not _ID.fullmatch(value):  # match() would let a final newline through ($ matches before it)
        raise ValueError(
            f"{value!r} is not a valid id: use lower-case letters, digits and '-', "
            "starting with a letter or digit, at most 48 characters"
        )
    return value


# Where a printed statement comes from. `document`: the design document says it. `ruling`: a decision
# of the kit's where the document is unclear or silent, recorded under `rulings:` with its reason.
# `kit`: the kit's own addition, printed as such ("Added for the classroom"). A teacher's book never
# presents a ruling or an addition as the designer's.
Source = Literal["document", "ruling", "kit"]
# A whole part of a book (learning goals, table talk …) is the document's or the kit's; a ruling is
# one decision, so only single statements (a quick ruling) can be one.
PartSource = Literal["document", "kit"]


class Range(Strict):
    min: int = Field(ge=1, le=100)
    max: int = Field(ge=1, le=100)

    @model_validator(mode="after")
    def _ordered(self) -> Range:
        if self.min > self.max:
            raise ValueError(f"min {self.min} is larger than max {self.max}")
        return self


class Identity(Strict):
    title: Line  # in every booklet page's footer and on the boards and cards
    subtitle: Line = ""
    version: str
    date: str = ""
    status: str = ""
    designers: list[str] = []
    document_id: str = ""
    source: str = Field(description="the seed document this spec was made from")
    # A published game's credit line, printed as it stands (e.g. its designer and year): the game is
    # credited as a published game, not as a design document.
    credit: str = ""
    # The source document's rights notice, kept as it stands (e.g. "© 2026 … All rights reserved.").
    rights: str = ""
    players: Range
    # The player counts the source allows when not every count from players.min to players.max is one
    # (Integer Matrix is for 2 or 4); empty when every count in the range plays.
    player_counts: list[Annotated[int, Field(ge=1, le=100)]] = []
    # The number of players the game plays best with, as its design document says (Newtonian Rummy: "best
    # 4 as 2v2"), or as a ruling decides: a class is seated at tables of it first. None when neither says.
    best: int | None = Field(default=None, ge=1, le=100)
    # Player counts the kit adds to those the design document allows (each within players and recorded
    # as a ruling): a class is seated at them only when the document's own counts cannot seat everyone.
    added_player_counts: list[Annotated[int, Field(ge=1, le=100)]] = []
    # Playing time in minutes, only as the source gives it; None when the source gives none.
    minutes: Range | None = None
    ages: str = ""

    @model_validator(mode="after")
    def _counts_in_range(self) -> Identity:
        outside = [n for n in self.player_counts if not self.players.min <= n <= self.players.max]
        if outside:
            raise ValueError(f"player_counts {outside} lie outside players {self.players.min}–{self.players.max}")
        allowed = self.allowed_player_counts()
        if self.best is not None and self.best not in allowed:
            raise ValueError(f"best {self.best} is not one of the player counts allowed ({', '.join(map(str, allowed))})")
        strange = [n for n in self.added_player_counts if n not in allowed]
        if strange:
            raise ValueError(f"added_player_counts {strange} are not among the player counts allowed ({', '.join(map(str, allowed))})")
        return self

    def allowed_player_counts(self) -> list[int]:
        """Every player count the kit allows: the source's, and any the kit adds."""
        return list(self.player_counts) or list(range(self.players.min, self.players.max + 1))

    def document_player_counts(self) -> list[int]:
        """The player counts the design document allows, without those the kit adds."""
        return [n for n in self.allowed_player_counts() if n not in self.added_player_counts]

    def player_words(self) -> str:
        """"2 or 4 players" where the source allows only some counts, "2–6 players" for a range: the one
        way every page says it."""
        counts = self.allowed_player_counts()
        if len(counts) == 1:
            return f"{counts[0]} players"
        if counts == list(range(counts[0], counts[-1] + 1)):
            return f"{counts[0]}–{counts[-1]} players"
        return ", ".join(str(n) for n in counts[:-1]) + f" or {counts[-1]} players"


class Table(Strict):
    columns: list[str]
    rows: list[list[str]]
    # Figures the kit rebuilt where the document's are missing or garbled: what they were rebuilt
    # from, printed under the table after "Reconstructed from" (never left to read as the designer's).
    reconstructed_from: str = ""

    @field_validator("rows")
    @classmethod
    def _row_widths(cls, rows: list[list[str]], info: Any) -> list[list[str]]:
        width = len(info.data.get("columns", []))
        for i, row in enumerate(rows):
            if width and len(row) != width:
                raise ValueError(f"row {i + 1} has {len(row)} cells; the table has {width} columns")
        return rows


class Section(Strict):
    """A documentation section in the design document's own order: paragraphs, lists, a table."""

    title: str
    number: str = ""
    id: str = Field(default="", pattern=r"^([a-z_][a-z0-9_]*)?$", description="a name for texts to refer to this subsection by, as {§id}")
    text: list[str] = []
    items: list[str] = []
    steps: list[str] = []
    table: Table | None = None
    subsections: list[Section] = []
    # The engine's sections are the document's; a section the kit wrote is printed as its addition.
    source: PartSource = "document"


class Component(Strict):
    """A physical piece of the kit. `print` says which printable art kitpress makes for it."""

    id: str
    name: str
    quantity: int = Field(ge=0, le=1000)
    description: str
    print: str = Field(default="none", description="cards | board | token | checklist | none")

    _id = field_validator("id")(check_id)


class ExampleStep(Strict):
    """One round or turn of a worked example: what is played, and what the document says follows. A step
    may instead call time (`call_time: true`, no `play`): the game ends by its timed rule."""

    play: dict[str, Any] = {}
    call_time: bool = False
    expect: dict[str, Any] = {}
    note: str = ""

    @model_validator(mode="before")
    @classmethod
    def _plays_or_calls_time(cls, data: Any) -> Any:
        if isinstance(data, dict):
            timed = data.get("call_time") not in (None, False)
            if timed and "play" in data:
                raise ValueError("a step either plays or calls time, not both: calling time ends the game after the step before")
            if not timed and "play" not in data:
                raise ValueError("missing required key 'play' (or call_time: true, to call time)")
        return data

    @field_validator("expect")
    @classmethod
    def _refused_is_yes_or_no(cls, expect: dict[str, Any]) -> dict[str, Any]:
        if "refused" in expect and not isinstance(expect["refused"], bool):
            raise ValueError(f"refused must be true or false, got {expect['refused']!r}")
        return expect


class Example(Strict):
    id: str
    title: str
    summary: str
    start: dict[str, Any] = {}
    steps: list[ExampleStep] = Field(min_length=1, max_length=200)
    note: str = ""
    # The design document's own example, or the kit's (the teacher's book says "Added for the
    # classroom"); one rebuilt from a figure the document lost or garbled says from what.
    source: PartSource | None = None
    reconstructed_from: str = ""


class Variant(Strict):
    """A tuning note as a named change to the spec: dotted paths (list items by id) and new values."""

    id: str
    name: str
    note: str
    set: dict[str, Any] = Field(min_length=1)
    # A tuning note of the design document's, or the kit's own variant (printed as its addition).
    source: PartSource | None = None

    _id = field_validator("id")(check_id)


class Ruling(Strict):
    """A decision where the design document is unclear, with the reason; printed in the booklet."""

    id: str
    topic: str
    question: str
    ruling: str
    reason: str


class Term(Strict):
    """A word of the design's own (StreakCount), said in plain words where the student rules first
    print it. The preflight refuses such a word on a student's page unless it is one of these."""

    term: str = Field(min_length=1, max_length=60)
    meaning: str = Field(min_length=1)


class QuickRuling(Strict):
    issue: str
    resolution: str
    # Left out: as `sources.quick_rulings` says for the list. A `ruling` names the ruling (its id under
    # `rulings:`) whose reason the teacher's book prints beside it; the id itself is never printed.
    # (spec.load checks the two agree, at the line to change.)
    source: Source | None = None
    ruling: str = ""


class Classroom(Strict):
    table_talk: list[str] = []
    discussion_questions: list[str] = []
    student_referee: str = ""
    quick_rulings: list[QuickRuling] = []


class Sources(Strict):
    """Where each teacher's part of the book comes from, `document` or `kit`. A part a design document
    may well not have is left undeclared (None) only by mistake: the preflight asks for it (lint
    `source`), and the book prints an undeclared part without claiming either."""

    learning_goals: PartSource | None = None
    table_talk: PartSource | None = None
    discussion_questions: PartSource | None = None
    student_referee: PartSource | None = None
    quick_rulings: PartSource | None = None


class Stock(Strict):
    # the largest piece a Letter or A4 sheet holds inside its margins (sheets.geometry.pack)
    # Given only where the pack's art is drawn at it or reads it (packs check which): no default.
    card_size_mm: tuple[Annotated[float, size_range(25, 190)], Annotated[float, size_range(25, 250)]] | None = None
    description: str = ""


class Punch(Strict):
    """The circle punch that cuts some of the game's round pieces (say why that size in a comment)."""

    size: str = Field(description="a standard circle punch, as suppliers sell it: '7/8 in', '25 mm' (kitpress.punches)")
    pieces: list[Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9-]*$")]] = Field(min_length=1, description="the round pieces it cuts, by what they are (the art's `fits`: disc, marble)")

    @field_validator("size")
    @classmethod
    def _standard(cls, size: str) -> str:
        from kitpress.punches import STANDARD_MM

        if size not in STANDARD_MM:
            raise ValueError(f"{size!r} is not a standard circle punch; expected one of: {', '.join(STANDARD_MM)}")
        return size


class Production(Strict):
    """Print facts; the game's own face designs live in `faces`, read by that game's renderer."""

    stock: Stock
    # The punches for the round pieces (the rest are cut with scissors); each piece's diameter is checked
    # against its punch before printing (lint.punch).
    punches: list[Punch] = []
    faces: dict[str, Any] = {}
    board: dict[str, Any] = {}
    notes: list[str] = []


COMMON_KEYS = (
    "id", "engine", "identity", "learning_goals", "components", "game", "examples", "classroom",
    "variants", "production", "referee_checklist", "rulings", "sources", "glossary",
)  # fmt: skip


class CommonSpec(Strict):
    id: str
    engine: str
    identity: Identity
    learning_goals: list[str] = Field(min_length=1)
    components: list[Component] = Field(min_length=1)
    game: dict[str, Any]
    examples: list[Example] = []
    classroom: Classroom
    variants: list[Variant] = []
    production: Production
    referee_checklist: list[str] = Field(min_length=1)
    rulings: list[Ruling] = []
    sources: Sources = Sources()
    glossary: list[Term] = []

    _id = field_validator("id")(check_id)

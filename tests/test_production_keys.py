"""Every production key does something: each value of every bundled game's `production` section, varied,
either changes what kitpress prints (a piece's art, a job's title, the rule books) or is refused at its
line. A key kitpress accepts and ignores (a card size the art is not drawn at, a note nobody prints)
leaves a designer guessing."""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from kitpress.booklet.typeset import render_html, render_teachers_html
from kitpress.build import _render_jobs
from kitpress.check import replay_all
from kitpress.errors import InputError
from kitpress.packs import packs
from kitpress.spec.load import LoadedSpec, load_spec

SPECS = Path(__file__).resolve().parents[1] / "specs"
GAMES = sorted(packs())
QUOTED = re.compile(r"'([^']+)'")


def _leaves(data: Any, path: tuple[Any, ...]) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Each value a designer could change: a scalar, or a list of scalars as one value."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _leaves(value, (*path, key))
    elif isinstance(data, list) and data and any(isinstance(v, dict | list) for v in data):
        for i, value in enumerate(data):
            yield from _leaves(value, (*path, i))
    else:
        yield path, data


def _varied(value: Any) -> Any:
    if isinstance(value, bool):
        return not value
    if isinstance(value, int | float):
        return value + 1
    if isinstance(value, str):
        if re.fullmatch(r"#[0-9a-fA-F]{6}", value):
            return "#123456" if value.lower() != "#123456" else "#654321"
        return f"{value} Zed" if value else "Zed"
    if isinstance(value, list):
        return [v + 1 if isinstance(v, int | float) else f"{v} Zed" for v in value] or ["Zed"]
    return "Zed"


class Printed:
    """What a kit prints from the spec, part by part, each made only when asked for (the rule books
    cost most, and a changed card needs no book to tell): every piece's art with its job's title, then
    the student rules, then the teacher's book."""

    def __init__(self, loaded: LoadedSpec) -> None:
        self.loaded = loaded
        self.made: dict[int, Any] = {}

    def part(self, n: int) -> Any:
        if n not in self.made:
            loaded = self.loaded
            if n == 0:
                self.made[n] = [(job.name, job.title, a.name, a.svg) for job in _render_jobs(loaded) for a in (*job.fronts, *job.backs)]
            else:
                replays = replay_all(loaded.engine, list(loaded.spec.examples))
                self.made[n] = (render_html if n == 1 else render_teachers_html)(loaded, replays, "letter")
        return self.made[n]

    def differs(self, other: Printed) -> bool:
        return any(self.part(n) != other.part(n) for n in range(3))


def _outcome(data: dict[str, Any], path: tuple[Any, ...], value: Any, where: Path, base: dict[str | None, Printed]) -> str:
    """'changes', 'refused' (in the varied key's section) or 'nothing', under the base rules or any variant."""
    changed = copy.deepcopy(data)
    node = changed
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)  # libyaml's: ten times the Python dumper's speed
    where.write_text(yaml.dump(changed, Dumper=dumper, allow_unicode=True, sort_keys=False), "utf-8")
    try:
        loaded = load_spec(str(where))
    except InputError as exc:
        # At the key, or at the one it is measured with (a board's frame with its squares): the same section.
        # (in a list, at a neighbour: the second of two board edges on one side is the one refused).
        parent = list(path[:-1])
        while parent and isinstance(parent[-1], int):
            parent.pop()
        section = "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in parent).lstrip(".")
        if not any(p.path.startswith(section) for p in exc.problems):
            return "misplaced: " + repr((path, [(p.path, p.message) for p in exc.problems]))
        return "refused: " + " ".join(p.message for p in exc.problems)
    for variant, printed in base.items():  # a key only a variant's pieces print (a wild-meld note) counts there
        if Printed(loaded if variant is None else loaded.with_variant(variant)).differs(printed):
            return "changes"
    return "nothing"


@pytest.mark.parametrize("game", GAMES)
def test_every_production_value_changes_the_kit_or_is_refused(game: str, tmp_path: Path) -> None:
    source = SPECS / f"{game}.yaml"
    data = yaml.safe_load(source.read_text("utf-8"))
    loaded = load_spec(str(source))
    base = {None: Printed(loaded), **{v.id: Printed(loaded.with_variant(v.id)) for v in loaded.spec.variants}}
    ignored = []
    for path, value in _leaves(data["production"], ("production",)):
        outcome = _outcome(data, path, _varied(value), tmp_path / f"{game}.yaml", base)
        if outcome.startswith("refused"):  # a word from a list: try the others the message names
            for choice in QUOTED.findall(outcome):
                if choice != value and isinstance(value, str) and choice.isidentifier():
                    outcome = _outcome(data, path, choice, tmp_path / f"{game}.yaml", base)
                    break
        if outcome.startswith("misplaced") and isinstance(value, str) and value[::-1] != value:
            # a longer word refused where it is measured (a disc's side word by its diameter, whose smallest
            # size follows from its words): the same word reversed, as wide, must still change the kit
            outcome = _outcome(data, path, value[::-1], tmp_path / f"{game}.yaml", base)
        assert not outcome.startswith("misplaced"), outcome
        if outcome == "nothing":
            ignored.append(".".join(map(str, path)))
    assert not ignored, f"{game}: these production values change nothing: {ignored}"


def test_a_card_size_the_art_is_not_drawn_at_is_refused_at_its_line(tmp_path: Path) -> None:
    text = (SPECS / "momentum-game.yaml").read_text("utf-8")
    line = "    card_size_mm: [63.5, 88.9]"
    assert text.count(line) == 1
    spec = tmp_path / "mini.yaml"
    spec.write_text(text.replace(line, "    card_size_mm: [44, 63]"), "utf-8")
    with pytest.raises(InputError) as caught:
        load_spec(str(spec))
    problem = caught.value.problems[0]
    assert problem.line == text.splitlines().index(line) + 1
    assert "cards are drawn 63.5 × 88.9 mm and cannot be drawn at 44 × 63 mm" in problem.message

"""Property test: a mutated spec or examples file gets a clean answer from `kitpress check`, never a crash.

Each mutation is one of the slips people make (a key deleted, a value of the wrong type, a list item
duplicated, two values swapped, junk typed into a line). A clean answer is success (exit 0), a failed
check (exit 1), or a refusal (exit 2) whose every stderr line is `file:line[:col]: message`; never a
traceback. Derandomized, so CI sees the same inputs every run.

A third test mutates only the `production:` section, typed per game (spec/production.py), and asks
that whatever loads also renders its art.

Junk text is drawn from printable characters: a control character is a known bug with its own case in
the corpus (tests/malformed/file-control-character.yaml), and would otherwise be all this test finds.
"""

from __future__ import annotations

import copy
import re
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml
from click.testing import CliRunner
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from kitpress.cli import main
from kitpress.errors import InputError
from kitpress.packs import art_for as renderer
from kitpress.spec.load import load_spec

HERE = Path(__file__).resolve().parent
SPEC = (HERE / "malformed" / "base" / "momentum-game.yaml").read_text(encoding="utf-8")
EXAMPLES = """\
game: momentum-game
examples:
  - id: D
    title: Two ties in a row
    summary: Red wins, then two ties reset the streak.
    start: {position: 2, last_winner: red}
    steps:
      - play: {red: red-light, blue: blue-light}
        expect: {outcome: tie, position: 2, last_winner: none, streak_count: 0}
        note: Equal strengths cancel.
      - play: {red: green, blue: blue-dark}
        expect: {outcome: green, winner: none, move: 0}
  - id: E
    title: A double move
    summary: Blue wins twice running.
    start: {position: 2, green_rounds: 1}
    steps:
      - play: {red: red-light, blue: blue-dark}
        expect: {outcome: won, winner: blue, move: 1, position: 1}
      - play: {red: red-light, blue: blue-dark}
        expect: {move: 2, travelled: 1, position: 0, game_winner: blue}
    note: Printed after the example.
"""
# YAML's printable characters, less the controls (which YAML refuses: see the module docstring).
PRINTABLE = st.characters(min_codepoint=0x20, max_codepoint=0xFFFD, exclude_categories=("Cc", "Cs"))
PROBLEM_LINE = re.compile(r"^[^:]+:\d+(:\d+)?: ")
FUZZ = settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

Path_ = tuple[str | int, ...]
ODD_VALUES: list[Any] = [
    None, True, False, 0, -1, 10**30, 1.5, float("inf"), "", "text", "<script>x</script>", "{track_max}",
    "{no_such_number}", [], [1, "two"], {}, {"k": "v"}, "red-dark", "2025-01-18",
]  # fmt: skip
JUNK = [
    ":", ": x", "- ", "\t", "\tkey: 1", "{", "[", "]", "}", "&a", "*a", "*undefined", "!!python/object:os.system",
    "? ", "%YAML 1.1", "'", '"', "---", "...", "@", "`", "<<: *a", "key: value", "  - item", "#", "\x00",
    "\ufeff", "é", "ΣF = 0", "|", ">", "!!binary xyz",
]  # fmt: skip


def paths(data: Any, here: Path_ = ()) -> list[Path_]:
    """Every path in nested data (the root excluded), parents before children."""
    out: list[Path_] = []
    items: list[tuple[str | int, Any]] = []
    if isinstance(data, dict):
        items = list(data.items())
    elif isinstance(data, list):
        items = list(enumerate(data))
    for key, value in items:
        out.append((*here, key))
        out += paths(value, (*here, key))
    return out


def get(data: Any, path: Path_) -> Any:
    for part in path:
        data = data[part]
    return data


def put(data: Any, path: Path_, value: Any) -> None:
    get(data, path[:-1])[path[-1]] = value


def delete(data: Any, path: Path_) -> None:
    del get(data, path[:-1])[path[-1]]


@st.composite
def mutated(draw: st.DrawFn, text: str, under: Path_ = ()) -> str:
    """`text` with one or two slips made in it (data slips twice as often as junk text); with `under`,
    only data slips, inside that part of the data."""
    for _ in range(draw(st.integers(1, 2))):
        slip = _data_slip if under else draw(st.sampled_from([_data_slip, _data_slip, _text_slip]))
        text = slip(draw, text, under)
    return text


def _data_slip(draw: st.DrawFn, text: str, under: Path_ = ()) -> str:
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError:
        return text  # already broken as YAML: only text slips apply
    if not isinstance(data, dict | list):
        return text
    data = copy.deepcopy(data)
    every = [p for p in paths(data) if p[: len(under)] == under and len(p) > len(under)]
    if not every:
        return text
    path = draw(st.sampled_from(every))
    kind = draw(st.sampled_from(["delete", "retype", "duplicate", "swap"]))
    if kind == "delete":
        delete(data, path)
    elif kind == "retype":
        put(data, path, draw(st.sampled_from(ODD_VALUES)))
    elif kind == "duplicate":
        parent = get(data, path[:-1])
        if isinstance(parent, list):
            parent.insert(int(path[-1]), copy.deepcopy(parent[int(path[-1])]))
        else:
            put(data, path, [get(data, path), copy.deepcopy(get(data, path))])
    else:
        other = draw(st.sampled_from(every))
        a, b = get(data, path), get(data, other)
        if path[: len(other)] == other or other[: len(path)] == path:
            return text  # one holds the other
        put(data, path, copy.deepcopy(b))
        put(data, other, copy.deepcopy(a))
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True)


def _text_slip(draw: st.DrawFn, text: str, under: Path_ = ()) -> str:
    lines = text.splitlines(keepends=True) or [""]
    n = draw(st.integers(0, len(lines) - 1))
    junk = draw(st.one_of(st.sampled_from(JUNK), st.text(PRINTABLE, max_size=8)))
    how = draw(st.sampled_from(["insert-line", "append", "prepend", "replace"]))
    line = lines[n].rstrip("\n")
    if how == "insert-line":
        lines.insert(n, junk + "\n")
    elif how == "append":
        lines[n] = line + junk + "\n"
    elif how == "prepend":
        lines[n] = junk + lines[n]
    else:
        lines[n] = junk + "\n"
    return "".join(lines)


def assert_clean(argv: Callable[[str], list[str]], text: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        file = Path(tmp) / "input.yaml"
        file.write_bytes(text.encode("utf-8", "surrogatepass"))
        # catch_exceptions=False: a crash fails the property with its traceback and the shrunk input.
        result = CliRunner().invoke(main, argv(str(file)), catch_exceptions=False)
    assert "Traceback" not in result.output
    assert result.exit_code in (0, 1, 2), result.output
    if result.exit_code == 2:
        lines = result.stderr.splitlines()
        assert lines, "exit 2 without a message"
        bad = [ln for ln in lines if not PROBLEM_LINE.match(ln)]
        assert not bad, f"not `file:line: message` lines: {bad}"


def test_the_unmutated_inputs_pass() -> None:
    runner = CliRunner()
    with tempfile.TemporaryDirectory() as tmp:
        spec, examples = Path(tmp) / "spec.yaml", Path(tmp) / "examples.yaml"
        spec.write_text(SPEC, encoding="utf-8")
        examples.write_text(EXAMPLES, encoding="utf-8")
        assert runner.invoke(main, ["check", str(spec)]).exit_code == 0
        result = runner.invoke(main, ["check", "momentum-game", "--examples", str(examples)])
        assert result.exit_code == 0, result.output


@FUZZ
@given(mutated(SPEC))
def test_a_mutated_spec_gets_a_clean_answer(text: str) -> None:
    assert_clean(lambda f: ["check", f], text)


@FUZZ
@given(mutated(EXAMPLES))
def test_a_mutated_examples_file_gets_a_clean_answer(text: str) -> None:
    assert_clean(lambda f: ["check", "momentum-game", "--examples", f], text)


@settings(FUZZ, max_examples=30, phases=[Phase.generate])  # no shrinking: the failure is known
@given(mutated(SPEC, under=("production",)))
def test_a_spec_that_loads_renders_its_art(text: str) -> None:
    """What `check` accepts, `build` can draw: the art of a loaded spec renders, or the spec is refused."""
    with tempfile.TemporaryDirectory() as tmp:
        file = Path(tmp) / "input.yaml"
        file.write_text(text, encoding="utf-8")
        try:
            loaded = load_spec(str(file))
        except InputError:
            return
        renderer(loaded.spec.engine).jobs(loaded)

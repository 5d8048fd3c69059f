"""Bounds on every input that scales work or memory, and on the values that crash a build when they slip
through: command-line options, `simulate`'s sizes and its worker processes, the length of texts printed
on every page or piece, sizes that must fit a sheet, and what a YAML file can smuggle in (aliases, escaped
control characters, booleans for numbers). The spec and examples-file cases with their lines are in the
malformed corpus (tests/malformed/); this file holds the rest.
"""

from __future__ import annotations

import dataclasses
import os
import re
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from kitpress.cli import main
from kitpress.errors import InputError, UsageError
from kitpress.packs import pack_for, shipped_specs
from kitpress.pieces import BLEED, PT_PER_MM
from kitpress.sheets.geometry import PAPERS, pack
from kitpress.sheets.presets import parse_offset
from kitpress.simulate.agents import make_agent
from kitpress.simulate.compare import compare
from kitpress.simulate.limits import MAX_AGENT_EFFORT, MAX_GAMES, MAX_TURNS, MAX_WORKERS
from kitpress.simulate.sweep import Plan, run
from kitpress.spec.load import LoadedSpec, load_spec
from kitpress.spec.yamlpos import MAX_BYTES, MAX_TEXT, load_text
from kitpress.spec_model import LINE_MAX, check_id

ROOT = Path(__file__).resolve().parents[1]
BASE = ROOT / "tests" / "malformed" / "base" / "momentum-game.yaml"
KITPRESS = Path(sys.executable).with_name("kitpress")
PROBLEM_LINE = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+)(:(?P<col>\d+))?: ")


def run_cli(*args: str) -> Result:
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def assert_option_refused(result: Result, option: str, *words: str) -> None:
    """A click-level refusal: exit 2, no traceback, one `Error:` line naming the option."""
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    errors = [ln for ln in result.output.splitlines() if ln.startswith("Error:")]
    assert len(errors) == 1, result.output
    assert option in errors[0] and all(w in errors[0] for w in words), errors[0]


def write_base(tmp_path: Path, old: str, new: str) -> Path:
    text = BASE.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    file = tmp_path / "spec.yaml"
    file.write_text(text.replace(old, new), encoding="utf-8")
    return file


# --- option values ---------------------------------------------------------------------------------


@pytest.mark.parametrize("value", ["nan,0", "0,nan", "inf,0", "0,-inf", "1e400,0"])
def test_a_back_offset_must_be_finite(value: str, tmp_path: Path) -> None:
    """nan passes every range check (nan > 20 is false) and 1e400 reads as infinity."""
    with pytest.raises(ValueError, match="finite"):
        parse_offset(value)
    out = tmp_path / "out"
    assert_option_refused(run_cli("build", "momentum-game", "--back-offset", value, "--out", str(out)), "--back-offset", "finite")
    assert not out.exists()


@pytest.mark.parametrize(
    ("option", "value", "limit"),
    [
        ("--games", str(MAX_GAMES + 1), str(MAX_GAMES)),
        ("--workers", "100000", str(MAX_WORKERS)),
        ("--workers", str(MAX_WORKERS + 1), str(MAX_WORKERS)),
        ("--max-turns", str(MAX_TURNS + 1), str(MAX_TURNS)),
    ],
)
def test_simulate_sizes_are_bounded_on_the_command_line(option: str, value: str, limit: str) -> None:
    assert (MAX_GAMES, MAX_WORKERS, MAX_TURNS) == (10_000_000, 64, 100_000)
    assert_option_refused(run_cli("simulate", "momentum-game", option, value), option, value, limit)


def test_simulate_sizes_are_bounded_in_the_library_too() -> None:
    with pytest.raises(UsageError, match=f"--workers must be from 1 to {MAX_WORKERS}"):
        compare("momentum-game", games=5, workers=100_000)
    with pytest.raises(UsageError, match=f"--games must be from 1 to {MAX_GAMES}"):
        run(Plan("momentum-game", (None,), MAX_GAMES + 1), workers=1)
    with pytest.raises(UsageError, match=f"--max-turns must be from 1 to {MAX_TURNS}"):
        run(Plan("momentum-game", (None,), 5, max_turns=MAX_TURNS + 1), workers=1)


@pytest.mark.parametrize("agent", [f"greedy:{MAX_AGENT_EFFORT + 1}", "montecarlo:1000000000", "greedy:²", "greedy:0"])
def test_an_agents_effort_is_a_bounded_whole_number(agent: str) -> None:
    """greedy:N samples N moves per decision; '²' is a digit to str.isdigit but not to int()."""
    with pytest.raises(UsageError, match=f"from 1 to {MAX_AGENT_EFFORT}"):
        make_agent(agent)
    result = run_cli("simulate", "momentum-game", "--agent", agent, "--games", "5", "--workers", "1")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert f"agent {agent!r}" in result.stderr


@pytest.mark.parametrize("game", ["momentum-game", str(BASE)])
def test_an_unknown_simulate_variant_is_placed_like_build_and_check_place_it(game: str) -> None:
    checked = run_cli("check", game, "--variant", "nope")
    simulated = run_cli("simulate", game, "--variant", "nope", "--games", "5", "--workers", "1")
    for result in (checked, simulated):
        assert result.exit_code == 2 and "Traceback" not in result.output
    where = [PROBLEM_LINE.match(r.stderr.splitlines()[0]) for r in (checked, simulated)]
    assert where[0] and where[1], (checked.stderr, simulated.stderr)
    assert where[0].group(0) == where[1].group(0)  # the same file:line:col
    spec = shipped_specs()[game] if game in shipped_specs() else Path(game)
    assert int(where[1]["line"]) == spec.read_text(encoding="utf-8").splitlines().index("variants:") + 1
    assert "variants: no variant 'nope'; variants are: base, " in simulated.stderr


# --- worker processes end with their parent ------------------------------------------------------


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    """Running or sleeping; a zombie (dead, not yet reaped by whoever adopted it) counts as gone."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state not in ("Z", "X")


def _assert_workers_end_with(parent: subprocess.Popen[bytes], count: int) -> None:
    workers: list[int] = []
    try:
        deadline = time.monotonic() + 60
        while len(workers) < count and time.monotonic() < deadline:
            assert parent.poll() is None, "the parent ended before its workers started"
            time.sleep(0.1)
            workers = _children(parent.pid)
        assert len(workers) >= count, f"{len(workers)} worker processes started"
        workers += [grandchild for pid in workers for grandchild in _children(pid)]
        parent.send_signal(signal.SIGKILL)  # no clean-up runs
        parent.wait(timeout=10)
        deadline = time.monotonic() + 5
        while any(map(_alive, workers)) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not [pid for pid in workers if _alive(pid)], "worker processes outlived their parent by 5 s"
    finally:
        for pid in workers:  # the test's own processes, should it fail
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)
        if parent.poll() is None:
            parent.kill()
            parent.wait()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="finds the workers in /proc")
def test_simulate_workers_end_when_simulate_is_killed() -> None:
    args = [str(KITPRESS), "simulate", "momentum-game", "--variant", "base", "--games", str(MAX_GAMES), "--workers", "2"]
    parent = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _assert_workers_end_with(parent, 2)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="finds the workers in /proc")
def test_workers_watch_their_parent_where_the_kernel_cannot_tell_them() -> None:
    """Without prctl (macOS, or a kernel that refuses it) the watcher thread alone ends the workers."""
    script = textwrap.dedent(
        """
        import time
        from kitpress import workers as pool
        pool._ask_kernel_to_kill_me_with_my_parent = lambda: None
        with pool.worker_pool(2) as workers:
            for _ in range(2):
                workers.submit(time.sleep, 600)
            time.sleep(600)
        """
    )
    parent = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _assert_workers_end_with(parent, 2)


# --- texts printed on every page or piece ----------------------------------------------------------


def test_a_title_at_the_limit_is_accepted_and_one_more_character_is_refused(tmp_path: Path) -> None:
    """The booklet's footer repeats the title on every page, so typesetting time grows with its length
    squared: measured on this spec (Letter and A4), a 14-character title builds in 2.0 s, 120 characters
    in 2.1 s, 4 000 in 2.6 s, 20 000 in 21 s and 60 000 in more than 200 s. 120 keeps it a line."""
    assert LINE_MAX == 120
    title = ("Momentum Game " * 10)[:LINE_MAX]
    file = write_base(tmp_path, "  title: Momentum Game!\n", f"  title: {title}\n")
    assert run_cli("check", str(file)).exit_code == 0
    file = write_base(tmp_path, "  title: Momentum Game!\n", f"  title: {title}x\n")
    result = run_cli("check", str(file))
    assert result.exit_code == 2
    assert result.stderr.startswith(f"{file}:7:3: identity.title: the text is 121 characters long; at most 120 ")


def test_every_bundled_spec_and_variant_is_within_the_limits() -> None:
    for game in shipped_specs():
        loaded = load_spec(game)  # validates every variant too
        assert len(loaded.spec.identity.title) <= LINE_MAX


# --- sizes that must fit a sheet --------------------------------------------------------------------


def _packs_on_every_paper(width_pt: float, height_pt: float) -> bool:
    try:
        for paper in PAPERS:
            pack(paper, [(width_pt, height_pt)], BLEED)
    except ValueError:
        return False
    return True


def _with_board(loaded: LoadedSpec, engine: Any = None, **board: float) -> LoadedSpec:
    """The spec with other board sizes, in its data and in the typed model the art reads."""
    production = loaded.spec.production
    changed = production.model_copy(update={"board": {**production.board, **board}})
    model = type(loaded.typed_production["board"])
    typed = {**loaded.typed_production, "board": model.model_validate(changed.board)}
    return dataclasses.replace(loaded, spec=loaded.spec.model_copy(update={"production": changed}), engine=engine or loaded.engine, typed_production=typed)


def _accepted(loaded: LoadedSpec) -> bool:
    check = pack_for(loaded.engine.id).check_production
    assert check is not None
    return not list(check(loaded.engine, loaded.spec.production.model_dump()))


@pytest.mark.parametrize(
    ("game", "sizes"),
    [
        ("integer-matrix", [{"square_mm": s, "frame_mm": f} for s in (15, 22, 25, 25.1, 25.2, 26, 40) for f in (5, 7, 20)]),
        ("momentum", [{"cell_mm": c, "coordinate_band_mm": b, "track_depth_mm": t, "edge_mm": e, "seat_strip_mm": 16}
                      for c in (15, 19, 22) for b in (3, 8) for t in (8, 16) for e in (0, 3)]),
    ],
)  # fmt: skip
def test_a_board_the_check_accepts_is_one_every_paper_holds(game: str, sizes: list[dict[str, float]]) -> None:
    """The pack's production check and its art agree: accepted boards pack on Letter, A4 and
    universal; refused ones would not."""
    from kitpress.packs import art_for as renderer

    loaded = load_spec(game)
    verdicts = set()
    for board in sizes:
        changed = _with_board(loaded, **board)
        art = renderer(game).board(changed)
        verdicts.add(_accepted(changed))
        assert _accepted(changed) == _packs_on_every_paper(art.trim_w, art.trim_h), board
    assert verdicts == {True, False}  # the sizes straddle the limit


def test_a_momentum_game_track_the_check_accepts_is_one_every_paper_holds() -> None:
    from kitpress.games.momentum_game.art import board

    loaded = load_spec("momentum-game")
    verdicts = set()
    for spaces in (4, 5, 6, 7, 8):
        track = loaded.engine.config.track.model_copy(update={"max": spaces - 1})
        engine = type(loaded.engine)(loaded.engine.config.model_copy(update={"track": track}))
        for width in (37.5, 40, 45, 50):  # narrower spaces crowd the streak panel: refused for that
            changed = _with_board(loaded, engine, space_width_mm=width)
            art = board(changed)
            verdicts.add(_accepted(changed))
            assert _accepted(changed) == _packs_on_every_paper(art.trim_w, art.trim_h), (spaces, width)
    assert verdicts == {True, False}


def test_the_largest_cards_a_spec_may_ask_for_fit_every_paper() -> None:
    inch = 72.0
    assert _packs_on_every_paper(7.25 * inch, 10 * inch)  # production.py CardInches
    assert _packs_on_every_paper(190 * PT_PER_MM, 250 * PT_PER_MM)  # card_size_mm, momentum referee_card_mm
    assert not _packs_on_every_paper(7.5 * inch, 10 * inch)  # the old limit did not fit A4


# --- what a YAML file can smuggle in ---------------------------------------------------------------


def test_aliases_cannot_expand_a_small_file_past_the_text_limit() -> None:
    """Refused while building, at the alias written in the file (not inside the anchor it names)."""
    text = 'a: &s ["' + "x" * 100_000 + '", "y"]\nb: [' + ", ".join(["*s"] * 30) + "]\n"
    with pytest.raises(InputError) as caught:
        load_text(text, "f.yaml")
    (line,) = caught.value.lines()
    assert line.startswith("f.yaml:2:") and f"more than {MAX_TEXT} characters" in line and "aliases" in line
    assert MAX_TEXT >= MAX_BYTES  # so a file without aliases is never refused for its text


@pytest.mark.parametrize(
    ("yaml_text", "code"),
    [
        (r'a: "\0"', "U+0000"), (r'a: "\x1b[2J"', "U+001B"), (r'a: "\a"', "U+0007"), (r'a: "\r"', "U+000D"),
        (r'a: "\x7f"', "U+007F"), (r'a: "\N"', "U+0085"), (r'a: "\ud800"', "U+D800"), (r'a: "\udfff"', "U+DFFF"),
        (r'a: "\uffff"', "U+FFFF"), (r'a: "\ufffe"', "U+FFFE"), (r'a: "\ufdd0"', "U+FDD0"), (r'a: "\U0010FFFF"', "U+10FFFF"),
        (r'a: [ok, "\x07"]', "U+0007"), (r'a: {b: "\x00"}', "U+0000"), (r'"\x07": 1', "U+0007"), (r"a: '\x07'", None),
    ],
)  # fmt: skip
def test_escaped_characters_that_cannot_be_printed_are_refused_at_their_line(yaml_text: str, code: str | None) -> None:
    text = "first: line\n" + yaml_text + "\n"
    if code is None:  # single quotes do not unescape: that is the text backslash-x-0-7
        assert load_text(text, "f.yaml").data["a"] == r"\x07"
        return
    with pytest.raises(InputError) as caught:
        load_text(text, "f.yaml")
    (line,) = caught.value.lines()
    assert line.startswith("f.yaml:2:") and code in line and "cannot be printed" in line, line


def test_tabs_newlines_and_printable_escapes_are_text() -> None:
    data = load_text('a: "x\\ty\\nz \\u00e9 \\U0001F600"\nb: |\n  one\n  two\n', "f.yaml").data
    assert data == {"a": "x\ty\nz é 😀", "b": "one\ntwo\n"}


def test_a_raw_lone_surrogate_handed_to_load_text_is_refused_cleanly() -> None:
    with pytest.raises(InputError, match=r"U\+D800"):
        load_text("a: \ud800\n", "f.yaml")


@pytest.mark.parametrize("value", ["momentum-game\n", "deck-18\n", "a\n", "\nabc"])
def test_an_id_is_matched_whole(value: str) -> None:
    """`$` matches before a final newline: an id is checked with fullmatch."""
    with pytest.raises(ValueError, match="is not a valid id"):
        check_id(value)


def test_on_and_off_stay_switches_where_the_engine_says_so() -> None:
    """momentum's round_limit start key is documented "on | off" (YAML reads them as true and false);
    every other start key of every pack refuses them."""
    assert load_spec("momentum").engine.start_flags() == {"round_limit"}
    for game in shipped_specs():
        engine = load_spec(game).engine
        assert engine.start_flags() <= {key for key, text in engine.start_keys.items() if text.startswith("on | off")}

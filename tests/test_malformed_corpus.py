"""The malformed-input corpus (tests/malformed/): every bad spec or examples file is answered by the CLI
with exit 2, no traceback, nothing on stdout, and `file:line[:col]: ` lines only, one of them at the
expected line holding every expected word (what is wrong and what was expected).

The index is tests/malformed/expected.yaml. An entry with `bug:` is a case kitpress gets wrong today; the
test still states the right behaviour and is marked xfail(strict=True) with that reason.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner, Result

from kitpress.cli import main

CORPUS = Path(__file__).resolve().parent / "malformed"
INDEX = CORPUS / "expected.yaml"
PROBLEM_LINE = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+)(:\d+)?: \S")


@dataclass(frozen=True)
class Case:
    file: str
    what: str
    args: tuple[str, ...]
    line: int | None  # None: the line is not checked (binary junk, bombs)
    words: tuple[str, ...]
    lines: int = 1  # how many problem lines the file deserves
    bug: str = ""
    extra: dict[str, object] = field(default_factory=dict)

    @property
    def path(self) -> Path:
        return CORPUS / self.file

    def argv(self, out: Path) -> list[str]:
        return [a.replace("{file}", str(self.path)).replace("{out}", str(out)) for a in self.args]

    def param(self) -> object:
        marks = [pytest.mark.xfail(strict=True, reason=self.bug)] if self.bug else []
        return pytest.param(self, id=self.file.removesuffix(".yaml"), marks=marks)


def load_index() -> list[Case]:
    raw = yaml.safe_load(INDEX.read_text(encoding="utf-8"))
    cases = []
    for entry in raw:
        known = {"file", "what", "args", "line", "words", "lines", "bug"}
        cases.append(
            Case(
                file=entry["file"],
                what=entry["what"],
                args=tuple(entry["args"]),
                line=entry["line"],
                words=tuple(entry["words"]),
                lines=entry.get("lines", 1),
                bug=entry.get("bug", ""),
                extra={k: v for k, v in entry.items() if k not in known},
            )
        )
    return cases


CASES = load_index()


def run(argv: list[str]) -> Result:
    # catch_exceptions=False: a crash surfaces as the exception itself, with its traceback.
    return CliRunner().invoke(main, argv, catch_exceptions=False)


def test_the_corpus_is_complete() -> None:
    """At least 40 cases, every file indexed once, every indexed file present, every entry well formed."""
    files = sorted(p.name for p in CORPUS.iterdir() if p.is_file() and p != INDEX)
    indexed = [c.file for c in CASES]
    assert len(CASES) >= 40
    assert sorted(indexed) == files, "every file in tests/malformed/ needs one entry in expected.yaml"
    for case in CASES:
        assert not case.extra, f"{case.file}: unknown keys {sorted(case.extra)}"
        assert "{file}" in case.args and case.args[0] in ("check", "build"), case.file
        assert case.words, f"{case.file}: name the words the message must hold"


def test_the_base_spec_is_valid() -> None:
    """The spec cases are edits of base/momentum-game.yaml, so it must pass on its own."""
    result = run(["check", str(CORPUS / "base" / "momentum-game.yaml")])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("case", [c.param() for c in CASES])
def test_malformed_input_is_refused_at_its_line(case: Case, tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = run(case.argv(out))
    assert result.exit_code == 2, f"exit {result.exit_code}\n{result.output}"
    assert "Traceback" not in result.output
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    for ln in lines:
        match = PROBLEM_LINE.match(ln)
        assert match, f"not a `file:line: message` line: {ln!r}"
        assert match["file"] == str(case.path), ln
    assert len(lines) == case.lines, f"expected {case.lines} problem line(s):\n{result.stderr}"
    prefix = f"{case.path}:" if case.line is None else f"{case.path}:{case.line}:"
    here = [ln for ln in lines if ln.startswith(prefix)]
    assert here, f"no line starts with {prefix}\n{result.stderr}"
    assert any(all(w in ln for w in case.words) for ln in here), (
        f"expected {case.words} on one line of:\n{result.stderr}"
    )
    assert not out.exists(), "a refused build must write nothing"

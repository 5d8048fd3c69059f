"""What `kitpress check` says, for a person and for CI: failures at the file:line:col of their step,
expected against actual; a closing summary; the same as JSON; and JUnit XML that CI systems display.

stdout holds the report (every example, every failure, the summary); stderr holds only the problems
that kept a spec or an examples file from being checked at all.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from typing import Any

from kitpress.check import Replay
from kitpress.spec.load import StepAt


@dataclass(frozen=True)
class CheckedSpec:
    """One game (or one variant of it) replayed: its examples and where each step is written."""

    game: str
    variant: str | None
    file: str
    replays: list[Replay]
    steps_at: dict[tuple[str, int, str], StepAt] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return self.game if self.variant is None else f"{self.game} --variant {self.variant}"

    def at(self, example: str, step: int, figure: str = "") -> StepAt:
        return self.steps_at.get((example, step, figure)) or self.steps_at.get((example, step, ""), StepAt(1, 0))

    def where(self, example: str, step: int, figure: str = "") -> str:
        """file:line:col of a step, or of the figure it expects, and the key path to edit there: where
        the designer makes the change."""
        at = self.at(example, step, figure)
        place = f"{self.file}:{at.line}:{at.column}" if at.column else f"{self.file}:{at.line}"
        return f"{place}: {at.path}" if at.path else place


@dataclass(frozen=True)
class Unreadable:
    """A spec or examples file that could not be checked, with its one-line problems."""

    name: str
    lines: list[str]


def failures(checked: CheckedSpec, replay: Replay) -> list[tuple[str, str]]:
    """(place, what failed) for each failure of one example: each figure's expected against actual,
    or the refusal or end of game that stopped it."""
    out: list[tuple[str, str]] = []
    if replay.error:  # a replay stops at the step after the last it replayed
        out.append((checked.where(replay.example.id, len(replay.steps) + 1), replay.error))
    for s in replay.steps:
        for f in s.figures:
            if not f.ok:
                out.append((checked.where(replay.example.id, s.number, f.name), f"step {s.number}: {f.name}: expected {f.expected!r}, got {f.actual!r}"))
    return out


def text_lines(checked: CheckedSpec) -> list[str]:
    """One line per example; a failure at the place of its step, then the engine's event trace."""
    lines: list[str] = []
    for r in checked.replays:
        mark = "ok  " if r.ok else "FAIL"
        lines.append(f"{mark} {checked.name} example {r.example.id}: {r.example.title} ({len(r.steps)} steps, {r.figure_count} figures)")
        if r.ok:
            continue
        lines += [f"{place}: FAIL {checked.name} example {r.example.id} {what}" for place, what in failures(checked, r)]
        lines.append("     event trace:")
        lines += [f"       step {s.number}: {e.text}" for s in r.steps for e in s.events]
    return lines


@dataclass(frozen=True)
class Totals:
    examples: int
    steps: int
    failed: int
    unreadable: int

    def line(self) -> str:
        files = f"{self.unreadable} file{'s' * (self.unreadable != 1)} could not be checked"
        if not self.examples:
            return f"nothing checked: {files}" if self.unreadable else "nothing checked: no examples"
        verdict = "all hold" if not self.failed else f"{self.failed} failed"
        text = f"{self.examples} example{'s' * (self.examples != 1)}, {self.steps} step{'s' * (self.steps != 1)}: {verdict}"
        return f"{text}; {files}" if self.unreadable else text


def totals(checked: list[CheckedSpec], unreadable: list[Unreadable]) -> Totals:
    replays = [r for c in checked for r in c.replays]
    return Totals(len(replays), sum(len(r.example.steps) for r in replays), sum(not r.ok for r in replays), len(unreadable))


def _plain(value: Any) -> Any:
    """A figure as JSON holds it (tuples as lists, anything else as its text)."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return str(value)


def json_report(checked: list[CheckedSpec], unreadable: list[Unreadable]) -> str:
    summary = totals(checked, unreadable)

    def step(c: CheckedSpec, r: Replay, s: Any) -> dict[str, Any]:
        at = c.at(r.example.id, s.number)
        return {
            "number": s.number, "line": at.line, "column": at.column, "path": at.path,
            "figures": [{"name": f.name, "expected": _plain(f.expected), "actual": _plain(f.actual), "ok": f.ok} for f in s.figures],
        }  # fmt: skip

    body = {
        "summary": {"examples": summary.examples, "steps": summary.steps, "failed": summary.failed, "unreadable": summary.unreadable, "text": summary.line()},
        "specs": [
            {
                "game": c.game, "variant": c.variant, "file": c.file,
                "examples": [
                    {"id": r.example.id, "title": r.example.title, "ok": r.ok, "error": r.error, "steps": [step(c, r, s) for s in r.steps],
                     "failures": [{"at": place, "message": what} for place, what in failures(c, r)]}
                    for r in c.replays
                ],
            }
            for c in checked
        ],
        "unreadable": [{"name": u.name, "problems": u.lines} for u in unreadable],
    }  # fmt: skip
    return json.dumps(body, indent=2, ensure_ascii=False) + "\n"


def junit_xml(checked: list[CheckedSpec], unreadable: list[Unreadable]) -> bytes:
    """JUnit XML: a test suite per game (and variant), a test case per example; a file that could not
    be checked is a suite with one error."""
    root = ET.Element("testsuites", name="kitpress check")
    for c in checked:
        bad = [r for r in c.replays if not r.ok]
        suite = ET.SubElement(root, "testsuite", name=c.name, tests=str(len(c.replays)), failures=str(len(bad)), errors="0", file=c.file)
        for r in c.replays:
            line = c.at(r.example.id, 1).line
            case = ET.SubElement(suite, "testcase", classname=c.name, name=f"example {r.example.id}: {r.example.title}", file=c.file, line=str(line))
            found = failures(c, r)
            if found:
                failure = ET.SubElement(case, "failure", message=f"{found[0][0]}: {found[0][1]}", type="ExampleFailed")
                failure.text = "\n".join(f"{place}: {what}" for place, what in found)
    for u in unreadable:
        suite = ET.SubElement(root, "testsuite", name=u.name, tests="1", failures="0", errors="1")
        case = ET.SubElement(suite, "testcase", classname=u.name, name="the file loads")
        error = ET.SubElement(case, "error", message=u.lines[0] if u.lines else "could not be checked", type="InputError")
        error.text = "\n".join(u.lines)
    summary = totals(checked, unreadable)
    root.set("tests", str(summary.examples + summary.unreadable))
    root.set("failures", str(summary.failed))
    root.set("errors", str(summary.unreadable))
    ET.indent(root)
    return ET.tostring(root, encoding="utf-8", xml_declaration=True) + b"\n"

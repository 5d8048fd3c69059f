"""A rule text refers to another section as {§key}; the books print the number that section has there
(tests/test_rule_books.py checks the printed words). Here: a reference to no section is refused at its
line, and outside the books (a card, the check report) a reference reads as the section's title."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from kitpress.cli import main
from kitpress.spec.load import load_spec

SPEC = Path(__file__).resolve().parents[1] / "specs" / "newtonian-rummy.yaml"
LINE = '    - "Resolve: follow the resolution order (section {§resolution_order})."'


def test_a_reference_to_no_section_is_refused_at_its_line(tmp_path: Path) -> None:
    text = SPEC.read_text(encoding="utf-8")
    assert text.count(LINE) == 1
    bad = tmp_path / "rummy.yaml"
    bad.write_text(text.replace(LINE, LINE.replace("resolution_order", "resolution_ordr")), encoding="utf-8")
    line = text.splitlines().index(LINE) + 1
    result = CliRunner().invoke(main, ["check", str(bad)])
    assert result.exit_code == 2, result.output
    assert f"{bad}:{line}:" in result.output
    assert "no section to refer to as {§resolution_ordr}" in result.output
    assert "resolution_order" in result.output  # the known keys, to pick the right one
    assert "Traceback" not in result.output


def test_outside_a_book_a_reference_reads_as_the_sections_title() -> None:
    loaded = load_spec(str(SPEC))
    assert loaded.text(LINE.strip(' -"')) == "Resolve: follow the resolution order (section “Resolution order”)."
    assert loaded.text("a tie (see {§ties} below)") == "a tie (see “Ties” below)"  # a subsection, by its id

"""The teacher's book's contents: two lists split by measured height, never a chapter's line alone at
the foot of the first column, the whole contents in print order."""

from __future__ import annotations

from kitpress.booklet.toc import LINE_EM, Row, lines, split

SIZE = 9.0
COLUMN = 250.0


def test_a_short_entry_takes_one_line_and_a_long_one_wraps() -> None:
    assert lines(Row("a", "Setup", False), COLUMN, SIZE) == 1
    long = Row("b", "Example G: The last-marble call, and the answer to it from the other players", False)
    assert lines(long, COLUMN, SIZE) == 2


def test_the_columns_keep_the_order_and_come_closest_in_height() -> None:
    rows = [Row(f"c{c}", f"Chapter {c}", True) for c in range(3)]
    rows = [r for c in rows for r in (c, *(Row(f"{c.anchor}-{i}", f"Entry {i}", False) for i in range(5)))]
    left, right = split(rows, COLUMN, SIZE)
    assert left + right == rows
    assert abs(len(left) - len(right)) <= 1  # rows of one line each: an even split


def test_a_chapter_line_never_ends_the_first_column() -> None:
    # the even split (three rows each) would leave "Two" alone at the foot of the first column
    rows = [
        Row("a", "One", True),
        Row("a1", "Entry", False),
        Row("b", "Two", True),
        Row("b1", "Entry", False),
        Row("b2", "Entry", False),
        Row("b3", "Entry", False),
    ]
    left, right = split(rows, COLUMN, SIZE)
    assert not left[-1].chapter and len(left) in (2, 4)
    assert left + right == rows


def test_the_last_word_is_kept_apart_for_its_leader() -> None:
    row = Row("x", "Special rules and edge cases", False)
    assert (row.head, row.last) == ("Special rules and edge", "cases")
    assert (Row("y", "Rulings", True).head, Row("y", "Rulings", True).last) == ("", "Rulings")
    assert LINE_EM > 1

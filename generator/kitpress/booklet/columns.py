"""A measurement WeasyPrint's column layout makes and our books never use, skipped.

Laying out a run of columns, WeasyPrint 70 measures after each column how tall the next box is, by laying
out all the rest of the run in one column of endless height (`layout/column.py`). That height only
serves balancing: growing the columns until their content is shared evenly. A run whose columns fill one
after the other (`column-fill: auto`, as the rule books set) and that no box crosses (`column-span: all`)
is never balanced, so every such measure is thrown away: for a run of n columns it lays the run out
about n/2 times over. Here that one call returns an empty box, and only while a run that cannot balance
is laid out; the pages come out the same, byte for byte (tests/test_rule_books.py compares them).

Applied only to the WeasyPrint versions it was checked against; any other is left as it is.
"""

from __future__ import annotations

from math import inf
from typing import Any

CHECKED = ("70",)  # WeasyPrint major versions whose layout/column.py makes the measure described above
_state = {"unbalanced": False}


def install() -> bool:
    """Skip the measure from now on in this process; False when this WeasyPrint is not one checked."""
    import weasyprint
    from weasyprint.layout import block

    if getattr(block, "_kitpress_columns", False):
        return True
    if weasyprint.__version__.split(".")[0] not in CHECKED:
        return False
    columns_layout, block_box_layout = block.columns_layout, block.block_box_layout

    def columns(context: Any, box: Any, *args: Any) -> Any:
        style = box.style
        balanced = style["column_fill"] == "balance" or any(child.style["column_span"] == "all" for child in box.children)
        outer = _state["unbalanced"]
        _state["unbalanced"] = not balanced
        try:
            return columns_layout(context, box, *args)
        finally:
            _state["unbalanced"] = outer

    def laid_out(context: Any, box: Any, bottom_space: float, skip_stack: Any, containing_block: Any, page_is_empty: bool, absolute_boxes: list[Any], fixed_boxes: list[Any], adjoining_margins: list[Any] | None, *rest: Any, **named: Any) -> Any:
        # The measure is the one call of a column box to an endless bottom; its result is only read for
        # its first child's height, and an empty box says "nothing to measure".
        if _state["unbalanced"] and bottom_space == inf and getattr(box, "is_column", False):
            return box.copy_with_children([]), None, None, [], False, None
        return block_box_layout(context, box, bottom_space, skip_stack, containing_block, page_is_empty, absolute_boxes, fixed_boxes, adjoining_margins, *rest, **named)

    block._kitpress_columns = (columns_layout, block_box_layout)
    block.columns_layout = columns  # block_box_layout calls the columns' layout by this name
    block.block_box_layout = laid_out  # column.py imports it from here on each call
    return True


def uninstall() -> None:
    """WeasyPrint as it came (for the test that compares the two)."""
    from weasyprint.layout import block

    kept = getattr(block, "_kitpress_columns", None)
    if kept:
        block.columns_layout, block.block_box_layout = kept
        block._kitpress_columns = None

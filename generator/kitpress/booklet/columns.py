"""Layout WeasyPrint's column code does and our books never use, skipped.

WeasyPrint 70 lays out a run of columns on a page (`layout/column.py`) in up to three ways:
1. a first pass over the columns, to find how tall they must be;
2. after each column of that pass, a measure of the next box, made by laying out all the rest of the
   run in one column of endless height;
3. the real pass, at the height found, which makes the page.
The first two only serve balancing: growing the columns until their content is shared evenly. A run
whose columns fill one after the other (`column-fill: auto`, as the rule books set), that no box crosses
(`column-span: all`), whose height is not set, on a document without footnotes, is never balanced: its
height is always all that is left of the page, whatever the first pass finds. So in such a run the calls
of passes 1 and 2 (the only calls on a column box with a fresh list of adjoining margins; the real pass
gives none) return an empty box that says "everything fits", and the real pass runs at the full height
as before. The pages come out the same, byte for byte (tests/test_book_papers.py compares a book set
both ways); a teacher's book's layout takes about a third less time.

Applied only to the WeasyPrint versions it was checked against; any other is left as it is.
"""

from __future__ import annotations

from typing import Any

CHECKED = ("70",)  # WeasyPrint major versions whose layout/column.py works as described above
_state = {"plain": False}  # inside a run of columns that cannot balance


def _plain(context: Any, box: Any) -> bool:
    style = box.style
    return (
        style["column_fill"] == "auto"
        and style["height"] == "auto"
        and not any(child.style["column_span"] == "all" for child in box.children)
        and not (context.footnotes or context.current_page_footnotes or context.reported_footnotes)
    )


def install() -> bool:
    """Skip passes 1 and 2 from now on in this process; False when this WeasyPrint is not one checked."""
    import weasyprint
    from weasyprint.layout import block

    if getattr(block, "_kitpress_columns", None):
        return True
    if weasyprint.__version__.split(".")[0] not in CHECKED:
        return False
    columns_layout, block_box_layout = block.columns_layout, block.block_box_layout

    def columns(context: Any, box: Any, *args: Any) -> Any:
        outer = _state["plain"]
        _state["plain"] = _plain(context, box)
        try:
            return columns_layout(context, box, *args)
        finally:
            _state["plain"] = outer

    def laid_out(context: Any, box: Any, bottom_space: float, skip_stack: Any, containing_block: Any, page_is_empty: bool, absolute_boxes: list[Any], fixed_boxes: list[Any], adjoining_margins: list[Any] | None, *rest: Any, **named: Any) -> Any:
        if _state["plain"] and adjoining_margins == [] and getattr(box, "is_column", False):
            return box.copy_with_children([]), None, None, [], False, None  # nothing left over: "it all fits"
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

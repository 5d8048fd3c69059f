"""The colour pairs a game's pack declares, and their contrast check: light to import (the colour maths
load only when a check runs), so a build whose checks come from the cache loads no numpy."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kitpress.lint.findings import ERROR, Finding

if TYPE_CHECKING:
    from kitpress.spec.load import LoadedSpec

Pair = tuple[str, str, str]  # meaning, colour A, colour B


def declared_pairs(loaded: LoadedSpec) -> list[Pair] | None:
    """The colour pairs the game's pack declares (`GamePack.colour_pairs`), if it declares any."""
    from kitpress.packs import pack_for

    hook = pack_for(loaded.spec.engine).colour_pairs
    return list(hook(loaded)) if hook is not None else None


def check_declared(game: str, pairs: list[Pair]) -> list[Finding]:
    """Each declared pair's contrast in grayscale and the two common colour-vision deficiencies."""
    from kitpress.lint import colour

    out: list[Finding] = []
    for meaning, a, b in pairs:
        ca, cb = colour.parse(a), colour.parse(b)
        if ca is None or cb is None:
            out.append(Finding(game, "colours", meaning, ERROR, f"cannot read the colour pair {a!r}, {b!r}", "contrast"))
            continue
        ok, numbers = colour.pair_report(ca, cb)
        if not ok:
            hint = colour.suggestion(ca, cb)
            out.append(Finding(game, "colours", meaning, ERROR, numbers + (f"; to fix, {hint}" if hint else ""), "contrast"))
    return out


def unique(findings: list[Finding]) -> list[Finding]:
    """The findings in order, each once."""
    return list(dict.fromkeys(findings))

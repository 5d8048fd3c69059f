"""Every variant of every bundled game can be built: its worked examples still hold (`build --variant`
refuses a kit whose booklet would print one that does not; a variant that changes an example's
numbers amends that example in its `set`) and its pieces pass the preflight."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from kitpress.cli import main
from kitpress.packs import shipped_specs
from kitpress.spec.load import load_spec

CASES = [(game, variant.id) for game in shipped_specs() for variant in load_spec(game).spec.variants]


@pytest.mark.parametrize(("game", "variant"), CASES, ids=[f"{g}:{v}" for g, v in CASES])
def test_every_variant_keeps_its_worked_examples(game: str, variant: str) -> None:
    result = CliRunner().invoke(main, ["check", game, "--variant", variant], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert "FAIL" not in result.output


@pytest.mark.parametrize(("game", "variant"), CASES, ids=[f"{g}:{v}" for g, v in CASES])
def test_every_variant_passes_the_preflight(game: str, variant: str) -> None:
    """A variant that changes sizes (a longer track, fewer StreakCount boxes) or card text (wild
    melds) must still lay out inside the safe zone, or `build --variant` would refuse its kit."""
    result = CliRunner().invoke(main, ["lint", game, "--variant", variant], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert " 0 error(s)" in result.output or "lint passed" in result.output, result.output

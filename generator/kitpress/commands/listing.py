"""`kitpress list [SPEC...]`: each bundled game, or each spec file or game named, with its variants (a
module named `list` would shadow the builtin)."""

from __future__ import annotations

import click

from kitpress.commands.common import complete_games, games_or_all
from kitpress.errors import EXIT_BAD_INPUT, EXIT_OK, KitpressError


@click.command("list")
@click.argument("specs", nargs=-1, shell_complete=complete_games)
@click.pass_context
def command(ctx: click.Context, specs: tuple[str, ...]) -> None:
    """Show each bundled game (or each SPEC file or game named) with its variants, and each installed game
    pack that is broken, with why."""
    from kitpress.spec.load import load_spec

    broken = False
    for game in games_or_all(specs):
        try:
            loaded = load_spec(game)
        except KitpressError as exc:  # one broken spec must not hide the others
            exc.show()
            broken = True
            continue
        named = f"  [{loaded.file}]" if specs else ""  # which file, when files were named
        click.echo(f"{loaded.id}  {loaded.spec.identity.title} (v{loaded.spec.identity.version}){named}")
        for var in loaded.spec.variants:
            click.echo(f"    --variant {var.id}: {var.name}")
    if not specs:
        from kitpress.packs import broken_packs

        for pack in broken_packs():  # installed, but skipped: shown with why (said on stderr too)
            # A pack KITPRESS_PACKS set aside is the user's choice, not a fault.
            click.echo(f"{pack.name}  {'BROKEN, skipped' if pack.said else 'set aside'} ({pack.distribution}): {pack.reason}")
            broken = broken or pack.said
    ctx.exit(EXIT_BAD_INPUT if broken else EXIT_OK)

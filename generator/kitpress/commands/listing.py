"""`kitpress list`: each bundled game with its variants (a module named `list` would shadow the builtin)."""

from __future__ import annotations

import click

from kitpress.errors import EXIT_BAD_INPUT, EXIT_OK, KitpressError
from kitpress.packs import shipped_specs


@click.command("list")
@click.pass_context
def command(ctx: click.Context) -> None:
    """Show each bundled game with its variants."""
    from kitpress.spec.load import load_spec

    broken = False
    for game in shipped_specs():
        try:
            loaded = load_spec(game)
        except KitpressError as exc:  # one broken spec must not hide the others
            exc.show()
            broken = True
            continue
        click.echo(f"{loaded.id}  {loaded.spec.identity.title} (v{loaded.spec.identity.version})")
        for var in loaded.spec.variants:
            click.echo(f"    --variant {var.id}: {var.name}")
    ctx.exit(EXIT_BAD_INPUT if broken else EXIT_OK)

"""`kitpress completion SHELL`: the shell completion script for the whole command."""

from __future__ import annotations

import click


@click.command("completion")
@click.argument("shell", type=click.Choice(["bash", "zsh", "fish"]))
@click.pass_context
def command(ctx: click.Context, shell: str) -> None:
    """Print the shell completion script: eval "$(kitpress completion bash)"."""
    from click.shell_completion import get_completion_class

    cls = get_completion_class(shell)
    assert cls is not None
    # The root of the context is the `kitpress` group: this module need not import the CLI above it.
    click.echo(cls(ctx.find_root().command, {}, "kitpress", "_KITPRESS_COMPLETE").source())

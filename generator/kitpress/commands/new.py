"""`kitpress new`: start a new game's spec from a commented copy of a bundled one."""

from __future__ import annotations

from pathlib import Path

import click

from kitpress.classkit import DEFAULT_ENGINE
from kitpress.cli import errors_to_exit_codes
from kitpress.errors import EXIT_OK


@click.command("new")
@click.argument("name")
@click.option("--engine", default=DEFAULT_ENGINE, show_default=True, help="The rules engine, a spec's `engine:` value; an unknown one lists the choices.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=Path("."), show_default=True, help="Folder for NAME.yaml.")
@errors_to_exit_codes
def command(name: str, engine: str, out_dir: Path) -> int:
    """Start a new game's spec from a commented copy of a bundled one.

    Writes OUT/NAME.yaml: the bundled spec for ENGINE with guidance comments, checked by loading it.
    NAME is the new game's id (lower-case letters, digits and '-')."""
    from kitpress.classkit.starter import new_spec

    path = new_spec(name, engine, out_dir)
    click.echo(f"wrote {path}; next: kitpress check {path}")
    return EXIT_OK

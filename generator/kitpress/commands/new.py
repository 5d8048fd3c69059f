"""`kitpress new`: start a new game's spec from a commented copy of a bundled one, or (`--engine-pack`) a
new game pack of its own: engine, art, spec and tests, as a distribution kitpress finds by its entry point."""

from __future__ import annotations

from pathlib import Path

import click
from click.core import ParameterSource

from kitpress.errors import EXIT_OK


@click.command("new")
@click.argument("name")
@click.option("--engine", default=None, help="The rules engine of an installed game pack, a spec's `engine:` value (`kitpress list` shows them).")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=Path("."), show_default=True, help="Folder for NAME.yaml.")
@click.option("--engine-pack", "pack_dir", type=click.Path(file_okay=False, path_type=Path), metavar="DIR", help="Instead, write a new game pack NAME with its own engine into DIR (new or empty): pyproject.toml, the package and its tests.")
@click.option("--designer", "designers", multiple=True, metavar="NAME", help="A designer's name, for identity.designers; repeat for several. Default: a TODO marker.")
@click.option("--date", metavar="YYYY-MM-DD", help="The date of this version, for identity.date. Default: a TODO marker.")
@click.option("--document-id", metavar="ID", help="The design document's id, for identity.document_id. Default: a TODO marker.")
@click.pass_context
def command(
    ctx: click.Context, name: str, engine: str | None, out_dir: Path, pack_dir: Path | None,
    designers: tuple[str, ...], date: str | None, document_id: str | None,
) -> int:  # fmt: skip
    """Start a new game's spec from a commented copy of a bundled one.

    Writes OUT/NAME.yaml: the bundled spec for ENGINE with guidance comments, checked by loading it.
    Nothing of that spec's identity is copied: the designers, date and document id are the options'
    or TODO markers, which `kitpress lint` reports until they are filled in.
    With --engine-pack DIR, writes a new game pack instead: its own rules engine, art, spec and tests,
    as a distribution to `pip install -e DIR`. NAME is the new game's id (lower-case letters, digits
    and '-')."""
    if pack_dir is not None:
        return _new_pack(ctx, name, pack_dir)
    from kitpress.authoring.starter import Identity, new_spec
    from kitpress.commands.common import check_target
    from kitpress.packs import engines

    if engine is None:  # no game is the default: kitpress names none of its packs
        raise click.UsageError(f"choose the rules with --engine ENGINE ({', '.join(engines())}), or write a new pack with --engine-pack DIR")
    check_target(out_dir, "--out", folder=True)
    path = new_spec(name, engine, out_dir, Identity.given(designers, date, document_id))
    click.echo(f"wrote {path}; next: kitpress check {path}")
    return EXIT_OK


def _new_pack(ctx: click.Context, name: str, pack_dir: Path) -> int:
    from kitpress.authoring.scaffold import new_pack
    from kitpress.commands.common import check_target

    for option, param in (("--engine", "engine"), ("--out", "out_dir"), ("--designer", "designers"), ("--date", "date"), ("--document-id", "document_id")):
        if ctx.get_parameter_source(param) is not ParameterSource.DEFAULT:  # it would be silently ignored
            raise click.UsageError(f"{option} is for a spec of an existing engine; --engine-pack DIR writes a whole pack into DIR")
    check_target(pack_dir, "--engine-pack", folder=True)
    files = new_pack(name, pack_dir)
    click.echo(f"wrote the game pack {name} in {pack_dir} ({len(files)} files); next:")
    click.echo(f"  pip install -e {pack_dir}    registers it: `kitpress list` shows {name}")
    click.echo(f"  kitpress check {name}    then build, lint and simulate it like any game")
    click.echo(f"  python -m pytest {pack_dir}    runs its own tests")
    return EXIT_OK

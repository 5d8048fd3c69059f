"""`kitpress schema`: the JSON Schema of the spec format, so editors complete and check spec files."""

from __future__ import annotations

from pathlib import Path

import click


@click.command("schema")
@click.option("--out", "out_file", type=click.Path(dir_okay=False, path_type=Path), help="Write the schema to FILE instead of standard output.")
def command(out_file: Path | None) -> None:
    """Write the JSON Schema of spec files, for editors.

    Every engine is covered; a spec's `engine` value chooses which part applies.
    For VS Code's YAML extension, put `# yaml-language-server: $schema=FILE` at the top of a spec.
    """
    from kitpress.atomic import write_bytes
    from kitpress.authoring.schema import schema_json
    from kitpress.commands.common import check_target

    if out_file is not None:
        check_target(out_file, "--out", folder=False)
    text = schema_json()
    if out_file is None:
        click.echo(text, nl=False)
    else:
        write_bytes(out_file, text.encode("utf-8"))
        click.echo(f"wrote {out_file}", err=True)

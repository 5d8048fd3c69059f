"""`kitpress doctor`: check the system prerequisites and say how to fix each one that is missing."""

from __future__ import annotations

import click

from kitpress.errors import EXIT_FAILED, EXIT_OK


@click.command("doctor")
@click.option("--previews", is_flag=True, help="Also check pdftoppm, which page previews and the tests use.")
@click.pass_context
def command(ctx: click.Context, previews: bool) -> None:
    """Check system prerequisites and say how to fix each.

    Pango (through WeasyPrint), the bundled fonts and templates, the preview renderer, pdftoppm with
    --previews, and Chromium (optional): one line each. Exit 1 if a required one fails."""
    from kitpress.doctor import passed, run_checks

    checks = run_checks(previews=previews)
    for check in checks:
        click.echo(check.line())
    ctx.exit(EXIT_OK if passed(checks) else EXIT_FAILED)

"""The print options `build` and `kit` share: the flip and back offset, from the command line or a saved
printer profile. Light: imported before a spec loads (build's up-to-date check)."""

from __future__ import annotations

from typing import Any

import click


def print_settings(ctx: click.Context, printer: str | None, duplex: str, back_offset: str | None) -> tuple[str, tuple[float, float], dict[str, Any] | None]:
    """The flip and back offset a build prints with, and the printer profile's record for the manifest:
    --printer NAME gives both from the saved profile; --duplex or --back-offset given as well must agree
    with it (a profile's offset was measured for its flip)."""
    from kitpress.errors import UsageError
    from kitpress.sheets.presets import parse_offset

    given = ctx.get_parameter_source("duplex") is not click.core.ParameterSource.DEFAULT
    if printer is None:
        try:
            return duplex, parse_offset(back_offset or "0,0"), None
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint="--back-offset") from None
    from kitpress import printer as profiles

    profile = profiles.load(printer)
    if back_offset is not None:
        raise UsageError(f"--printer {printer} already sets the back offset ({profile.back_offset_mm[0]:g},{profile.back_offset_mm[1]:g}); give one of --printer and --back-offset")
    if given and duplex != profile.duplex:
        raise UsageError(f"--printer {printer} was calibrated for --duplex {profile.duplex}, not {duplex}; run kitpress printer setup again for that flip")
    advice = profiles.scale_advice(profile.line_mm)
    if advice:
        click.echo(f"warning: printer {printer}: {advice}", err=True)
    return profile.duplex, profile.back_offset_mm, profile.record()

"""The environment variables kitpress reads whose value can be wrong, checked once before a command
runs, so a bad value is one line naming the variable (exit 2) and never a traceback deep in a renderer.

It imports nothing heavy: every command, `--version` included, passes through it."""

from __future__ import annotations

import os
import re

from kitpress.errors import EnvironmentFault

SOURCE_DATE_EPOCH = "SOURCE_DATE_EPOCH"
# The reproducible-builds convention: whole seconds since 1970, as ASCII digits. The last second of
# the year 9999 is the largest a PDF date (and Python's time functions) can hold.
LATEST_EPOCH = 253_402_300_799
_DIGITS = re.compile(r"[0-9]{1,12}")


def source_date_epoch() -> str | None:
    """SOURCE_DATE_EPOCH as set (None when unset or empty, as ReportLab reads it), refused unless it is
    a whole number of seconds a PDF date can hold."""
    value = os.environ.get(SOURCE_DATE_EPOCH)
    if not value:
        return None
    if not _DIGITS.fullmatch(value) or int(value) > LATEST_EPOCH:
        raise EnvironmentFault(f"{SOURCE_DATE_EPOCH}={_shown(value)}: must be a whole number of seconds since 1970 (0 to {LATEST_EPOCH}), or unset")
    return value


def check() -> None:
    """Every variable with a form to keep, before any work starts."""
    source_date_epoch()
    reportlab_settings()


def reportlab_settings() -> None:
    """ReportLab reads RL_* variables (RL_invariant, RL_defaultPageSize, ...) when it is first imported
    and fails there on a value it cannot convert: tried here, only when one is set (so a command that
    draws nothing still imports no ReportLab without them)."""
    names = sorted(name for name in os.environ if name.startswith("RL_"))
    if not names:
        return
    try:
        import reportlab.rl_config  # noqa: F401
    except Exception as exc:  # ValueError, AttributeError, ...: whatever its conversion raised
        said = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
        raise EnvironmentFault(f"{', '.join(names)}: ReportLab cannot read its settings from the environment ({said}); unset or correct them") from None


def _shown(value: str) -> str:
    """A value as one short line, whatever it holds (a newline, a control character, a megabyte)."""
    return repr(value[:40] + ("…" if len(value) > 40 else ""))

"""A progress bar on stderr for the commands that go through several games (lint, check): shown only on a
terminal (click keeps it silent when output is piped, so logs and tests read the report alone) and never
with --quiet."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import click


@contextmanager
def steps(total: int, label: str, quiet: bool) -> Iterator[Callable[[str], None]]:
    """A callback to call as each of `total` items starts, with its name."""
    if quiet or total < 2 or not sys.stderr.isatty():  # piped: click would still print each label
        yield lambda name: None
        return
    with click.progressbar(length=total, label=label, file=sys.stderr) as bar:
        started = False

        def step(name: str) -> None:
            nonlocal started
            if started:
                bar.update(1)
            started = True
            bar.label = f"{label} {name}"

        yield step
        if started:
            bar.update(1)

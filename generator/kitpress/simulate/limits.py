"""Bounds on what one simulate command may ask for, in a module light enough for the CLI to import at
start-up: ten million games a variant are hours of work already; more local processes than 64 only add
start-up time and memory, and more than the cores this process may run on only add memory (each worker
holds its own interpreter and game: 65 processes on 2 cores took 4.5 GB); a game still going after
100 000 turns is not going to end."""

import os

MAX_GAMES = 10_000_000
MAX_WORKERS = 64
MAX_TURNS = 100_000
MAX_AGENT_EFFORT = 10_000  # samples (greedy:N) or playouts (montecarlo:N) per decision


def usable_cores() -> int:
    """The cores this process may run on (its affinity where the system tells it, else every CPU)."""
    affinity = getattr(os, "sched_getaffinity", None)
    if affinity is not None:
        try:
            return max(1, len(affinity(0)))
        except OSError:
            pass
    return os.cpu_count() or 1

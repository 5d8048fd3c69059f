"""Bounds on what one simulate command may ask for, in a module light enough for the CLI to import at
start-up: ten million games a variant are hours of work already; more local processes than 64 only add
start-up time and memory; a game still going after 100 000 turns is not going to end."""

MAX_GAMES = 10_000_000
MAX_WORKERS = 64
MAX_TURNS = 100_000
MAX_AGENT_EFFORT = 10_000  # samples (greedy:N) or playouts (montecarlo:N) per decision

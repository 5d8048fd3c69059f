"""`python -m kitpress`: the `kitpress` command, for when pip put its script where the shell does not
look (a `pip install --user` on Windows or macOS, a virtual environment that is not activated)."""

from kitpress.cli import main

if __name__ == "__main__":  # a worker process started by `spawn` imports this module too
    main(prog_name="kitpress")

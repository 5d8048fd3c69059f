"""What several commands share: choosing the games, completing their names, and colour. It imports
nothing of the commands, so every command can import it."""

from __future__ import annotations

import os
from pathlib import Path

import click

from kitpress.packs import shipped_specs

SPEC_SUFFIXES = (".yaml", ".yml")


def complete_games(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    """Bundled game ids, and the spec files (and folders on the way to them) the word starts."""
    return [g for g in shipped_specs() if g.startswith(incomplete)] + spec_paths(incomplete)


def spec_paths(incomplete: str) -> list[str]:
    """Paths a spec file could be at: .yaml and .yml files and folders, those whose names start the word
    ("sp" → specs/, "specs/m" → specs/momentum.yaml, ...); hidden ones only when the word asks for them."""
    folder, stem = (Path(incomplete), "") if incomplete.endswith("/") or not incomplete else (Path(incomplete).parent, Path(incomplete).name)
    try:
        found = sorted(folder.iterdir()) if folder.is_dir() else []
    except OSError:
        return []
    out = []
    for path in found:
        if not path.name.startswith(stem) or (path.name.startswith(".") and not stem.startswith(".")):
            continue
        shown = path.name if folder == Path(".") and not incomplete.startswith("./") else f"{folder.as_posix().rstrip('/')}/{path.name}"
        if path.is_dir():
            out.append(shown + "/")
        elif path.suffix in SPEC_SUFFIXES:
            out.append(shown)
    return out


def _named_games(ctx: click.Context) -> list[str]:
    """The games already on the command line (GAME or GAMES), for completing what belongs to them."""
    found: list[str] = []
    for key in ("game", "games", "specs"):  # simulate's GAME; check, lint and build's GAMES; list's SPECS
        named = ctx.params.get(key)
        if isinstance(named, str):
            found.append(named)
        elif isinstance(named, tuple):  # not simulate's --games, a number
            found += [g for g in named if isinstance(g, str)]
    return found or _games_in_words()


def _games_in_words() -> list[str]:
    """The games among the words being completed: click leaves its context without them while an option
    still waits for its value (`check GAME --variant <TAB>`). Every click shell script passes them in
    COMP_WORDS."""
    from click.shell_completion import split_arg_string

    words = split_arg_string(os.environ.get("COMP_WORDS", ""))
    bundled = shipped_specs()
    return [w for w in words[2:] if w in bundled or (w.endswith(SPEC_SUFFIXES) and Path(w).is_file())]


def complete_variants(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    """The variant ids of the games named on the command line (every bundled game's when none is)."""
    from kitpress.errors import KitpressError
    from kitpress.spec.load import load_spec

    ids: list[str] = ["base"] if ctx.info_name == "simulate" else []
    for game in _named_games(ctx) or list(shipped_specs()):
        try:
            ids += [v.id for v in load_spec(game).spec.variants]
        except KitpressError:  # a spec that does not load yet has nothing to offer
            continue
    return [v for v in dict.fromkeys(ids) if v.startswith(incomplete)]


def complete_agents(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    """The agents for the game named (the pack's rules-aware player only where it has one)."""
    from kitpress.errors import KitpressError
    from kitpress.simulate.agents import agent_names
    from kitpress.spec.load import load_spec

    games = _named_games(ctx)
    try:
        engine = load_spec(games[0]).engine.id if games else None
    except KitpressError:
        engine = None
    names = agent_names(engine)
    names += [f"{name}:" for name in ("greedy", "montecarlo")]  # each takes a number after the colon
    return [name for name in names if name.startswith(incomplete)]


def games_or_all(games: tuple[str, ...]) -> list[str]:
    """The games given, or every bundled game when none is."""
    return list(games) if games else list(shipped_specs())


def colour_allowed() -> bool | None:
    """NO_COLOR (any value) turns colour off; otherwise click colours only a terminal."""
    return False if os.environ.get("NO_COLOR") else None


def coloured(line: str) -> str:
    """A report line with its "ok" or "FAIL" status in colour."""
    if line.startswith("ok  "):
        return click.style("ok  ", fg="green") + line[4:]
    if line.startswith("FAIL"):
        return click.style("FAIL", fg="red", bold=True) + line[4:]
    return line


def check_target(path: Path, option: str, *, folder: bool) -> None:
    """Refuse, before any work starts, a place an option names that cannot take what is written there:
    a folder option naming a file, a file option naming a folder, a pipe or a device, a path below a
    file or too long for the file system. One line naming the path; nothing is created here."""
    import stat

    from kitpress.errors import EnvironmentFault

    try:
        if path.exists():
            mode = path.stat().st_mode
            if folder and not stat.S_ISDIR(mode):
                raise EnvironmentFault(f"{path}: is a file; {option} needs a folder")
            if not folder and stat.S_ISDIR(mode):
                raise EnvironmentFault(f"{path}: is a folder; {option} needs a file name")
            if not folder and not stat.S_ISREG(mode):
                raise EnvironmentFault(f"{path}: is not a regular file (a pipe, a device or a socket); {option} needs a file name")
            return
        above = path.absolute().parent
        while not above.exists() and above != above.parent:
            above = above.parent
        if not above.is_dir():
            raise EnvironmentFault(f"{path}: {above} is a file, not a folder; {option} needs a path kitpress can create")
        _name_lengths(path.absolute(), above)
    except OSError as exc:
        from kitpress.outfolder import os_problem

        raise os_problem(exc, path) from None


def _name_lengths(path: Path, existing: Path) -> None:
    """A name longer than the file system takes is refused before the work, not when writing."""
    import errno

    try:
        most = os.pathconf(existing, "PC_NAME_MAX")
    except (OSError, ValueError):
        return
    for part in path.relative_to(existing).parts:
        if len(os.fsencode(part)) > most:
            raise OSError(errno.ENAMETOOLONG, os.strerror(errno.ENAMETOOLONG), str(path))

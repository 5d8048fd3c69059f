"""`kitpress new NAME --engine-pack DIR`: a new game pack as a distribution of its own, written from the
templates in `pack_template/`: DIR/pyproject.toml with the `kitpress.games` entry point, the package
(`rules` with a minimal engine and its worked-example hooks, typed `production` with its checks, `art`,
the spec with examples, a variant and a ruling), the pack's tests and a README.

The starting game is a counting race: installed as written, it checks, builds, lints, simulates and
passes its own tests (tests/test_pack_scaffold.py proves it), so a designer changes a working pack rather
than filling in a blank one.
"""

from __future__ import annotations

import errno
import keyword
import os
import re
import shutil
import tempfile
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from kitpress.errors import UsageError
from kitpress.packs import engines, shipped_specs
from kitpress.spec_model import check_id

# Template file → where it goes in DIR; {package} and {module} are the names of Names below.
TEMPLATES: dict[str, str] = {
    "pyproject.toml.tmpl": "pyproject.toml",
    "README.md.tmpl": "README.md",
    "__init__.py.tmpl": "{package}/__init__.py",
    "rules.py.tmpl": "{package}/rules.py",
    "production.py.tmpl": "{package}/production.py",
    "art.py.tmpl": "{package}/art.py",
    "spec.yaml.tmpl": "{package}/{game}.yaml",
    "test_pack.py.tmpl": "tests/test_{module}.py",
}
TOKEN = re.compile(r"__[A-Z][A-Z_]*__")  # a template's placeholders; lower-case dunders are Python's own
# Names the templates' modules define or import beside the engine class, which it must not shadow.
TAKEN = frozenset({
    "Any", "Art", "Board", "Config", "Engine", "Event", "ExampleError", "Faces", "Field", "GameArt", "GamePack",
    "LoadedSpec", "Mapping", "Outcome", "Path", "PrintJob", "State", "Step", "Strict",
})  # fmt: skip


@dataclass(frozen=True)
class Names:
    """Every name the new pack is known by, from its game id."""

    game: str  # the engine id, the spec's id and the entry point's name: my-game
    module: str  # my_game
    package: str  # kitpress_my_game
    distribution: str  # kitpress-my-game
    engine_class: str  # MyGame
    title: str  # My Game

    @classmethod
    def of(cls, game: str) -> Names:
        module = game.replace("-", "_")
        engine_class = "".join(part.capitalize() for part in game.split("-"))
        if not engine_class.isidentifier() or keyword.iskeyword(engine_class) or engine_class in TAKEN:
            engine_class = f"{engine_class}Game" if engine_class.isidentifier() else f"Game{engine_class}"
        return cls(game, module, f"kitpress_{module}", f"kitpress-{game}", engine_class, game.replace("-", " ").title())

    def tokens(self) -> dict[str, str]:
        return {
            "__GAME_ID__": self.game, "__PACKAGE__": self.package, "__DISTRIBUTION__": self.distribution,
            "__CLASS__": self.engine_class, "__TITLE__": self.title,
        }  # fmt: skip


def template_folder() -> resources.abc.Traversable:
    return resources.files("kitpress.authoring.pack_template")


def pack_files(names: Names) -> dict[str, str]:
    """Path in DIR → text, for every file of the new pack."""
    tokens = names.tokens()
    out: dict[str, str] = {}
    for template, target in TEMPLATES.items():
        text = (template_folder() / template).read_text("utf-8")
        text = TOKEN.sub(lambda m: tokens.get(m.group(0), m.group(0)), text)
        left = TOKEN.search(text)
        if left:  # a template names a placeholder this module does not fill: a kitpress bug, not the user's
            raise AssertionError(f"{template}: unknown placeholder {left.group(0)}")
        out[target.format(package=names.package, module=names.module, game=names.game)] = text
    return out


def _usable(game: str) -> Names:
    try:
        check_id(game)
    except ValueError as exc:
        raise UsageError(f"NAME: {exc}") from None
    if game in engines() or game in shipped_specs():
        raise UsageError(f"{game!r} is already a game pack's id (see `kitpress list`); choose another name")
    return Names.of(game)


def new_pack(game: str, folder: Path) -> list[Path]:
    """Write the pack for `game` into `folder` (which must not exist, or be empty); returns its files.
    The files are written beside it first and moved in whole, so a failure leaves no half pack."""
    names = _usable(game)
    if folder.is_symlink() or (folder.exists() and (not folder.is_dir() or any(folder.iterdir()))):
        raise UsageError(f"{folder} already exists and is not an empty folder; kitpress new never overwrites")
    files = pack_files(names)
    folder.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{folder.name}.", suffix=".new", dir=folder.parent))
    try:
        for rel, text in files.items():
            path = staging / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, "utf-8")
        staging.chmod(0o777 & ~_umask())  # mkdtemp makes it private; the pack is an ordinary folder
        if folder.exists():
            folder.rmdir()  # empty, as checked; a file appearing meanwhile makes this fail, not vanish
        try:
            os.rename(staging, folder)  # onto a folder another `new` filled meanwhile: refused, not merged
        except OSError as exc:
            if exc.errno not in (errno.ENOTEMPTY, errno.EEXIST):
                raise
            raise UsageError(f"{folder} already exists and is not an empty folder; kitpress new never overwrites") from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return [folder / rel for rel in files]


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask

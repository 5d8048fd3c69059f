"""The bundled game packs, one folder each (see kitpress.packs); each registers itself in pyproject.toml
under the `kitpress.games` entry points, like a pack from any other distribution."""

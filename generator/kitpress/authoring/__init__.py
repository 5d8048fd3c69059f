"""Writing a new game: `starter` writes a commented starting spec for an existing engine (`kitpress new
--engine`), `scaffold` writes a whole new game pack from `pack_template/` (`kitpress new --engine-pack`),
`schema` is the JSON Schema editors check a spec file against (`kitpress schema`). See
docs/adding-a-game.md.
"""

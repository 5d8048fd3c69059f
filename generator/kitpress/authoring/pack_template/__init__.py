"""The files `kitpress new NAME --engine-pack DIR` writes (authoring.scaffold), as templates: `*.tmpl`, with
placeholders such as __GAME_ID__ and __PACKAGE__ filled from NAME. They are not modules of kitpress."""

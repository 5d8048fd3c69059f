"""The classroom kit: from "28 students on Thursday" to everything to print, cut and bring.

`kit.make_kit` builds the chosen games and assembles one folder and one zip: the print files, a packing
list (PDF and text), a teacher guide and an offline preview gallery. The pieces are separate stages:
`tables` seats the class, `plan` turns manifests into print, cut and bring lists, `packing`, `guide`
and `gallery` write them, `archive` zips the folder.
"""

# Light constants the commands need when the CLI starts, before any heavy module is imported.
KIT_FOLDER = "classroom-kit"
DEFAULT_CLASS_SIZE = 28
MAX_CLASS_SIZE = 500

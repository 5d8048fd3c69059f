"""The CLI's commands, one module each; each module defines a click `command`, which kitpress.cli
registers. Commands parse options and call one library function; what several share is in `common`.
Nothing here imports kitpress.cli: the layers go one way, from the group down to the library."""

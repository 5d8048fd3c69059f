"""CLI commands beyond the core ones, one module each; each module defines a click `command` and is
listed in kitpress.cli.COMMAND_MODULES. Commands parse options and call one library function."""

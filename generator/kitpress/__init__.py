"""kitpress: classroom game design documents to print-ready kits with checked rules."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("kitpress")
except PackageNotFoundError:  # running from a source tree without an install
    __version__ = "0.0.0+source"

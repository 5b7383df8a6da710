"""cvtex: one YAML profile, paired English and Chinese CVs typeset by XeLaTeX."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("cvtex")
except PackageNotFoundError:  # running from a checkout that was never installed
    __version__ = "0.0.0"

"""cvtex: one YAML profile, paired English and Chinese CVs typeset by XeLaTeX."""

# The one place the version is written: pyproject.toml reads it from here (hatch), and
# reading it here costs nothing, where importlib.metadata costs 30 ms on every start.
__version__ = "0.1.0"

"""The `cvtex` command: a few lines per command over the library."""

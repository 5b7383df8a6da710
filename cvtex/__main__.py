"""``python -m cvtex``: the ``cvtex`` command, where its executable is not on PATH (a
Python installed from the Microsoft Store, a venv not activated)."""

from .cli.launch import run

run()

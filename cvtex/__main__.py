"""``python -m cvtex``: the ``cvtex`` command, where its executable is not on PATH (a
Python installed from the Microsoft Store, a venv not activated)."""

from .cli.launch import run

if __name__ == "__main__":  # imported (the layers test imports every module): nothing runs
    run()

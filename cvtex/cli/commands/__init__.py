"""The commands, a module for each command or group of them; cli/main.py adds them to
the ``cvtex`` group. Each imports what it needs from the library when it runs, so that
`cvtex build` starts XeLaTeX before pydantic and Jinja load."""

"""Errors a user can act on, each with the exit code the CLI returns for it."""

from __future__ import annotations

from enum import IntEnum


class ExitCode(IntEnum):
    OK = 0
    USER_ERROR = 1  # the profile, a catalog or a command-line value is wrong
    USAGE = 2  # click's own code for a malformed command line
    TOOLCHAIN_MISSING = 3  # xelatex, a TeX package or a font is not installed
    ENGINE_FAILED = 4  # XeLaTeX ran and failed, or timed out
    INTERNAL = 70  # a bug in cvtex itself


class CvtexError(Exception):
    """An error with a message written for the person running cvtex, never a traceback."""

    exit_code = ExitCode.USER_ERROR

    def __init__(self, message: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint

    def __str__(self) -> str:
        return self.message if not self.hint else f"{self.message}\n  hint: {self.hint}"


class InputError(CvtexError):
    """Bad user input: a profile, catalog or option."""


class CheckError(CvtexError):
    """A PDF did not read back as the CV says (cvtex check): exit 1, as for bad input,
    since the fix is in the profile or the theme."""


class ToolchainError(CvtexError):
    exit_code = ExitCode.TOOLCHAIN_MISSING


class EngineError(CvtexError):
    exit_code = ExitCode.ENGINE_FAILED

    def __init__(self, message: str, hint: str | None = None, tex_line: int | None = None) -> None:
        super().__init__(message, hint)
        self.tex_line = tex_line  # the line of the generated .tex that the error points at

"""Functions of the system's C library that Python's ``os`` module lacks, on Linux alone
(``prctl`` for an engine that dies with cvtex, ``renameat2`` for a swap of two names):
looked up once, with their C signature; None where the system or its C library has none,
and the caller does without."""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from typing import Any


@functools.cache
def linux_function(name: str, argtypes: tuple[Any, ...], restype: Any) -> Callable[..., int] | None:
    """The C library's ``name`` (errno kept for ``ctypes.get_errno``), or None."""
    if not sys.platform.startswith("linux"):
        return None
    import ctypes  # only where it is asked for: most commands never are

    try:
        function = getattr(ctypes.CDLL(None, use_errno=True), name)
    except (OSError, AttributeError):  # no C library, or one older than the function
        return None
    function.argtypes = list(argtypes)
    function.restype = restype
    return function

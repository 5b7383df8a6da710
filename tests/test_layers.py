"""The house's shape: the layers contract holds, and no two modules import each other, even
through others or inside a function (imports made for type annotations alone aside)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parent.parent


def test_layers_contract_holds():
    run = subprocess.run(
        [Path(sys.executable).with_name("lint-imports"), "--no-cache"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stdout[-3000:]


def import_loops(graph: grimp.ImportGraph) -> list[list[str]]:
    """Every set of modules that reach each other through imports (Tarjan's components)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    loops: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for imported in graph.find_modules_directly_imported_by(module):
            if imported not in index:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in on_stack:
                low[module] = min(low[module], index[imported])
        if low[module] == index[module]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == module:
                    break
            if len(component) > 1:
                loops.append(sorted(component))

    for module in sorted(graph.modules):
        if module not in index:
            visit(module)
    return loops


def test_no_loop_between_modules():
    graph = grimp.build_graph("cvtex", exclude_type_checking_imports=True, cache_dir=None)
    assert import_loops(graph) == []


def test_a_loop_is_found():
    graph = grimp.ImportGraph()
    for module in ("pkg", "pkg.a", "pkg.b", "pkg.c"):
        graph.add_module(module)
    graph.add_import(importer="pkg.a", imported="pkg.b")
    graph.add_import(importer="pkg.b", imported="pkg.c")
    graph.add_import(importer="pkg.c", imported="pkg.a")
    assert import_loops(graph) == [["pkg.a", "pkg.b", "pkg.c"]]


def test_every_module_imports():
    """A module moved between layers leaves no import behind that names its old place
    (only an import inside a function would otherwise wait for its first call)."""
    import importlib
    import pkgutil

    import cvtex

    for module in pkgutil.walk_packages(cvtex.__path__, "cvtex."):
        importlib.import_module(module.name)

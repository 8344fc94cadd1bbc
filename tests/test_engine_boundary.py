"""The engine has one front door: every module outside ``spider/engine`` (the rest of the package,
the tests, the benchmarks, the scripts) imports it as ``spider.engine`` only, never one of its
submodules, so ``spider.engine.__all__`` is the whole public API (docs/DEVELOPING.md)."""

from __future__ import annotations

import ast
from pathlib import Path

import spider.engine

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "spider" / "engine"
SOURCES = ("spider", "tests", "bench", "scripts")


def _python_files() -> list[Path]:
    """Every Python module outside the engine, and the scripts that are Python by their first line."""
    files: list[Path] = []
    for top in SOURCES:
        for path in sorted((ROOT / top).rglob("*")):
            if ENGINE in path.parents or "node_modules" in path.parts or not path.is_file():
                continue
            if path.suffix == ".py" or (
                not path.suffix and path.read_bytes()[:40].startswith(b"#!/usr/bin/env python")
            ):
                files.append(path)
    return files


def _engine_imports_outside_all(source: str, package: list[str]) -> list[tuple[int, str]]:
    """(line, name) of every engine name that ``source``, a module of the dotted ``package`` (as
    parts, for its relative imports), imports other than through ``spider.engine.__all__``: a
    submodule (``spider.engine.game``, ``..engine.cards``) or a name the package does not export."""
    found = []
    for node in ast.walk(ast.parse(source)):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:
                module = ".".join(package[: len(package) - node.level + 1] + ([module] if module else []))
            names = [module] + [f"{module}.{alias.name}" for alias in node.names if module == "spider.engine"]
        for name in names:
            if name.startswith("spider.engine.") and name.removeprefix("spider.engine.") not in spider.engine.__all__:
                found.append((node.lineno, name))
    return found


def test_nothing_outside_the_engine_imports_its_submodules() -> None:
    assert ROOT / "scripts" / "winnable" in _python_files()  # a script without .py is walked too
    found = [
        f"{path.relative_to(ROOT)}:{line}: {name}"
        for path in _python_files()
        for line, name in _engine_imports_outside_all(path.read_text(), list(path.relative_to(ROOT).parent.parts))
    ]
    assert not found, "import these from spider.engine (add them to its __all__ if public):\n" + "\n".join(found)


def test_the_walk_sees_relative_and_absolute_imports() -> None:
    """The check itself: both spellings of a submodule import are caught, the package's are not."""
    routes = ["spider", "web", "routes"]
    cases = {
        "from ...engine.game import Position\n": True,
        "from ..engine import cards\n": False,  # spider.web.engine: not the engine
        "from ...engine import cards\n": True,  # a submodule through the package: not in __all__
        "from spider.engine.codes import DEAL_LIMIT\n": True,
        "import spider.engine.cards\n": True,
        "from ...engine import Game\n": False,
        "from spider.engine import Game, DEAL_LIMIT\n": False,
        "import spider.engine\n": False,
        "from ..solver import solve\n": False,
    }
    for source, caught in cases.items():
        assert bool(_engine_imports_outside_all(source, routes)) == caught, source


def test_everything_in_all_is_there() -> None:
    missing = [name for name in spider.engine.__all__ if not hasattr(spider.engine, name)]
    assert not missing

"""The package's layers import downwards only: the web app uses the play layer (the game's rules) and
the job system, which use the solver, the store and the engine; nothing below the web app imports it,
nothing below the play layer imports that, and a solver worker loads no web code."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from tests.patience import GENEROUS

ROOT = Path(__file__).resolve().parent.parent
SPIDER = ROOT / "spider"
# each layer, and the layers above it that it must never import
FORBIDDEN = {
    "play": ("spider.web",),
    "jobs": ("spider.web", "spider.play"),
    "daily": ("spider.web", "spider.jobs", "spider.play"),
    "engine": ("spider.web", "spider.jobs", "spider.solver", "spider.store", "spider.daily", "spider.play"),
    "solver": ("spider.web", "spider.jobs", "spider.daily", "spider.play"),
    "store": ("spider.web", "spider.jobs", "spider.daily", "spider.play"),
}


def imported_modules(path: Path) -> set[str]:
    """Every module ``path`` imports, relative imports resolved to their absolute names."""
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join([*base, node.module] if node.module else base)
            else:
                module = node.module or ""
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)  # `from . import web`
    return found


def test_a_relative_import_resolves_to_its_absolute_module() -> None:
    modules = imported_modules(SPIDER / "jobs" / "players.py")
    assert "spider.engine" in modules and "spider.jobs.protocol" in modules


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_no_layer_imports_one_above_it(layer: str) -> None:
    for path in sorted((SPIDER / layer).rglob("*.py")):
        for module in imported_modules(path):
            above = [f for f in FORBIDDEN[layer] if module == f or module.startswith(f + ".")]
            assert not above, f"{path.relative_to(ROOT)} imports {module}"


@pytest.mark.quick_command
def test_a_solver_worker_loads_no_web_code() -> None:
    """What ``spider worker`` and a local solver process import: the tasks and the Redis worker."""
    check = (
        "import sys, spider.jobs.tasks, spider.jobs.redis_worker, spider.jobs.host\n"
        "loaded = [m for m in sys.modules if m.split('.')[0] in ('fastapi', 'starlette', 'uvicorn')"
        " or m.startswith('spider.web')]\n"
        "assert not loaded, loaded\n"
    )
    ran = subprocess.run([sys.executable, "-c", check], cwd=ROOT, capture_output=True, text=True, timeout=GENEROUS)
    assert ran.returncode == 0, ran.stderr


def test_the_store_reads_no_clock() -> None:
    """Every moment the store writes is its caller's (``spider.clock``): no call of a clock in it."""
    clocks = {("time", "time"), ("time", "time_ns"), ("datetime", "now"), ("datetime", "utcnow"), ("clock", "now")}
    for path in sorted((SPIDER / "store").rglob("*.py")):
        if path.name == "postgresql_schema.py":
            continue  # when a schema step was applied: the migration's own bookkeeping, no game's moment
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                owner = node.func.value
                name = owner.id if isinstance(owner, ast.Name) else getattr(owner, "attr", "")
                assert (name, node.func.attr) not in clocks, f"{path.relative_to(ROOT)}:{node.lineno} reads a clock"


def test_routes_reach_the_rules_through_the_play_layer() -> None:
    """A route parses HTTP and calls the play layer (or the daily deals): it imports no store, solver
    or job module of its own."""
    below = ("spider.store", "spider.solver", "spider.jobs")
    for path in sorted((SPIDER / "web" / "routes").glob("*.py")):
        for module in imported_modules(path):
            found = [b for b in below if module == b or module.startswith(b + ".")]
            assert not found, f"{path.relative_to(ROOT)} imports {module}"

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
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1]) if path.is_relative_to(ROOT) else ""
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


# What a route may import: the standard library, the HTTP libraries, the play layer and the web package
HTTP_LIBRARIES = ("fastapi", "starlette", "pydantic")
ROUTES_MAY_IMPORT = ("spider.play", "spider.web")
# What the app's context holds below its use cases, for the player's identity: a route never reaches it
BELOW_THE_USE_CASES = ("store", "games", "player_jobs", "rates")
# Which player a request is (the cookie's token, a new player's allowance) is settled before any
# route, by identity.py and the player middleware: they read the store and the rates themselves.
IDENTITY = {"spider/web/identity.py": {"store", "rates"}}


def route_imports_beyond(path: Path) -> set[str]:
    """The modules ``path`` imports that a route may not: beyond the standard library, the HTTP
    libraries, the play layer and the web package."""
    beyond = set()
    for module in imported_modules(path):
        top = module.split(".")[0]
        if top in HTTP_LIBRARIES or (top in sys.stdlib_module_names and top != "spider"):
            continue
        if not any(module == p or module.startswith(p + ".") for p in ROUTES_MAY_IMPORT):
            beyond.add(module)
    return beyond


def test_routes_import_only_the_play_layer_the_web_package_and_http_libraries() -> None:
    """No engine, store, job, solver, daily or i18n module, and no other library: a route's rules and
    words are its use case's."""
    for path in sorted((SPIDER / "web" / "routes").glob("*.py")):
        beyond = route_imports_beyond(path)
        assert not beyond, f"{path.relative_to(ROOT)} imports {sorted(beyond)}"


def reached_through_the_context(path: Path) -> set[str]:
    """The attributes of ``BELOW_THE_USE_CASES`` that ``path`` reads off the app's context: ``ctx.X``,
    ``context.X`` or ``….context.X``."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Attribute) and node.attr in BELOW_THE_USE_CASES:
            owner = node.value
            name = owner.id if isinstance(owner, ast.Name) else getattr(owner, "attr", "")
            if name in ("ctx", "context"):
                found.add(node.attr)
    return found


def test_nothing_below_the_use_cases_is_reached_through_the_context() -> None:
    """No web module reads the store, the games, the solver's jobs or the rates off the app's context
    (``ctx.store``…): what the routes need of them, the use cases do."""
    for path in sorted((SPIDER / "web").rglob("*.py")):
        found = reached_through_the_context(path) - IDENTITY.get(str(path.relative_to(ROOT)), set())
        assert not found, f"{path.relative_to(ROOT)} reaches {sorted(found)} through the context"


# What the web package may take from the engine: messages, errors and translations, and the choices
# a body's refusal names (http/errors.py). Its game, views, moves, deals and catalog are the play
# layer's business; texts.py alone also checks a request's texts by the engine's notations.
ENGINE_WORDS = {"N_", "SpiderError", "IllegalAction", "Translations", "profile", "variant"}
ENGINE_NOTATIONS = {"DEAL", "RANKS", "REDO", "SUITS", "UNDO", "all_variants", "format_code"}
ENGINE_NOTATIONS |= {"parse_action", "parse_card", "parse_code"}


def taken_from_the_engine(path: Path) -> set[str]:
    """The names (or engine modules) ``path`` imports from the engine."""
    return {m.split(".", 2)[2] for m in imported_modules(path) if m.startswith("spider.engine.")}


def test_the_web_package_applies_no_rule_of_the_game() -> None:
    for path in sorted((SPIDER / "web").rglob("*.py")):
        allowed = ENGINE_WORDS | (ENGINE_NOTATIONS if path.name == "texts.py" else set())
        taken = taken_from_the_engine(path) - allowed
        assert not taken, f"{path.relative_to(ROOT)} takes {sorted(taken)} from the engine"


def test_the_checks_see_what_they_forbid(tmp_path: Path) -> None:
    """Each check finds its kind of breach in a module written to break it."""
    sample = tmp_path / "sample.py"
    sample.write_text(
        "import json\nfrom fastapi import APIRouter\nfrom spider.play import Playing\n"
        "from spider.engine import Game, N_\nfrom spider.store import Store\nimport httpx\n"
        "ctx.store.x()\nrequest.app.state.context.rates.take()\nself.games.get()\nctx.playing.act()\n",
        encoding="utf-8",
    )
    assert route_imports_beyond(sample) == {
        "spider.engine",
        "spider.engine.Game",
        "spider.engine.N_",
        "spider.store",
        "spider.store.Store",
        "httpx",
    }
    assert reached_through_the_context(sample) == {"store", "rates"}
    assert taken_from_the_engine(sample) - ENGINE_WORDS == {"Game"}

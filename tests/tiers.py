"""Which tests start processes, read from the sources of tests/ (tests/test_tiers.py checks that each
carries the marker of its tier).

A test starts processes when its body, a fixture it asks for (its own, its conftest.py's, autouse
ones) or a helper of tests/ it calls does: a process beside the test (``subprocess.Popen``,
multiprocessing, a process pool, ``os.fork``), a server (uvicorn, a socket server), a browser
(Playwright), or a command run to its end (``subprocess.run`` and the like) that is
``spider serve``, ``spider worker``, nginx or Node (the front end's bundler: the fast tier runs
without Node). Such a test is ``process`` (``browser`` where Playwright is in it). Any other command
run to its end is a process too, but a short one: its test carries a tier marker or
``quick_command``.

What it cannot see: processes the code under test starts (an app's solver workers, started as a
request asks for a solve; ``spider study``'s): those tests say their tier themselves."""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

# what a test's code starts, by the dotted name it calls (a name, or any name under it)
BROWSERS = ("playwright.sync_api.sync_playwright", "playwright.async_api.async_playwright")
PROCESSES = (
    "subprocess.Popen",
    "asyncio.create_subprocess_exec",
    "asyncio.create_subprocess_shell",
    "os.fork",
    "os.forkpty",
    "os.posix_spawn",
    "os.posix_spawnp",
    "os.system",
    "os.popen",
    "multiprocessing.Process",
    "multiprocessing.Pool",
    "multiprocessing.Manager",
    "multiprocessing.get_context",
    "multiprocessing.pool",
    "concurrent.futures.ProcessPoolExecutor",
    "uvicorn",
    "socketserver",
    "http.server",
    "socket.create_server",
)
COMMANDS = ("subprocess.run", "subprocess.call", "subprocess.check_call", "subprocess.check_output")
# a command with one of these words is a server, a worker or Node (the fast tier runs without it),
# not a short command
SERVING_WORDS = {"serve", "worker", "node", "npm", "npx"}
SERVING_PROGRAMS = ("nginx", "redis-server", "uvicorn", "chromium", ".mjs")

# what each kind of start asks of the test: one of these markers
KINDS = ("quick", "process", "browser")  # weakest first
ACCEPTED = {
    "quick": {"quick_command", "process", "browser", "slow"},
    "process": {"process", "browser"},
    "browser": {"browser"},
}


def _stronger(a: str | None, b: str | None) -> str | None:
    if a is None or b is None:
        return a or b
    return max(a, b, key=KINDS.index)


def _matches(dotted: str, names: Iterable[str]) -> bool:
    return any(dotted == name or dotted.startswith(name + ".") for name in names)


def _dotted(node: ast.expr) -> list[str] | None:
    """``a.b.c`` as ["a", "b", "c"]; None for anything else."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        return [node.id, *reversed(parts)]
    return None


def _serving(call: ast.Call) -> bool:
    """A command that starts a server, a worker or Node: one of its words says so."""
    words = [n.value for n in ast.walk(call) if isinstance(n, ast.Constant) and isinstance(n.value, str)]
    return any(word in SERVING_WORDS or word.endswith(SERVING_PROGRAMS) for word in words)


@dataclass
class Unit:
    """A function or class of a module: what it starts itself, and the names it uses."""

    name: str
    node: ast.AST
    kind: str | None = None
    why: str = ""
    uses: set[str] = field(default_factory=set)  # imported names it refers to, dotted through the imports
    refs: set[str] = field(default_factory=set)  # names of its own module it refers to
    fixture: bool = False
    autouse: bool = False
    params: list[str] = field(default_factory=list)  # the fixtures it asks for


@dataclass
class Module:
    path: str  # relative to the root, as "tests/web/test_x.py"
    tree: ast.Module
    imports: dict[str, str] = field(default_factory=dict)  # local name -> dotted name
    units: dict[str, Unit] = field(default_factory=dict)
    markers: set[str] = field(default_factory=set)  # the module's pytestmark

    @property
    def names(self) -> list[str]:
        """The names the module is imported by: its dotted path, and its bare name when its
        folder is no package (pytest puts the folder on the path: ``from procwatch import``)."""
        dotted = self.path.removesuffix(".py").replace("/", ".")
        return [dotted, dotted.rsplit(".", 1)[-1]]


def _marks(decorators: Iterable[ast.expr]) -> set[str]:
    """The ``pytest.mark.X`` names among decorators (or the items of a ``pytestmark``)."""
    found = set()
    for node in decorators:
        for sub in ast.walk(node):
            parts = _dotted(sub) if isinstance(sub, ast.Attribute) else None
            if parts and len(parts) == 3 and parts[:2] == ["pytest", "mark"]:
                found.add(parts[2])
    return found


def _imported_by_call(node: ast.expr) -> str:
    """The module of ``pytest.importorskip("a.b")`` or ``importlib.import_module("a.b")``, else ""."""
    if not (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)):
        return ""
    parts = _dotted(node.func)
    named = parts is not None and parts[-1] in ("importorskip", "import_module")
    return node.args[0].value if named and isinstance(node.args[0].value, str) else ""


def _is_fixture(node: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[bool, bool]:
    for decorator in node.decorator_list:
        target = decorator.func if isinstance(decorator, ast.Call) else decorator
        parts = _dotted(target)
        if parts and parts[-1] == "fixture":
            autouse = isinstance(decorator, ast.Call) and any(
                k.arg == "autouse" and isinstance(k.value, ast.Constant) and k.value.value is True
                for k in decorator.keywords
            )
            return True, autouse
    return False, False


def parse(path: str, source: str) -> Module:
    tree = ast.parse(source, filename=path)
    module = Module(path, tree)
    package = path.removesuffix(".py").replace("/", ".").rsplit(".", 1)[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:  # import a.b as c: c is a.b
                    module.imports[alias.asname] = alias.name
                else:  # import a.b: the name a is a
                    module.imports[alias.name.split(".")[0]] = alias.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(
                    package.split(".")[: len(package.split(".")) - node.level + 1] + ([base] if base else [])
                )
            for alias in node.names:
                module.imports[alias.asname or alias.name] = f"{base}.{alias.name}"
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets):
            module.markers = _marks([node.value])
        if isinstance(node, ast.Assign) and _imported_by_call(node.value) and isinstance(node.targets[0], ast.Name):
            module.imports[node.targets[0].id] = _imported_by_call(node.value)  # x = pytest.importorskip("a.b")
    for node in tree.body:  # once every import is known
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            module.units[node.name] = _unit(module, node)
    # statements outside any function run as the module is collected: they count for every test
    rest = ast.Module(
        body=[n for n in tree.body if not isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))],
        type_ignores=[],
    )
    module.units["<module>"] = _unit(module, rest, "<module>")
    return module


def _unit(module: Module, node: ast.AST, name: str | None = None) -> Unit:
    unit = Unit(name or getattr(node, "name", "<module>"), node)
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        unit.fixture, unit.autouse = _is_fixture(node)
        if unit.fixture or node.name.startswith("test"):  # a helper's arguments are no fixtures
            unit.params = [a.arg for a in node.args.args + node.args.kwonlyargs]
    arguments = {a.arg for sub in ast.walk(node) if isinstance(sub, ast.arguments) for a in sub.args + sub.kwonlyargs}
    for sub in ast.walk(node):
        if isinstance(sub, (ast.Name, ast.Attribute)):
            parts = _dotted(sub)
            if parts is None or parts[0] in arguments:
                continue
            if parts[0] in module.imports:
                unit.uses.add(".".join([module.imports[parts[0]], *parts[1:]]))
            else:
                unit.refs.add(parts[0])
        if isinstance(sub, ast.Call) and (parts := _dotted(sub.func)):
            dotted = ".".join([module.imports.get(parts[0], parts[0]), *parts[1:]])
            if _matches(dotted, COMMANDS):
                kind = "process" if _serving(sub) else "quick"
                if _stronger(unit.kind, kind) != unit.kind:
                    unit.kind, unit.why = kind, f"{dotted} at line {sub.lineno}"
    for dotted in sorted(unit.uses):
        for names, kind in ((BROWSERS, "browser"), (PROCESSES, "process")):
            if _matches(dotted, names) and _stronger(unit.kind, kind) != unit.kind:
                unit.kind, unit.why = kind, dotted
    return unit


@dataclass
class Finding:
    test: str  # path::name
    kind: str
    why: str
    markers: set[str]

    def __str__(self) -> str:
        wanted = " or ".join(sorted(ACCEPTED[self.kind] - {"slow"}))
        what = {"quick": "a command", "process": "processes", "browser": "a browser"}[self.kind]
        return f"{self.test}: starts {what} ({self.why}), so it needs pytest.mark.{wanted}"


class Suite:
    """The modules of tests/ (test files, their helpers and conftest.py files), by path."""

    def __init__(self, sources: dict[str, str]) -> None:
        self.modules = {path: parse(path, source) for path, source in sources.items()}
        self.by_name = {name: m for m in self.modules.values() for name in m.names}
        self._settle()

    @classmethod
    def of(cls, root: Path) -> Suite:
        return cls(
            {
                p.relative_to(root).as_posix(): p.read_text(encoding="utf-8")
                for p in sorted((root / "tests").rglob("*.py"))
            }
        )

    def _imported(self, dotted: str) -> Unit | None:
        """The unit of tests/ a dotted name refers to (``tests.web.procwatch.kill_tree``), if any."""
        module, _, name = dotted.rpartition(".")
        found = self.by_name.get(module)
        return found.units.get(name) if found else None

    def _conftests(self, path: str) -> list[Module]:
        """The conftest.py files whose fixtures a test file sees, nearest first."""
        parts = path.split("/")[:-1]
        found = []
        for depth in range(len(parts), 0, -1):
            conftest = self.modules.get("/".join([*parts[:depth], "conftest.py"]))
            if conftest is not None:
                found.append(conftest)
        return found

    def fixture(self, module: Module, name: str) -> Unit | None:
        unit = module.units.get(name)
        if unit is not None and unit.fixture:
            return unit
        if name in module.imports and (imported := self._imported(module.imports[name])) and imported.fixture:
            return imported
        for conftest in self._conftests(module.path):
            unit = conftest.units.get(name)
            if unit is not None and unit.fixture:
                return unit
        return None

    def _settle(self) -> None:
        """Spread what each unit starts to the units that use it (helpers, fixtures), until nothing changes."""
        changed = True
        while changed:
            changed = False
            for module in self.modules.values():
                for unit in module.units.values():
                    for source, why in self._sources(module, unit):
                        if _stronger(unit.kind, source.kind) != unit.kind:
                            unit.kind, unit.why = source.kind, f"{why} -> {source.why}"
                            changed = True

    def _sources(self, module: Module, unit: Unit) -> Iterator[tuple[Unit, str]]:
        for name in unit.refs:
            local = module.units.get(name)
            if local is not None and local is not unit:
                yield local, name
        for dotted in unit.uses:
            if (imported := self._imported(dotted)) is not None:
                yield imported, dotted
        for name in unit.params:
            fixture = self.fixture(module, name)
            if fixture is not None and fixture is not unit:
                yield fixture, f"fixture {name}"

    def tests(self) -> Iterator[tuple[Module, str, ast.FunctionDef | ast.AsyncFunctionDef, set[str]]]:
        """Each test function of the test files, with the markers it carries."""
        for module in self.modules.values():
            if not module.path.rpartition("/")[2].startswith("test_"):
                continue
            for node in module.tree.body:
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
                    yield module, node.name, node, module.markers | _marks(node.decorator_list)
                elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
                    for item in node.body:
                        if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) and item.name.startswith("test"):
                            marks = module.markers | _marks(node.decorator_list) | _marks(item.decorator_list)
                            yield module, f"{node.name}::{item.name}", item, marks

    def kind_of(self, module: Module, node: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[str | None, str]:
        """What a test starts (its strongest kind), and through what."""
        own = _unit(module, node)
        kind, why = own.kind, own.why
        candidates = list(self._sources(module, own))
        candidates.append((module.units["<module>"], "the module"))
        autouse = [u for m in [module, *self._conftests(module.path)] for u in m.units.values() if u.autouse]
        candidates += [(u, f"autouse fixture {u.name}") for u in autouse]
        for source, via in candidates:
            if _stronger(kind, source.kind) != kind:
                kind, why = source.kind, f"{via} -> {source.why}" if source.why else via
        return kind, why

    def findings(self) -> list[Finding]:
        """The tests that start processes without the marker their tier asks for."""
        found = []
        for module, name, node, markers in self.tests():
            kind, why = self.kind_of(module, node)
            if kind is not None and not markers & ACCEPTED[kind]:
                found.append(Finding(f"{module.path}::{name}", kind, why, markers))
        return found

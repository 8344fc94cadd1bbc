"""pyproject.toml declares what the package imports, keeps the tools out of the app's install, and
the test client runs without a deprecation warning."""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

import pytest

from tests.patience import GENEROUS

pytestmark = pytest.mark.process

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def _names(requirements: list[str]) -> set[str]:
    return {re.split(r"[\s\[<>=!~;]", r, maxsplit=1)[0].lower() for r in requirements}


def _imported_top_level_modules() -> set[str]:
    modules: set[str] = set()
    for path in (ROOT / "spider").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                modules.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                modules.add(node.module.split(".")[0])
    return modules - set(sys.stdlib_module_names) - {"spider", "__future__"}


def test_every_third_party_import_is_declared() -> None:
    declared = _names(PROJECT["dependencies"])
    distributions = packages_distributions()
    for module in sorted(_imported_top_level_modules()):
        names = {d.lower() for d in distributions.get(module, [module])}
        assert names & declared, f"spider imports {module} but pyproject.toml does not declare {names}"


def test_pydantic_2_and_starlette_are_declared_with_their_bounds() -> None:
    deps = {r.split(">=")[0]: r for r in PROJECT["dependencies"]}
    assert deps["pydantic"].startswith("pydantic>=2.")
    assert deps["starlette"] and deps["fastapi"]


def test_the_tools_are_in_the_dev_extra_not_the_app() -> None:
    extras = PROJECT["optional-dependencies"]
    assert {"ruff", "mypy"} <= _names(extras["dev"])
    assert not {"ruff", "mypy"} & (_names(PROJECT["dependencies"]) | _names(extras["test"]))


WARNINGS_OF_THE_TEST_CLIENT = """
import warnings
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    from fastapi import FastAPI
    from fastapi.testclient import TestClient
    TestClient(FastAPI()).get("/")
for w in caught:
    print(w.category.__name__, w.message)
"""


def test_the_test_client_gives_no_httpx_warning() -> None:
    # Starlette warns when its test client has only httpx (1.2 and later want httpx2), and older
    # Starlette passed httpx the deprecated ``app=`` shortcut
    run = subprocess.run(
        [sys.executable, "-c", WARNINGS_OF_THE_TEST_CLIENT],
        capture_output=True,
        text=True,
        env=os.environ | {"PYTHONPATH": str(ROOT)},
        timeout=GENEROUS,
    )
    assert run.returncode == 0, run.stderr
    assert "httpx" not in run.stdout.lower(), run.stdout

"""Which build of the solver's hot path a test run has: ``scripts/test`` runs the engine and solver
tests twice, on the editable sources and on a wheel built with SPIDER_COMPILE=1, and says which
it expects through SPIDER_EXPECT_COMPILED. A build that silently fell back to Python, or an
editable tree that picked up compiled modules, fails here."""

from __future__ import annotations

import ast
import importlib
import os
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

SETUP = Path(__file__).resolve().parents[2] / "setup.py"


def compiled_modules() -> list[str]:
    """The module names setup.py's COMPILED list names (read, not imported: it calls setup())."""
    for node in ast.parse(SETUP.read_text()).body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "COMPILED" for t in node.targets):
            paths = ast.literal_eval(node.value)
            return [p.removesuffix(".py").replace("/", ".") for p in paths]
    raise AssertionError("setup.py has no COMPILED list")


@pytest.mark.parametrize("name", compiled_modules())
def test_the_hot_path_is_compiled_exactly_when_expected(name):
    module = importlib.import_module(name)
    expected = os.environ.get("SPIDER_EXPECT_COMPILED") == "1"
    assert module.__file__ is not None
    assert module.__file__.endswith(".so") == expected, module.__file__

"""The package's build. Everything is in pyproject.toml except this: with SPIDER_COMPILE=1 a
(non-editable) build compiles the solver's hot path with mypyc. The compiled modules are the
same Python source, so there is one set of rules; where no C compiler or mypy is at hand the
build carries on without them and the pure-Python modules run instead (tests/solver/test_compiled.py
checks which of the two a test run has)."""

from __future__ import annotations

import os
import sys
import warnings
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

# The modules the solver spends its time in (engine moves and undo, costs, move ordering, search,
# the dead-end test), the strong player's look-ahead, which plays on them by the thousand, and the
# game's checked play, which every replay of a record runs action by action.
COMPILED = [
    "spider/engine/cards.py",
    "spider/engine/position.py",
    "spider/engine/game.py",
    "spider/solver/heuristics.py",
    "spider/solver/ordering.py",
    "spider/solver/beam.py",
    "spider/solver/search.py",
    "spider/solver/reductions.py",
    "spider/solver/strong.py",
]


class OptionalBuildExt(build_ext):
    """Builds the compiled modules if it can; on any failure, removes what it built (a half-built
    set would not import) and leaves the pure-Python package."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as err:  # a missing compiler or header shows up as several error types
            for ext in self.extensions:
                Path(self.get_ext_fullpath(ext.name)).unlink(missing_ok=True)
            warnings.warn(f"spider: the compiled solver was not built ({err}); pure Python it is", stacklevel=1)


def compiled_modules() -> list:
    editable = any(arg.startswith(("editable", "develop")) for arg in sys.argv)
    if os.environ.get("SPIDER_COMPILE") != "1" or editable:  # an editable tree must run its sources
        return []
    if any(arg in ("egg_info", "dist_info") for arg in sys.argv):  # pip asking for the metadata alone
        return []  # (mypycify type-checks the solver on every call: only the build needs it)
    try:
        from mypyc.build import mypycify

        return mypycify(COMPILED, opt_level="3")
    except (ImportError, SystemExit) as err:  # no mypy, or mypyc refused a module (it exits)
        warnings.warn(f"spider: the compiled solver was not built ({err}); pure Python it is", stacklevel=1)
        return []


setup(ext_modules=compiled_modules(), cmdclass={"build_ext": OptionalBuildExt})

"""The production bundle for the tests that serve it (the browser tests run it, as players get it):
built again (frontend/build.mjs) when a source under spider/web/static changed since it was made.
./scripts/test installs the bundler; one test process builds at a time."""

from __future__ import annotations

import fcntl
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FRONTEND = ROOT / "frontend"


def bundle_built() -> None:
    """Make sure spider/web/static/dist is the bundle of the sources as they are (RuntimeError, saying
    how, when it cannot be built here)."""
    from spider.web.frontend import load_frontend

    if load_frontend().bundled:
        return
    node = shutil.which("node")
    if node is None or not (FRONTEND / "node_modules" / "rollup").is_dir():
        raise RuntimeError("the front end's bundler is not installed: ./scripts/test installs it (build_frontend)")
    with open(FRONTEND / "node_modules" / ".build-lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # xdist's processes: one builds, the others find it built
        if not load_frontend().bundled:
            subprocess.run([node, str(FRONTEND / "build.mjs")], check=True, cwd=ROOT, capture_output=True)

"""``spider worker`` as a real process for the tests: started on a Redis URL and a queue prefix of the
test's own, its output kept in a file, stopped (or killed, with its job processes) at the end."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.patience import GENEROUS
from tests.web.procwatch import kill_tree

ROOT = Path(__file__).resolve().parents[2]


class WorkerProcess:
    def __init__(self, url: str, prefix: str, output: Path, *options: str, env: dict[str, str] | None = None) -> None:
        self.output = output
        with output.open("ab") as out:  # stdout and stderr both: every line it writes
            self.process = subprocess.Popen(
                [sys.executable, "-m", "spider.cli", "worker", "--redis", url, "--prefix", prefix, *options],
                cwd=ROOT,
                env=os.environ | {"PYTHONPATH": str(ROOT)} | (env or {}),
                stdout=out,
                stderr=subprocess.STDOUT,
            )

    @property
    def pid(self) -> int:
        return self.process.pid

    def lines(self) -> list[str]:
        """Every whole line it has written so far."""
        return self.output.read_text(encoding="utf-8").split("\n")[:-1]

    def entries(self) -> list[dict[str, Any]]:
        """Its JSON log lines (raises on a line that is not JSON)."""
        return [json.loads(line) for line in self.lines()]

    def stop(self, timeout: float = GENEROUS) -> int:
        """SIGTERM, and its exit status."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        return self.process.wait(timeout)

    def kill(self) -> None:
        """SIGKILL for it and every process below it."""
        kill_tree(self.process.pid)
        self.process.wait()

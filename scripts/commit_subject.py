"""The commit-msg hook (.pre-commit-config.yaml): a commit's subject is at most 72 characters and
is followed by a blank line, so figures and reasons go in the body where `git log` keeps them."""

from __future__ import annotations

import sys
from pathlib import Path

LIMIT = 72


def problems(message: str) -> list[str]:
    """What is wrong with a commit message (comment lines, as git strips them, left out)."""
    lines = [line for line in message.splitlines() if not line.startswith("#")]
    if not lines or not lines[0].strip():
        return ["the subject (first line) is empty"]
    found = []
    if len(lines[0]) > LIMIT:
        found.append(f"the subject is {len(lines[0])} characters; at most {LIMIT} (put details in the body)")
    if len(lines) > 1 and lines[1].strip():
        found.append("leave a blank line between the subject and the body")
    return found


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: commit_subject.py COMMIT_MSG_FILE", file=sys.stderr)
        return 2
    found = problems(Path(argv[0]).read_text(encoding="utf-8"))
    for problem in found:
        print(f"commit message: {problem}", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

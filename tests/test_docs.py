"""The README and docs/ hold what a user needs: links that resolve inside the repository, and
example records that the engine accepts."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from spider.engine import Game

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_links_stay_in_the_repository_and_resolve(doc: Path) -> None:
    for target in re.findall(r"\]\(([^)#\s]+)", doc.read_text()):
        if re.match(r"[a-z]+://", target):
            continue
        path = (doc.parent / target).resolve()
        assert path.is_relative_to(ROOT), f"{doc.name} links outside the repository: {target}"
        assert path.exists(), f"{doc.name} links to a missing file: {target}"


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_example_records_are_legal(doc: Path) -> None:
    text = re.sub(r"\s*\n\s*", " ", doc.read_text())  # examples may wrap
    examples = [m for m in re.findall(r'\{"game": [^{}]*"actions": [^{}]*\}', text) if "..." not in m]
    for example in examples:
        game = Game.from_record(json.loads(example))  # raises on an illegal action
        assert len(game.actions) == len(json.loads(example)["actions"])


def test_the_readme_shows_a_record() -> None:
    text = re.sub(r"\s*\n\s*", " ", (ROOT / "README.md").read_text())
    assert re.search(r'\{"game": [^{}]*"actions": [^{}]*\}', text)

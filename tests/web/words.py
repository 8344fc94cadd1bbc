"""The words a JSON body says, for tests that a face-down card is never named.

A card is named as a word of its own ("2H"); looking for it as a substring would also find it
inside a random game id or token ("…Z2HU"), which names nothing."""

from __future__ import annotations

import json
import re
from typing import Any


def words(body: Any) -> set[str]:
    return set(re.findall(r"[0-9A-Za-z]+", json.dumps(body)))

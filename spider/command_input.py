"""What the ``spider`` commands read from the user: a record file or standard input, bounded.

A user mistake here is a ``CliError``: one line on stderr and exit status 2, never a traceback."""

from __future__ import annotations

import sys
from typing import BinaryIO

# A game record is a few kilobytes (a long game with times is well under one MiB); the bound keeps
# ``spider replay /dev/zero`` from reading until memory runs out.
MAX_RECORD_BYTES = 16 * 2**20


class CliError(Exception):
    """A user mistake: printed as one line, exit status 2."""


def _read_bounded(stream: BinaryIO, name: str) -> bytes:
    data = stream.read(MAX_RECORD_BYTES + 1)
    if len(data) > MAX_RECORD_BYTES:
        raise CliError(f"{name} is larger than {MAX_RECORD_BYTES // 2**20} MiB: not a game record")
    return data


def read_record(source: str) -> bytes:
    """The raw bytes of a record file, or of standard input for ``-``. ``Game.from_record`` decodes
    them, so that a file that is not UTF-8 is reported as a bad record, not a UnicodeDecodeError."""
    if source == "-":
        return _read_bounded(sys.stdin.buffer, "standard input")
    try:
        with open(source, "rb") as f:
            return _read_bounded(f, source)
    except OSError as e:
        raise CliError(f"cannot read {source}: {e.strerror or e}") from None

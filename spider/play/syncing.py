"""Batches of a practice game's actions, played on the page and sent together (docs/API.md, Syncing
a practice game): what one holds, how its clock is read, and how the server knows a batch it has
stored already (its answer was lost on the way back)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ..engine import N_, REDO, Game, SpiderError, format_action, parse_action
from ..store import GameRow

MAX_ACTIONS = 500  # actions in one batch


@dataclass(frozen=True)
class Start:
    """The deal of a game the page started: its code and scoring profile, and its grade when the
    server proved the deal winnable (a valid proof, ``winnable.DealProofs``), else None."""

    code: str
    profile: str
    grade: str | None = None
    proven: bool = False


@dataclass(frozen=True)
class Batch:
    """Actions played on the page after the ``version`` the server had acknowledged, each with the
    game's clock (seconds of play) when it was played; ``start`` for a game the server may not have."""

    version: int
    actions: tuple[str, ...]
    times: tuple[float, ...]
    start: Start | None = None

    @classmethod
    def of(cls, version: int, actions: Sequence[str], times: Sequence[float], start: Start | None) -> Batch:
        """A batch with its actions as the log keeps them (so a retry compares equal whatever case or
        zeros the page wrote); SpiderError for a redo (the page sends what it replayed), for a count
        of times not one an action, and for a clock that is not finite, not 0 or more, or goes back."""
        if len(actions) > MAX_ACTIONS:
            raise SpiderError("bad_batch", N_("A batch has 1 to {limit} actions"), limit=MAX_ACTIONS)
        if not actions and (start is None or version != 0):
            # a game dealt on the page is created at the next sync even before its first action
            raise SpiderError("bad_batch", N_("A batch with no action is only the start of a new game"))
        if len(times) != len(actions):
            raise SpiderError("bad_batch", N_("A batch has one time for each action"))
        kept = tuple(_as_kept(action) for action in actions)
        previous = 0.0
        for index, elapsed in enumerate(times):
            if not (elapsed >= previous and elapsed < float("inf")):  # NaN fails both
                raise SpiderError("bad_time", N_("The game's clock goes back at action {index}"), index=index)
            previous = elapsed
        return cls(version, kept, tuple(float(t) for t in times), start)


def _as_kept(text: str) -> str:
    action = parse_action(text)
    if action is REDO:
        raise SpiderError("bad_batch", N_("A batch sends the action a redo played again, never 'redo'"))
    return format_action(action)  # a move without a count stays so ("3>7"), as the engine keeps it


def retried(logged: Sequence[str], version: int, batch: Batch) -> bool:
    """Whether the game's log (``logged``, ``version`` actions) ends with this very batch, played from
    its version: the batch was stored and its answer lost, so it is answered again, not played twice."""
    n = len(batch.actions)
    return version == batch.version + n and tuple(logged[version - n : version]) == batch.actions


def timed(floor: float, times: Sequence[float]) -> Iterator[float]:
    """The clock of each action: the page's, never below what the server has (``floor``)."""
    for elapsed in times:
        yield max(floor, elapsed)


@dataclass
class Retried(Exception):
    """The batch is in the log already: ``row`` and ``game`` are the game with it."""

    row: GameRow
    game: Game


@dataclass
class BatchRefused(Exception):
    """A batch played nowhere: ``error`` refused its action ``index`` (the game as it was before the
    batch: ``row``, ``game``), or, with no error, the game is a daily deal's (played one action at a
    time on the server's clock)."""

    row: GameRow
    game: Game
    error: SpiderError | None
    index: int = 0

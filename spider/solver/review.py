"""Game review: where a game was lost, and a line that would have won it (docs/FORMATS.md, Game
review; docs/COMMAND-LINE.md, Solving).

The player's *line* is the record's actions as they stand after its undos and redos: an undo takes
the action before it off the line, a redo puts it back. ``P0`` is the deal and ``Pk`` the position
after the line's first ``k`` actions; action ``k`` (0-based) leads from ``Pk`` to ``Pk+1``.

Along one line a won position stays won backwards and a lost one stays lost forwards, so the
turning point (the first action after which no win exists, or none was found) is found by a
binary search over ``P0..Pn``, each probe a bounded ``solve``. Facts that follow from the probes:

* a probe that wins at ``Pi`` shows every ``Pj``, ``j <= i``, won; and every ``Pi+j`` up to
  where the player's line leaves the winning line;
* a probe that proves ``Pi`` lost shows every ``Pj``, ``j >= i``, lost;
* an "unknown" probe shows nothing: the search treats it as "no win found" and the result says so.

``review(record, ...)`` returns a JSON-able dict, the one ``spider review --json`` prints; a job
passes ``progress`` and ``cancelled`` to report and stop between probes.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from spider.engine import REDO, UNDO, Game, Position, RawAction, SpiderError, format_action, parse_action

from .search import solve

Progress = Callable[[int, int, dict[str, Any]], None]  # (probes done, probes expected, the review so far)
Cancelled = Callable[[], bool]


class ReviewCancelled(Exception):
    """``cancelled()`` answered True between two probes: the review stopped, nothing is returned."""


# ----- the engine, in one place ---------------------------------------------------------------


def player_line(record: object) -> tuple[Game, list[str]]:
    """The deal of ``record`` (a dict or JSON text) and the player's line: its actions after undos
    and redos, in explicit notation (``F>T:N``, ``deal``). Raises ``SpiderError`` for a malformed
    record and ``ReplayError`` for an action the rules refuse, as ``Game.from_record`` does."""
    played = Game.from_record(record)  # checks every action, undo and redo included
    start = Game.from_record(record, replay=False)
    standing: list[str] = []
    for text in played.actions:  # a redo is kept as the action it played again
        if text == UNDO:
            standing.pop()
        else:
            standing.append(text)
    g = start.search_copy()
    line = []
    for text in standing:
        line.append(_play(g, text))
    return start, line


def checked(g: Position, text: str) -> RawAction:
    """One action of a line as position ``g`` would play it, or ``IllegalAction``. Lines are built
    with their undos and redos taken out, so none holds one."""
    parsed = parse_action(text)
    assert parsed is not UNDO and parsed is not REDO, "a line of play holds no undo or redo"
    action = g.check(parsed)
    assert action is not UNDO
    return action


def _play(g: Position, text: str) -> str:
    """Play one action of a line (checked); return it in explicit notation."""
    action = checked(g, text)
    g.play(action)
    return format_action(action)


def position(start: Game, line: list[str], k: int) -> Position:
    """A search copy of the position after the first ``k`` actions of ``line``."""
    g = start.search_copy()
    for text in line[:k]:
        _play(g, text)
    return g


def wins_from(start: Game, line: list[str], k: int, actions: list[str]) -> bool:
    """Whether ``actions`` played from position ``k`` of ``line`` win (checked by the rules)."""
    g = position(start, line, k)
    try:
        for text in actions:
            _play(g, text)
    except SpiderError:
        return False
    return g.won


# ----- the search -----------------------------------------------------------------------------

TIME_LIMIT = 20.0  # seconds a whole review may take at most, by default
MEMORY_LIMIT_MB = 1024.0  # each probe's, the solver's own bound
# Each kind of probe's share of ``time_limit`` (2 s, 0.5 s and 3 s of the default 20 s), and its
# positions as a multiple of ``node_limit``. The deal's first probe is the first answer a player
# sees; a probe that narrows the turning point is short, since most of them fall where no win
# exists and a found win mostly comes quickly; one second look past the turning point found
# catches a win the short probe missed (docs/SOLVER-NOTES.md, Game review).
DEAL_SHARE, DEAL_NODES = 0.1, 2
PROBE_SHARE, PROBE_NODES = 0.025, 1
RECHECK_SHARE, RECHECK_NODES = 0.15, 4


@dataclass
class Budget:
    """What a review may spend: ``time_limit`` seconds at most, each probe its share of it (the
    deal's ``DEAL_SHARE``, a narrowing probe's ``PROBE_SHARE``, a second look's ``RECHECK_SHARE``);
    ``node_limit`` positions for a narrowing probe, if set (reproducible, unlike time), the deal's
    and a second look's ``DEAL_NODES`` and ``RECHECK_NODES`` times as many."""

    time_limit: float = TIME_LIMIT
    node_limit: int | None = None
    memory_limit_mb: float = MEMORY_LIMIT_MB

    def nodes(self, times: int) -> int | None:
        return None if self.node_limit is None else self.node_limit * times


@dataclass
class _Search:
    start: Game
    line: list[str]
    budget: Budget
    progress: Progress | None
    cancelled: Cancelled | None
    began: float = field(default_factory=time.perf_counter)
    won_at: int = -1  # the last position shown won
    won_line: list[str] = field(default_factory=list)  # a winning line from it
    lost_at: int | None = None  # the first position proved lost
    not_won: int | None = None  # the first position probed after ``won_at`` without a win found
    probes: list[dict[str, Any]] = field(default_factory=list)
    first_line: list[str] | None = None  # the winning line found from the deal, if any
    rechecked: bool = False  # whether the one second look past the turning point was taken
    won_game: bool = False

    @property
    def n(self) -> int:
        return len(self.line)

    def expected(self) -> int:
        """Probes done, plus the ends not probed yet, plus the steps a binary search between what
        is known still needs (shortcuts along a winning line can make it fewer), plus a second
        look past the turning point unless it is proved."""
        probed = {p["index"] for p in self.probes}
        ends = {0, self.n} - probed - ({self.n} if self.won_at >= self.n else set())
        hi = self.n if self.not_won is None else self.not_won
        gap = hi - max(self.won_at, 0)
        steps = math.ceil(math.log2(gap)) if gap > 1 else 0
        recheck = 0 if self.settled() or self.rechecked or self.lost_at == hi else 1
        return len(self.probes) + len(ends) + steps + recheck

    def settled(self) -> bool:
        """Nothing more to learn: the game won, the deal proved lost, a win where the game stopped,
        or a turning point proved."""
        return (
            self.won_game
            or self.lost_at == 0
            or self.won_at >= self.n
            or (self.lost_at is not None and self.lost_at == self.won_at + 1)
        )

    def left(self) -> float:
        return self.budget.time_limit - (time.perf_counter() - self.began)

    def probe(self, k: int, share: float, times: int) -> str:
        """Solve position ``k`` within ``share`` of the time (or what is left of it) and ``times``
        the node limit; record what it shows."""
        if self.cancelled is not None and self.cancelled():
            raise ReviewCancelled
        result = solve(
            position(self.start, self.line, k),
            time_limit=max(min(self.budget.time_limit * share, self.left()), 0.001),
            node_limit=self.budget.nodes(times),
            memory_limit_mb=self.budget.memory_limit_mb,
        )
        return self.record(k, result.result, list(result.actions), result.seconds)

    def record(self, k: int, result: str, actions: list[str], seconds: float, known: bool = False) -> str:
        """What a probe of position ``k`` (or a line ``known`` to win from it) shows."""
        probe: dict[str, Any] = {"index": k, "result": result, "seconds": round(seconds, 3)}
        if known:
            probe["known"] = True
        self.probes.append(probe)
        if result == "won":
            if k == 0:
                self.first_line = actions
            self._won(k, actions)
        else:
            if result == "lost" and (self.lost_at is None or k < self.lost_at):
                self.lost_at = k
            if k > self.won_at and (self.not_won is None or k < self.not_won):
                self.not_won = k
        if self.progress is not None:
            self.progress(len(self.probes), max(self.expected(), len(self.probes)), _result(self))
        return result

    def _won(self, k: int, actions: list[str]) -> None:
        # The player's line and the winning one agree for a while: those positions are won too.
        agree = 0
        while k + agree < self.n and agree < len(actions) and self.line[k + agree] == actions[agree]:
            agree += 1
        if k + agree > self.won_at:
            self.won_at, self.won_line = k + agree, actions[agree:]
        if self.not_won is not None and self.not_won <= self.won_at:
            # a win shown past a probe that found none: that probe only ran out of budget
            later = [p["index"] for p in self.probes if p["result"] != "won" and p["index"] > self.won_at]
            self.not_won = min(later, default=None)

    def gap(self) -> int:
        """How many actions lie between the last position shown won and the first where no win was
        found (0: nothing to search)."""
        return 0 if self.won_at < 0 or self.not_won is None else self.not_won - self.won_at

    def narrow(self) -> None:
        """Halve the stretch between the last position shown won and the first with no win found
        until they are neighbours (or the time is up)."""
        while self.gap() > 1 and self.left() > 0:
            assert self.not_won is not None
            self.probe((self.won_at + self.not_won) // 2, PROBE_SHARE, PROBE_NODES)

    def recheck(self) -> bool:
        """Look once more, longer, at the first position past the turning point where no win was
        found; True when there was one to look at (a win found there moves the search on)."""
        k = self.not_won
        if k is None or self.won_at < 0 or self.settled() or self.rechecked or self.left() <= 0:
            return False
        self.rechecked = True
        self.probe(k, RECHECK_SHARE, RECHECK_NODES)
        return True


def review(
    record: object,
    budget: Budget | None = None,
    progress: Progress | None = None,
    cancelled: Cancelled | None = None,
    deal_line: list[str] | None = None,
) -> dict[str, Any]:
    """Review the game of ``record`` (a dict or JSON text; docs/FORMATS.md, Game review).

    ``progress(done, expected, partial)`` is called after each probe, ``partial`` being the review
    as far as it has got (the result's shape); ``cancelled()`` is asked before each probe and True
    raises ``ReviewCancelled`` (a probe that runs is not interrupted: it ends within its share of
    the time). ``deal_line``, a line already known to win from the deal (a winnable deal's stored
    line), takes the place of the first probe once the engine has checked that it wins. Raises
    ``SpiderError`` (``ReplayError``) for a record that is malformed (does not replay). The result
    is described in docs/FORMATS.md, Game review."""
    budget = budget or Budget()
    start, line = player_line(record)
    s = _Search(start, line, budget, progress, cancelled)
    n = s.n
    s.won_game = position(start, line, n).won
    if deal_line is not None and wins_from(start, line, 0, deal_line):
        s.record(0, "won", list(deal_line), 0.0, known=True)
    else:
        s.probe(0, DEAL_SHARE, DEAL_NODES)
    if s.won_game or not n:
        # No turning point; the deal's line says how short a win can be.
        return _result(s)
    if not s.settled():
        s.probe(n, PROBE_SHARE, PROBE_NODES)
    if s.won_at < 0 and not s.settled() and s.left() > 0:
        # No win found from the deal in its share: without one there is nothing to search, so it
        # looks once more, longer (the seeded solver repeats its first seconds, then goes on).
        s.probe(0, RECHECK_SHARE, RECHECK_NODES)
    s.narrow()
    if s.recheck():  # a win found by the second look moves the search on: narrow past it (no third look)
        s.narrow()
    return _result(s)


def _result(s: _Search) -> dict[str, Any]:
    """The review as far as the probes have got (the final one once the search has ended)."""
    n, won_game = s.n, s.won_game
    winnable: bool | None = True if s.won_at >= 0 or won_game else (False if s.lost_at == 0 else None)
    turning_point = None
    lost_range: list[int] | None = None
    line: list[str] = []
    line_from: int | None = None
    if won_game and s.first_line is not None:
        line, line_from = s.first_line, 0  # the shortest found, beside the player's own
    elif s.won_at >= 0 and not won_game:
        line, line_from = s.won_line, s.won_at
    if not won_game and s.won_at < n and s.lost_at != 0:
        # The game was lost (or stopped where no win was found) by one of the actions between the
        # last position shown won and the first proved lost (the last action if none was).
        first = max(s.won_at, 0)
        last = (s.lost_at - 1) if s.lost_at is not None else n - 1
        lost_range = [first, max(first, last)]
        if s.won_at >= 0 and s.not_won == s.won_at + 1:
            k = s.won_at
            turning_point = {"index": k, "action": s.line[k], "after": "lost" if s.lost_at == k + 1 else "unknown"}
    return {
        "winnable": winnable,
        "turning_point": turning_point,
        "line": line,
        "line_from": line_from,
        "range": lost_range,
        "player_length": n,
        "shortest_found": None if s.first_line is None else len(s.first_line),
        "won": won_game,
        "probes": list(s.probes),  # a copy: a partial result is kept as it was
        "seconds": round(time.perf_counter() - s.began, 3),
    }


__all__ = ["Budget", "ReviewCancelled", "player_line", "position", "review", "wins_from"]

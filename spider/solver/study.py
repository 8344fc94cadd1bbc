"""Studies: solve or autoplay many consecutive deals in worker processes and sum them up."""

from __future__ import annotations

import math
import multiprocessing
import resource
import signal
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import cast

from spider.engine import DEAL_LIMIT, Game, Position, RawAction, SpiderError, Variant, format_code, parse_code, variant

MODES = ("solve", "play")
# play mode: the quick hints (hints.autoplay), strong.strong_autoplay, or the Hint button's player
# (instant.hint_choice: the strong player within an instant, else the quick hint). A study runs
# beside other work, so its Hint player counts the deciding thread's CPU time against the budget:
# the button as it answers on an otherwise idle machine (the wall clock would measure the load).
PLAYERS = ("quick", "strong", "hint")


def _peak_mib() -> float:
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return rss / 2**20 if sys.platform == "darwin" else rss / 1024


def run_one(code: str, mode: str, time_limit: float, player: str = "quick") -> dict[str, object]:
    """Solve or autoplay one deal; also report this process's peak memory (and in play, the
    CPU seconds of its slowest and its 95th-percentile decision; with the Hint button's player,
    the wall-clock seconds too and how often the quick hint answered)."""
    from .hints import autoplay, quick_choice
    from .instant import hint_choice
    from .search import solve
    from .strong import strong_autoplay

    game = Game.from_code(code, profile="moves")
    start = time.perf_counter()
    if mode == "solve":
        r = solve(game, time_limit=time_limit)
        out: dict[str, object] = {"code": code, "result": r.result, "nodes": r.nodes, "actions": len(r.actions)}
        if r.found_by:
            out["found_by"] = r.found_by
    else:
        decisions: list[float] = []
        walls: list[float] = []
        fell_back: list[bool] = []

        def timed_hint(info: Position, seen: set[int], progressing: bool) -> RawAction | None:
            clock = time.perf_counter()
            action = hint_choice(info, seen, progressing, fell_back=fell_back, clock=time.thread_time)
            walls.append(time.perf_counter() - clock)
            return action

        if player == "strong":
            won = strong_autoplay(game, seconds=decisions)
        else:
            won = autoplay(game, seconds=decisions, choose=timed_hint if player == "hint" else quick_choice)
        out = {
            "code": code,
            "result": "won" if won else "lost",
            "removed": game.removed,
            "actions": game.moves,
        }
        if decisions:  # every decision's seconds, to the millisecond: the summary's percentiles
            out["decision_cpu"] = [round(t, 4) for t in decisions]
        if walls:
            out["decision_wall"] = [round(t, 4) for t in walls]
            out["fell_back"] = sum(fell_back)
    out["seconds"] = time.perf_counter() - start
    out["peak_mib"] = _peak_mib()
    return out


def _run_star(args: tuple[str, str, float, str]) -> dict[str, object]:
    return run_one(*args)


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))
    return ordered[index]


@dataclass
class StudyReport:
    game: str
    suits: int
    rules: str
    mode: str
    start: str
    time_limit: float
    player: str = "quick"
    results: list[dict[str, object]] = field(default_factory=list)
    interrupted: bool = False  # stopped by Ctrl+C: ``results`` holds the deals finished before

    def summary(self) -> dict[str, object]:
        n = len(self.results)
        count = {k: sum(1 for r in self.results if r["result"] == k) for k in ("won", "lost", "unknown")}
        secs = [float(r["seconds"]) for r in self.results]  # type: ignore[arg-type]
        out: dict[str, object] = {
            "game": self.game,
            "suits": self.suits,
            "rules": self.rules,
            "mode": self.mode,
            "player": self.player if self.mode == "play" else None,
            "start": self.start,
            "deals": n,
            "time_limit": self.time_limit,
            "won": count["won"],
            "lost": count["lost"],
            "unknown": count["unknown"],
            "decided_pct": 100 * (count["won"] + count["lost"]) / n if n else 0.0,
            "won_pct": 100 * count["won"] / n if n else 0.0,
            "lost_pct": 100 * count["lost"] / n if n else 0.0,
            "unknown_pct": 100 * count["unknown"] / n if n else 0.0,
            "median_seconds": statistics.median(secs) if secs else 0.0,
            "p90_seconds": _percentile(secs, 0.9),
            "peak_mib": max((float(r["peak_mib"]) for r in self.results), default=0.0),  # type: ignore[arg-type]
        }
        if self.mode == "play":
            low, high = wilson(count["won"], n)
            out["win_rate_ci95"] = [100 * low, 100 * high]
            cpu = [float(t) for r in self.results for t in r.get("decision_cpu", [])]  # type: ignore[attr-defined]
            if cpu:
                out["decision_max_cpu"] = max(cpu)
                out["decision_p95_cpu"] = _percentile(cpu, 0.95)
            wall = [float(t) for r in self.results for t in r.get("decision_wall", [])]  # type: ignore[attr-defined]
            if wall:
                out["decision_max_wall"] = max(wall)
                out["decision_p95_wall"] = _percentile(wall, 0.95)
                fell_back = sum(int(r.get("fell_back", 0)) for r in self.results)  # type: ignore[call-overload]
                out["fell_back_pct"] = 100 * fell_back / len(wall)
        out["proved_lost"] = [r["code"] for r in self.results if r["result"] == "lost"] if self.mode == "solve" else []
        return out

    def table(self) -> str:
        s = self.summary()
        rows = [
            (
                "deals",
                f"{s['deals']} from {s['start']} ({s['game']}, {s['suits']} suit(s), {s['rules']}, "
                f"mode {s['mode']}{', player ' + self.player if self.mode == 'play' else ''}, "
                f"limit {s['time_limit']:g} s)",
            ),
        ]
        if self.mode == "solve":
            rows += [
                ("decided", f"{s['decided_pct']:.1f}%"),
                ("won", f"{s['won_pct']:.1f}% ({s['won']})"),
                ("lost (proved)", f"{s['lost_pct']:.1f}% ({s['lost']})"),
                ("unknown", f"{s['unknown_pct']:.1f}% ({s['unknown']})"),
            ]
        else:
            low, high = cast(list[float], s["win_rate_ci95"])
            rows.append(
                ("win rate", f"{s['won_pct']:.1f}% ({s['won']}/{s['deals']}), 95% CI {low:.1f}%–{high:.1f}% (Wilson)")
            )
        if "decision_max_cpu" in s:
            rows.append(("slowest decision", f"{s['decision_max_cpu']:.3f} s CPU"))
            rows.append(("decision p95", f"{s['decision_p95_cpu']:.3f} s CPU"))
        if "decision_p95_wall" in s:
            rows.append(
                (
                    "hint wall clock",
                    f"p95 {s['decision_p95_wall']:.3f} s, slowest {s['decision_max_wall']:.3f} s, "
                    f"quick hint answered {s['fell_back_pct']:.1f}%",
                )
            )
        rows += [
            ("median seconds", f"{s['median_seconds']:.3f}"),
            ("p90 seconds", f"{s['p90_seconds']:.3f}"),
            ("peak memory", f"{s['peak_mib']:.0f} MiB (largest worker)"),
        ]
        if s["proved_lost"]:
            rows.append(("proved lost", " ".join(s["proved_lost"])))  # type: ignore[arg-type]
        width = max(len(k) for k, _ in rows)
        return "\n".join(f"{k.ljust(width)}  {v}" for k, v in rows)


def study(
    game: str = "spider",
    suits: int = 1,
    deals: int = 20,
    start: str | int | None = None,
    mode: str = "solve",
    time_limit: float = 60.0,
    workers: int = 1,
    rules: str = "classic",
    progress: Callable[[int, int], None] | None = None,
    player: str = "quick",
) -> StudyReport:
    """Solve (``mode="solve"``) or autoplay (``"play"``, by the ``player`` of ``PLAYERS``)
    ``deals`` consecutive deals of a level, from ``start`` (a code of that level or a deal
    number; default deal 0), in ``workers`` processes. ``progress(done, total)`` is called after
    each deal."""
    v = variant(game, suits, rules)
    if mode not in MODES:
        raise SpiderError("bad_mode", f"Unknown study mode {mode!r}: choose solve or play")
    if player not in PLAYERS:
        raise SpiderError("bad_mode", f"Unknown player {player!r}: choose quick, strong or hint")
    if deals < 1:
        raise SpiderError("bad_count", "A study needs at least one deal")
    if workers < 1:
        raise SpiderError("bad_count", "A study needs at least one worker")
    if time_limit <= 0:
        raise SpiderError("bad_count", "The time limit must be positive")
    first = _first_deal(v, start)
    if first + deals > DEAL_LIMIT or first < 0:
        raise SpiderError("bad_count", "The deals run past the last deal number")
    codes = [format_code(v, first + i) for i in range(deals)]
    report = StudyReport(game, suits, rules, mode, codes[0], time_limit, player)
    jobs = [(code, mode, time_limit, player) for code in codes]
    results: dict[str, dict[str, object]] = {}
    try:
        if workers == 1:
            for job in jobs:
                r = run_one(*job)
                results[job[0]] = r
                if progress:
                    progress(len(results), deals)
        else:
            ctx = multiprocessing.get_context("spawn")
            with _interrupts_ignored():  # the workers inherit it from birth
                pool = ctx.Pool(min(workers, deals), initializer=_leave_interrupts_to_the_parent)
            with pool:
                for r in pool.imap_unordered(_run_star, jobs):
                    results[str(r["code"])] = r
                    if progress:
                        progress(len(results), deals)
    except KeyboardInterrupt:
        # Ctrl+C: the pool is stopped on leaving ``with``; the deals already finished are kept.
        report.interrupted = True
    report.results = [results[c] for c in codes if c in results]
    return report


def _first_deal(v: Variant, start: str | int | None) -> int:
    """The deal number a study starts from: deal 0, a number, or a code of the study's level."""
    if start is None:
        return 0
    if isinstance(start, int):
        return start
    parsed = parse_code(start)
    if parsed.variant != v:
        raise SpiderError("bad_code", f"The start code {start} is not a {v.key} code")
    return parsed.deal


def _leave_interrupts_to_the_parent() -> None:
    """Workers ignore Ctrl+C: the parent stops the pool, so no worker prints a traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextmanager
def _interrupts_ignored() -> Iterator[None]:
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)

"""What players wait for: hints, "can this game still be won?", reviews, winnable deals and a daily
deal made on request.

The solver is CPU-bound Python: it runs as jobs (``protocol.JobQueue``) in worker processes, so that a long
search never stalls other players' requests. Players' solves, winnable deals a player waits for and the
site's background work each have a lane of their own, so a player never waits behind a 90-second background
try; each player has one solve at a time (a job they start, poll and may cancel, which ends it at once). Deals
proved winnable are kept ready in the store (``top_up``: seeded, and topped up by the site's schedule), so
PLAY with "winnable deals only" is instant; the site's own work is ``schedule.SiteSchedule``'s, not this."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any, cast

from ..daily.difficulty import ON_REQUEST_SEEDS
from ..engine import Game, variant_of_level
from ..solver.grading import GRADES
from ..solver.hints import record_hint
from ..solver.instant import hint_choice
from ..solver.review import TIME_LIMIT as REVIEW_TIME_LIMIT
from ..store import DailyDeal, Store
from . import daily
from .errors import Busy, QueueUnavailable, WorkerLost
from .joined import Joined
from .protocol import (
    FINISHED,
    SOLVE,
    WINNABLE,
    WORKER_START_SECONDS,
    JobQueue,
    JobState,
    Served,
    SiteLock,
    task_name,
    well_formed,
)
from .tasks import deep_hint_record, find_winnable, finish_record, make_daily, review_record, solve_record

log = logging.getLogger("spider.daily")

# Looking for a winnable deal while the player waits: a few short tries, then a random deal.
ON_DEMAND_SECONDS, ON_DEMAND_TRIES = 8.0, 2
# A deeper hint's limit: the strong player is bounded by positions, not seconds; this leaves room
# for a slower machine or the pure-Python fallback (docs/COMMAND-LINE.md gives its time).
DEEP_HINT_SECONDS = 20.0
# Finish's search (docs/RULES.md, Finish): a position with nothing hidden is small and solved at once
# (bench/finish.py measures it); the bound only ends a rare long one.
FINISH_SECONDS = 10.0
POLL_SECONDS = 0.1  # how often the server looks at a job a player waits for
REVIEW_SECONDS = REVIEW_TIME_LIMIT  # a game review's budget at most, shared out over its probes (docs/API.md)


def _unknown(reason: str) -> dict[str, Any]:
    return {"result": "unknown", "actions": [], "reason": reason}


class PlayerJobs:
    def __init__(
        self,
        store: Store,
        jobs: JobQueue,
        database: str | None = None,
        review_seconds: float = REVIEW_SECONDS,
        review_nodes: int | None = None,
        handed_out: Callable[[], Awaitable[None]] | None = None,
    ) -> None:
        """``database``: the store's address, for a daily deal made on request to be written to (none:
        no deal is made on request). ``review_seconds`` and ``review_nodes`` bound a game review (all
        of it; positions per probe). ``handed_out``: told when a winnable deal left the pool (the
        site's schedule tops it up)."""
        self.store = store
        self.jobs = jobs
        self.database = database
        self.review_seconds, self.review_nodes = review_seconds, review_nodes
        self.handed_out = handed_out
        self.making: Joined[tuple[str, str], bool] = Joined()  # daily deals made on request, by (day, level)

    async def _run(
        self,
        lane: str,
        seconds: float,
        fn: Callable[..., Any],
        *args: Any,
        owner: str | None,
        patience: float,
        client: str | None = None,
    ) -> Any:
        """``fn(*args)`` as a job in ``lane``, awaited here; raises :class:`Busy` when it may not wait,
        :class:`WorkerLost` when its worker died or it has not answered within ``patience`` seconds
        (no worker took it: none runs, or all are busy). Cancelling the await cancels the job."""
        job = await self.jobs.submit(
            lane, fn, *args, owner=owner, seconds=seconds + WORKER_START_SECONDS, client=client
        )
        loop = asyncio.get_running_loop()
        deadline = loop.time() + patience
        try:
            while True:
                state = await self.jobs.state(job, owner)
                if state is None or state.state in ("lost", "cancelled"):
                    raise WorkerLost()
                if state.state == "done":
                    return state.answer
                if loop.time() > deadline:
                    await self.jobs.cancel(job, owner)
                    raise WorkerLost()
                await asyncio.sleep(POLL_SECONDS)
        except asyncio.CancelledError:
            await asyncio.shield(self.jobs.cancel(job, owner))
            raise

    def queue_reachable(self) -> bool:
        """Whether the job queue answers (a blocking call: for a thread)."""
        return self.jobs.reachable()

    def workers_serving(self) -> bool:
        """Whether something serves the queue: for a queue that Redis holds, a ``spider worker``
        that said it is there within its heartbeat; the local queues' workers are the server's own,
        there whenever the queue answers (a blocking call: for a thread)."""
        return not isinstance(self.jobs, Served) or self.jobs.serving() > 0

    async def hint(self, game: Game) -> str | None:
        """The Hint button's action (``instant.hint_choice``: the strong player within an instant,
        else the quick hint), from what the player sees and the positions the game has been in.
        Its wall-clock budget bounds it, so it runs in a thread here: a solver worker would make it
        queue behind other players' solves of up to a minute, and add a round trip."""
        return await asyncio.to_thread(record_hint, game, hint_choice)

    async def deep_hint(self, record: dict[str, Any], player: str, client: str | None = None) -> str | None:
        """The strong player's action (no peeking either), worked out in a worker: it takes seconds.
        It shares the player's one solve, and their address's (:class:`Busy` while they have one);
        :class:`WorkerLost` when no worker answered."""
        return cast(
            "str | None",
            await self._run(
                SOLVE,
                DEEP_HINT_SECONDS,
                deep_hint_record,
                record,
                owner=player,
                patience=DEEP_HINT_SECONDS + 2 * WORKER_START_SECONDS,
                client=client,
            ),
        )

    async def finish(self, record: dict[str, Any], player: str, client: str | None = None) -> dict[str, Any]:
        """The solver's line from a position that hides nothing (``{"result", "actions"}``), worked out
        in a worker within FINISH_SECONDS. It shares the
        player's one solve, and their address's (:class:`Busy` while they have one); cancelling the
        await (the player left) cancels it."""
        return cast(
            "dict[str, Any]",
            await self._run(
                SOLVE,
                FINISH_SECONDS,
                finish_record,
                record,
                FINISH_SECONDS,
                owner=player,
                patience=FINISH_SECONDS + 2 * WORKER_START_SECONDS,
                client=client,
            ),
        )

    async def start_solve(
        self,
        record: dict[str, Any],
        time_limit: float,
        player: str,
        client: str | None = None,
        with_line: bool = True,
    ) -> str:
        """Start ``player``'s one solve, asked for from the network address ``client``, and return its
        job id; raises :class:`Busy` (429) when they (or their address) already have one or the
        solvers and their wait list are full. ``with_line`` False: the answer leaves the line out."""
        seconds = time_limit + WORKER_START_SECONDS
        return await self.jobs.submit(
            SOLVE, solve_record, record, time_limit, with_line, owner=player, seconds=seconds, client=client
        )

    async def solve_state(self, job_id: str, player: str) -> dict[str, Any] | None:
        """``{"state", "elapsed", "answer"?}`` of the player's solve, None when it is not theirs (or
        long forgotten). A finished solve's answer is the solver's, or "unknown" with the reason
        ``cancelled`` or ``worker_lost`` (the worker died: ask again, another worker answers)."""
        state = await self._job(job_id, player, solve_record)
        if state is None:
            return None
        done: dict[str, Any] = {"state": "done" if state.state in FINISHED else state.state}
        done["elapsed"] = round(min(state.elapsed, state.seconds), 3)
        if state.state == "done":
            done["answer"] = state.answer
        elif state.state in FINISHED:
            done["answer"] = _unknown("cancelled" if state.state == "cancelled" else "worker_lost")
        return done

    async def cancel_solve(self, job_id: str, player: str) -> bool:
        """False when there is no such solve of the player's (whatever ``job_id`` holds)."""
        return await self._job(job_id, player, solve_record) is not None and await self.jobs.cancel(job_id, player)

    async def _job(self, job_id: str, player: str, task: Callable[..., Any]) -> JobState | None:
        """The state of the player's job ``job_id`` if it runs ``task``: a job id of another kind (a
        review's asked for as a solve's) is no such job, as an unknown one is. A job whose task is
        unknown (an earlier job host's, lost with it) has no answer to misread."""
        state = await self.jobs.state(job_id, player) if well_formed(job_id) else None
        if state is None or not (state.task == task_name(task) or (not state.task and state.state != "done")):
            return None
        return state

    async def start_review(self, game_id: str, record: dict[str, Any], player: str, client: str | None = None) -> str:
        """Start a review of a finished game's ``record`` as ``player``'s one solve (and their
        address ``client``'s); its job id. Raises :class:`Busy` (429) as :meth:`start_solve` does."""
        seconds = self.review_seconds + WORKER_START_SECONDS
        args = (game_id, record, self.review_seconds, self.review_nodes)
        return await self.jobs.submit(SOLVE, review_record, *args, owner=player, seconds=seconds, client=client)

    async def cancel_review(self, job_id: str, player: str) -> bool:
        """False when there is no such review of the player's (whatever ``job_id`` holds)."""
        return await self._job(job_id, player, review_record) is not None and await self.jobs.cancel(job_id, player)

    async def review_state(self, job_id: str, player: str) -> dict[str, Any] | None:
        """``{"state", "elapsed", "done", "expected", "partial"?, "answer"?}`` of the player's review;
        None when it is not theirs. ``state`` is the job's: waiting, running (``partial``: the review
        as far as it has got, once its first probe is done), done (``answer`` is the task's:
        ``{"game", "review"}``), lost (its worker died or the record did not replay) or cancelled."""
        state = await self._job(job_id, player, review_record)
        if state is None:
            return None
        done, expected = state.progress or (0, None)
        found: dict[str, Any] = {"state": state.state, "elapsed": round(min(state.elapsed, state.seconds), 3)}
        found |= {"done": done, "expected": expected}
        if state.state == "running" and state.partial is not None:
            found["partial"] = state.partial
        if state.state == "done":
            found["answer"] = state.answer
        return found

    async def winnable_deal(self, level: str, grade: str | None = None) -> tuple[str, str | None] | None:
        """A deal of ``level`` the solver proved winnable, as its code and grade: a ready one of
        ``grade`` (any grade when None), else a ready one of the nearest grade, else one found now
        (not graded: grading takes longer than a player waits); None when none was found."""
        taken = await asyncio.to_thread(self._take_nearest, level, grade)
        if taken is None:
            try:
                found = await self._run(
                    WINNABLE,
                    ON_DEMAND_SECONDS * ON_DEMAND_TRIES,
                    find_winnable,
                    variant_of_level(level),
                    ON_DEMAND_SECONDS,
                    ON_DEMAND_TRIES,
                    owner=None,
                    patience=ON_DEMAND_SECONDS * ON_DEMAND_TRIES + 2 * WORKER_START_SECONDS,
                )
            except (Busy, WorkerLost, QueueUnavailable):  # a random deal rather than a long wait or an error
                found = None
            taken = (found[0], None) if found else None
        if self.handed_out is not None:
            await self.handed_out()
        return taken

    def _take_nearest(self, level: str, grade: str | None) -> tuple[str, str | None] | None:
        if grade is None:
            return self.store.take_winnable(level)
        wanted = GRADES.index(grade)
        for other in sorted(GRADES, key=lambda g: (abs(GRADES.index(g) - wanted), GRADES.index(g))):
            taken = self.store.take_winnable(level, other)
            if taken is not None:
                return taken
        return None

    async def daily_deal(self, day: str, level: str, deadline: float | None = None) -> DailyDeal | None:
        """The day's deal of ``level``: the stored one, else the one made on request
        (:meth:`_made_on_request`) by ``deadline`` (the event loop's clock;
        ``daily.ON_REQUEST_SECONDS`` from now by default); None when it was not made by then. The
        making is one for everyone who asks for the deal meanwhile, and goes on past their waits."""
        loop = asyncio.get_running_loop()
        if deadline is None:  # the player's whole wait runs from here, the store's read included
            deadline = loop.time() + daily.ON_REQUEST_SECONDS
        deal = await asyncio.to_thread(self.store.daily_deal, day, level)
        database = self.database
        if deal is None and database:
            making = partial(self._made_on_request, database, day, level)
            ended, made = await self.making.wait((day, level), making, deadline - loop.time())
            if ended and made:
                deal = await asyncio.to_thread(self.store.daily_deal, day, level)
        return deal

    async def close(self) -> None:
        """End the daily deals' makings in flight (the app stops)."""
        await self.making.close()

    async def _made_on_request(self, database: str, day: str, level: str) -> bool:
        """Make a missing deal of the day, in the lane of the jobs a player waits for; whether the
        store holds it now. With Redis, one app process of the site makes it at a time, and the others
        wait for it in the store (:meth:`_taken_over`). A busy lane is no deal, never an error."""
        lock = self.jobs.site_lock(f"{daily.ON_REQUEST_LOCK}:{day}:{level}")
        try:
            if lock is not None and not await self._taken_over(lock, day, level):
                return True  # another process made it
        except QueueUnavailable:  # Redis is down: so is the queue
            return False
        try:  # this process holds the lock (or no other process could make the deal)
            if await asyncio.to_thread(self.store.daily_deal, day, level) is not None:
                return True  # the other process made it, just now
            return await self._making_jobs(database, day, level, lock)
        finally:
            if lock is not None:
                with contextlib.suppress(QueueUnavailable):  # it expires then
                    await asyncio.to_thread(lock.release)

    async def _taken_over(self, lock: SiteLock, day: str, level: str) -> bool:
        """True once this process holds ``lock`` (no other process makes the deal: none did, or its
        making or its process ended); False once the store holds the deal another process made."""
        while not await asyncio.to_thread(lock.acquire):
            if await asyncio.to_thread(self.store.daily_deal, day, level) is not None:
                return False
            await asyncio.sleep(daily.ON_REQUEST_LOOK_SECONDS)
        return True

    async def _making_jobs(self, database: str, day: str, level: str, lock: SiteLock | None) -> bool:
        """The making's jobs: a job lost (its worker died, or it waited too long for one, or the store
        was busy for it) is tried once more; ``lock`` is renewed meanwhile."""
        renewing = asyncio.create_task(_renewed(lock)) if lock is not None else None
        args = (database, day, [level], daily.ON_REQUEST_SEARCH_SECONDS, daily.ON_REQUEST_TRY_SECONDS, ON_REQUEST_SEEDS)
        try:
            for _ in range(daily.ON_REQUEST_JOBS):
                try:
                    made = await self._run(
                        WINNABLE,
                        daily.ON_REQUEST_SEARCH_SECONDS + daily.RATING_SECONDS,
                        make_daily,
                        *args,
                        owner=None,
                        patience=daily.ON_REQUEST_PATIENCE,
                    )
                except WorkerLost:
                    log.warning("a daily deal made on request was lost (%s, %s)", day, level)
                    continue
                except (Busy, QueueUnavailable):
                    return False
                return level in (made or [])
            return False
        finally:
            if renewing is not None:
                renewing.cancel()


async def _renewed(lock: SiteLock) -> None:
    """Keep holding ``lock`` until cancelled (a lock lost meanwhile only lets another process make the
    deal too: the store keeps the first one written)."""
    while True:
        await asyncio.sleep(daily.ON_REQUEST_LOOK_SECONDS)
        with contextlib.suppress(QueueUnavailable):  # Redis is down for now: so is the job's queue
            await asyncio.to_thread(lock.renew)

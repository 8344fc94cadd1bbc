"""The one admission rule every job queue applies (spider.jobs.admission), on its own."""

from __future__ import annotations

import pytest

from spider.jobs.admission import Held, Refusal, Refuse, Start, Wait, admit
from spider.jobs.errors import Busy
from spider.jobs.protocol import Lane

SOLVES = Lane(workers=2, waiting=1, one_per_owner=True)
NOW = 100.0


def running(owner: str, seconds: float, started: float) -> Held:
    return Held(owner, seconds, started)


def waiting(owner: str, seconds: float) -> Held:
    return Held(owner, seconds)


def test_a_free_worker_starts_the_job_and_a_busy_lane_puts_it_on_the_wait_list() -> None:
    assert admit(SOLVES, [], [], "ann", NOW) == Start()
    assert admit(SOLVES, [running("bob", 30, 90)], [], "ann", NOW) == Start()
    assert admit(SOLVES, [running("bob", 30, 90), running("cy", 30, 95)], [], "ann", NOW) == Wait()


def test_a_full_wait_list_is_refused_until_the_first_running_job_reaches_its_limit() -> None:
    lane = [running("bob", 30, 90), running("cy", 12, 95)]  # 20 s and 7 s left
    assert admit(SOLVES, lane, [waiting("dee", 30)], "ann", NOW) == Refuse(Refusal.FULL, 7.0)


def test_one_job_per_owner_running_or_waiting() -> None:
    lane = [running("ann", 30, 90), running("bob", 12, 95)]
    assert admit(SOLVES, lane, [], "ann", NOW) == Refuse(Refusal.OWN_JOB, 20.0)
    # a waiting job of theirs is free once it has had a worker: the soonest free one, then its limit
    assert admit(SOLVES, lane, [waiting("cy", 10)], "cy", NOW) == Refuse(Refusal.OWN_JOB, 7.0 + 10.0)
    # without an owner, or in a lane without the rule, anyone may have several
    assert admit(SOLVES, [running("ann", 30, 90)], [], None, NOW) == Start()
    assert admit(Lane(workers=1, waiting=4), [running("ann", 30, 90)], [], "ann", NOW) == Wait()


def test_workers_elsewhere_take_every_job_from_the_wait_list() -> None:
    """Redis: no worker is this process's, so a job always waits; the wait list's bound still holds."""
    assert admit(SOLVES, [], [], "ann", NOW, workers=0) == Wait()
    assert admit(SOLVES, [], [waiting("bob", 30)], "ann", NOW, workers=0) == Refuse(Refusal.FULL, 0.0)


@pytest.mark.parametrize(("why", "reason"), [(Refusal.OWN_JOB, "solver_running"), (Refusal.FULL, "solver_busy")])
def test_a_refusal_is_busy_with_whole_seconds_to_wait_at_least_one(why: Refusal, reason: str) -> None:
    busy = Busy.of(Refuse(why, 0.2))
    assert busy.reason == reason and busy.retry_after == 1 and busy.params == {"retry_after": 1}
    assert Busy.of(Refuse(why, 7.1)).retry_after == 8
    assert busy.refused() == Refuse(why, 1)


FAIR = Lane(workers=2, waiting=4, one_per_owner=True, per_client=1)


def test_one_job_per_client_address_whichever_player_asks() -> None:
    """New players cost nothing to make: an address that has its job is refused (busy, until that
    job should be over), while another address still gets the free worker or the wait list."""
    theirs = Held("new-player-1", 12, 95, client="10.0.0.2")  # 7 s left
    assert admit(FAIR, [theirs], [], "new-player-2", NOW, client="10.0.0.2") == Refuse(Refusal.FULL, 7.0)
    assert admit(FAIR, [theirs], [], "ann", NOW, client="10.0.0.3") == Start()
    both = [theirs, Held("bob", 30, 90, client="10.0.0.4")]
    assert admit(FAIR, both, [], "ann", NOW, client="10.0.0.3") == Wait()
    # a job of theirs that waits is free once it has had a worker: the soonest free one, then its limit
    others = [Held("bob", 30, 90, client="10.0.0.4"), Held("cy", 12, 95, client="10.0.0.5")]
    queued = Held("new-player-3", 10, client="10.0.0.2")
    assert admit(FAIR, others, [queued], "new-player-4", NOW, client="10.0.0.2") == Refuse(Refusal.FULL, 17.0)
    # the player's own rule comes first; an unknown address, or a lane without the bound, is not held to it
    assert admit(FAIR, [theirs], [], "new-player-1", NOW, client="10.0.0.2") == Refuse(Refusal.OWN_JOB, 7.0)
    assert admit(FAIR, [theirs], [], "new-player-2", NOW, client=None) == Start()
    assert admit(SOLVES, [theirs], [], "new-player-2", NOW, client="10.0.0.2") == Start()


def test_an_address_may_have_as_many_jobs_as_its_bound() -> None:
    lane = Lane(workers=4, waiting=4, per_client=2)
    one = [Held("a", 30, 90, client="10.0.0.2")]
    assert admit(lane, one, [], "b", NOW, client="10.0.0.2") == Start()
    two = [*one, Held("b", 30, 95, client="10.0.0.2")]
    assert admit(lane, two, [], "c", NOW, client="10.0.0.2") == Refuse(Refusal.FULL, 20.0)

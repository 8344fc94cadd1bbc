"""The token buckets behind 429 ``rate_limited`` (spider.web.http.rates), on a clock of the test's."""

from __future__ import annotations

import pytest

from spider.web.http import rates
from spider.web.http.rates import RateLimited, RateLimits


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_minutes_worth_at_once_then_one_as_each_refills_with_retry_after() -> None:
    clock = Clock()
    limits = RateLimits({"solve": 6}, clock)
    for _ in range(6):
        limits.take("solve", "10.0.0.2")
    with pytest.raises(RateLimited) as refused:
        limits.take("solve", "10.0.0.2")
    assert refused.value.status == 429 and refused.value.headers == {"Retry-After": "10"}
    limits.take("solve", "10.0.0.3")  # another address, another bucket
    limits.take("deep_hint", "10.0.0.2")  # a kind without a limit
    clock.now += 4
    with pytest.raises(RateLimited) as refused:  # a refusal takes nothing: 6 s to go
        limits.take("solve", "10.0.0.2")
    assert refused.value.headers == {"Retry-After": "6"}
    clock.now += 6
    limits.take("solve", "10.0.0.2")
    with pytest.raises(RateLimited):
        limits.take("solve", "10.0.0.2")


def test_buckets_stay_bounded_however_many_addresses_ask(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rates, "MAX_BUCKETS", 100)
    clock = Clock()
    limits = RateLimits({"new_player": 60}, clock)
    for n in range(1000):
        limits.take("new_player", f"10.0.{n // 256}.{n % 256}")
    assert len(limits._buckets) <= 100
    clock.now += 60  # all full again: forgotten as soon as room is needed
    limits.take("new_player", "10.9.9.9")
    assert len(limits._buckets) == 1


def test_a_request_that_started_nothing_is_given_back() -> None:
    limits = RateLimits({"solve": 2}, Clock())
    limits.take("solve", "10.0.0.2")
    limits.take("solve", "10.0.0.2")
    limits.give_back("solve", "10.0.0.2")  # told the solver was busy: asking again is not a second solve
    limits.take("solve", "10.0.0.2")
    with pytest.raises(RateLimited):
        limits.take("solve", "10.0.0.2")
    limits.give_back("solve", "10.0.0.9")  # nothing taken: nothing to give back
    limits.give_back("solve", None)


@pytest.mark.parametrize(
    ("peer", "counted_as"),
    [
        ("2001:db8:1:2:aaaa::1", "2001:db8:1:2::/64"),
        ("2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"),  # the same home: one bucket
        ("2001:db8:1:3::1", "2001:db8:1:3::/64"),
        ("::ffff:192.0.2.7", "192.0.2.7"),
        ("192.0.2.7", "192.0.2.7"),
        ("testclient", "testclient"),
    ],
)
def test_an_ipv6_client_counts_as_its_64_network(peer: str, counted_as: str) -> None:
    assert rates.client_address({"type": "http", "client": (peer, 50000)}) == counted_as

"""Provably fair daily deals: the fingerprint and the day key as docs/RULES.md defines them, and the
verifier's verdict on a made deal, as published, and on tampered ones."""

from __future__ import annotations

import hashlib
import hmac
import itertools
from typing import Any

import pytest

from spider.daily import daily_deck
from spider.daily.deck import byte_stream, day_key, shuffled_deck
from spider.daily.fairness import deck_text, fingerprint, new_salt, verify
from spider.daily.making import find_winnable_try, make_deal
from spider.play.daily import revealed

SECRET = "the fairness tests' secret"
DAY = "2026-12-05"
LEVEL = "spiderette-1-classic"  # the solver proves one in a fraction of a second


def test_the_day_key_and_the_stream_are_the_documented_hmacs() -> None:
    key = day_key(SECRET, DAY)
    assert key == hmac.new(SECRET.encode(), b"daily|2026-12-05", hashlib.sha256).hexdigest()
    first = bytes(itertools.islice(byte_stream(key, LEVEL, 3), 32))
    assert first == hmac.new(bytes.fromhex(key), f"{LEVEL}|3|0".encode(), hashlib.sha256).digest()
    assert daily_deck(SECRET, DAY, LEVEL, 3) == shuffled_deck(key, LEVEL, 3)


def test_one_days_key_gives_no_other_days_deck() -> None:
    key = day_key(SECRET, DAY)
    tomorrow = daily_deck(SECRET, "2026-12-06", LEVEL, 0)
    assert day_key(SECRET, "2026-12-06") != key
    assert all(shuffled_deck(key, LEVEL, n) != tomorrow for n in range(20))


def test_the_fingerprint_is_sha256_of_salt_day_level_and_deck_text() -> None:
    salt = "0f" * 32
    deck = ["10S", "QH", "AS"]
    assert deck_text(deck) == "10S QH AS"
    expected = hashlib.sha256(f"{salt}|{DAY}|{LEVEL}|10S QH AS".encode()).hexdigest()
    assert fingerprint(salt, DAY, LEVEL, deck) == expected
    assert fingerprint(salt, DAY, "spider-1-classic", deck) != expected
    assert fingerprint(new_salt(), DAY, LEVEL, deck) != expected
    salts = {new_salt() for _ in range(5)}
    assert len(salts) == 5 and all(len(s) == 64 and int(s, 16) >= 0 for s in salts)


@pytest.fixture(scope="module")
def published() -> dict[str, Any]:
    """A made deal's entry as a past day's answer publishes it."""
    deal = make_deal(SECRET, DAY, LEVEL, 30.0, 10.0, 1)
    assert deal is not None and deal.seal is not None
    found = find_winnable_try(SECRET, DAY, LEVEL, 30.0, 10.0)
    assert found is not None and deal.seal.attempt == found[0] and deal.deck == found[1]
    assert deal.seal.day_key == day_key(SECRET, DAY)
    return revealed(deal).model_dump(mode="json")


def failed(entry: dict[str, Any]) -> list[str]:
    return [check.what for check in verify(DAY, entry) if not check.ok]


def test_a_made_deal_as_published_is_verified(published: dict[str, Any]) -> None:
    checks = verify(DAY, published)
    assert len(checks) == 3 and all(check.ok for check in checks), checks


def test_a_changed_deck_fails_the_fingerprint_and_the_shuffle(published: dict[str, Any]) -> None:
    deck = list(published["deck"]["deck"])
    i = next(i for i in range(1, len(deck)) if deck[i] != deck[0])
    deck[0], deck[i] = deck[i], deck[0]
    tampered = published | {"deck": published["deck"] | {"deck": deck}}
    assert failed(tampered)[:2] == [
        "the deck and salt match the fingerprint published during the day",
        f"the deck is the day key's shuffle of try {published['seal']['attempt']}",
    ]


def test_a_changed_salt_fails_the_fingerprint_alone(published: dict[str, Any]) -> None:
    salt = published["seal"]["salt"]
    tampered = published | {"seal": published["seal"] | {"salt": ("1" if salt[0] != "1" else "2") + salt[1:]}}
    assert failed(tampered) == ["the deck and salt match the fingerprint published during the day"]


def test_another_try_or_days_key_fails_the_shuffle(published: dict[str, Any]) -> None:
    seal = published["seal"]
    for changed in ({"attempt": seal["attempt"] + 1}, {"day_key": day_key(SECRET, "2026-12-06")}):
        assert failed(published | {"seal": seal | changed}) == [
            f"the deck is the day key's shuffle of try {(seal | changed)['attempt']}"
        ]


def test_a_line_that_does_not_win_fails(published: dict[str, Any]) -> None:
    assert failed(published | {"line": published["line"][:-1]}) == ["the winning line wins the deal"]
    assert failed(published | {"line": ["9-9"]}) == ["the winning line wins the deal"]


def test_a_deal_without_a_seal_or_deck_cannot_be_verified(published: dict[str, Any]) -> None:
    assert failed(published | {"seal": None, "fingerprint": None}) == ["the deal is sealed"]
    assert failed({k: v for k, v in published.items() if k not in ("deck", "seal")}) == ["the deal is published"]
    assert failed(published | {"seal": published["seal"] | {"salt": "not hex"}}) == ["the seal is well formed"]
    assert failed(published | {"seal": published["seal"] | {"attempt": True}}) == ["the seal is well formed"]

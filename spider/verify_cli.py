"""``spider verify-daily``: check a past day's daily deal against its fingerprint and the day's key
(docs/RULES.md, Provably fair deals), from what a site published or, for its operator, its store."""

from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

from .command_input import CliError, read_record
from .daily import days, is_level
from .daily.deck import day_key
from .daily.fairness import Check, verify
from .daily.secret import daily_secret
from .play.daily import revealed
from .play.operators import shown_database, with_store
from .store import DailyDeal, Store

FETCH_SECONDS = 20.0
MAX_ANSWER_BYTES = 16 * 2**20


def published_day(site: str, day: str) -> dict[str, Any]:
    """A site's public answer for ``day`` (``GET /api/daily/{date}``)."""
    if urllib.parse.urlsplit(site).scheme not in ("http", "https"):
        raise CliError(f"--site wants an http:// or https:// address, not {site!r}")
    url = f"{site.rstrip('/')}/api/daily/{day}"
    request = urllib.request.Request(url, headers={"Accept": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=FETCH_SECONDS) as answer:  # noqa: S310 (checked above)
            body = answer.read(MAX_ANSWER_BYTES + 1)
    except urllib.error.HTTPError as e:
        reason = _reason(e.read(MAX_ANSWER_BYTES))
        raise CliError(f"{url} answered {e.code}{reason}") from None
    except (urllib.error.URLError, OSError) as e:
        raise CliError(f"cannot reach {url}: {getattr(e, 'reason', e)}") from None
    return _day_answer(body, url)


def _reason(body: bytes) -> str:
    try:
        error = json.loads(body)
        return f": {error['reason']}: {error['message']}"
    except (ValueError, KeyError, TypeError):
        return ""


def _day_answer(body: bytes, name: str) -> dict[str, Any]:
    if len(body) > MAX_ANSWER_BYTES:
        raise CliError(f"{name} is larger than {MAX_ANSWER_BYTES // 2**20} MiB: not a day's daily deals")
    try:
        answer = json.loads(body)
    except (ValueError, UnicodeDecodeError):
        answer = None
    if not isinstance(answer, dict) or not isinstance(answer.get("deals"), list):
        raise CliError(f"{name} is not a day's daily deals (the JSON of GET /api/daily/{{date}})")
    return answer


def saved_day(source: str) -> dict[str, Any]:
    """A day's answer saved to a file (or read from standard input for ``-``)."""
    return _day_answer(read_record(source), "standard input" if source == "-" else source)


def entry_of(answer: dict[str, Any], day: str, level: str) -> dict[str, Any]:
    if answer.get("date") != day:
        raise CliError(f"the published deals are of {answer.get('date')!r}, not {day}")
    for entry in answer["deals"]:
        if isinstance(entry, dict) and entry.get("level") == level:
            return entry
    raise CliError(f"no deal of {level} is published for {day}")


def stored_checks(database: str, day: str, level: str) -> list[Check]:
    """The operator's check, from the store: the deal as it would be published, and its day key
    against the site's secret."""

    def stored(store: Store) -> tuple[DailyDeal, str]:
        deal = store.daily_deal(day, level)
        if deal is None:
            raise CliError(f"no deal of {level} on {day} in {shown_database(database)}")
        return deal, daily_secret(store)

    deal, secret = with_store(database, stored)
    checks = verify(day, revealed(deal).model_dump(mode="json"))  # as GET /api/daily/{date} publishes it
    if deal.seal is not None:
        ours = deal.seal.day_key == day_key(secret, day)
        checks.append(Check("the day key is the site secret's key of the day", ours, "" if ours else "it is not"))
    return checks


def report(day: str, level: str, checks: list[Check]) -> tuple[str, bool]:
    """The checks as lines, ending in the verdict; and whether the deal is verified."""
    lines = [f"{'ok' if c.ok else 'FAILED'}: {c.what}" + (f" ({c.detail})" if c.detail else "") for c in checks]
    verified = all(c.ok for c in checks)
    lines.append(f"{'verified' if verified else 'NOT verified'}: the {level} daily deal of {day}")
    return "\n".join(lines), verified


def run(day: str, level: str, site: str | None, file: str | None, database: str | None) -> tuple[str, bool]:
    if days.parse_day(day) is None:
        raise CliError(f"{day!r} is not a day: write YYYY-MM-DD")
    if not is_level(level):
        raise CliError(f"{level!r} is not a level of the daily deals")
    if site is not None:
        checks = verify(day, entry_of(published_day(site, day), day, level))
    elif file is not None:
        checks = verify(day, entry_of(saved_day(file), day, level))
    else:
        assert database is not None
        checks = stored_checks(database, day, level)
    return report(day, level, checks)

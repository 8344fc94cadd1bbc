"""What each refusal of the daily, names and clubs use cases (spider/play) is in HTTP; nothing was
changed by a refused call. A club one is not in is not found, like an unknown one."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from ..engine import SpiderError
from ..play import clubs, daily, players
from .http.errors import ApiError

STATUS: dict[type[Exception], int] = {
    daily.NotYet: 404,
    daily.NoDeal: 404,
    daily.NotReady: 503,
    players.BadTransfer: 400,
    clubs.NoClub: 404,
    clubs.BadInvite: 400,
    clubs.TooManyClubs: 403,
    clubs.ClubFull: 403,
    clubs.NotOwner: 403,
}


class Refusal(ApiError):
    """A play-layer refusal in HTTP: its status, and a Retry-After where the refusal says when."""

    def __init__(self, err: SpiderError) -> None:
        super().__init__(STATUS[type(err)], err.reason, err.template, **err.params)
        retry = getattr(err, "retry_after", None)
        self.headers = None if retry is None else {"Retry-After": str(retry)}


@contextmanager
def refusals() -> Iterator[None]:
    """The block's play-layer refusal as its HTTP error."""
    try:
        yield
    except (daily.DailyRefusal, players.BadTransfer, clubs.ClubRefusal) as err:
        raise Refusal(err) from err

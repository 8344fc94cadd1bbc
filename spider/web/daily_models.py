"""A daily deal's winning line as the API shows it (docs/API.md, Daily deals): a table like a
review's step. The daily deals' other answers are the play layer's (spider/play/daily_answers.py)."""

from __future__ import annotations

from pydantic import Field

from ..play.daily_answers import Day
from .models import LineStep


class DailyLineStep(LineStep):
    """A past day's deal after ``step`` actions of its winning line, every card face up."""

    date: Day
    level: str = Field(examples=["spider-2-classic"])

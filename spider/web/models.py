"""The API's answers, declared once in the play layer (spider/play/answers.py), whose use cases
return them; here for the web package's own modules (bodies, the daily and club answers)."""

from ..play.answers import *  # noqa: F403

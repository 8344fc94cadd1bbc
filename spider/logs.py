"""Structured logs: one JSON object a line, each tagged with the process and the request it belongs to.

Every process of the server logs the same way (app workers, the job host): ``log_config`` is their
``logging.config.dictConfig``. The web layer sets ``request_id`` while a request runs
(:mod:`spider.web.http.logs`), so each line written meanwhile names its request."""

from __future__ import annotations

import contextvars
import json
import logging
import sys
import threading
from datetime import UTC, datetime
from types import TracebackType
from typing import Any

request_id: contextvars.ContextVar[str | None] = contextvars.ContextVar("request_id", default=None)

# LogRecord's own attributes: everything else on a record came from ``extra=`` and is logged as a field.
_STANDARD = set(logging.makeLogRecord({}).__dict__) | {"message", "asctime", "color_message"}


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
            "pid": record.process,
        }
        rid = request_id.get()
        if rid is not None:
            entry["request_id"] = rid
        entry |= {k: v for k, v in record.__dict__.items() if k not in _STANDARD}
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return json.dumps(entry, default=str, ensure_ascii=False)


def log_config(level: str, fmt: str) -> dict[str, Any]:
    """A ``logging.config.dictConfig`` for the whole process: every logger's lines (uvicorn's, the
    app's, and any library's, such as psycopg's pool or RQ's) go through one handler, JSON (or plain
    text) on stderr."""
    formatter = {"()": JsonFormatter} if fmt == "json" else {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"}
    handler = {"class": "logging.StreamHandler", "formatter": "main", "stream": "ext://sys.stderr"}
    # uvicorn's and the app's loggers at the chosen level, writing through the root's one handler like every
    # library's (uvicorn's own access log is off: spider.access says the same with the request id)
    passing_on = {"handlers": [], "level": level.upper(), "propagate": True}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"main": formatter},
        "handlers": {"main": handler},
        "root": {"handlers": ["main"], "level": level.upper()},
        "loggers": {name: passing_on for name in ("uvicorn", "uvicorn.error", "spider")},
    }


def log_uncaught(log: logging.Logger) -> None:
    """Whatever Python would print to stderr itself is a log line instead: an uncaught exception (in
    the main thread or any other, of this process and of the processes it forks), one it ignored
    (``Exception ignored in …``) and a warning."""

    def uncaught(kind: type[BaseException], value: BaseException, trace: TracebackType | None) -> None:
        log.critical("uncaught %s", kind.__name__, exc_info=(kind, value, trace))

    def in_thread(args: threading.ExceptHookArgs) -> None:
        if args.exc_type is not SystemExit:
            where = args.thread.name if args.thread is not None else "a thread"
            log.error("uncaught %s in %s", args.exc_type.__name__, where, exc_info=_exc_info(args))

    def ignored(unraisable: sys.UnraisableHookArgs) -> None:
        what = unraisable.err_msg or "Exception ignored in"
        log.warning("%s: %r", what, unraisable.object, exc_info=_exc_info(unraisable))

    sys.excepthook = uncaught
    threading.excepthook = in_thread
    sys.unraisablehook = ignored
    logging.captureWarnings(True)


def _exc_info(
    args: threading.ExceptHookArgs | sys.UnraisableHookArgs,
) -> tuple[type[BaseException], BaseException, TracebackType | None] | None:
    if args.exc_value is None:
        return None
    return (args.exc_type, args.exc_value, args.exc_traceback)

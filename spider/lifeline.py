"""A child process that ends with the process that started it, however that one ended (SIGKILL, the
out-of-memory killer): an app worker of ``spider serve --workers N``, its job host, a solver process.
An orphan would go on serving or searching unsupervised, and an app worker's share of the listening
socket would keep the port taken, so a restarted server could not listen.

Two watches, either enough: on Linux the kernel signals the child when its parent dies
(``PR_SET_PDEATHSIG``, at once), and everywhere a thread looks at the parent's pid every second. The
kernel's watch follows the parent's *thread* that started the child, so it also fires if that thread
ends first: ``spider serve`` starts its app workers on its main thread, and starts its job host again
on the thread that watches it, which ends only when the server stops the host anyway."""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys
import threading
import time

PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>
CHECK_SECONDS = 1.0  # how often the thread looks at the parent's pid
SLACK_SECONDS = 1.0  # past the graceful stop's own bound: the app's shutdown after the connections


def end_with(parent: int, grace: float | None = None) -> None:
    """End this process when the process ``parent`` does; exit at once if it already has (it died
    before the watches began). ``grace``: None ends it at once (SIGKILL: a solver process, nothing of
    its own to tidy); a number sends it SIGTERM, its own graceful stop, and ends it anyway after
    ``grace`` seconds (and a little slack) if that stop has not finished."""
    stop = signal.SIGKILL if grace is None else signal.SIGTERM
    kernel_watch = _parent_death_signal(stop)
    if os.getppid() != parent:
        os._exit(1)
    threading.Thread(target=_watch, args=(parent, grace, kernel_watch), name="lifeline", daemon=True).start()


def _parent_death_signal(signum: int) -> bool:
    """Ask the kernel for ``signum`` when the parent dies; whether it promised to."""
    if not sys.platform.startswith("linux"):
        return False
    with contextlib.suppress(OSError, AttributeError):
        return bool(ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signum, 0, 0, 0) == 0)
    return False


def _watch(parent: int, grace: float | None, kernel_watch: bool) -> None:
    while os.getppid() == parent:
        time.sleep(CHECK_SECONDS)
    if grace is None:
        os._exit(1)
    if not kernel_watch:  # else the kernel has sent it already
        os.kill(os.getpid(), signal.SIGTERM)
    time.sleep(grace + SLACK_SECONDS)
    os._exit(1)  # the graceful stop overran (or the signal's handler never ran it)

"""Whether this process can serve players: the store and the solver queue answer, and a worker
serves the queue (blocking calls, for a thread each)."""

from __future__ import annotations

from ..jobs.players import PlayerJobs
from ..store import Store


class Readiness:
    def __init__(self, store: Store, jobs: PlayerJobs) -> None:
        self.store = store
        self.jobs = jobs

    def database(self) -> bool:
        """A read of the store that answers whatever it holds (no player has the empty token)."""
        self.store.player_settings("")
        return True

    def queue(self) -> bool:
        return self.jobs.queue_reachable()

    def workers(self) -> bool:
        return self.jobs.workers_serving()

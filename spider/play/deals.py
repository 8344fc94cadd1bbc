"""Winnable deals a page keeps for playing offline: one the solver proved winnable, from the pool,
handed out with a proof (an HMAC under the site's own secret) that the server gave this player this
code at this grade, so that the game the page starts from it is created graded and proven winnable
at its first sync. A proof names the player: passed on to another, it proves nothing."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from typing import Any, get_args

from .. import clock
from ..engine import N_, Game, variant
from ..jobs.players import PlayerJobs
from ..store import Store
from .answers import Grade, WinnableDeal
from .errors import Missing
from .limits import WINNABLE, Limits

PROOF_SECRET = "deal_proof_secret"  # the site value (store) that keys the proofs, made once per site
GRADES: tuple[str | None, ...] = (*get_args(Grade), None)  # None: proven winnable, not graded


class DealProofs:
    """Proofs of (player, code, grade), keyed by a secret the site keeps in its store (made at the
    first use, the same for every process)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._key: bytes | None = None

    def _secret(self) -> bytes:
        if self._key is None:  # two threads at once both read the one value the store kept first
            self._key = bytes.fromhex(self.store.site_value(PROOF_SECRET, secrets.token_hex(32)))
        return self._key

    def proof(self, player: str, code: str, grade: str | None) -> str:
        message = "\0".join(("winnable-deal", player, code, grade or "")).encode()
        digest = hmac.new(self._secret(), message, hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()

    def proven(self, player: str, code: str, proof: str | None) -> tuple[bool, str | None]:
        """Whether ``proof`` is this server's for the player's deal, and the grade it was handed
        out at; (False, None) for any other proof, or none."""
        if not proof:
            return False, None
        for grade in GRADES:
            if hmac.compare_digest(self.proof(player, code, grade), proof):
                return True, grade
        return False, None


class Deals:
    """Hands out winnable deals for the page to keep (``DealProofs``), at the client address's rate."""

    def __init__(self, store: Store, jobs: PlayerJobs, proofs: DealProofs, limits: Limits) -> None:
        self.store = store
        self.jobs = jobs
        self.proofs = proofs
        self.limits = limits

    async def winnable(self, player: str, spec: dict[str, Any], client: str | None) -> WinnableDeal:
        """A deal of the level ``spec`` names (game, suits, rules) the solver proved winnable, of
        ``spec["grade"]`` when ready (else of the nearest grade ready), with its proof; Missing
        ``none_ready`` when none is ready."""
        level = variant(spec.get("game", "spider"), spec.get("suits", 1), spec.get("rules", "classic")).key
        with self.limits.spending(WINNABLE, client):
            taken = await self.jobs.winnable_deal(level, spec.get("grade"))
        if taken is None:
            raise Missing("none_ready", N_("No winnable deal of that level is ready: please try again later"))
        code, grade = taken
        code = Game.from_code(code).code or code  # as the page will send it back: canonical
        self.store.add_player(player, clock.now())  # the proof is the player's: they must keep their cookie
        return WinnableDeal.model_validate(
            {"code": code, "grade": grade, "proof": self.proofs.proof(player, code, grade)}
        )

"""PostgreSQL's side of the schema: the steps of ``schema.MIGRATIONS`` applied at start, under an
advisory lock, all in one transaction; the table ``spider_schema`` records each one.

A schema of the releases before that list counted its own steps in ``spider_migrations``: it is
read once in that numbering (``schema.LEGACY``), recorded in the new one, and dropped."""

from __future__ import annotations

from typing import Any

import psycopg

from . import schema

# Any fixed number: the advisory lock that lets one starting process migrate while others wait.
MIGRATION_LOCK = 0x5D1DE2
# When a step was applied: the server's clock, as the store reads none of its own
RECORD = "INSERT INTO spider_schema (version, applied) VALUES (%s, extract(epoch from clock_timestamp()))"


def migrate(conn: psycopg.Connection[Any], steps: list[schema.Step] | None = None) -> int:
    """Apply the steps not yet recorded, all in one transaction (PostgreSQL's DDL is
    transactional: a failing step leaves the schema as it was). Returns the schema version."""
    steps = schema.MIGRATIONS if steps is None else steps
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
        conn.execute(
            "CREATE TABLE IF NOT EXISTS spider_schema (version INTEGER PRIMARY KEY, applied DOUBLE PRECISION NOT NULL)"
        )
        found = conn.execute("SELECT coalesce(max(version), 0) FROM spider_schema").fetchone()
        applied = found[0] if found else 0
        if applied == 0:
            applied = _legacy(conn)
        for number, step in enumerate(steps[applied:], start=applied + 1):
            for statement in schema.statements(step, "postgresql"):
                conn.execute(statement.encode())  # our own constant SQL (psycopg wants a literal or bytes)
            conn.execute(RECORD, (number,))
        return max(applied, len(steps))


def _legacy(conn: psycopg.Connection[Any]) -> int:
    """The version of a schema an older release made, recorded in today's numbering (0: none)."""
    found = conn.execute("SELECT to_regclass('spider_migrations') IS NOT NULL").fetchone()
    if not found or not found[0]:
        return 0
    old = conn.execute("SELECT coalesce(max(version), 0) FROM spider_migrations").fetchone()
    applied = schema.LEGACY["postgresql"][old[0] if old else 0]
    for number in range(1, applied + 1):
        conn.execute(RECORD, (number,))
    conn.execute("DROP TABLE spider_migrations")
    return applied

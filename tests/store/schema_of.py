"""A database's schema as data to compare (tables, columns, keys, indexes, triggers), and databases
of the releases before one list of steps served both stores (``legacy_schema.py``)."""

from __future__ import annotations

import re
import sqlite3
from typing import Any

import psycopg

from .legacy_schema import POSTGRESQL_STEPS, SQLITE_SCHEMA, SQLITE_STEPS


def _spaced(sql: str | None) -> str:
    return re.sub(r"\s+", " ", sql or "").strip()


def sqlite_schema(path: str) -> dict[str, Any]:
    """Each table's columns, key, foreign keys, WITHOUT ROWID and indexes (partial ones' conditions
    included), and each trigger's text."""
    db = sqlite3.connect(path)
    try:
        found: dict[str, Any] = {}
        tables = db.execute(
            "SELECT name, wr FROM pragma_table_list WHERE schema = 'main' AND type = 'table'"
            " AND name NOT LIKE 'sqlite_%' ORDER BY name"
        ).fetchall()
        for table, without_rowid in tables:
            indexes = {}
            for _, index, unique, origin, partial in db.execute(f"PRAGMA index_list({table})").fetchall():
                made = db.execute("SELECT sql FROM sqlite_master WHERE name = ?", (index,)).fetchone()
                where = _spaced(made[0]).partition(" WHERE ")[2] if made and made[0] else ""
                columns = db.execute(f"PRAGMA index_xinfo({index})").fetchall()
                indexes[index if origin == "c" else f"({origin})"] = (unique, partial, where, columns)
            found[table] = {
                "columns": db.execute(f"PRAGMA table_info({table})").fetchall(),
                "foreign keys": db.execute(f"PRAGMA foreign_key_list({table})").fetchall(),
                "without rowid": without_rowid,
                "indexes": indexes,
            }
        triggers = db.execute("SELECT name, tbl_name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name")
        found["triggers"] = [(name, table, _spaced(sql)) for name, table, sql in triggers.fetchall()]
        return found
    finally:
        db.close()


def postgresql_schema(url: str) -> dict[str, Any]:
    """The columns, constraints, indexes, triggers and functions of the URL's schema."""
    with psycopg.connect(url) as conn:
        here = conn.execute("SELECT current_schema()").fetchone()
        assert here is not None
        schema = str(here[0])

        def rows(sql: str) -> list[tuple[Any, ...]]:
            found = conn.execute(sql, (schema,)).fetchall()
            return [tuple(str(v).replace(f"{schema}.", "") if isinstance(v, str) else v for v in row) for row in found]

        return {
            "columns": rows(
                "SELECT table_name, ordinal_position, column_name, data_type, is_nullable, column_default"
                " FROM information_schema.columns WHERE table_schema = %s ORDER BY table_name, ordinal_position"
            ),
            "constraints": rows(
                "SELECT r.relname, c.conname, c.contype, pg_get_constraintdef(c.oid) FROM pg_constraint c"
                " JOIN pg_class r ON r.oid = c.conrelid JOIN pg_namespace n ON n.oid = r.relnamespace"
                " WHERE n.nspname = %s ORDER BY r.relname, c.conname"
            ),
            "indexes": rows("SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = %s ORDER BY indexname"),
            "triggers": rows(
                "SELECT t.tgname, r.relname, pg_get_triggerdef(t.oid) FROM pg_trigger t JOIN pg_class r"
                " ON r.oid = t.tgrelid JOIN pg_namespace n ON n.oid = r.relnamespace"
                " WHERE n.nspname = %s AND NOT t.tgisinternal ORDER BY t.tgname"
            ),
            "functions": rows(
                "SELECT p.proname, regexp_replace(p.prosrc, '\\s+', ' ', 'g') FROM pg_proc p"
                " JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = %s ORDER BY p.proname"
            ),
        }


def old_sqlite(path: str, version: int) -> None:
    """A file as the release of ``version`` (its own numbering: 0 to 23) left it."""
    db = sqlite3.connect(path, isolation_level=None)
    try:
        db.executescript(SQLITE_SCHEMA)
        for number, step in enumerate(SQLITE_STEPS[:version], start=1):
            db.execute("BEGIN")
            for statement in step:
                db.execute(statement)
            db.execute(f"PRAGMA user_version = {number}")
            db.execute("COMMIT")
    finally:
        db.close()


def old_postgresql(url: str, version: int) -> None:
    """A schema as the release of ``version`` (its own numbering: 1 to 10) left it."""
    with psycopg.connect(url) as conn, conn.transaction():
        conn.execute("CREATE TABLE spider_migrations (version INTEGER PRIMARY KEY, applied DOUBLE PRECISION NOT NULL)")
        for number, step in enumerate(POSTGRESQL_STEPS[:version], start=1):
            conn.execute(step.encode())
            conn.execute("INSERT INTO spider_migrations (version, applied) VALUES (%s, 0)", (number,))

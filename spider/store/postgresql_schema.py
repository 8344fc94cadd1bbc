"""The PostgreSQL schema as numbered steps, applied at start; ``spider_migrations`` records each one.

Chosen over SQLAlchemy Core with Alembic: the stores speak plain SQL through their drivers
(sqlite3, psycopg 3), the schema is five tables, and a list of steps with a table of those applied
does what Alembic would, without a second way to describe tables or an env.py to keep in step.
Steps only ever add (tables, columns, indexes): never drop, rename or rewrite, so an app process
of the previous release keeps working beside a newer schema during a rolling restart."""

from __future__ import annotations

import time
from typing import Any

import psycopg

from .club_copies import postgresql_step

# Any fixed number: the advisory lock that lets one starting process migrate while others wait.
MIGRATION_LOCK = 0x5D1DE2

MIGRATIONS = [
    # 1: players, their games as action logs, and the deals proved winnable
    """
    CREATE TABLE players (
        token    TEXT PRIMARY KEY,
        settings JSONB NOT NULL DEFAULT '{}',
        created  DOUBLE PRECISION NOT NULL
    );
    CREATE TABLE games (
        id       TEXT PRIMARY KEY,
        player   TEXT NOT NULL REFERENCES players(token),
        level    TEXT NOT NULL,
        profile  TEXT NOT NULL,
        code     TEXT,
        deck     JSONB,
        status   TEXT NOT NULL,
        version  INTEGER NOT NULL DEFAULT 0,
        elapsed  DOUBLE PRECISION NOT NULL DEFAULT 0,
        moves    INTEGER NOT NULL DEFAULT 0,
        score    INTEGER,
        created  DOUBLE PRECISION NOT NULL,
        finished DOUBLE PRECISION,
        assisted BOOLEAN NOT NULL DEFAULT FALSE,
        seen     DOUBLE PRECISION
    );
    CREATE INDEX games_by_player ON games (player, status, created);
    CREATE TABLE actions (
        game    TEXT NOT NULL REFERENCES games(id),
        seq     INTEGER NOT NULL,
        action  TEXT NOT NULL,
        elapsed DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (game, seq)
    );
    CREATE TABLE winnable (
        code  TEXT PRIMARY KEY,
        level TEXT NOT NULL,
        line  TEXT NOT NULL
    );
    CREATE INDEX winnable_by_level ON winnable (level);
    """,
    # 2: a finished game's review, computed once (docs/FORMATS.md, Game review)
    """
    CREATE TABLE reviews (
        game    TEXT PRIMARY KEY REFERENCES games(id),
        review  JSONB NOT NULL,
        created DOUBLE PRECISION NOT NULL
    );
    """,
    # 3: daily deals (docs/RULES.md, Daily deals), display names and transfer codes
    """
    ALTER TABLE games ADD COLUMN daily TEXT;
    ALTER TABLE players ADD COLUMN name TEXT;
    ALTER TABLE players ADD COLUMN public TEXT;
    CREATE UNIQUE INDEX players_by_public ON players (public) WHERE public IS NOT NULL;
    CREATE TABLE site (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    CREATE TABLE daily_deals (
        day        TEXT NOT NULL,
        level      TEXT NOT NULL,
        deck       JSONB NOT NULL,
        line       JSONB NOT NULL,
        difficulty TEXT NOT NULL,
        created    DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (day, level)
    );
    CREATE TABLE daily_results (
        day      TEXT NOT NULL,
        level    TEXT NOT NULL,
        player   TEXT NOT NULL,
        game     TEXT NOT NULL,
        state    TEXT NOT NULL,
        lost     SMALLINT,
        moves    INTEGER NOT NULL DEFAULT 0,
        seconds  DOUBLE PRECISION NOT NULL DEFAULT 0,
        assisted BOOLEAN NOT NULL DEFAULT FALSE,
        finished DOUBLE PRECISION,
        PRIMARY KEY (day, level, player)
    );
    CREATE INDEX daily_board ON daily_results (day, level, assisted, lost, moves, seconds, finished, player);
    CREATE INDEX daily_by_game ON daily_results (game);
    CREATE INDEX daily_by_player ON daily_results (player, day);
    CREATE TABLE daily_counts (
        day   TEXT NOT NULL,
        level TEXT NOT NULL,
        lost  SMALLINT NOT NULL,
        moves INTEGER NOT NULL,
        n     INTEGER NOT NULL,
        PRIMARY KEY (day, level, lost, moves)
    );
    CREATE INDEX games_by_daily ON games (player, daily) WHERE daily IS NOT NULL;
    CREATE TABLE transfers (
        code    TEXT PRIMARY KEY,
        player  TEXT NOT NULL,
        expires DOUBLE PRECISION NOT NULL
    );
    """,
    # 4: a daily deal's seal: the salt of its fingerprint, its day's key and try (NULL: made before seals)
    "ALTER TABLE daily_deals ADD COLUMN seal JSONB",
    # 5: a display name's look-alike keys (daily/confusables.py), each one indexed lookup, and the
    # operator's flag on a name found breaking the rule (daily/names.py fills both for older names)
    """
    ALTER TABLE players ADD COLUMN folded TEXT;
    ALTER TABLE players ADD COLUMN skeleton TEXT;
    ALTER TABLE players ADD COLUMN name_flag TEXT;
    CREATE INDEX players_by_folded ON players (folded) WHERE folded IS NOT NULL;
    CREATE INDEX players_by_skeleton ON players (skeleton) WHERE skeleton IS NOT NULL;
    """,
    # 6: fair play on the daily boards (docs/RULES.md, Fair play): the server's moment of each action,
    # a lost attempt's progress, why a result stands apart, and the tally keyed on the new order
    """
    ALTER TABLE actions ADD COLUMN at DOUBLE PRECISION;
    ALTER TABLE daily_results ADD COLUMN sets_left INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE daily_results ADD COLUMN face_down INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE daily_results ADD COLUMN standing TEXT NOT NULL DEFAULT 'ranked';
    ALTER TABLE daily_results ADD COLUMN pace DOUBLE PRECISION;
    CREATE INDEX daily_standing ON daily_results
        (day, level, assisted, standing, lost, sets_left, face_down, moves, seconds, finished, player);
    CREATE TABLE daily_tally (
        day       TEXT NOT NULL,
        level     TEXT NOT NULL,
        lost      SMALLINT NOT NULL,
        sets_left INTEGER NOT NULL,
        face_down INTEGER NOT NULL,
        moves     INTEGER NOT NULL,
        n         INTEGER NOT NULL,
        PRIMARY KEY (day, level, lost, sets_left, face_down, moves)
    );
    INSERT INTO daily_tally SELECT day, level, lost, sets_left, face_down, moves, count(*) FROM daily_results
        WHERE NOT assisted AND standing = 'ranked' AND lost >= 0 GROUP BY day, level, lost, sets_left, face_down, moves;
    CREATE INDEX daily_review ON daily_results (finished) WHERE standing = 'review';
    """,
    # 7: clubs (docs/RULES.md, Boards among friends)
    """
    CREATE TABLE clubs (
        id      TEXT PRIMARY KEY,
        name    TEXT NOT NULL,
        owner   TEXT NOT NULL,
        invite  TEXT NOT NULL UNIQUE,
        created DOUBLE PRECISION NOT NULL
    );
    CREATE TABLE club_members (
        club   TEXT NOT NULL REFERENCES clubs(id),
        player TEXT NOT NULL,
        joined DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (club, player)
    );
    CREATE INDEX club_members_by_player ON club_members (player, club);
    -- a member's result looked up by (day, level, player), all a club's board reads of it in the index
    CREATE INDEX daily_by_member ON daily_results (day, level, player, assisted, standing, lost, sets_left,
        face_down, moves, seconds, finished, state, game, pace);
    """,
    # 8: each club's copy of its members' results, kept by triggers (club_copies.py)
    postgresql_step(),
    # 9: graded winnable deals (docs/RULES.md, Grades): a pool deal's grade (NULL: found before
    # grades, handed out only to a request for any grade) and a game's, when its deal was graded
    """
    ALTER TABLE winnable ADD COLUMN grade TEXT;
    CREATE INDEX winnable_by_grade ON winnable (level, grade);
    ALTER TABLE games ADD COLUMN grade TEXT;
    """,
    # 10: perfect games (docs/RULES.md): whether an undo or a hint helped a game. Games saved before it
    # was kept (or by an older release) count as helped, as no one knows whether a hint helped them
    "ALTER TABLE games ADD COLUMN helped BOOLEAN NOT NULL DEFAULT TRUE",
]


def migrate(conn: psycopg.Connection[Any], steps: list[str] | None = None) -> int:
    """Apply the steps not yet recorded, all in one transaction (PostgreSQL's DDL is
    transactional: a failing step leaves the schema as it was). Returns the schema version."""
    steps = MIGRATIONS if steps is None else steps
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
        conn.execute(
            "CREATE TABLE IF NOT EXISTS spider_migrations"
            " (version INTEGER PRIMARY KEY, applied DOUBLE PRECISION NOT NULL)"
        )
        found = conn.execute("SELECT coalesce(max(version), 0) FROM spider_migrations").fetchone()
        applied = found[0] if found else 0
        for number, step in enumerate(steps[applied:], start=applied + 1):
            conn.execute(step.encode())  # our own constant SQL (psycopg wants a literal or bytes)
            conn.execute("INSERT INTO spider_migrations (version, applied) VALUES (%s, %s)", (number, time.time()))
        return max(applied, len(steps))

"""The schema of both stores as one numbered list of steps, in a small dialect of our own.

A step is what a release changed, told once: tables, columns and indexes in neutral types, each
store writing them its own way (``render``): JSON is SQLite's TEXT and PostgreSQL's JSONB, a
boolean SQLite's INTEGER (0 or 1) and PostgreSQL's BOOLEAN, REAL PostgreSQL's DOUBLE PRECISION, and
a table the key is (``without_rowid``) SQLite's WITHOUT ROWID. What the two say differently beyond
that (the club copies' triggers, a hash function) is an ``Each`` with both texts side by side.

Chosen over SQLAlchemy Core with Alembic: the stores speak plain SQL through their drivers, a dozen
small tables are shorter told here than as SQLAlchemy metadata beside an Alembic environment, and
Alembic's SQLite changes copy tables whole (losing WITHOUT ROWID) while the triggers would be raw
SQL per database anyway. SQLite counts the steps applied in ``PRAGMA user_version``, PostgreSQL in
the table ``spider_schema``; each applies the missing ones in one transaction.

The releases before this list had a numbering of their own per store; ``LEGACY`` maps each onto
this one (a database of those releases is recognised by its marks: ``sqlite.py``, ``postgresql_schema.py``)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from .club_copies import postgresql_step, sqlite_steps

Flavour = Literal["sqlite", "postgresql"]

# The neutral types, as each store spells them
TYPES: dict[str, dict[Flavour, str]] = {
    "TEXT": {"sqlite": "TEXT", "postgresql": "TEXT"},
    "INTEGER": {"sqlite": "INTEGER", "postgresql": "INTEGER"},
    "SMALLINT": {"sqlite": "INTEGER", "postgresql": "SMALLINT"},
    "REAL": {"sqlite": "REAL", "postgresql": "DOUBLE PRECISION"},
    "BOOLEAN": {"sqlite": "INTEGER", "postgresql": "BOOLEAN"},
    "JSON": {"sqlite": "TEXT", "postgresql": "JSONB"},
}
_BOOLEANS: dict[Flavour, dict[str, str]] = {
    "sqlite": {"TRUE": "1", "FALSE": "0"},
    "postgresql": {"TRUE": "TRUE", "FALSE": "FALSE"},
}
_DEFAULT_BOOLEAN = re.compile(r"\bDEFAULT (TRUE|FALSE)\b")


def column(definition: str, flavour: Flavour) -> str:
    """``name TYPE [constraints]`` in the neutral types, as ``flavour`` writes it."""
    name, kind, *rest = definition.split(" ", 2)
    written = " ".join([name, TYPES[kind][flavour], *rest])
    return _DEFAULT_BOOLEAN.sub(lambda m: f"DEFAULT {_BOOLEANS[flavour][m.group(1)]}", written)


@dataclass(frozen=True)
class Table:
    name: str
    columns: tuple[str, ...]  # "name TYPE [constraints]", in the neutral types
    key: str = ""  # a table constraint, such as "PRIMARY KEY (game, seq)"
    without_rowid: bool = False  # SQLite: the table is its key's index (PostgreSQL has no rowid)


@dataclass(frozen=True)
class Column:
    """A column added to a table."""

    table: str
    definition: str  # "name TYPE [constraints]"


@dataclass(frozen=True)
class Index:
    name: str
    table: str
    columns: str
    unique: bool = False
    where: str = ""


@dataclass(frozen=True)
class DropIndex:
    name: str


@dataclass(frozen=True)
class Sql:
    """A statement both stores speak alike (a data step)."""

    statement: str


@dataclass(frozen=True)
class Each:
    """Statements each store says its own way."""

    sqlite: tuple[str, ...]
    postgresql: tuple[str, ...]


Change = Table | Column | Index | DropIndex | Sql | Each


@dataclass(frozen=True)
class Step:
    why: str
    changes: tuple[Change, ...]


def render(change: Change, flavour: Flavour) -> list[str]:
    """The change as ``flavour``'s statements."""
    if isinstance(change, Table):
        parts = [column(one, flavour) for one in change.columns] + ([change.key] if change.key else [])
        rowid = " WITHOUT ROWID" if change.without_rowid and flavour == "sqlite" else ""
        return [f"CREATE TABLE {change.name} ({', '.join(parts)}){rowid}"]
    if isinstance(change, Column):
        return [f"ALTER TABLE {change.table} ADD COLUMN {column(change.definition, flavour)}"]
    if isinstance(change, Index):
        unique = "UNIQUE " if change.unique else ""
        where = f" WHERE {change.where}" if change.where else ""
        return [f"CREATE {unique}INDEX {change.name} ON {change.table} ({change.columns}){where}"]
    if isinstance(change, DropIndex):
        return [f"DROP INDEX IF EXISTS {change.name}"]
    if isinstance(change, Sql):
        return [change.statement]
    return list(change.sqlite if flavour == "sqlite" else change.postgresql)


def statements(step: Step, flavour: Flavour) -> list[str]:
    return [statement for change in step.changes for statement in render(change, flavour)]


# Every column that holds a player's id: once their cookie's token itself, now its SHA-256 (hex).
# The copies before the results: the results' trigger then finds its copies already converted.
PLAYER_COLUMNS = (
    ("players", "token"),
    ("games", "player"),
    ("club_members", "player"),
    ("club_results", "player"),
    ("daily_results", "player"),
    ("clubs", "owner"),
    ("transfers", "player"),
)
SQLITE_SHA256 = "sha256"  # registered on the connection by sqlite.py (SQLite has no hash of its own)


def _hash_tokens() -> Each:
    def update(sha256: str) -> tuple[str, ...]:
        return tuple(f"UPDATE {table} SET {name} = {sha256.format(name)}" for table, name in PLAYER_COLUMNS)

    return Each(
        # the foreign key of games to players is checked at the commit, once both are converted
        sqlite=("PRAGMA defer_foreign_keys = ON", *update(SQLITE_SHA256 + "({})")),
        postgresql=(
            "ALTER TABLE games DROP CONSTRAINT games_player_fkey",
            *update("encode(sha256(convert_to({}, 'UTF8')), 'hex')"),
            "ALTER TABLE games ADD CONSTRAINT games_player_fkey FOREIGN KEY (player) REFERENCES players(token)",
        ),
    )


MIGRATIONS: list[Step] = [
    Step(
        "players, their games as action logs, and the deals proved winnable",
        (
            Table(
                "players",
                ("token TEXT PRIMARY KEY", "settings JSON NOT NULL DEFAULT '{}'", "created REAL NOT NULL"),
            ),
            Table(
                "games",
                (
                    "id TEXT PRIMARY KEY",
                    "player TEXT NOT NULL REFERENCES players(token)",
                    "level TEXT NOT NULL",
                    "profile TEXT NOT NULL",
                    "code TEXT",
                    "deck JSON",
                    "status TEXT NOT NULL",
                    "version INTEGER NOT NULL DEFAULT 0",
                    "elapsed REAL NOT NULL DEFAULT 0",
                    "moves INTEGER NOT NULL DEFAULT 0",
                    "score INTEGER",
                    "created REAL NOT NULL",
                    "finished REAL",
                ),
            ),
            Index("games_by_player", "games", "player, status, created"),
            Table("winnable", ("code TEXT PRIMARY KEY", "level TEXT NOT NULL", "line TEXT NOT NULL")),
            Table(
                "actions",
                (
                    "game TEXT NOT NULL REFERENCES games(id)",
                    "seq INTEGER NOT NULL",
                    "action TEXT NOT NULL",
                    "elapsed REAL NOT NULL",
                ),
                key="PRIMARY KEY (game, seq)",
                without_rowid=True,
            ),
        ),
    ),
    Step(
        "games imported with their actions or helped by the solver are counted apart",
        (Column("games", "assisted BOOLEAN NOT NULL DEFAULT FALSE"),),
    ),
    Step(
        "when the server last heard of the game (an action or a timer save), to bound its timer",
        (Column("games", "seen REAL"),),
    ),
    Step(
        "a finished game's review, computed once (docs/FORMATS.md, Game review)",
        (
            Table(
                "reviews",
                ("game TEXT PRIMARY KEY REFERENCES games(id)", "review JSON NOT NULL", "created REAL NOT NULL"),
            ),
        ),
    ),
    # 5-17: daily deals (docs/RULES.md, Daily deals), display names and transfer codes
    Step("the day of a daily deal's game", (Column("games", "daily TEXT"),)),
    Step("a player's chosen display name", (Column("players", "name TEXT"),)),
    Step("a player's public id", (Column("players", "public TEXT"),)),
    Step("one player per public id", (Index("players_by_public", "players", "public", True, "public IS NOT NULL"),)),
    Step("the site's values", (Table("site", ("key TEXT PRIMARY KEY", "value TEXT NOT NULL")),)),
    Step(
        "the daily deals",
        (
            Table(
                "daily_deals",
                (
                    "day TEXT NOT NULL",
                    "level TEXT NOT NULL",
                    "deck JSON NOT NULL",
                    "line JSON NOT NULL",
                    "difficulty TEXT NOT NULL",
                    "created REAL NOT NULL",
                ),
                key="PRIMARY KEY (day, level)",
            ),
        ),
    ),
    Step(
        "the players' counted attempts at them",
        (
            Table(
                "daily_results",
                (
                    "day TEXT NOT NULL",
                    "level TEXT NOT NULL",
                    "player TEXT NOT NULL",
                    "game TEXT NOT NULL",
                    "state TEXT NOT NULL",
                    "lost SMALLINT",
                    "moves INTEGER NOT NULL DEFAULT 0",
                    "seconds REAL NOT NULL DEFAULT 0",
                    "assisted BOOLEAN NOT NULL DEFAULT FALSE",
                    "finished REAL",
                ),
                key="PRIMARY KEY (day, level, player)",
            ),
        ),
    ),
    Step(
        "the first leaderboard order",
        (Index("daily_board", "daily_results", "day, level, assisted, lost, moves, seconds, finished, player"),),
    ),
    Step("a game's counted attempt", (Index("daily_by_game", "daily_results", "game"),)),
    Step("a player's counted attempts", (Index("daily_by_player", "daily_results", "player, day"),)),
    Step(
        "the first leaderboard tally",
        (
            Table(
                "daily_counts",
                (
                    "day TEXT NOT NULL",
                    "level TEXT NOT NULL",
                    "lost SMALLINT NOT NULL",
                    "moves INTEGER NOT NULL",
                    "n INTEGER NOT NULL",
                ),
                key="PRIMARY KEY (day, level, lost, moves)",
            ),
        ),
    ),
    Step("a player's daily games", (Index("games_by_daily", "games", "player, daily", where="daily IS NOT NULL"),)),
    Step(
        "transfer codes (their hashes)",
        (Table("transfers", ("code TEXT PRIMARY KEY", "player TEXT NOT NULL", "expires REAL NOT NULL")),),
    ),
    Step(
        "a daily deal's seal: the salt of its fingerprint, its day's key and try (NULL: made before seals)",
        (Column("daily_deals", "seal JSON"),),
    ),
    Step(
        "a display name's look-alike keys (daily/confusables.py), each one indexed lookup, and the"
        " operator's flag on a name found breaking the rule (daily/names.py fills both for older names)",
        (
            Column("players", "folded TEXT"),
            Column("players", "skeleton TEXT"),
            Column("players", "name_flag TEXT"),
            Index("players_by_folded", "players", "folded", where="folded IS NOT NULL"),
            Index("players_by_skeleton", "players", "skeleton", where="skeleton IS NOT NULL"),
        ),
    ),
    Step(
        "fair play on the daily boards (docs/RULES.md, Fair play): the server's moment of each action, a"
        " lost attempt's progress, why a result stands apart, and the tally keyed on the new order",
        (
            Column("actions", "at REAL"),
            Column("daily_results", "sets_left INTEGER NOT NULL DEFAULT 0"),
            Column("daily_results", "face_down INTEGER NOT NULL DEFAULT 0"),
            Column("daily_results", "standing TEXT NOT NULL DEFAULT 'ranked'"),
            Column("daily_results", "pace REAL"),
            Index(
                "daily_standing",
                "daily_results",
                "day, level, assisted, standing, lost, sets_left, face_down, moves, seconds, finished, player",
            ),
            Table(
                "daily_tally",
                (
                    "day TEXT NOT NULL",
                    "level TEXT NOT NULL",
                    "lost SMALLINT NOT NULL",
                    "sets_left INTEGER NOT NULL",
                    "face_down INTEGER NOT NULL",
                    "moves INTEGER NOT NULL",
                    "n INTEGER NOT NULL",
                ),
                key="PRIMARY KEY (day, level, lost, sets_left, face_down, moves)",
            ),
            Sql(
                "INSERT INTO daily_tally SELECT day, level, lost, sets_left, face_down, moves, count(*)"
                " FROM daily_results WHERE NOT assisted AND standing = 'ranked' AND lost >= 0"
                " GROUP BY day, level, lost, sets_left, face_down, moves"
            ),
            Index("daily_review", "daily_results", "finished", where="standing = 'review'"),
        ),
    ),
    Step(
        "clubs (docs/RULES.md, Boards among friends), and a member's result looked up by (day, level,"
        " player) with all a club's board reads of it in the index",
        (
            Table(
                "clubs",
                (
                    "id TEXT PRIMARY KEY",
                    "name TEXT NOT NULL",
                    "owner TEXT NOT NULL",
                    "invite TEXT NOT NULL UNIQUE",
                    "created REAL NOT NULL",
                ),
            ),
            Table(
                "club_members",
                ("club TEXT NOT NULL REFERENCES clubs(id)", "player TEXT NOT NULL", "joined REAL NOT NULL"),
                key="PRIMARY KEY (club, player)",
                without_rowid=True,
            ),
            Index("club_members_by_player", "club_members", "player, club"),
            Index(
                "daily_by_member",
                "daily_results",
                "day, level, player, assisted, standing, lost, sets_left, face_down, moves, seconds, finished,"
                " state, game, pace",
            ),
        ),
    ),
    Step(
        "each club's copy of its members' results, kept by triggers (club_copies.py)",
        (Each(sqlite=sqlite_steps(), postgresql=(postgresql_step(),)),),
    ),
    Step(
        "graded winnable deals (docs/RULES.md, Grades): a pool deal's grade (NULL: found before grades,"
        " handed out only to a request for any grade) and a game's, when its deal was graded",
        (
            Column("winnable", "grade TEXT"),
            Index("winnable_by_grade", "winnable", "level, grade"),
            Column("games", "grade TEXT"),
        ),
    ),
    Step(
        "perfect games (docs/RULES.md): whether an undo or a hint helped a game. Games saved before it was"
        " kept (or by an older release) count as helped, as no one knows whether a hint helped them",
        (Column("games", "helped BOOLEAN NOT NULL DEFAULT TRUE"),),
    ),
    Step(
        "a player's token kept as its SHA-256 only: their id in every table becomes that hash (the cookie"
        " keeps the token, so nobody is logged out), and the tokens of the other browsers a transfer code"
        " linked to them, by the same hash (web/identity.py)",
        (
            _hash_tokens(),
            Table(
                "player_tokens",
                ("token TEXT PRIMARY KEY", "player TEXT NOT NULL REFERENCES players(token)", "created REAL NOT NULL"),
                without_rowid=True,
            ),
            Index("player_tokens_by_player", "player_tokens", "player"),
        ),
    ),
    Step(
        "PostgreSQL's first schema had an index of the winnable deals by level, which winnable_by_grade"
        " (level, grade) serves since: both stores alike without it",
        (DropIndex("winnable_by_level"),),
    ),
]

# The versions of the releases before this list, each store's own, as this list's: SQLite counted
# its steps after a first schema (0: that schema alone), PostgreSQL its steps in spider_migrations.
LEGACY: dict[Flavour, dict[int, int]] = {
    "sqlite": {old: old + 1 for old in range(24)},
    "postgresql": {0: 0, 1: 3, 2: 4, 3: 17, 4: 18, 5: 19, 6: 20, 7: 21, 8: 22, 9: 23, 10: 24},
}

"""Each club's own copy of its members' daily results (``club_results``), kept by the database.

A club's board must read as fast as the site's, whatever the club's size beside the day's results:
so each member's result is also kept under each club the player is in, in a table whose index is
the site's board order behind the club (``club_board``). Triggers keep the copy, both stores alike,
so that no write of a result or of a membership can forget it (every path that writes
``daily_results`` or ``club_members``, today's and tomorrow's, and an older release's during a
rolling restart). A player is in at most a few clubs, so a result is written a few times more.

The statements below are the triggers' bodies, with ``NEW``/``OLD`` as both databases name the row.
A result's (day, level, player) never changes once made; its other columns are copied whole."""

from __future__ import annotations

COLUMNS: tuple[str, ...] = ("game", "state", "lost", "moves", "seconds", "assisted", "finished", "sets_left")
COLUMNS += ("face_down", "standing", "pace")
_ALL = ("day", "level", "player", *COLUMNS)
_LIST = ", ".join(_ALL)
_NEW = ", ".join(f"NEW.{column}" for column in _ALL)

CREATE_TABLE = "CREATE TABLE club_results (club TEXT NOT NULL, {columns}, PRIMARY KEY (club, player, day, level))"
# The board's order within one club's deal (as daily_standing is the site's)
CREATE_BOARD = (
    "CREATE INDEX club_board ON club_results"
    " (club, day, level, assisted, standing, lost, sets_left, face_down, moves, seconds, finished, player)"
)
# The copies of the results there are when the table is made (a store that had clubs already)
FILL = f"INSERT INTO club_results (club, {_LIST}) SELECT m.club, {', '.join(f'r.{c}' for c in _ALL)}" + (
    " FROM club_members m JOIN daily_results r ON r.player = m.player"
)

# A result made, changed or gone: under each club its player is in
_CLUBS_OF = "club IN (SELECT m.club FROM club_members m WHERE m.player = {row}.player)"
_THE_RESULT = "player = {row}.player AND day = {row}.day AND level = {row}.level"
RESULT_ADDED = f"INSERT INTO club_results (club, {_LIST}) SELECT m.club, {_NEW} FROM club_members m" + (
    " WHERE m.player = NEW.player"
)
RESULT_CHANGED = (
    f"UPDATE club_results SET {', '.join(f'{column} = NEW.{column}' for column in COLUMNS)}"
    f" WHERE {_CLUBS_OF.format(row='NEW')} AND {_THE_RESULT.format(row='NEW')}"
)
RESULT_GONE = f"DELETE FROM club_results WHERE {_CLUBS_OF.format(row='OLD')} AND {_THE_RESULT.format(row='OLD')}"
# A member joined or left: every result of theirs copied in, or forgotten
MEMBER_JOINED = f"INSERT INTO club_results (club, {_LIST}) SELECT NEW.club, {_LIST} FROM daily_results" + (
    " WHERE player = NEW.player"
)
MEMBER_LEFT = "DELETE FROM club_results WHERE club = OLD.club AND player = OLD.player"


def sqlite_steps() -> tuple[str, ...]:
    """The table, its index, its first copies and the triggers, as SQLite's statements."""
    columns = (
        "day TEXT NOT NULL, level TEXT NOT NULL, player TEXT NOT NULL, game TEXT NOT NULL, state TEXT NOT NULL,"
        " lost INTEGER, moves INTEGER NOT NULL, seconds REAL NOT NULL, assisted INTEGER NOT NULL, finished REAL,"
        " sets_left INTEGER NOT NULL, face_down INTEGER NOT NULL, standing TEXT NOT NULL, pace REAL"
    )
    triggers = {
        "club_result_added": ("AFTER INSERT ON daily_results", RESULT_ADDED),
        "club_result_changed": ("AFTER UPDATE ON daily_results", RESULT_CHANGED),
        "club_result_gone": ("AFTER DELETE ON daily_results", RESULT_GONE),
        "club_member_joined": ("AFTER INSERT ON club_members", MEMBER_JOINED),
        "club_member_left": ("AFTER DELETE ON club_members", MEMBER_LEFT),
    }
    made = [f"CREATE TRIGGER {name} {when} FOR EACH ROW BEGIN {body}; END" for name, (when, body) in triggers.items()]
    return (CREATE_TABLE.format(columns=columns) + " WITHOUT ROWID", CREATE_BOARD, FILL, *made)


def postgresql_step() -> str:
    """The same as one of PostgreSQL's migration steps: a trigger function per table."""
    columns = (
        "day TEXT NOT NULL, level TEXT NOT NULL, player TEXT NOT NULL, game TEXT NOT NULL, state TEXT NOT NULL,"
        " lost SMALLINT, moves INTEGER NOT NULL, seconds DOUBLE PRECISION NOT NULL, assisted BOOLEAN NOT NULL,"
        " finished DOUBLE PRECISION, sets_left INTEGER NOT NULL, face_down INTEGER NOT NULL,"
        " standing TEXT NOT NULL, pace DOUBLE PRECISION"
    )
    return f"""
    {CREATE_TABLE.format(columns=columns)};
    {CREATE_BOARD};
    {FILL};
    CREATE FUNCTION club_results_follow_result() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        IF TG_OP = 'INSERT' THEN {RESULT_ADDED};
        ELSIF TG_OP = 'UPDATE' THEN {RESULT_CHANGED};
        ELSE {RESULT_GONE};
        END IF;
        RETURN NULL;
    END $$;
    CREATE TRIGGER club_results_follow_result AFTER INSERT OR UPDATE OR DELETE ON daily_results
        FOR EACH ROW EXECUTE FUNCTION club_results_follow_result();
    CREATE FUNCTION club_results_follow_member() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        IF TG_OP = 'INSERT' THEN {MEMBER_JOINED};
        ELSE {MEMBER_LEFT};
        END IF;
        RETURN NULL;
    END $$;
    CREATE TRIGGER club_results_follow_member AFTER INSERT OR DELETE ON club_members
        FOR EACH ROW EXECUTE FUNCTION club_results_follow_member();
    """

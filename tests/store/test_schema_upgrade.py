"""One list of steps makes both stores' schemas, and a database of any older release ends with exactly
the schema a new one gets (each store's older numbering mapped onto the list's: schema.LEGACY)."""

from __future__ import annotations

from pathlib import Path

import pytest

from spider.store import schema
from spider.store.postgresql import PostgresStore
from spider.store.sqlite import SQLiteStore
from tests.postgres import Schemas

from .legacy_schema import POSTGRESQL_STEPS, SQLITE_STEPS
from .schema_of import old_postgresql, old_sqlite, postgresql_schema, sqlite_schema


@pytest.fixture(scope="module")
def new_sqlite(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    path = str(tmp_path_factory.mktemp("new") / "new.sqlite3")
    SQLiteStore(path).close()
    return sqlite_schema(path)


@pytest.mark.parametrize("version", range(len(SQLITE_STEPS) + 1))
def test_a_sqlite_file_of_any_older_release_ends_as_a_new_one(
    version: int, tmp_path: Path, new_sqlite: dict[str, object]
) -> None:
    path = str(tmp_path / "old.sqlite3")
    old_sqlite(path, version)
    for _ in range(2):  # the second opening finds nothing left to do
        SQLiteStore(path).close()
        assert sqlite_schema(path) == new_sqlite


@pytest.mark.parametrize("version", range(1, len(POSTGRESQL_STEPS) + 1))
def test_a_postgresql_schema_of_any_older_release_ends_as_a_new_one(version: int, schemas: Schemas) -> None:
    new, old = schemas.new(), schemas.new()
    PostgresStore(new).close()
    old_postgresql(old, version)
    PostgresStore(old).close()
    PostgresStore(old).close()
    assert postgresql_schema(old) == postgresql_schema(new)


def test_both_stores_number_the_steps_alike_and_the_old_numbers_map_in_order() -> None:
    for flavour, mapped in schema.LEGACY.items():
        versions = [mapped[old] for old in sorted(mapped)]
        assert versions == sorted(versions) and versions[-1] < len(schema.MIGRATIONS), flavour
    # the last step each older release had is the same step of the list
    assert schema.LEGACY["sqlite"][len(SQLITE_STEPS)] == schema.LEGACY["postgresql"][len(POSTGRESQL_STEPS)]

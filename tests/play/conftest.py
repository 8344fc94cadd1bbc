"""The play layer's tests run on both stores, as the store's own do."""

from tests.store.conftest import database, opener, schemas, store  # noqa: F401

"""Words that every request needs are made once per process, not per request: each language's
catalog is compiled when the app is made (a first use costs tens of milliseconds, in which the
process answers nobody), and each translations object's card names are worded on first use."""

from __future__ import annotations

import gettext
from pathlib import Path

from fastapi.testclient import TestClient

from spider import i18n
from spider.engine import Game, card_name, card_names, describe
from spider.web.app import create_app

CODE = "SD1-S4-AAAAABD"


class Counted(gettext.NullTranslations):
    """English, counting the messages asked for."""

    def __init__(self) -> None:
        super().__init__()
        self.asked = 0

    def gettext(self, message: str) -> str:
        self.asked += 1
        return message


def test_every_catalog_is_compiled_when_the_app_is_made_and_never_again(tmp_path: Path) -> None:
    i18n.translations.cache_clear()
    i18n.browser_catalog.cache_clear()
    app = create_app(str(tmp_path / "db.sqlite3"), background=False)
    assert i18n.translations.cache_info().currsize == len(i18n.LANGUAGES)
    assert i18n.browser_catalog.cache_info().currsize == len(i18n.LANGUAGES)
    compiled = i18n.translations.cache_info().misses
    with TestClient(app) as client:
        for lang in i18n.LANGUAGES:
            client.put("/api/player/settings", json={"lang": lang})
            view = client.post("/api/games", json={"code": CODE}).json()
            client.post(f"/api/games/{view['id']}/actions", json={"version": 0, "action": "deal"})
            assert client.get(f"/api/i18n/{lang}").status_code == 200
    assert i18n.translations.cache_info().misses == compiled


def test_card_names_are_worded_once_per_translations_object() -> None:
    tr = Counted()
    view = Game.from_code(CODE).view()
    describe(view, tr)
    first = tr.asked
    describe(view, tr)
    assert first - (tr.asked - first) == 52 * 20  # the second asked none of the 20 names for each card
    assert card_names(tr) is card_names(tr) and len(card_names(tr)) == 52


def test_card_names_read_as_before() -> None:
    assert card_name("10S") == "10 of spades" and card_name("QH") == "queen of hearts"
    assert card_name("AC") == "ace of clubs" and card_name("7D") == "7 of diamonds"
    russian = i18n.translations("ru")
    assert card_name("QD", russian) == "дама бубен" and card_names(russian)["5D"] == "5 бубен"

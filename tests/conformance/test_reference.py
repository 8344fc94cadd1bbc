"""The corpus's view is the server's: ``reference.engine_view`` equals what spider/play/views.py's
``game_view`` sends the page for the same game, field for field (so a field added there and not
here, or worded apart, is noticed)."""

from __future__ import annotations

import random

from spider.engine import Game, IllegalAction, all_variants, format_code
from spider.i18n import translations
from spider.play.views import game_view
from spider.store import GameRow

from .reference import engine_view


def test_the_engine_view_is_the_game_view_the_server_sends():
    rng = random.Random(5)
    checked = 0
    for v in all_variants():
        for profile in ("standard", "timed", "moves"):
            game = Game.from_code(format_code(v, rng.randrange(26**7)), profile)
            for _ in range(30):
                legal = game.legal_actions()
                try:
                    game.apply(rng.choice(legal) if legal and rng.random() < 0.85 else "undo")
                except IllegalAction:
                    continue
            row = GameRow(id="g", player="p", level=v.key, profile=profile, code=game.code, deck=None)
            sent = game_view(row, game, translations("en")).model_dump()
            ours = engine_view(game)
            assert {key: sent[key] for key in ours} == ours
            checked += 1
    assert checked == 24

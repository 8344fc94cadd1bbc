"""The differential test: hypothesis draws games (every level and profile, from codes and decks) and
action sequences (legal moves picked by index, deals, undos, redos, best columns, refused and
malformed actions, times and clock steps), and each runs through the Python engine and the browser
engine (tests/js/engine-driver.mjs, one node process) side by side. The first difference fails
with the actions that led to it."""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spider.engine import (
    PROFILES,
    Game,
    SpiderError,
    all_variants,
    card_text,
    describe,
    format_action,
    format_code,
)
from spider.i18n import LANGUAGES, browser_catalog, translations

from .reference import apply, engine_view, refusal, start_game

pytestmark = [pytest.mark.process, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
NODE = shutil.which("node")
VARIANTS = all_variants()


class BrowserEngine:
    """The node driver: a request a line, an answer a line."""

    def __init__(self) -> None:
        assert NODE is not None
        self.process = subprocess.Popen(
            [NODE, str(ROOT / "tests" / "js" / "engine-driver.mjs")],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )

    def ask(self, request: dict[str, Any]) -> Any:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(request, ensure_ascii=False) + "\n")
        self.process.stdin.flush()
        return json.loads(self.process.stdout.readline())

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(timeout=30)


@pytest.fixture(scope="module")
def browser() -> Iterator[BrowserEngine]:
    if NODE is None:
        pytest.skip("node is not installed")
    engine = BrowserEngine()
    for lang in LANGUAGES:
        engine.ask({"op": "catalog", "catalog": browser_catalog(lang)})
    yield engine
    engine.close()


def python_answer(game: Game, action: Any, elapsed: float | None) -> dict[str, Any]:
    try:
        events = apply(game, action, elapsed)
    except SpiderError as e:
        return {"err": refusal(e)}
    return ({} if events is None else {"ev": events}) | {"v": engine_view(game)}


def as_json(value: Any) -> Any:
    return json.loads(json.dumps(value, ensure_ascii=False))


NOISE = st.text(alphabet="0123456789>: \tdealunoDRx", max_size=9)
STEP = st.one_of(
    st.tuples(st.just("legal"), st.integers(0, 200), st.sampled_from(["count", "implied", "best"])),
    st.sampled_from([("deal",), ("undo",), ("redo",)]),
    st.tuples(st.just("move"), st.integers(0, 12), st.integers(0, 12), st.none() | st.integers(0, 14)),
    st.tuples(st.just("best"), st.integers(0, 12), st.integers(0, 14)),
    st.tuples(st.just("text"), NOISE),
    st.tuples(st.just("clock"), st.floats(0, 400, allow_nan=False)),
)
TIME = st.none() | st.floats(0, 5000, allow_nan=False, allow_infinity=False)


def action_of(step: tuple[Any, ...], game: Game) -> Any:
    """The action a drawn step stands for, in the game as it stands."""
    kind = step[0]
    if kind == "legal":
        legal = game.legal_actions()
        if not legal:
            return "deal"
        chosen = legal[step[1] % len(legal)]
        if isinstance(chosen, str) or step[2] == "count":
            return format_action(chosen)
        src, dst, count = chosen
        return f"{src + 1}>{dst + 1}" if step[2] == "implied" else {"best": {"column": src + 1, "count": count}}
    if kind == "move":
        _, src, dst, count = step
        return f"{src}>{dst}" if count is None else f"{src}>{dst}:{count}"
    if kind == "best":
        return {"best": {"column": step[1], "count": step[2]}}
    if kind == "text":
        return step[1]
    if kind == "clock":
        return {"clock": step[1]}
    return step[0]


@st.composite
def starts(draw: st.DrawFn) -> dict[str, Any]:
    v = draw(st.sampled_from(VARIANTS))
    code = format_code(v, draw(st.integers(0, 26**7 - 1)))
    profile = draw(st.sampled_from(PROFILES))
    kind = draw(st.sampled_from(["code", "deck", "record"]))
    if kind == "record":  # a game some actions in, as a page restores one from the device
        game = Game.from_code(code, profile)
        for pick, elapsed in draw(st.lists(st.tuples(st.integers(0, 200), TIME), max_size=30)):
            legal = game.legal_actions()
            if legal:
                game.apply(legal[pick % len(legal)], elapsed)
        return {"record": game.record()}
    if kind == "deck":
        deck = Game.from_code(code).deck
        assert deck is not None
        return {"level": [v.game, v.suits, v.rules], "deck": [card_text(c) for c in deck], "profile": profile}
    return {"code": code, "profile": profile}


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(start=starts(), steps=st.lists(st.tuples(STEP, TIME), max_size=80))
def test_random_action_sequences_answer_the_same_in_both_engines(browser, start, steps):
    game = start_game(start)
    first = browser.ask({"op": "new", "start": start})
    assert first == as_json({"v": engine_view(game)}), f"the start {start} differs"
    played: list[Any] = []
    for step, elapsed in steps:
        action = action_of(step, game)
        played.append(action if elapsed is None else (action, elapsed))
        want = as_json(python_answer(game, action, elapsed))
        request = {"op": "apply", "action": action} | ({} if elapsed is None else {"t": elapsed})
        got = browser.ask(request)
        assert got == want, (
            f"\nstart: {start}\nactions: {played}\nPython: {json.dumps(want)[:3000]}\nbrowser: {json.dumps(got)[:3000]}"
        )
    assert browser.ask({"op": "record"}) == as_json({"record": game.record()}), f"\nstart: {start}\nactions: {played}"


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    start=starts(),
    picks=st.lists(st.integers(0, 200), max_size=60),
    lang=st.sampled_from(LANGUAGES),
)
def test_the_description_is_worded_the_same_in_every_language(browser, start, picks, lang):
    """The page's catalog, adapted by the browser engine, words the table as the server's gettext."""
    game = start_game(start)
    tr = translations(lang)
    for pick in [None, *picks]:
        if pick is not None:
            legal = game.legal_actions()
            if not legal:
                break
            game.apply(legal[pick % len(legal)])
        view = engine_view(game, described=False)
        got = browser.ask({"op": "describe", "lang": lang, "view": view})
        assert got == {"text": describe(view, tr)}, f"\nstart: {start}\nactions: {game.actions}"

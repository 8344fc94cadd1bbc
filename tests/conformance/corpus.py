"""The conformance corpus: games played by the Python engine (the reference) with everything it
answered, for the browser engine (spider/web/static/engine) to replay action by action
(tests/js/conformance.mjs). Every variant and every profile, started from codes, decks and
records; random play biased to be interesting (mostly legal moves, some deals, undos, redos,
best columns and refused actions of every kind), the winnable pool's solved lines with detours
(wins, undo past a completed set, redo after a deal), the standard profile's undo limit and bad
starts. Each game is reproducible from its id (``--only``).

    python -m tests.conformance.corpus --games 10000 --seed 1 --out /tmp/corpus.jsonl [--jobs 2]

The small corpus that ``node --test`` replays (tests/js/engine-conformance.test.mjs) is made by

    python -m tests.conformance.corpus --games 600 --seed 1 --out tests/conformance/small-corpus.jsonl.gz

Output: JSON lines, a header then one game per line: ``{"id", "start", "start_err" | "v0",
"steps": [{"a": action, "t"?: seconds, "h": digest} ...], "rec"?, "rv"?}``, where a step's digest is of
``{"ev": events} | {"err": refusal}`` plus ``"v"``, the view after it (none after a refusal: the
view must be the one before; every eighth view has the English ``description``); ``rec`` is the game's record
and ``rv`` the view of its replay.
``--full`` writes those in full instead of ``h``."""

from __future__ import annotations

import argparse
import contextlib
import gzip
import json
import random
import sys
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import spider.jobs
from spider.engine import Game, SpiderError, all_variants, card_text, format_action, format_code

from .reference import apply, digest, engine_view, refusal, start_game

# solved lines of each level: playing one wins
WINNABLE: dict[str, list[dict[str, Any]]] = json.loads(
    (Path(spider.jobs.__file__).parent / "winnable.json").read_text()
)
PROFILES = ("standard", "timed", "moves")
DESCRIBED_EVERY = 8
LINES_EVERY = 25  # the small corpus's: its 600 games win each level with each profile
BAD_TEXT: list[Any] = [
    "",
    " ",
    "3>",
    ">3",
    "3>7:0",
    "1>2:1000",
    "0>1",
    "11>1",
    "1>11",
    "deal!",
    "DEAL",
    " Undo ",
    "REDO\n",
    "３>７",
    "3 > 7 : 2",
    "x",
    "3>7:",
    "1>1",
    "99>1",
    "1>99",
    "redo now",
    "١>٢",
    "3>7:2:1",
    "-1>2",
    "1>-2",
    "it's",
    'say "hi"',
    "back\\slash",
    "tab\tx",
    "\x00",
    "é>1",
    None,
    5,
    [1],
    {"x": 1},
    True,
]
BAD_CODES: list[Any] = [
    "",
    "SP1-S1C-AAAAAA",
    "SP2-S1C-AAAAAAA",
    "SX1-S1C-AAAAAAA",
    "SP1-S3C-AAAAAAA",
    "SP1-S1R-AAAAAAA",
    "SP1-S2-AAAAAAA",
    "SD1-S2C-AAAAAAA",
    "SP1-S1C-AAAAAA1",
    "SP1-S1C-ÄAAAAAA",
    "SP1-S01C-AAAAAAA",
    "SP-S1C-AAAAAAA",
    "SP1-1C-AAAAAAA",
    "SP1-S1C-AAAA-AAA",
    "ŞP1-S1C-AAAAAAA",
    "SP1-S1X-AAAAAAA",
    "SP1-S1C-ZZZZZZZZ",
    5,
    None,
]
GOOD_ODD_CODES = ["sp1-s2c-abcdefg", " SP1-S1C-AAAAAAA\n", "SP1-S1C\n-AAAAAAA", "sd1-s4-zzzzzzz", "Sp1-S4r-QWERTYU"]


class Recorder:
    """One game of the corpus: its start, then each action with what the Python engine answered."""

    def __init__(self, game_id: str, start: dict[str, Any], full: bool) -> None:
        self.full = full
        self.out: dict[str, Any] = {"id": game_id, "start": start, "steps": []}
        self.view: dict[str, Any] = {}
        self.game: Game | None = None
        try:
            self.game = start_game(start)
        except SpiderError as e:
            self.out["start_err"] = refusal(e)
            return
        self.view = engine_view(self.game)
        self.out["v0"] = self.view if full else digest(self.view)

    def step(self, action: Any, elapsed: float | None = None) -> dict[str, Any] | None:
        """Play ``action``; its events (None when refused or a clock step)."""
        assert self.game is not None
        result: dict[str, Any]
        try:
            events = apply(self.game, action, elapsed)
        except SpiderError as e:
            result, events = {"err": refusal(e)}, None
        else:
            # every eighth step's view has the description too (it is worded from what the view has)
            self.view = engine_view(self.game, described=len(self.out["steps"]) % DESCRIBED_EVERY == 0)
            result = ({} if events is None else {"ev": events}) | {"v": self.view}
        entry: dict[str, Any] = {"a": action} | ({} if elapsed is None else {"t": elapsed})
        self.out["steps"].append(entry | (result if self.full else {"h": digest(result)}))
        return events

    def finish(self) -> dict[str, Any]:
        if self.game is not None:
            record = self.game.record()
            self.out["rec"] = record
            # its replay (the same game, but for a clock moved on after the last action)
            replayed = engine_view(Game.from_record(record))
            self.out["rv"] = replayed if self.full else digest(replayed)
        return self.out


class Clock:
    """The times a player's page would send: mostly forward (crossing 30 s periods), sometimes the
    same, sometimes earlier (the clock never goes back), sometimes none."""

    def __init__(self, rng: random.Random, timed: bool) -> None:
        self.rng = rng
        self.now = 0.0
        self.rate = 0.9 if timed else 0.15

    def next(self) -> float | None:
        rng = self.rng
        if rng.random() > self.rate:
            return None
        r = rng.random()
        if r < 0.05:
            return round(max(0.0, self.now - rng.uniform(0, 20)), 2)
        step = rng.choice([0.0, 0.5, 1.25, 29.9, 30.0, 30.1, 61.0]) if r < 0.3 else rng.uniform(0, 40)
        self.now = round(self.now + step, 3)
        return self.now


def interesting_move(view: dict[str, Any], rng: random.Random) -> Any:
    """A legal move, most often one that turns a card up, builds in suit or fills an empty column."""
    columns = view["columns"]
    weighted: list[tuple[float, int, int, int]] = []
    for group in view["groups"]:
        src, count = group["column"] - 1, group["count"]
        up = columns[src]["up"]
        reveals = count == len(up) and columns[src]["down"] > 0
        for dst in group["targets"]:
            target = columns[dst - 1]["up"]
            same_suit = bool(target) and target[-1][-1] == up[-count][-1]
            weight = 1 + 5 * reveals + 3 * same_suit + (0.2 if not target else 1) + 0.3 * count
            weighted.append((weight, src, dst - 1, count))
    if not weighted:
        return None
    _, src, dst, count = rng.choices(weighted, weights=[w[0] for w in weighted])[0]
    if rng.random() < 0.1:
        return {"best": {"column": src + 1, "count": count}}
    return f"{src + 1}>{dst + 1}" if rng.random() < 0.25 else f"{src + 1}>{dst + 1}:{count}"


def odd_action(view: dict[str, Any], rng: random.Random) -> Any:
    """Something the rules or the notation refuse (or, by chance, a legal move)."""
    n = len(view["columns"]) if view else 10
    r = rng.random()
    if r < 0.45:
        src, dst = rng.randint(0, n + 1), rng.randint(0, n + 1)
        return f"{src}>{dst}" if rng.random() < 0.3 else f"{src}>{dst}:{rng.randint(0, 14)}"
    if r < 0.65:
        return {"best": {"column": rng.randint(0, n + 1), "count": rng.randint(0, 14)}}
    return rng.choice(BAD_TEXT)


def random_play(rec: Recorder, rng: random.Random, clock: Clock, steps: int) -> None:
    for _ in range(steps):
        view = rec.view
        r = rng.random()
        if any(not c["up"] and not c["down"] for c in view["columns"]) and r < 0.1:
            action: Any = "deal"  # refused: a column is empty
        elif r < 0.62:
            action = interesting_move(view, rng) or "deal"
        elif r < 0.70:
            action = "deal"
        elif r < 0.80:
            action = "undo"
        elif r < 0.86:
            action = "redo"
        elif r < 0.97:
            action = odd_action(view, rng)
        else:
            action = {"clock": clock.next() or clock.now}
        events = rec.step(action, clock.next())
        if events and events["kind"] == "deal" and rng.random() < 0.3:  # redo after a deal
            rec.step("undo", clock.next())
            rec.step("redo", clock.next())


def line_play(rec: Recorder, rng: random.Random, clock: Clock, line: list[str]) -> None:
    """A solved line to its win, with detours that come back to it."""
    for action in line:
        r = rng.random()
        if r < 0.04:
            odd = odd_action(rec.view, rng)
            if refused(rec, odd):  # a detour that by chance is legal would leave the line
                rec.step(odd, clock.next())
        elif r < 0.08:
            k = rng.randint(1, 3)
            for _ in range(k):
                rec.step("undo", clock.next())
            for _ in range(k):
                rec.step("redo", clock.next())
        events = rec.step(action, clock.next())
        if events and (events["completed"] or events["kind"] == "deal") and rng.random() < 0.5:
            rec.step("undo", clock.next())  # undo past a completed set or a deal, and play it again
            rec.step(rng.choice(["redo", action]), clock.next())
    after_win: list[Any] = ["undo", "redo", "deal", "1>2", "1>2:1", {"best": {"column": 1, "count": 1}}]
    for _ in range(rng.randint(1, 4)):  # after the win: everything refused
        rec.step(rng.choice(after_win), clock.next())
    if rng.random() < 0.3:
        rec.step({"clock": clock.now + 45})


def refused(rec: Recorder, action: Any) -> bool:
    assert rec.game is not None
    try:
        apply(rec.game.copy(), action, None)
    except SpiderError:
        return True
    return False


def limit_play(rec: Recorder, rng: random.Random, line: list[str]) -> None:
    """The standard profile's undo limit: over 100 actions, then undo until refused, redo some."""
    played = rng.randint(101, min(len(line) - 1, 150))
    for action in line[:played]:
        rec.step(action)
    for _ in range(min(played, 100) + 2):
        rec.step("undo")
    for _ in range(rng.randint(0, 5)):
        rec.step("redo")
    rec.step(interesting_move(rec.view, rng) or "deal")
    rec.step("redo")


def deck_text(game: Game, rng: random.Random) -> list[str]:
    """A game's deck as a client might write it (sometimes lower case, T for 10, spaces)."""
    assert game.deck is not None
    texts = [card_text(c) for c in game.deck]
    if rng.random() < 0.3:
        texts = [rng.choice([t, t.lower(), t.replace("10", "T"), f" {t} "]) for t in texts]
    return texts


def bad_start(rng: random.Random, level: tuple[str, int, str], code: str) -> dict[str, Any]:
    r = rng.random()
    if r < 0.3:
        return {"code": rng.choice(BAD_CODES), "profile": "standard"}
    if r < 0.4:
        return {"code": code, "profile": rng.choice(["fast", "", None, 1, "Standard"])}
    deck: list[Any] = deck_text(Game.from_code(code), rng)
    if r < 0.55:
        deck[rng.randrange(len(deck))] = rng.choice(["1S", "ZZ", "11H", "", "10X", 5, None, "AS ", "ÅS"])
    elif r < 0.7:
        deck = deck[: rng.randint(0, len(deck) - 1)] if rng.random() < 0.5 else deck + ["AS"]
    elif r < 0.85:
        deck[rng.randrange(len(deck))] = rng.choice(["KH", "QC", "2D", "AS", "JS"])
    else:
        return {"record": rng.choice(bad_records(code, level))}
    return {"level": list(level), "deck": deck, "profile": "standard"}


def bad_records(code: str, level: tuple[str, int, str]) -> list[Any]:
    game, suits, rules = level
    return [
        {"code": code, "actions": "1>2"},
        {"code": code, "deck": ["AS"]},
        {"actions": []},
        {"code": code, "extra": 1, "another": 2},
        {"code": code, "actions": ["deal"], "times": [1, 2]},
        {"code": code, "actions": ["deal"], "times": [-1]},
        {"code": code, "actions": ["deal"], "times": [True]},
        {"code": code, "game": "spiderette" if game == "spider" else "spider"},
        {"code": code, "suits": 3},
        {"code": code, "profile": "quick"},
        {"deck": ["AS"] * 10, "game": game, "suits": suits, "rules": rules},
        {"deck": [], "game": "klondike"},
        {"code": 7},
        ["not", "an", "object"],
    ]


def game_kind(index: int, rng: random.Random, lines_every: int) -> str:
    """Every ``lines_every``-th game plays a solved line to its win (the lines go through each
    level with each profile in turn), every 300th the standard profile's undo limit; the others
    are short, and many."""
    if index % lines_every == 0:
        return "line"
    if index % 300 == 7:
        return "limit"
    return rng.choices(["random", "record", "bad"], weights=[80, 13, 7])[0]


def make_game(seed: int, index: int, full: bool, lines_every: int = LINES_EVERY) -> dict[str, Any]:
    rng = random.Random(f"{seed}:{index}")
    kind = game_kind(index, rng, lines_every)
    variants = all_variants()
    # every variant equally, and every profile with each: the lines by their own count
    turn = index // lines_every if kind == "line" else index
    v = variants[turn % len(variants)]
    level = (v.game, v.suits, v.rules)
    profile = PROFILES[(turn // len(variants)) % len(PROFILES)]
    clock = Clock(rng, profile == "timed")
    line_entry = rng.choice(sorted(WINNABLE[v.key], key=lambda entry: len(entry["line"]))[:2])  # the shortest
    code = line_entry["code"] if kind in ("line", "limit") else format_code(v, rng.randrange(26**7))
    if kind == "bad":
        start = bad_start(rng, level, code)
    elif kind == "record":
        start = {"record": played_record(rng, code, profile)}
    elif kind == "limit":
        profile = "standard"
        start = {"code": code, "profile": profile}
    elif rng.random() < 0.3:
        start = {"level": list(level), "deck": deck_text(Game.from_code(code), rng), "profile": profile}
    else:
        odd = kind == "random" and rng.random() < 0.05  # a code written oddly: another deal, not the line's
        start = {"code": rng.choice(GOOD_ODD_CODES) if odd else rng.choice([code, code.lower()])}
        start["profile"] = profile
    rec = Recorder(f"{seed}-{index}-{lines_every}", start, full)
    if rec.game is not None:
        if kind == "line":
            line_play(rec, rng, clock, line_entry["line"])
        elif kind == "limit" and len(line_entry["line"]) > 102:
            limit_play(rec, rng, line_entry["line"])
        else:
            random_play(rec, rng, clock, rng.randint(2, 14))
    return rec.finish()


def played_record(rng: random.Random, code: str, profile: str) -> Any:
    """A record of some random play, sometimes with one action made illegal (a replay refusal)."""
    game = Game.from_code(code, profile)
    clock = Clock(rng, profile == "timed")
    for _ in range(rng.randint(0, 40)):
        texts = [format_action(a) for a in game.legal_actions()] + ["undo", "redo"]
        with contextlib.suppress(SpiderError):
            game.apply(rng.choice(texts), clock.next())
    record = game.record()
    if record["actions"] and rng.random() < 0.3:
        record["actions"][rng.randrange(len(record["actions"]))] = rng.choice(["1>1", "deal", "9>2:13", "nope", 3])
    if rng.random() < 0.2:
        record = {k: record[k] for k in ("code", "actions", "profile", *(("times",) if "times" in record else ()))}
    return record


Chunk = tuple[int, int, int, bool, int]  # seed, first and last game, full, lines_every


def _chunk(args: Chunk) -> list[str]:
    seed, first, last, full, lines_every = args
    return [json.dumps(make_game(seed, i, full, lines_every), ensure_ascii=False) for i in range(first, last)]


def _chunks(games: int, seed: int, full: bool, lines_every: int) -> list[Chunk]:
    size = 100
    return [(seed, i, min(i + size, games), full, lines_every) for i in range(0, games, size)]


def _header(games: int, seed: int, full: bool, lines_every: int) -> str:
    return json.dumps({"format": 1, "seed": seed, "games": games, "full": full, "lines_every": lines_every})


def generate(games: int, seed: int, full: bool = False, lines_every: int = LINES_EVERY) -> Iterator[str]:
    """The corpus's lines: a header, then the games in order."""
    yield _header(games, seed, full, lines_every)
    for chunk in _chunks(games, seed, full, lines_every):
        yield from _chunk(chunk)


def generate_in_pool(games: int, seed: int, full: bool, lines_every: int, jobs: int) -> Iterator[str]:
    """``generate``'s lines, made by ``jobs`` processes (the same lines, in the same order)."""
    yield _header(games, seed, full, lines_every)
    with ProcessPoolExecutor(jobs) as pool:
        for lines in pool.map(_chunk, _chunks(games, seed, full, lines_every)):
            yield from lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--full", action="store_true", help="events and views in full, not digests")
    parser.add_argument("--only", help="just the game of this id (seed-index-lines), e.g. to see a difference in full")
    parser.add_argument("--lines-every", type=int, default=LINES_EVERY, help="a solved line every N games")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", help="file to write (default: standard output)")
    args = parser.parse_args(argv)
    if args.only:
        seed, index, lines_every = (int(part) for part in args.only.split("-"))
        lines: Iterator[str] = iter(
            [
                _header(1, seed, args.full, lines_every),
                json.dumps(make_game(seed, index, args.full, lines_every), ensure_ascii=False),
            ]
        )
    else:
        lines = (
            generate_in_pool(args.games, args.seed, args.full, args.lines_every, args.jobs)
            if args.jobs > 1
            else generate(args.games, args.seed, args.full, args.lines_every)
        )
    if args.out and args.out.endswith(".gz"):  # the committed small corpus: the same bytes each time
        text = "".join(line + "\n" for line in lines)
        Path(args.out).write_bytes(gzip.compress(text.encode(), compresslevel=9, mtime=0))
        return
    with open(args.out or sys.stdout.fileno(), "w", encoding="utf-8", closefd=bool(args.out)) as out:
        for line in lines:
            out.write(line + "\n")


if __name__ == "__main__":
    main()

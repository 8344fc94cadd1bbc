"""Property tests: the engine against a small independent model of the rules, conservation of
cards, undo as an exact inverse, deterministic replay, code round trips."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spider.engine import (
    DEAL,
    DEAL_LIMIT,
    Game,
    IllegalAction,
    Move,
    SpiderError,
    card_text,
    format_action,
    format_code,
    parse_code,
    variant,
)

from .helpers import LEVELS, position, snapshot, spider_game, spider_line, spiderette_game, spiderette_line

PROPERTY = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# ----- an independent model of the rules (docs/RULES.md, Playing), written from the text -----


class Model:
    """The rules as the text states them, on a copy of a position's cards."""

    def __init__(self, game):
        v = game.variant
        self.relaxed = v.relaxed
        self.deal_sizes = list(v.deals)
        self.down = [list(c[: game.down[i]]) for i, c in enumerate(game.cols)]
        self.up = [list(c[game.down[i] :]) for i, c in enumerate(game.cols)]
        start = len(game.stock) - game.stock_count
        self.stock = list(game.stock[start:])
        self.deals_done = game.deals_done
        self.removed = list(game.removed_suits)
        self.sequences = v.sequences

    @staticmethod
    def rank(c):
        return c % 13 + 1

    def movable(self, group):
        return all(
            self.rank(a) == self.rank(b) + 1 and (self.relaxed or a // 13 == b // 13)
            for a, b in zip(group, group[1:], strict=False)
        )

    def runs(self):
        """The length of each column's movable group: the longest tail of face-up cards that
        moves together."""
        out = []
        for up in self.up:
            n = 0
            while n < len(up) and self.movable(up[-(n + 1) :]):
                n += 1
            out.append(n)
        return out

    def legal(self):
        if len(self.removed) == self.sequences:
            return set()
        out = set()
        for src, up in enumerate(self.up):
            for n in range(1, len(up) + 1):
                group = up[-n:]
                if not self.movable(group):
                    break
                for dst in range(len(self.up)):
                    if dst == src:
                        continue
                    target = self.down[dst] + self.up[dst]
                    if not target or self.rank(target[-1]) == self.rank(group[0]) + 1:
                        out.add((src, dst, n))
        if self.deals_done < len(self.deal_sizes) and all(self.down[i] + self.up[i] for i in range(len(self.up))):
            out.add(DEAL)
        return out

    def complete(self, col):
        up = self.up[col]
        last = up[-13:]
        if (
            len(last) == 13
            and [self.rank(c) for c in last] == list(range(13, 0, -1))
            and len({c // 13 for c in last}) == 1
        ):
            del up[-13:]
            self.removed.append(last[0] // 13)
            self.flip(col)

    def flip(self, col):
        if not self.up[col] and self.down[col]:
            self.up[col].append(self.down[col].pop())

    def apply(self, action):
        if action == DEAL:
            size = self.deal_sizes[self.deals_done]
            cards, self.stock = self.stock[:size], self.stock[size:]
            for col, card in enumerate(cards):
                self.up[col].append(card)
            self.deals_done += 1
            for col in range(size):
                self.complete(col)
            return
        src, dst, n = action
        group = self.up[src][-n:]
        del self.up[src][-n:]
        self.flip(src)
        self.up[dst].extend(group)
        self.complete(dst)

    def columns(self):
        return [(d, u) for d, u in zip(self.down, self.up, strict=True)]


def listed_order(g, action):
    """Where ``legal_moves`` lists an action (its docstring): by source; within a source, onto
    cards by target, then count; then into each empty column, every count; a deal last. The
    solver's ties are broken in this order, so play depends on it."""
    if action == DEAL:
        return (len(g.cols), 0, 0, 0)
    src, dst, count = action
    return (src, not g.cols[dst], dst, count)


def engine_columns(g):
    return [(list(c[: g.down[i]]), list(c[g.down[i] :])) for i, c in enumerate(g.cols)]


def check_invariants(game, conserved=True):
    g = game.position()
    v = g.variant
    start = len(g.stock) - g.stock_count
    cards = [c for col in g.cols for c in col] + g.stock[start:]
    cards += [suit * 13 + r for suit in g.removed_suits for r in range(13)]
    if conserved:
        assert Counter(cards) == Counter(v.composition())  # every card is somewhere, once
    for i, col in enumerate(g.cols):
        assert 0 <= g.down[i] <= len(col)
        assert not col or g.down[i] < len(col)  # the last card of a column is face up
        assert g.run[i] == Model(g).runs()[i]  # the incremental run lengths are right
    assert g.won == (g.removed == v.sequences)


# ----- starting positions -------------------------------------------------------------------


@st.composite
def starts(draw, profiles=("standard",)):
    """A game in a reachable position: a random code, or a hand-built deck part-way through its
    winning line (so that removals, empty columns and wins are common)."""
    name = draw(st.sampled_from(profiles))
    if draw(st.booleans()):
        level = draw(st.sampled_from(LEVELS))
        deal = draw(st.integers(0, DEAL_LIMIT - 1))
        return Game.from_code(format_code(variant(*level), deal), profile=name)
    spider = draw(st.booleans())
    game = spider_game(name) if spider else spiderette_game(name)
    line = spider_line(2) if spider else spiderette_line(2)
    for a in line[: draw(st.integers(0, len(line)))]:
        game.apply(a)
    return game


choices = st.lists(st.integers(0, 2**16), min_size=5, max_size=120)


def pick(g, choice):
    moves = g.legal_actions()
    if g.can_undo:
        moves = moves + ["undo"]
    return moves[choice % len(moves)] if moves else None


def do(g, action):
    if action == "undo":
        g.undo()
    else:
        g.apply(action)


# ----- properties ---------------------------------------------------------------------------


@PROPERTY
@given(starts(), choices)
def test_engine_agrees_with_the_model(g, steps):
    check_invariants(g)
    for choice in steps:
        p = g.position()
        model = Model(p)
        assert model.columns() == engine_columns(p)
        assert set(g.legal_actions()) == set(p.legal_moves()) == model.legal()
        assert g.legal_actions() == sorted(model.legal(), key=lambda a: listed_order(p, a))
        action = pick(g, choice)
        if action is None:
            break
        hashes = p.hashes()
        do(g, action)  # every listed action is accepted
        check_invariants(g)
        p = g.position()
        if action not in ("undo", DEAL):  # the searches rehash only the two columns a move changed
            assert p.hashes_after_move(hashes, action[0], action[1]) == p.hashes()
        if action != "undo":
            model.apply(action)
            assert engine_columns(p) == model.columns()
            assert p.removed_suits == model.removed and p.deals_done == model.deals_done


@PROPERTY
@given(starts(("standard", "timed", "moves")), choices)
def test_undo_is_an_exact_inverse(g, steps):
    for choice in steps:
        action = pick(g, choice)
        if action is None or action == "undo":
            continue
        before = snapshot(g)
        do(g, action)
        after = snapshot(g)
        if g.won:  # a won game is over: the rules refuse to take the winning action back
            with pytest.raises(IllegalAction):
                g.undo()
            assert snapshot(g) == after
            break
        g.undo()
        if g.profile.name == "timed":  # the undo itself is a move worth +10
            assert snapshot(g) | {"moves": 0, "score": 0} == before | {"moves": 0, "score": 0}
            assert g.moves == before["moves"] + 2
        else:
            assert snapshot(g) == before
        do(g, action)
        if g.profile.name != "timed":
            assert snapshot(g) == after


@PROPERTY
@given(starts(("timed", "moves")), choices)
def test_undo_all_the_way_back(g, steps):
    start = g.state()
    n = 0
    for choice in steps:
        action = pick(g, choice)
        if action is None or action == "undo":
            continue
        do(g, action)
        n += 1
    if g.won:
        return
    for _ in range(n):
        g.undo()
    ignore = {"moves": 0, "score": 0, "can_undo": None}
    assert g.state() | ignore == start | ignore


@st.composite
def illegal_attempts(draw):
    return draw(
        st.lists(
            st.tuples(st.integers(-1, 10), st.integers(-1, 10), st.one_of(st.none(), st.integers(-1, 14))),
            min_size=1,
            max_size=30,
        )
    )


@PROPERTY
@given(starts(), choices, illegal_attempts())
def test_actions_outside_the_legal_list_are_refused_and_change_nothing(g, steps, attempts):
    for choice, (src, dst, count) in zip(steps, attempts, strict=False):
        legal = set(g.legal_actions())
        before = snapshot(g)
        if count is not None and (src, dst, count) in legal:
            g.apply(Move(src, dst, count))
        else:
            try:
                n = g.position().check_move(src, dst, count)
            except IllegalAction as e:
                assert e.reason in {
                    "no_such_column",
                    "same_column",
                    "empty_source",
                    "bad_count",
                    "not_a_run",
                    "not_a_descending_run",
                    "not_one_higher",
                    "onto_ace",
                    "game_over",
                }
                assert snapshot(g) == before
                with pytest.raises(SpiderError):
                    g.apply(f"{src + 1}>{dst + 1}" + ("" if count is None else f":{count}"))
                assert snapshot(g) == before
            else:
                assert count is None and (src, dst, n) in legal  # F>T resolved to a listed move
                assert g.apply(Move(src, dst, None)).action == (src, dst, n)
        if DEAL not in set(g.legal_actions()):
            before = snapshot(g)
            with pytest.raises(IllegalAction):
                g.apply(DEAL)
            assert snapshot(g) == before
        action = pick(g, choice)
        if action is None:
            break
        do(g, action)


@PROPERTY
@given(starts(("standard", "timed", "moves")), choices, st.floats(0, 50))
def test_replaying_a_record_is_deterministic(g, steps, pace):
    clock = g.elapsed
    timed = g.profile.name == "timed" and not g.actions  # a record's times cover all or none
    for choice in steps:
        options = [format_action(a) for a in g.legal_actions()] + (["undo"] if g.can_undo else [])
        if not options:
            break
        text = options[choice % len(options)]
        # implied counts too: "F>T" where it means the same as the explicit form
        if ":" in text:
            src, rest = text.split(">")
            dst, n = rest.split(":")
            try:
                if g.position().check_move(int(src) - 1, int(dst) - 1) == int(n):
                    text = f"{src}>{dst}"
            except IllegalAction:
                pass
        clock += pace
        g.apply(text, elapsed=clock if timed else None)
    record = g.record()
    assert ("times" in record) == (timed and bool(record["actions"]))
    again = Game.from_record(json.dumps(record))
    assert again.state() == g.state()
    assert again.record() == record
    assert Game.from_record(record).actions == g.actions


@PROPERTY
@given(st.sampled_from(LEVELS), st.integers(0, DEAL_LIMIT - 1), st.booleans())
def test_codes_round_trip(level, deal, lower):
    v = variant(*level)
    code = format_code(v, deal)
    parsed = parse_code(code.lower() if lower else code)
    assert (parsed.variant, parsed.deal) == (v, deal)
    assert str(parsed) == code and len(code.split("-")[2]) == 7


@settings(max_examples=15, deadline=None)
@given(st.sampled_from(LEVELS), st.integers(0, DEAL_LIMIT - 1))
def test_every_deal_is_a_permutation_of_the_composition(level, deal):
    g = Game.from_code(format_code(variant(*level), deal))
    assert sorted(g.deck) == sorted(g.variant.composition())
    check_invariants(g)


@pytest.mark.parametrize("level", LEVELS)
def test_long_seeded_playouts_agree_with_the_model(level):
    """Deeper games than the examples above reach: seeded random play (moves preferred to deals
    and undos), checked against the model at every step."""
    import random

    rng = random.Random(LEVELS.index(level))  # not hash(): string hashes change per process
    for _ in range(4):
        g = Game.from_code(format_code(variant(*level), rng.randrange(DEAL_LIMIT)), profile="moves")
        for _step in range(250):
            model = Model(g.position())
            legal = g.legal_actions()
            assert set(legal) == model.legal()
            moves = [a for a in legal if a != DEAL]
            if g.can_undo and (not legal or rng.random() < 0.05):
                g.undo()
            elif not legal:
                break
            else:
                action = rng.choice(moves) if moves and (DEAL not in legal or rng.random() < 0.9) else DEAL
                g.apply(action)
                model.apply(action)
                p = g.position()
                assert engine_columns(p) == model.columns() and p.removed_suits == model.removed
            check_invariants(g)


# ----- crafted positions: long runs, near-complete sequences, mixed suits --------------------


@st.composite
def crafted_positions(draw):
    """Positions (not from a real deck) full of what random play rarely reaches: runs of one or
    mixed suits, king-to-two runs waiting for an ace, empty columns, a stock still to deal."""
    v = variant(*draw(st.sampled_from(LEVELS)))
    suit = st.integers(0, v.suits - 1)
    card = st.builds(lambda r, s: s * 13 + r - 1, st.integers(1, 13), suit)
    columns = []
    for _ in range(v.columns):
        down = draw(st.lists(card, max_size=3))
        kind = draw(st.integers(0, 5))
        if kind == 0 and not down:
            up = []
        elif kind in (1, 2):  # a run from the king down, of one suit or (sometimes) mixed
            length = draw(st.integers(10, 13))
            s0 = draw(suit)
            mixed = draw(st.booleans()) and draw(st.booleans())
            up = [(draw(suit) if mixed else s0) * 13 + 12 - i for i in range(length)]
        elif kind == 3:  # a short run from the bottom: aces and twos to complete kings' runs
            length = draw(st.integers(1, 3))
            s0 = draw(suit)
            up = [s0 * 13 + length - 1 - i for i in range(length)]
        else:
            up = draw(st.lists(card, min_size=1, max_size=4))
        columns.append(([card_text(c) for c in down], [card_text(c) for c in up]))
    deals_left = draw(st.integers(0, len(v.deals)))
    sizes = list(v.deals)[len(v.deals) - deals_left :]
    stock = [[card_text(draw(card)) for _ in range(n)] for n in sizes]
    return position(v, columns, stock=stock)


@PROPERTY
@given(crafted_positions(), choices)
def test_crafted_positions_agree_with_the_model(g, steps):
    for choice in steps:
        model = Model(g.position())
        assert set(g.legal_actions()) == model.legal()
        action = pick(g, choice)
        if action is None:
            break
        before = snapshot(g)
        do(g, action)
        check_invariants(g, conserved=False)
        if action != "undo":
            model.apply(action)
            p = g.position()
            assert engine_columns(p) == model.columns() and p.removed_suits == model.removed
            after = snapshot(g)
            g.undo()
            assert snapshot(g) == before
            do(g, action)
            assert snapshot(g) == after

"""The strong blind player: hindsight optimisation over the unknown cards.

The quick hints (``hints.py``) never look past a card being turned up or a deal, because they
cannot know what comes next. This player does, by guessing: from the information state only
(``Game.information_state``: every hidden card a stand-in) it deals out ``Sizes.samples`` complete
positions, each with the cards the player has not seen shuffled into the face-down places and the
stock, and values every candidate action by a short full-information beam search on each of
them (the hidden cards of a sample are "known" to that search: the optimism of hindsight, which
averaging over samples tempers). The action with the most wins over the samples, then the
lowest summed cost (on 4 suits, then the fewest actions taken to reach those costs), is played
(Bjarnason, Fern and Tadepalli on Klondike).

Blind by construction: the samples are built from the information state alone, with a random
generator seeded from the public position, so games that differ only in hidden cards get the same
samples and the same answer; and deterministic, because every limit counts positions, never the
clock (unless a caller gives it a ``deadline``: the Hint button's player in ``instant.py``, which
falls back to the quick hint when it passes). The work per decision is bounded by ``Sizes.budget``
positions (setup.py compiles this module with the engine and the search it drives, to keep a
decision quick).

In the endgame (``solves_here``: on 1 suit once the stock is empty; on 4 suits the look-ahead on
more samples does better than this, see ``FOUR_SUITS``), the look-ahead's ranking is checked by
solving: each candidate in turn, best first, is played on every sample (the first
``Sizes.solve_samples``) and the full-information solver (``search.solve``, at most
``Sizes.solve_nodes`` positions a sample) tries to win from there. The first candidate won on every
sample is played, or else the one won on the most. The short look-ahead cannot tell a move that
turns up a card which may well leave the game stuck from one that keeps every way open; the
solver can, sample by sample (docs/SOLVER-NOTES.md, The strong player). It also checks the quick
hint's move when play has stalled, and ``GIVE_UP`` ends a game that wanders too long. Stalled play
avoids the positions it has met, so it can corner itself where every move leads back to one: the
first move of a shortest line to progress (``way_out``) is checked too, after the moves into new
positions.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from typing import NamedTuple

from spider.engine import DEAL, Game, Position, RawAction, Snapshot

from .beam import MAY_COMPLETE
from .heuristics import Weights, dealt_cost, position_cost
from .hints import Chooser, autoplay, hint_action, hint_weights, progress_move, record_hint, worth_looking_at
from .ordering import scored_actions
from .search import solve


class Sizes(NamedTuple):
    """How much work a decision does; all limits count positions or actions, never seconds."""

    samples: int = 12  # deals consistent with what the player has seen, per decision
    candidates: int = 8  # actions valued on the samples at most: the quick hint, the best moves by one-step cost
    budget: int = 6000  # positions the look-aheads of one decision may play, over all samples and candidates
    width: int = 3  # positions kept in a look-ahead beam
    depth: int = 12  # actions a look-ahead plays at most
    solve_nodes: int = 0  # in the endgame: positions the solver may visit on a sample (0: no solving)
    solve_budget: int = 0  # positions those solves may visit over one decision
    solve_candidates: int = 8  # actions valued when the solver checks the choice
    solve_deals: int = 0  # the endgame: at most this many deals left
    solve_down: int = 104  # and at most this many cards face down (104, every card of Spider: no bound)
    solve_samples: int = 0  # samples the solver plays out (0: every sample)
    sooner: bool = False  # where summed costs tie, the action whose look-aheads reach them in fewer actions


# 1 suit solves in the endgame; more work per decision is no sure gain (the trials of every
# level's sizes: docs/SOLVER-NOTES.md, The strong player).
ONE_SUIT = Sizes(solve_nodes=2000, solve_budget=80_000, solve_candidates=12)
# 4 suits: many samples and no solving in the endgame, where with enough samples the look-ahead
# chooses better than the solver's hindsight. ``sooner``: the candidates' summed costs often all tie
# there (reversible moves reach the same best positions), and their order alone chose badly.
FOUR_SUITS = Sizes(samples=32, candidates=10, budget=48000, width=4, depth=20, sooner=True)
SIZES = {1: ONE_SUIT, 2: Sizes(), 4: FOUR_SUITS}
# deals a look-ahead may make (each one more stock level to keep a beam for): none, because a
# sample's hidden cards make dealing look better than it is
DEALS = 0
_WON = -(1 << 30)  # the cost of a won position: beats any other
_LOST = 1 << 40  # the cost of a stranded position (``stranded``): worse than any other
# Stalled play in the endgame can wander among ever new arrangements of the same face-up cards,
# each move checked by the solver; the bound is loose enough to end no game that play still wins.
GIVE_UP = 300
WAY_OUT_BUDGET = 20000  # positions the search for a way out may visit (``way_out``)
_NO_CLOCK = 1e9  # the solves of a decision are bounded by positions, not seconds (deterministic)


class OutOfTime(Exception):
    """A decision given a :class:`Deadline` ran past it."""


class Deadline:
    """``seconds`` from now on ``clock``: the wall clock by default (what a waiting player feels);
    a study may count the deciding thread's CPU time instead (what the decision costs)."""

    def __init__(self, seconds: float, clock: Callable[[], float] = time.perf_counter) -> None:
        self.clock = clock
        self.at = clock() + seconds

    def check(self) -> None:
        if self.clock() > self.at:
            raise OutOfTime()


def _in_time(deadline: Deadline | None) -> None:
    if deadline is not None:
        deadline.check()


def unseen_cards(info: Position) -> list[int]:
    """The cards the player has not seen (in a fixed order): the level's cards minus those face
    up and those in removed sequences. They fill the face-down places and the stock."""
    counts = Counter(info.variant.composition())
    for c, col in enumerate(info.cols):
        counts.subtract(col[info.down[c] :])
    for suit in info.removed_suits:
        counts.subtract(range(suit * 13, suit * 13 + 13))
    if any(n < 0 for n in counts.values()):
        raise ValueError("the position shows more copies of a card than the level has")
    cards = sorted(counts.elements())
    if len(cards) != sum(info.down) + info.stock_count:
        raise ValueError("the unseen cards do not fill the face-down places and the stock")
    return cards


def public_seed(info: Position) -> int:
    """A seed from the public position (hidden cards are stand-ins in ``info``). Hashes of tuples
    of ints do not depend on PYTHONHASHSEED, so it is the same in every process."""
    return hash((info.deals_done, tuple(info.removed_suits), tuple(map(tuple, info.cols)), tuple(info.down)))


def sample_deal(info: Position, rng: random.Random) -> Position:
    """A full-information search copy of ``info`` with the unseen cards shuffled into the
    face-down places (bottom up, column by column) and the undealt stock."""
    cards = unseen_cards(info)
    rng.shuffle(cards)
    return info.with_hidden_cards(cards)


def stranded(g: Position) -> bool:
    """Lost for sure: cards are left to deal but too few on the table to fill every column. A deal
    needs every column filled and nothing else adds cards to the table (on 1 suit, completing the
    last sequences before the last deals ends games this way)."""
    return g.deals_left > 0 and sum(map(len, g.cols)) < len(g.cols)


def strands(game: Position, action: RawAction) -> bool:
    """Whether playing ``action`` leaves ``game`` stranded (worked out on its information state)."""
    if action is DEAL:
        return False
    info = game.information_state()
    info.move(*action)
    return stranded(info)


def sizes_for(info: Position) -> Sizes:
    return SIZES[info.variant.suits]


def samples(info: Position, count: int | None = None) -> list[Position]:
    """``count`` (default: the level's ``Sizes.samples``) deals consistent with ``info``, seeded
    from its public position."""
    rng = random.Random(public_seed(info))
    return [sample_deal(info, rng) for _ in range(sizes_for(info).samples if count is None else count)]


def candidates(info: Position, avoid: set[int] | None, limit: int | None = None) -> list[RawAction]:
    """The actions worth valuing: the quick hint's choice, then the moves into positions not met
    before, best first by their one-step cost, ``limit`` (default: the level's) in all. A deal
    only when the quick hint deals: valued on samples, a deal looks better than it is (the
    look-ahead knows the cards it brings)."""
    out: list[RawAction] = []
    quick = hint_action(info, avoid)
    if quick is not None:
        out.append(quick)
    w = hint_weights(info)
    ranked = []
    for order, move in enumerate(worth_looking_at(info)):
        info.move(*move)
        key, cost = info.position_key(), position_cost(info, w)
        info.undo()
        if (avoid is None or key not in avoid) and move not in out:
            ranked.append((cost, order, move))
    ranked.sort()
    out += [move for _, _, move in ranked[: (sizes_for(info).candidates if limit is None else limit) - len(out)]]
    return out


# Seeing through the cards it turns up is what the look-ahead is worth (other valuations tried:
# docs/SOLVER-NOTES.md, How a candidate is valued).
def look_ahead(g: Position, w: Weights, budget: int, sizes: Sizes) -> tuple[int, int]:
    """The lowest cost a small beam (``sizes.width`` positions per stock level, ``sizes.depth``
    actions, ``DEALS`` deals, ``budget`` positions played) reaches from ``g``, seeing every card
    (``_WON`` on a win), and the actions it took to reach it first. ``g`` is left as it was."""
    width, depth = sizes.width, sizes.depth
    start = g.snapshot()
    last_level = start[0] + DEALS
    best, steps = position_cost(g, w), 0
    layer: list[tuple[int, Snapshot]] = [(best, start)]
    seen = {g.position_key()}
    played = 0
    try:
        for step in range(1, depth + 1):
            by_level: dict[int, list[tuple[int, int, float, RawAction]]] = {}
            for index, (cost, snap) in enumerate(layer):
                g.restore(snap)
                for child_cost, tie, action in scored_actions(g, cost, True, None, w):
                    level = snap[0]
                    if action is DEAL:
                        level += 1
                        if level > last_level:
                            continue
                        dealt = dealt_cost(g, w, cost)
                        child_cost = MAY_COMPLETE if dealt is None else dealt
                    by_level.setdefault(level, []).append((child_cost, index, tie, action))
            nxt: list[tuple[int, Snapshot]] = []
            for level in sorted(by_level):
                kept = 0
                for _, index, _, action in sorted(by_level[level]):
                    if kept >= width or played >= budget:
                        break
                    g.restore(layer[index][1])
                    if action is DEAL:
                        g.deal()
                    else:
                        s, d, k = action  # unpacked: a starred call is generic in compiled code
                        g.move(s, d, k)
                    played += 1
                    if g.won:
                        return _WON, step
                    key = g.position_key()
                    if key in seen or stranded(g):
                        continue
                    seen.add(key)
                    cost = position_cost(g, w)
                    if cost < best:
                        best, steps = cost, step
                    nxt.append((cost, g.snapshot()))
                    kept += 1
            if not nxt:
                break
            layer = nxt
        return best, steps
    finally:
        g.restore(start)


def value(sample: Position, action: RawAction, w: Weights, budget: int, sizes: Sizes) -> tuple[int, int]:
    """The look-ahead cost of playing ``action`` in one sample (``_WON`` if it wins there,
    ``_LOST`` if it strands) and the actions after it that the look-ahead took to reach it."""
    root = sample.snapshot()
    if action is DEAL:
        sample.deal()
    else:
        s, d, k = action  # unpacked: a starred call is generic in compiled code
        sample.move(s, d, k)
    try:
        if sample.won:
            return _WON, 0
        return (_LOST, 0) if stranded(sample) else look_ahead(sample, w, budget, sizes)
    finally:
        sample.restore(root)


def strong_action(
    game: Game | Position, avoid: set[int] | None = None, deadline: Deadline | None = None
) -> RawAction | None:
    """The strong player's action (``DEAL`` for a deal), or None when it has none. Reads only
    the information state; deterministic. Raises :class:`OutOfTime` once past ``deadline``."""
    if game.won:
        return None
    info = game.information_state()
    w, sizes = hint_weights(info), sizes_for(info)
    solving = solves_here(info)
    actions = candidates(info, avoid, sizes.solve_candidates if solving else None)
    if len(actions) <= 1:
        return actions[0] if actions else None
    dealt = samples(info)
    budget = max(1, sizes.budget // (len(actions) * len(dealt)))
    scored = []
    for order, action in enumerate(actions):
        values = []
        for sample in dealt:
            _in_time(deadline)
            values.append(value(sample, action, w, budget, sizes))
        wins = sum(c == _WON for c, _ in values)
        cost = sum(c for c, _ in values if c != _WON)
        steps = sum(n for _, n in values) if sizes.sooner else 0
        scored.append((-wins, cost, steps, order, action))
    scored.sort()
    ranked = [action for *_, action in scored]
    return solved_choice(ranked, dealt, sizes, deadline) if solving else ranked[0]


def deep_hint(game: Game) -> str | None:
    """The deeper hint a player may ask for: the strong player's choice at the end of
    ``game`` as played (``strong_choice``, knowing the positions met and whether play still makes
    progress, as in ``strong_autoplay``), in the notation of docs/FORMATS.md, Actions; bounded by
    positions, not the clock. Blind and deterministic like every choice of this player."""
    return record_hint(game, strong_choice)


def solves_here(game: Position) -> bool:
    """Whether the solver checks the choice: in the endgame (``Sizes.solve_deals`` deals left at
    most, ``Sizes.solve_down`` cards face down at most), on levels that solve."""
    sizes = sizes_for(game)
    return sizes.solve_nodes > 0 and game.deals_left <= sizes.solve_deals and sum(game.down) <= sizes.solve_down


def solved_choice(
    ranked: Iterable[RawAction], dealt: list[Position], sizes: Sizes, deadline: Deadline | None = None
) -> RawAction | None:
    """Of the actions ``ranked`` best first, the first that the solver wins on every sample, or
    else the one won on the most samples (then proved lost on the fewest, then the best ranked);
    None when there are none. Each solve may visit ``sizes.solve_nodes`` positions; once
    ``sizes.solve_budget`` positions are spent, the actions not yet tried are left out (``ranked``
    is read no further than needed). Each sample's position is left as it was."""
    best: tuple[int, int, int] | None = None
    choice: RawAction | None = None
    spent = 0
    if sizes.solve_samples:
        dealt = dealt[: sizes.solve_samples]
    for rank, action in enumerate(ranked):
        wins = losses = 0
        for sample in dealt:
            _in_time(deadline)
            sample.play(action)
            result = solve(sample, time_limit=_NO_CLOCK, node_limit=sizes.solve_nodes)  # on a copy
            sample.undo()
            spent += result.nodes
            wins += result.result == "won"
            losses += result.result == "lost"
        score = (-wins, losses, rank)
        if best is None or score < best:
            best, choice = score, action
        if wins == len(dealt) or spent >= sizes.solve_budget:
            break  # none ranked lower can do better / no positions left to spend
    return choice


def strong_choice(
    game: Position, seen: set[int], progressing: bool, deadline: Deadline | None = None
) -> RawAction | None:
    """The strong player's action; once play stops making progress, the quick hint's (which deals
    or stops) as in ``hints.autoplay``, but a deal (or the strong player's action, when a deal
    is refused) instead of a move that would strand the game; and with every card turned up, a
    deal, after the moves that fill empty columns. In the endgame, on levels that solve
    (``solves_here``), the solver checks the quick hint's move against the strong candidates.
    Raises :class:`OutOfTime` once past ``deadline``."""
    _in_time(deadline)
    if progressing:
        return strong_action(game, seen, deadline)
    if game.deals_left and not any(game.down):
        # nothing left to turn up and no sequence worth completing: deal, filling columns first
        if game.can_deal:
            return DEAL
        fill = fill_move(game, seen)
        if fill is not None:
            return fill
    action = hint_action(game, seen, improve=False)
    if solves_here(game):
        info, sizes = game.information_state(), sizes_for(game)
        # only the samples the solver plays out (the first of the same seeded sequence)
        dealt = samples(info, sizes.solve_samples or None)
        return solved_choice(stalled_steps(info, action, seen), dealt, sizes, deadline)
    if action is None or not strands(game, action):
        return action
    if game.can_deal:
        return DEAL
    return fill_move(game, seen) or strong_action(game, seen, deadline)


def stalled_steps(info: Position, quick: RawAction | None, seen: set[int]) -> Iterator[RawAction]:
    """The actions stalled play checks, best first: the quick hint's, the strong candidates, then
    the way out. The way out may lead back to a position met before, so it is worked out only
    when no action before it wins every sample, and played only when it wins more of them."""
    steps = [quick, *candidates(info, seen, sizes_for(info).solve_candidates)]
    ranked = list(dict.fromkeys(a for a in steps if a is not None))
    yield from ranked
    out = way_out(info)
    if out is not None and out not in ranked:
        yield out


def way_out(info: Position) -> RawAction | None:
    """The first move of a shortest line to the next card turned up or sequence removed, through
    positions met or not (None if none within ``WAY_OUT_BUDGET`` positions). Played move after
    move, it brings that progress one move closer each time, so it cannot go round for ever."""
    return progress_move(info, None, WAY_OUT_BUDGET, nearest=True)


def fill_move(game: Position, seen: set[int]) -> RawAction | None:
    """The move into an empty column that leaves no other empty, at least cost after it, into a
    position not met before if there is one: a step towards the deal that empty columns refuse."""
    info = game.information_state()
    w = hint_weights(info)
    best: tuple[bool, int, int] | None = None
    moves = worth_looking_at(info)
    for order, (s, d, k) in enumerate(moves):
        if info.cols[d] or k >= len(info.cols[s]):
            continue
        info.move(s, d, k)
        ranked = (info.position_key() in seen, position_cost(info, w), order)
        info.undo()
        if best is None or ranked < best:
            best = ranked
    return None if best is None else moves[best[2]]


def strong_autoplay(
    game: Game, max_actions: int = 1500, seconds: list[float] | None = None, choose: Chooser = strong_choice
) -> bool:
    """Play ``game`` (in place) with the strong player, without undo and without peeking; return
    whether it was won (it gives up after ``GIVE_UP`` actions in a row without progress).
    ``seconds`` gets the CPU time of each decision; ``choose`` (the strong player's by default)
    lets a study watch each choice."""
    return autoplay(game, max_actions, choose, seconds, GIVE_UP)

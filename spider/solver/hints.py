"""Hints and autoplay without peeking.

``hint`` works on the game's information state (``Game.information_state``): every face-down
card and every stock card is the same stand-in card before anything else happens, so nothing it
computes can depend on a hidden card's identity (permuting hidden cards can't change the answer). The search
never looks past a reveal or a deal: a move that turns a card face up ends its line, valued for
the face-down card it saves.

The search is a depth-first look-ahead over moves, cut by a fixed number of positions (never by
the clock, so the answer is deterministic). A line is valued by ``position_cost`` (face-down
cards, breaks in face-up runs, empty columns, sequences removed) at its best position; the hint
is the first move of the best line that strictly improves on the current position. When no line
does, a second, deeper look (``DEEP_DEPTH`` moves, ``DEEP_BUDGET`` positions) tries again. When that
finds nothing either, ``progress_move`` searches the visible position best-first (fewest cards left
above a face-down card) for a line of any length that turns a card up or removes a sequence, and
hints its first move: such lines often pass through positions that look no better, e.g. runs moved
into empty columns one after another. Otherwise, "deal" if a deal is possible; if a deal is refused
only because of empty columns, the move that fills one at least cost; otherwise None.
"""

from __future__ import annotations

import heapq
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from spider.engine import DEAL, Game, Move, Position, RawAction, Snapshot, format_action

from .heuristics import Weights, position_cost

Move3 = tuple[int, int, int]  # a move with its card count (hints never look past a deal)
DEPTH = 4
NODE_BUDGET = 2500
# Tuned on autoplay; ``python bench/solver.py --tuning NAME`` prints each choice against its
# alternative (the figures: docs/SOLVER-NOTES.md). 1 suit has weights of its own (hint-one-suit); on
# 2 and 4 suits a column that still hides cards costs extra, which pushes towards emptying columns
# (hint-hidden).
HINT_ONE_SUIT = Weights(down=10, brk=4, suit=2, empty=8, removed=60, stock=2)
# The 4-suit strong player looks ahead with these weights too: changing any one of them made it
# play worse (docs/SOLVER-NOTES.md, The hints' weights).
HINT = Weights(down=20, brk=8, suit=8, empty=8, removed=60, stock=2, hidden=10)
# a second, deeper look before dealing or giving up: small on 1 and 2 suits, it still helps on 4
# once the progress search below is there (hint-deep)
DEEP_DEPTH, DEEP_BUDGET = 7, 15000
# a search for the next card to turn up, before dealing or giving up: more wins on every level (hint-progress)
PROGRESS_BUDGET = 20000  # positions it may visit
STALE_LIMIT = 16  # autoplay: actions in a row without progress before it deals or stops


def public_key(game: Game | Position) -> int:
    """A hash of what the player sees (equal for games that differ only in hidden cards)."""
    return game.information_state().position_key()


def worth_looking_at(g: Position) -> list[Move3]:
    """Legal moves worth looking at: one empty column stands for all, no whole column into one."""
    cols = g.cols
    first_empty = next((i for i, c in enumerate(cols) if not c), -1)
    out = []
    for a in g.legal_moves(with_deal=False):
        if a is DEAL:
            continue
        s, d, k = a
        if not cols[d] and (d != first_empty or k == len(cols[s])):
            continue
        out.append(a)
    return out


def hint_weights(game: Game | Position) -> Weights:
    return HINT_ONE_SUIT if game.variant.suits == 1 else HINT


class _Look:
    def __init__(self, g: Position, budget: int) -> None:
        self.g = g
        self.w = hint_weights(g)
        self.budget = budget
        self.seen: set[int] = set()

    def best(self, depth: int) -> int:
        """The lowest cost reachable from the current position within ``depth`` moves."""
        g = self.g
        w = self.w
        best = position_cost(g, w)
        if depth == 0 or self.budget <= 0:
            return best
        for s, d, k in worth_looking_at(g):
            if self.budget <= 0:
                break
            down_before = sum(g.down)
            g.move(s, d, k)
            self.budget -= 1
            key = g.position_key()
            if key not in self.seen:
                self.seen.add(key)
                ends = sum(g.down) != down_before or g.won  # a card turned up, or the game won
                best = min(best, position_cost(g, w) if ends else self.best(depth - 1))
            g.undo()
        return best


@dataclass(frozen=True)
class Effort:
    """How many positions a hint may look at: its first look, its deeper look (0: none) and its
    search for the next card to turn up. The Hint button's is ``HINT_EFFORT``."""

    look: int = NODE_BUDGET
    deep: int = DEEP_BUDGET
    progress: int = PROGRESS_BUDGET


HINT_EFFORT = Effort()


def hint_action(
    game: Game | Position,
    avoid: set[int] | None = None,
    improve: bool = True,
    ties: random.Random | None = None,
    effort: Effort = HINT_EFFORT,
) -> RawAction | None:
    """The hinted engine action (``DEAL`` for a deal), or None. ``avoid``: public keys of
    positions the player has already been in (autoplay passes them to avoid going round). ``improve`` False skips the
    improving moves (autoplay, when it has wandered too long without progress). ``ties``: a seeded
    generator that breaks ties between equally good moves (by default the first move generated wins);
    ``effort``: the positions it may look at."""
    if game.won:
        return None
    g = game.information_state()
    w = hint_weights(g)
    current = position_cost(g, w)
    scored = _score(g, w, avoid, DEPTH, effort.look, ties)
    if improve and DEEP_DEPTH and effort.deep and not (scored and scored[0][0] < current):
        # nothing better within reach: look further before dealing or giving up
        scored = _score(g, w, avoid, DEEP_DEPTH, effort.deep, ties)
    if improve and scored and scored[0][0] < current:
        return scored[0][3]
    first = progress_move(g, avoid, effort.progress)
    if first is not None:
        return first
    if g.can_deal:
        return DEAL
    if g.deals_left and scored:
        fills = [t for t in scored if not g.cols[t[3][1]]]
        if fills:
            return min(fills, key=lambda t: (t[1], t[2]))[3]
    return None


def _cards_to_uncover(g: Position) -> int:
    """How many face-up cards cover the face-down card nearest to being turned up."""
    return min((len(col) - d for col, d in zip(g.cols, g.down, strict=True) if d), default=0)


def progress_move(
    g: Position, avoid: set[int] | None = None, budget: int = PROGRESS_BUDGET, nearest: bool = False
) -> Move3 | None:
    """The first move of a line that turns a card up or removes a sequence, however long, found
    by a best-first search over the visible position (fewest cards left to uncover first, or with
    ``nearest`` fewest moves first, so the line found is a shortest one), or None when there is
    none within ``budget`` positions. ``g`` is left as it was."""
    start = g.snapshot()
    w = hint_weights(g)
    down, removed = sum(g.down), g.removed
    seen = {g.position_key()}
    # (priority: cards left to uncover, or with ``nearest`` moves played; cost, order, position, first move)
    frontier: list[tuple[int, int, int, Snapshot, Move3 | None]] = [
        (0 if nearest else _cards_to_uncover(g), position_cost(g, w), 0, start, None)
    ]
    nodes = 0
    try:
        while frontier and nodes < budget:
            priority, _, _, packed, first = heapq.heappop(frontier)
            g.restore(packed)
            for action in worth_looking_at(g):
                g.move(*action)
                nodes += 1
                line_start = first or action
                if sum(g.down) < down or g.removed > removed:
                    return line_start
                key = g.position_key()
                if key not in seen and not (first is None and avoid and key in avoid):
                    seen.add(key)
                    after = priority + 1 if nearest else _cards_to_uncover(g)
                    heapq.heappush(frontier, (after, position_cost(g, w), nodes, g.snapshot(), line_start))
                g.undo()
        return None
    finally:
        g.restore(start)


def _score(
    g: Position, w: Weights, avoid: set[int] | None, depth: int, budget: int, ties: random.Random | None = None
) -> list[tuple[int, int, int, Move3]]:
    """Each move not into an avoided position: (best cost of its lines within ``depth`` moves,
    cost right after it, order, move), best first; ``ties`` shuffles the order that breaks ties."""
    moves = worth_looking_at(g)
    if ties is not None:
        ties.shuffle(moves)
    look = _Look(g, budget)
    look.seen.add(g.position_key())
    per_move = max(60, budget // max(1, len(moves)))
    scored = []
    for order, (s, d, k) in enumerate(moves):
        down_before = sum(g.down)
        g.move(s, d, k)
        key = g.position_key()
        if avoid is None or key not in avoid:
            look.seen.add(key)
            if sum(g.down) != down_before or g.won:  # a card turned up, or the game won
                value = position_cost(g, w) - 1  # a sure gain now beats an equal one later
            else:
                look.budget = per_move
                value = look.best(depth - 1)
            scored.append((value, position_cost(g, w), order, (s, d, k)))
        g.undo()
    scored.sort()
    return scored


def hint(game: Game | Position, avoid: set[int] | None = None) -> str | None:
    """A good next action (``"F>T:N"`` or ``"deal"``: docs/FORMATS.md, Actions), or None when no move
    looks useful. Depends only on what the player sees; deterministic."""
    action = hint_action(game, avoid)
    return None if action is None else format_action(action)


def record_hint(game: Game, choose: Chooser | None = None) -> str | None:
    """The action ``choose`` (default: ``quick_choice``) takes at the end of ``game`` as played, in
    the notation of docs/FORMATS.md, Actions, knowing what autoplay would know there
    (``Progress.of``): never back into a position the game has been in (a hint that ignored them
    sent a player who followed it round in circles), and play that has stopped making progress is
    told so. A player who follows these hints from the start plays exactly as ``autoplay`` does."""
    progress = Progress.of(game)
    action = (choose or quick_choice)(game.information_state(), progress.seen, progress.progressing)
    return None if action is None else format_action(action)


# How an autoplayer picks its action: (the game's information state, positions met, still making
# progress) -> action. It is handed what the player knows, so it cannot peek.
Chooser = Callable[[Position, set[int], bool], RawAction | None]


def quick_choice(game: Position, seen: set[int], progressing: bool) -> RawAction | None:
    # wandering without progress: deal, or fill an empty column so as to deal, or give up
    return hint_action(game, seen, improve=progressing)


class Progress:
    """What a player who chooses action after action keeps in mind: the positions met (``seen``,
    public keys), never to be gone back to, and how many actions in a row made no progress (lowered
    the best cost so far, or dealt)."""

    def __init__(self, game: Position) -> None:
        """Progress from ``game``'s position (the player's information state will do)."""
        self.seen = {public_key(game)}
        self.w = hint_weights(game)
        self.best = position_cost(game, self.w)
        self.stale = 0

    @classmethod
    def of(cls, game: Game) -> Progress:
        """The progress of ``game`` as played so far, worked out from its record (the game itself
        is left as it is)."""
        replay = Game.from_record(game.record(), replay=False)
        progress = cls(replay.information_state())
        for text in game.actions:
            replay.apply(text)
            progress.played(replay.information_state(), text == "deal")
        return progress

    @property
    def progressing(self) -> bool:
        return self.stale <= STALE_LIMIT

    def played(self, game: Position, dealt: bool) -> None:
        """Take in the position ``game`` has reached by an action (``dealt``: a deal)."""
        self.seen.add(public_key(game))
        cost = position_cost(game, self.w)
        if cost < self.best or dealt:
            self.best, self.stale = cost, 0
        else:
            self.stale += 1


def autoplay(
    game: Game,
    max_actions: int = 1500,
    choose: Chooser = quick_choice,
    seconds: list[float] | None = None,
    give_up: int | None = None,
) -> bool:
    """Play ``game`` (in place, each action applied to it) by ``choose`` (the hints by default),
    without undo and without peeking (``choose`` is handed the information state); return whether
    it was won. Positions already visited are avoided so that play cannot
    go round in circles; after ``STALE_LIMIT`` actions without progress the chooser is told so,
    and after ``give_up`` (if given) play stops. ``seconds`` gets the CPU time of each decision."""
    progress = Progress(game.information_state())
    for _ in range(max_actions):
        if game.won:
            break
        clock = time.process_time()
        action = choose(game.information_state(), progress.seen, progress.progressing)
        if seconds is not None:
            seconds.append(time.process_time() - clock)
        if action is None:
            break
        game.apply(action if action is DEAL else Move(*action))
        progress.played(game.information_state(), action is DEAL)
        if give_up is not None and progress.stale > give_up:
            break
    return game.won

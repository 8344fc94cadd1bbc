"""The game: a position, the rules that change it, and undo.

Hot paths (``legal_moves``, ``move``, ``deal``, ``undo``) run millions of times in the solver, so
the position is kept flat: each column a list of card ints (bottom to top), the number of its
face-down cards, and the length of its movable tail (``run``), kept up to date incrementally.
"""

from __future__ import annotations

from collections import deque
from math import isfinite

from .cards import card_text
from .errors import N_, SpiderError, illegal
from .scoring import Profile
from .variants import Variant

# A move inside the engine: (source column, target column, card count), columns from 0.
Move = tuple[int, int, int]
# A deal, in lists of legal actions.
DEAL: Move = (-1, -1, 0)
Action = Move

# Undo entries: (kind, source, target, count, source flipped, removals, runs before, score, moves)
_MOVE, _DEAL = 0, 1
# A removal: (column, suit, whether the card beneath turned face up)
Removal = tuple[int, int, bool]
UndoEntry = tuple[int, int, int, int, bool, tuple[Removal, ...], tuple[int, ...] | int, int, int]


# A completed sequence of each suit, king to ace (bottom to top), as undo puts it back.
_SEQUENCES = tuple(tuple(suit * 13 + r for r in range(12, -1, -1)) for suit in range(4))


def _rank(card: int) -> int:
    return card % 13 + 1


class Game:
    """One deal being played. Build with ``Game.new`` or ``from_record`` (records.py)."""

    def __init__(self, v: Variant, deck: list[int], scoring: Profile, deal: int | None = None) -> None:
        from .deck import layout

        self.variant = v
        self.deal_number = deal  # None when built from an explicit deck
        self.deck = list(deck)
        self.profile = scoring
        columns, stock = layout(v, self.deck)
        self.cols: list[list[int]] = columns
        self.down: list[int] = [len(c) - 1 for c in columns]
        self.stock: list[int] = stock
        self.deals_done = 0
        self.removed_suits: list[int] = []
        self.moves = 0
        self.score = scoring.start
        self.elapsed = 0.0
        self.history: deque[UndoEntry] = deque(maxlen=scoring.undo_limit)
        self._relaxed = v.relaxed
        self._floor = v.game == "spider"
        self._deal_sizes = v.deals
        self._sequences = v.sequences
        self.run: list[int] = [self._tail_run(c) for c in range(v.columns)]

    # ----- reading the position -------------------------------------------------------------

    @property
    def deals_left(self) -> int:
        return len(self._deal_sizes) - self.deals_done

    @property
    def stock_count(self) -> int:
        return len(self.stock) - sum(self._deal_sizes[: self.deals_done])

    @property
    def removed(self) -> int:
        return len(self.removed_suits)

    @property
    def won(self) -> bool:
        return len(self.removed_suits) == self._sequences

    def face_up(self, col: int) -> list[int]:
        return self.cols[col][self.down[col] :]

    def _tail_run(self, col: int) -> int:
        """Length of the movable group at the end of ``col``: face-up cards descending by one
        rank, of one suit unless the rules are relaxed."""
        cards = self.cols[col]
        down = self.down[col]
        i = len(cards) - 1
        if i < down:
            return 0
        relaxed = self._relaxed
        while i > down:
            below, above = cards[i - 1], cards[i]
            if below % 13 != above % 13 + 1 or (not relaxed and below // 13 != above // 13):
                break
            i -= 1
        return len(cards) - i

    # ----- legality -------------------------------------------------------------------------

    def can_deal(self) -> bool:
        return self.deals_done < len(self._deal_sizes) and all(self.cols)

    def legal_moves(self, with_deal: bool = True) -> list[Action]:
        """Every distinct legal action: each move as (source, target, count), and DEAL.
        Ordered by source, then target; into an empty column every count from 1 up."""
        cols = self.cols
        at_rank: dict[int, list[int]] = {}  # rank - 1 of a column's last card -> those columns
        empties = []
        for i, c in enumerate(cols):
            if c:
                r = c[-1] % 13
                found = at_rank.get(r)
                if found is None:
                    at_rank[r] = [i]
                else:
                    found.append(i)
            else:
                empties.append(i)
        out: list[Action] = []
        get = at_rank.get
        for src, run in enumerate(self.run):
            if not run:
                continue
            base = cols[src][-1] % 13  # rank - 1 of the group's last card
            if run == 1:
                dsts = get(base + 1)
                if dsts:
                    out += [(src, dst, 1) for dst in dsts]
            else:
                # k cards fit a column whose last card is k ranks above the source's last card
                fits = [(dst, k) for k in range(1, run + 1) for dst in get(base + k, ())]
                if fits:
                    fits.sort()
                    out += [(src, dst, k) for dst, k in fits]
            for dst in empties:
                out += [(src, dst, k) for k in range(1, run + 1)]
        if with_deal and not empties and self.deals_done < len(self._deal_sizes):
            out.append(DEAL)
        return out

    def check_pick(self, src: int, count: int) -> None:
        """Raise IllegalAction unless the top ``count`` cards of ``src`` may be picked up."""
        if not 0 <= src < len(self.cols):
            raise illegal("no_such_column", column=src + 1)
        if self.won:
            raise illegal("game_over")
        source = self.cols[src]
        if not source:
            raise illegal("empty_source")
        if not 0 < count <= len(source) - self.down[src]:
            raise illegal("bad_count", count=count)
        if count > self.run[src]:
            raise illegal("not_a_descending_run" if self._relaxed else "not_a_run")

    def check_move(self, src: int, dst: int, count: int | None = None) -> int:
        """Return the card count of a legal move, or raise IllegalAction saying which rule stops it.
        ``count`` None means the part of the movable group that fits the target (all of it
        onto an empty column)."""
        for col in (src, dst):
            if not 0 <= col < len(self.cols):
                raise illegal("no_such_column", column=col + 1)
        if self.won:
            raise illegal("game_over")
        if src == dst:
            raise illegal("same_column")
        source, target = self.cols[src], self.cols[dst]
        if not source:
            raise illegal("empty_source")
        if count is None:
            if not target:
                return self.run[src]
            need = _rank(target[-1]) - 1
            if need == 0:
                raise illegal("onto_ace")
            count = need - _rank(source[-1]) + 1
            faceup = len(source) - self.down[src]
            if count < 1 or count > faceup or _rank(source[-count]) != need:
                raise illegal("not_one_higher")
        self.check_pick(src, count)
        if target:
            top = _rank(target[-1])
            if top == 1:
                raise illegal("onto_ace")
            if top != _rank(source[-count]) + 1:
                raise illegal("not_one_higher")
        return count

    def check_deal(self) -> None:
        if self.won:
            raise illegal("game_over")
        if self.deals_done >= len(self._deal_sizes):
            raise illegal("no_deals_left")
        if not all(self.cols):
            raise illegal("deal_with_empty_column")

    def check_undo(self) -> None:
        if not self.history:
            if self.moves and self.profile.undo_limit is not None:
                raise illegal("undo_limit", limit=self.profile.undo_limit)
            raise illegal("nothing_to_undo")
        if self.won:
            raise illegal("game_over")

    # ----- changing the position (unchecked: call the check first) -------------------------

    def move(self, src: int, dst: int, count: int) -> int:
        """Apply a legal move; return the number of sequences it completed."""
        cols, down, run = self.cols, self.down, self.run
        source, target = cols[src], cols[dst]
        run_src, run_dst = run[src], run[dst]
        # the group extends the target's run when it is of the target's suit (any suit if relaxed)
        joins = target and (self._relaxed or target[-1] // 13 == source[-count] // 13)
        joined = count + run_dst if joins else count
        target += source[-count:]
        del source[-count:]
        left = len(source)
        flipped = False
        if left and left == down[src]:  # the last face-up card left: turn the next one up
            down[src] = left - 1
            flipped = True
            run[src] = 1
        elif count < run_src:
            run[src] = run_src - count
        else:
            run[src] = self._tail_run(src) if left else 0
        run[dst] = joined
        removals = self._remove_completed(dst) if joined >= 13 else ()
        self.history.append((_MOVE, src, dst, count, flipped, removals, (run_src, run_dst), self.score, self.moves))
        self.moves += 1
        self.score = self.profile.after_action(self.score, len(removals), self._floor)
        if removals and self.won:
            self.score += self.profile.win_bonus(self.elapsed)
        return len(removals)

    def deal(self) -> int:
        """Deal one card onto each column of the next deal; return the sequences it completed."""
        cols, run = self.cols, self.run
        sizes = self._deal_sizes
        size = sizes[self.deals_done]
        start = sum(sizes[: self.deals_done])
        runs_before = tuple(run)
        relaxed = self._relaxed
        for col, card in enumerate(self.stock[start : start + size]):
            column = cols[col]
            below = column[-1] if column else None  # a column's last card is face up
            column.append(card)
            if below is not None and below % 13 == card % 13 + 1 and (relaxed or below // 13 == card // 13):
                run[col] += 1
            else:
                run[col] = 1
        self.deals_done += 1
        removals: tuple[Removal, ...] = ()
        for col in range(size):
            if run[col] >= 13:
                removals += self._remove_completed(col)
        self.history.append((_DEAL, -1, -1, size, False, removals, runs_before, self.score, self.moves))
        self.moves += 1
        self.score = self.profile.after_action(self.score, len(removals), self._floor)
        if removals and self.won:
            self.score += self.profile.win_bonus(self.elapsed)
        return len(removals)

    def _remove_completed(self, col: int) -> tuple[Removal, ...]:
        """Remove a king-to-ace run of one suit ending ``col``, if there is one."""
        cards = self.cols[col]
        suit = cards[-1] // 13
        if cards[-1] % 13 != 0 or any(c // 13 != suit for c in cards[-13:]):
            return ()
        del cards[-13:]
        flipped = len(cards) == self.down[col] and self.down[col] > 0
        if flipped:
            self.down[col] -= 1
        self.run[col] = self._tail_run(col)
        self.removed_suits.append(suit)
        return ((col, suit, flipped),)

    def undo(self) -> None:
        """Take back the last action exactly (call ``check_undo`` first)."""
        kind, src, dst, count, flipped, removals, runs, score, moves = self.history.pop()
        cols = self.cols
        if removals:
            down = self.down
            for col, suit, flip in reversed(removals):
                if flip:
                    down[col] += 1
                cols[col] += _SEQUENCES[suit]
                self.removed_suits.pop()
        if kind == _MOVE:
            source, target = cols[src], cols[dst]
            if flipped:
                self.down[src] += 1
            source += target[-count:]
            del target[-count:]
            run = self.run
            run[src], run[dst] = runs
        else:
            for col in range(count):
                cols[col].pop()
            self.deals_done -= 1
            self.run[:] = runs
        profile = self.profile
        if profile.restores_on_undo:  # the exact earlier score and move count
            self.score, self.moves = score, moves
        else:
            self.score = profile.after_undo(self.score, len(removals))
            self.moves += 1

    def advance_clock(self, elapsed: float) -> None:
        """Tell the game how many seconds of unpaused play have passed (timed profile)."""
        if not isfinite(elapsed):
            raise SpiderError(
                "bad_time", N_("Elapsed time must be a finite number of seconds, not {elapsed!r}"), elapsed=elapsed
            )
        if elapsed > self.elapsed:
            if not self.won:
                self.score = self.profile.after_time(self.score, self.elapsed, elapsed)
            self.elapsed = elapsed

    # ----- convenience ----------------------------------------------------------------------

    def apply(self, action: Action) -> int:
        """Check and apply a move tuple or DEAL; return sequences completed."""
        if action == DEAL:
            self.check_deal()
            return self.deal()
        src, dst, count = action
        return self.move(src, dst, self.check_move(src, dst, count))

    def clone(self) -> Game:
        other = object.__new__(Game)
        other.__dict__.update(self.__dict__)
        other.cols = [list(c) for c in self.cols]
        other.down = list(self.down)
        other.run = list(self.run)
        other.removed_suits = list(self.removed_suits)
        other.history = deque(self.history, maxlen=self.history.maxlen)
        return other

    def __repr__(self) -> str:
        cols = " | ".join(
            " ".join(["##"] * self.down[i] + [card_text(c) for c in self.face_up(i)]) for i in range(len(self.cols))
        )
        return f"<Game {self.variant.key} deals_left={self.deals_left} removed={self.removed}: {cols}>"

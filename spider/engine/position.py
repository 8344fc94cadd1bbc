"""The position: the cards where they lie, the rules that change them, and undo. Unchecked and
fast: it is what the solver searches. A game is played through ``Game`` (game.py), which checks
every action, keeps the record and hands out copies of its position.

Hot paths (``legal_moves``, ``move``, ``deal``, ``undo``) run millions of times in the solver, so
the position is kept flat: each column a list of card ints (bottom to top), the number of its
face-down cards, and the length of its movable tail (``run``), kept up to date incrementally.
A move is a plain ``(source, target, count)`` tuple here (``RawMove``), not a ``Move``: a named
tuple per generated move would make move generation about half as slow again, and a ``Move``
equals its tuple anyway.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import isfinite
from typing import Final, NamedTuple

from .actions import DEAL, UNDO, Deal, Move, Undo
from .cards import CONTINUES, accepts, card_text, parse_card, rank_of, suit_of
from .errors import N_, SpiderError, illegal
from .scoring import Profile
from .scoring import profile as scoring_profile
from .variants import Variant

# The position's own form of a move, as ``legal_moves`` lists it and ``move`` takes it: (source
# column, target column, card count), columns from 0. ``Move`` is the public type; it equals this.
RawMove = tuple[int, int, int]
# A move in that form, or DEAL: what ``legal_moves`` lists, ``play`` plays and a search line holds.
RawAction = RawMove | Deal


class Removal(NamedTuple):
    """A sequence that an action completed and removed, as undo puts it back."""

    column: int
    suit: int
    flipped: bool  # the card beneath it turned face up


class UndoEntry(NamedTuple):
    """What undo needs to take an action back. ``history`` keeps these fields as a plain tuple,
    in this order, which ``undo`` unpacks; ``Position.last_entry`` names them for a reader. Made
    per move, this named tuple cost an apply+undo pair 15% more instructions in pure Python and
    29% more compiled, a final slotted class 19% more in pure Python for 4% less compiled
    (docs/DEVELOPING.md, The engine's speed)."""

    src: int  # the move's source column, or _DEALT for a deal
    dst: int  # the move's target column (_DEALT for a deal)
    size: int  # the cards moved, or the cards dealt
    flipped: bool  # the move turned the source's next card face up
    removals: tuple[Removal, ...]  # the sequences the action completed, in order
    run_src: int  # a move: the source's run before it
    run_dst: int  # a move: the target's run before it
    runs: tuple[int, ...]  # a deal: every column's run before it
    score: int  # the score before the action


# ``UndoEntry`` as ``history`` keeps it
_Entry = tuple[int, int, int, bool, tuple[Removal, ...], int, int, tuple[int, ...], int]
_DEALT: Final = -1  # an entry's source column for a deal
_NO_RUNS: Final[tuple[int, ...]] = ()  # a move's ``runs``
_UNLIMITED: Final = 1 << 62  # the undo limit of a profile without one

# A position as ``Position.snapshot`` gives it: (deals done, sequences removed, columns, face-down
# counts, runs).
Snapshot = tuple[int, tuple[int, ...], tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...]]

STAND_IN = 12  # the king of spades stands in for every hidden card of an information state
_SEARCH_PROFILE = scoring_profile("moves")  # a search copy keeps no score


# A completed sequence of each suit, king to ace (bottom to top), as undo puts it back.
_SEQUENCES = tuple(tuple(suit * 13 + r for r in range(12, -1, -1)) for suit in range(4))


def column_hash(col: tuple[int, ...], down: int) -> int:
    """A column's hash, from its cards and face-down count: ``snapshot_key`` is made of these."""
    return hash((col, down))


def column_hashes(cols: tuple[tuple[int, ...], ...], down: tuple[int, ...]) -> tuple[int, ...]:
    """Every column's hash. A search that plays one move from a position recomputes only the two
    columns the move changed (``Position.hashes_after_move``)."""
    return tuple([column_hash(cols[i], down[i]) for i in range(len(cols))])


def snapshot_key(deals_done: int, hashes: tuple[int, ...], stock_empty: bool) -> int:
    """``Position.position_key`` from the deals done and the columns' hashes (``column_hashes``).
    Once the stock is empty the columns are interchangeable, so their order is left out: the
    hashes are sorted (ints, not columns card by card, which took half of the key's time)."""
    if stock_empty:
        return hash(tuple(sorted(hashes)))
    return hash((deals_done, hashes))


class Position:
    """The search's position: unchecked and fast, with undo. Play a game through ``Game``.

    ``Position(variant, deck, profile)`` lays out a deck (in deal order, ``deck.py``) at the start;
    ``from_columns`` sets up any position, and a game's ``search_copy``/``information_state``
    give copies of its own. ``legal_moves`` lists what may be played; ``move``, ``deal`` (or
    ``play``) and ``undo`` play and take back without checking anything (the ``check_*`` methods
    say whether an action is legal, and why not). The fields (``cols``, ``down``, ``run``,
    ``stock``...) are read by the solver's hot loops: read them, never assign them."""

    def __init__(self, v: Variant, deck: list[int], scoring: Profile, copy_of: Position | None = None) -> None:
        """The start of a deal, or with ``copy_of`` an independent copy of that position as it
        stands (``deck`` is then unused; the copy is made here, not with ``__dict__``, so that the
        class can be compiled)."""
        from .deck import layout

        self.variant = v
        self._floor = v.game == "spider"
        self._use_profile(scoring)
        if copy_of is None:
            columns, stock = layout(v, deck)
            self.cols: list[list[int]] = columns
            self.down: list[int] = [len(c) - 1 for c in columns]
            self.stock: list[int] = stock
            self.deals_done = 0
            self.removed_suits: list[int] = []
            self.moves = 0
            self.score = scoring.start
            self.elapsed = 0.0
            self.history: list[_Entry] = []
        else:
            self.cols = [list(c) for c in copy_of.cols]
            self.down = list(copy_of.down)
            self.stock = copy_of.stock  # never changed: a deal reads it
            self.deals_done = copy_of.deals_done
            self.removed_suits = list(copy_of.removed_suits)
            self.moves = copy_of.moves
            self.score = copy_of.score
            self.elapsed = copy_of.elapsed
            self.history = list(copy_of.history)
        self._relaxed = v.relaxed
        self._continues = CONTINUES[v.relaxed]
        self._deal_sizes = v.deals
        # where each deal starts in the stock
        self._deal_starts = tuple(sum(v.deals[:i]) for i in range(len(v.deals) + 1))
        self._sequences = v.sequences
        self.run: list[int] = list(copy_of.run) if copy_of else [self._tail_run(c) for c in range(v.columns)]

    def _use_profile(self, scoring: Profile) -> None:
        """Play by ``scoring`` from now on. ``move`` and ``undo`` read what it says per action
        from fields, not from ``Profile``'s methods: a call per move took a tenth of the time."""
        self.profile = scoring
        # An action that completes nothing scores a fixed step, floored at 0 in Spider by some
        # profiles: the floor is there when it changes the step's result from 0.
        self._step = scoring.after_action(0, 0, False)
        self._floored = self._floor and scoring.after_action(0, 0, True) != self._step
        self._restores = scoring.restores_on_undo
        self._undo_limit = _UNLIMITED if scoring.undo_limit is None else scoring.undo_limit

    @classmethod
    def from_columns(
        cls,
        v: Variant,
        columns: Sequence[Sequence[int | str]],
        *,
        down: Sequence[int] | None = None,
        stock: Sequence[Sequence[int | str]] = (),
        removed: Sequence[int] = (),
        profile: str = "standard",
    ) -> Position:
        """Any position of a level, e.g. a puzzle or a test's, whether or not its cards make a
        full deck: each column's cards bottom to top (``10S`` or card ints), ``down`` the number
        of face-down cards at the bottom of each (none by default; the last card of a column is
        face up), ``stock`` the deals still to come, each its cards for columns 1, 2, … (as many
        deals as the level has left, each of the size the level deals then), ``removed`` the
        suits (0-3, S H D C) of the sequences already removed. ValueError says what does not fit
        the level."""
        if len(columns) != v.columns:
            raise ValueError(f"{v.key} has {v.columns} columns, not {len(columns)}")
        cols = [[c if isinstance(c, int) else parse_card(c) for c in col] for col in columns]
        counts = [0] * v.columns if down is None else list(down)
        if len(counts) != v.columns or any(
            not 0 <= n < len(col) and not (n == 0 and not col) for n, col in zip(counts, cols, strict=True)
        ):
            raise ValueError("each column needs a face-down count below its number of cards (0 when empty)")
        deals = [[c if isinstance(c, int) else parse_card(c) for c in deal] for deal in stock]
        sizes = list(v.deals)
        done = len(sizes) - len(deals)
        if done < 0 or [len(deal) for deal in deals] != sizes[done:]:
            raise ValueError(f"{v.key} deals {sizes}: the stock must be the last of these, in full")
        if len(removed) > v.sequences or not all(0 <= suit < v.suits for suit in removed):
            raise ValueError(f"{v.key} removes at most {v.sequences} sequences, of suits 0-{v.suits - 1}")
        p = cls(v, v.composition(), scoring_profile(profile))
        p.cols = cols
        p.down = counts
        p.deals_done = done
        p.removed_suits = list(removed)
        # the stock keeps the deals done in front (``stock_count`` counts from the end): stand-ins
        p.stock = [STAND_IN] * sum(sizes[:done]) + [c for deal in deals for c in deal]
        p.run = [p._tail_run(c) for c in range(v.columns)]
        return p

    # ----- reading the position -------------------------------------------------------------

    @property
    def deals_left(self) -> int:
        return len(self._deal_sizes) - self.deals_done

    @property
    def stock_count(self) -> int:
        return len(self.stock) - self._deal_starts[self.deals_done]

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
        continues = self._continues
        while i > down and continues[cards[i - 1]][cards[i]]:
            i -= 1
        return len(cards) - i

    # ----- legality -------------------------------------------------------------------------

    def deal_refusal(self) -> str:
        """Why the rules refuse a deal now ("" when they allow it): the one place that says when a
        deal is legal (``can_deal``, ``check_deal`` and ``legal_moves`` all ask it). A won game
        ends play too, but that is ``check_deal``'s concern: the search stops at a win."""
        if self.deals_done >= len(self._deal_sizes):
            return "no_deals_left"
        for column in self.cols:
            if not column:
                return "deal_with_empty_column"
        return ""

    @property
    def can_deal(self) -> bool:
        return not self.deal_refusal()

    def legal_moves(self, with_deal: bool = True) -> list[RawAction]:
        """Every distinct legal action: each move as a plain (source, target, count) tuple, then
        DEAL if a deal is legal. Moves are ordered by source; within a source, the moves onto
        cards by target (then count), then every count from 1 up into each empty column.

        A group fits a column whose last card is one rank higher than the group's first card
        (``cards.accepts``): the group's last card is ``k`` ranks below that column's last card,
        and each column fits at most one count. Plain lists and int compares, no dict or sort:
        the compiled build makes tight C loops of them (move generation is most of a solve)."""
        cols = self.cols
        tops: list[int] = []  # rank - 1 of each column's last card (rank_of - 1, spelt out); -1 if empty
        empties: list[int] = []
        for i, c in enumerate(cols):
            if c:
                tops.append(c[-1] % 13)
            else:
                tops.append(-1)
                empties.append(i)
        out: list[RawAction] = []
        for src, run in enumerate(self.run):
            if not run:
                continue
            base = cols[src][-1] % 13  # rank - 1 of the group's last card
            most = min(run, 12 - base)  # the most cards that can fit a column with cards
            for dst, top in enumerate(tops):
                k = top - base
                if 0 < k <= most:
                    out.append((src, dst, k))
            for dst in empties:
                for k in range(1, run + 1):
                    out.append((src, dst, k))
        if with_deal and not empties and not self.deal_refusal():  # ``empties``: refused, no need to ask
            out.append(DEAL)
        return out

    def check_pick(self, src: int, count: int) -> None:
        """Raise IllegalAction unless the top ``count`` cards of ``src`` may be picked up."""
        if not 0 <= src < len(self.cols):
            raise illegal("no_such_column", column=src + 1)
        if self.won:
            raise illegal("game_over")
        if not self.cols[src]:
            raise illegal("empty_source")
        self._check_group(src, count)

    def _check_group(self, src: int, count: int) -> None:
        """The part of ``check_pick`` after the column is known to exist and hold cards."""
        if not 0 < count <= len(self.cols[src]) - self.down[src]:
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
            top = rank_of(target[-1])
            if top == 1:
                raise illegal("onto_ace")
            # the group whose first card is one rank below the target's last card
            count = top - rank_of(source[-1])
            if not 0 < count <= len(source) - self.down[src] or rank_of(source[-count]) != top - 1:
                raise illegal("not_one_higher")
        self._check_group(src, count)
        if not accepts(target, source[-count]):
            raise illegal("onto_ace" if rank_of(target[-1]) == 1 else "not_one_higher")
        return count

    def check_deal(self) -> None:
        if self.won:
            raise illegal("game_over")
        refusal = self.deal_refusal()
        if refusal:
            raise illegal(refusal)

    def check_undo(self) -> None:
        if not self.history:
            if self.moves and self.profile.undo_limit is not None:
                raise illegal("undo_limit", limit=self.profile.undo_limit)
            raise illegal("nothing_to_undo")
        if self.won:
            raise illegal("game_over")

    def check(self, action: Move | Deal | Undo) -> RawAction | Undo:
        """The action as it would be played (a move with its card count, DEAL or UNDO), or
        IllegalAction saying which rule refuses it. Changes nothing. (Redo is the game's: it
        keeps what undo took back.)"""
        if action is DEAL:
            self.check_deal()
            return DEAL
        if action is UNDO:
            self.check_undo()
            return UNDO
        src, dst, count = action
        return (src, dst, self.check_move(src, dst, count))

    # ----- changing the position (unchecked: call the check first) -------------------------

    def move(self, src: int, dst: int, count: int) -> int:
        """Apply a legal move; return the number of sequences it completed."""
        cols = self.cols
        source = cols[src]
        target = cols[dst]
        run = self.run
        run_src = run[src]
        run_dst = run[dst]
        # The group extends the target's run when it is of the target's suit (any suit if relaxed).
        # One card (most moves) goes by pop and append: slices cost five times as much.
        if count == 1:
            card = source.pop()
            joins = target and (self._relaxed or target[-1] // 13 == card // 13)
            target.append(card)
        else:
            joins = target and (self._relaxed or target[-1] // 13 == source[-count] // 13)
            target += source[-count:]
            del source[-count:]
        joined = count + run_dst if joins else count
        left = len(source)
        down = self.down
        flipped = False
        if left and left == down[src]:  # the last face-up card left: turn the next one up
            down[src] = left - 1
            flipped = True
            run[src] = 1
        elif count < run_src:
            run[src] = run_src - count
        elif left:  # the whole run went: the run now ending the column (``_tail_run``, inlined)
            i = left - 1
            floor = down[src]
            continues = self._continues
            while i > floor and continues[source[i - 1]][source[i]]:
                i -= 1
            run[src] = left - i
        else:
            run[src] = 0
        run[dst] = joined
        removals = self._remove_completed(dst) if joined >= 13 else ()
        history = self.history
        history.append((src, dst, count, flipped, removals, run_src, run_dst, _NO_RUNS, self.score))
        if len(history) > self._undo_limit:
            del history[0]
        self.moves += 1
        if removals:
            self._score(1)
            return 1
        step = self._step
        if step:  # the common case of ``Profile.after_action``, spelt out: no call per move
            score = self.score + step
            self.score = 0 if score < 0 and self._floored else score
        return 0

    def deal(self) -> int:
        """Deal one card onto each column of the next deal; return the sequences it completed."""
        cols = self.cols
        run = self.run
        stock = self.stock
        done = self.deals_done
        size = self._deal_sizes[done]
        start = self._deal_starts[done]
        runs_before = tuple(run)
        continues = self._continues
        complete = False  # a run reached 13 cards: a sequence may be complete
        for col, card in enumerate(stock[start : start + size]):
            column = cols[col]
            # a column's last card is face up, so the dealt card extends its run or starts one
            if column and continues[column[-1]][card]:
                length = run[col] + 1
                run[col] = length
                if length >= 13:
                    complete = True
            else:
                run[col] = 1
            column.append(card)
        self.deals_done = done + 1
        removals: tuple[Removal, ...] = ()
        if complete:
            for col in range(size):
                if run[col] >= 13:
                    removals += self._remove_completed(col)
        history = self.history
        history.append((_DEALT, _DEALT, size, False, removals, 0, 0, runs_before, self.score))
        if len(history) > self._undo_limit:
            del history[0]
        self.moves += 1
        if removals:
            self._score(len(removals))
            return len(removals)
        step = self._step
        if step:  # as in ``move``
            score = self.score + step
            self.score = 0 if score < 0 and self._floored else score
        return 0

    def _score(self, completed: int) -> None:
        """Score an action that completed ``completed`` sequences (and a win's bonus)."""
        self.score = self.profile.after_action(self.score, completed, self._floor)
        if completed and self.won:
            self.score += self.profile.win_bonus(self.elapsed)

    def last_entry(self) -> UndoEntry:
        """What the next ``undo`` reads, by name (there must be one: ``history`` not empty)."""
        return tuple.__new__(UndoEntry, self.history[-1])

    def last_action(self) -> RawAction:
        """The action the next ``undo`` takes back (there must be one: ``history`` not empty)."""
        entry = self.last_entry()
        return DEAL if entry.src == _DEALT else (entry.src, entry.dst, entry.size)

    def play(self, action: RawAction) -> int:
        """``move`` or ``deal``, as ``action`` says (unchecked); the sequences it completed."""
        if action is DEAL:
            return self.deal()
        src, dst, count = action
        return self.move(src, dst, count)

    def _remove_completed(self, col: int) -> tuple[Removal, ...]:
        """Remove a king-to-ace run of one suit ending ``col``, if there is one."""
        cards = self.cols[col]
        suit = suit_of(cards[-1])
        if rank_of(cards[-1]) != 1 or any(suit_of(c) != suit for c in cards[-13:]):
            return ()
        del cards[-13:]
        flipped = len(cards) == self.down[col] and self.down[col] > 0
        if flipped:
            self.down[col] -= 1
        self.run[col] = self._tail_run(col)
        self.removed_suits.append(suit)
        return (Removal(col, suit, flipped),)

    def undo(self) -> None:
        """Take back the last action exactly (call ``check_undo`` first)."""
        src, dst, count, flipped, removals, run_src, run_dst, runs, score = self.history.pop()
        cols = self.cols
        if removals:
            down = self.down
            for col, suit, flip in reversed(removals):
                if flip:
                    down[col] += 1
                cols[col] += _SEQUENCES[suit]
                self.removed_suits.pop()
        if src != _DEALT:
            source = cols[src]
            target = cols[dst]
            if flipped:
                self.down[src] += 1
            if count == 1:
                source.append(target.pop())
            else:
                source += target[-count:]
                del target[-count:]
            run = self.run
            run[src] = run_src
            run[dst] = run_dst
        else:
            for column in cols[:count]:
                column.pop()
            self.deals_done -= 1
            self.run[:] = runs
        if self._restores:  # the exact earlier score and move count (one fewer, as before it)
            self.score = score
            self.moves -= 1
        else:
            self.score = self.profile.after_undo(self.score, len(removals))
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

    # ----- copies and snapshots for searching ----------------------------------------------

    def clone(self) -> Position:
        """An independent copy as it stands: score, move count and undo history included."""
        return Position(self.variant, [], self.profile, copy_of=self)

    def search_copy(self) -> Position:
        """A clone that keeps no score and has unlimited undo, for searching."""
        g = self.clone()
        g._use_profile(_SEARCH_PROFILE)
        g.history = []
        return g

    def information_state(self) -> Position:
        """What a player knows, as a search copy: every face-down card and every stock card is
        the same stand-in card. Positions that differ only in hidden cards have equal
        information states; the public view and the hints both read it."""
        g = self.search_copy()
        for c, col in enumerate(g.cols):
            col[: g.down[c]] = [STAND_IN] * g.down[c]
        g.stock = [STAND_IN] * len(g.stock)
        return g

    def with_hidden_cards(self, cards: list[int]) -> Position:
        """A search copy with ``cards`` in the places the player cannot see: the face-down places
        bottom up, column by column, then the stock still to deal, in dealing order. The strong
        player fills an information state so with the unseen cards shuffled (determinising
        it). ValueError unless there are exactly as many cards as hidden places."""
        if len(cards) != sum(self.down) + self.stock_count:
            raise ValueError("the cards do not fill the face-down places and the stock")
        g = self.search_copy()
        i = 0
        for c, col in enumerate(g.cols):
            d = g.down[c]
            col[:d] = cards[i : i + d]
            i += d
        dealt = len(g.stock) - g.stock_count
        g.stock = g.stock[:dealt] + cards[i:]  # a new list: copies share the stock they never change
        return g

    def snapshot(self) -> Snapshot:
        """The position as nested tuples: the deals done, the sequences removed, and every
        column's cards, face-down count and run (not the score, the move count or the undo
        history). Tuples, not bytes: ``restore`` then copies lists instead of parsing."""
        return (
            self.deals_done,
            tuple(self.removed_suits),
            tuple([tuple(c) for c in self.cols]),
            tuple(self.down),
            tuple(self.run),
        )

    def restore(self, snapshot: Snapshot) -> None:
        """Go back to a position from ``snapshot`` of this deal. The undo history is cleared: its
        entries belong to the position left."""
        deals_done, removed, cols, down, run = snapshot
        self.deals_done = deals_done
        self.removed_suits = list(removed)
        self.cols = [list(c) for c in cols]
        self.down = list(down)
        self.run = list(run)
        self.history.clear()

    def position_key(self) -> int:
        """A hash of the position, equal for positions a search may treat as the same: once the
        stock is empty the columns are interchangeable, so their order is left out."""
        return snapshot_key(self.deals_done, self.hashes(), self.deals_left == 0)

    def hashes(self) -> tuple[int, ...]:
        """``column_hashes`` of the position."""
        cols = tuple([tuple(c) for c in self.cols])  # a comprehension: mypyc compiles it, not map
        return column_hashes(cols, tuple(self.down))

    def hashes_after_move(self, before: tuple[int, ...], src: int, dst: int) -> tuple[int, ...]:
        """``hashes()`` after a move from ``src`` to ``dst`` out of a position whose hashes were
        ``before``: only those two columns changed (a flip or a completed sequence stays in them)."""
        hashes = list(before)
        hashes[src] = column_hash(tuple(self.cols[src]), self.down[src])
        hashes[dst] = column_hash(tuple(self.cols[dst]), self.down[dst])
        return tuple(hashes)

    def next_deal(self) -> list[int]:
        """The cards the next deal puts on the columns, first column first (none when the stock
        is empty). A search copy sees them; an information state has only stand-ins."""
        if self.deals_done >= len(self._deal_sizes):
            return []
        start = self._deal_starts[self.deals_done]
        return self.stock[start : start + self._deal_sizes[self.deals_done]]

    def __repr__(self) -> str:
        cols = " | ".join(
            " ".join(["##"] * self.down[i] + [card_text(c) for c in self.face_up(i)]) for i in range(len(self.cols))
        )
        return f"<Position {self.variant.key} deals_left={self.deals_left} removed={self.removed}: {cols}>"

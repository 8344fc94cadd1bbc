"""A game in play: the engine's front door. Everything else in the project plays through ``Game``.

A game starts from a code, a deck or a record (``from_code``, ``from_deck``, ``from_record``) and
changes only through ``apply`` (``undo`` and ``redo`` are ``apply`` of UNDO and REDO): each
action is checked by the rules, and every action played is in the game's record. What it holds
is read through properties, the player's ``view``, the full ``state`` and copies of its position
(``Position``, position.py) for the solver: no caller can change that position in place.
"""

from __future__ import annotations

from typing import Any

from .actions import DEAL, REDO, UNDO, Action, Deal, Move, Outcome, Undo
from .cards import card_text
from .codes import format_code, parse_code, shuffled_deck
from .deck import parse_deck
from .errors import N_, SpiderError, illegal
from .notation import format_action, format_move, parse_action, parse_text
from .position import Position, RawAction
from .records import ReplayError, read_record
from .scoring import Profile
from .scoring import profile as scoring_profile
from .targets import best_column, groups
from .variants import Variant
from .views import full_state, public_view

# Builds a named tuple from all its fields without its Python-level __new__: a replay makes an
# Outcome (and a Move) per action.
_tuple = tuple.__new__


class Game:
    """One deal in play. Make one with ``from_code``, ``from_deck`` or ``from_record`` (or, for a
    hand-set position with no record, ``from_position``); play it with ``apply``. Every refusal
    is an ``IllegalAction`` (nothing changes), bad input a ``SpiderError``."""

    def __init__(self, position: Position, deck: list[int] | None = None, deal_number: int | None = None) -> None:
        """Use the ``from_*`` constructors: the game takes ``position`` as its own."""
        self._position = position
        self._deck = deck  # None: set up from a position, so no record
        self._deal_number = deal_number  # None unless made from a code
        self._actions: list[str] = []
        self._times: list[float] = []
        # The actions undo took back since the last new action, the next to redo last. An action
        # equal to the next redo is that redo, so the list follows from the action list alone and
        # a replayed record has it too.
        self._undone: list[RawAction] = []

    # ----- making one ------------------------------------------------------------------------

    @classmethod
    def from_code(cls, code: object, profile: str = "standard") -> Game:
        """The deal a game code names (``SP1-S2C-AAAAAAD``), at its start. Any ``code`` is
        checked: SpiderError ("bad_code") names what is wrong with it."""
        scoring = scoring_profile(profile)
        parsed = parse_code(code)
        deck = shuffled_deck(parsed.variant, parsed.deal)
        return cls(Position(parsed.variant, deck, scoring), deck, parsed.deal)

    @classmethod
    def from_deck(cls, v: Variant, deck: object, profile: str = "standard") -> Game:
        """A deal from an explicit deck of ``v``: a list of its cards in deal order (``10S``,
        ``qh``…). Any ``deck`` is checked: SpiderError ("bad_deck", "bad_card") says why not."""
        scoring = scoring_profile(profile)
        cards = parse_deck(v, deck)
        return cls(Position(v, cards, scoring), cards)

    @classmethod
    def from_record(cls, data: object, *, replay: bool = True) -> Game:
        """A game from its record (a dict or JSON text), its actions replayed (``replay`` False:
        the game at the record's start, its actions not played). A refused action raises
        ``ReplayError`` naming it; a malformed record SpiderError ("bad_record" and others)."""
        start = read_record(data)
        scoring_profile(start.profile)  # the profile is checked before the code or deck
        if start.code is not None:
            game = cls.from_code(start.code, start.profile)
            if start.variant is not None and start.variant != game.variant:
                raise SpiderError(
                    "bad_record",
                    N_("The code {code} is for {code_level}, not {level}"),
                    code=start.code,
                    code_level=game.variant.key,
                    level=start.variant.key,
                )
        else:
            assert start.variant is not None  # a deck's record names its level (or the default)
            game = cls.from_deck(start.variant, start.deck, start.profile)
        actions, times = start.played()
        if replay:
            for index, action in enumerate(actions):
                try:
                    game._replay(action, times[index] if times else None)
                except SpiderError as e:
                    raise ReplayError(index, action, e) from None
        return game

    @classmethod
    def from_position(cls, position: Position) -> Game:
        """A game from a copy of any position (a puzzle, a test's): it plays like any game but has
        no code or deck, so no record to save (``record`` raises ValueError)."""
        return cls(position.clone())

    def copy(self) -> Game:
        """An independent copy of the game as it stands, record and redo included."""
        twin = Game(self._position.clone(), self._deck, self._deal_number)
        twin._actions = list(self._actions)
        twin._times = list(self._times)
        twin._undone = list(self._undone)
        return twin

    # ----- playing ---------------------------------------------------------------------------

    def apply(self, action: str | Action, elapsed: float | None = None) -> Outcome:
        """Play one action: notation (``3>7``, ``3>7:2``, ``deal``, ``undo``, ``redo``) or an
        action already parsed (a ``Move``, DEAL, UNDO or REDO), at ``elapsed`` seconds of play if
        given (the clock never goes back). Say what it did; ``Outcome.text`` is the action as
        the record keeps it. Raise SpiderError (bad notation or time) or IllegalAction (refused
        by the rules); either way nothing changes."""
        step, text = self._checked(action)
        if elapsed is not None:
            self._position.advance_clock(elapsed)
        outcome = self._described(step, text)
        self._keep(text, elapsed)
        return outcome

    def _replay(self, action: object, elapsed: float | None) -> None:
        """``apply`` without its ``Outcome``, which a record's replay never reads."""
        step, text = self._checked(action)
        if elapsed is not None:
            self._position.advance_clock(elapsed)
        self._play(step)
        self._keep(text, elapsed)

    def undo(self, elapsed: float | None = None) -> Outcome:
        """``apply(UNDO)``: IllegalAction when there is nothing to undo (or the game is won)."""
        return self.apply(UNDO, elapsed)

    def redo(self, elapsed: float | None = None) -> Outcome:
        """``apply(REDO)``: IllegalAction when there is nothing to redo (or the game is won)."""
        return self.apply(REDO, elapsed)

    def _checked(self, action: object) -> tuple[RawAction | Undo, str]:
        """The action as it would be played (a move with its count, DEAL or UNDO; a redo is the
        action it plays again) and its notation as the record keeps it, or the error that refuses
        it. Changes nothing."""
        if isinstance(action, str):  # DEAL, UNDO and REDO are text too
            parsed = parse_text(action)
        elif isinstance(action, Move):
            parsed = action
        else:
            parsed = parse_action(action)  # refuses anything else with a clear message
        step: RawAction | Undo
        if parsed is REDO:
            if self._position.won:
                raise illegal("game_over")
            if not self._undone:
                raise illegal("nothing_to_redo")
            step = self._undone[-1]
        else:
            step = self._position.check(parsed)
        if isinstance(parsed, Move) and parsed.size is None:
            return step, format_move(parsed.src, parsed.dst)  # the implied form stays implied
        return step, format_action(step)

    def _keep(self, text: str, elapsed: float | None) -> None:
        """Add a played action to the record."""
        self._actions.append(text)
        if elapsed is not None or self._times:
            # A record's times are one per action, so that ``record()`` always loads again: actions
            # played before the first time was given count as played at 0 s, an action without a
            # time at the clock as it stands. The game's clock, not the raw argument, is kept: it
            # never goes back and is never negative, and replaying it has the same effect.
            self._times.extend([0.0] * (len(self._actions) - 1 - len(self._times)))
            self._times.append(self._position.elapsed)

    def _play(self, step: RawAction | Undo) -> bool:
        """Play a checked action (a move with its count, DEAL or UNDO) and keep what redo needs;
        whether it was the next action to redo."""
        position = self._position
        undone = self._undone
        if step is UNDO:
            undone.append(position.last_action())
            position.undo()
            return False
        redone = False
        if undone:  # the next redo pops, any other action ends redo
            redone = undone[-1] == step
            if redone:
                undone.pop()
            else:
                undone.clear()
        position.play(step)
        return redone

    def _described(self, step: RawAction | Undo, text: str) -> Outcome:
        """``_play`` and say what it did."""
        position = self._position
        if step is UNDO:
            entry = position.last_entry()
            self._play(step)
            last = self._undone[-1]
            undone = last if last is DEAL else _tuple(Move, last)
            hidden = int(entry.flipped) + sum([removal.flipped for removal in entry.removals])
            restored = len(entry.removals)
            return _tuple(Outcome, (UNDO, (), None, (), (), undone, hidden, restored, False, text, (), False))
        onto = None
        action: Move | Deal
        if step is DEAL:
            action = DEAL
            cards = tuple(position.next_deal())
        else:
            action = _tuple(Move, step)
            src, dst, count = step
            cols = position.cols
            cards = tuple(cols[src][-count:])
            target = cols[dst]
            onto = target[-1] if target else None
        redone = self._play(step)
        entry = position.last_entry()
        revealed: tuple[int, ...] = (entry.src,) if entry.flipped else ()  # the source turned a card up
        removals = entry.removals
        if removals:
            revealed += tuple([removal.column for removal in removals if removal.flipped])
        shown = tuple([position.cols[col][position.down[col]] for col in revealed]) if revealed else ()
        if not removals:
            return _tuple(Outcome, (action, cards, onto, revealed, (), None, 0, 0, redone, text, shown, False))
        completed = tuple([(removal.column, removal.suit) for removal in removals])
        return Outcome(action, cards, onto, revealed, completed, None, 0, 0, redone, text, shown, position.won)

    def advance_clock(self, elapsed: float) -> None:
        """Tell the game how many seconds of unpaused play have passed (the timed profile scores
        them); an earlier time than the game's changes nothing. Not an action: the record keeps
        each action's time instead."""
        self._position.advance_clock(elapsed)

    # ----- what the game holds ---------------------------------------------------------------

    @property
    def variant(self) -> Variant:
        return self._position.variant

    @property
    def profile(self) -> Profile:
        return self._position.profile

    @property
    def code(self) -> str | None:
        """The game's code, or None when it was made from a deck."""
        return None if self._deal_number is None else format_code(self.variant, self._deal_number)

    @property
    def deck(self) -> tuple[int, ...] | None:
        """The deck in deal order (card ints), or None for a game set up from a position."""
        return None if self._deck is None else tuple(self._deck)

    @property
    def actions(self) -> tuple[str, ...]:
        """Every action played so far, in notation, as the record keeps them."""
        return tuple(self._actions)

    @property
    def times(self) -> tuple[float, ...]:
        """The elapsed seconds at each action (empty when no time was ever given)."""
        return tuple(self._times)

    @property
    def moves(self) -> int:
        return self._position.moves

    @property
    def score(self) -> int:
        return self._position.score

    @property
    def elapsed(self) -> float:
        return self._position.elapsed

    @property
    def won(self) -> bool:
        return self._position.won

    @property
    def deals_left(self) -> int:
        return self._position.deals_left

    @property
    def stock_count(self) -> int:
        return self._position.stock_count

    @property
    def removed(self) -> int:
        return self._position.removed

    @property
    def face_down(self) -> int:
        """Cards still face down on the table (a daily loss's progress, docs/RULES.md)."""
        return sum(self._position.down)

    @property
    def can_deal(self) -> bool:
        return self._position.can_deal

    @property
    def can_undo(self) -> bool:
        return bool(self._position.history) and not self.won

    @property
    def can_redo(self) -> bool:
        return bool(self._undone) and not self.won

    def legal_actions(self) -> list[Move | Deal]:
        """Every distinct legal move (each with its card count) then DEAL if a deal is legal, in
        ``Position.legal_moves`` order. Undo and redo are not listed (``can_undo``, ``can_redo``)."""
        return [a if a is DEAL else _tuple(Move, a) for a in self._position.legal_moves()]

    def groups(self) -> dict[tuple[int, int], list[int]]:
        """Each movable group as (source column, card count) with the columns that take it."""
        return groups(self._position)

    def best_column(self, src: int, count: int, fits: list[int] | None = None) -> int:
        """Where the top ``count`` cards of ``src`` go when the player asks for the best column
        (``targets.best_column``); IllegalAction if they may not be picked up or fit nowhere.
        ``fits``: the group's targets (``groups``) when the caller has them already."""
        return best_column(self._position, src, count, fits)

    def view(self) -> dict[str, Any]:
        """The table as the player sees it: face-down cards and the stock only as counts."""
        return public_view(self._position)

    def state(self) -> dict[str, Any]:
        """Every card, face-down ones included (trusted tools only: never send it to a player)."""
        return full_state(self._position)

    def record(self) -> dict[str, Any]:
        """The game's record (docs/FORMATS.md): ``from_record`` of it gives this game again."""
        if self._deck is None:
            raise ValueError("a game set up from a position has no code or deck, so no record")
        v = self.variant
        out: dict[str, Any] = {"game": v.game, "suits": v.suits, "rules": v.rules}
        if self._deal_number is not None:
            out["code"] = self.code
        else:
            out["deck"] = [card_text(c) for c in self._deck]
        out["actions"] = list(self._actions)
        out["profile"] = self.profile.name
        if self._times:
            out["times"] = list(self._times)
        return out

    # ----- copies of the position, for searching ---------------------------------------------

    def position(self) -> Position:
        """A copy of the position as it stands (score, move count and undo history included)."""
        return self._position.clone()

    def search_copy(self) -> Position:
        """A copy of the position that sees every card, keeps no score and undoes without limit:
        what the full-information solver searches."""
        return self._position.search_copy()

    def information_state(self) -> Position:
        """What the player knows, as a search copy: every hidden card the same stand-in card
        (``Position.information_state``). The hints and the strong player read only this."""
        return self._position.information_state()

    def __repr__(self) -> str:
        return f"<Game {self.code or self.variant.key} actions={len(self._actions)} {self._position!r}>"

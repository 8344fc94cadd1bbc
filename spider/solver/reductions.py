"""A sound dead-end test for the complete search: ``buried_for_good``.

It says a position is lost when some card can provably never be removed. It reasons about
*adjacencies*, the card each card lies on in the position given. A group moves whole, so the card
lying on a card stays the same until that adjacency breaks, and it breaks only when the upper card
is the base of a moved group (onto a card one rank higher on top of another column, or into an
empty column) or the king of a completed sequence. A deal only puts cards on top: it breaks no
adjacency, and each card it deals is on top when dealt. The least fixpoint of

* ``top[Y]``: Y starts on top, or is still in the stock, or the card first on Y leaves;
* ``free[Y]``: Y can be the base of a movable group: ``top[Y]``, or Y is face up, the card first
  on Y continues the run from Y (``cards.continues``) and is ``free`` itself;
* ``leaves[Y]``: ``free[Y]``, and a card one rank higher can be on top (``top``), or a column can
  be empty, or Y is a king whose suit's ace to queen can all be face up;
* ``empty``: a column is empty, or the bottom card of a column leaves;

over-approximates what any line of play can do: the first event of a line that the fixpoint does
not allow would need an earlier one that it does not allow either. A card is removed only face up
(so a face-down card must be ``top`` at some time) and, unless it is a king, lying on a card of
its suit one rank higher: a card first lying on anything else must leave. A position where some
card cannot is lost, whatever else happens. (The stock's cards only ever help here, so the test
fires mostly once the stock is empty or nearly so.)
"""

from __future__ import annotations

from spider.engine import CONTINUES, Position, Variant

_KING = 12  # rank - 1 of a king


def dead_end_deals(v: Variant) -> int:
    """Test positions with at most this many deals left. On 2- and 4-suit Spiderette the last deal
    brings only three cards, so positions before it are often buried already. On 1 suit runs are
    long and the test costs more than it saves before the last deal, and on Spider it is worth its
    time only once the stock is empty (docs/SOLVER-NOTES.md, Spiderette)."""
    return 1 if v.game == "spiderette" and v.suits > 1 else 0


def buried_for_good(g: Position) -> bool:
    """True when some card can never be removed, so the position is lost (see the module
    docstring). False proves nothing."""
    known = _seen_so_far(g)
    if known is None:
        return False  # an empty column takes any free group: measured, the test then never fires
    face_up, on_top = known
    cols, down = g.cols, g.down
    continues = CONTINUES[g.variant.relaxed]
    empty = False
    # Each sweep works the columns out top down from what the others allow so far. Sweeps only
    # ever allow more, so the first that allows nothing new is the fixpoint, and a sweep that
    # finds every card removable settles it.
    while True:
        changed = stuck = False
        for c, col in enumerate(cols):
            d = down[c]
            top = free = True  # the top card: on top, and the base of a one-card group
            above = -1
            for i in range(len(col) - 1, -1, -1):
                card = col[i]
                if above >= 0:
                    free = top or (i >= d and free and continues[card][above])
                if top:
                    if not on_top[card % 13]:
                        on_top[card % 13] = changed = True
                    if not face_up[card]:
                        face_up[card] = changed = True
                r = card % 13
                leaves = free and (empty or on_top[r + 1] or (r == _KING and all(face_up[card - _KING : card])))
                if not leaves:
                    if r != _KING and (i == 0 or col[i - 1] != card + 1):
                        stuck = True  # it has to leave to be removed
                    if not free:
                        # nothing beneath ever comes on top or moves with it
                        stuck = stuck or d > 0 or _misplaced(col, i - 1)
                        break
                elif i == 0 and not empty:
                    empty = changed = True
                top = leaves  # the card beneath comes on top when this one leaves
                above = card
        if not stuck or not changed:
            return stuck


def _seen_so_far(g: Position) -> tuple[list[bool], list[bool]] | None:
    """Where ``buried_for_good`` starts: by card, whether a card of that value is face up or still
    to be dealt; by rank - 1, whether a card of that rank can be on top (13: never a target). None
    when a column is empty."""
    face_up = [False] * 52
    on_top = [False] * 14
    for c, col in enumerate(g.cols):
        if not col:
            return None
        for card in col[g.down[c] :]:
            face_up[card] = True
    stock = g.stock
    for i in range(len(stock) - g.stock_count, len(stock)):
        face_up[stock[i]] = on_top[stock[i] % 13] = True
    return face_up, on_top


def _misplaced(col: list[int], i: int) -> bool:
    """Whether a card of ``col[: i + 1]`` other than a king lies on anything but the card of its
    suit one rank higher (such a card would have to leave to be removed)."""
    for j in range(i, -1, -1):
        card = col[j]
        if card % 13 != _KING and (j == 0 or col[j - 1] != card + 1):
            return True
    return False

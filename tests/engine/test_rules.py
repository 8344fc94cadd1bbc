"""The rules of docs/RULES.md, Playing, one by one, on hand-made positions and hand-built decks."""

from __future__ import annotations

import pytest

from spider.engine import DEAL, Game, IllegalAction, Move, variant

from .helpers import (
    SPIDER1,
    SPIDER_PHASE1,
    SPIDERETTE1,
    h,
    pos,
    position,
    s,
    snapshot,
    spider_game,
    spider_line,
    spiderette_game,
    spiderette_line,
    up,
)

SP2 = variant("spider", 2)
SP4 = variant("spider", 4)
SP4R = variant("spider", 4, "relaxed")
SP2R = variant("spider", 2, "relaxed")
SD4 = variant("spiderette", 4)

FILLER = (["AS", "AS"], ["KH"])  # a harmless column: two face-down cards under a king


def spider_cols(*cols):
    """Ten columns for Spider: the given ones, then fillers."""
    cols = list(cols)
    return cols + [FILLER] * (10 - len(cols))


def refused(g, action, reason):
    before = snapshot(g)
    with pytest.raises(IllegalAction) as exc:
        g.apply(action if action is DEAL else Move(*action))
    assert exc.value.reason == reason, str(exc.value)
    assert snapshot(g) == before
    return exc.value


# ----- 1. placing ---------------------------------------------------------------------------


def test_place_on_one_rank_higher_of_any_suit():
    g = position(SP4, spider_cols(([], ["9H"]), (["2C"], ["10S"])))
    g.apply(Move(0, 1, 1))
    assert up(g, 2) == ["10S", "9H"] and pos(g).cols[0] == []
    assert g.moves == 1


@pytest.mark.parametrize("top", ["JS", "9S", "9H", "8S", "2S", "QD"])
def test_place_refused_unless_one_higher(top):
    g = position(SP4, spider_cols(([], ["9H"]), ([], [top])))
    refused(g, (0, 1, 1), "not_one_higher")
    refused(g, (0, 1, None), "not_one_higher")


def test_queen_on_king():
    g = position(SP2, spider_cols(([], ["QH"]), (["5S"], ["KS"])))
    g.apply(Move(0, 1, None))
    assert up(g, 2) == ["KS", "QH"]


def test_nothing_on_an_ace():
    g = position(SP4, spider_cols(([], ["KD"]), ([], ["AS"]), ([], ["2C"])))
    refused(g, (0, 1, 1), "onto_ace")
    refused(g, (0, 1, None), "onto_ace")
    refused(g, (2, 1, 1), "onto_ace")
    assert all(dst != 1 for _src, dst, _n in g.legal_actions())


def test_king_only_into_an_empty_column():
    g = position(SP4, spider_cols(([], ["KD"]), (["3C"], ["QS"]), ([], [])))
    refused(g, (0, 1, 1), "not_one_higher")
    assert [a for a in g.legal_actions() if a[0] == 0] == [(0, 2, 1)]
    g.apply(Move(0, 2, None))
    assert up(g, 3) == ["KD"]


# ----- 2. groups ----------------------------------------------------------------------------


def test_classic_group_of_one_suit_moves_together():
    g = position(SP4, spider_cols((["2C"], ["8S", "7H", "6H", "5H"]), ([], ["7S"]), ([], ["8D"])))
    assert pos(g).run[0] == 3
    g.apply(Move(0, 1, None))  # 6H 5H onto 7S: implied count 2
    assert up(g, 2) == ["7S", "6H", "5H"] and up(g, 1) == ["8S", "7H"]


def test_classic_mixed_group_refused_with_reason():
    g = position(SP4, spider_cols((["2C"], ["9D", "8S", "7H", "6H"]), ([], ["9C"]), ([], [])))
    refused(g, (0, 1, None), "not_a_run")  # the part that fits (8S 7H 6H) is not one suit
    refused(g, (0, 1, 3), "not_a_run")
    refused(g, (0, 2, 3), "not_a_run")
    refused(g, (0, 2, 4), "not_a_run")
    g.apply(Move(0, 2, 2))
    assert up(g, 3) == ["7H", "6H"]


def test_relaxed_mixed_group_moves():
    g = position(SP4R, spider_cols((["2C"], ["9D", "8S", "7H", "6H"]), ([], ["9C"])))
    assert pos(g).run[0] == 4
    g.apply(Move(0, 1, None))
    assert up(g, 2) == ["9C", "8S", "7H", "6H"] and up(g, 1) == ["9D"]


def test_relaxed_still_needs_descending_order():
    g = position(SP2R, spider_cols((["2H"], ["9H", "7S", "6H"]), ([], ["8H"]), ([], [])))
    refused(g, (0, 1, 3), "not_a_descending_run")
    refused(g, (0, 2, 3), "not_a_descending_run")
    g.apply(Move(0, 1, None))
    assert up(g, 2) == ["8H", "7S", "6H"]


def test_group_has_no_length_limit():
    group = s("Q J 10 9 8 7 6 5 4 3 2")
    g = position(SP4, spider_cols(([], group), ([], ["KH"])))
    g.apply(Move(0, 1, None))
    assert up(g, 2) == ["KH"] + group


def test_explicit_counts():
    g = position(SP4, spider_cols((["2C"], s("9 8 7 6")), ([], ["9H"]), ([], ["7D"]), ([], [])))
    refused(g, (0, 1, 2), "not_one_higher")  # 7 onto 9
    refused(g, (0, 1, 5), "bad_count")
    refused(g, (0, 1, 0), "bad_count")
    refused(g, (0, 1, -1), "bad_count")
    g.apply(Move(0, 2, 1))  # 6S onto 7D
    g.apply(Move(0, 1, 2))  # 8S 7S onto 9H
    assert up(g, 2) == ["9H", "8S", "7S"] and up(g, 1) == ["9S"]


def test_implied_count_picks_the_part_that_fits():
    g = position(SP4, spider_cols((["2C"], s("K Q J 10 9 8")), ([], ["JH"]), ([], ["9D"])))
    assert pos(g).check_move(0, 1) == 3  # 10S 9S 8S onto the jack
    assert pos(g).check_move(0, 2) == 1  # 8S onto the 9
    g.apply(Move(0, 1, None))
    assert up(g, 1) == ["KS", "QS", "JS"]


def test_implied_count_when_nothing_fits():
    g = position(SP4, spider_cols((["2C"], s("9 8")), ([], ["QH"]), ([], ["8H"])))
    refused(g, (0, 1, None), "not_one_higher")  # would need a jack
    refused(g, (0, 2, None), "not_one_higher")  # 8 onto 8


def test_implied_count_beyond_face_up_cards():
    g = position(SP4, spider_cols((["10S"], s("9 8")), ([], ["JH"])))
    refused(g, (0, 1, None), "not_one_higher")  # the 10 is face down


# ----- 3. empty columns ---------------------------------------------------------------------


def test_any_movable_group_into_an_empty_column():
    g = position(SP4, spider_cols((["2C"], ["5D", "8H", "7H", "6H"]), ([], [])))
    for n in (1, 2, 3):
        assert pos(g).check_move(0, 1, n) == n
    refused(g, (0, 1, 4), "not_a_run")
    assert pos(g).check_move(0, 1) == 3  # F>T onto an empty column: the whole movable group
    g.apply(Move(0, 1, None))
    assert up(g, 2) == ["8H", "7H", "6H"] and up(g, 1) == ["5D"]


def test_legal_moves_list_every_count_into_an_empty_column():
    g = position(SP4, [(["2C"], ["8H", "7H"]), ([], []), ([], ["9S"])] + [FILLER] * 7)
    moves = set(g.legal_actions())
    assert {(0, 1, 1), (0, 1, 2), (0, 2, 2), (2, 1, 1)} <= moves
    assert DEAL not in moves


# ----- 4. flip ------------------------------------------------------------------------------


def test_flip_after_the_last_face_up_card_leaves():
    g = position(SP4, spider_cols((["4C", "3D"], ["6H", "5H"]), ([], ["7H"])))
    g.apply(Move(0, 1, None))
    assert pos(g).down[0] == 1 and up(g, 1) == ["3D"] and pos(g).run[0] == 1
    assert g.moves == 1


def test_no_flip_while_face_up_cards_remain():
    g = position(SP4, spider_cols((["4C"], ["2D", "6H", "5H"]), ([], ["7H"])))
    g.apply(Move(0, 1, None))
    assert pos(g).down[0] == 1 and up(g, 1) == ["2D"]


def test_column_emptied_without_flip():
    g = position(SP4, spider_cols(([], ["6H"]), ([], ["7H"])))
    g.apply(Move(0, 1, None))
    assert pos(g).cols[0] == [] and pos(g).down[0] == 0 and pos(g).run[0] == 0


# ----- 5. deal ------------------------------------------------------------------------------


def test_deal_puts_one_face_up_card_on_every_column():
    g = spider_game()
    downs = list(pos(g).down)
    g.apply("deal")
    assert [up(g, c)[-1] for c in range(1, 11)] == ["QS"] * 5 + ["6S"] * 5
    assert pos(g).down == downs and pos(g).run == [2] * 5 + [2] * 5


def test_deal_refused_with_an_empty_column():
    g = position(SP4, spider_cols(([], [])), stock=[["AS"] * 10])
    refused(g, DEAL, "deal_with_empty_column")
    assert DEAL not in g.legal_actions()
    assert not g.can_deal


def test_deal_refused_when_no_deals_left():
    g = spider_game()
    for _ in range(5):
        g.apply("deal")
    refused(g, DEAL, "no_deals_left")
    assert DEAL not in g.legal_actions() and g.deals_left == 0


def test_spiderette_last_deal_is_three_cards():
    g = spiderette_game()
    for _ in range(4):
        g.apply("deal")
    assert [up(g, c) for c in (1, 2, 3)] == [s("K Q J 10 9"), s("8 7 6 5 4"), s("3 2 A 10 9")]
    assert [len(c) for c in pos(g).cols] == [5, 6, 7, 7, 8, 9, 10]
    refused(g, DEAL, "no_deals_left")


def test_spiderette_last_deal_needs_every_column_filled():
    g = position(
        SD4, [([], ["KS"]), ([], ["KH"]), ([], ["KD"]), ([], [])] + [([], ["QC"])] * 3, stock=[["AS", "AH", "AD"]]
    )
    refused(g, DEAL, "deal_with_empty_column")


# ----- 6. completed sequences ---------------------------------------------------------------


def test_sequence_removed_after_a_move_and_the_card_beneath_turns_up():
    g = position(SP4, spider_cols((["2C", "9D"], s("K Q J 10 9 8 7 6 5 4 3 2")), ([], ["AS"])))
    assert len(g.apply(Move(1, 0, None)).completed) == 1
    assert pos(g).cols[0] == [pos(g).cols[0][0], pos(g).cols[0][1]] and up(g, 1) == ["9D"] and pos(g).down[0] == 1
    assert g.removed == 1 and pos(g).removed_suits == [0] and pos(g).cols[1] == []
    assert g.moves == 1 and not g.won


def test_sequence_removed_leaving_an_empty_column():
    g = position(SP4, spider_cols(([], s("K Q J 10 9 8 7 6 5 4 3 2")), (["3C"], ["AS"])))
    g.apply(Move(1, 0, None))
    assert pos(g).cols[0] == [] and up(g, 2) == ["3C"] and g.removed == 1


def test_sequence_removed_when_a_group_completes_it():
    g = position(SP2, spider_cols((["AH"], ["5H"] + s("K Q J 10 9 8 7")), (["2H"], s("6 5 4 3 2 A"))))
    g.apply(Move(1, 0, None))
    assert up(g, 1) == ["5H"] and pos(g).down[0] == 1 and up(g, 2) == ["2H"]
    assert pos(g).removed_suits == [0]


def test_sequence_on_face_up_cards_keeps_them_face_up():
    g = position(SP4, spider_cols((["4C"], ["5D", "6H"] + s("K Q J 10 9 8 7 6 5 4 3 2")), ([], ["AS"])))
    g.apply(Move(1, 0, None))
    assert up(g, 1) == ["5D", "6H"] and pos(g).down[0] == 1 and pos(g).run[0] == 1


def test_mixed_suit_sequence_is_not_removed_under_relaxed_rules():
    mixed = ["KH"] + s("Q J 10 9 8 7 6 5 4 3 2")
    g = position(SP4R, spider_cols((["2C"], mixed), ([], ["AS"])))
    assert len(g.apply(Move(1, 0, None)).completed) == 0
    assert g.removed == 0 and up(g, 1) == mixed + ["AS"] and pos(g).run[0] == 13


def test_single_suit_sequence_is_removed_under_relaxed_rules():
    g = position(SP4R, spider_cols((["2C"], s("K Q J 10 9 8 7 6 5 4 3 2")), ([], ["AS"])))
    g.apply(Move(1, 0, None))
    assert g.removed == 1 and up(g, 1) == ["2C"]


def test_relaxed_mixed_group_completing_a_one_suit_sequence():
    g = position(SP2R, spider_cols((["AH"], ["9H"] + s("K Q J 10 9 8 7")), ([], s("6 5 4") + ["3H"] + s("2 A"))))
    g.apply(Move(1, 0, None))  # the run moved (6S…AS with a 3H) is mixed: nothing leaves
    assert g.removed == 0
    g2 = position(SP2R, spider_cols((["AH"], ["9H"] + s("K Q J 10 9 8 7")), (["3H"], s("6 5 4 3 2 A"))))
    g2.apply(Move(1, 0, None))
    assert g2.removed == 1 and up(g2, 1) == ["9H"]


def test_deal_completes_several_sequences_at_once():
    cols = [
        (["5D"], s("K Q J 10 9 8 7 6 5 4 3 2")),
        (["6D", "7D"], h("K Q J 10 9 8 7 6 5 4 3 2")),
        ([], s("K Q J 10 9 8 7 6 5 4 3 2")),
    ]
    g = position(SP4, cols + [FILLER] * 7, stock=[["AS", "AH", "AD"] + ["AC"] * 7])
    assert len(g.apply(DEAL).completed) == 2
    assert up(g, 1) == ["5D"] and pos(g).down[0] == 0
    assert up(g, 2) == ["7D"] and pos(g).down[1] == 1
    assert up(g, 3) == s("K Q J 10 9 8 7 6 5 4 3 2") + ["AD"]  # a spade run under a diamond ace stays
    assert pos(g).removed_suits == [0, 1] and g.moves == 1


def test_hand_built_spiderette_deal_then_removal_by_move():
    g = spiderette_game()
    for a in ["deal"] * 4 + ["2>1", "5>4", "6>4"]:
        g.apply(a)
    assert up(g, 4) == s("K Q J 10 9 8 7 6 5 4 3 2")
    g.apply("7>4")
    assert g.removed == 1 and up(g, 4) == ["3S"] and pos(g).down[3] == 2


def test_removal_is_not_a_move():
    g = spider_game()
    for a in SPIDER_PHASE1[:6]:
        g.apply(a)
    assert g.moves == 6 and g.removed == 0
    g.apply(SPIDER_PHASE1[6])  # A onto 2 completes the first sequence
    assert g.moves == 7 and g.removed == 1 and g.score == 500 - 7 + 100


# ----- 7. win -------------------------------------------------------------------------------


@pytest.mark.parametrize("make_line", ["spider", "spiderette"])
def test_win_after_all_sequences(make_line):
    if make_line == "spider":
        g, line = spider_game(), spider_line()
    else:
        g, line = spiderette_game(), spiderette_line()
    for a in line[:-1]:
        g.apply(a)
        assert not g.won
    g.apply(line[-1])
    assert g.won and g.removed == g.variant.sequences
    assert all(not c for c in pos(g).cols) and g.stock_count == 0
    assert g.legal_actions() == []
    state = g.state()
    assert state["won"] and not state["can_undo"] and not state["can_deal"]
    for action in ("undo", "deal", "1>2"):
        with pytest.raises(IllegalAction) as exc:
            g.apply(action)
        assert exc.value.reason in {"game_over", "no_deals_left"}
    with pytest.raises(IllegalAction) as exc:
        g.apply("undo")
    assert exc.value.reason == "game_over"


def test_hand_built_decks_are_what_the_tests_think():
    assert SPIDER1.game == "spider" and SPIDERETTE1.game == "spiderette"
    for g, n in ((spider_game(), 51), (spiderette_game(), 31)):
        line = spider_line() if g.variant.game == "spider" else spiderette_line()
        assert len(line) == n
        for a in line:
            g.apply(a)
        assert g.won and g.moves == n


# ----- other refusals -----------------------------------------------------------------------


def test_refusals_of_bad_columns():
    g = position(SP4, spider_cols(([], ["9H"]), ([], [])))
    refused(g, (0, 10, 1), "no_such_column")
    refused(g, (-1, 0, 1), "no_such_column")
    refused(g, (0, 0, 1), "same_column")
    refused(g, (0, 0, None), "same_column")
    refused(g, (1, 0, None), "empty_source")
    refused(g, (1, 0, 1), "empty_source")
    with pytest.raises(IllegalAction) as exc:
        pos(g).check_pick(12, 1)
    assert exc.value.reason == "no_such_column" and exc.value.params["column"] == 13


def test_refusal_of_bad_column_in_notation_names_it():
    g = spiderette_game()
    with pytest.raises(IllegalAction) as exc:
        g.apply("8>1")
    assert exc.value.reason == "no_such_column" and exc.value.params["column"] == 8
    with pytest.raises(IllegalAction) as exc:
        g.apply("0>1")
    assert exc.value.reason == "no_such_column"


# ----- the API other layers build on --------------------------------------------------------


def test_copy_is_independent():
    g = spider_game()
    for a in SPIDER_PHASE1[:7]:
        g.apply(a)
    twin = g.copy()
    before = snapshot(g)
    assert snapshot(twin) == before
    twin.undo()
    twin.apply(twin.legal_actions()[0])
    while twin.can_undo:
        twin.undo()
    assert snapshot(g) == before  # the twin played and undid everything; the original did not move
    assert twin.state() == spider_game().state()
    g.undo()
    assert twin.state() == spider_game().state()
    assert g.removed == 0 and g.moves == 6


def test_legal_moves_without_deal():
    g = spider_game()
    assert g.legal_actions() == [DEAL]
    assert pos(g).legal_moves(with_deal=False) == []


def test_check_pick():
    g = position(SP4, spider_cols((["2C"], ["9D", "8S", "7S"]), ([], [])))
    pos(g).check_pick(0, 1)
    pos(g).check_pick(0, 2)
    for count, reason in ((3, "not_a_run"), (4, "bad_count"), (0, "bad_count")):
        with pytest.raises(IllegalAction) as exc:
            pos(g).check_pick(0, count)
        assert exc.value.reason == reason
    with pytest.raises(IllegalAction) as exc:
        pos(g).check_pick(1, 1)
    assert exc.value.reason == "empty_source"


def test_apply_reports_sequences_completed():
    g = spider_game()
    assert [len(g.apply(DEAL).completed) for _ in range(5)] == [0] * 5
    assert len(g.apply(Move(5, 0, None)).completed) == 0
    assert g.apply(Move(5, 0, None)).completed == ((0, 0),)  # a spade sequence off column 1


def test_undo_and_redo_with_nothing_to_take_back_are_refused_not_crashes():
    g = spider_game()
    before = snapshot(g)
    for call, reason in ((g.undo, "nothing_to_undo"), (g.redo, "nothing_to_redo")):
        with pytest.raises(IllegalAction) as exc:
            call()
        assert exc.value.reason == reason
    assert snapshot(g) == before and g.actions == () and not g.can_undo and not g.can_redo


def test_whatever_changes_a_game_is_in_its_record():
    """The game's position is its own: copies handed out change nothing, and every action applied,
    undo and redo included, is in the record that replays it."""
    g = spider_game()
    g.apply("deal")
    before = snapshot(g)
    for copy in (g.position(), g.search_copy(), g.information_state()):
        copy.play(copy.legal_moves()[0])
        copy.deal()
    assert snapshot(g) == before
    assert g.state() == Game.from_record(g.record()).state()
    g.undo()
    g.redo()
    g.apply(g.legal_actions()[0])
    assert g.record()["actions"] == ["deal", "undo", "deal", g.actions[-1]]
    assert Game.from_record(g.record()).state() == g.state()

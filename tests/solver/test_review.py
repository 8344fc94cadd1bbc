"""Game review (spider.solver.review): the turning point it reports is where a win was still shown
and after which none was found, on games a bad (seeded random) player loses."""

from __future__ import annotations

import random
from typing import Any

import pytest

from spider.engine import DEAL, Deal, Game, Move, ReplayError, SpiderError
from spider.i18n import translations
from spider.solver import solve
from spider.solver.review import RECHECK_NODES, Budget, ReviewCancelled, player_line, position, review
from spider.solver.review_text import review_sentences
from tests.patience import AT_ONCE

pytestmark = pytest.mark.slow

NODES = 5000  # positions per probe: a node limit keeps every probe, and so every review, reproducible
BUDGET = Budget(time_limit=600, node_limit=NODES)
LOST_SPIDERETTE = "SD1-S4-AAAAADC"  # the solver proves it lost in under 10 000 positions


def bad_game(code: str, seed: int, deal_first: bool) -> dict[str, Any]:
    """The record of a game played by a bad player: random moves into positions not met before, or
    with ``deal_first`` a deal whenever one is legal; it stops when no such action is left."""
    game, rng = Game.from_code(code), random.Random(seed)
    seen = {game.position().position_key()}
    while not game.won:
        steps = game.legal_actions()
        if deal_first and DEAL in steps:
            step: Move | Deal = DEAL
        else:
            fresh = []
            for s in steps:
                after = game.copy()
                after.apply(s)
                if after.position().position_key() not in seen:
                    fresh.append(s)
            if not fresh:
                break
            step = rng.choice(fresh)
        game.apply(step)
        seen.add(game.position().position_key())
    return game.record()


def won_with(record: dict[str, Any], actions: list[str]) -> bool:
    """Whether the record's deal played with ``actions`` is won, replayed through the engine."""
    return Game.from_record({k: v for k, v in record.items() if k != "actions"} | {"actions": actions}).won


BAD_GAMES = [
    ("SD1-S1-AAAAAAD", 0, True),
    ("SD1-S1-AAAAAAD", 1, False),
    ("SD1-S1-AAAAABB", 2, False),
    ("SD1-S2-AAAAAAB", 0, True),
    ("SD1-S2-AAAAAAB", 3, False),
    ("SP1-S1C-AAAAAAD", 0, True),
    ("SP1-S1C-AAAAAAD", 2, False),
]


@pytest.mark.parametrize(("code", "seed", "deal_first"), BAD_GAMES)
def test_the_turning_point_is_where_the_win_was_lost(code: str, seed: int, deal_first: bool) -> None:
    record = bad_game(code, seed, deal_first)
    start, line = player_line(record)
    assert not position(start, line, len(line)).won
    result = review(record, BUDGET)
    assert result["won"] is False and result["player_length"] == len(line)
    # probes are monotone: every position probed won comes before every one proved lost
    won = [p["index"] for p in result["probes"] if p["result"] == "won"]
    lost = [p["index"] for p in result["probes"] if p["result"] == "lost"]
    assert not won or not lost or max(won) < min(lost)
    assert result["probes"][0]["index"] == 0
    turning = result["turning_point"]
    if turning is None:
        assert result["winnable"] is not True or result["line_from"] == len(line)
        return
    k = turning["index"]
    assert turning["action"] == line[k]
    assert result["winnable"] is True and result["line_from"] == k
    first, last = result["range"]
    assert first == k <= last
    if turning["after"] == "lost":
        assert last == k
    # the record cut before action K wins with the reported line...
    assert won_with(record, line[:k] + result["line"])
    # ...and the record cut after it does not solve as won with the budget of its last look (a
    # second look, longer, when it was probed twice)
    looks = sum(p["index"] == k + 1 for p in result["probes"])
    nodes = BUDGET.nodes(RECHECK_NODES) if looks > 1 else NODES
    after = solve(position(start, line, k + 1), time_limit=600, node_limit=nodes)
    assert after.result == turning["after"]


def test_bad_games_do_give_turning_points() -> None:
    """Not every review may find one, but on these easy levels most do (else the test above
    would check nothing)."""
    found = [review(bad_game(*game), BUDGET)["turning_point"] for game in BAD_GAMES[:5]]
    assert sum(t is not None for t in found) >= 3
    assert any(t is not None and t["after"] == "lost" for t in found)


def test_a_won_game_has_no_turning_point_and_compares_lengths() -> None:
    code = "SD1-S1-AAAAAAD"
    actions = solve(Game.from_code(code), node_limit=NODES, time_limit=600).actions
    played = actions[:3] + ["undo", "redo"] + actions[3:]
    record = {"code": code, "actions": played}
    result = review(record, BUDGET)
    assert result["won"] is True and result["winnable"] is True
    assert result["turning_point"] is None and result["range"] is None
    assert result["player_length"] == len(actions)  # the undo and the redo are not the player's line
    assert result["shortest_found"] == len(result["line"]) and result["line_from"] == 0
    assert won_with(record, result["line"])


def test_a_deal_proved_lost_from_the_start() -> None:
    record = bad_game(LOST_SPIDERETTE, 0, False)
    result = review(record, Budget(time_limit=600, node_limit=50_000))
    assert result["winnable"] is False
    assert result["turning_point"] is None and result["range"] is None and result["line"] == []
    assert [p["index"] for p in result["probes"]] == [0]  # a loss at the deal is a loss everywhere after


def test_a_bare_deal_is_reviewed_for_a_win() -> None:
    result = review({"code": "SD1-S1-AAAAAAD"}, BUDGET)
    assert result["winnable"] is True and result["player_length"] == 0
    assert result["line_from"] == 0 and won_with({"code": "SD1-S1-AAAAAAD"}, result["line"])


def test_a_game_stopped_where_it_could_still_be_won() -> None:
    code = "SD1-S1-AAAAAAD"
    actions = solve(Game.from_code(code), node_limit=NODES, time_limit=600).actions
    record = {"code": code, "actions": actions[:5]}
    result = review(record, BUDGET)
    assert result["winnable"] is True and result["turning_point"] is None and result["range"] is None
    assert result["line_from"] == 5 and won_with(record, actions[:5] + result["line"])
    assert "The game could still be won where it stopped." in review_sentences(result, *player_line(record))


def test_undos_and_redos_are_not_the_players_line() -> None:
    record = bad_game("SD1-S2-AAAAAAB", 3, False)
    line = record["actions"]
    # a detour taken back, and an action taken back then played again
    with_undos = line[:2] + [line[2], "undo", "undo", "redo"] + line[2:4] + ["deal", "undo"] + line[4:]
    detoured = record | {"actions": with_undos}
    assert Game.from_record(detoured).position().snapshot() == Game.from_record(record).position().snapshot()
    assert player_line(detoured)[1] == player_line(record)[1]
    plain, undone = review(record, BUDGET), review(detoured, BUDGET)
    for key in ("winnable", "turning_point", "line", "range", "player_length"):
        assert plain[key] == undone[key]
    assert [p["index"] for p in plain["probes"]] == [p["index"] for p in undone["probes"]]


def test_no_win_found_claims_nothing() -> None:
    record = bad_game("SP1-S1C-AAAAAAD", 2, False)
    n = len(player_line(record)[1])
    result = review(record, Budget(time_limit=600, node_limit=10))  # too few positions to decide anything
    assert not any(p["result"] == "won" for p in result["probes"])
    assert result["winnable"] is None and result["turning_point"] is None and result["line"] == []
    assert result["range"] == [0, n - 1]
    sentences = review_sentences(result, *player_line(record))
    assert "No win from the start was found within the time limit." in sentences
    assert f"If the game was lost, it was lost somewhere between move 1 and move {n}." in sentences
    # while the review goes on, its time is not up: it says what it has not found so far
    so_far = review_sentences(result, *player_line(record), so_far=True)
    assert so_far[1] == "No win from the start has been found yet." and so_far[2:] == sentences[2:]


def test_a_time_limit_ends_the_search_with_a_range() -> None:
    record = bad_game("SP1-S1C-AAAAAAD", 2, False)
    result = review(record, Budget(time_limit=0.05))
    assert result["seconds"] < AT_ONCE  # it stopped at its limit, not when the search would have ended
    if result["turning_point"] is None and result["range"] is not None:
        first, last = result["range"]
        assert 0 <= first <= last < result["player_length"]


def test_progress_and_cancel() -> None:
    record = bad_game("SD1-S1-AAAAAAD", 1, False)
    seen: list[tuple[int, int]] = []
    partials: list[dict[str, Any]] = []

    def progress(done: int, expected: int, partial: dict[str, Any]) -> None:
        seen.append((done, expected))
        partials.append(partial)

    result = review(record, BUDGET, progress=progress)
    assert [done for done, _ in seen] == list(range(1, len(result["probes"]) + 1))
    assert all(done <= expected for done, expected in seen) and seen[-1][0] == seen[-1][1]
    # each report is the review as far as it had got: the probes then, the last one the whole review
    assert [len(p["probes"]) for p in partials] == [done for done, _ in seen]
    assert partials[0]["winnable"] is True and partials[0]["turning_point"] is None
    assert {k: v for k, v in partials[-1].items() if k != "seconds"} == {
        k: v for k, v in result.items() if k != "seconds"
    }
    asked: list[int] = []

    def cancelled() -> bool:
        asked.append(1)
        return len(asked) > 2

    with pytest.raises(ReviewCancelled):
        review(record, BUDGET, cancelled=cancelled)
    assert len(asked) == 3  # asked before each probe: two ran, the third never started


def test_bad_records_are_refused_before_any_solving() -> None:
    with pytest.raises(ReplayError) as refused:
        review({"code": "SD1-S1-AAAAAAD", "actions": ["deal", "9>1"]}, BUDGET)
    assert refused.value.index == 1
    with pytest.raises(SpiderError):
        review({"code": "SD1-S1-AAAAAAD", "actions": "deal"}, BUDGET)
    with pytest.raises(SpiderError):
        review("{not json", BUDGET)


def test_the_turning_point_in_words() -> None:
    record = bad_game("SD1-S2-AAAAAAB", 0, True)
    result = review(record, BUDGET)
    start, line = player_line(record)
    assert result["turning_point"] == {"index": 3, "action": "deal", "after": "lost"}
    english = review_sentences(result, start, line)
    assert english[:3] == [
        f"The review follows your line of play as it stands after undos: {len(line)} actions.",
        "The deal could be won from the start.",
        "The game was lost at move 4 (a deal from the stock):"
        " before it the deal could still be won, after it it could not.",
    ]
    assert english[3].startswith("A winning line from before move 4: ") and len(english) == 4  # no range beside it
    for lang in ("ru", "sk", "fi"):
        worded = review_sentences(result, start, line, translations(lang))
        assert len(worded) == len(english) and not set(worded) & set(english[:3])


def test_a_turning_point_found_but_not_proved_says_so_in_one_sentence() -> None:
    record = bad_game("SP1-S1C-AAAAAAD", 2, False)
    start, line = player_line(record)
    result = review(record, BUDGET) | {"turning_point": {"index": 5, "action": line[5], "after": "unknown"}}
    result |= {"range": [5, len(line) - 1], "line_from": 5}  # as a 4-suit review mostly ends
    english = review_sentences(result | {"line": []}, start, line)
    assert english[2].startswith("The turning point was most likely move 6 (")
    assert english[2].endswith("): before it the solver found a win, after it it found none.")
    assert len(english) == 3 and not any("somewhere between" in s for s in english)


def test_a_line_known_from_the_deal_replaces_the_first_probe() -> None:
    record = bad_game("SD1-S2-AAAAAAB", 0, True)
    known = review({"code": record["code"]}, BUDGET)["line"]
    result = review(record, BUDGET, deal_line=known)
    assert result["probes"][0] == {"index": 0, "result": "won", "seconds": 0.0, "known": True}
    assert result["turning_point"] == review(record, BUDGET)["turning_point"]
    assert result["shortest_found"] == len(known)
    # a line that does not win is not taken on trust: the deal is probed
    wrong = review(record, BUDGET, deal_line=known[:-1])
    assert "known" not in wrong["probes"][0] and wrong["probes"][0]["index"] == 0

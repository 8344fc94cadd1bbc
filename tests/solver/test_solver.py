"""The solver, hints, autoplay, study and their commands. Fast: no timing assertions."""

from __future__ import annotations

import json
import random

import pytest

from spider.cli import main
from spider.engine import DEAL, RANKS, SUITS, Game, Position, column_hashes, variant
from spider.solver import (
    autoplay,
    deep_hint,
    hint,
    hint_action,
    public_key,
    record_hint,
    solve,
    study,
    wilson,
)
from spider.solver.strong import strong_choice

pytestmark = pytest.mark.slow

WON_CODE = "SP1-S1C-AAAAAAA"  # the solver wins this one in well under a second


def spiderette_deck(columns: list[list[str]], stock: list[str]) -> list[str]:
    """A Spiderette deck in deal order from columns (bottom to top) and the stock in dealing order."""
    deck = []
    for row in range(7):
        for col in range(7):
            if row < len(columns[col]):
                deck.append(columns[col][row])
    return deck + stock


def dead_spiderette() -> list[str]:
    """A Spiderette deck with no legal move in any reachable position: every card ever on top has an
    odd rank (no two are one rank apart), the last deal brings three queens onto columns 1-3 while
    columns 4-7 show A, 3, 5, 7 — and no column ever empties. Only the four deals can be played, so
    the deal is unwinnable."""
    odd = ["A", "3", "5", "7", "9", "J", "K"]
    layers = [[r + s for r in odd] for s in SUITS]  # tops after 0, 1, 2, 3 deals
    layers[3] = ["9C", "JC", "KC", "AC", "3C", "5C", "7C"]
    last = ["QS", "QH", "QD"]
    hidden = [r + s for s in SUITS for r in RANKS if r not in odd and r + s not in last]
    assert len(hidden) == 21
    columns, i = [], 0
    for col in range(7):
        columns.append(hidden[i : i + col] + [layers[0][col]])
        i += col
    return spiderette_deck(columns, layers[1] + layers[2] + layers[3] + last)


def test_solver_win_replays_to_a_won_state():
    result = solve(Game.from_code(WON_CODE), time_limit=30)
    assert result.result == "won"
    assert result.actions and result.nodes > 0
    assert Game.from_record({"code": WON_CODE, "actions": result.actions}).won


def test_solver_does_not_change_the_game():
    game = Game.from_code(WON_CODE)
    before = (game.state(), game.actions, game.position().snapshot())
    solve(game, time_limit=30)
    assert (game.state(), game.actions, game.position().snapshot()) == before


def test_dead_spiderette_is_proved_lost():
    deck = dead_spiderette()
    game = Game.from_deck(variant("spiderette", 4), deck)
    g = game.search_copy()
    # check the construction independently of the solver: only deals are ever legal
    while g.deals_left:
        assert g.legal_moves() == [DEAL]
        g.deal()
    assert g.legal_moves() == [] and not g.won
    result = solve(game, time_limit=30)
    assert result.result == "lost"
    assert result.actions == []


def test_lost_from_a_saved_position():
    deck = dead_spiderette()
    record = {"game": "spiderette", "suits": 4, "deck": deck, "actions": ["deal", "deal"]}
    assert solve(Game.from_record(record), time_limit=30).result == "lost"


def test_limits_give_unknown():
    game = Game.from_code("SP1-S4C-AAAAAAB")
    by_nodes = solve(game, time_limit=60, node_limit=50)
    assert by_nodes.result == "unknown" and by_nodes.reason == "node limit"
    by_time = solve(game, time_limit=1e-6)
    assert by_time.result == "unknown" and by_time.reason == "time limit"
    by_memory = solve(game, time_limit=60, memory_limit_mb=1)
    assert by_memory.result == "unknown" and by_memory.reason == "memory limit"


def test_won_game_is_won_with_no_actions():
    game = Game.from_record({"code": WON_CODE, "actions": solve(Game.from_code(WON_CODE)).actions})
    assert solve(game).result == "won"
    assert solve(game).actions == []
    assert hint(game) is None


def _permute_hidden(game, rng: random.Random, stock: bool, down: bool):
    """A copy of ``game`` with its face-down cards (``down``) and its stock (``stock``) each
    shuffled among themselves."""
    hidden = [card for c, col in enumerate(game.cols) for card in col[: game.down[c]]]
    if down:
        rng.shuffle(hidden)
    rest = game.stock[len(game.stock) - game.stock_count :]
    if stock:
        rng.shuffle(rest)
    return game.with_hidden_cards(hidden + rest)


@pytest.mark.parametrize(
    "code", ["SP1-S4C-AAAAAAB", "SP1-S2C-AAAAAAC", "SD1-S4-AAAAAAD", "SP1-S1C-AAAAAAE", "SP1-S4R-AAAAAAF"]
)
def test_hint_ignores_hidden_cards(code):
    rng = random.Random(code)
    game = Game.from_code(code).search_copy()
    seen = {public_key(game)}
    for step in range(40):
        expected = hint_action(game, seen)
        for trial in range(3):
            other = _permute_hidden(game, rng, stock=trial != 1, down=trial != 2)
            assert public_key(other) == public_key(game)
            assert hint_action(other, seen) == expected, (code, step, trial)
        if expected is None:
            break
        if expected == DEAL:
            game.deal()
        else:
            game.move(*expected)
        seen.add(public_key(game))


@pytest.mark.parametrize("code", ["SP1-S4C-AAAAAAA", "SD1-S2-AAAAAAB", "SP1-S2R-AAAAAAC"])
def test_hints_are_legal_and_deterministic(code):
    game = Game.from_code(code)
    for _ in range(30):
        text = hint(game)
        if text is None:
            break
        assert text == hint(game)
        game.apply(text)  # raises if the rules refuse it


def test_hint_deals_when_nothing_else_is_possible():
    game = Game.from_deck(variant("spiderette", 4), dead_spiderette())
    assert hint(game) == "deal"
    for _ in range(4):
        game.apply("deal")
    assert hint(game) is None


def test_autoplay_plays_legally_without_undo():
    game = Game.from_code(WON_CODE, profile="moves")
    won = autoplay(game, max_actions=150)
    assert won == game.won
    assert 0 < game.moves <= 150 and "undo" not in game.actions
    assert Game.from_record(game.record()).state() == game.state()  # every action is in the record


def test_wilson_interval():
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-3) and high == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


def test_study_in_process():
    report = study("spider", 1, deals=2, start="SP1-S1C-AAAAAAA", mode="solve", time_limit=20)
    s = report.summary()
    assert s["deals"] == 2 and s["won"] + s["lost"] + s["unknown"] == 2
    assert [r["code"] for r in report.results] == ["SP1-S1C-AAAAAAA", "SP1-S1C-AAAAAAB"]
    parts = {r["found_by"] for r in report.results if r["result"] == "won"}
    assert parts <= {"beam", "bounded pass", "complete pass"}
    assert "decided" in report.table()


# ----- command line ------------------------------------------------------------------------


def test_cli_solve_json(capsys):
    assert main(["solve", WON_CODE, "--json", "--time-limit", "30"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["result"] == "won" and out["start"] == 0
    assert set(out) >= {"result", "actions", "nodes", "seconds"}
    assert Game.from_record({"code": WON_CODE, "actions": out["actions"]}).won


def test_cli_solve_file_continues_the_record(tmp_path, capsys):
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"code": WON_CODE, "actions": ["1>3"]}))
    assert main(["solve", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["result"] == "won" and out["start"] == 1
    assert Game.from_record({"code": WON_CODE, "actions": ["1>3", *out["actions"]]}).won


def test_cli_solve_text_and_lost(tmp_path, capsys):
    path = tmp_path / "dead.json"
    path.write_text(json.dumps({"game": "spiderette", "suits": 4, "deck": dead_spiderette(), "actions": []}))
    assert main(["solve", str(path)]) == 0
    assert capsys.readouterr().out.startswith("lost")
    assert main(["solve", "SP1-S4C-AAAAAAB", "--node-limit", "10"]) == 0
    assert capsys.readouterr().out.startswith("unknown")


def test_cli_hint(capsys):
    assert main(["hint", "SP1-S4C-AAAAAAB", "--quick"]) == 0
    text = capsys.readouterr().out.strip()
    assert text == record_hint(Game.from_code("SP1-S4C-AAAAAAB"))
    Game.from_code("SP1-S4C-AAAAAAB").apply(text)
    assert main(["hint", "SP1-S4C-AAAAAAB", "--quick", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"hint": text}
    # by default the Hint button's: the strong player's answer, or the quick hint's past 0.4 s
    assert main(["hint", "SP1-S4C-AAAAAAD", "--json"]) == 0
    button = json.loads(capsys.readouterr().out)["hint"]
    game = Game.from_code("SP1-S4C-AAAAAAD")
    assert button in (record_hint(game, strong_choice), record_hint(game))
    with pytest.raises(SystemExit) as refused:  # one way at a time
        main(["hint", "SP1-S4C-AAAAAAD", "--quick", "--deep"])
    assert refused.value.code == 2
    # --deep: the strong player's action, which here is not the quick hint's
    assert main(["hint", "SP1-S4C-AAAAAAD", "--deep", "--json"]) == 0
    deep = json.loads(capsys.readouterr().out)["hint"]
    assert deep == deep_hint(Game.from_code("SP1-S4C-AAAAAAD")) != record_hint(Game.from_code("SP1-S4C-AAAAAAD"))
    Game.from_code("SP1-S4C-AAAAAAD").apply(deep)


@pytest.mark.parametrize(
    "argv, message",
    [
        (["solve", "SP9-XX"], "Malformed game code"),
        (["solve", "missing-file.json"], "cannot read"),
        (["hint", "SD1-S3-AAAAAAA"], "S3"),
        (["study", "--suits", "1", "--start", "SD1-S1-AAAAAAA", "--deals", "1"], "not a spider-1-classic code"),
    ],
)
def test_cli_errors_are_one_line(argv, message, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_cli_illegal_record(tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"code": WON_CODE, "actions": ["1>1"]}))
    assert main(["solve", str(path)]) == 1  # an illegal action exits as in `spider replay`
    err = capsys.readouterr().err
    assert "illegal action 0" in err and err.count("\n") == 1


def test_cli_bad_option_exits_nonzero(capsys):
    with pytest.raises(SystemExit) as e:
        main(["solve", WON_CODE, "--time-limit", "-1"])
    assert e.value.code == 2
    assert "must be positive" in capsys.readouterr().err


def test_depth_beam_finds_a_replayable_win_and_leaves_the_game_alone():
    from spider.engine import format_action as action_text
    from spider.solver.beam import depth_beam
    from spider.solver.heuristics import weights_for

    g = Game.from_code(WON_CODE).search_copy()
    before = repr(g)
    line, nodes = depth_beam(g, 20, weights_for(g.variant), 1, lambda n: False)
    assert line is not None and nodes > 0 and repr(g) == before
    assert Game.from_record({"code": WON_CODE, "actions": [action_text(a) for a in line]}).won


@pytest.mark.parametrize("cap", [1, 3])
def test_a_beam_layer_takes_at_most_per_parent_children_of_one_position(cap):
    from spider.solver.beam import NO_CAP, _Beam
    from spider.solver.heuristics import position_cost, weights_for
    from spider.solver.ordering import ordered_actions

    g = Game.from_code("SP1-S4C-AAAAAAB").search_copy()
    w = weights_for(g.variant)
    snap = g.snapshot()
    hashes = column_hashes(snap[2], snap[3])
    layer = [(position_cost(g, w), snap, 0, hashes)]
    moves = [(cost, tie, 0, a) for cost, tie, a in ordered_actions(g, layer[0][0], True, None, w) if a is not DEAL]
    assert len(moves) > cap  # the opening has more moves than the cap lets through
    capped = _Beam(g, w, 20, cap, g.position_key()).select(layer, list(moves))
    beam = _Beam(g, w, 20, NO_CAP, g.position_key())
    uncapped = beam.select(layer, list(moves))
    assert len(capped) == cap and len(uncapped) == len(moves)
    assert [cost for cost, *_ in capped] == sorted(cost for cost, *_ in uncapped)[:cap]  # the best ones
    # each child (made from its parent's columns, two of them new) is the position its move makes
    flips = 0
    for _, child, node, child_hashes in uncapped:
        g.restore(snap)
        g.move(*beam.parents[node][1])
        assert child == g.snapshot() and child_hashes == column_hashes(child[2], child[3])
        flips += child[3] != snap[3]
    assert flips  # some moves turned a card up


@pytest.mark.parametrize("enabled", [True, False])
def test_a_solve_pauses_the_cycle_collector_and_leaves_it_as_it_found_it(enabled):
    import gc

    collections: list[str] = []

    def count(phase: str, info: dict) -> None:
        collections.append(phase)

    game = Game.from_code(WON_CODE)
    (gc.enable if enabled else gc.disable)()
    gc.callbacks.append(count)
    try:
        result = solve(game, time_limit=30)
        assert result.result == "won" and result.nodes > 10_000  # enough allocations for many collections
        # none ran during the solve; one may run as it ends, once the collector is back on
        assert len(collections) <= (2 if enabled else 0), collections
        assert gc.isenabled() is enabled
        with pytest.raises((AttributeError, TypeError)):  # the compiled build checks the type itself
            solve(None, time_limit=1)  # type: ignore[arg-type]  # a solve that raises
        assert gc.isenabled() is enabled
    finally:
        gc.callbacks.remove(count)
        gc.enable()


def test_depth_beam_stops_when_told():
    from spider.solver.beam import depth_beam
    from spider.solver.heuristics import weights_for

    g = Game.from_code("SP1-S4C-AAAAAAB").search_copy()
    before = repr(g)
    line, nodes = depth_beam(g, 50, weights_for(g.variant), None, lambda n: n > 100)
    assert line is None and nodes < 5000 and repr(g) == before


@pytest.mark.parametrize("beam", [True, False])
def test_solver_with_and_without_the_beam_wins_replayably(beam):
    result = solve(Game.from_code(WON_CODE), time_limit=30, beam=beam)
    assert result.result == "won"
    assert Game.from_record({"code": WON_CODE, "actions": result.actions}).won
    # which part of the search found the win (for studies; the web answer leaves it out)
    assert result.found_by in (("beam",) if beam else ()) + ("bounded pass", "complete pass")
    assert "found_by" not in result.as_dict()


@pytest.mark.parametrize(
    ("code", "finder"),
    [
        ("SD1-S2-AAAABAA", "beam"),  # the beam leads on 2-suit Spiderette: first, and no bounded passes
        ("SD1-S2-AAAABAD", "beam"),
        ("SD1-S1-AAAABAA", "bounded pass"),  # on 1 suit the bounded passes come first
        ("SD1-S1-AAAABAB", "bounded pass"),
    ],
)
def test_the_level_decides_which_part_of_the_search_goes_first(code, finder):
    result = solve(Game.from_code(code), time_limit=30)
    assert result.result == "won"
    assert result.found_by == finder
    assert Game.from_record({"code": code, "actions": result.actions}).won


def endgame(columns: list[tuple[int, str]], removed_suits: list[int]) -> Game:
    """A game from a 2-suit Spider position with the stock dealt out: (face-down count, cards
    bottom to top) per column."""
    position = Position.from_columns(
        variant("spider", 2),
        [cards.split() for _, cards in columns],
        down=[down for down, _ in columns],
        removed=removed_suits,
        profile="moves",
    )
    return Game.from_position(position)


def test_hint_finds_a_long_way_to_the_last_hidden_cards():
    """Five empty columns, and the two hidden cards under twelve face-up cards: uncovering them
    takes three moves into empty columns, none of which looks better on its own. The hint must
    not give up (it used to answer "no useful move"), and autoplay must win."""
    cols = [
        "",
        "",
        "4H 3H",
        "",
        "KS QS JS 10S 9S 8S 7S 6S 5S 4S",
        "",
        "",
        "",
        "",
        "3S 5H 2H AH 2S AS KH QH JH 10H 9H 8H 7H 6H",
    ]
    game = endgame([(2 if c == 9 else 0, cards) for c, cards in enumerate(cols)], [0, 0, 0, 1, 1, 1])
    assert game.stock_count == 0 and not game.can_deal
    action = hint_action(game)
    assert action is not None and action != DEAL
    assert autoplay(game)

"""The local table: seats, stale intents, undo to the previous human decision, rematch, restore."""

import json

import pytest

from parlor.rules import from_view
from local_table import Table, TableError

HUMAN = {"kind": "human"}


def ai(level="easy"):
    return {"kind": "ai", "level": level}


def table(*seats, **extra):
    return Table({"game": "ataxx", "variant": "standard", "seats": list(seats), "seed": 3, **extra})


def play_ai(t):
    choice = t.think(budget_s=0.05)
    t.ai_move(choice["seat"], choice["move"], choice["ply"])
    return choice["move"]


def test_local_game_moves_and_undo_one_ply():
    t = table(HUMAN, HUMAN)
    t.move(0, "a6", 0)
    t.move(1, "g6", 1)
    assert t.state.history == ["a6", "g6"]
    t.undo()
    assert t.state.history == ["a6"] and t.snapshot()["to_move"] == 1


def test_solo_undo_goes_back_to_the_previous_human_decision():
    t = table(HUMAN, ai())
    t.move(0, "a6", 0)
    play_ai(t)
    t.move(0, t.state.legal_moves()[0], 2)
    play_ai(t)
    assert len(t.state.history) == 4 and t.snapshot()["human_turn"]
    t.undo()
    assert len(t.state.history) == 2 and t.state.to_move == 0
    t.undo()
    assert t.state.history == [] and not t.snapshot()["can_undo"]
    with pytest.raises(TableError):
        t.undo()


def test_undo_is_refused_when_the_computer_moved_first_and_no_human_decided():
    t = table(ai(), HUMAN)
    play_ai(t)
    assert not t.snapshot()["can_undo"]
    with pytest.raises(TableError):
        t.undo()


def test_all_ai_undo_goes_one_turn_back_and_pauses():
    t = table(ai(), ai("medium"))
    for _ in range(3):
        play_ai(t)
    t.undo()
    assert len(t.state.history) == 2 and t.paused
    choice = t.think(budget_s=0.05)
    with pytest.raises(TableError, match="paused"):
        t.ai_move(choice["seat"], choice["move"], choice["ply"])


@pytest.mark.parametrize("seat,move,ply,why", [
    (1, "g6", 0, "not that seat's turn"),
    (0, "a6", 5, "older position"),
    (0, "a7a4", 0, "exactly two"),
])
def test_refused_moves_change_nothing(seat, move, ply, why):
    t = table(HUMAN, HUMAN)
    before = json.dumps(t.snapshot())
    with pytest.raises(ValueError, match=why):
        t.move(seat, move, ply)
    assert json.dumps(t.snapshot()) == before


def test_a_stale_ai_answer_is_refused_after_undo():
    t = table(HUMAN, ai())
    t.move(0, "a6", 0)
    choice = t.think(budget_s=0.05)
    t.undo()
    with pytest.raises(TableError, match="older position"):
        t.ai_move(choice["seat"], choice["move"], choice["ply"])
    assert t.state.history == []


def test_people_cannot_move_for_the_computer_and_pause_locks_the_board():
    t = table(ai(), HUMAN)
    with pytest.raises(TableError, match="computer"):
        t.move(0, "a6", 0)
    t.set_paused(True)
    play_ai_choice = t.think(budget_s=0.05)
    with pytest.raises(TableError, match="paused"):
        t.ai_move(play_ai_choice["seat"], play_ai_choice["move"], 0)


def test_timeout_loses_and_is_saved():
    t = table(HUMAN, HUMAN, options={"fen": "x5o/7/7/7/7/7/o5x x 0 1"})
    t.move(0, "b6", 0)
    t.forfeit(1, "timeout", 1)
    snap = t.snapshot()
    assert snap["is_over"] and snap["winners"] == [0] and "timeout" in snap["end_reason"]
    again = Table.restore(json.loads(json.dumps(snap["saved"])))
    assert again.snapshot()["end_reason"] == snap["end_reason"]
    again.undo()  # takes back the timeout, not the move before it
    assert not again.state.is_over and again.state.history == ["b6"] and again.state.to_move == 1


def test_the_turn_clock_chosen_is_kept_over_a_reload_and_a_rematch():
    t = table(HUMAN, HUMAN, turn_s=60)
    assert t.snapshot()["turn_s"] == 60 and t.snapshot()["config"]["turn_s"] == 60
    t.move(0, "a6", 0)
    again = Table.restore(json.loads(json.dumps(t.snapshot()["saved"])))
    assert again.snapshot()["turn_s"] == 60 and again.rematch().snapshot()["turn_s"] == 60
    off = table(HUMAN, HUMAN, turn_s=0)  # Off: no clock shown, no timeout taken
    before = off.snapshot()
    assert before["turn_s"] is None
    with pytest.raises(TableError, match="no turn clock"):
        off.forfeit(0, "timeout", 0)
    assert off.snapshot() == before
    for bad in (-1, 3601, "30", True, 1.5):
        with pytest.raises(TableError, match="turn_s"):
            table(HUMAN, HUMAN, turn_s=bad)
    runners = Table({"game": "runners", "seats": [HUMAN, HUMAN], "seed": 3, "turn_s": 60})
    assert runners.snapshot()["turn_s"] is None and "turn_s" not in runners.config  # it has no clock


@pytest.mark.parametrize("game", ["runners", "sanctuary"])
def test_only_ataxx_has_a_turn_clock(game):
    assert table(HUMAN, HUMAN).snapshot()["turn_s"] == 30
    t = Table({"game": game, "seats": [HUMAN, HUMAN], "seed": 3})
    before = t.snapshot()
    assert before["turn_s"] is None  # the page shows no clock and never times a turn out
    with pytest.raises(TableError, match="no turn clock"):
        t.forfeit(0, "timeout", 0)
    assert t.snapshot() == before and not t.state.is_over


def test_rematch_rotates_who_starts():
    t = table(HUMAN, ai("hard"))
    again = t.rematch()
    assert again.config["seats"][0]["kind"] == "ai" and again.config["seats"][1]["kind"] == "human"
    assert again.state.history == [] and again.snapshot()["ai_turn"]


def test_restore_after_reload_keeps_the_game():
    t = table(HUMAN, ai(), options={"fen": "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1"})
    t.move(0, "b6", 0)
    play_ai(t)
    saved = json.loads(json.dumps(t.save()))
    again = Table.restore(saved)
    assert again.snapshot() == t.snapshot()


@pytest.mark.parametrize("config", [
    None, {"game": "chess"}, {"game": "ataxx", "seats": [HUMAN]},
    {"game": "ataxx", "seats": [HUMAN, {"kind": "ai", "level": "godlike"}]},
    {"game": "ataxx", "seats": [HUMAN, HUMAN], "options": {"fen": "bad"}},
    {"game": "ataxx", "seats": [HUMAN, HUMAN], "seed": "x"},
])
def test_bad_configurations_are_refused(config):
    with pytest.raises(TableError):
        Table(config)


def test_restore_refuses_garbage():
    for saved in [None, 3, {"config": None}, {"config": {"game": "ataxx", "seats": [HUMAN, HUMAN]},
                                               "state": {"game": "ataxx", "history": ["zz"]}}]:
        with pytest.raises(TableError):
            Table.restore(saved)


def test_the_log_names_the_seat_of_every_move():
    t = table(HUMAN, ai(), options={"fen": "xoo4/ooo4/ooo4/7/7/7/6x o 0 1"})
    t_moves = []
    while not t.state.is_over and len(t_moves) < 3:
        if t.snapshot()["human_turn"]:
            move = t.state.legal_moves()[0]
            t.move(t.state.to_move, move, t.ply)
        else:
            move = play_ai(t)
        t_moves.append(move)
    assert [seat for seat, _ in t.snapshot()["log"]] == [1, 0, 1][:len(t_moves)]
    assert [move for _, move in t.snapshot()["log"]] == t_moves


def test_runners_rematch_rotates_the_first_seat_and_keeps_the_seating():
    seats = [HUMAN, ai(), ai("medium"), ai("hard")]
    t = Table({"game": "runners", "variant": "2v2", "seats": seats, "seed": 1})
    assert t.state.to_move == 0
    again = t.rematch()
    assert again.config["seats"] == t.config["seats"] and again.state.to_move == 1
    assert again.rematch().rematch().rematch().state.to_move == 0


def test_a_position_written_by_hand_is_the_table_s_first_position():
    config = {"game": "sanctuary", "variant": "standard", "seed": 4,
              "seats": [HUMAN, ai()]}
    hand = {"game": "sanctuary", "seats": 2, "card": "Six", "to_move": 0,
            "pawns": [["T10", "T12", "L", "L"], ["L", "L", "L", "L"]]}
    t = Table(config, hand)
    assert sorted(t.state.view(0)["pawns"][0]) == ["L", "L", "T10", "T12"]
    assert "T12>T16,T10>T12" in t.snapshot()["legal_moves"] and not t.snapshot()["can_undo"]
    t.move(0, "T12>T16,T10>T12", 0)
    assert t.snapshot()["log"] == [[0, "T12>T16,T10>T12"]] and t.snapshot()["can_undo"]
    t.undo()
    assert t.state.view(0)["card"] == "Six"
    again = Table.restore(json.loads(json.dumps(t.save())))
    assert again.state == t.state


def test_a_position_rebuilt_from_a_view_keeps_the_log_it_is_given_and_only_that():
    played = table(HUMAN, HUMAN, game="sanctuary")
    for _ in range(3):
        played.move(played.state.to_move, played.state.legal_moves()[0], played.ply)
    log = played.snapshot()["log"]
    position = from_view(played.state.view(1), seed=99).to_dict()  # the cards re-sampled
    config = {**played.config, "seed": 99}
    assert Table(config, position).snapshot()["log"] == []  # cannot be replayed from its start
    rebuilt = Table(config, position, earlier_log=log)
    assert rebuilt.snapshot()["log"] == log and not rebuilt.snapshot()["can_undo"]
    assert Table.restore(json.loads(json.dumps(rebuilt.save()))).snapshot()["log"] == log
    for wrong in (log[:-1], [[0, "pass"]] + log[1:], [["0", m] for _, m in log], "log", [None] * 3):
        assert Table(config, position, earlier_log=wrong).snapshot()["log"] == []


# --- hints (Table.hint): Hard's choice for the person to move, nothing changed ----------------------

@pytest.mark.parametrize("game,seats", [("ataxx", 2), ("runners", 2), ("sanctuary", 2), ("gems", 2),
                                        ("chains", 3)])
def test_a_hint_is_a_legal_move_from_the_seats_view_and_changes_nothing(game, seats):
    t = Table({"game": game, "seats": [HUMAN] * seats, "seed": 7})
    for _ in range(2):  # a position past the start
        t.move(t.state.to_move, t.state.legal_moves()[0], t.ply)
    before = json.dumps(t.snapshot(0), sort_keys=True)
    seat = t.state.to_move
    answer = t.hint(seat, t.ply, budget_s=0.05)
    assert answer["move"] in t.state.legal_moves()
    assert answer["ply"] == t.ply and answer["seat"] == seat
    assert answer["words"] == t.state.describe(answer["move"])
    assert answer["places"] == t.state.places(answer["move"])
    assert json.dumps(t.snapshot(0), sort_keys=True) == before  # no move, log, undo step or save


def test_a_hint_is_refused_with_a_code_when_it_cannot_be_given():
    t = table(HUMAN, ai())
    with pytest.raises(TableError) as err:
        t.hint(0, 1, 0.05)
    assert err.value.code == "stale"
    with pytest.raises(TableError) as err:
        t.hint(1, 0, 0.05)  # not that seat's turn
    assert err.value.code == "turn"
    t.move(0, "a6", 0)
    with pytest.raises(TableError) as err:
        t.hint(1, 1, 0.05)  # the computer's seat
    assert err.value.code == "turn"
    with pytest.raises(TableError) as err:
        t.hint("1", 1, 0.05)
    assert err.value.code == "turn"
    play_ai(t)
    t.set_paused(True)
    with pytest.raises(TableError) as err:
        t.hint(0, 2, 0.05)
    assert err.value.code == "paused"
    t.set_paused(False)
    t.forfeit(0, "resign", 2)
    with pytest.raises(TableError) as err:
        t.hint(0, 2, 0.05)
    assert err.value.code == "over"


def test_a_hint_reads_only_the_seats_view():
    """Sanctuary's draw pile is hidden: the hint is the same whatever order the pile holds."""
    import parlor.ai

    t = Table({"game": "sanctuary", "seats": [HUMAN, HUMAN], "seed": 11})
    seen = []
    real = parlor.ai.choose_move

    def spy(view, level, **kw):
        seen.append((view, level))
        return real(view, level, **kw)

    parlor.ai.choose_move = spy
    try:
        t.hint(t.state.to_move, 0, 0.05)
    finally:
        parlor.ai.choose_move = real
    [(view, level)] = seen
    assert level == "hard" and view == t.state.view(t.state.to_move) and "draw" not in view

"""Replay at the table (issue #26, part 1): the engine rebuilds the position after any ply as the
page showed it then — the same view, never more than that seat could see — for a table on this
device (`replay_view`) and for the room this page hosts (`room_replay_view`)."""

import json
import random

import pytest

import engine
from local_table import Table, TableError
from parlor.rules import GAMES, new_game
from room_host import RoomHost

POSITION = ("ply", "view", "to_move", "last_move", "is_over", "winners", "scores", "end_reason")
HUMAN = {"kind": "human"}
EASY = {"kind": "ai", "level": "easy"}
TABLES = [(game, seats, variant) for game, info in sorted(GAMES.items())
          for seats, variant in info.tables()[:2]]


def call(name, *args):
    return json.loads(getattr(engine, name)(*[json.dumps(a) if isinstance(a, dict) else a for a in args]))


def play_randomly(table, rng, plies):
    """Play up to `plies` random legal moves for whoever is to move; the snapshot the page got
    after each one (and at the start), by ply."""
    shown = {0: table.snapshot()}
    while not table.state.is_over and table.ply < plies:
        state = table.state
        move = rng.choice(state.legal_moves())
        if table.is_ai(state.to_move):
            table.ai_move(state.to_move, move, table.ply)
        else:
            table.move(state.to_move, move, table.ply)
        shown[table.ply] = table.snapshot()
    return shown


@pytest.mark.parametrize("game,seats,variant", TABLES)
def test_every_replayed_position_is_what_the_page_showed_then_and_what_the_rules_give(game, seats, variant):
    rng = random.Random(f"{game}-{seats}-{variant}")
    specs = [HUMAN] + [rng.choice([HUMAN, EASY]) for _ in range(seats - 1)]
    table = Table({"game": game, "variant": variant, "seats": specs, "seed": 11})
    shown = play_randomly(table, rng, 40)
    history = table.state.history
    for ply, live in shown.items():
        replayed = table.replay_snapshot(ply)
        assert {k: replayed[k] for k in POSITION} == {k: live[k] for k in POSITION}, ply
        assert replayed["replay"] and not replayed["human_turn"] and replayed["legal_moves"] == []
        # The rules' own position: new_game plus the first `ply` moves of the history.
        state = new_game(game, seats=seats, variant=variant, seed=11)
        for move in history[:ply]:
            state = state.play(move)
        seat = state.to_move if state.to_move is not None and specs[state.to_move] == HUMAN else None
        assert replayed["view"] == state.view(seat)
        assert json.loads(json.dumps(replayed)) == replayed


def test_sanctuary_replay_never_shows_the_draw_pile_or_the_seed():
    table = Table({"game": "sanctuary", "seats": [HUMAN, EASY, EASY], "seed": 99})
    play_randomly(table, random.Random(5), 30)
    for ply in range(table.ply + 1):
        text = json.dumps(table.replay_snapshot(ply))
        view = table.replay_snapshot(ply)["view"]
        assert "draw" not in view and "seed" not in view and "config" not in table.replay_snapshot(ply)
        assert "draw_count" in view  # how many cards are left, never which
        state = table.position(ply)
        order = json.dumps(state.to_dict()["draw"])
        assert len(state.draw) < 5 or order[1:-1] not in text


def test_a_forfeit_is_the_last_position_and_undo_shortens_what_can_be_replayed():
    table = Table({"game": "ataxx", "variant": "standard", "seats": [HUMAN, HUMAN], "seed": 3})
    table.move(0, "a6", 0)
    table.move(1, "g6", 1)
    table.forfeit(0, "timeout", 2)
    assert table.replay_snapshot(2)["is_over"] and table.replay_snapshot(2)["winners"] == [1]
    assert not table.replay_snapshot(1)["is_over"] and table.replay_snapshot(1)["last_move"] == "a6"
    table.undo()  # takes back the timeout
    table.undo()
    assert table.ply == 1
    with pytest.raises(TableError, match="from 0 to 1"):
        table.replay_snapshot(2)


@pytest.mark.parametrize("ply", [-1, 3, "1", 1.0, True, None, [1]])
def test_a_bad_ply_is_refused_with_a_reason_and_changes_nothing(ply):
    call("new_table", {"game": "ataxx", "variant": "standard", "seats": [HUMAN, HUMAN], "seed": 3})
    call("act", {"type": "move", "seat": 0, "move": "a6", "ply": 0})
    before = json.dumps(engine.TABLE.snapshot())
    answer = call("replay_view", ply)
    assert not answer["ok"] and "ply from 0 to 1" in answer["error"]
    assert json.dumps(engine.TABLE.snapshot()) == before


def test_replay_view_through_the_boundary_and_without_a_table():
    engine.TABLE = None
    engine.ROOM = None
    assert "no table" in call("replay_view", 0)["error"]
    assert "no table" in call("room_replay_view", 0)["error"]
    call("new_table", {"game": "ataxx", "variant": "solo", "seed": 5,
                       "seats": [{"kind": "human"}, {"kind": "ai", "level": "easy"}]})
    live = call("act", {"type": "move", "seat": 0, "move": "b6", "ply": 0})["snapshot"]
    start = call("replay_view", 0)["snapshot"]
    assert start["ply"] == 0 and start["last_move"] is None and start["to_move"] == 0
    after = call("replay_view", 1)["snapshot"]
    assert after["view"] == live["view"] and after["to_move"] == 1  # the computer's turn: a spectator's view


def test_the_host_replays_its_own_seats_view_and_a_takeover_cannot_replay_what_it_never_had():
    room = RoomHost({"game": "sanctuary", "seats": [HUMAN, HUMAN], "seed": 7}, host_seat=0, code="X")
    room.peer_open("g")
    room.receive("g", json.dumps({"v": 1, "type": "take", "seat": 1, "name": "Gail"}))
    room.host_act({"type": "start"})
    rng = random.Random(2)
    shown = {0: room.host_snapshot()}
    for _ in range(12):
        state = room.table.state
        room.table.move(state.to_move, rng.choice(state.legal_moves()), room.table.ply)
        shown[room.table.ply] = room.host_snapshot()
    for ply, live in shown.items():
        replayed = room.replay_snapshot(ply)
        assert {k: replayed[k] for k in POSITION} == {k: live[k] for k in POSITION}
        assert replayed["view"]["seat"] == 0
    # A guest that took over has the position, not the plies before it (their log only).
    guest_view = room.snapshot_for(1)
    replica = {"snapshot": guest_view, "lobby": room.lobby(), "you": {"seat": 1}}
    taken = RoomHost.from_replica(replica, code="X")
    assert taken.table.ply == 12 and taken.replay_snapshot(12)["view"]["seat"] == 1
    with pytest.raises(TableError, match="played elsewhere"):
        taken.replay_snapshot(11)

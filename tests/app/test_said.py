"""Moves in words (issue #26, part 3): every snapshot carries the words and places of the new
moves (State.describe / State.places of the position before each), computed once per move;
a new or restored table, the host's page and a guest's first state get them all (capped); a
guest's words never say what its view hides."""

import json
import random

import pytest

import engine
from local_table import SAID_CAP, SAID_WINDOW, Table
from parlor.rules import GAMES, from_view, new_game
from parlor.rules import core
from room_host import RoomHost

HUMAN = {"kind": "human"}
EASY = {"kind": "ai", "level": "easy"}
TABLES = [(game, seats, variant) for game, info in sorted(GAMES.items())
          for seats, variant in info.tables()[:2]]
MAX_TEXT = 64 * 1024  # app/page/net/room_link.py: a larger message is dropped by a guest


def expected(game, seats, variant, seed, moves):
    """[words, places] of each move, from the rules' own replay of the game."""
    state = new_game(game, seats=seats, variant=variant, seed=seed)
    out = []
    for move in moves:
        out.append([state.describe(move), state.places(move)])
        state = state.play(move)
    return out


def merge(known, said):
    for offset, entry in enumerate(said["moves"]):
        index = said["from"] + offset
        while len(known) <= index:
            known.append(None)
        known[index] = entry
    return known


def play(table, rng, plies):
    """Random moves; the words the page would hold, merged from each snapshot's `said`."""
    known = merge([], table.snapshot(0)["said"])
    while not table.state.is_over and table.ply < plies:
        state = table.state
        move = rng.choice(state.legal_moves())
        if table.is_ai(state.to_move):
            table.ai_move(state.to_move, move, table.ply)
        else:
            table.move(state.to_move, move, table.ply)
        snap = table.snapshot()
        said = snap["said"]
        assert said["from"] == max(0, snap["ply"] - SAID_WINDOW)
        assert len(said["moves"]) == snap["ply"] - said["from"]
        merge(known, said)
        del known[snap["ply"]:]
    return known


@pytest.mark.parametrize("game,seats,variant", TABLES)
def test_every_snapshot_carries_the_new_moves_in_words(game, seats, variant):
    rng = random.Random(hash((game, seats, variant)) & 0xFFFF)
    config = {"game": game, "variant": variant, "seats": [HUMAN] * seats, "seed": 11}
    table = Table(config)
    known = play(table, rng, 40)
    history = table.state.history
    assert known == expected(game, seats, variant, 11, history)
    names = table.state.seat_names()
    for (seat, _), (words, places) in zip(table.snapshot()["log"], known):
        assert 1 <= len(words) <= 120 and isinstance(places, list)
        if game != "chains":  # a Hex Chains seat places one of its colours, named first
            assert words.startswith(names[seat])
    assert table.snapshot(0)["said"] == {"from": 0, "moves": known}  # a catch-up: all of them
    json.dumps(table.snapshot())


def test_each_move_is_described_once_however_many_snapshots(monkeypatch):
    calls = []
    describe = core.State.describe
    monkeypatch.setattr(core.State, "describe", lambda self, move: calls.append(move) or describe(self, move))
    table = Table({"game": "ataxx", "variant": "standard", "seats": [HUMAN, HUMAN], "seed": 1})
    rng = random.Random(3)
    for _ in range(30):
        table.move(table.state.to_move, rng.choice(table.state.legal_moves()), table.ply)
        for _ in range(3):
            table.snapshot()
    table.snapshot(0)
    assert len(calls) == 30
    # An undo drops the words of the moves it takes back; new moves get their own.
    table.undo()
    assert len(table.snapshot(0)["said"]["moves"]) == 29
    move = [m for m in table.state.legal_moves() if m != table.states[-1].history[-1:]][-1]
    table.move(table.state.to_move, move, table.ply)
    assert table.snapshot()["said"]["moves"][-1] == [table.states[-2].describe(move),
                                                     table.states[-2].places(move)]


def test_a_catch_up_is_capped_and_the_plies_of_another_table_have_none():
    table = Table({"game": "ataxx", "variant": "standard", "seats": [HUMAN, HUMAN], "seed": 2})
    rng = random.Random(8)
    while table.ply < SAID_CAP + 20 and not table.state.is_over:
        table.move(table.state.to_move, rng.choice(table.state.legal_moves()), table.ply)
    said = table.snapshot(0)["said"]
    assert said["from"] == max(0, table.ply - SAID_CAP) and len(said["moves"]) == table.ply - said["from"]
    # A takeover of a game with hidden cards: the position rebuilt from a view, the earlier
    # log shown, never described (its positions are not known here).
    table = Table({"game": "sanctuary", "variant": "standard", "seats": [HUMAN, HUMAN], "seed": 2})
    for _ in range(9):
        table.move(table.state.to_move, rng.choice(table.state.legal_moves()), table.ply)
    log = table.snapshot()["log"]
    taken = Table(table.config, from_view(table.state.view(None), seed=99).to_dict(), earlier_log=log)
    assert taken.base == 9 and taken.snapshot()["log"] == log
    assert taken.snapshot(0)["said"] == {"from": 0, "moves": [None] * 9}
    taken.move(taken.state.to_move, taken.state.legal_moves()[0], 9)
    assert taken.snapshot()["said"]["moves"][-1][0].startswith(taken.states[0].mover_name())


def test_the_engine_answers_a_new_and_a_restored_table_with_every_move_in_words():
    def call(name, arg):
        return json.loads(getattr(engine, name)(json.dumps(arg)))

    answer = call("new_table", {"game": "ataxx", "variant": "standard", "seats": [HUMAN, HUMAN], "seed": 0})
    for ply in range(12):
        snap = answer["snapshot"]
        answer = call("act", {"type": "move", "seat": snap["to_move"], "move": snap["legal_moves"][0],
                              "ply": snap["ply"]})
        assert answer["ok"] and answer["snapshot"]["said"]["from"] == max(0, ply + 1 - SAID_WINDOW)
    moves = answer["snapshot"]["saved"]["state"]["history"]
    restored = call("restore", answer["snapshot"]["saved"])["snapshot"]["said"]
    assert restored == {"from": 0, "moves": expected("ataxx", 2, "standard", 0, moves)}
    assert restored["moves"][0][0].startswith("Red ")


def sanctuary_room():
    room = RoomHost({"game": "sanctuary", "variant": "standard", "seats": [HUMAN, EASY], "seed": 4},
                    host_seat=None, code="ABCD")
    room.peer_open("g")
    room.receive("g", json.dumps({"v": 1, "type": "hello", "name": "Ann"}))
    room.receive("g", json.dumps({"v": 1, "type": "take", "seat": 0, "name": "Ann"}))
    token = [json.loads(text)["you"].get("token") for peer, text in room.outbox if peer == "g"][-1]
    room.host_act({"type": "start"})
    return room, token


def test_a_guest_gets_every_move_in_words_once_then_the_new_ones_and_nothing_hidden():
    room, token = sanctuary_room()
    assert room.drain()["snapshot"]["said"] == {"from": 0, "moves": []}  # the host's page: all, once
    rng = random.Random(5)
    table = room.table
    while table.ply < 80 and not table.state.is_over:
        state = table.state
        before = from_view(state.view(None), seed=rng.randrange(1 << 30))  # what anyone may know
        move = rng.choice(state.legal_moves())
        # The words and places hold only what a spectator's view shows (draws name no card).
        assert before.describe(move) == state.describe(move)
        assert before.places(move) == state.places(move)
        if move == "draw":
            assert state.describe(move).endswith("draws a card") and state.places(move) == []
        if state.to_move == 0:
            room.receive("g", json.dumps({"v": 1, "type": "move", "move": move, "ply": table.ply,
                                          "token": token}))
        else:
            room.host_act({"type": "ai_move", "seat": 1, "move": move, "ply": table.ply})
    out = room.drain()
    states = [json.loads(text) for peer, text in out["outbox"] if peer == "g"]
    said = [m["snapshot"]["said"] for m in states if m["type"] == "state"]
    assert said and all(s["from"] == max(0, m["snapshot"]["ply"] - SAID_WINDOW)
                        for s, m in zip(said, [m for m in states if m["type"] == "state"]))
    assert out["snapshot"]["said"]["from"] > 0  # the host's page was caught up at the start
    # A guest that joins now gets them all in one message, within the page's limit.
    room.peer_open("late")
    room.receive("late", json.dumps({"v": 1, "type": "hello", "name": "Cy"}))
    first = [text for peer, text in room.drain()["outbox"] if peer == "late"][0]
    snap = json.loads(first)["snapshot"]
    assert snap["said"] == {"from": 0, "moves": expected("sanctuary", 2, "standard", 4, table.state.history)}
    assert len(first) < MAX_TEXT

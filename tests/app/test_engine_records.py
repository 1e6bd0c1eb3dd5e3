"""The engine's game records (record, open_record, record_view), called as the page calls them."""

import json

import pytest

import engine

SOLO = {"game": "ataxx", "variant": "standard", "seed": 5,
        "seats": [{"kind": "human", "name": "You"}, {"kind": "ai", "level": "hard"}], "options": {}}
DATES = {"started": "2026-12-02T10:00:00Z", "ended": "2026-12-02T10:05:00Z"}


def call(name, *args):
    return json.loads(getattr(engine, name)(*[json.dumps(a) if isinstance(a, dict) else a for a in args]))


@pytest.fixture(autouse=True)
def fresh_engine():
    engine.TABLE = engine.RECORD = None


def played(moves=("a7c5", "a1c2", "d5")):
    """A table with `moves` played (alternately the person and the computer)."""
    snap = call("new_table", SOLO)["snapshot"]
    for move in moves:
        kind = "move" if snap["human_turn"] else "ai_move"
        snap = call("act", {"type": kind, "seat": snap["to_move"], "move": move, "ply": snap["ply"]})["snapshot"]
    return snap


def test_a_game_in_progress_is_recorded_with_its_seats_and_dates():
    played()
    answer = call("record", DATES)
    assert answer["ok"], answer
    record = answer["record"]
    assert record["moves"] == ["a7c5", "a1c2", "d5"] and record["result"] is None
    assert record["seats"] == [{"kind": "human", "name": "You"}, {"kind": "ai", "level": "hard"}]
    assert record["started"] == DATES["started"] and answer["name"] == "parlor-ataxx-2026-12-02"
    assert json.loads(answer["json"]) == record
    assert answer["text"].startswith('[Format "parlor-record"]') and "1. a7c5 2. a1c2 3. d5" in answer["text"]


def test_a_record_opens_as_a_read_only_table_and_replays_every_position():
    played()
    text = call("record", DATES)["text"]
    table_before = engine.TABLE.snapshot()
    answer = call("open_record", text)
    assert answer["ok"], answer
    snap = answer["snapshot"]
    assert snap["ply"] == 3 and [move for _, move in snap["log"]] == ["a7c5", "a1c2", "d5"]
    assert not snap["human_turn"] and not snap["ai_turn"] and snap["legal_moves"] == []
    assert snap["record"] and snap["saved"] is None and not snap["can_undo"]
    assert snap["config"]["seats"][1] == {"kind": "ai", "level": "hard", "name": ""}
    assert engine.TABLE.snapshot() == table_before  # the local table is another thing
    assert answer["text"] == text and answer["json"] == call("record", DATES)["json"]  # Save record again
    views = [call("record_view", ply)["snapshot"] for ply in range(4)]
    assert [v["last_move"] for v in views] == [None, "a7c5", "a1c2", "d5"]
    assert all(v["legal_moves"] == [] for v in views)
    assert not call("record_view", 4)["ok"]


def test_a_finished_game_by_resignation_keeps_its_forfeit():
    snap = played()
    call("act", {"type": "forfeit", "seat": 0, "reason": "resign", "ply": snap["ply"]})
    record = call("record", DATES)["record"]
    assert record["forfeit"] == {"seat": 0, "reason": "resign"} and record["result"]["winners"] == [1]
    snap = call("open_record", json.dumps(record))["snapshot"]
    assert snap["is_over"] and snap["winners"] == [1] and snap["ply"] == 3
    assert call("record_view", 3)["snapshot"]["is_over"]
    assert not call("record_view", 2)["snapshot"]["is_over"]


@pytest.mark.parametrize("change,code", [
    (lambda r: r.replace('"winners": [0]', '"winners": [1]'), "tampered"),
    (lambda r: r.replace('"a1c2"', '"a1a1"', 1), "illegal-move"),
    (lambda r: r.replace('"version": 1', '"version": 9'), "version"),
    (lambda r: r[:40], "bad-json"),
    (lambda r: "hello", "malformed"),
    (lambda r: "[" * 300_000, "too-big"),
])
def test_a_bad_record_is_refused_with_its_code_and_changes_nothing(change, code):
    snap = played()
    call("act", {"type": "forfeit", "seat": 1, "reason": "resign", "ply": snap["ply"]})
    good = call("record", DATES)["json"]
    assert call("open_record", good)["ok"]
    opened = engine.RECORD
    answer = call("open_record", change(good))
    assert not answer["ok"] and answer["code"] == code and answer["error"]
    assert engine.RECORD is opened


def test_no_record_without_a_table_or_with_bad_dates():
    assert call("record", DATES)["code"] == "invalid"
    played()
    answer = call("record", {"started": "yesterday", "ended": None})
    assert not answer["ok"] and answer["code"] == "malformed"
    assert call("record_view", 0)["error"] == "no record is open"

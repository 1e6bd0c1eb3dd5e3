"""The engine worker's exported functions, called as the page calls them (JSON text in and out)."""

import json
import xml.etree.ElementTree as ET

import pytest

import engine
from qrkit import qr_dark_modules, segno_modules

SOLO = {"game": "ataxx", "variant": "solo", "seed": 5,
        "seats": [{"kind": "human", "name": "You"}, {"kind": "ai", "level": "easy"}],
        "options": {"layout": "Four pillars"}}


def call(name, *args):
    return json.loads(getattr(engine, name)(*[json.dumps(a) if isinstance(a, dict) else a for a in args]))


@pytest.fixture(autouse=True)
def fresh_engine():
    engine.TABLE = None


def test_a_solo_turn_through_the_boundary():
    snap = call("new_table", SOLO)["snapshot"]
    assert snap["human_turn"] and snap["view"]["fen"].startswith("x5o/7/2-1-2")
    answer = call("act", {"type": "move", "seat": 0, "move": "b6", "ply": 0})
    assert answer["ok"] and answer["snapshot"]["ai_turn"]
    choice = call("think", 0.05)
    assert choice["ok"] and choice["ply"] == 1 and choice["seat"] == 1
    answer = call("act", {"type": "ai_move", **{k: choice[k] for k in ("seat", "move", "ply")}})
    assert answer["snapshot"]["view"]["history"] == ["b6", choice["move"]]
    saved = answer["snapshot"]["saved"]
    engine.TABLE = None
    assert call("restore", saved)["snapshot"]["view"]["history"] == ["b6", choice["move"]]


@pytest.mark.parametrize("request_text,why", [
    ("{not json", "must be JSON"),
    ("[1, 2]", "JSON object"),
    ('{"type": "explode"}', "unknown action"),
    ('{"type": "move", "seat": 0, "move": "' + "a" * 70_000 + '", "ply": 0}', "at most"),
    ('{"type": "move", "seat": 1, "move": "g6", "ply": 0}', "not that seat's turn"),
    ('{"type": "move", "seat": 0, "move": "zz", "ply": 0}', "not an Ataxx move"),
])
def test_bad_requests_are_refused_and_change_nothing(request_text, why):
    before = call("new_table", SOLO)["snapshot"]
    answer = json.loads(engine.act(request_text))
    assert not answer["ok"] and why in answer["error"]
    assert answer["snapshot"] == before


def test_a_refusal_says_what_kind_it_is():
    """The page tells a computer's move that raced a change of the table (stale, paused, not its
    turn: said nothing) from a fault or an illegal move (said), by the answer's code."""
    call("new_table", SOLO)
    choice = call("think", 0.05)  # Red, a person, is to move: no computer is
    assert not choice["ok"] and choice["code"] == "turn"
    assert call("act", {"type": "move", "seat": 0, "move": "zz", "ply": 0})["code"] == "illegal"
    assert call("act", {"type": "move", "seat": 0, "move": "b6", "ply": 0})["ok"]
    choice = call("think", 0.05)
    assert call("act", {"type": "undo"})["ok"]  # the computer's move now races an Undo
    raced = call("act", {"type": "ai_move", **{k: choice[k] for k in ("seat", "move", "ply")}})
    assert not raced["ok"] and raced["code"] == "stale"
    assert call("act", {"type": "explode"})["code"] == "invalid"


def test_no_table_yet():
    assert "no table" in call("act", {"type": "undo"})["error"]
    assert "no table" in call("think", 1.0)["error"]
    assert not call("new_table", {"game": "ataxx", "seats": []})["ok"]


def test_a_room_through_the_boundary():
    engine.ROOM = None
    config = {"game": "ataxx", "variant": "standard", "seed": 2,
              "seats": [{"kind": "human"}, {"kind": "ai", "level": "easy"}]}
    answer = call("room_open", {"config": config, "host_seat": None, "code": "ABC"})
    assert answer["ok"] and answer["lobby"]["seats"][0]["taken"] is False and answer["outbox"] == []
    assert call("room_event", {"type": "start"})["ok"] is False
    call("room_event", {"type": "open", "peer": "p1"})
    answer = call("room_event", {"type": "recv", "peer": "p1",
                                 "text": json.dumps({"v": 1, "type": "take", "seat": 0, "name": "Ann"})})
    assert [peer for peer, _ in answer["outbox"]] == ["p1"]
    token = json.loads(answer["outbox"][0][1])["you"]["token"]
    assert token not in json.dumps(answer["saved"])
    assert call("room_event", {"type": "start"})["ok"]
    answer = call("room_event", {"type": "recv", "peer": "p1", "text": json.dumps(
        {"v": 1, "type": "move", "move": "a6", "ply": 0, "token": token})})
    assert answer["snapshot"]["ai_turn"] and answer["snapshot"]["ply"] == 1
    choice = call("room_think", 0.05)
    assert choice["ok"] and choice["seat"] == 1
    answer = call("room_event", {"type": "ai_move", **{k: choice[k] for k in ("seat", "move", "ply")}})
    assert answer["ok"] and answer["snapshot"]["ply"] == 2
    restored = call("room_restore", answer["saved"])
    assert restored["ok"] and restored["snapshot"]["ply"] == 2 and restored["lobby"]["seats"][0]["taken"]


def test_qr_svg_is_an_svg_of_the_link_segno_round_trips():
    pytest.importorskip("segno")
    link = "http://127.0.0.1:8000/?room=7MZ3Q0KD9XWC"
    answer = json.loads(engine.qr_svg(link))
    assert answer["ok"] and answer["svg"].startswith("<svg")
    root = ET.fromstring(answer["svg"])
    assert root.get("viewBox") and "<title>QR code of the invite link</title>" in answer["svg"]
    # the SVG draws exactly segno's matrix (border 2) for our link
    assert qr_dark_modules(answer["svg"]) == segno_modules(link)
    assert "<script" not in answer["svg"] and "on" not in root.attrib
    for bad in ("", "x" * 513, None):
        assert not json.loads(engine.qr_svg(bad))["ok"]


def test_the_worker_script_exports_the_engines_functions():
    """app/engine/worker.py (the script PyScript runs in the worker) exports to the page exactly
    what app/engine/engine.py lists, bound to the engine's own functions."""
    import worker as engine_worker

    assert engine_worker.__export__ == engine.__export__
    for name in engine.__export__:
        assert getattr(engine_worker, name) is getattr(engine, name), name


def test_hints_through_the_boundary_change_nothing():
    call("new_table", SOLO)
    before = call("act", {"type": "pause", "paused": False})["snapshot"]
    answer = call("hint", {"seat": 0, "ply": 0, "budget": 0.05})
    assert answer["ok"] and answer["seat"] == 0 and answer["ply"] == 0
    assert answer["move"] in before["legal_moves"] and answer["places"] and answer["words"]
    assert call("act", {"type": "pause", "paused": False})["snapshot"] == before
    for request, code in [({"seat": 1, "ply": 0}, "turn"), ({"seat": 0, "ply": 3}, "stale"),
                          ({"seat": 0, "ply": 0, "budget": "soon"}, "invalid")]:
        refused = call("hint", request)
        assert refused["ok"] is False and refused["code"] == code, request
    assert call("hint", "[1]")["code"] == "invalid"
    engine.ROOM = None
    config = {"game": "ataxx", "variant": "standard", "seed": 2,
              "seats": [{"kind": "human"}, {"kind": "human"}]}
    assert call("room_hint", {"seat": 0, "ply": 0})["error"] == "no room game is running"
    opened = call("room_open", {"config": config, "host_seat": 0, "code": "ABC"})
    assert opened["lobby"]["hints"] is False
    opened = call("room_open", {"config": config, "host_seat": 0, "code": "ABC", "hints": True})
    assert opened["lobby"]["hints"] is True
    assert call("room_event", {"type": "hints", "on": False})["lobby"]["hints"] is False
    assert call("room_hint", {"seat": 0, "ply": 0, "budget": 0.05})["code"] == "hints-off"

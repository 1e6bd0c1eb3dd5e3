"""A hostile guest against the host's engine: its data-channel messages go through the engine's
boundary (app/engine/engine.py room_event) to the room (app/engine/room_host.py), as on the host's page. Deep
nesting, long strings, lone surrogates, NaN, Infinity, huge numbers, wrong types: each is
refused to that guest only, nothing changes, the engine answers on, and the other guest plays.
The engine's own requests (a saved table or room, a replica) get the same treatment.

Runs under CPython and inside Pyodide (tests/pyodide/test_in_pyodide.py), the layer where it
broke: there, json.loads on "[" * 8000 overflows the JavaScript stack, a fatal error that
killed the engine worker (CPython only raises RecursionError)."""

import json
import random

import pytest

import engine

SEATS = [{"kind": "human"}, {"kind": "human"}]
REFUSALS = {"bad-json", "too-deep", "too-many-values", "bad-number", "bad-text", "too-large",
            "bad-message", "bad-version", "unknown-type", "bad-seat", "has-seat", "seat-taken",
            "unknown-token", "no-seat", "not-your-seat", "bad-token", "not-your-turn", "bad-move",
            "refused", "rate-limited"}
# What a spectator hears instead, where the refusal depends on having a seat.
SPECTATOR = {"bad-move": "no-seat", "refused": "no-seat", "bad-token": "no-seat",
             "not-your-seat": "no-seat"}


def call(name, *args):
    return json.loads(getattr(engine, name)(*[json.dumps(a) if isinstance(a, dict) else a for a in args]))


def event(**fields):
    return call("room_event", fields)


def recv(peer, text):
    return event(type="recv", peer=peer, text=text)


@pytest.fixture
def game():
    """A started Ataxx room: Ann (peer a, seat 0, to move) and Bob (peer b, seat 1), and a
    spectator (peer s). Returns their seat tokens."""
    engine.ROOM = None
    assert call("room_open", {"config": {"game": "ataxx", "seats": SEATS, "seed": 3},
                              "host_seat": None, "code": "ROOM"})["ok"]
    tokens = {}
    for peer, seat in (("a", 0), ("b", 1), ("s", None)):
        event(type="open", peer=peer)
        if seat is not None:
            answer = recv(peer, json.dumps({"v": 1, "type": "take", "seat": seat, "name": peer}))
            tokens[peer] = [json.loads(t) for p, t in answer["outbox"] if p == peer][0]["you"]["token"]
    assert event(type="start")["ok"]
    yield tokens
    engine.ROOM = None


def hostile_messages(token):
    """One of each family, each within the room's 8 KiB (most; two are over it)."""
    move = {"v": 1, "type": "move", "move": "a6", "ply": 0, "token": token}

    def with_(**fields):
        return json.dumps({**move, **fields})

    def raw(field, literal):  # a field whose value is written as given (non-JSON tokens too)
        text = json.dumps({**move, field: "@@"})
        return text.replace('"@@"', literal)

    return [
        ("[" * 8000, "too-deep"),
        ("[" * 4000 + "]" * 4000, "too-deep"),
        ('{"a":' * 1300 + "1" + "}" * 1300, "too-deep"),
        ('{"v":1,"type":"move","move":' + "[" * 7000, "too-deep"),
        (raw("move", "[" * 3000 + '"a6"' + "]" * 3000), "too-deep"),
        ("[" + "0," * 1500 + "0]", "too-many-values"),
        ("[" * 9000, "too-large"),
        (with_(move="a" * 8200), "too-large"),
        (with_(move="a" * 7000), "bad-move"),
        (json.dumps({"v": 1, "type": "hello", "name": "n" * 8000}), None),  # a name: trimmed
        (raw("ply", "NaN"), "bad-number"),
        (raw("ply", "Infinity"), "bad-number"),
        (raw("ply", "-Infinity"), "bad-number"),
        (raw("ply", "1e400"), "bad-number"),
        (raw("ply", "9" * 30), "bad-number"),
        (raw("ply", "9" * 4500), "bad-number"),
        (raw("v", "NaN"), "bad-number"),
        (raw("move", '"\\ud800"'), "bad-text"),
        (raw("move", '"a6\\udfff"'), "bad-text"),
        (raw("token", '"\\ud83d"'), "bad-text"),
        ('{"v":1,"type":"hello","name":"\\ud800\\ud800"}', "bad-text"),
        ('{"\\udc00":1,"v":1,"type":"hello"}', "bad-text"),
        (raw("move", "5"), "bad-move"),
        (raw("move", '["a6"]'), "bad-move"),
        (raw("move", '{"a6":1}'), "bad-move"),
        (raw("move", "null"), "bad-move"),
        (raw("ply", '"0"'), "refused"),
        (raw("ply", "[0]"), "refused"),
        (raw("ply", "0.5"), "refused"),
        (raw("token", "123"), "bad-token"),
        (raw("token", '{"t":1}'), "bad-token"),
        (raw("seat", "[0]"), "not-your-seat"),
        (raw("type", '["move"]'), "unknown-type"),
        (raw("type", "7"), "unknown-type"),
        (raw("v", "1.0"), "bad-version"),
        (raw("v", "true"), "bad-version"),
        ('{"v":1,"type":"take","seat":1e400}', "bad-number"),
        ('{"v":1,"type":"take","seat":"0"}', "bad-seat"),
        ('{"v":1,"type":"hello","name":{"a":[1]}}', None),
        ('{"v":1,"type":"hello","token":["x"]}', "unknown-token"),
        ("[]", "bad-json"),
        ('"move"', "bad-json"),
        ("null", "bad-json"),
        ("", "bad-json"),
        ('{"v":1,"type":"move"', "bad-json"),
        ('{"v":1,"type":"move","move":"a6\\', "bad-json"),
    ]


def test_every_hostile_message_is_refused_to_its_sender_only_and_the_game_goes_on(game):
    before = event(type="check")
    for text, code in hostile_messages(game["a"]):
        for peer in ("a", "s"):  # the seated guest to move, and a spectator
            engine.ROOM.peers[peer]["bucket"].tokens = 20  # not the rate limit under test
            answer = recv(peer, text)
            assert answer["ok"], (text[:60], answer.get("error"))
            assert answer["saved"] == before["saved"], text[:60]  # nothing changed
            errors = [json.loads(t) for p, t in answer["outbox"] if json.loads(t)["type"] == "error"]
            if code is None:  # taken, harmlessly (a name is trimmed to plain text)
                assert errors == [], (text[:60], errors)
                continue
            assert all(p == peer for p, _ in answer["outbox"]), text[:60]  # nobody else told
            want = SPECTATOR.get(code, code) if peer == "s" else code
            assert [e["code"] for e in errors] == [want], (peer, text[:60], errors)
    assert json.loads(engine.hello())["parlor"]  # the engine still answers
    answer = recv("a", json.dumps({"v": 1, "type": "move", "move": "a6", "ply": 0, "token": game["a"]}))
    assert answer["snapshot"]["ply"] == 1 and {p for p, _ in answer["outbox"]} == {"a", "b", "s"}
    answer = recv("b", json.dumps({"v": 1, "type": "move", "move": "g6", "ply": 1, "token": game["b"]}))
    assert answer["snapshot"]["ply"] == 2


def test_mangled_messages_never_break_the_room(game):
    """Valid messages cut, spliced and stuffed with hostile pieces at random places."""
    rng = random.Random(7)
    pieces = ["[" * 3000, '{"a":' * 900, "NaN", "-Infinity", "1e999", "\\ud800", '"\\udfff"', "9" * 400,
              '"', "\\", "]", "}", ",", ":", "null", '"seat"', "\x00", "\ud800", "😀"]
    valid = [json.dumps({"v": 1, "type": "move", "move": "a6", "ply": 0, "token": game["a"]}),
             json.dumps({"v": 1, "type": "hello", "name": "Ann", "token": game["a"]}),
             json.dumps({"v": 1, "type": "take", "seat": 1, "name": "Zed"})]
    before = event(type="check")["saved"]
    for _ in range(250):
        text = rng.choice(valid)
        for _ in range(rng.randrange(1, 4)):
            at = rng.randrange(len(text) + 1)
            text = text[:at] + rng.choice(pieces) * rng.randrange(1, 3) + text[at + rng.randrange(4):]
        peer = rng.choice("abs")
        engine.ROOM.peers[peer]["bucket"].tokens = 20
        answer = recv(peer, text)
        if "\ud800" in text:  # a raw lone surrogate: the event itself is refused (a data
            # channel never delivers one: browsers send text as UTF-8, a lone one as U+FFFD)
            assert not answer["ok"] and "bad-text" in answer["error"] and answer["outbox"] == []
            continue
        assert answer["ok"]
        for to, out in answer["outbox"]:
            message = json.loads(out)
            assert message["type"] == "state" or (to == peer and message["code"] in REFUSALS), message
        if answer["saved"] != before:  # a mangled message that is still a legal move or hello
            assert answer["saved"]["table"] == before["table"] or answer["snapshot"]["ply"] == 1
            before = answer["saved"]
    assert json.loads(engine.hello())["parlor"]


@pytest.mark.parametrize("text", [
    "[" * 60_000,
    '{"config":' * 12_000 + "{}" + "}" * 12_000,
    '{"config": {"game": "ataxx", "seats": [' + "[" * 20_000 + "]" * 20_000 + "]}}",
    '{"config": {"game": "ataxx", "seed": NaN, "seats": [{"kind": "human"}, {"kind": "human"}]}}',
    '{"config": {"game": "ataxx", "seed": 1e999, "seats": [{"kind": "human"}, {"kind": "human"}]}}',
    '{"config": {"game": "ataxx", "seed": ' + "7" * 39 + ', "seats": [{"kind": "human"}, {"kind": "human"}]}}',
    '{"config": {"game": "\\ud800", "seats": []}}',
    '{"config": {"game": "ataxx", "seats": [{"kind": "human", "name": "\\udfff"}, {"kind": "human"}]}}',
    '{"seats": 5, "table": {}}',
    '{"seats": [1, "x", null], "table": {"config": {}}, "host_seat": [0]}',
    '{"replica": {"snapshot": {"config": {"seats": 3}}, "lobby": {"seats": "x"}, "you": {}}}',
    '{"replica": {"snapshot": {"config": {"game": "ataxx", "seats": [{}, {}]}, "view": [1]}, '
    '"lobby": {"seats": [1, 2]}, "you": {"seat": 0}}}',
])
def test_the_engines_requests_are_guarded_too(text):
    """A saved table or room (the page's storage) and a replica (the last state a host sent)
    reach the engine as requests: refused cleanly, and the engine lives on."""
    engine.TABLE = engine.ROOM = None
    for name in ("new_table", "restore", "room_open", "room_restore", "room_takeover"):
        answer = json.loads(getattr(engine, name)(text))
        assert answer["ok"] is False and answer["error"], (name, text[:60])
    assert json.loads(engine.hello())["parlor"]

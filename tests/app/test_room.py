"""The room host (app/engine/room_host.py): seats and tokens, and every hostile input refused with nothing
changed while the other guests are still served."""

import json

import pytest

from room_host import CLOSE_AFTER, MAX_MESSAGE, RoomHost
from local_table import TableError

HUMAN = {"kind": "human"}


class Clock:
    def __init__(self):
        self.t = 0.0

    def __call__(self):
        return self.t


def msg(**fields):
    return json.dumps({"v": 1, **fields})


def room(*seats, host_seat=None, game="ataxx", variant="standard"):
    clock = Clock()
    r = RoomHost({"game": game, "variant": variant, "seats": list(seats), "seed": 5},
                 host_seat=host_seat, clock=clock, code="ABCD")
    r.clock_stub = clock
    return r


def sent(r, peer=None):
    """Messages the host sends (to `peer`), decoded; clears the outbox."""
    out = r.drain()["outbox"]
    return [json.loads(text) for to, text in out if peer is None or to == peer]


def last_state(r, peer):
    states = [m for m in sent(r, peer) if m["type"] == "state"]
    return states[-1] if states else None


def seated(r, peer, seat, name="Ann"):
    r.peer_open(peer)
    r.receive(peer, msg(type="hello", name=name))
    r.receive(peer, msg(type="take", seat=seat, name=name))
    out = sent(r, peer)
    token = [m for m in out if m["type"] == "state" and "token" in m["you"]][0]["you"]["token"]
    return token


def started_game():
    r = room(HUMAN, HUMAN)
    tokens = {"a": seated(r, "a", 0, "Ann"), "b": seated(r, "b", 1, "Bob")}
    r.host_act({"type": "start"})
    r.drain()
    return r, tokens


def errors(r, peer):
    return [m for m in sent(r, peer) if m["type"] == "error"]


def test_lobby_take_start_and_play():
    r = room(HUMAN, {"kind": "ai", "level": "easy"}, host_seat=None)
    with pytest.raises(TableError):
        r.host_act({"type": "start"})  # the person's seat is open
    token = seated(r, "g1", 0, "Zoë <b>")
    assert len(token) >= 20
    lobby = r.lobby()
    assert lobby["seats"][0] == {"kind": "human", "name": "Zoë <b>", "taken": True, "connected": True,
                                 "host": False, "hash": r.seats[0]["hash"], "order": 1}
    assert r.seats[0]["hash"] != token  # only the hash is kept
    r.host_act({"type": "start"})
    state = last_state(r, "g1")
    assert state["you"] == {"seat": 0} and "token" not in state["you"]
    snap = state["snapshot"]
    assert "saved" not in snap and snap["human_turn"] and snap["legal_moves"]
    r.receive("g1", msg(type="move", move=snap["legal_moves"][0], ply=0, token=token))
    assert r.table.ply == 1
    assert last_state(r, "g1")["snapshot"]["ai_turn"]


def test_host_takes_a_seat_and_moves_only_its_own():
    r = room(HUMAN, HUMAN, host_seat=1)
    token = seated(r, "g", 0)
    r.host_act({"type": "start"})
    with pytest.raises(TableError):
        r.host_act({"type": "move", "seat": 0, "move": "a6", "ply": 0})
    assert r.table.ply == 0
    r.receive("g", msg(type="move", move="a6", ply=0, token=token))
    r.host_act({"type": "move", "seat": 1, "move": "g6", "ply": 1})
    assert r.table.state.history == ["a6", "g6"]
    assert r.drain()["snapshot"]["human_turn"] is False  # seat 0 to move, the host is seat 1


def test_hostile_moves_are_refused_and_change_nothing():
    r, tokens = started_game()
    r.peer_open("spy")
    r.receive("spy", msg(type="hello", name="Spy"))
    sent(r)
    before = json.dumps(r.save())
    cases = [
        ("b", msg(type="move", move="g6", ply=0, token=tokens["b"]), "not-your-turn"),
        ("b", msg(type="move", move="a6", ply=0, token=tokens["b"], seat=0), "not-your-seat"),
        ("b", msg(type="move", move="a6", ply=0, token=tokens["a"]), "bad-token"),  # stolen token
        ("a", msg(type="move", move="a6", ply=0, token="forged-" + "x" * 20), "bad-token"),
        ("a", msg(type="move", move="a6", ply=0), "bad-token"),
        ("a", msg(type="move", move="a1", ply=0, token=tokens["a"]), "refused"),  # illegal
        ("a", msg(type="move", move="a6", ply=7, token=tokens["a"]), "refused"),  # stale ply
        ("a", msg(type="move", move={"x": 1}, ply=0, token=tokens["a"]), "bad-move"),
        ("spy", msg(type="move", move="a6", ply=0, token=tokens["a"]), "no-seat"),
        ("spy", msg(type="take", seat=0), "seat-taken"),
        ("spy", msg(type="take", seat=9), "bad-seat"),
        ("spy", msg(type="hello", token="nope"), "unknown-token"),
        ("a", msg(type="take", seat=1), "has-seat"),
        ("a", msg(type="teleport"), "unknown-type"),
        ("a", json.dumps({"type": "move"}), "bad-version"),
        ("a", "{not json", "bad-json"),
        ("a", "[1, 2]", "bad-json"),
        ("a", "x" * (MAX_MESSAGE + 1), "too-large"),
        ("a", "[" * 5000 + "]" * 5000, "too-large"),
        ("a", None, "bad-message"),
    ]
    for peer, text, code in cases:
        r.receive(peer, text)
        out = r.drain()["outbox"]
        assert [to for to, _ in out] == [peer], (text[:40] if text else text, out)
        reply = json.loads(out[0][1])
        assert reply["type"] == "error" and reply["code"] == code and reply["message"], (code, reply)
        r.clock_stub.t += 1  # stay inside the rate
    assert json.dumps(r.save()) == before
    # ... and the room still serves everyone.
    r.receive("a", msg(type="move", move="a6", ply=0, token=tokens["a"]))
    assert r.table.state.history == ["a6"]
    assert {to for to, _ in r.drain()["outbox"]} == {"a", "b", "spy"}


def test_unknown_peer_is_ignored():
    r, _ = started_game()
    r.receive("stranger", msg(type="hello"))
    r.receive(None, msg(type="hello"))
    assert r.drain()["outbox"] == []


def test_a_flood_is_bounded_and_others_are_served():
    r, tokens = started_game()
    for _ in range(200):
        r.receive("b", msg(type="hello", name="flood"))
    out = r.drain()
    mine = [json.loads(t) for to, t in out["outbox"] if to == "b"]
    limited = [m for m in mine if m["type"] == "error" and m["code"] == "rate-limited"]
    assert len(limited) == 1 and len(mine) <= 21  # a burst of 20 answered, then one error
    assert out["close"] == ["b"] and 200 - 20 >= CLOSE_AFTER
    r.receive("a", msg(type="move", move="a6", ply=0, token=tokens["a"]))
    assert r.table.ply == 1
    r.clock_stub.t += 5  # the bucket refills
    r.receive("b", msg(type="move", move="g6", ply=1, token=tokens["b"]))
    assert r.table.ply == 2


def test_names_are_plain_bounded_text():
    r = room(HUMAN, HUMAN)
    seated(r, "a", 0, "\x00<img src=x onerror=alert(1)>\n" + "x" * 100)
    name = r.lobby()["seats"][0]["name"]
    assert len(name) == 24 and name.startswith("<img src=x") and "\n" not in name and "\x00" not in name


def test_rejoin_with_token_restores_the_seat_and_presence():
    r, tokens = started_game()
    r.peer_gone("a")
    assert r.lobby()["seats"][0]["connected"] is False and r.lobby()["seats"][0]["taken"]
    assert r.drain()["snapshot"]["presence"] == [False, True]
    with pytest.raises(TableError):  # an absent player's turn waits
        r.host_act({"type": "forfeit", "seat": 0, "ply": 0})
    r.peer_open("a2")
    r.receive("a2", msg(type="hello", name="Ann", token=tokens["a"]))
    state = last_state(r, "a2")
    assert state["you"] == {"seat": 0} and state["snapshot"]["human_turn"]
    assert r.lobby()["seats"][0]["connected"]
    r.receive("a2", msg(type="move", move="a6", ply=0, token=tokens["a"]))
    assert r.table.ply == 1


def test_a_second_device_with_the_token_moves_the_seat():
    r, tokens = started_game()
    r.peer_open("a2")
    r.receive("a2", msg(type="hello", token=tokens["a"]))
    assert r.peers["a"]["seat"] is None and r.peers["a2"]["seat"] == 0


def test_runners_three_seats_and_rematch_and_save_restore():
    r = room(HUMAN, HUMAN, {"kind": "ai", "level": "easy"}, game="runners", variant="ffa", host_seat=0)
    token = seated(r, "g", 1)
    r.host_act({"type": "start"})
    snap = r.drain()["snapshot"]
    assert snap["human_turn"] and snap["presence"] == [True, True, True]
    r.host_act({"type": "move", "seat": 0, "move": snap["legal_moves"][0], "ply": 0})
    saved = json.loads(json.dumps(r.save()))
    assert "peer" not in saved["seats"][1] and saved["seats"][1]["hash"] and token not in json.dumps(saved)
    back = RoomHost.restore(saved)
    assert back.table.ply == 1 and back.started and back.lobby()["seats"][1]["connected"] is False
    back.peer_open("g2")
    back.receive("g2", msg(type="hello", token=token))
    assert back.peers["g2"]["seat"] == 1
    back.host_act({"type": "rematch"})
    assert back.table.ply == 0 and back.table.config["seed"] == 6


def test_a_guest_takes_over_from_its_replica_and_returning_guests_keep_their_seats():
    # The old host plays seat 0; Ann (seat 1) and Bob (a spectator) are guests.
    r = room(HUMAN, HUMAN, host_seat=0)
    token = seated(r, "a", 1, "Ann")
    r.peer_open("b")
    r.receive("b", msg(type="hello", name="Bob"))
    r.host_act({"type": "start"})
    r.host_act({"type": "move", "seat": 0, "move": r.table.state.legal_moves()[0], "ply": 0})
    replica = last_state(r, "a")
    lobby = replica["lobby"]["seats"]
    assert lobby[1]["hash"] and token not in json.dumps(replica)  # hashes, never tokens
    assert lobby[0]["hash"] is None  # the host's seat has no token

    new = RoomHost.from_replica(replica, code="ABCD", name="Ann")
    assert new.host_seat == 1 and new.started and new.code == "ABCD"
    assert new.table.state.to_dict() == r.table.state.to_dict()
    assert new.host_snapshot()["log"] == r.host_snapshot()["log"]
    assert new.lobby()["seats"][0]["taken"] is False  # the old host's seat is open again,
    assert new.lobby()["seats"][0]["name"] == "Host"  # under its name until someone takes it
    # Ann (now the host) moves for her own seat; a stolen or forged token is refused.
    new.host_act({"type": "move", "seat": 1, "move": new.table.state.legal_moves()[0], "ply": 1})
    new.peer_open("x")
    new.receive("x", msg(type="hello", token="forged"))
    assert [m["code"] for m in sent(new, "x") if m["type"] == "error"] == ["unknown-token"]
    # The old host comes back as a guest and takes its seat again; the game goes on.
    new.peer_open("h")
    new.receive("h", msg(type="take", seat=0, name="Hana"))
    state = last_state(new, "h")
    assert state["you"]["seat"] == 0 and state["you"]["token"]
    new.receive("h", msg(type="move", move=new.table.state.legal_moves()[0], ply=2,
                         token=state["you"]["token"]))
    assert new.table.ply == 3


def test_guests_never_get_the_seed_that_fixes_sanctuarys_deck():
    # With the seed, anyone could shuffle the deck as the host does and know every card to come.
    r = room(HUMAN, HUMAN, game="sanctuary", host_seat=0)
    token = seated(r, "b", 1, "Bob")
    r.host_act({"type": "start"})
    r.host_act({"type": "move", "seat": 0, "move": "draw", "ply": 0})
    r.host_act({"type": "move", "seat": 0, "move": r.table.state.legal_moves()[0], "ply": 1})
    r.receive("b", msg(type="move", move="draw", ply=2, token=token))
    played = r.host_snapshot()["log"]
    assert [seat for seat, _ in played] == [0, 0, 1]
    replica = last_state(r, "b")
    assert "seed" not in replica["snapshot"]["config"] and "seed" not in replica["snapshot"]["view"]
    known = r.table.state.to_dict()
    assert known["seed"] == 5
    # A room opened without a seed draws one the guests cannot guess; so does a takeover.
    seeds = {RoomHost({"game": "sanctuary", "seats": [HUMAN, HUMAN]}).table.config["seed"] for _ in range(5)}
    assert len(seeds) == 5 and all(type(s) is int and 0 <= s < 2**52 for s in seeds)
    new = RoomHost.from_replica(replica, code="ABCD", name="Bob")
    mine = new.table.state.to_dict()
    assert mine["pawns"] == known["pawns"] and mine["card"] == known["card"]
    assert new.table.config["seed"] != 5 and sorted(mine["draw"]) == sorted(known["draw"])
    # The move log carries over (the plies cannot be replayed with re-sampled cards), and
    # survives the new host's reload.
    assert new.host_snapshot()["log"] == played
    assert RoomHost.restore(new.save()).host_snapshot()["log"] == played


def test_what_a_guest_is_sent_is_exactly_what_it_may_know():
    # A new field in the state message must be thought about: the seed was one that was not.
    r = room(HUMAN, HUMAN, game="sanctuary", host_seat=0)
    seated(r, "b", 1, "Bob")
    r.host_act({"type": "start"})
    state = last_state(r, "b")
    assert sorted(state) == ["lobby", "snapshot", "type", "v", "you"]
    assert sorted(state["snapshot"]) == [
        "ai_turn", "can_undo", "config", "end_reason", "human_turn", "is_over", "last_move",
        "legal_moves", "log", "paused", "ply", "presence", "said", "scores", "stand_in", "started",
        "targets", "to_move", "turn_s", "view", "winners"]
    # `said` (the moves in words) is the host's, from the whole state: test_said.py checks that
    # it says only what a spectator's view shows (a draw names no card).
    assert sorted(state["snapshot"]["config"]) == ["game", "options", "seats", "variant"]
    assert state["snapshot"]["view"] == json.loads(json.dumps(r.table.state.view(1)))  # the rules' own view


def test_a_returning_guest_rebinds_its_seat_on_the_new_host_by_token():
    r = room(HUMAN, HUMAN)
    tokens = {"a": seated(r, "a", 0, "Ann"), "b": seated(r, "b", 1, "Bob")}
    r.host_act({"type": "start"})
    replica = last_state(r, "a")
    new = RoomHost.from_replica(replica, code="ABCD")
    assert new.host_seat == 0
    new.peer_open("b2")
    new.receive("b2", msg(type="hello", token=tokens["b"]))
    assert last_state(new, "b2")["you"]["seat"] == 1
    assert new.lobby()["seats"][1]["connected"]
    with pytest.raises(TableError):
        RoomHost.from_replica({"snapshot": {}, "lobby": {}, "you": {}})


def test_ataxx_rematch_in_a_room_lets_the_other_person_start():
    r, tokens = started_game()  # Ann (a) is Red, seat 0, and starts; Bob (b) is seat 1
    r.receive("a", msg(type="move", move=r.table.state.legal_moves()[0], ply=0, token=tokens["a"]))
    r.host_act({"type": "rematch"})
    state_b = last_state(r, "b")
    assert state_b["you"]["seat"] == 0 and state_b["snapshot"]["to_move"] == 0
    assert state_b["snapshot"]["human_turn"] and state_b["snapshot"]["ply"] == 0
    assert [s["name"] for s in r.lobby()["seats"]] == ["Bob", "Ann"]
    # Bob (now Red) starts with his old token; Ann's token now belongs to seat 1.
    r.receive("a", msg(type="move", move=r.table.state.legal_moves()[0], ply=0, token=tokens["a"]))
    assert [m["code"] for m in sent(r, "a") if m["type"] == "error"] == ["not-your-turn"]
    r.receive("b", msg(type="move", move=r.table.state.legal_moves()[0], ply=0, token=tokens["b"]))
    assert r.table.ply == 1
    r.receive("a", msg(type="move", move=r.table.state.legal_moves()[0], ply=1, token=tokens["a"]))
    assert r.table.ply == 2


def test_rematch_moves_the_host_seat_too():
    r = room(HUMAN, HUMAN, host_seat=0)
    token = seated(r, "a", 1, "Ann")
    r.host_act({"type": "start"})
    r.host_act({"type": "rematch"})
    assert r.host_seat == 1 and r.lobby()["seats"][0]["name"] == "Ann"
    assert r.peers["a"]["seat"] == 0 and r._seat_of(token) == 0
    restored = RoomHost.restore(r.save())
    assert restored.host_seat == 1 and restored._seat_of(token) == 0


# --- per-game online rules: Sanctuary's two-minute rules and fresh-room rematch -----------------

def play_until_turn_of(r, seat):
    """The host (seat 0) plays its own turns until `seat` is to move."""
    while r.table.state.to_move != seat:
        state = r.table.state
        r.host_act({"type": "move", "seat": 0, "move": state.legal_moves()[0], "ply": r.table.ply})
    r.drain()


def test_sanctuary_a_computer_stands_in_for_a_person_away_two_minutes_until_they_return():
    r = room(HUMAN, HUMAN, game="sanctuary", variant="standard", host_seat=0)
    token = seated(r, "b", 1, "Bob")
    r.host_act({"type": "start"})
    play_until_turn_of(r, 1)
    ply = r.table.ply
    r.peer_gone("b")
    r.clock_stub.t += 60
    snap = r.drain()["snapshot"]
    assert snap["stand_in"] is None and not snap["ai_turn"] and snap["stand_in_in_s"] == 60
    with pytest.raises(TableError):  # the turn waits for Bob for now
        r.host_act({"type": "ai_move", "seat": 1, "move": r.table.state.legal_moves()[0], "ply": ply})
    with pytest.raises(TableError):
        r.think()
    r.clock_stub.t += 60  # two minutes without a heartbeat
    r.host_act({"type": "check"})
    snap = r.drain()["snapshot"]
    assert snap["stand_in"] == 1 and snap["ai_turn"] and snap["stand_in_in_s"] is None
    choice = r.think(0.05)
    assert choice["seat"] == 1 and choice["ply"] == ply and choice["move"] in r.table.state.legal_moves()
    r.host_act({"type": "ai_move", **choice})
    assert r.table.ply == ply + 1
    # Until Bob reconnects, the computer goes on playing his turns at once.
    play_until_turn_of(r, 1)
    assert r.stand_in_seat() == 1
    # Bob is back (same token): his turn is his again.
    r.peer_open("b2")
    r.receive("b2", msg(type="hello", token=token))
    assert r.stand_in_seat() is None and last_state(r, "b2")["snapshot"]["human_turn"]
    with pytest.raises(TableError):
        r.host_act({"type": "ai_move", **r.table.think(0.05, "medium")})


def test_without_the_rule_an_away_persons_turn_waits_however_long():
    r, tokens = started_game()  # Ataxx
    r.peer_gone("a")
    r.clock_stub.t += 10_000
    snap = r.drain()["snapshot"]
    assert snap["stand_in"] is None and not snap["ai_turn"] and snap["stand_in_in_s"] is None
    with pytest.raises(TableError):
        r.think()


def test_a_sanctuary_turn_never_times_out_online():
    r = room(HUMAN, HUMAN, game="sanctuary", variant="standard", host_seat=0)
    seated(r, "b", 1, "Bob")
    r.host_act({"type": "start"})
    r.drain()
    assert r.table.snapshot()["turn_s"] is None
    with pytest.raises(TableError, match="no turn clock"):  # Sanctuary has no turn clock
        r.host_act({"type": "forfeit", "seat": 0, "ply": 0})
    assert not r.table.state.is_over and r.drain()["outbox"] == []


def test_sanctuary_rematch_opens_a_fresh_room_with_the_next_seed_and_starter():
    r = room(HUMAN, {"kind": "ai", "level": "hard"}, game="sanctuary", variant="standard", host_seat=0)
    r.host_act({"type": "start"})
    assert r.lobby()["rules"]["fresh_room_rematch"]
    with pytest.raises(TableError, match="fresh room"):
        r.host_act({"type": "rematch"})
    fresh = r.rematch_config()
    assert fresh["host_seat"] == 0
    assert fresh["config"]["seats"] == [HUMAN, {"kind": "ai", "level": "hard"}]
    assert fresh["config"]["seed"] == 6 and fresh["config"]["options"]["first"] == 1
    again = RoomHost(fresh["config"], fresh["host_seat"], "Hana")
    assert again.table.state.to_move == 1 and not again.started


def test_sanctuary_an_abandoned_lobby_may_be_started_by_the_guest_who_took_it_over():
    r = room(HUMAN, HUMAN, HUMAN, HUMAN, game="sanctuary", variant="standard", host_seat=0)
    seated(r, "a", 2, "Ann")
    seated(r, "b", 1, "Bob")
    r.host_act({"type": "check"})  # the lobby as everyone last saw it
    replica = last_state(r, "b")
    orders = {i: s["order"] for i, s in enumerate(replica["lobby"]["seats"]) if s["taken"]}
    assert orders[0] < orders[2] < orders[1]  # the host, then Ann, then Bob joined
    new = RoomHost.from_replica(replica, code="ABCD", name="Bob")
    assert new.may_start_open and new.host_seat == 1
    new.host_act({"type": "start"})  # seats 0 (the old host's) and 3 are nobody's yet
    assert new.started
    # Nobody came for seat 0: a computer plays its turn at once.
    assert new.table.state.to_move == 0 and new.stand_in_seat() == 0
    # In a game without the rule, an open seat still blocks the start.
    r = room(HUMAN, HUMAN, host_seat=0)
    seated(r, "a", 1, "Ann")
    r.host_act({"type": "check"})
    new = RoomHost.from_replica(last_state(r, "a"), code="ABCD", name="Ann")
    with pytest.raises(TableError):
        new.host_act({"type": "start"})


def test_stand_in_rules_survive_a_host_reload():
    r = room(HUMAN, HUMAN, game="sanctuary", variant="standard", host_seat=0)
    seated(r, "b", 1, "Bob")
    r.host_act({"type": "start"})
    play_until_turn_of(r, 1)
    saved = json.loads(json.dumps(r.save()))
    clock = Clock()
    back = RoomHost.restore(saved, clock=clock)
    assert back.rules == r.rules and back.stand_in_seat() is None  # Bob has two minutes to return
    clock.t += 120
    assert back.stand_in_seat() == 1
    short = RoomHost({"game": "sanctuary", "seats": [HUMAN, HUMAN]}, absent_after=2)
    assert short.rules == {"stand_in_after": 2.0, "lobby_host_absent_after": 2.0, "fresh_room_rematch": True}
    assert RoomHost({"game": "ataxx", "seats": [HUMAN, HUMAN]}, absent_after=2).rules == {}
    with pytest.raises(TableError):
        RoomHost({"game": "sanctuary", "seats": [HUMAN, HUMAN]}, absent_after=-1)


# --- hints: off by default, switched by the host, answered to the guest who asked only -------------

def hints_of(r, peer):
    return [m for m in sent(r, peer) if m["type"] == "hint"]


def test_hints_are_off_by_default_and_a_guests_request_is_refused_changing_nothing():
    r, tokens = started_game()
    assert r.hints is False and r.lobby()["hints"] is False
    before = r.save()
    r.receive("a", msg(type="hint", ply=0, token=tokens["a"]))
    out = sent(r, "a")
    assert [m["code"] for m in out if m["type"] == "error"] == ["hints-off"]
    assert not [m for m in out if m["type"] in ("hint", "state")]
    assert r.save() == before
    with pytest.raises(TableError) as err:
        room(HUMAN, HUMAN, host_seat=0).hint(0, 0, 0.05)  # the host too
    assert err.value.code == "hints-off"


def test_the_host_switches_hints_and_a_guest_gets_its_own_hint_only():
    r, tokens = started_game()
    r.peer_open("w")  # a spectator
    r.drain()
    with pytest.raises(TableError):
        r.host_act({"type": "hints", "on": "yes"})
    r.host_act({"type": "hints", "on": True})
    assert last_state(r, "w")["lobby"]["hints"] is True  # everyone sees the setting
    before = r.save()
    r.receive("a", msg(type="hint", ply=0, token=tokens["a"]), 0.05)
    out = r.drain()["outbox"]
    assert [to for to, _ in out] == ["a"]  # to the guest who asked, and no state to anyone
    [answer] = [json.loads(text) for _, text in out]
    assert answer["type"] == "hint" and answer["seat"] == 0 and answer["ply"] == 0
    assert answer["move"] in r.table.state.legal_moves() and answer["places"]
    assert r.save() == before and r.table.ply == 0
    cached = r.hint_cache
    r.receive("a", msg(type="hint", ply=0, token=tokens["a"]), 0.05)  # asked again: no new search
    assert r.hint_cache is cached and hints_of(r, "a") == [answer]
    r.host_act({"type": "hints", "on": False})
    r.drain()
    r.receive("a", msg(type="hint", ply=0, token=tokens["a"]), 0.05)
    assert [m["code"] for m in errors(r, "a")] == ["hints-off"]


def test_hostile_hint_requests_are_refused_and_change_nothing():
    r, tokens = started_game()
    r.host_act({"type": "hints", "on": True})
    r.peer_open("w")
    r.drain()
    before = r.save()
    cases = [
        ("b", msg(type="hint", ply=0, token=tokens["b"]), "not-your-turn"),
        ("b", msg(type="hint", ply=0, token=tokens["a"]), "bad-token"),  # another seat's token
        ("a", msg(type="hint", ply=0), "bad-token"),
        ("a", msg(type="hint", ply=1, token=tokens["a"]), "stale"),
        ("a", msg(type="hint", ply="0", token=tokens["a"]), "stale"),
        ("w", msg(type="hint", ply=0, token=tokens["a"]), "no-seat"),
        ("a", json.dumps({"type": "hint", "ply": 0, "token": tokens["a"]}), "bad-version"),
    ]
    for peer, text, code in cases:
        r.receive(peer, text, 0.05)
        out = sent(r)
        assert [m["code"] for m in out if m["type"] == "error"] == [code], (text, out)
        assert not [m for m in out if m["type"] != "error"]
    assert r.save() == before and r.hint_cache is None
    r.receive("a", msg(type="move", move="a6", ply=0, token=tokens["a"]))
    r.drain()
    r.receive("a", msg(type="hint", ply=1, token=tokens["a"]), 0.05)  # Bob's turn now
    assert [m["code"] for m in errors(r, "a")] == ["not-your-turn"]


def test_the_hosts_own_hint_and_the_setting_survive_a_reload_and_a_takeover():
    r = room(HUMAN, HUMAN, host_seat=0)
    seated(r, "g", 1)
    r.host_act({"type": "hints", "on": True})
    r.host_act({"type": "start"})
    r.drain()
    with pytest.raises(TableError) as err:
        r.hint(1, 0, 0.05)  # the guest's seat
    assert err.value.code == "turn"
    answer = r.hint(0, 0, 0.05)
    assert answer["move"] in r.table.state.legal_moves() and r.table.ply == 0
    assert not r.drain()["outbox"]  # the guests hear nothing of it
    assert RoomHost.restore(json.loads(json.dumps(r.save()))).hints is True
    r.broadcast()
    replica = last_state(r, "g")
    assert RoomHost.from_replica(replica, "ABCD", "Bob").hints is True
    assert RoomHost.restore({**r.save(), "hints": None}).hints is False

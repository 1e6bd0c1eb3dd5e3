"""The home screen's list of this browser's online rooms (app/shared/room_list.py): hosted and
joined, newest first, what each says, what a tap does, which may be removed."""

from room_list import EXPIRE_MS, entries, entry_text, guest_summary, host_summary, seat_words, when_text

MIN = 60_000
NOW = 1_800_000_000_000
TITLES = {"g1": "Game One", "g2": "Game Two"}
LOBBY_SEATS = [{"kind": "human", "name": "Hana", "taken": True, "connected": True, "host": True},
               {"kind": "human", "name": "", "taken": False, "connected": False},
               {"kind": "ai", "level": "hard", "name": "", "taken": True, "connected": True}]


def hosted(code, at, started=True, over=False, **extra):
    lobby = {"seats": LOBBY_SEATS, "started": started}
    record = {"game": "g1", "code": code, "host_key": "k", "host_name": "Hana",
              "room": {"host_seat": 0, "started": started, "seats": []}}
    record.update(host_summary({"is_over": over}, lobby, at))
    record.update(extra)
    return record


def joined(at, over=False, seat=1, **extra):
    snap = {"config": {"game": "g2"}, "is_over": over}
    record = {"seat": seat, "token": "t", "name": "Ann"}
    record.update(guest_summary(snap, {"seats": [{"kind": "human", "name": "Hana", "taken": True},
                                                 {"kind": "human", "name": "Ann", "taken": True}],
                                       "started": True}, at))
    record.update(extra)
    return record


def test_seats_in_words():
    assert seat_words(LOBBY_SEATS) == ["Hana", "Open seat", "AI · Hard"]
    # a room saved by the host (RoomHost.save: a seat is taken when it has a token's hash)
    assert seat_words([{"kind": "human", "name": "Bob", "hash": "ab"}, {"kind": "human", "name": "", "hash": None}]) == \
        ["Bob", "Open seat"]
    assert seat_words(None) == [] and seat_words([3]) == ["?"]


def test_when():
    assert when_text(NOW - 10_000, NOW) == "just now"
    assert when_text(NOW - 5 * MIN, NOW) == "5 min ago"
    assert when_text(NOW - 185 * MIN, NOW) == "3 h ago"
    assert when_text(NOW - 25 * 60 * MIN, NOW) == "1 day ago"
    assert when_text(NOW - 3 * 24 * 60 * MIN, NOW) == "3 days ago"
    assert when_text(None, NOW) == "" and when_text(True, NOW) == ""
    assert when_text(NOW + MIN, NOW) == "just now"  # another device's clock ahead


def test_hosted_and_joined_newest_first_with_what_a_tap_does():
    rooms = entries([hosted("AAAA", NOW - 30 * MIN), hosted("CCCC", NOW - 2 * MIN, started=False)],
                    [("BBBB", joined(NOW - 10 * MIN))], NOW, TITLES)
    assert [r["code"] for r in rooms] == ["CCCC", "BBBB", "AAAA"]
    lobby, guest, host = rooms
    assert lobby["action"] == "Resume" and lobby["state"] == "lobby" and not lobby["removable"]
    assert guest["action"] == "Rejoin" and guest["title"] == "Game Two" and guest["state"] == "playing"
    assert host["title"] == "Game One" and not host["removable"]
    assert entry_text(host) == "You host · Hana (you), Open seat, AI · Hard · In play · 30 min ago"
    assert entry_text(guest) == "You joined · Hana, Ann (you) · In play · 10 min ago"


def test_finished_and_expired_may_be_removed():
    rooms = entries([hosted("DONE", NOW - MIN, over=True), hosted("OLD", NOW - EXPIRE_MS - MIN),
                     hosted("GONE", NOW - MIN, expired=True)],
                    [("JOLD", joined(NOW - 2 * MIN, expired=True)), ("JDONE", joined(NOW - 3 * MIN, over=True))],
                    NOW, TITLES)
    by_code = {r["code"]: r for r in rooms}
    assert by_code["DONE"]["state"] == "finished" and by_code["DONE"]["action"] == "Resume"
    assert by_code["JDONE"]["state"] == "finished" and by_code["JDONE"]["action"] == "Rejoin"
    for code in ("OLD", "GONE", "JOLD"):
        assert by_code[code]["state"] == "expired" and by_code[code]["action"] is None, code
    assert all(r["removable"] for r in rooms)
    assert "Expired" in entry_text(by_code["GONE"])


def test_a_game_over_in_a_room_not_started_is_no_finished_game():
    assert not host_summary({"is_over": True}, {"seats": [], "started": False}, NOW)["over"]


def test_what_cannot_be_listed_is_left_out_and_old_records_are_listed():
    old = {"game": "g1", "code": "OLDR", "host_key": "k", "room": {
        "started": True, "host_seat": None, "seats": [{"kind": "human", "name": "Ann", "hash": "x"}]}}
    rooms = entries([old, "junk", {"code": 5}], [("X", "junk"), ("Y", {"seat": 0}),  # no token, no game
                                                 ("Z", {"token": "t", "seat": 0})], NOW, TITLES)
    assert [r["code"] for r in rooms] == ["OLDR"]
    assert rooms[0]["seats"] == "Ann" and rooms[0]["state"] == "playing" and rooms[0]["when"] == ""
    unknown = entries([hosted("UNK", NOW, game="gone")], [], NOW, TITLES)
    assert unknown[0]["title"] == "gone"  # a game this version does not have: its id


def test_the_keys_the_home_screen_reads_are_those_the_rooms_write():
    from pathlib import Path

    from room_list import JOINED_KEY
    screens = Path(__file__).resolve().parents[2] / "app" / "page" / "screens"
    assert f'TOKEN_KEY = "{JOINED_KEY}"' in (screens / "guest_room.py").read_text()
    assert 'CLOCK_KEY = "parlor.roomclock."' in (screens / "host_room.py").read_text()
    assert '"parlor.roomclock." + room["code"]' in (screens / "home.py").read_text()
    assert not "parlor.roomclock.".startswith(JOINED_KEY)  # a clock is not listed as a seat


def test_a_room_taken_over_is_listed_once_as_hosted():
    rooms = entries([hosted("TOOK", NOW)], [("TOOK", joined(NOW - MIN))], NOW, TITLES)
    assert [(r["code"], r["role"]) for r in rooms] == [("TOOK", "host")]


def test_times_from_iso_text_as_javascript_writes_them():
    from datetime import datetime

    from room_list import iso_ms
    for text in ("1970-01-01T00:00:00.000Z", "2000-02-29T23:59:59.999Z", "2026-12-02T07:59:31.123Z",
                 "2100-03-01T12:00:00.000Z", "2026-01-01T00:00:00Z", "1999-12-31T23:59:59.001Z"):
        when = datetime.fromisoformat(text.replace("Z", "+00:00"))
        assert iso_ms(text) == round(when.timestamp() * 1000), text
    assert iso_ms("2026-12-02T08:00:00.000Z") - iso_ms("2026-12-01T08:00:00.000Z") == 86_400_000

"""The online rooms this browser keeps, as the home screen lists them: the rooms it hosts
(IndexedDB, screens/host_room.py) and the seats it holds as a guest (localStorage,
screens/guest_room.py), newest first, each with its game, code, seats, state and last activity,
and what one tap does (Resume, Rejoin) and whether it may be removed (finished or expired).

Pure Python (the page's MicroPython, and CPython tests); times are milliseconds since the epoch
passed in by the caller (iso_ms of the page's Date().toISOString())."""

JOINED_KEY = "parlor.room."  # + code, in localStorage: a guest's seat (guest_room.TOKEN_KEY)
EXPIRE_MS = 24 * 3600 * 1000  # the signaling service forgets a room a day after its last activity
LEVELS = {"easy": "Easy", "medium": "Medium", "hard": "Hard"}
STATE_WORDS = {"lobby": "In the lobby", "playing": "In play", "finished": "Finished",
               "expired": "Expired"}


def iso_ms(text):
    """Milliseconds since 1970 of an ISO 8601 UTC time, "2026-12-02T07:59:31.123Z" (JavaScript's
    toISOString). The page reads its time so: MicroPython gets Date.now() cut to 32 bits."""
    y, m, d = int(text[0:4]), int(text[5:7]), int(text[8:10])
    y -= 1 if m <= 2 else 0
    era = y // 400
    yoe = y - era * 400
    doy = (153 * (m - 3 if m > 2 else m + 9) + 2) // 5 + d - 1
    days = era * 146097 + yoe * 365 + yoe // 4 - yoe // 100 + doy - 719468
    ms = int(text[20:23]) if len(text) >= 23 and text[19] == "." else 0
    return ((days * 24 + int(text[11:13])) * 60 + int(text[14:16])) * 60_000 + int(text[17:19]) * 1000 + ms


def format_code(code):
    """A room code as people read it: 7MZ3-Q0KD-9XWC."""
    return "-".join(code[i:i + 4] for i in range(0, len(code), 4))


def seat_words(seats):
    """Who sits where, in a few words per seat: a person's name, "Open seat", "AI · Hard"."""
    words = []
    for seat in seats or []:
        if not isinstance(seat, dict):
            words.append("?")
        elif seat.get("kind") == "ai":
            level = str(seat.get("level") or "")
            words.append("AI · " + LEVELS.get(level, level))
        elif seat.get("taken", seat.get("hash") is not None) or seat.get("name"):
            words.append(str(seat.get("name") or "Person")[:24])
        else:
            words.append("Open seat")
    return words


def _summary(snapshot, lobby, now):
    return {"seats": seat_words((lobby or {}).get("seats")),
            "started": bool((lobby or {}).get("started")),
            "over": bool((snapshot or {}).get("is_over")) and bool((lobby or {}).get("started")),
            "at": now}


def host_summary(snapshot, lobby, now):
    """What a host's saved room adds for the list (from the engine's answer after a change)."""
    return _summary(snapshot, lobby, now)


def guest_summary(snapshot, lobby, now):
    """What a guest keeps beside its seat token for the list (from the host's state message)."""
    summary = _summary(snapshot, lobby, now)
    summary["game"] = str(((snapshot or {}).get("config") or {}).get("game") or "")
    return summary


def when_text(at, now):
    """How long ago, as a person says it: "just now", "5 min ago", "3 h ago", "2 days ago"."""
    if isinstance(at, bool) or not isinstance(at, (int, float)):
        return ""
    minutes = int(max(0, now - at) // 60_000)
    if minutes < 1:
        return "just now"
    if minutes < 60:
        return "{} min ago".format(minutes)
    if minutes < 24 * 60:
        return "{} h ago".format(minutes // 60)
    days = minutes // (24 * 60)
    return "1 day ago" if days == 1 else "{} days ago".format(days)


def _state(record, now):
    at = record.get("at")
    if record.get("expired") or (isinstance(at, (int, float)) and not isinstance(at, bool)
                                 and now - at > EXPIRE_MS):
        return "expired"
    if record.get("over"):
        return "finished"
    return "playing" if record.get("started") else "lobby"


def _entry(role, code, record, you, now, titles):
    game = str(record.get("game") or "")
    state = _state(record, now)
    seats = [str(w) for w in record.get("seats") or []]
    if you is not None and isinstance(you, int) and 0 <= you < len(seats):
        seats[you] += " (you)"
    at = record.get("at")
    return {"role": role, "code": code, "game": game, "title": titles.get(game, game),
            "seats": ", ".join(seats), "state": state, "state_text": STATE_WORDS[state],
            "when": when_text(at, now), "at": at if isinstance(at, (int, float)) else 0,
            "action": None if state == "expired" else ("Resume" if role == "host" else "Rejoin"),
            "removable": state in ("finished", "expired")}


def entries(hosted, joined, now, titles):
    """The list, newest first. `hosted`: the host records kept in IndexedDB ({game, code, room,
    at?, seats?, started?, over?, expired?}); `joined`: [(code, {seat, token, game?, ...})] of
    the guest's seats; `titles`: game id -> its title. A record that is not a dict is left out,
    and so is a seat in a room this browser hosts now (it took the room over)."""
    out = []
    for record in hosted or []:
        if not isinstance(record, dict) or not isinstance(record.get("code"), str):
            continue
        room = record.get("room") if isinstance(record.get("room"), dict) else {}
        if "seats" not in record:  # a room saved before the list existed
            record = dict(record)
            record["seats"] = seat_words(room.get("seats"))
            record["started"] = bool(room.get("started"))
        out.append(_entry("host", record["code"], record, room.get("host_seat"), now, titles))
    hosting = set(entry["code"] for entry in out)  # a guest that took the room over hosts it now
    for code, record in joined or []:
        if code in hosting:
            continue
        if isinstance(record, dict) and record.get("token") and record.get("game"):
            out.append(_entry("guest", str(code), record, record.get("seat"), now, titles))
    out.sort(key=lambda entry: -entry["at"])
    return out


def entry_text(entry):
    """The entry's second line: who hosts, the seats, the state and when."""
    parts = ["You host" if entry["role"] == "host" else "You joined"]
    if entry["seats"]:
        parts.append(entry["seats"])
    parts.append(entry["state_text"])
    if entry["when"]:
        parts.append(entry["when"])
    return " · ".join(parts)

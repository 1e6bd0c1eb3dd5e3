"""The engine: what the Pyodide worker exports (the named PyScript worker "engine", started by
app/engine/worker.py, which comes compiled in wheels/engine.zip).

Here (with local_table.py and room_host.py, which this imports) the page's games meet
``parlor``'s rules and computer players; it holds the authoritative state of the local table.
Every exported function takes and returns JSON text, so the boundary stays plain data. The page
calls it from MicroPython with ``engine = await workers["engine"]`` then, e.g.,
``await engine.act('{"type": "undo"}')``.
"""

import json
import os
import sys

import json_guard
import parlor
from local_table import Table, TableError, refusal

MAX_REQUEST = 64_000  # characters; a request larger than this is refused unread
MAX_VALUES = 100_000  # values in a request (a saved room, a replica); depth is bounded too
TABLE = None
RECORD = None  # the read-only table of the record opened last (open_record), apart from TABLE
ROOM = None  # the online room this page hosts (room_host.py)


def hello():
    """Say which engine this is: parlor's version, the Python running it, whether its modules,
    the standard library and PyScript's package were imported from bytecode compiled at build
    time (wheels/engine.zip, runtime/pyodide/python_stdlib.zip, runtime/pyscript/pyscript.zip),
    and whether Pyodide was restored from its build-time snapshot (public/pyodide-snapshot.mjs)."""
    return json.dumps({
        "parlor": parlor.__version__,
        "python": sys.version.split()[0],
        "platform": sys.platform,
        "bytecode": all(getattr(sys.modules.get(name), "__file__", "").endswith(".pyc")
                        for name in ("parlor.rules.core", "engine", "local_table", "json", "pyscript")),
        "snapshot": os.environ.get("PARLOR_PYODIDE_SNAPSHOT") == "1",
    })


def _read(text):
    if not isinstance(text, str) or len(text) > MAX_REQUEST:
        raise TableError("a request is JSON text of at most {} characters".format(MAX_REQUEST))
    try:  # never json.loads on untrusted text here: "[" * 8000 is a fatal error in Pyodide
        return json_guard.loads(text, max_values=MAX_VALUES)
    except json_guard.JSONRefused as err:
        raise TableError("a request must be JSON ({}): {}".format(err.code, err.message)) from None


def _read_object(text, what):
    """`_read`, refusing anything but a JSON object (`what` names it in the refusal)."""
    data = _read(text)
    if not isinstance(data, dict):
        raise TableError("{} is a JSON object".format(what))
    return data


def _table_refusal(err):
    """{ok: false, error, code, snapshot}: why the local table refused, and its snapshot."""
    return {**refusal(err), "snapshot": TABLE.snapshot() if TABLE else None}


def _answer(change, catch_up=False):
    """Run `change`; answer with the table's snapshot and, if refused, why. `catch_up`: the
    snapshot carries every move in words (a new or restored table: the page has none yet)."""
    try:
        change()
    except ValueError as err:
        return json.dumps(_table_refusal(err))
    return json.dumps({"ok": True, "snapshot": TABLE.snapshot(0 if catch_up else None)})


def _ask(source, missing, question, refused=refusal):
    """{ok: true, **question(source)} of `source` (the table or the room), or refused(error)
    when it is None (`missing` says so) or the question is refused; nothing changes."""
    try:
        if source is None:
            raise TableError(missing)
        return json.dumps({"ok": True, **question(source)})
    except ValueError as err:
        return json.dumps(refused(err))


def _budget(budget_s):
    """The think budget in seconds (None: the table's default); ValueError if not a number."""
    return float(budget_s) if budget_s is not None else None


def new_table(config):
    """Seat a new table from a config (see app/engine/local_table.py)."""
    def change():
        global TABLE
        TABLE = Table(_read(config))
    return _answer(change, catch_up=True)


def restore(saved):
    """Bring back the table the page saved before a reload."""
    def change():
        global TABLE
        TABLE = Table.restore(_read(saved))
    return _answer(change, catch_up=True)


def act(action):
    """Apply one action: move, ai_move, forfeit, undo, pause or rematch."""
    def change():
        global TABLE
        request = _read(action)
        if TABLE is None:
            raise TableError("no table is open")
        if not isinstance(request, dict):
            raise TableError("an action is a JSON object")
        kind = request.get("type")
        if kind == "move":
            TABLE.move(request.get("seat"), request.get("move"), request.get("ply"))
        elif kind == "ai_move":
            TABLE.ai_move(request.get("seat"), request.get("move"), request.get("ply"))
        elif kind == "forfeit":
            TABLE.forfeit(request.get("seat"), request.get("reason"), request.get("ply"))
        elif kind == "undo":
            TABLE.undo()
        elif kind == "pause":
            TABLE.set_paused(request.get("paused"))
        elif kind == "rematch":
            TABLE = TABLE.rematch()
        else:
            raise TableError("unknown action {!r:.40}".format(kind))
    return _answer(change)


def think(budget_s):
    """The computer's move for the seat to move, not applied: {ok, move, ply, seat}."""
    return _ask(TABLE, "no table is open", lambda table: table.think(_budget(budget_s)), _table_refusal)


def _hint(source, missing, request):
    """{ok, move, ply, seat, words, places}: Hard's choice for the person to move at `seat`,
    from that seat's view, not applied (request {seat, ply, budget?}), or {ok: false, error,
    code}; nothing changes."""
    def question(table):
        data = _read_object(request, "a hint request")
        return table.hint(data.get("seat"), data.get("ply"), _budget(data.get("budget")))
    return _ask(source, missing, question)


def hint(request):
    """A hint for the person to move at the local table (Table.hint): the board shows it; the
    table, its clock, undo and the log are unchanged."""
    return _hint(TABLE, "no table is open", request)


def _replay(source, ply):
    """{ok, snapshot} of the position after `ply` moves of `source` (a Table or a RoomHost), or
    {ok: false, error}; nothing changes."""
    return _ask(source, "no table is open", lambda s: {"snapshot": s.replay_snapshot(ply)})


def replay_view(ply):
    """The local table's position after `ply` moves, as the page showed it then (the view of the
    person to move, a spectator's on a computer's turn), offering no move: what the board draws
    while the player replays the game (app/page/screens/table_replay.py)."""
    return _replay(TABLE, ply)


# --- game records (parlor.records, docs/records.md) -------------------------------------------------

def _record_refusal(err):
    """{ok: false, error, code}: a RecordError's own code ("malformed", "tampered", ...)."""
    code = getattr(err, "code", None)
    return {"ok": False, "error": str(err), "code": code if isinstance(code, str) else "invalid"}


def record(request):
    """The record of the local table's game so far: request {started, ended} (ISO 8601 dates the
    page passes, or null). Answers {ok, record, json, text, name} (`json` and `text`: the file
    forms, `name`: a file name without its extension) or {ok: false, error, code}."""
    def question(table):
        data = _read_object(request, "a record request")
        return _record_files(table.record(data.get("started"), data.get("ended")))
    return _ask(TABLE, "no table is open", question, _record_refusal)


def _record_files(made):
    """{record, json, text, name}: a record, its two file forms and a file name for them."""
    from parlor.records import to_json, to_text

    day = (made["ended"] or made["started"] or "")[:10]
    name = "parlor-" + made["game"] + ("-" + day if day else "")
    return {"record": made, "json": to_json(made), "text": to_text(made), "name": name}


def open_record(text):
    """Open a record (its JSON or notation text, as a file or a paste holds it), checked and
    replayed whole: {ok, record, json, text, name, snapshot} where the snapshot is its last position as a table
    snapshot offering no move, or {ok: false, error, code} with the RecordError's code; the
    local table (TABLE) is never touched, and a refused record leaves the one open before."""
    global RECORD
    try:
        if not isinstance(text, str):
            raise TableError("a record is text")
        table = Table.from_record(text)
    except ValueError as err:
        return json.dumps(_record_refusal(err))
    RECORD = table
    made = table.record(table.opened["started"], table.opened["ended"])
    return json.dumps({"ok": True, **_record_files(made), "snapshot": _record_snapshot(table)})


def _record_snapshot(table):
    """A record's table as the table screen draws a snapshot: its last position seen by a
    spectator, nothing to play, no clock, nothing to save."""
    snap = table.snapshot()
    last = table.replay_snapshot(table.ply, None)
    snap.update({key: last[key] for key in ("view", "human_turn", "ai_turn", "legal_moves", "targets")})
    snap.update({"can_undo": False, "paused": False, "turn_s": None, "saved": None, "record": True})
    return snap


def record_view(ply):
    """The opened record's position after `ply` moves, seen by a spectator, offering no move
    (the replay controls of the record's table)."""
    return _ask(RECORD, "no record is open", lambda table: {"snapshot": table.replay_snapshot(ply, None)})


# --- an online room hosted by this page (see app/engine/room_host.py and docs/online.md) -----------------

def _room_answer(change):
    """Run `change` on the room; answer {ok, error?, snapshot, lobby, outbox, close, saved}."""
    try:
        change()
        answer = {"ok": True}
    except ValueError as err:
        answer = refusal(err)
    except Exception as err:  # a fault: refused, and the room still serves its guests
        answer = {"ok": False, "code": "fault",
                  "error": "the room could not do that ({}: {})".format(type(err).__name__, err)}
    if ROOM is not None:
        answer.update(ROOM.drain())
        answer["saved"] = ROOM.save()
    return json.dumps(answer)


def _room_host():
    """The room module, imported on first use: a local game's start-up does not wait for it."""
    from room_host import RoomHost
    return RoomHost


def room_open(request):
    """Open a room: {config, host_seat, host_name, code, absent_after?, hints?} (hints: off
    unless true)."""
    def change():
        global ROOM
        data = _read_object(request, "a room request")
        ROOM = _room_host()(data.get("config"), data.get("host_seat"), data.get("host_name") or "Host",
                           code=data.get("code") or "", absent_after=data.get("absent_after"),
                           hints=data.get("hints") is True)
    return _room_answer(change)


def room_restore(saved):
    """Bring back the room this page hosted before a reload."""
    def change():
        global ROOM
        ROOM = _room_host().restore(_read(saved))
    return _room_answer(change)


def room_takeover(request):
    """This page takes over a room as host: {replica: its last state message, code, name}."""
    def change():
        global ROOM
        data = _read_object(request, "a takeover request")
        ROOM = _room_host().from_replica(data.get("replica"), data.get("code") or "", data.get("name") or "")
    return _room_answer(change)


def room_event(event):
    """One event for the room: {type: open|gone|recv, peer, text?} from a guest's link (the page
    tags it with the link it came on), or the host's own {type: take|start|move|ai_move|forfeit|
    pause|rematch|hints, ...}. A guest's text is passed on unparsed: the room checks its size first."""
    def change():
        if ROOM is None:
            raise TableError("no room is open")
        data = _read_object(event, "an event")
        kind = data.get("type")
        if kind == "recv":  # `budget`: a guest's hint thinks as long as the host's computers
            ROOM.receive(data.get("peer"), data.get("text"), _budget(data.get("budget")))
        elif kind == "open":
            ROOM.peer_open(data.get("peer"))
        elif kind == "gone":
            ROOM.peer_gone(data.get("peer"))
        elif kind == "take":
            ROOM.take_seat(data.get("seat"), data.get("name"))
        else:
            ROOM.host_act(data)
    return _room_answer(change)


def room_think(budget_s):
    """The computer's move for the room's seat to move (not applied): {ok, move, ply, seat}."""
    return _ask(ROOM, "no room game is running", lambda room: room.think(_budget(budget_s)))


def room_hint(request):
    """A hint for the host's own seat in its room (RoomHost.hint: refused "hints-off" unless the
    room allows hints)."""
    return _hint(ROOM, "no room game is running", request)


def room_rematch():
    """A fresh room's rematch (games whose rule says so, e.g. Sanctuary): {ok, config,
    host_seat} for the page to open a new room with."""
    return _ask(ROOM, "no room is open", lambda room: room.rematch_config())


def room_replay_view(ply):
    """The room's position after `ply` moves as the host's seat saw it (replay_view's rules)."""
    return _replay(ROOM, ply)


def qr_svg(text):
    """An inline <svg> QR code of `text` (the room's invite link), drawn by segno (its wheel is
    unpacked next to parlor's). Answers {ok, svg} or {ok: false, error}."""
    if not isinstance(text, str) or not 0 < len(text) <= 512:
        return json.dumps({"ok": False, "error": "a QR code is made of 1-512 characters of text"})
    import segno  # imported on first use: the engine starts without it

    code = segno.make(text, error="m")
    svg = code.svg_inline(border=2, omitsize=True, dark="#000", light="#fff", svgclass="qr-code",
                          title="QR code of the invite link")
    return json.dumps({"ok": True, "svg": svg, "version": code.version})


__export__ = ["hello", "new_table", "restore", "act", "think", "hint", "replay_view",
              "record", "open_record", "record_view",
              "room_open", "room_restore", "room_takeover", "room_event", "room_think", "room_hint", "room_rematch",
              "room_replay_view", "qr_svg"]
__all__ = __export__  # what app/engine/worker.py exports to the page

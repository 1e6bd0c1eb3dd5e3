"""How a table's moves travel: what differs between a table on this device and an online room's.

`TableScreen` (screens/table.py) has one code path; it is given a transport that answers what
differs:
- `LocalTransport` (here): the engine worker's table (app/engine/local_table.py) on this device.
- `HostTransport` (screens/host_room.py): the room in this page's engine, which serves the guests.
- `GuestTransport` (screens/guest_room.py): the host, over this page's data channel.
"""

import json

from pyscript import window
from saved_table import CLOCK_KEY, SAVE_KEY


async def answered(answer):
    """An answer known at once, as something to await (TableTransport.act)."""
    return answer


class TableTransport:
    """The protocol between the table and where its moves go, with the defaults of a table
    this page runs. The flags say which controls the table offers."""

    online = None  # "host" or "guest" at an online room's table (the table's data-online)
    undo = True  # Undo is offered (never online)
    runs_table = True  # this page pauses, restarts and runs the computers (not a guest)
    can_replay = False  # replay(ply) rebuilds any earlier position (else: only those the page kept)
    leave_label = "New game"  # the button that goes home ("Leave" a room: the seat is kept)
    keeps_records = False  # a finished game is kept among the recent games (recent_games.py)
    saves_records = False  # Save record is offered (record())
    replay_only = False  # a recorded game: nothing goes on underneath a replayed position

    async def record(self, dates):
        """The game's record (docs/records.md) for Save record: {ok, record, json, text, name} or
        {ok: false, error}; `dates`: {started, ended} as ISO 8601 texts. None: not offered."""
        return None

    def ready(self):
        """Whether moves can be sent (the engine is up)."""
        raise NotImplementedError

    def act(self, action):
        """Send an action ({"type": "move" | "ai_move" | "forfeit" | "undo" | "pause" |
        "rematch", ...}) now, from the tap's own handler; return what to await for the answer
        {ok, error?, snapshot?}, or None when the answer comes later as a new state (a guest's
        move)."""
        raise NotImplementedError

    async def think(self, budget):
        """The computer's move for the seat to move: {ok, seat, move, ply} (only when
        runs_table)."""
        raise NotImplementedError

    def hints(self, snapshot):
        """Whether the person to move here may ask for a hint (an online room: as its host set it)."""
        return False

    async def hint(self, request):
        """A hint for the person to move ({seat, ply, budget}): {ok, move, ply, seat, words,
        places} or {ok: false, error, code}; None when it comes later (a guest's: the host
        answers by message, TableScreen.got_hint)."""
        return {"ok": False, "error": "No hints here.", "code": "hints-off"}

    async def replay(self, ply):
        """The position after `ply` moves as this page showed it then, offering no move:
        {ok, snapshot} or {ok: false, error} (screens/table_replay.py; only when can_replay)."""
        return None

    def may_time_out(self, snapshot, presence):
        """Whether the seat to move loses when its turn clock runs out here."""
        return False

    def own_seat(self):
        """The seat this page's person plays at an online table ("(you)"), else None."""
        return None

    def presence(self, snapshot):
        """Per seat, whether its player is here (a computer always is); None: not online."""
        return snapshot.get("presence")

    def on_hold(self, snapshot):
        """Why nothing can move now though the game goes on (the host is away), or None: the
        table then offers no move, stops the clock and says this."""
        return None

    def open_seats(self, snapshot):
        """The seats this page may take now (a guest watching: the open people's seats)."""
        return ()

    def take(self, seat):
        """Take an open seat (see open_seats)."""

    def save(self, data):
        """Keep the table's `data` ({game, mode, snapshot, paused_by_dialog}) for a reload."""

    def save_clock(self, left_ms):
        """Keep the time left on the turn clock for a reload."""


class LocalTransport(TableTransport):
    """A table on this device: the engine worker runs it; it is kept in localStorage so that a
    reload resumes it (saved_table.py)."""

    can_replay = True
    keeps_records = True
    saves_records = True

    def __init__(self, engine):
        self.engine = engine

    async def record(self, dates):
        if not self.engine.ready:
            return {"ok": False, "error": "The game engine is still starting."}
        return await self.engine.call("record", dates)

    def ready(self):
        return self.engine.ready

    def act(self, action):
        return self.engine.call("act", action)

    async def think(self, budget):
        return await self.engine.call("think", budget)

    def hints(self, snapshot):
        return True  # at a table on this device, always

    async def hint(self, request):
        return await self.engine.call("hint", request)

    async def replay(self, ply):
        if not self.engine.ready:
            return {"ok": False, "error": "The game engine is still starting."}
        return await self.engine.call("replay_view", ply)

    def may_time_out(self, snapshot, presence):
        return snapshot["human_turn"]  # a person's turn; the computers answer in time

    def save(self, data):
        window.localStorage.setItem(SAVE_KEY, json.dumps(data))

    def save_clock(self, left_ms):
        window.localStorage.setItem(CLOCK_KEY, str(left_ms))


class RecordTransport(TableTransport):
    """A game record opened on this device (app/page/main.py open_record): the engine's
    read-only table of it (engine.open_record), replayed and never played on. Nothing is saved:
    the table in progress on this device, if any, stays as it was."""

    undo = False
    runs_table = False
    can_replay = True
    saves_records = True
    replay_only = True
    leave_label = "Close"

    def __init__(self, engine, opened):
        self.engine = engine
        self.opened = opened  # open_record's answer: {record, json, text, name, snapshot}

    def ready(self):
        return self.engine.ready

    def act(self, action):
        return answered({"ok": False, "error": "A record is replayed, not played."})

    async def replay(self, ply):
        return await self.engine.call("record_view", ply)

    def on_hold(self, snapshot):
        return None if snapshot["is_over"] else "A record of a game in progress"

    async def record(self, dates):
        return self.opened

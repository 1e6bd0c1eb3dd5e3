"""The engine worker (Pyodide, named PyScript worker "engine").

The only page code that imports ``parlor`` (directly, or through ``table``). It holds the
authoritative state of the local table. Every exported function takes and returns JSON text,
so the boundary stays plain data. The page calls it from MicroPython with
``engine = await workers["engine"]`` then, e.g., ``await engine.act('{"type": "undo"}')``.
"""

import json
import sys

import parlor
from table import Table, TableError

MAX_REQUEST = 64_000  # characters; a request larger than this is refused unread
TABLE = None


def hello():
    """Say which engine this is: parlor's version and the Python running it."""
    return json.dumps({
        "parlor": parlor.__version__,
        "python": sys.version.split()[0],
        "platform": sys.platform,
    })


def _read(text):
    if not isinstance(text, str) or len(text) > MAX_REQUEST:
        raise TableError("a request is JSON text of at most {} characters".format(MAX_REQUEST))
    try:
        return json.loads(text)
    except ValueError as err:
        raise TableError("a request must be JSON: {}".format(err)) from err


def _answer(change):
    """Run `change`; answer with the table's snapshot and, if refused, why."""
    try:
        change()
    except (TableError, ValueError) as err:
        return json.dumps({"ok": False, "error": str(err),
                           "snapshot": TABLE.snapshot() if TABLE else None})
    return json.dumps({"ok": True, "snapshot": TABLE.snapshot()})


def new_table(config):
    """Seat a new table from a config (see app/table.py)."""
    def change():
        global TABLE
        TABLE = Table(_read(config))
    return _answer(change)


def restore(saved):
    """Bring back the table the page saved before a reload."""
    def change():
        global TABLE
        TABLE = Table.restore(_read(saved))
    return _answer(change)


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
    try:
        if TABLE is None:
            raise TableError("no table is open")
        budget = float(budget_s) if budget_s is not None else None
        return json.dumps({"ok": True, **TABLE.think(budget)})
    except (TableError, ValueError) as err:
        return json.dumps({"ok": False, "error": str(err),
                           "snapshot": TABLE.snapshot() if TABLE else None})


__export__ = ["hello", "new_table", "restore", "act", "think"]

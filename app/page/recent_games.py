"""The recent games this device keeps: the last KEEP finished local games as game records, in
the browser's IndexedDB (window.parlorRecords, public/index.html), which outlives reloads and
updates of the app. The home screen lists them (screens/home.py); app/shared/record_summary.py
says what each is and counts the statistics."""

import json

from pyscript import window

KEEP = 50


async def load():
    """[(key, record), ...] newest first; an entry that cannot be read is left out."""
    try:
        text = window.JSON.stringify(await window.parlorRecords.list())
        pairs = json.loads(text)
    except Exception as err:
        window.console.warn("parlor: the recent games could not be read:", str(err))
        return []
    entries = []
    for pair in pairs:
        try:
            record = json.loads(pair[1])
            if isinstance(record, dict) and isinstance(record.get("game"), str):
                entries.append((pair[0], record))
        except Exception:
            pass
    return entries


async def add(text):
    """Keep a record's JSON text; only the newest KEEP stay."""
    try:
        await window.parlorRecords.add(text, KEEP)
    except Exception as err:
        window.console.warn("parlor: the game could not be kept:", str(err))


async def remove(key):
    try:
        await window.parlorRecords.remove(key)
    except Exception as err:
        window.console.warn("parlor: the game could not be removed:", str(err))

"""The local table kept in the browser across reloads (localStorage): the last snapshot and the
clock's time left. Small on purpose: the page reads it at start-up, before the table screen's
modules are imported."""

from pyscript import window

SAVE_KEY = "parlor.table.v1"  # index.html reads it too (hides the home screen on a reload mid-game)
CLOCK_KEY = "parlor.clock.v1"


def load_saved():
    """The table saved before the last reload, or None."""
    text = window.localStorage.getItem(SAVE_KEY)
    if not text:
        return None
    try:
        import json_guard  # only when a table was saved: the home screen does not wait for it

        saved = json_guard.loads(text, max_values=100_000)
        left = window.localStorage.getItem(CLOCK_KEY)
        saved["clock_left"] = float(left) if left else None
        return saved if saved.get("snapshot") else None
    except Exception:
        return None

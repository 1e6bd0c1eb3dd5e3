"""The page's handle on the engine worker (Pyodide + parlor): start-up progress and calls.

Every call crosses the worker boundary as JSON text and comes back as a dict:
{"ok": true, "snapshot": {...}} or {"ok": false, "error": "...", "snapshot": {...}}.

A call that fails is followed by a `hello`: if that fails too, the worker is dead (a fatal error
in Pyodide, after which every call fails), and `on_stop` is called once (app/page/main.py reloads the
page, which restores the game).
"""

import json

from dom import now_ms
from pyscript import window, workers


class EngineClient:
    def __init__(self):
        self.worker = None
        self.started_ms = now_ms()
        self.ready_ms = None
        self.failed = None
        self.info = None  # {"parlor": version, "python": version} once up
        self.stopped = None  # why the worker died, once it has
        self.on_stop = None  # called once when it dies
        self._waiting = []

    @property
    def ready(self):
        return self.worker is not None

    def elapsed_s(self):
        return (now_ms() - self.started_ms) / 1000

    async def start(self):
        """Wait for the worker; runs once at page start while the page is already usable."""
        try:
            worker = await workers["engine"]
            self.info = json.loads(await worker.hello())
        except Exception as err:  # the page stays usable and says what failed
            self.failed = str(err)
            return False
        self.worker = worker
        self.ready_ms = now_ms()
        window.performance.mark("parlor-engine-ready")
        window.dispatchEvent(window.CustomEvent.new("parlor:engine-ready"))  # registers the SW
        waiting, self._waiting = self._waiting, []
        for callback in waiting:
            callback()
        return True

    def when_ready(self, callback):
        """Run callback() now if the engine is up, else as soon as it is."""
        if self.ready:
            callback()
        else:
            self._waiting.append(callback)

    async def call(self, name, *args):
        """Call an exported engine function; dict arguments travel as JSON text."""
        sent = [json.dumps(a) if isinstance(a, (dict, list)) else a for a in args]
        try:
            answer = await getattr(self.worker, name)(*sent)
        except Exception as err:
            await self.check_alive(err)
            raise
        return json.loads(answer)

    async def check_alive(self, err):
        """A call failed: on its own (the worker still says hello), or because the worker died."""
        if self.stopped is not None:
            return
        try:
            await self.worker.hello()
            return
        except Exception:
            pass
        if self.stopped is None:
            self.stopped = str(err) or "the engine worker stopped"
            window.console.error("parlor: the engine worker stopped:", self.stopped)
            if self.on_stop is not None:
                self.on_stop()

"""The page's handle on the engine worker (Pyodide + parlor): start-up progress and calls.

Every call crosses the worker boundary as JSON text and comes back as a dict:
{"ok": true, "snapshot": {...}} or {"ok": false, "error": "...", "snapshot": {...}}.

A guest's page (an invite link, ?room=) starts the worker later: index.html keeps the worker's
tag aside (`window.parlorEngineTag`) so that the lobby and the table, drawn from the host's
states by the page's own code, do not compete with Pyodide's start on a phone. `launch()` puts
the tag back (PyScript then starts the worker): when the page is idle after the room is shown
(`launch_when_idle`), at once when the engine is needed (a takeover, the home screen), and by
any `call` or `when_ready` that needs it. See docs/online.md ("A guest's page starts its engine
later").

A call that fails is followed by a `hello`: if that fails too, the worker is dead (a fatal error
in Pyodide, after which every call fails), and `on_stop` is called once (app/page/main.py reloads the
page, which restores the game).
"""

import asyncio
import json

from dom import now_ms
from pyscript import document, window, workers
from pyscript.ffi import create_proxy, to_js

IDLE_TIMEOUT_MS = 3000  # launch_when_idle: at the latest this long after the delay, idle or not


def told_first(text, first):
    """The answer `text` parsed by the browser, after `first` has had it (EngineClient.call);
    a failure there leaves the awaited answer as it is."""
    answer = window.JSON.parse(text)
    try:
        first(answer)
    except Exception as err:
        window.console.error("engine answer:", str(err))
    return answer


class EngineClient:
    def __init__(self):
        self.worker = None
        self.tag = window.parlorEngineTag  # the worker's tag, kept aside by index.html (a guest)
        self.started_ms = None if self.tag else now_ms()  # when the worker was asked to start
        self.ready_ms = None
        self.failed = None
        self.info = None  # {"parlor": version, "python": version} once up
        self.stopped = None  # why the worker died, once it has
        self.on_stop = None  # called once when it dies
        self._waiting = []
        self._idle_planned = False
        if self.tag:
            document.body.dataset.engine = "later"  # for tests: "starting" once launched, then "ready"

    @property
    def ready(self):
        return self.worker is not None

    @property
    def launched(self):
        """Whether the worker was asked to start (at page start, unless this is a guest's page)."""
        return self.started_ms is not None

    def elapsed_s(self):
        return (now_ms() - self.started_ms) / 1000 if self.started_ms is not None else 0

    def launch(self):
        """Start the worker now if this page kept it for later; nothing if it is started."""
        if self.started_ms is not None:
            return
        self.started_ms = now_ms()
        tag, self.tag = self.tag, None
        window.parlorEngineTag = None
        window.performance.mark("parlor-engine-launch")
        document.body.dataset.engine = "starting"
        document.body.append(tag)  # PyScript sees the tag and starts the worker

    def launch_when_idle(self, delay_ms):
        """Start the worker `delay_ms` from now, once the page is idle (IDLE_TIMEOUT_MS at the
        latest): the room is drawn, and the engine boots while the person reads it."""
        if self.launched or self._idle_planned:
            return
        self._idle_planned = True

        def idle(*_):
            self.launch()

        def later():
            if window.Reflect.has(window, "requestIdleCallback"):  # not in Safari
                window.requestIdleCallback(create_proxy(idle), to_js({"timeout": IDLE_TIMEOUT_MS}))
            else:
                idle()

        window.setTimeout(create_proxy(later), delay_ms)

    async def start(self):
        """Wait for the worker (launched at page start, or later on a guest's page) while the
        page is already usable; runs once."""
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

    def when_ready(self, callback, launch=True):
        """Run callback() now if the engine is up, else as soon as it is; `launch=False`: do not
        start a worker kept for later for this (a guest's QR code waits for the idle start)."""
        if self.ready:
            callback()
        else:
            self._waiting.append(callback)
            if launch:
                self.launch()

    async def wait_ready(self):
        """Start the worker if it was kept for later and wait until it answers."""
        if self.ready:
            return
        if self.failed:
            raise RuntimeError("the game engine could not start: " + self.failed)
        up = asyncio.Event()
        self.when_ready(up.set)
        await up.wait()

    def call(self, name, *args, first=None):
        """Call an exported engine function; await what this returns for its answer. The request
        goes to the worker now, not when the awaiting task next runs (after a tap the browser
        paints a frame first: ~16 ms later); a worker kept for later is started first. Dict
        arguments travel as JSON text; the answer is parsed by MicroPython's json.loads.
        With `first`, the answer is parsed by the browser instead (JSON.parse takes a fraction
        of a millisecond where MicroPython's json.loads of a room's answer takes ~6 ms), and
        `first(answer)` is called with it (a JavaScript object) the moment it comes, before the
        awaiting task resumes (MicroPython's asyncio resumes it on a timer, some milliseconds
        later on a busy page); what is awaited is then that object, of which the caller takes
        only what it reads."""
        if self.worker is None:
            return self._call_when_ready(name, args, first)
        try:
            pending = self._post(name, args)
        except Exception as err:
            return self._failed(err)
        if first is None:
            return self._answer(pending, json.loads)
        parsed = []  # filled before the awaiting task resumes: its callback came first
        pending.then(create_proxy(lambda text: parsed.append(told_first(text, first))))
        return self._answer(pending, lambda text: parsed[0] if parsed else window.JSON.parse(text))

    def _post(self, name, args):
        sent = [json.dumps(a) if isinstance(a, (dict, list)) else a for a in args]
        return getattr(self.worker, name)(*sent)

    async def _call_when_ready(self, name, args, first):
        await self.wait_ready()
        return await self.call(name, *args, first=first)

    async def _answer(self, pending, parse):
        try:
            answer = await pending
        except Exception as err:
            await self.check_alive(err)
            raise
        return parse(answer)

    async def _failed(self, err):
        await self.check_alive(err)
        raise err

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

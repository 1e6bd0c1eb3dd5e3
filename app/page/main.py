"""The page (MicroPython on the main thread): screens, board and clock; the engine is a worker.

The home screen is in the page before this runs (the build wrote home_form's markup into
index.html) and works at once: this adopts it, and replays a button pressed before it ran.
Pyodide boots in the named worker "engine" meanwhile, and the status line shows its progress.
Timing marks for bench/startup.py: `parlor-home` (index.html: the home screen painted),
`parlor-page` (this module took over the page) and `parlor-engine-ready` (the engine answered).
"""

import asyncio
import json

from catalog import game as catalog_game, mode as catalog_mode
from dom import el, on, query_param, show
from engine_client import EngineClient
from page_modules import PageModules
from screens.home import HomeScreen
from pyscript import document, window
from pyscript.ffi import create_proxy
from saved_table import load_saved

# The table and room screens (and every board) are imported when first opened, not at start:
# MicroPython compiles a module when it is imported, and the home screen should not wait for
# code it does not show (docs/architecture.md, "Start-up"). Their files are fetched after the home
# screen is up (page_modules.py): the methods that open them wait for that (`with_page_modules`).

TOAST_MS = 3500
RESTARTS_KEY = "parlor.engine.restarts"  # sessionStorage: when this tab reloaded for a dead engine
RESTARTED_KEY = "parlor.engine.restarted"  # sessionStorage: say so once the page is back
RESTART_DELAY_MS = 1500  # the page says why before it reloads (a hosted room is saved by then)
MAX_RESTARTS = 3  # in RESTART_WINDOW_MS: a saved game that kills the engine again cannot loop
RESTART_WINDOW_MS = 300_000


def with_page_modules(method):
    """An App method that opens a screen beyond home: it runs once the page's other modules are
    in (at once when they are); if they cannot be fetched, the page says so and stays."""
    def run(self, *args, **kwargs):
        if self.modules.loaded:
            return method(self, *args, **kwargs)

        async def later():
            if await self.modules.ready():
                method(self, *args, **kwargs)
            else:
                self.toast("Part of Parlor could not be loaded: check the connection and try again.")
        asyncio.create_task(later())
    return run


class App:
    def __init__(self):
        self.engine = EngineClient()
        self.modules = PageModules()
        self.engine.on_stop = self.engine_stopped
        self.engine_gave_up = False  # the engine died too often to reload again
        self.screen = document.getElementById("screen")
        self.status = document.getElementById("status")
        self.status_text = None  # what set_status last wrote there
        self.toast_node = el("div", "toast", parent=document.body, role="alert")
        show(self.toast_node, False)
        self.toast_timer = None
        self.home = None
        self.table = None
        self.room = None  # an online room's setup or controller (screens/room_setup.py, *_room.py)
        self.markup = self.screen.querySelector(".home")  # the home screen index.html came with
        window.setInterval(create_proxy(self.tick), 200)
        # The Parlor logo goes home, as New game does (its plain link reloads the page, which
        # would reopen a game in progress).
        on(document.querySelector(".home-link"), "click", self.on_home_link)

    def on_home_link(self, event):
        event.preventDefault()
        self.go_home()

    # --- screens ---------------------------------------------------------------------------
    def close(self):
        for screen in (self.home, self.table, self.room):
            if screen is not None:
                screen.close()
        self.home = self.table = self.room = None
        if self.markup is not None:  # another screen opened first (a reload mid-game, a link)
            self.markup.remove()
            self.markup = None

    def go_home(self):
        self.engine.launch()  # a guest's page kept it for later: the home screen's tables need it
        markup, self.markup = self.markup, None
        self.close()
        self.home = HomeScreen(self, self.screen, load_saved(), markup)
        document.body.dataset.screen = "home"
        window.scrollTo(0, 0)  # from a table scrolled to its controls: the home screen from its top

    @with_page_modules
    def room_setup(self, game):
        """The online room's setup for `game` (seats, the host's own seat, name)."""
        from screens.room_setup import RoomSetup
        self.close()
        self.room = RoomSetup(self, self.screen, game)
        document.body.dataset.screen = "room-setup"

    @with_page_modules
    def host_room(self, game, config, host_seat, name):
        from screens.host_room import HostRoom
        self.close()
        self.room = HostRoom(self, self.screen, game, config, host_seat, name)
        document.body.dataset.screen = "room"

    @with_page_modules
    def resume_host(self, code):
        """This browser hosts room `code` (?host=CODE, e.g. after a reload): resume it."""
        self.close()
        document.body.dataset.screen = "room"
        asyncio.create_task(self._resume_host(code))

    async def _resume_host(self, code):
        from screens.host_room import HostRoom, load_host_room
        from screens.room_common import set_address
        record = await load_host_room(code)
        if record is None or self.room is not None:
            set_address()
            self.toast("This browser does not host that room.")
            self.go_home()
            return
        game = catalog_game(record["game"])
        self.room = HostRoom(self, self.screen, game, None, None, record.get("host_name") or "Host",
                             resume=record)

    @with_page_modules
    def join_room(self, code, reclaim=None):
        """A guest opened an invite link (?room=CODE); `reclaim`: the seat this browser played
        as the room's host before a takeover, to take again."""
        from screens.guest_room import GuestRoom
        self.close()
        self.room = GuestRoom(self, self.screen, code, reclaim)
        document.body.dataset.screen = "room"

    @with_page_modules
    def start_table(self, game, mode, config):
        """A new table for `config`; it starts as soon as the engine is up."""
        from screens.table import TableScreen
        from screens.table_transport import LocalTransport
        config["seed"] = int(window.Math.random() * 1_000_000_000)
        self.close()
        self.table = table = TableScreen(self, self.screen, game, mode, len(config["seats"]),
                                         LocalTransport(self.engine))
        document.body.dataset.screen = "table"
        table.focus_title()
        self.engine.when_ready(lambda: asyncio.create_task(self.open_table(table, "new_table", config)))

    @with_page_modules
    def resume(self, saved):
        """Show the saved table at once; it comes alive when the engine has restored it."""
        from screens.table import TableScreen
        from screens.table_transport import LocalTransport
        game = catalog_game(saved["game"])
        mode = catalog_mode(game, saved["mode"])
        self.close()
        seats = len(saved["snapshot"]["config"]["seats"])
        started = saved.get("started") if isinstance(saved.get("started"), str) else None
        self.table = table = TableScreen(self, self.screen, game, mode, seats, LocalTransport(self.engine),
                                         started)
        document.body.dataset.screen = "table"
        table.focus_title()
        left = saved.get("clock_left")
        table.draw(saved["snapshot"], left)
        self.engine.when_ready(lambda: asyncio.create_task(
            self.open_table(table, "restore", saved["snapshot"]["saved"], left,
                            unpause=bool(saved.get("paused_by_dialog")))))

    def open_record(self, text, refused):
        """Open a game record (a file's or a paste's text) on a read-only table that replays it;
        a record the engine refuses is said by refused(message), and nothing changes."""
        if not self.engine.ready:
            refused("The game engine is still starting: try again in a moment.")
            return
        asyncio.create_task(self._open_record(text, refused))

    async def _open_record(self, text, refused):
        if not await self.modules.ready():
            refused("Part of Parlor could not be loaded: check the connection and try again.")
            return
        from screens.table import TableScreen
        from screens.table_transport import RecordTransport
        answer = await self.engine.call("open_record", text)
        if not answer["ok"]:
            refused("This record cannot be opened: " + answer["error"])
            return
        try:
            game = catalog_game(answer["record"]["game"])
        except KeyError:
            refused("This record is of a game this Parlor does not show.")
            return
        snap = answer["snapshot"]
        mode = {"id": "record", "title": "Record"}
        self.close()
        self.table = table = TableScreen(self, self.screen, game, mode, len(snap["config"]["seats"]),
                                         RecordTransport(self.engine, answer))
        table.root.dataset.record = "1"
        document.body.dataset.screen = "table"
        table.focus_title()
        table.draw(snap)

    async def open_table(self, table, call, argument, clock_left=None, unpause=False):
        answer = await self.engine.call(call, argument)
        if table is not self.table:
            return
        if not answer["ok"]:
            self.toast(answer["error"])
            self.go_home()
            return
        table.draw(answer["snapshot"], clock_left)
        if unpause and answer["snapshot"]["paused"]:
            table.set_paused(False)  # saved with the Rules open: they paused it, and are closed now

    def engine_stopped(self):
        """The engine worker died (a fatal error in Pyodide: no call can be answered any more).
        Say so, and reload the page, which restores the game by itself: the room this page hosts
        from IndexedDB (?host=CODE), a guest's room by joining again (?room=CODE), a local table
        from localStorage. At most MAX_RESTARTS times in RESTART_WINDOW_MS."""
        from room_list import iso_ms  # Date.now() comes into MicroPython cut to 32 bits
        now = iso_ms(str(window.Date.new().toISOString()))
        try:
            text = window.sessionStorage.getItem(RESTARTS_KEY) or ""
            times = [int(t) for t in text.split(",") if t and now - int(t) < RESTART_WINDOW_MS]
        except Exception:
            times = []
        if len(times) >= MAX_RESTARTS:
            self.engine_gave_up = True
            self.toast("The game engine stopped again. Reload the page to continue.")
        else:
            window.sessionStorage.setItem(RESTARTS_KEY, ",".join(str(t) for t in times + [now]))
            window.sessionStorage.setItem(RESTARTED_KEY, "1")
            self.toast("The game engine stopped: restoring the game…")
            window.setTimeout(create_proxy(lambda: window.location.reload()), RESTART_DELAY_MS)
        self.tick()

    # --- status ----------------------------------------------------------------------------
    def toast(self, text):
        self.toast_node.textContent = text
        show(self.toast_node, True)
        if self.toast_timer is not None:
            window.clearTimeout(self.toast_timer)
        self.toast_timer = window.setTimeout(create_proxy(lambda: show(self.toast_node, False)), TOAST_MS)

    def tick(self):
        engine = self.engine
        if engine.stopped:
            self.set_status("The game engine stopped. Reload the page to continue." if self.engine_gave_up
                            else "The game engine stopped: restoring the game…", "error")
        elif engine.failed:
            self.set_status("The game engine could not start: " + engine.failed, "error")
        elif engine.ready:
            if self.set_status("Ready · plays offline", "ready"):
                self.status.title = "parlor {} · Python {}".format(engine.info["parlor"], engine.info["python"])
        elif not engine.launched:  # a guest's page: the host runs the game; the engine starts later
            self.set_status("Online room · the host runs the game", "online")
        else:
            self.set_status("Starting the game engine… {:.0f} s".format(engine.elapsed_s()), "loading")
        if self.table is not None:
            self.table.tick()
        elif getattr(self.room, "tick", None) is not None:
            self.room.tick()  # a host's lobby says how the engine's start is going

    def set_status(self, text, state):
        """Say `text` in the page's status line; True if it changed (a tick five times a second
        writes into the page only then)."""
        if self.status_text == text:
            return False
        self.status_text = text
        self.status.textContent = text
        self.status.dataset.state = state
        return True


def engine_for_js(name, argument, resolve, reject):
    """Behind window.parlorEngine(name, jsonText) -> Promise of the engine's answer (JSON text),
    defined in index.html. For benchmarks and tests that drive the engine worker of a live page
    (bench/ai_browser.py)."""
    async def run():
        try:
            args = [] if argument is None else [argument]
            resolve(json.dumps(await app.engine.call(name, *args)))
        except Exception as err:
            reject(str(err))
    asyncio.create_task(run())


app = App()
window.parlorEngineCall = create_proxy(engine_for_js)
saved = load_saved()
opening = query_param("room") or query_param("host") or (saved and not saved["snapshot"]["is_over"])
if opening:  # a screen beyond home opens at once: its modules first
    await app.modules.ready()
if query_param("room"):
    app.join_room(query_param("room"))  # an invite link
elif query_param("host"):
    app.resume_host(query_param("host"))  # the room this browser hosts (a reload)
elif saved and not saved["snapshot"]["is_over"]:
    app.resume(saved)  # a game in progress survives a reload
else:
    app.go_home()
document.documentElement.removeAttribute("data-opening")
if window.sessionStorage.getItem(RESTARTED_KEY):  # app.engine_stopped reloaded the page
    window.sessionStorage.removeItem(RESTARTED_KEY)
    app.toast("The game engine had stopped: it started again and the game was restored.")
app.tick()
window.performance.mark("parlor-page")
document.body.dataset.ready = "home"  # index.html stops keeping presses from here on
pressed = window.parlorPressed
if pressed is not None and document.body.contains(pressed):
    pressed.removeAttribute("aria-busy")
    pressed.click()  # a Start or Online room pressed before this module ran
ready = await app.engine.start()
# The table and room screens' modules: after the engine's start, which fetching them would slow
# down (at once if one is opened first). body[data-engine=ready] says both are in.
await app.modules.ready()
app.tick()
if ready:
    document.body.dataset.engine = "ready"

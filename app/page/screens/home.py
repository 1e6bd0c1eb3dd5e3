"""The home screen: the games, and for each its modes, levels and board layouts.

Its markup comes from home_form.py: at the first start it is already in the page (the build
wrote it into index.html), later it is written again. This screen adopts it: the resume card,
and the Start and Online room buttons. Usable before the engine has started: choosing a table
needs no Python engine, and the table shows the engine's progress until it is up.
Under the games: the recent games this device kept (recent_games.py; Replay, Remove) with each
game's statistics on its card, and Open a record (a file or a pasted text).
"""

import asyncio
import json

from catalog import GAMES, game as catalog_game, mode as catalog_mode, seat_colours
from dom import button, el, on, show
from home_form import home_html, table_config
from pyscript import window

KEEP_TEXT = "Games you finish on this device are kept here (the last 50)."
# recent_games.py and record_summary.py are imported when the list is drawn, after the home
# screen works: MicroPython compiles a module as it imports it (docs/architecture.md).


def describe_saved(saved):
    """Which table is waiting, e.g. "Runners · Three players, free-for-all"."""
    try:
        game = catalog_game(saved["game"])
        mode = catalog_mode(game, saved["mode"])
    except KeyError:
        return "A game"
    return game["title"] + " · " + mode["hint"].split(".")[0]


class HomeScreen:
    def __init__(self, app, root, saved, markup=None):
        """`markup`: the home screen's <section> already in the page, or None to write it."""
        self.app = app
        if markup is None:
            root.insertAdjacentHTML("beforeend", home_html())
            markup = root.lastElementChild
        self.root = markup
        if saved and not saved["snapshot"]["is_over"]:
            card = el("div", "card resume")
            el("h2", None, "Your game is waiting", card)
            el("p", None, describe_saved(saved) + ". Pick up where you left off.", card)
            button(card, "Continue", lambda: app.resume(saved), "btn primary")
            self.root.insertBefore(card, self.root.firstChild)
        for game in GAMES:
            card = self.root.querySelector('article[data-game="{}"]'.format(game["id"]))
            on(card.querySelector("button.start"), "click", lambda event, g=game, c=card: self.start(g, c))
            on(card.querySelector("button.online-room"), "click", lambda event, g=game: app.room_setup(g))
        self.closed = False
        # This browser's online rooms, hosted and joined: at the top once there is one.
        self.rooms = el("section", "card rooms", aria_labelledby="rooms-title")
        el("h2", None, "Your online rooms", self.rooms, id="rooms-title")
        self.rooms_list = el("ul", "recent-list rooms-list", parent=self.rooms)
        show(self.rooms, False)
        self.root.insertBefore(self.rooms, self.root.querySelector("article[data-game]"))
        self.entries = []  # [(key, record)] of the recent games, newest first
        self.recent = el("section", "card recent", parent=self.root, aria_labelledby="recent-title")
        el("h2", None, "Recent games", self.recent, id="recent-title")
        self.recent_empty = el("p", None, KEEP_TEXT, self.recent)
        self.recent_list = el("ul", "recent-list", parent=self.recent)
        self.opener = RecordOpener(self.root, app)
        asyncio.create_task(self.load_rooms())
        asyncio.create_task(self.load_recent())

    async def load_rooms(self):
        """The rooms this browser hosts (IndexedDB) and the seats it holds as a guest
        (localStorage), listed by room_list.py; one tap resumes or rejoins."""
        import json_guard
        import room_list
        hosted = []
        try:
            for text in json.loads(window.JSON.stringify(await window.parlorRooms.list()) or "[]"):
                try:
                    hosted.append(json_guard.loads(str(text), max_values=100_000))
                except Exception:
                    pass
        except Exception as err:
            window.console.warn("parlor: the rooms could not be read:", str(err))
        joined = []
        store = window.localStorage
        for index in range(store.length):
            key = store.key(index)
            if key and key.startswith(room_list.JOINED_KEY):
                try:
                    joined.append((key[len(room_list.JOINED_KEY):], json_guard.loads(store.getItem(key))))
                except Exception:
                    pass
        titles = {game["id"]: game["title"] for game in GAMES}
        if not self.closed:
            now = room_list.iso_ms(str(window.Date.new().toISOString()))
            self.draw_rooms(room_list.entries(hosted, joined, now, titles))

    def draw_rooms(self, rooms):
        from room_list import entry_text, format_code
        self.rooms_list.replaceChildren()
        for room in rooms:
            item = el("li", "recent-game room-entry", parent=self.rooms_list, data_code=room["code"],
                      data_role=room["role"], data_state=room["state"])
            text = el("div", "recent-text", parent=item)
            head = el("p", "recent-head", None, text)
            el("strong", None, room["title"], head)
            el("span", "room-entry-code", " · " + format_code(room["code"]), head)
            el("p", "recent-meta", entry_text(room), text)
            actions = el("div", "recent-actions", parent=item)
            name = room["title"] + " room " + format_code(room["code"])
            if room["action"]:
                button(actions, room["action"], lambda r=room: self.open_room(r), "btn small primary",
                       aria_label=room["action"] + " " + name)
            if room["removable"]:
                button(actions, "Remove", lambda r=room: asyncio.create_task(self.remove_room(r)),
                       "btn small ghost", aria_label="Remove " + name)
        show(self.rooms, bool(rooms))
        self.rooms.dataset.count = str(len(rooms))

    def open_room(self, room):
        if room["role"] == "host":
            self.app.resume_host(room["code"])
        else:
            self.app.join_room(room["code"])

    async def remove_room(self, room):
        import room_list
        if room["role"] == "host":
            try:
                await window.parlorRooms.remove(room["code"])
            except Exception as err:
                window.console.warn("parlor: the room could not be removed:", str(err))
            window.localStorage.removeItem("parlor.roomclock." + room["code"])  # host_room.CLOCK_KEY
        else:
            window.localStorage.removeItem(room_list.JOINED_KEY + room["code"])
        if not self.closed:
            await self.load_rooms()
            self.app.toast("Removed from your rooms.")

    async def load_recent(self):
        import recent_games
        entries = await recent_games.load()
        if not self.closed:
            self.entries = entries
            self.draw_recent()

    def draw_recent(self):
        """The list of recent games and each game card's statistics."""
        from record_summary import statistics, statistics_text
        self.recent_list.replaceChildren()
        for key, record in self.entries:
            self.recent_list.appendChild(self.recent_item(key, record))
        show(self.recent_empty, not self.entries)
        self.recent.dataset.count = str(len(self.entries))
        stats = statistics([record for _, record in self.entries])
        for game in GAMES:
            card = self.root.querySelector('article[data-game="{}"]'.format(game["id"]))
            line = card.querySelector("p.stats")
            if game["id"] not in stats:
                if line is not None:
                    line.remove()
                continue
            if line is None:
                line = el("p", "stats")
                card.insertBefore(line, card.querySelector(".modes"))
            line.textContent = statistics_text(stats[game["id"]])

    def recent_item(self, key, record):
        from record_summary import date_text, result_text, seats_text
        try:
            game = catalog_game(record["game"])
            title = game["title"]
            colours = seat_colours(game, len(record["seats"]))
        except (KeyError, TypeError):
            title, colours = str(record.get("game")), []
        item = el("li", "recent-game", data_key=key)
        text = el("div", "recent-text", parent=item)
        head = el("p", "recent-head", None, text)
        el("strong", None, title, head)
        el("span", "recent-result", " · " + result_text(record, colours), head)
        el("p", "recent-meta", seats_text(record) + " · " + date_text(record), text)
        actions = el("div", "recent-actions", parent=item)
        button(actions, "Replay", lambda: self.replay(record), "btn small primary",
               aria_label="Replay " + title + " of " + date_text(record))
        button(actions, "Remove", lambda: asyncio.create_task(self.remove(key)), "btn small ghost",
               aria_label="Remove " + title + " of " + date_text(record))
        return item

    def replay(self, record):
        self.app.open_record(json.dumps(record), self.opener.refuse)

    async def remove(self, key):
        import recent_games
        await recent_games.remove(key)
        self.entries = [entry for entry in self.entries if entry[0] != key]
        if not self.closed:
            self.draw_recent()
            self.app.toast("Removed from the recent games.")

    def start(self, game, card):
        """Start the table the card's choices describe."""
        mode_id = card.querySelector(".mode input:checked").value
        values = {}
        for node in card.querySelectorAll("select"):
            values[node.name] = node.value
        mode, config = table_config(game, mode_id, values)
        self.app.start_table(game, mode, config)

    def close(self):
        self.closed = True
        self.root.remove()


class RecordOpener:
    """Open a record: a file (.json or .txt) or a pasted text, replayed on a read-only table
    (app/page/main.py open_record); a record refused is said here, plainly."""

    def __init__(self, parent, app):
        self.app = app
        card = el("section", "card open-record", parent=parent, aria_labelledby="open-record-title")
        el("h2", None, "Open a record", card, id="open-record-title")
        el("p", None, "A game saved with Save record, as its file or its text.", card)
        label = el("label", "field", parent=card)
        el("span", None, "File", label)
        self.file = el("input", None, parent=label, type="file", name="record-file",
                       accept=".json,.txt,application/json,text/plain")
        on(self.file, "change", lambda event: asyncio.create_task(self.open_file()))
        label = el("label", "field", parent=card)
        el("span", None, "Or paste it", label)
        self.paste = el("textarea", None, parent=label, name="record-text", rows="3",
                        spellcheck="false", placeholder='{"format": "parlor-record", ...}')
        button(card, "Open", self.open_paste, "btn open-pasted")
        self.error = el("p", "record-error", "", card, role="alert")
        show(self.error, False)

    def refuse(self, message):
        self.error.textContent = message
        show(self.error, True)

    async def open_file(self):
        files = self.file.files
        if not files or not files.length:
            return
        show(self.error, False)
        chosen = files.item(0)
        if chosen.size > 300_000:
            self.refuse("This file is too big to be a record.")
            return
        text = await chosen.text()
        self.file.value = ""
        self.app.open_record(str(text), self.refuse)

    def open_paste(self):
        text = self.paste.value.strip()
        show(self.error, False)
        if not text:
            self.refuse("Paste a record's text first.")
            return
        self.app.open_record(text, self.refuse)

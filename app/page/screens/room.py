"""Online rooms in the page: the room setup, the lobby, and the host's and a guest's controllers.

The host's page runs the room in its engine worker (app/engine/room_host.py): every guest message goes
there as text, tagged with the link it came on, and the engine's answer says what to send to
whom. A guest's page only draws the state the host sends and sends intents (hello, take, move).
See docs/online.md ("Rooms in the page").
"""

import asyncio
import json

import json_guard
from catalog import LEVELS, SEAT_MARKS, game as catalog_game, seat_colours
from dom import button, el, on, query_param, select, show
from pyscript import document, window
from pyscript.ffi import create_proxy
from net.room_link import RoomNet
from screens.table import TableScreen, controller, paint_colours

ONLINE = {"id": "online", "title": "Online"}
TOKEN_KEY = "parlor.room."  # + room code: {"seat", "token", "name"} of this browser's seat
NAME_KEY = "parlor.name"
MAX_VALUES = 100_000  # in a host's state message or a saved room (app/shared/json_guard.py)


RECONNECT_MAX_S = 8  # signaling retries back off 1, 2, 4, 8, 8… s (host and guest)


def invite_link(code):
    loc = window.location
    return loc.origin + loc.pathname + "?room=" + code


def format_code(code):
    return "-".join(code[i:i + 4] for i in range(0, len(code), 4))


def absent_after():
    """?absent=SECONDS: shortens a game's two-minute away rules (tests and demos), else None."""
    try:
        value = float(query_param("absent"))
    except (TypeError, ValueError):
        return None
    return value if 0 <= value <= 3600 else None


def room_code(text):
    """A room code from untrusted text: letters and digits, at most 40."""
    return "".join(ch for ch in str(text).upper() if ch.isalpha() or ch.isdigit())[:40]


def load_json(key):
    try:
        text = window.localStorage.getItem(key)
        return json_guard.loads(text) if text else None
    except Exception:
        return None


def text_input(parent, label, value, name):
    wrap = el("label", "field", parent=parent)
    el("span", None, label, wrap)
    node = el("input", None, parent=wrap, name=name, maxlength="24", autocomplete="nickname")
    node.value = value or ""
    return node


# --- setting up a room (the host) -------------------------------------------------------------

class RoomSetup:
    """Every seat a person (an open seat) or a computer level; the host's own seat or none."""

    def __init__(self, app, root, game):
        self.app = app
        self.game = game
        self.root = el("section", "card room-setup", parent=root, aria_label="Online room",
                       data_game=game["id"])
        el("h2", None, "Online room · " + game["title"], self.root)
        el("p", None, "Friends join with the invite link on their own devices.", self.root)
        for line in game.get("room_setup", []):  # the game's own words (Sanctuary's seed)
            el("p", "room-words", line, self.root)
        options = el("div", "options", parent=self.root)
        seat_modes = [m for m in game["modes"] if isinstance(m.get("seats"), int)]
        self.mode_select = None
        if seat_modes:
            self.modes = seat_modes
            self.mode_select = select(options, "Players", [(m["id"], m["title"] + " · " + m["hint"])
                                                           for m in seat_modes], seat_modes[0]["id"], "mode")
            on(self.mode_select, "change", lambda event: self.refresh())
        else:
            self.modes = [{"id": "online", "title": "Online", "variant": "standard", "seats": 2}]
        self.layout = None
        if game.get("layouts"):
            self.layout = select(options, "Board", [(n, n) for n in game["layouts"]],
                                 game["layouts"][0], "layout")
        controllers = [("human", "Person")] + LEVELS
        self.seat_selects = [select(options, colour, controllers, "human", "seat" + str(i))
                             for i, colour in enumerate(game["colours"])]
        self.you = select(options, "You", [("watch", "Only watch")] +
                          [(str(i), "Play " + c) for i, c in enumerate(game["colours"])], "0", "you")
        self.name = text_input(options, "Your name", window.localStorage.getItem(NAME_KEY), "name")
        bar = el("div", "controls", parent=self.root)
        button(bar, "Create room", self.create, "btn primary create-room")
        button(bar, "Back", app.go_home)
        self.refresh()

    def mode(self):
        if self.mode_select is None:
            return self.modes[0]
        return [m for m in self.modes if m["id"] == self.mode_select.value][0]

    def refresh(self):
        """Show the chosen mode's seats, named by their colours at a table of that size."""
        count = self.mode()["seats"]
        colours = seat_colours(self.game, count)
        for index, node in enumerate(self.seat_selects):
            show(node.parentElement, index < count)
            if index < count:
                node.parentElement.firstElementChild.textContent = colours[index]
        for option in self.you.querySelectorAll("option"):
            value = option.getAttribute("value")
            show(option, value == "watch" or int(value) < count)
            if value != "watch" and int(value) < count:
                option.textContent = "Play " + colours[int(value)]

    def create(self):
        mode = self.mode()
        count = mode["seats"]
        seats = [{"kind": "human"} if n.value == "human" else {"kind": "ai", "level": n.value}
                 for n in self.seat_selects[:count]]
        you = None if self.you.value == "watch" else int(self.you.value)
        if you is not None and (you >= count or seats[you]["kind"] != "human"):
            self.app.toast("Your seat must be a person's seat (or choose Only watch).")
            return
        options = {"layout": self.layout.value} if self.layout is not None else {}
        config = {"game": self.game["id"], "variant": mode["variant"], "seats": seats,
                  "options": options}  # the engine draws the seed (room.py, SEED_RANGE)
        name = self.name.value.strip()[:24]
        window.localStorage.setItem(NAME_KEY, name)
        self.app.host_room(self.game, config, you, name or "Host")

    def close(self):
        self.root.remove()


# --- the lobby (host and guests) ---------------------------------------------------------------

class Lobby:
    def __init__(self, root, role, on_take=None, on_start=None, on_leave=None):
        self.role = role
        self.on_take = on_take
        self.game = None
        self.root = el("section", "card lobby", parent=root, aria_label="Room lobby", data_role=role)
        self.title = el("h2", None, "Online room", self.root)
        self.code = el("p", "room-code", "", self.root)
        el("p", "invite-words", "Send this invitation to your friends.", self.root)
        invite = el("p", "invite", parent=self.root)
        self.link = el("a", "invite-link", "", invite)
        self.copy = button(invite, "Copy link", self.copy_link, "btn small")
        show(self.copy, False)
        self.qr = el("div", "qr", parent=self.root, aria_label="QR code of the invite link")
        show(self.qr, False)
        self.seats = el("ol", "lobby-seats", parent=self.root, aria_label="Seats")
        self.name = None
        if role == "guest":
            self.name = text_input(self.root, "Your name", window.localStorage.getItem(NAME_KEY), "name")
        self.status = el("p", "lobby-status", "Connecting…", self.root, role="status", aria_live="polite")
        self.room_rules = el("p", "room-rules", "", self.root)  # the game's room rules, if it has any
        show(self.room_rules, False)
        bar = el("div", "controls", parent=self.root)
        self.start = None
        if role == "host":
            self.start = button(bar, "Start", on_start, "btn primary start-room")
            self.start.disabled = True
        button(bar, "Leave", on_leave)

    def set_code(self, code):
        self.code.textContent = "Room code: " + format_code(code)
        link = invite_link(code)
        self.link.textContent = link
        self.link.setAttribute("href", link)
        show(self.copy, True)

    def set_qr(self, svg):
        """The invite link's QR code: an <svg> made by our engine (segno) from our own invite URL,
        the only input, so it is inserted as markup."""
        self.qr.innerHTML = svg
        show(self.qr, True)

    def copy_link(self):
        try:
            window.navigator.clipboard.writeText(self.link.textContent)
        except Exception:
            pass

    def set_status(self, text):
        self.status.textContent = text

    def draw(self, game, lobby, you_seat):
        self.game = game
        self.root.dataset.game = game["id"]
        self.title.textContent = "Online room · " + game["title"]
        self.room_rules.textContent = game.get("room_rules", "")
        show(self.room_rules, bool(game.get("room_rules")))
        self.seats.replaceChildren()
        colours = seat_colours(game, len(lobby["seats"]))
        paint_colours(self.root, colours)
        has_seat = you_seat is not None
        for index, seat in enumerate(lobby["seats"]):
            item = el("li", "lobby-seat", parent=self.seats, data_seat=index)
            el("span", "dot c" + str(index), SEAT_MARKS[index], item, aria_hidden="true")
            el("span", "colour", colours[index], item)
            if seat["kind"] == "ai":
                who, state = controller(seat), ""
            elif seat["taken"]:
                who = seat["name"] or "Person"
                state = "connected" if seat["connected"] else "away"
            else:
                who, state = "Open seat", "open"
            if index == you_seat:
                who += " (you)"
            el("span", "who", who, item)
            el("span", "presence " + state, state, item)
            item.dataset.state = state or "ai"
            if self.role == "guest" and state == "open" and not has_seat:
                button(item, "Take", lambda i=index: self.on_take(i, self.name.value), "btn small take")
        if self.start is not None:
            ready = all(s["taken"] for s in lobby["seats"])
            self.start.disabled = not (ready or lobby.get("may_start_open"))
            self.set_status("Everyone is seated: start when you like." if ready else
                            "The host left this lobby: you may start, and a computer plays the seats "
                            "nobody took until someone does." if lobby.get("may_start_open") else
                            "Waiting for players to take the open seats…")
        elif not has_seat:
            self.set_status("Take an open seat, or stay to watch.")
        else:
            self.set_status("Waiting for the host to start…")

    def close(self):
        self.root.remove()


# --- the table of an online game ---------------------------------------------------------------

class OnlineTable(TableScreen):
    """A TableScreen whose actions go to the room: the host's engine, or the host over the
    network (a guest). No undo online; only the host pauses (for everyone) and restarts."""

    def __init__(self, app, root, game, room):
        self.room = room
        super().__init__(app, root, game, ONLINE, room.seat_count)
        self.root.dataset.online = room.role
        show(self.undo_button, False)
        self.new_button.textContent = self.dialog_new_button.textContent = "Leave"
        if room.role == "guest":
            for node in (self.pause_button, self.rematch_button):
                show(node, False)
            for node in self.dialog.querySelectorAll(".controls button"):
                if node.textContent == "Rematch":
                    show(node, False)
        self.presence = None
        self.take_buttons = {}  # seat -> its "Take seat" button (a guest watching, an open seat)

    def ready(self):
        return True if self.room.role == "guest" else self.app.engine.ready

    def draw(self, snapshot, clock_left_ms=None):
        self.presence = list(snapshot.get("presence") or [])
        away_host = self.room.away_host_seat() if self.room.role == "guest" else None
        if away_host is not None and away_host < len(self.presence):
            self.presence[away_host] = False  # its own last state still said "here"
        super().draw(snapshot, clock_left_ms)
        if self.closed:
            return
        presence = self.presence or []
        for index, (chip, name, who, count, timer, think) in enumerate(self.chips):
            away = index < len(presence) and not presence[index]
            chip.classList.toggle("away", away)
            chip.dataset.presence = "away" if away else "here"
            if index == self.room.you_seat:
                who.textContent = who.textContent + " (you)"
            if away:
                who.textContent = who.textContent + " · away"
            self.label_seat(index)
        to_move = snapshot["to_move"]
        if to_move is not None and to_move < len(presence) and not presence[to_move]:
            self.clock.stop(window.performance.now())  # a turn waits for an absent player
            if not snapshot["is_over"]:
                colour = self.colours()[to_move]
                self.status.textContent = colour + (
                    " is away: the computer plays for them" if snapshot.get("stand_in") == to_move
                    else " is away: waiting for them")
        if self.room.role == "guest":
            self.offer_open_seats(snapshot)
        if self.room.role == "guest" and self.room.host_away and not snapshot["is_over"]:
            self.board.update(snapshot, False)  # no host to take a move: nothing looks live
            self.clock.stop(window.performance.now())
            self.status.textContent = "The host is away: waiting for them"
        if self.room.role == "host":
            self.room.check_in(snapshot.get("stand_in_in_s"))

    def offer_open_seats(self, snapshot):
        """A guest who watches may take a person's seat nobody holds, mid-game too (the old
        host's seat after a takeover: without it that seat's turn would wait for ever)."""
        seats = ((self.room.replica or {}).get("lobby") or {}).get("seats") or []
        for index, (chip, *_) in enumerate(self.chips):
            seat = seats[index] if index < len(seats) else {}
            offer = (self.room.you_seat is None and not snapshot["is_over"]
                     and seat.get("kind") == "human" and not seat.get("taken"))
            node = self.take_buttons.get(index)
            if node is None and offer:
                node = button(chip, "Take seat", lambda i=index: self.room.take(
                    i, window.localStorage.getItem(NAME_KEY) or ""), "btn small take-seat")
                self.take_buttons[index] = node
            if node is not None:
                show(node, offer)

    def may_time_out(self, snap):
        if self.room.role != "host":
            return False
        seat = snap["to_move"]
        presence = self.presence or []
        return seat is not None and not snap["ai_turn"] and seat < len(presence) and presence[seat]

    def maybe_think(self):
        if self.room.role == "host":
            super().maybe_think()

    def set_paused(self, paused):
        if self.room.role == "host":
            super().set_paused(paused)

    def on_rematch(self):
        if self.room.role == "host" and self.room.rules.get("fresh_room_rematch"):
            asyncio.create_task(self.room.fresh_rematch())  # Sanctuary: a fresh room and invitation
        elif self.room.role == "host":
            super().on_rematch()

    async def call_act(self, action):
        return await self.room.table_action(action)

    async def call_think(self, budget):
        return await self.app.engine.call("room_think", budget)

    def save(self):
        pass  # the room keeps its own state; the local table's save is not touched

    def save_clock(self):
        pass


# --- the host ------------------------------------------------------------------------------------

def set_address(param=None, code=None):
    """The page's address names its room: ?host=CODE for its host (a reload resumes the room),
    ?room=CODE for a guest (a reload rejoins it); no param drops both (the room was left)."""
    params = window.URLSearchParams.new(window.location.search)
    params.delete("room")
    params.delete("host")
    if param:
        params.set(param, code)
    query = params.toString()
    window.history.replaceState(None, "", window.location.pathname + ("?" + query if query else ""))


async def show_qr(app, screen):
    """Ask the engine for the invite link's QR code and show it in `screen`'s lobby."""
    try:
        answer = await app.engine.call("qr_svg", invite_link(screen.code))
    except Exception as err:
        window.console.warn("qr:", str(err))
        return
    if answer.get("ok") and not screen.closed and screen.table is None:
        screen.lobby.set_qr(answer["svg"])


async def load_host_room(code):
    """The room this browser hosts under `code` (IndexedDB), or None."""
    try:
        text = await window.parlorRooms.get(code)
        return json_guard.loads(text, max_values=MAX_VALUES) if text else None
    except Exception:
        return None


def retry_signaling(room, say):
    """The signaling socket closed under `room` (a host or a guest): `say` why, and call
    `room.reconnect` after 1, 2, 4, 8, 8… s (RECONNECT_MAX_S) until a connect succeeds."""
    wait = min(RECONNECT_MAX_S, 2 ** room.reconnects)
    room.reconnects += 1
    if not window.navigator.onLine:
        say("No network: an online room needs a connection (games on this device work "
            "offline). Trying again in {} s…".format(wait))
    else:
        say("Cannot reach the signaling service; trying again in {} s…".format(wait))
    window.setTimeout(room.reconnect_proxy, wait * 1000)


class HostRoom:
    """The host's controller. A new room (`config`...) or, with `resume` (the record this page
    saved in IndexedDB: {game, code, host_key, host_name, room}), the same room after a reload:
    `resume` on the signaling socket, RoomHost.restore in the engine; guests reconnect by
    themselves (host-back) and rebind their seats by token."""
    role = "host"

    def __init__(self, app, root, game, config, host_seat, name, resume=None, net=None,
                 on_created=None):
        self.app = app
        self.root = root
        self.game = game
        self.config = config
        self.you_seat = host_seat
        self.name = name
        replica = resume.get("replica") if resume else None  # a takeover (GuestRoom.take_over)
        if replica:
            self.seat_count = len(replica["snapshot"]["config"]["seats"])
            self.you_seat = replica["you"].get("seat")
        elif resume:
            self.seat_count = len(resume["room"]["seats"])
            self.you_seat = resume["room"].get("host_seat")
        else:
            self.seat_count = len(config["seats"])
        self.opened = False
        self.rules = {}  # the game's online rules (GameInfo.online, via the room host), from the lobby
        self.on_created = on_created  # called with the new room's code (a fresh-room rematch)
        self.keep_net = False  # closing leaves the links open (a fresh-room rematch announces)
        self.check_timer = None
        self.queue = []  # link events that came before the room was open in the engine
        self.table = None
        self.closed = False
        self.resume = resume
        self.code = resume["code"] if resume else None
        self.host_key = resume["host_key"] if resume else None
        self.reconnects = 0  # signaling reconnects since the last success (lost_signaling)
        self.given_up = False  # the room is not ours any more: no more reconnects
        self.reconnect_proxy = create_proxy(self.reconnect)
        self.lobby = Lobby(root, "host", on_start=self.start, on_leave=app.go_home)
        if net is not None:  # this page was a guest and won claim-host: its socket stays
            for link in list(net.links.values()):
                link.close()
            net.links = {}
            net.owner, net.role, net.host, net.retry_at = self, "host", None, None
            self.net = net
            document.body.dataset.room = "host"
            self.on_signaling({"type": "resumed", "room": self.code})
        elif resume:
            self.net = RoomNet("host", self)
            self.lobby.set_code(self.code)
            self.lobby.set_status("Resuming the room…")
            self.net.connect({"type": "resume", "room": self.code, "host_key": self.host_key})
        else:
            self.net = RoomNet("host", self)
            self.lobby.set_status("Creating the room…")
            self.net.connect({"type": "create"})

    # signaling and links
    def on_signaling(self, message):
        kind = message.get("type")
        if kind in ("created", "resumed"):
            self.reconnects = 0
            self.code = message["room"]
            if kind == "created":
                self.host_key = message.get("host_key")
                if self.on_created is not None:
                    self.on_created(self.code)
            set_address("host", self.code)
            self.lobby.set_code(self.code)
            self.app.engine.when_ready(lambda: asyncio.create_task(show_qr(self.app, self)))
            if not self.opened:
                if self.table is None:
                    self.lobby.set_status("Starting the game engine…")
                self.app.engine.when_ready(lambda: asyncio.create_task(self.open()))
            elif self.table is None:  # back after lost_signaling: the guests reconnect by themselves
                self.lobby.set_status("Connected again.")
            else:
                self.app.toast("Connected again.")
        elif kind == "error":
            self.app.toast(str(message.get("message", "Signaling error")))
            if message.get("code") in ("bad-key", "no-room") and self.opened:
                self.given_up = True  # back too late: taken over, or expired
                self.app.toast("This room is no longer yours: another participant took it over, "
                               "or it expired.")
            if message.get("code") in ("bad-key", "no-room") and not self.opened:
                # the room expired, or another participant took it over: it is not ours any more
                window.parlorRooms.remove(self.code)
                set_address()
                if message["code"] == "bad-key":  # join it as a guest, back into the old seat
                    self.app.join_room(self.code, reclaim=None if self.you_seat is None else
                                       {"seat": self.you_seat, "name": self.name})
        elif kind == "closed" and not self.closed:
            self.lost_signaling()

    def lost_signaling(self):
        """The signaling socket closed under the host (a network change, the service restarted):
        say so where it stays, and try again, backing off to RECONNECT_MAX_S — with the host key
        once the room exists (the guests come back as after a reload), else the create again."""
        if not self.given_up:
            retry_signaling(self, self.lobby.set_status if self.table is None else self.app.toast)

    def reconnect(self):
        if self.closed:
            return
        if self.code and self.host_key:
            self.net.connect({"type": "resume", "room": self.code, "host_key": self.host_key})
        else:
            self.net.connect({"type": "create"})

    async def open(self):
        if self.opened:
            return
        if self.resume and self.resume.get("replica"):
            answer = await self.app.engine.call("room_takeover", {
                "replica": self.resume["replica"], "code": self.code, "name": self.name})
        elif self.resume:
            answer = await self.app.engine.call("room_restore", self.resume["room"])
        else:
            answer = await self.app.engine.call("room_open", {
                "config": self.config, "host_seat": self.you_seat, "host_name": self.name,
                "code": self.code, "absent_after": absent_after()})
        if not answer["ok"]:
            self.app.toast(answer["error"])
            return
        self.opened = True
        self.apply(answer)
        queue, self.queue = self.queue, []
        for event in queue:
            await self.event(event)

    def on_open(self, peer):
        self.send_event({"type": "open", "peer": peer})

    def on_message(self, peer, text):
        self.send_event({"type": "recv", "peer": peer, "text": text})

    def on_lost(self, peer):
        self.send_event({"type": "gone", "peer": peer})

    def send_event(self, event):
        if not self.opened:
            self.queue.append(event)
        else:
            asyncio.create_task(self.event(event))

    async def event(self, event, draw=True):
        if self.closed:
            return None
        answer = await self.app.engine.call("room_event", event)
        self.apply(answer, draw)
        return answer

    def apply(self, answer, draw=True):
        if self.closed:
            return
        if answer.get("saved") is not None and self.code and self.host_key:
            self.save(answer["saved"])
        for peer, text in answer.get("outbox") or []:
            self.net.send(peer, text)
        for peer in answer.get("close") or []:
            self.net.drop(peer)
        lobby = answer.get("lobby")
        if lobby is None:
            return
        self.you_seat = answer.get("host_seat")
        self.rules = lobby.get("rules") or {}
        if lobby["started"] and self.table is None:
            self.lobby.close()
            self.table = OnlineTable(self.app, self.root, self.game, self)
            self.app.table = self.table
            draw = True
        if self.table is not None:
            if draw:
                self.table.draw(answer["snapshot"])
        else:
            self.lobby.draw(self.game, lobby, self.you_seat)

    def save(self, room):
        """Keep the room in IndexedDB after every change (a reload resumes it)."""
        record = {"game": self.game["id"], "code": self.code, "host_key": self.host_key,
                  "host_name": self.name, "room": room}
        try:
            window.parlorRooms.put(self.code, json.dumps(record))
        except Exception as err:
            window.console.warn("room save:", str(err))

    # the host's own actions
    def start(self):
        asyncio.create_task(self._start())

    async def _start(self):
        answer = await self.event({"type": "start"})
        if answer and not answer["ok"]:
            self.app.toast(answer["error"])

    async def table_action(self, action):
        return await self.event(action, draw=False)

    def check_in(self, seconds):
        """Ask the room again in `seconds` (an away person's turn may pass to a computer then)."""
        if self.check_timer is not None:
            window.clearTimeout(self.check_timer)
            self.check_timer = None
        if seconds is not None and not self.closed:
            self.check_timer = window.setTimeout(
                create_proxy(lambda: self.send_event({"type": "check"})), int(seconds * 1000) + 50)

    async def fresh_rematch(self):
        """A rematch in a fresh room (Sanctuary's rule): the same seats in a new room with its
        own code and invitation; this room's guests are sent the new code, then it closes."""
        answer = await self.app.engine.call("room_rematch")
        if not answer["ok"]:
            self.app.toast(answer["error"])
            return
        old_net, old_code = self.net, self.code
        self.keep_net = True
        app = self.app

        def announce(code):
            text = json.dumps({"v": 1, "type": "rematch", "room": code})
            for peer in list(old_net.links):
                old_net.send(peer, text)
            window.setTimeout(create_proxy(old_net.close), 3000)  # let the message go first
            window.parlorRooms.remove(old_code)

        app.close()
        app.room = HostRoom(app, app.screen, self.game, answer["config"], answer["host_seat"],
                            self.name, on_created=announce)
        document.body.dataset.screen = "room"

    def close(self):
        self.closed = True
        self.check_in(None)
        if not self.keep_net:
            self.net.close()
        set_address()  # left on purpose: the room stays saved, a reload no longer resumes it
        if self.table is not None:
            self.table.close()
        else:
            self.lobby.close()


# --- a guest ---------------------------------------------------------------------------------------

class GuestRoom:
    role = "guest"

    def __init__(self, app, root, code, reclaim=None):
        self.app = app
        self.reclaim = reclaim  # {seat, name}: this browser hosted the room and played that seat
        self.root = root
        self.code = room_code(code)
        set_address("room", self.code)  # a reload rejoins (the seat comes back by its token)
        self.key = TOKEN_KEY + self.code
        self.mine = load_json(self.key) or {}
        self.you_seat = None
        self.seat_count = 0
        self.game = None
        self.table = None
        self.closed = False
        self.replica = None  # the last state message: enough to take over as host
        self.host_away = False  # the table waits, with nothing live, until the host is back
        self.takeover_after = 30
        self.takeover_timer = None
        self.offer_text = ""  # what the card says once taking over is allowed
        self.bar = el("section", "card takeover", parent=root, aria_label="The host is gone")
        self.bar_text = el("p", None, "", self.bar)
        self.bar_button = button(self.bar, "Take over as host", self.claim, "btn primary take-over")
        show(self.bar, False)
        self.rematch_card = None
        self.rematch_code = None  # the fresh room of the host's rematch: this one is over
        self.reconnects = 0  # signaling reconnects since the last success (lost_signaling)
        self.given_up = False  # the room expired while this page was away: no more reconnects
        self.reconnect_proxy = create_proxy(self.reconnect)
        self.lobby = Lobby(root, "guest", on_take=self.take, on_leave=app.go_home)
        self.lobby.set_code(self.code)
        app.engine.when_ready(lambda: asyncio.create_task(show_qr(app, self)))  # to pass it on
        self.net = RoomNet("guest", self)
        self.net.connect({"type": "join", "room": self.code})
        # For tests (a hostile guest): send any text to the host over this page's data channel.
        window.parlorRoomSend = create_proxy(lambda text: self.net.send_host(text))

    def on_signaling(self, message):
        kind = message.get("type")
        if kind == "joined":
            if self.reconnects:
                self.app.toast("Connected again.")
            self.reconnects = 0
            after = message.get("takeover_after")
            if isinstance(after, (int, float)) and 0 <= after <= 3600:
                self.takeover_after = after
            self.status("Connecting to the host…" if message.get("host") else "The host is away; waiting…")
            if not message.get("host"):
                self.host_gone()
        elif kind == "host-granted":
            self.take_over(message)
        elif kind == "error" and message.get("code") in ("too-early", "host-present"):
            self.app.toast("Someone else is the host now." if message["code"] == "host-present"
                           else "Too early to take over: the host may still come back.")
        elif kind == "error" and message.get("code") == "bad-peer":
            pass  # an offer sent while the host was away: host-back / host-changed bring it back
        elif kind == "error" and message.get("code") == "no-room" and self.reconnects:
            self.given_up = True  # back too late: the room expired; nothing to reconnect to
            self.status("This room has closed.")
        elif kind == "error":
            self.status(str(message.get("message", "Signaling error")))
            self.app.toast(str(message.get("message", "Signaling error")))
        elif kind == "host-left":
            self.status("The host is away; waiting for them…")
            self.host_gone()
        elif kind in ("host-back", "host-changed"):
            self.host_here()
            self.status("The host is back; reconnecting…" if kind == "host-back" else
                        "Another participant took over as host; reconnecting…")
        elif kind == "closed" and not self.closed:
            self.lost_signaling()

    def lost_signaling(self):
        """The signaling socket closed under this guest (a network change, the service
        restarted): the host drops its link, so join again, backing off to RECONNECT_MAX_S;
        the seat comes back by its token, as after a reload."""
        if not self.given_up and self.net is not None:
            retry_signaling(self, self.status)

    def reconnect(self):
        if not self.closed and self.net is not None and not self.given_up:
            self.net.connect({"type": "join", "room": self.code})

    # --- takeover (docs/online.md, "Takeover") ----------------------------------------------
    def host_gone(self):
        """Say at once that the host is away; offer "Take over as host" once the host has been
        gone for takeover_after seconds; in the lobby of a game with the rule
        "lobby_host_absent_after" (Sanctuary: two minutes), to the earliest-joined connected
        person then, and to everyone after twice as long."""
        self.host_away = True
        if self.table is not None and self.table.snapshot is not None:
            self.table.draw(self.table.snapshot)
        if self.takeover_timer is not None or self.rematch_code:
            return  # already counting; or the host moved on to a rematch: nothing to take over
        lobby = (self.replica or {}).get("lobby") or {}
        wait = (lobby.get("rules") or {}).get("lobby_host_absent_after")
        if wait is not None and not lobby.get("started"):
            seconds = wait if self.earliest_here(lobby) else 2 * wait
            self.offer_text = ("The host has been away from the lobby for a while. "
                               "You may start the game: take over as host.")
            self.bar_button.textContent = "Take over and start"
        else:
            seconds = 0
            self.offer_text = ("The host has been gone for a while. Any participant may "
                               "take over as host: the game goes on from your copy of "
                               "it, and the others come back to their seats.")
            self.bar_button.textContent = "Take over as host"
        seconds = max(seconds, self.takeover_after)  # the signaling service's own minimum
        self.bar_text.textContent = "The host is away. Waiting for them to come back…"
        show(self.bar_button, False)
        show(self.bar, True)
        self.takeover_timer = window.setTimeout(create_proxy(self.offer_takeover), int(seconds * 1000) + 200)

    def earliest_here(self, lobby):
        """Whether this browser's seat is the earliest-joined person's seat still connected
        when the host left (the host's own seat aside)."""
        here = [(seat.get("order") or 0, index) for index, seat in enumerate(lobby.get("seats") or [])
                if seat.get("kind") == "human" and seat.get("taken") and seat.get("connected")
                and not seat.get("host")]
        return bool(here) and min(here)[1] == self.you_seat

    def away_host_seat(self):
        """The seat the host plays while it is away (None: here, or only watching)."""
        seats = ((self.replica or {}).get("lobby") or {}).get("seats") or []
        playing = [index for index, seat in enumerate(seats) if seat.get("host")]
        return playing[0] if self.host_away and playing else None

    def host_here(self):
        self.host_away = False  # live again with the host's next state
        if self.takeover_timer is not None:
            window.clearTimeout(self.takeover_timer)
            self.takeover_timer = None
        show(self.bar, False)

    def offer_takeover(self):
        self.takeover_timer = None
        if not self.closed and self.net.host is None and self.replica is not None:
            self.bar_text.textContent = self.offer_text
            show(self.bar_button, True)

    def claim(self):
        self.net.send_signaling({"type": "claim-host", "room": self.net.room or self.code})

    def take_over(self, message):
        """claim-host won: this page becomes the room's host, built from its replica."""
        record = {"game": self.game["id"], "code": message.get("room") or self.code,
                  "host_key": message.get("host_key"), "replica": self.replica,
                  "host_name": self.mine.get("name") or "Host"}
        net, self.net = self.net, None
        app = self.app
        app.close()  # closes this guest's screens, not the socket it handed over
        app.room = HostRoom(app, app.screen, self.game, None, None, record["host_name"],
                            resume=record, net=net)
        document.body.dataset.screen = "room"
        app.toast("You are the host now: keep this page open.")

    def status(self, text):
        if self.table is None:
            self.lobby.set_status(text)
        else:
            self.app.toast(text)

    def on_open(self, peer):
        hello = {"v": 1, "type": "hello", "name": self.name()}
        if self.mine.get("token"):
            hello["token"] = self.mine["token"]
        self.net.send_host(json.dumps(hello))

    def on_lost(self, peer):
        self.status("Connection to the host lost; reconnecting…")

    def name(self):
        value = self.lobby.name.value.strip()[:24] if self.table is None else self.mine.get("name", "")
        return value or self.mine.get("name") or ""

    def on_message(self, peer, text):
        try:  # the host is trusted with the game, not with this page's parser
            message = json_guard.loads(text, max_values=MAX_VALUES)
        except Exception:
            return
        if not isinstance(message, dict):
            return
        kind = message.get("type")
        if kind == "state":
            self.replica = message
        if kind == "rematch":
            self.offer_rematch(room_code(message.get("room") or ""))
        elif kind == "error":
            document.body.dataset.roomError = str(message.get("code"))  # for tests
            if message.get("code") == "unknown-token":  # this browser's seat is gone
                self.forget()
            self.app.toast(str(message.get("message", "Refused")))
        elif kind == "state":
            self.on_state(message)

    def on_state(self, message):
        snap, lobby, you = message["snapshot"], message["lobby"], message.get("you") or {}
        if self.game is None:
            self.game = catalog_game(snap["config"]["game"])
            self.seat_count = len(snap["config"]["seats"])
        self.you_seat = you.get("seat")
        if you.get("token"):
            self.mine = {"seat": self.you_seat, "token": you["token"],
                         "name": lobby["seats"][self.you_seat]["name"]}
            window.localStorage.setItem(self.key, json.dumps(self.mine))
        document.body.dataset.room = "seated" if self.you_seat is not None else "watching"
        self.take_back(lobby)
        if lobby["started"] and self.table is None:
            self.lobby.close()
            self.table = OnlineTable(self.app, self.root, self.game, self)
            self.app.table = self.table
        if self.table is not None:
            self.table.draw(snap)
        else:
            self.lobby.draw(self.game, lobby, self.you_seat)

    def take_back(self, lobby):
        """Back as a guest in the room this browser hosted until another participant took it
        over: its old seat, opened by the takeover, is taken again at once (if still open)."""
        reclaim, self.reclaim = self.reclaim, None
        seats = lobby.get("seats") or []
        if reclaim and self.you_seat is None and reclaim["seat"] < len(seats):
            seat = seats[reclaim["seat"]]
            if seat.get("kind") == "human" and not seat.get("taken"):
                self.take(reclaim["seat"], reclaim["name"] or "")

    def offer_rematch(self, code):
        """The host opened the rematch in a fresh room: its invitation, as a link."""
        if not code or self.closed:
            return
        self.rematch_code = code
        self.host_here()  # no takeover of the room the host has left for the rematch
        if self.rematch_card is None:
            self.rematch_card = el("section", "card rematch-invite", parent=self.root,
                                   aria_label="Rematch", role="alert")
            self.root.prepend(self.rematch_card)
        self.rematch_card.replaceChildren()
        el("p", None, "The host opened a rematch in a fresh room.", self.rematch_card)
        el("a", "btn primary join-rematch", "Join the rematch", self.rematch_card, href=invite_link(code))

    def forget(self):
        self.mine = {}
        window.localStorage.removeItem(self.key)

    def take(self, seat, name):
        name = name.strip()[:24]
        window.localStorage.setItem(NAME_KEY, name)
        self.net.send_host(json.dumps({"v": 1, "type": "take", "seat": seat, "name": name}))

    async def table_action(self, action):
        if action.get("type") == "move" and self.mine.get("token"):
            self.net.send_host(json.dumps({"v": 1, "type": "move", "move": action["move"],
                                           "ply": action["ply"], "token": self.mine["token"]}))
        return None

    def close(self):
        self.closed = True
        set_address()  # left on purpose (or taken over: the new host names its room itself)
        self.host_here()
        self.bar.remove()
        if self.rematch_card is not None:
            self.rematch_card.remove()
        if self.net is not None:
            self.net.close()
        if self.table is not None:
            self.table.close()
        else:
            self.lobby.close()

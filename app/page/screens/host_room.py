"""The host's online room: the room runs in this page's engine worker (app/engine/room_host.py);
every guest message goes there as text, tagged with the link it came on, and the engine's answer
says what to send to whom. The lobby, then the table, whose transport is the room
(HostTransport). The room is saved in IndexedDB after every change, so a reload resumes it.
See docs/online.md ("Rooms in the page").
"""

import asyncio
import json

import json_guard
import room_list
from dom import query_param, show
from net.room_link import RoomNet
from pyscript import document, window
from pyscript.ffi import create_proxy
from screens.lobby import Lobby, format_code, show_qr
from screens.room_common import MAX_VALUES, ONLINE, retry_signaling, set_address
from clock import left_after_reload, saved_turn
from screens.table import TableScreen, ai_budget_s, turn_ms
from screens.table_transport import TableTransport

CLOCK_KEY = "parlor.roomclock."  # + room code: the host's turn clock, {ply, seat, left} (a reload)


def absent_after():
    """?absent=SECONDS: shortens a game's two-minute away rules (tests and demos), else None."""
    try:
        value = float(query_param("absent"))
    except (TypeError, ValueError):
        return None
    return value if 0 <= value <= 3600 else None


async def load_host_room(code):
    """The room this browser hosts under `code` (IndexedDB), or None."""
    try:
        text = await window.parlorRooms.get(code)
        return json_guard.loads(text, max_values=MAX_VALUES) if text else None
    except Exception:
        return None


def expired_text(code):
    """Why a room cannot be opened any more (the signaling service's `no-room`)."""
    return ("Room {} is no longer open: rooms close after a day without activity, or an hour "
            "with nobody in them. Start a new room from the home screen.".format(format_code(code)))


def forget_host_room(code):
    """This browser no longer keeps room `code` it hosted (the home screen's Remove)."""
    window.parlorRooms.remove(code)
    window.localStorage.removeItem(CLOCK_KEY + code)


def read_answer(answer):
    """The room's answer as the browser parsed it (a JavaScript object, its outbox already
    sent: HostRoom.send_out), as Python data but for its outbox (left out) and its saved room
    (left as the browser holds it, for HostRoom.save): MicroPython parses what this page reads
    (its snapshot and the lobby), not the guests' messages and the whole room."""
    saved = answer.saved if window.Reflect.has(answer, "saved") else None
    window.Reflect.deleteProperty(answer, "outbox")
    window.Reflect.deleteProperty(answer, "saved")
    data = json.loads(window.JSON.stringify(answer))
    data["saved"] = saved
    return data


class HostTransport(TableTransport):
    """The table of the room this page hosts: the host's own moves, the computers' and the
    clocks' go to the room in the engine as events, and the engine's answer says what to send
    the guests. No undo online; the host pauses and restarts for everyone."""

    online = "host"
    undo = False
    leave_label = "Leave"

    def __init__(self, room):
        self.room = room

    def ready(self):
        return self.room.app.engine.ready

    def act(self, action):
        if action.get("type") == "rematch" and self.room.rules.get("fresh_room_rematch"):
            asyncio.create_task(self.room.fresh_rematch())  # Sanctuary: a fresh room and invitation
            return None
        return self.room.event(action, draw=False)  # the table draws the answer

    async def think(self, budget):
        return await self.room.app.engine.call("room_think", budget)

    def hints(self, snapshot):
        return self.room.hints

    async def hint(self, request):
        return await self.room.app.engine.call("room_hint", request)

    def set_hints(self, on):
        """The host turns hints on or off for everyone in the room (the guests' next state says so)."""
        asyncio.create_task(self.room.event({"type": "hints", "on": bool(on)}))

    can_replay = True

    async def replay(self, ply):
        return await self.room.app.engine.call("room_replay_view", ply)

    def may_time_out(self, snapshot, presence):
        """A person's turn runs out only while they are connected (a stand-in computer's never)."""
        seat = snapshot["to_move"]
        presence = presence or []
        return seat is not None and not snapshot["ai_turn"] and seat < len(presence) and presence[seat]

    def own_seat(self):
        return self.room.you_seat

    def save_clock(self, left_ms):
        """Keep the running turn's time left, so that a reload resumes it (not a fresh turn)."""
        snap = self.room.table.snapshot if self.room.table is not None else None
        if snap is not None and self.room.code:
            window.localStorage.setItem(CLOCK_KEY + self.room.code,
                                        json.dumps(saved_turn(snap["ply"], snap["to_move"], left_ms)))


class HostRoom:
    """The host's controller. A new room (`config`...) or, with `resume` (the record this page
    saved in IndexedDB: {game, code, host_key, host_name, room}), the same room after a reload:
    `resume` on the signaling socket, RoomHost.restore in the engine; guests reconnect by
    themselves (host-back) and rebind their seats by token."""

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
        self.hints = False  # hints at the table: off until the host allows them (the lobby says)
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
        self.lobby = Lobby(root, "host", on_start=self.start, on_leave=app.go_home, game=game)
        self.waiting = None  # what the lobby says while the engine starts ("…: starting the game engine")
        if resume and (resume.get("room") or {}).get("started"):
            show(self.lobby.start, False)  # a game in progress comes back at its table
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
            self.lobby.set_status("Reopening your room: connecting…")
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
            if not self.opened:
                if self.table is None:
                    self.waiting = ("Reopening your room" if self.resume else
                                    "The invitation is ready to send")
                    self.tick()
                self.app.engine.when_ready(lambda: asyncio.create_task(self.open()))
            elif self.table is None:  # back after lost_signaling: the guests reconnect by themselves
                self.lobby.set_status("Connected again.")
            else:
                self.app.toast("Connected again.")
            # after the room is open: the engine answers in order, and the seats come first
            self.app.engine.when_ready(lambda: asyncio.create_task(show_qr(self.app, self)))
        elif kind == "error":
            if message.get("code") != "no-room" or self.opened:  # else the lobby says why
                self.app.toast(str(message.get("message", "Signaling error")))
            if message.get("code") in ("bad-key", "no-room") and self.opened:
                self.given_up = True  # back too late: taken over, or expired
                self.app.toast("This room is no longer yours: another participant took it over, "
                               "or it expired.")
            if message.get("code") in ("bad-key", "no-room") and not self.opened:
                # the room expired, or another participant took it over: it is not ours any more
                set_address()
                self.waiting = None
                if message["code"] == "bad-key":  # join it as a guest, back into the old seat
                    forget_host_room(self.code)
                    self.app.join_room(self.code, reclaim=None if self.you_seat is None else
                                       {"seat": self.you_seat, "name": self.name})
                else:  # kept on the home screen as expired, until removed there
                    self.given_up = True
                    if self.resume and not self.resume.get("replica"):
                        self.resume["expired"] = True
                        window.parlorRooms.put(self.code, json.dumps(self.resume))
                    self.lobby.fail("This room has closed", expired_text(self.code))
        elif kind == "closed" and not self.closed:
            self.lost_signaling()

    def tick(self):
        """While the engine starts (App.tick, a few times a second): the lobby's one status says
        so, with the seconds, beside what the room is doing."""
        engine = self.app.engine
        if self.waiting is None or self.opened or self.closed or self.table is not None:
            return
        if engine.ready:
            self.lobby.set_status(self.waiting + ": opening it…")
        elif not engine.failed and not engine.stopped:
            self.lobby.set_status("{}: starting the game engine… {:.0f} s".format(
                self.waiting, engine.elapsed_s()))

    def lost_signaling(self):
        """The signaling socket closed under the host (a network change, the service restarted):
        say so where it stays, and try again, backing off to RECONNECT_MAX_S — with the host key
        once the room exists (the guests come back as after a reload), else the create again."""
        if not self.given_up:
            self.waiting = None  # the lobby says why, not the engine's start (back with "resumed")
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
            config = dict(self.config)
            hints = config.pop("hints", False) is True  # the room setup's Allow hints
            answer = await self.app.engine.call("room_open", {
                "config": config, "host_seat": self.you_seat, "host_name": self.name,
                "code": self.code, "absent_after": absent_after(), "hints": hints})
        if not answer["ok"]:
            self.app.toast(answer["error"])
            return
        self.opened = True
        self.waiting = None
        self.apply(answer)
        queue, self.queue = self.queue, []
        for event in queue:
            await self.event(event)

    def on_open(self, peer):
        self.send_event({"type": "open", "peer": peer})

    def on_message(self, peer, text):
        # A guest's hint thinks as long as this page's computers do.
        self.send_event({"type": "recv", "peer": peer, "text": text, "budget": ai_budget_s()})

    def on_lost(self, peer):
        self.send_event({"type": "gone", "peer": peer})

    def send_event(self, event):
        if not self.opened:
            self.queue.append(event)
        else:
            asyncio.create_task(self.event(event))

    def event(self, event, draw=True):
        """Send `event` to the room in the engine now; await what this returns for the answer,
        applied (saved, drawn unless `draw` is False). Its messages go to the guests the moment
        it comes (send_out), before this page parses the rest."""
        if self.closed:
            return self._applied(None, draw)
        return self._applied(self.app.engine.call("room_event", event, first=self.send_out), draw)

    def send_out(self, answer):
        """An answer's messages to the guests (`answer` as the browser parsed it: a JavaScript
        object), sent as soon as it comes."""
        if self.closed or not window.Reflect.has(answer, "outbox"):  # none: the room is not open
            return
        for message in answer.outbox:
            self.net.send(message[0], message[1])

    async def _applied(self, pending, draw):
        if pending is None:
            return None
        answer = read_answer(await pending)
        self.apply(answer, draw)
        return answer

    def apply(self, answer, draw=True):
        if self.closed:
            return
        for peer, text in answer.get("outbox") or []:  # the guests first, then this page's save
            self.net.send(peer, text)
        if answer.get("saved") is not None and self.code and self.host_key:
            self.save(answer["saved"], answer)
        for peer in answer.get("close") or []:
            self.net.drop(peer)
        lobby = answer.get("lobby")
        if lobby is None:
            return
        self.you_seat = answer.get("host_seat")
        self.rules = lobby.get("rules") or {}
        self.hints = lobby.get("hints") is True
        left = None
        if lobby["started"] and self.table is None:
            self.lobby.close()
            left = self.clock_left(answer["snapshot"])
            self.table = TableScreen(self.app, self.root, self.game, ONLINE, self.seat_count,
                                     HostTransport(self))
            self.app.table = self.table
            draw = True
        if self.table is not None:
            if draw:  # else the table draws the answer to its own action
                self.table.draw(answer["snapshot"], left)
            self.check_in(answer["snapshot"].get("stand_in_in_s"))
        else:
            self.lobby.draw(self.game, lobby, self.you_seat)

    def clock_left(self, snapshot):
        """After a reload, the time the turn to move had left then (None: a full turn)."""
        length = turn_ms(snapshot.get("turn_s"))
        if not self.resume or length is None:
            return None
        try:
            kept = json_guard.loads(window.localStorage.getItem(CLOCK_KEY + self.code) or "null")
        except Exception:
            return None
        return left_after_reload(kept, snapshot["ply"], snapshot["to_move"], length)

    def save(self, room, answer):
        """Keep the room in IndexedDB after every change (a reload, or the home screen's list of
        rooms, resumes it), with what that list shows (room_list.py)."""
        record = {"game": self.game["id"], "code": self.code, "host_key": self.host_key,
                  "host_name": self.name}
        record.update(room_list.host_summary(answer.get("snapshot"), answer.get("lobby"),
                                             room_list.iso_ms(str(window.Date.new().toISOString()))))
        # The room as the engine wrote it, spliced in as text (the browser's, if it parsed it).
        room_text = json.dumps(room) if isinstance(room, dict) else window.JSON.stringify(room)
        try:
            window.parlorRooms.put(self.code, json.dumps(record)[:-1] + ', "room": ' + room_text + "}")
        except Exception as err:
            window.console.warn("room save:", str(err))

    # the host's own actions
    def start(self):
        asyncio.create_task(self._start())

    async def _start(self):
        answer = await self.event({"type": "start"})
        if answer and not answer["ok"]:
            self.app.toast(answer["error"])

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
            forget_host_room(old_code)

        app.close()
        config = dict(answer["config"])
        config["hints"] = self.hints  # the fresh room keeps this one's hints setting
        app.room = HostRoom(app, app.screen, self.game, config, answer["host_seat"],
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


"""A guest's online room: the page draws the state the host sends and sends intents (hello,
take, move) over its data channel; the table's transport is the host (GuestTransport). When the
host is gone for long enough, a guest may take the room over and become its host.

A guest's page does not wait for its engine worker: the lobby and the table are the host's
states drawn by the page's own code. The worker (index.html kept it for later) starts when the
page is idle after the room is shown, at once when the host goes away (a takeover may follow),
and the takeover waits for it if it is not up yet. The host's room and the table are imported
when first needed. See docs/online.md ("Rooms in the page", "Takeover").
"""

import asyncio
import json

import json_guard
import room_list
from catalog import game as catalog_game
from dom import button, el, show
from net.room_link import RoomNet
from pyscript import document, window
from pyscript.ffi import create_proxy
from screens.lobby import NAME_KEY, Lobby, format_code, invite_link, show_qr
from screens.room_common import MAX_VALUES, ONLINE, retry_signaling, set_address
from screens.table_transport import TableTransport

TOKEN_KEY = "parlor.room."  # + room code: {"seat", "token", "name"} of this browser's seat
ENGINE_AFTER_MS = 5000  # after the room is first shown, the engine starts once the page is idle


def room_code(text):
    """A room code from untrusted text: letters and digits, at most 40."""
    return "".join(ch for ch in str(text).upper() if ch.isalpha() or ch.isdigit())[:40]


def load_json(key):
    try:
        text = window.localStorage.getItem(key)
        return json_guard.loads(text) if text else None
    except Exception:
        return None


class GuestTransport(TableTransport):
    """A guest's table: the host runs it (clocks, computers, pause, rematch); this page sends
    its own moves, with its seat token, over the data channel and draws the states the host
    sends back."""

    online = "guest"
    undo = False
    runs_table = False
    leave_label = "Leave"

    def __init__(self, room):
        self.room = room

    def ready(self):
        return True  # nothing to wait for here: the host answers

    def act(self, action):
        room = self.room
        if action.get("type") == "move" and room.mine.get("token"):
            room.net.send_host(json.dumps({"v": 1, "type": "move", "move": action["move"],
                                           "ply": action["ply"], "token": room.mine["token"]}))
        return None  # the host's next state redraws the table

    def own_seat(self):
        return self.room.you_seat

    def hints(self, snapshot):
        return ((self.room.replica or {}).get("lobby") or {}).get("hints") is True

    async def hint(self, request):
        """Ask the host (it answers this guest only, with a hint message, or an error)."""
        room = self.room
        if not room.mine.get("token"):
            return {"ok": False, "error": "Take a seat first.", "code": "turn"}
        room.net.send_host(json.dumps({"v": 1, "type": "hint", "ply": request["ply"],
                                       "token": room.mine["token"]}))
        return None

    def presence(self, snapshot):
        presence = list(snapshot.get("presence") or [])
        away = self.room.away_host_seat()
        if away is not None and away < len(presence):
            presence[away] = False  # its own last state still said "here"
        return presence

    def on_hold(self, snapshot):
        if self.room.host_away and not snapshot["is_over"]:
            return "The host is away: waiting for them"  # no host to take a move
        return None

    def open_seats(self, snapshot):
        """A guest who watches may take a person's seat nobody holds, mid-game too (the old
        host's seat after a takeover: without it that seat's turn would wait for ever)."""
        if self.room.you_seat is not None or snapshot["is_over"]:
            return ()
        seats = ((self.room.replica or {}).get("lobby") or {}).get("seats") or []
        return [index for index, seat in enumerate(seats)
                if seat.get("kind") == "human" and not seat.get("taken")]

    def take(self, seat):
        self.room.take(seat, window.localStorage.getItem(NAME_KEY) or "")


class GuestRoom:
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
        self.shown = False  # the host's first state was drawn (the lobby or the table)
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
        # The QR code (to pass the invitation on) comes from the engine: once it is up, never
        # starting it for that.
        app.engine.when_ready(lambda: asyncio.create_task(show_qr(app, self)), launch=False)
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
            self.remember(expired=True)
        elif kind == "error" and message.get("code") in ("no-room", "room-full") and self.table is None:
            self.given_up = True  # a wrong or expired code, or a full room: only why, and home
            if message["code"] == "no-room":
                self.remember(expired=True)
                reason = ("No room has the code {}: it may be mistyped, or the room has closed "
                          "(rooms close after a day without activity, or an hour with nobody in "
                          "them). Ask the host for a new invitation.".format(format_code(self.code)))
            else:
                reason = str(message.get("message") or "This room is full.")
            self.lobby.fail("This room cannot be opened", reason)
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
        self.app.engine.launch()  # a takeover may follow: it needs this page's engine
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
        """claim-host won: this page becomes the room's host, built from its replica (in its
        engine, which the host's room waits for, saying so, if it is not up yet)."""
        from screens.host_room import HostRoom
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
            if self.table is not None:
                self.table.hint_refused()  # a hint asked is answered by this refusal
            self.app.toast(str(message.get("message", "Refused")))
        elif kind == "hint" and self.table is not None:
            message["ok"] = True
            self.table.got_hint(message)  # checked there, shown if still this turn
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
        document.body.dataset.room = "seated" if self.you_seat is not None else "watching"
        self.take_back(lobby)
        if lobby["started"] and self.table is None:
            from screens.table import TableScreen
            self.lobby.close()
            self.table = TableScreen(self.app, self.root, self.game, ONLINE, self.seat_count,
                                     GuestTransport(self))
            self.app.table = self.table
        if self.table is not None:
            self.table.draw(snap)
        else:
            self.lobby.draw(self.game, lobby, self.you_seat)
        asyncio.create_task(self.remember_later(snap, lobby))  # the move is painted first
        if not self.shown:  # the host's first state is drawn: the engine may start now
            self.shown = True
            window.performance.mark("parlor-room-shown")
            self.app.engine.launch_when_idle(ENGINE_AFTER_MS)

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

    async def remember_later(self, snap, lobby):
        """`remember`, in a task after the one that drew the state: the browser may paint between."""
        self.remember(snap, lobby)

    def remember(self, snap=None, lobby=None, expired=False):
        """Keep this browser's seat (its token) with what the home screen lists of the room:
        the game, the seats, finished or not, when it was last seen (room_list.py)."""
        if not self.mine.get("token"):
            return  # only a seat is rejoined; a spectator keeps nothing
        if snap is not None:
            self.mine.update(room_list.guest_summary(
                snap, lobby, room_list.iso_ms(str(window.Date.new().toISOString()))))
        if expired:
            self.mine["expired"] = True
        window.localStorage.setItem(self.key, json.dumps(self.mine))

    def forget(self):
        self.mine = {}
        window.localStorage.removeItem(self.key)

    def take(self, seat, name):
        name = name.strip()[:24]
        window.localStorage.setItem(NAME_KEY, name)
        self.net.send_host(json.dumps({"v": 1, "type": "take", "seat": seat, "name": name}))

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

"""The lobby of an online room, the host's and a guest's: the room code, the invite link with
Copy link and its QR code, the seats with who is connected, Take (a guest) and Start (the host).
One status line says where the room is (the page's own engine status is hidden in a room); a
room that cannot be opened shows only why, and the way home."""

import asyncio

from catalog import SEAT_MARKS, seat_colours
from dom import button, el, show
from pyscript import window
from room_list import format_code
from screens.table_seats import controller, paint_colours

NAME_KEY = "parlor.name"  # the name this browser last gave in a room


def invite_link(code):
    loc = window.location
    return loc.origin + loc.pathname + "?room=" + code


def text_input(parent, label, value, name):
    wrap = el("label", "field", parent=parent)
    el("span", None, label, wrap)
    node = el("input", None, parent=wrap, name=name, maxlength="24", autocomplete="nickname")
    node.value = value or ""
    return node


async def show_qr(app, screen):
    """Ask the engine for the invite link's QR code and show it in `screen`'s lobby."""
    try:
        answer = await app.engine.call("qr_svg", invite_link(screen.code))
    except Exception as err:
        window.console.warn("qr:", str(err))
        return
    if answer.get("ok") and not screen.closed and screen.table is None:
        screen.lobby.set_qr(answer["svg"])


def lobby_title(game):
    return "Online room · " + game["title"] if game else "Online room"


class Lobby:
    def __init__(self, root, role, on_take=None, on_start=None, on_leave=None, game=None):
        self.role = role
        self.on_take = on_take
        self.on_leave = on_leave
        self.game = game
        self.root = el("section", "card lobby", parent=root, aria_label="Room lobby", data_role=role)
        self.title = el("h2", None, lobby_title(game), self.root)
        self.code = el("p", "room-code", "", self.root)
        el("p", "invite-words", "Send this invitation to your friends.", self.root)
        invite = el("p", "invite", parent=self.root)
        self.link = el("a", "invite-link", "", invite)
        self.copy = button(invite, "Copy link", self.copy_link, "btn small copy-link")
        show(self.copy, False)
        self.copied = el("span", "copied", "", invite, role="status")
        self.qr = el("div", "qr", parent=self.root, aria_label="QR code of the invite link")
        show(self.qr, False)
        self.seats = el("ol", "lobby-seats", parent=self.root, aria_label="Seats")
        self.name = None
        if role == "guest":
            self.name = text_input(self.root, "Your name", window.localStorage.getItem(NAME_KEY), "name")
        self.status = el("p", "lobby-status", "Connecting…", self.root, role="status", aria_live="polite")
        self.room_rules = el("p", "room-rules", "", self.root)  # the game's room rules, if it has any
        show(self.room_rules, False)
        self.hints = el("p", "room-hints-said", "", self.root)  # whether the host allows hints
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
        asyncio.create_task(self._copy())

    async def _copy(self):
        """Copy the invite link, and say that it was copied (or that it could not be: the link
        is there to select)."""
        try:
            await window.navigator.clipboard.writeText(self.link.textContent)
            said = "Link copied"
        except Exception:
            said = "Could not copy: select the link and copy it"
        self.copied.textContent = said  # stays: a confirmation read late is still true

    def fail(self, heading, reason):
        """The room cannot be opened (a wrong or expired code, a full room): only why, and the
        way home; no invitation, no seats, no name field."""
        self.root.replaceChildren()
        self.root.dataset.failed = "1"
        el("h2", None, heading, self.root)
        el("p", "room-failed", reason, self.root, role="alert")
        bar = el("div", "controls", parent=self.root)
        button(bar, "Home", self.on_leave, "btn primary go-home").focus()

    def set_status(self, text):
        self.status.textContent = text

    def draw(self, game, lobby, you_seat):
        self.game = game
        self.root.dataset.game = game["id"]
        self.title.textContent = lobby_title(game)
        self.room_rules.textContent = game.get("room_rules", "")
        show(self.room_rules, bool(game.get("room_rules")))
        self.hints.textContent = ("Hints are on: the player to move may ask what the computer would play."
                                  if lobby.get("hints") else "Hints are off.")
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


"""Setting up an online room (the host): every seat a person (an open seat) or a computer
level, the table size and board where the game has them, the host's own seat or Only watch,
hints at the table (off by default; the host may switch them in the game too), and a name;
Create room opens it (app.host_room)."""

from catalog import LEVELS, seat_colours
from dom import button, el, on, select, show
from pyscript import window
from screens.lobby import NAME_KEY, text_input


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
            self.mode_select = select(options, game.get("modes_label", "Players"),  # the card's word
                                      [(m["id"], m["title"] + " · " + m["hint"]) for m in seat_modes],
                                      seat_modes[0]["id"], "mode")
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
        self.hints = select(options, "Hints", [("off", "Off"), ("on", "On")],
                            "off", "hints")
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
                  "options": options,  # the engine draws the seed (room.py, SEED_RANGE)
                  "hints": self.hints.value == "on"}  # HostRoom.open passes it to the room
        name = self.name.value.strip()[:24]
        window.localStorage.setItem(NAME_KEY, name)
        self.app.host_room(self.game, config, you, name or "Host")

    def close(self):
        self.root.remove()


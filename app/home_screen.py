"""The home screen: the games, and for each its modes, levels and board layouts.

Usable at once, before the engine has started: choosing a table needs no Python engine, and
the table shows the engine's progress until it is up.
"""

from catalog import GAMES, LEVELS
from dom import button, el, on, select, show


class HomeScreen:
    def __init__(self, app, root, saved):
        self.app = app
        self.root = el("section", "home", parent=root, aria_label="Games")
        if saved and not saved["snapshot"]["is_over"]:
            card = el("div", "card resume", parent=self.root)
            el("h2", None, "Your game is waiting", card)
            el("p", None, "Pick up where you left off.", card)
            button(card, "Continue", lambda: app.resume(saved), "btn primary")
        for game in GAMES:
            card = el("article", "card game", parent=self.root, data_game=game["id"])
            el("h2", None, game["title"], card)
            el("p", "blurb", game["blurb"], card)
            modes = el("div", "modes", parent=card, role="radiogroup", aria_label="Mode")
            options = el("div", "options", parent=card)
            if game["setup"] == "presets":
                self.preset_setup(game, card, modes, options)
            else:
                self.seats_setup(game, card, modes, options)
            button(card, "Online room", lambda g=game: app.room_setup(g), "btn online-room")

    def mode_buttons(self, game, modes, choose):
        """Radio buttons for the game's modes; choose(mode) runs on a tap."""
        buttons = {}

        def pick(mode):
            for key, node in buttons.items():
                node.setAttribute("aria-checked", "true" if key == mode["id"] else "false")
            choose(mode)

        for mode in game["modes"]:
            node = el("button", "mode", mode["title"], modes, type="button", role="radio",
                      data_mode=mode["id"])
            on(node, "click", lambda event, m=mode: pick(m))
            buttons[mode["id"]] = node
        pick(game["modes"][0])

    def seats_setup(self, game, card, modes, options):
        """A person or a computer level for every seat, then the mode (seat count, teams)."""
        controllers = [("human", "Person")] + LEVELS
        seats = [select(options, colour, controllers, "human" if i == 0 else "medium", "seat" + str(i))
                 for i, colour in enumerate(game["colours"])]
        hint = el("p", "hint", "", card)
        chosen = {}

        def choose(mode):
            chosen["mode"] = mode
            for index, node in enumerate(seats):
                show(node.parentElement, index < mode["seats"])
            hint.textContent = mode["hint"]

        self.mode_buttons(game, modes, choose)

        def start():
            mode = chosen["mode"]
            config_seats = []
            for node in seats[:mode["seats"]]:
                value = node.value
                config_seats.append({"kind": "human"} if value == "human" else {"kind": "ai", "level": value})
            config = {"game": game["id"], "variant": mode["variant"], "seats": config_seats, "options": {}}
            self.app.start_table(game, mode, config)

        button(card, "Start", start, "btn primary start")

    def preset_setup(self, game, card, modes, options):
        """Ataxx-style presets: Solo (you and a computer), Local (two people), Watch."""
        levels = list(LEVELS)
        you = select(options, "You play", [("0", game["colours"][0] + " (moves first)"),
                                           ("1", game["colours"][1])], "0", "seat")
        level = select(options, "Computer", levels, "medium", "level")
        first = select(options, game["colours"][0] + " computer", levels, "hard", "level0")
        second = select(options, game["colours"][1] + " computer", levels, "medium", "level1")
        layout = select(options, "Board", [(name, name) for name in game["layouts"]],
                        game["layouts"][0], "layout")
        hint = el("p", "hint", "", card)

        chosen = {}

        def choose(mode):
            chosen["mode"] = mode
            mode_id = mode["id"]
            show(you.parentElement, mode_id == "solo")
            show(level.parentElement, mode_id == "solo")
            show(first.parentElement, mode_id == "watch")
            show(second.parentElement, mode_id == "watch")
            hint.textContent = mode["hint"]

        self.mode_buttons(game, modes, choose)

        def start():
            mode = chosen["mode"]
            if mode["id"] == "solo":
                human = int(you.value)
                seats = [{"kind": "ai", "level": level.value}] * 2
                seats[human] = {"kind": "human", "name": "You"}
            elif mode["id"] == "watch":
                seats = [{"kind": "ai", "level": first.value}, {"kind": "ai", "level": second.value}]
            else:
                seats = [{"kind": "human"}, {"kind": "human"}]
            config = {"game": game["id"], "variant": mode["variant"], "seats": seats,
                      "options": {"layout": layout.value}}
            self.app.start_table(game, mode, config)

        button(card, "Start", start, "btn primary start")

    def close(self):
        self.root.remove()

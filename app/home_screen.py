"""The home screen: the games, and for each its modes, levels and board layouts.

Usable at once, before the engine has started: choosing a table needs no Python engine, and
the table shows the engine's progress until it is up.
"""

from catalog import GAMES, LEVELS
from dom import button, el, on, show


def select(parent, label, options, value, name):
    """A labelled <select> of (value, text) options."""
    wrap = el("label", "field", parent=parent)
    el("span", None, label, wrap)
    node = el("select", None, parent=wrap, name=name)
    for key, text in options:
        option = el("option", None, text, node, value=key)
        if key == value:
            option.setAttribute("selected", "")
    return node


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
            self.game_card(game)

    def game_card(self, game):
        card = el("article", "card game", parent=self.root, data_game=game["id"])
        el("h2", None, game["title"], card)
        el("p", "blurb", game["blurb"], card)
        modes = el("div", "modes", parent=card, role="radiogroup", aria_label="Mode")
        options = el("div", "options", parent=card)
        state = {"mode": game["modes"][0]["id"]}
        buttons = {}
        levels = [(key, title) for key, title in LEVELS]
        you = select(options, "You play", [("0", game["colours"][0] + " (moves first)"),
                                           ("1", game["colours"][1])], "0", "seat")
        level = select(options, "Computer", levels, "medium", "level")
        first = select(options, game["colours"][0] + " computer", levels, "hard", "level0")
        second = select(options, game["colours"][1] + " computer", levels, "medium", "level1")
        layout = select(options, "Board", [(name, name) for name in game["layouts"]],
                        game["layouts"][0], "layout")
        hint = el("p", "hint", "", card)

        def choose(mode_id):
            state["mode"] = mode_id
            mode = [m for m in game["modes"] if m["id"] == mode_id][0]
            for key, node in buttons.items():
                node.setAttribute("aria-checked", "true" if key == mode_id else "false")
            show(you.parentElement, mode_id == "solo")
            show(level.parentElement, mode_id == "solo")
            show(first.parentElement, mode_id == "watch")
            show(second.parentElement, mode_id == "watch")
            hint.textContent = mode["hint"]

        for mode in game["modes"]:
            node = el("button", "mode", mode["title"], modes, type="button", role="radio",
                      data_mode=mode["id"])
            on(node, "click", lambda event, m=mode["id"]: choose(m))
            buttons[mode["id"]] = node
        choose(state["mode"])

        def start():
            mode = [m for m in game["modes"] if m["id"] == state["mode"]][0]
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

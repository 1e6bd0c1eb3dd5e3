"""The home screen: the games, and for each its modes, levels and board layouts.

Its markup comes from home_form.py: at the first start it is already in the page (the build
wrote it into index.html), later it is written again. This screen adopts it: the resume card,
and the Start and Online room buttons. Usable before the engine has started: choosing a table
needs no Python engine, and the table shows the engine's progress until it is up.
"""

from catalog import GAMES, game as catalog_game, mode as catalog_mode
from dom import button, el, on
from home_form import home_html, table_config


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

    def start(self, game, card):
        """Start the table the card's choices describe."""
        mode_id = card.querySelector(".mode input:checked").value
        values = {}
        for node in card.querySelectorAll("select"):
            values[node.name] = node.value
        mode, config = table_config(game, mode_id, values)
        self.app.start_table(game, mode, config)

    def close(self):
        self.root.remove()

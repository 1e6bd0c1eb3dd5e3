"""The home screen as an HTML form: its markup, the CSS that shows each mode's options, and the
table config a set of choices makes.

Pure Python (no pyscript), so the build runs it under CPython and writes the markup into
index.html: the home screen is painted, and its modes and options work (plain HTML and CSS),
before any Python has started in the page. app/page/screens/home.py adopts that markup and makes the
buttons work (docs/architecture.md, "Start-up"). The markup is made from the catalog only, never
from anything a person typed, and every text is escaped all the same.
"""

from catalog import GAMES, LEVELS, seat_colours


def escape(text):
    """Text made safe for HTML content and double-quoted attributes."""
    return (str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))


def _attrs(attrs):
    return "".join(' {}="{}"'.format(key, escape(value)) for key, value in attrs)


def _select(label, name, options, value, modes=None):
    """A labelled <select>; shown only in `modes` (mode ids) when given. `label` is a text, or
    a list of (text, mode ids) when it depends on the mode."""
    shown = [("data-modes", " ".join(modes))] if modes is not None else []
    items = "".join('<option value="{}"{}>{}</option>'.format(
        escape(key), " selected" if key == value else "", escape(text)) for key, text in options)
    if isinstance(label, str):
        label = escape(label)
    else:
        label = "".join('<span{}>{}</span>'.format(_attrs([("data-modes", " ".join(ids))]), escape(text))
                        for text, ids in label)
    return '<label class="field"{}><span>{}</span><select name="{}">{}</select></label>'.format(
        _attrs(shown), label, escape(name), items)


def _seat_label(game, index):
    """Seat `index`'s colour: a text, or (colour, mode ids) pairs where it depends on the mode."""
    by_colour = {}
    for mode in game["modes"]:
        if index < mode["seats"]:
            by_colour.setdefault(seat_colours(game, mode["seats"])[index], []).append(mode["id"])
    return next(iter(by_colour)) if len(by_colour) == 1 else list(by_colour.items())


CLOCK_CHOICES = (0, 15, 30, 60, 120)
"""Turn clock lengths offered on the card of a game with a turn clock, in seconds (0: off)."""


def clock_text(seconds):
    return "Off" if not seconds else "{} s".format(seconds) if seconds < 60 else "{} min".format(seconds // 60)


def _clock(game):
    """The turn clock's <select> of a game that has one (its GameInfo.turn_seconds: the default)."""
    seconds = game.get("turn_seconds")
    if not seconds:
        return []
    choices = sorted(set(CLOCK_CHOICES) | {seconds})
    return [_select("Turn clock", "clock", [(str(s), clock_text(s)) for s in choices], str(seconds))]


def _options(game):
    """The <select>s of a game's card: presets (Ataxx) or one per seat; the turn clock."""
    return _seat_options(game) + _clock(game)


def _seat_options(game):
    colours = game["colours"]
    if game["setup"] == "presets":
        return [
            _select("You play", "seat", [("0", colours[0] + " (moves first)"), ("1", colours[1])],
                    "0", ["solo"]),
            _select("Computer", "level", LEVELS, "medium", ["solo"]),
            _select(colours[0] + " computer", "level0", LEVELS, "hard", ["watch"]),
            _select(colours[1] + " computer", "level1", LEVELS, "medium", ["watch"]),
            _select("Board", "layout", [(name, name) for name in game["layouts"]], game["layouts"][0]),
        ]
    controllers = [("human", "Person")] + LEVELS
    return [_select(_seat_label(game, index), "seat" + str(index), controllers,
                    "human" if index == 0 else "medium",
                    [m["id"] for m in game["modes"] if index < m["seats"]])
            for index in range(len(colours))]


MODES_LAYOUTS = {"row": "", "wrap": " wrap", "pairs": " pairs"}
"""How a card lays out its mode buttons (its "modes_layout"; style.css): one row; rows that wrap
(many short modes); long mode names: two by two on a phone, else one row sized to the names."""


def game_card(game):
    """One game's card: title, blurb, mode radios, options, a hint per mode, Start, Online room,
    and its rules (folded)."""
    gid = game["id"]
    modes = "".join(
        '<label class="mode"{}><input type="radio" name="mode-{}" value="{}"{}><span>{}</span></label>'.format(
            _attrs([("data-mode", m["id"])]), escape(gid), escape(m["id"]),
            " checked" if i == 0 else "", escape(m["title"]))
        for i, m in enumerate(game["modes"]))
    hints = "".join('<p class="hint" data-modes="{}">{}</p>'.format(escape(m["id"]), escape(m["hint"]))
                    for m in game["modes"])
    # The rules, readable before starting (a <details>: it opens without any Python).
    rules = '<details class="home-rules"><summary>Rules of {}</summary><ol>{}</ol></details>'.format(
        escape(game["title"]), "".join("<li>{}</li>".format(escape(line)) for line in game["rules"]))
    return ('<article class="card game" data-game="{gid}" data-mode="{first}"><h2>{title}</h2><p class="blurb">{blurb}</p>'
            '<div class="modes{layout}" role="radiogroup" aria-label="{modes_label}">{modes}</div>'
            '<div class="options">{options}</div>{hints}'
            '<button type="button" class="btn primary start" data-action="start">Start</button>'
            '<button type="button" class="btn online-room" data-action="room">Online room</button>'
            '{rules}</article>').format(gid=escape(gid), first=escape(game["modes"][0]["id"]),
                                        title=escape(game["title"]), blurb=escape(game["blurb"]),
                                        modes=modes, modes_label=escape(game.get("modes_label", "Mode")),
                                        layout=MODES_LAYOUTS[game.get("modes_layout", "row")],
                                        options="".join(_options(game)), hints=hints, rules=rules)


def home_html():
    """The home screen's markup: a card per game, each with its first mode chosen."""
    return '<section class="home" aria-label="Games">{}</section>'.format(
        "".join(game_card(game) for game in GAMES))


def home_css():
    """For every mode id: on a card where that mode is chosen (its data-mode, which index.html's
    script keeps equal to the checked radio), hide what other modes show."""
    ids = []
    for game in GAMES:
        ids += [m["id"] for m in game["modes"] if m["id"] not in ids]
    return "\n".join(
        '.card[data-mode="{0}"] [data-modes]:not([data-modes~="{0}"]) '
        '{{ display: none; }}'.format(mode_id) for mode_id in ids)


def table_config(game, mode_id, values):
    """The table config for `game` from the chosen mode and the <select> values by name (the
    seed is added by the page; "clock": the turn clock's seconds, in a game with one). Raises
    KeyError for a mode the game does not have, ValueError for a clock that is no number."""
    mode = [m for m in game["modes"] if m["id"] == mode_id]
    if not mode:
        raise KeyError(mode_id)
    mode = mode[0]
    if game["setup"] == "presets":
        options = {"layout": values["layout"]}
        if mode_id == "solo":
            seats = [{"kind": "ai", "level": values["level"]}] * 2
            seats[int(values["seat"])] = {"kind": "human", "name": "You"}
        elif mode_id == "watch":
            seats = [{"kind": "ai", "level": values["level0"]}, {"kind": "ai", "level": values["level1"]}]
        else:
            seats = [{"kind": "human"}, {"kind": "human"}]
    else:
        options = {}
        seats = []
        for index in range(mode["seats"]):
            value = values["seat" + str(index)]
            seats.append({"kind": "human"} if value == "human" else {"kind": "ai", "level": value})
    config = {"game": game["id"], "variant": mode["variant"], "seats": seats, "options": options}
    if game.get("turn_seconds") and values.get("clock"):
        config["turn_s"] = int(values["clock"])  # the turn clock chosen (0: off)
    return mode, config

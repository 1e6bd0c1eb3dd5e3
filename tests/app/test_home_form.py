"""The home screen's markup (written into index.html by the build) and the tables its choices make."""

import re
from html.parser import HTMLParser

import pytest
from catalog import GAMES, game
from home_form import escape, home_css, home_html, table_config
from local_table import Table


class Cards(HTMLParser):
    """Per game card: its mode radios (value, checked) and, per <select> or hint, its data-modes."""

    def __init__(self):
        super().__init__()
        self.cards = {}
        self.card = None
        self.field_modes = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "article":
            self.card = self.cards[attrs["data-game"]] = {"modes": [], "selects": {}, "hints": [], "actions": []}
        elif attrs.get("role") == "radiogroup":
            self.card["modes_label"] = attrs["aria-label"]
        elif tag == "input" and attrs.get("type") == "radio":
            self.card["modes"].append((attrs["value"], "checked" in attrs))
        elif tag == "label" and attrs.get("class") == "field":
            self.field_modes = attrs.get("data-modes")
        elif tag == "select":
            self.card["selects"][attrs["name"]] = self.field_modes
        elif tag == "p" and attrs.get("class") == "hint":
            self.card["hints"].append(attrs["data-modes"])
        elif tag == "button":
            self.card["actions"].append(attrs["data-action"])


def parsed():
    parser = Cards()
    parser.feed(home_html())
    return parser.cards


def modes_showing(card, name):
    shown = card["selects"][name]
    return None if shown is None else shown.split()


def test_every_game_has_a_card_with_its_modes_the_first_chosen():
    cards = parsed()
    assert list(cards) == [game["id"] for game in GAMES]
    for game in GAMES:
        card = cards[game["id"]]
        assert card["modes"] == [(m["id"], i == 0) for i, m in enumerate(game["modes"])]
        assert card["hints"] == [m["id"] for m in game["modes"]]
        assert card["actions"] == ["start", "room"]
    # A screen reader names each group of mode radios by what its choices count.
    assert [cards[g]["modes_label"] for g in ("ataxx", "runners", "sanctuary")] == ["Mode", "Players", "Teams"]


def test_each_seat_shows_only_in_the_modes_that_have_it():
    runners = parsed()["runners"]
    assert modes_showing(runners, "seat0") == ["2p", "3p", "4p", "2v2"]
    assert modes_showing(runners, "seat2") == ["3p", "4p", "2v2"]
    assert modes_showing(runners, "seat3") == ["4p", "2v2"]
    ataxx = parsed()["ataxx"]
    assert modes_showing(ataxx, "level") == ["solo"]
    assert modes_showing(ataxx, "level1") == ["watch"]
    assert modes_showing(ataxx, "layout") is None  # every mode


class Labels(HTMLParser):
    """Per (game, select name): the label's texts, each with the data-modes of its <span>."""

    def __init__(self):
        super().__init__()
        self.labels, self.game, self.parts, self.modes = {}, None, None, None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "article":
            self.game = attrs["data-game"]
        elif tag == "label" and attrs.get("class") == "field":
            self.parts = []
        elif tag == "span" and self.parts is not None:
            self.modes = attrs.get("data-modes")
        elif tag == "select" and self.parts is not None:
            self.labels[self.game, attrs["name"]] = self.parts
            self.parts = None

    def handle_data(self, data):
        if self.parts is not None and data.strip():
            self.parts.append((data, self.modes))


def seat_label(game, name, mode):
    """The label a seat's <select> shows when `mode` is chosen."""
    parser = Labels()
    parser.feed(home_html())
    return "".join(text for text, modes in parser.labels[game, name] if modes is None or mode in modes.split())


def test_seats_are_named_by_their_colour_at_a_table_of_that_size():
    # Two Sanctuary teams sit opposite: Red and Yellow (the table says so too).
    assert [seat_label("sanctuary", "seat1", mode) for mode in ("2t", "3t", "4t")] == ["Yellow", "Blue", "Blue"]
    assert [seat_label("sanctuary", "seat2", mode) for mode in ("3t", "4t")] == ["Yellow", "Yellow"]
    assert seat_label("runners", "seat1", "2p") == "Blue" and seat_label("sanctuary", "seat0", "2t") == "Red"


def test_the_css_hides_other_modes_options_for_every_mode():
    css = home_css()
    for game in GAMES:
        for mode in game["modes"]:
            assert f'.card[data-mode="{mode["id"]}"] [data-modes]:not([data-modes~="{mode["id"]}"])' in css


def test_each_card_starts_with_its_first_mode_chosen_and_named_on_the_card():
    html = home_html()
    for game in GAMES:
        card = html[html.index(f'data-game="{game["id"]}"'):]
        card = card[:card.index("</article>")]
        first = game["modes"][0]["id"]
        assert card.startswith(f'data-game="{game["id"]}" data-mode="{first}">')
        assert f'value="{first}" checked>' in card and card.count(" checked>") == 1


def test_a_card_lays_out_its_modes_as_it_says():
    html = home_html()
    assert re.search(r'data-game="chains"[^>]*>.*?<div class="modes wrap"', html)
    assert re.search(r'data-game="gems"[^>]*>.*?<div class="modes pairs"', html)
    assert re.search(r'data-game="ataxx"[^>]*>.*?<div class="modes"', html)


def test_each_card_has_its_rules_folded_readable_before_starting():
    html = home_html()
    for game in GAMES:
        card = html[html.index(f'data-game="{game["id"]}"'):]
        card = card[:card.index("</article>")]
        assert f'<details class="home-rules"><summary>Rules of {escape(game["title"])}</summary>' in card
        assert card.count("<li>") == len(game["rules"]) and escape(game["rules"][0]) in card


def test_text_is_escaped():
    assert escape('<b class="x">&') == "&lt;b class=&quot;x&quot;&gt;&amp;"


def test_every_mode_of_every_game_starts_a_table():
    for game in GAMES:
        card = parsed()[game["id"]]
        values = {}
        for name in card["selects"]:
            values[name] = "easy" if name.startswith(("level", "seat")) and name != "seat" else "0"
        if "layout" in values:
            values["layout"] = game["layouts"][-1]
        for mode in game["modes"]:
            chosen, config = table_config(game, mode["id"], values)
            assert chosen is mode
            table = Table(dict(config, seed=1))
            seats = mode["seats"] if isinstance(mode["seats"], int) else len(mode["seats"])
            assert len(table.snapshot()["config"]["seats"]) == seats


def test_ataxx_presets_make_the_seats_chosen():
    ataxx = game("ataxx")
    values = {"seat": "1", "level": "hard", "level0": "easy", "level1": "medium", "layout": "Diamond"}
    _, solo = table_config(ataxx, "solo", values)
    assert solo["seats"] == [{"kind": "ai", "level": "hard"}, {"kind": "human", "name": "You"}]
    assert solo["variant"] == "solo" and solo["options"] == {"layout": "Diamond"}
    _, watch = table_config(ataxx, "watch", values)
    assert watch["seats"] == [{"kind": "ai", "level": "easy"}, {"kind": "ai", "level": "medium"}]
    _, local = table_config(ataxx, "local", values)
    assert local["seats"] == [{"kind": "human"}, {"kind": "human"}] and local["variant"] == "standard"


def test_a_game_with_a_turn_clock_sets_it_on_its_card():
    ataxx = game("ataxx")
    assert modes_showing(parsed()["ataxx"], "clock") is None  # every mode
    assert "clock" not in parsed()["runners"]["selects"]  # no clock in its rules: none offered
    assert '<option value="30" selected>30 s</option>' in home_html()  # the game's own, chosen
    assert '<option value="0">Off</option>' in home_html() and '<option value="120">2 min</option>' in home_html()
    values = {"seat": "0", "level": "easy", "layout": "Diamond"}
    for clock, turn_s in (("60", 60), ("0", None)):
        _, config = table_config(ataxx, "solo", dict(values, clock=clock))
        assert config["turn_s"] == int(clock) and Table(dict(config, seed=1)).snapshot()["turn_s"] == turn_s
    _, runners = table_config(game("runners"), "2p", {"seat0": "human", "seat1": "easy", "clock": "60"})
    assert "turn_s" not in runners


def test_seat_games_take_one_controller_per_seat_of_the_mode():
    runners = game("runners")
    values = {"seat0": "human", "seat1": "hard", "seat2": "human", "seat3": "easy"}
    _, three = table_config(runners, "3p", values)
    assert three["seats"] == [{"kind": "human"}, {"kind": "ai", "level": "hard"}, {"kind": "human"}]
    _, teams = table_config(runners, "2v2", values)
    assert teams["variant"] == "2v2" and len(teams["seats"]) == 4
    with pytest.raises(KeyError):
        table_config(runners, "solo", values)

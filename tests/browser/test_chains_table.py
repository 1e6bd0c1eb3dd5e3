"""Hex Chains at the table, in Chromium: computers play a 2×2 game to the end, and a rematch; a
person places pieces by taps on a phone (turn, flip, another way through the hex, Confirm); the
five-player obstacle phase by taps, then the quick start; placing by keyboard alone, Undo and a
reload; an online room of three devices."""

import re

import pytest
from tablekit import OVER, axe_violations, log, start, wait_engine

pytestmark = [pytest.mark.browser, pytest.mark.shared_page]

QUERY = "/?pace=0&budget=0.05"
PLACING = "document.querySelector('.chains .place-bar:not([hidden])') !== null"
HEX_XY = """([q, r]) => {
  // The window coordinates of hex (q, r)'s centre (pointy-top hexes of radius 10, as drawn),
  // the page scrolled first if it is out of sight (as a person scrolls to it).
  const svg = document.querySelector('.chains-board'), point = svg.createSVGPoint();
  point.x = Math.sqrt(3) * 10 * (q + r / 2); point.y = 15 * r;
  let seen = point.matrixTransform(svg.getScreenCTM());
  if (seen.y < 40 || seen.y > innerHeight - 40) {
    window.scrollBy(0, seen.y - innerHeight / 2);
    seen = point.matrixTransform(svg.getScreenCTM());
  }
  return [seen.x, seen.y];
}"""
MARKS = "●■▲◆★✚"
TRAY = ".tray-set:not([hidden]) .tray-piece"  # the pieces of the colour shown


def wait_moves(page, count, timeout=60_000):
    """Wait until the log holds at least `count` moves (computers may already be past it)."""
    page.wait_for_function(f"document.querySelectorAll('.move-log .mv').length >= {count}", timeout=timeout)


def tap_hex(page, q, r, touch=False):
    x, y = page.evaluate(HEX_XY, [q, r])
    if touch:
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)


def ghost(page):
    """The move the ghost would make and whether it fits (its class says)."""
    node = page.locator(".chains-board .ghost")
    return node.get_attribute("data-move"), "fits" in (node.get_attribute("class") or "").split()


def hex_class(page, q, r):
    return page.get_attribute(f".chains-board [data-hex='{q},{r}']", "class")


def cells_of(move):
    return [tuple(int(n) for n in cell.split(",")) for cell in move.split(":")[1].split(";")]


def test_computers_play_a_2x2_game_to_the_end(open_page, blocked):
    page = open_page(QUERY)
    wait_engine(page)
    start(page, "chains", "2x2", seat0="easy", seat1="medium")
    page.wait_for_function(OVER, timeout=180_000)
    title = page.inner_text(".result h3")
    assert re.fullmatch(r"(Red & Yellow wins|Orange & Green wins|Draw) · Red & Yellow \d+, Orange & Green \d+", title), title
    entries = log(page)
    assert 8 <= len(entries) <= 72
    # Every entry in words and in notation, each colour in turn order (a colour that is out is skipped).
    words = re.compile(r"(Red|Orange|Yellow|Green): ([a-zA-Z ]+) · c([0-3]):(-?\d+,-?\d+;)*-?\d+,-?\d+")
    assert all(words.fullmatch(e) for e in entries), entries[:3]
    assert [e.split(":")[0] for e in entries[:4]] == ["Red", "Orange", "Yellow", "Green"]
    # The board shows each placement in its colour and its mark; the latest is ringed.
    classes = page.eval_on_selector_all(".chains-board [data-hex]", "ns => Object.fromEntries(ns.map("
                                        "n => [n.dataset.hex, n.getAttribute('class')]))")
    hexes = 0
    for entry in entries:
        colour = int(re.search(r" · c(\d):", entry).group(1))
        for q, r in cells_of(entry.split(" · ")[1]):
            assert classes[f"{q},{r}"] == f"hx k{colour}"
            hexes += 1
    assert sum(1 for cls in classes.values() if cls.startswith("hx k")) == hexes
    marks = page.eval_on_selector_all(".chains-board .glyph", "ns => ns.map(n => n.getAttribute('class') + n.textContent)")
    assert len(marks) == hexes and all(m[-1] == MARKS[int(m[7])] for m in marks)
    assert page.get_attribute(".chains-board .last", "d").count("M") >= 3
    # Scores are hexes placed per player; the legend says placed and left per colour, all out.
    scores = [int(page.inner_text(f".seat-{s} .count")) for s in (0, 1)]
    assert title.endswith(f"Red & Yellow {scores[0]}, Orange & Green {scores[1]}") and sum(scores) == hexes
    legend = page.eval_on_selector_all(".chains-legend li", "ns => ns.map(n => n.textContent)")
    assert len(legend) == 4 and all(re.search(r"\d+ placed · \d+ left", text) and "out" in text for text in legend)
    assert page.inner_text(".seat-0 .name") == "Red & Yellow"
    # Rematch: the seats' settings move one place along (Red, who starts, is now Medium).
    page.click(".result button:text-is('Rematch')")
    page.wait_for_function("document.querySelector('.seat-0 .who').textContent === 'AI · Medium'")
    wait_moves(page, 1)
    assert log(page)[0].startswith("Red: ")
    assert page.console_errors == [] and blocked == []


def test_a_person_places_pieces_by_taps_on_a_phone(phone_page, server, blocked):
    page = phone_page
    page.set_viewport_size({"width": 390, "height": 844})
    page.console_errors = []
    page.on("pageerror", lambda e: page.console_errors.append(str(e)))
    page.goto(server.url + QUERY)
    wait_engine(page)
    start(page, "chains", "2x2", seat0="human", seat1="easy")
    page.wait_for_function(PLACING, timeout=30_000)
    assert "starting hex" in page.inner_text(".place-info")
    assert page.is_disabled(".place-bar button.confirm")
    # Red: the long five, tapped onto Red's starting hex (9,3): it lies along a way that fits.
    page.tap(f"{TRAY}[data-piece='5h']")
    tap_hex(page, 9, 3, touch=True)
    move, fits = ghost(page)
    assert fits and (9, 3) in cells_of(move) and "fits" in page.inner_text(".place-info")
    assert not page.is_disabled(".place-bar button.confirm")
    # Flip it: it no longer fits (Confirm is off); turn it, tap it again: the next way through.
    page.tap(".place-bar button.flip")
    flipped, fits = ghost(page)
    assert flipped != move and not fits and page.is_disabled(".place-bar button.confirm")
    page.tap(".place-bar button[aria-label^='Turn clockwise']")
    turned, _ = ghost(page)
    assert turned not in (move, flipped) and (9, 3) in cells_of(turned)
    ways = set()
    for _ in range(3):
        tap_hex(page, 9, 3, touch=True)  # a tap on the ghost: the next way it fits through the hex
        way, fits = ghost(page)
        assert fits and (9, 3) in cells_of(way)
        ways.add(way)
    assert len(ways) == 2  # the long five has two ways through Red's corner of the blue lines
    page.tap(".place-bar button.confirm")
    wait_moves(page, 2)
    assert log(page)[0] == "Red: long five · " + way
    assert all(hex_class(page, q, r) == "hx k0" for q, r in cells_of(way))
    # Yellow (also this person's): zoomed in, a tap on a piece, then on its starting hex; the
    # bar's piece turns at a tap, and the ghost follows.
    page.wait_for_function(PLACING, timeout=30_000)
    page.tap(".chains-tools button:text-is('Zoom in')")
    page.tap(".chains-tools button:text-is('Recenter')")
    page.tap(f"{TRAY}[data-piece='4c']")
    tap_hex(page, -9, -3, touch=True)
    first, fits = ghost(page)
    assert fits
    page.tap(".place-bar button.orient")
    second, _ = ghost(page)
    assert second != first and (-9, -3) in cells_of(second)
    while not ghost(page)[1]:
        page.tap(".place-bar button.next-fit")
    placed = ghost(page)[0]
    page.tap(".place-bar button.confirm")
    wait_moves(page, 4)
    assert log(page)[2] == "Yellow: diamond · " + placed
    assert page.console_errors == [] and blocked == []


def test_the_obstacle_phase_by_taps_then_the_quick_start(open_page, blocked):
    page = open_page(QUERY)
    wait_engine(page)
    start(page, "chains", "5p", seat0="human", seat1="easy", seat2="easy", seat3="easy", seat4="easy")
    # Three rounds of picks: a tap on one of Purple's pieces, then Pick.
    for round_ in range(3):
        page.wait_for_function(PLACING, timeout=30_000)
        assert page.inner_text(".table-meta").startswith("Obstacles: Red picks")
        piece = page.get_attribute(TRAY + ":not([disabled])", "data-piece")
        page.click(f"{TRAY}[data-piece='{piece}']")
        page.click(".place-bar button.confirm")
        wait_moves(page, 5 * round_ + 1)
        assert log(page)[5 * round_].startswith("Red picks the ")
    # Three rounds of obstacles: a piece of Red's picks, a tap on a free hex of the dashed ring.
    for round_ in range(3):
        page.wait_for_function(PLACING, timeout=30_000)
        assert page.inner_text(".table-meta").startswith("Obstacles: Red places one")
        page.click(TRAY + ":not([disabled])")
        ring = page.eval_on_selector_all(".chains-board .hx.r20", "ns => ns.map(n => n.dataset.hex)")
        for hex_ in ring:
            q, r = map(int, hex_.split(","))
            tap_hex(page, q, r)
            if ghost(page)[1]:
                break
        move, fits = ghost(page)
        assert fits and move.startswith("ob:")
        page.click(".place-bar button.confirm")
        wait_moves(page, 16 + 5 * round_)
        assert log(page)[15 + 5 * round_].startswith("Red: obstacle, the ")
        assert all(hex_class(page, q, r) == "hx k5" for q, r in cells_of(move))
    # The last obstacle is Blue's (seat 4): Blue places first.
    page.wait_for_function("document.querySelectorAll('.move-log .mv').length > 30", timeout=60_000)
    assert log(page)[30].startswith("Blue: ")
    purple = page.eval_on_selector_all(".chains-board .hx.k5", "ns => ns.length")
    assert purple == 72 - 6  # the 15 obstacles: Purple's pieces but the put-away 1, 2 and straight 3
    # The quick start: the ready-made obstacles are down and Red places first.
    page.click(".table button:text-is('New game'):visible")
    start(page, "chains", "5q", seat0="human", seat1="easy", seat2="easy", seat3="easy", seat4="easy")
    page.wait_for_function(PLACING, timeout=30_000)
    assert page.eval_on_selector_all(".chains-board .hx.k5", "ns => ns.length") == 66
    assert page.inner_text(".table-meta").startswith("Red ● to place")
    assert log(page) == []
    assert page.console_errors == [] and blocked == []


def test_placing_by_keyboard_alone_and_a_reload_restores_the_table(open_page, blocked):
    page = open_page(QUERY)
    wait_engine(page)
    start(page, "chains", "3p", seat0="human", seat1="easy", seat2="easy")
    page.wait_for_function(PLACING, timeout=30_000)
    page.focus(".chains-board")
    page.keyboard.press("p")  # the first piece with a place, put on the keyboard's hex: Red's start
    move, fits = ghost(page)
    assert move.startswith("c0:") and (5, 5) in cells_of(move) and fits
    page.keyboard.press("r")
    page.keyboard.press("f")
    page.keyboard.press("ArrowLeft")
    moved, _ = ghost(page)
    assert moved != move
    page.keyboard.press("Enter")  # it does not fit there: Enter finds it a place instead
    page.keyboard.press("Escape")
    assert ghost(page)[0] == ""
    assert axe_violations(page) == []  # the table, light and dark
    for _ in range(5):
        page.keyboard.press("p")  # the fifth piece with a place (the triangle)
    page.keyboard.press("ArrowRight")  # back onto the starting hex
    while not ghost(page)[1]:
        page.keyboard.press("n")
    placed = ghost(page)[0]
    page.keyboard.press("Enter")
    wait_moves(page, 3)
    assert log(page)[0].endswith(" · " + placed)
    # Red's second piece: L to a link point, P a piece, N until it fits, Enter.
    page.wait_for_function(PLACING, timeout=30_000)
    page.focus(".chains-board")
    page.keyboard.press("l")
    page.keyboard.press("p")
    while not ghost(page)[1]:
        page.keyboard.press("n")
    second = ghost(page)[0]
    page.keyboard.press("Enter")
    wait_moves(page, 6)
    assert log(page)[3].endswith(" · " + second)
    # Undo takes back Red's second piece and the computers' replies.
    page.wait_for_function(PLACING, timeout=30_000)
    page.click(".table button:text-is('Undo')")
    page.wait_for_function("document.querySelectorAll('.move-log .mv').length === 3")
    assert all(hex_class(page, q, r) == "hx" for q, r in cells_of(second))
    # A reload restores the table: the same log, Red's first piece on the board, Red to place.
    page.wait_for_function(PLACING, timeout=30_000)
    page.reload()
    wait_engine(page)
    page.wait_for_function(PLACING, timeout=30_000)
    assert len(log(page)) == 3 and log(page)[0].endswith(" · " + placed)
    assert all(hex_class(page, q, r) == "hx k0" for q, r in cells_of(placed))
    assert page.console_errors == [] and blocked == []


def test_an_online_room_of_three_devices(open_page, blocked):
    from test_online_room import create_room, join, start_room  # the room tests' own steps

    host = open_page(QUERY)
    wait_engine(host)
    link = create_room(host, "chains", ["human", "human", "human"], you="0", mode="3p")
    ann = join(open_page, link, "Ann", 1)
    bob = join(open_page, link, "Bob", 2)
    start_room(host, ann, bob)
    starts = {host: (5, 5), ann: (-10, 5), bob: (5, -10)}
    # Round one by taps on each device: a piece, its starting hex, Confirm.
    for count, page in enumerate((host, ann, bob), start=1):
        page.wait_for_function(PLACING, timeout=30_000)
        page.click(TRAY + "[data-piece='4a']")
        tap_hex(page, *starts[page])
        move, fits = ghost(page)
        assert fits and starts[page] in cells_of(move)
        page.click(".place-bar button.confirm")
        wait_moves(host, count)
    # Round two by keyboard: a link point, a piece, the next way it fits, Enter.
    for count, page in enumerate((host, ann, bob), start=4):
        page.wait_for_function(PLACING, timeout=30_000)
        page.focus(".chains-board")
        page.keyboard.press("l")
        page.keyboard.press("p")
        while not ghost(page)[1]:
            page.keyboard.press("n")
        page.keyboard.press("Enter")
        wait_moves(host, count)
    for page in (ann, bob):
        wait_moves(page, 6)
        assert log(page) == log(host)
    assert [entry.split(":")[0] for entry in log(host)] == ["Red", "Orange", "Yellow"] * 2
    q, r = cells_of(log(host)[4].split(" · ")[1])[0]
    assert hex_class(bob, q, r) == hex_class(host, q, r) == "hx k1"
    assert blocked == [] and host.console_errors == [] and ann.console_errors == []

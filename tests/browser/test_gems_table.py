"""Gems at the table, in Chromium, played the way a person plays: by tapping holes (and by
keyboard). The person's moves against the computer are chosen by the rules package's own
Medium player in CPython, from the position the page's move log gives."""

import re

import pytest
from tablekit import HUMAN_TURN, OVER, axe_violations, board_roles, log, start, touch, wait_engine, wait_log
from test_online_room import create_room, join, start_room

from parlor.ai import choose_move
from parlor.rules.gems import CELLS, COLOURS, HOLES, from_dict

pytestmark = [pytest.mark.browser, pytest.mark.shared_page]

QUERY = "/?pace=0&budget=0.05&clock=600"


def replay(moves, variant="standard"):
    return from_dict({"game": "gems", "variant": variant, "history": moves})


def gem_class(page, hole):
    return page.get_attribute(f"[data-sq={hole}] .gem", "class")


def label(page, hole):
    return page.get_attribute(f"[data-sq={hole}]", "aria-label")


def centre(page, hole):
    box = page.locator(f".board [data-sq={hole}]").bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def near(a, b):
    """Two points on the screen within a pixel of each other."""
    return abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1


def drawn(page):
    """What the board shows: {hole: gem class}, the class of each cell, the starred hole."""
    return page.evaluate("""() => ({
        gems: Object.fromEntries([...document.querySelectorAll('.board [data-sq]')]
            .map(n => [n.dataset.sq, n.querySelector('.gem').getAttribute('class')])),
        cells: [...document.querySelectorAll('.board .cell-shape')].map(n => n.getAttribute('class')),
        chain: [...document.querySelectorAll('.board .chain-line')].map(n => n.classList.contains('on')),
        star: [...document.querySelectorAll('.board .star.on')].map(n => n.closest('[data-sq]').dataset.sq),
    })""")


def test_a_game_against_the_computer_to_the_end_by_taps(open_page, blocked):
    page = open_page(QUERY)
    wait_engine(page)
    start(page, "gems", "standard", seat0="human", seat1="easy")
    # The board is the rules' board: 41 cells (in the order the view's owners use), 69 holes,
    # each a named button of the board's group.
    holes = page.eval_on_selector_all(".board .cell-shape", "ns => ns.map(n => n.dataset.holes)")
    assert holes == [" ".join(cell) for cell in CELLS]
    assert page.eval_on_selector_all(".board [data-sq]", "ns => ns.map(n => n.dataset.sq)") == list(HOLES)
    assert board_roles(page) == ["group", []]
    assert page.inner_text(".table-meta") == "Red ★ joins top–bottom · Blue joins left–right · pie rule"
    assert page.get_attribute(".board", "data-flip") == "0"  # the person plays Red: top to bottom
    assert page.is_hidden(".gems-actions")  # a mouse: no confirmation unless asked for
    for _ in range(40):
        page.wait_for_function(f"{HUMAN_TURN} || {OVER}", timeout=30_000)
        if page.is_visible(".result"):
            break
        moves = log(page)
        move = choose_move(replay(moves).view(0), "medium", seed=len(moves))
        page.click(f".board [data-sq={move}]")
        page.wait_for_function(f"document.querySelectorAll('.move-log .mv').length > {len(moves)}")
        assert log(page)[len(moves)] == move
    assert page.is_visible(".result")
    state, moves = replay(log(page)), log(page)
    view = state.view(None)
    winner = COLOURS[view["winners"][0]]
    assert page.inner_text(".result h3") == "{} wins · {} {}, {} {}".format(winner, COLOURS[0], view["scores"][0],
                                                                     COLOURS[1], view["scores"][1])
    assert page.inner_text(".result .result-why") == view["end_reason"]
    # Every gem, claimed cell, the star of the latest gem and the winning chain as the rules say.
    board = drawn(page)
    for hole in HOLES:
        seat = view["gems"].get(hole)
        assert board["gems"][hole] == ("gem none" if seat is None else f"gem c{seat}"), hole
    assert board["cells"] == ["cell-shape" + ("" if o is None else f" own c{o}") for o in view["owners"]]
    assert board["chain"] == [i in view["chain"] for i in range(len(CELLS))] and view["chain"]
    assert board["star"] == [moves[-1]] and label(page, moves[-1]) == f"{moves[-1]}, {winner}'s gem, latest"
    assert page.query_selector(".board.interactive") is None
    # A move selected in the log locates its hole on the board.
    page.click(".result button:text-is('Hide')")
    page.click(".move-log li:first-child .mv")
    assert "located" in page.get_attribute(f"[data-sq={moves[0]}]", "class")
    print("Gems against Easy:", page.inner_text(".result h3"), "after", len(moves), "moves")
    assert page.console_errors == [] and blocked == []


def test_confirm_and_take_back_the_pie_rule_keyboard_mirror_and_reload(open_page, blocked):
    page = open_page(QUERY)
    wait_engine(page)
    start(page, "gems", "standard", seat0="human", seat1="human")
    page.wait_for_function(HUMAN_TURN)
    # Confirmation is the table's Confirm moves, for every game (off with a mouse); on, a gem waits.
    assert page.get_attribute(".confirm-moves", "aria-pressed") == "false"
    page.click(".confirm-moves")
    assert page.get_attribute(".confirm-moves", "aria-pressed") == "true"
    assert page.is_disabled(".gems-actions .confirm") and page.is_disabled(".gems-actions .cancel")
    page.click("[data-sq=E3]")
    assert gem_class(page, "E3") == "gem c0 pending" and label(page, "E3") == "E3, Red's gem, waiting for Confirm"
    assert axe_violations(page) == []  # the table, light and dark (a gem waiting)
    assert page.inner_text(".turn-status") == "E3 waiting: Confirm or Cancel"
    page.click("[data-sq=E3]")  # tapped again: taken back
    assert gem_class(page, "E3") == "gem none" and page.inner_text(".turn-status") == "Red to move"
    page.click("[data-sq=E3]")
    page.click("[data-sq=D7]")  # another hole: the waiting gem moves there
    assert gem_class(page, "E3") == "gem none" and gem_class(page, "D7") == "gem c0 pending"
    page.click(".gems-actions .cancel")
    assert gem_class(page, "D7") == "gem none" and page.is_disabled(".gems-actions .confirm")
    page.wait_for_timeout(300)
    assert log(page) == []  # nothing was played
    page.click("[data-sq=E3]")
    page.click(".gems-actions .confirm")
    wait_log(page, 1)
    page.wait_for_function(HUMAN_TURN)
    assert gem_class(page, "E3") == "gem c0" and page.inner_text(".turn-status") == "Blue to move"
    # The pie rule: Blue taps the first gem (Swap says the same), waits, confirms.
    assert page.is_visible(".gems-actions .swap")
    assert label(page, "E3") == "E3, Red's gem, tap to swap (pie rule), latest"
    page.click("[data-sq=E3]")
    assert gem_class(page, "E3") == "gem c1 pending" and page.inner_text(".turn-status") == "Swap waiting: Confirm or Cancel"
    page.click(".gems-actions .confirm")
    wait_log(page, 2)
    page.wait_for_function(HUMAN_TURN)
    assert log(page) == ["E3", "swap"] and gem_class(page, "E3") == "gem c1"
    assert label(page, "E3") == "E3, Blue's gem, latest" and page.is_hidden(".gems-actions .swap")
    assert page.inner_text(".turn-status") == "Red to move"  # directions stay: Red moves on
    # Keyboard: arrows move between holes as drawn, Enter places and confirms, Escape takes back.
    page.focus(".board [data-sq=E3]")
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.dataset.sq") == "E4"
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("document.activeElement.dataset.sq") == "C4"  # D4 is no hole
    page.keyboard.press("Enter")
    assert gem_class(page, "C4") == "gem c0 pending"
    page.keyboard.press("Escape")
    assert gem_class(page, "C4") == "gem none"
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    wait_log(page, 3)
    assert log(page)[-1] == "C4"
    # Mirror: the board is drawn transposed; A1 stays upper left and every hole keeps its name.
    a1, c1, a3, e3 = (centre(page, hole) for hole in ("A1", "C1", "A3", "E3"))
    page.click(".mirror")
    assert page.get_attribute(".mirror", "aria-pressed") == "true"
    assert near(centre(page, "A1"), a1)
    assert near(centre(page, "C1"), a3) and near(centre(page, "A3"), c1)  # C1: from the top row to the left
    x, y = centre(page, "E3")
    assert near((x - a1[0], y - a1[1]), (e3[1] - a1[1], e3[0] - a1[0])) and gem_class(page, "E3") == "gem c1"
    assert page.inner_text(".table-meta").startswith("Red ★ joins left–right · Blue joins top–bottom")
    page.wait_for_function(HUMAN_TURN)
    page.focus(".board [data-sq=A1]")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.sq") == "A2"  # right, as drawn
    # The board's colours are a setting: the seat colours follow everywhere on the table.
    page.select_option(".gems-colours select", "okabe")
    assert page.evaluate("getComputedStyle(document.querySelector('.seat-0 .dot')).backgroundColor") == "rgb(213, 94, 0)"
    # A reload restores the game, and the device keeps its settings.
    page.reload()
    wait_engine(page)
    page.wait_for_function(HUMAN_TURN)
    assert log(page) == ["E3", "swap", "C4"] and gem_class(page, "E3") == "gem c1"
    assert page.get_attribute(".mirror", "aria-pressed") == "true" and near(centre(page, "C1"), a3)
    assert page.get_attribute(".confirm-moves", "aria-pressed") == "true"
    assert page.input_value(".gems-colours select") == "okabe"
    assert page.console_errors == [] and blocked == []


def test_on_a_phone_the_second_player_sees_its_way_top_to_bottom_and_confirms_each_gem(phone_page, server,
                                                                                      blocked):
    page = phone_page
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(server.url + QUERY)
    wait_engine(page)
    start(page, "gems", "standard", seat0="easy", seat1="human")
    page.wait_for_function(HUMAN_TURN, timeout=30_000)
    first = log(page)[0]
    # The person plays Blue (left to right): the board is transposed so that their way runs
    # top to bottom, with A1 still upper left.
    assert page.get_attribute(".board", "data-flip") == "1"
    assert page.inner_text(".table-meta").startswith("Red ★ joins left–right · Blue joins top–bottom")
    a1, a2, b1 = (centre(page, hole) for hole in ("A1", "A2", "B1"))
    assert a2[0] > a1[0] + 20 and abs(a2[1] - a1[1]) < 1 and b1[1] > a1[1] + 20
    # Nothing wider than the phone; every hole a target of 24 px and more.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    smallest = page.evaluate("""() => Math.min(...[...document.querySelectorAll('.board [data-sq]')]
        .map(n => { const b = n.getBoundingClientRect(); return Math.min(b.width, b.height); }))""")
    assert smallest >= 24, smallest
    print("Gems on a 390 px phone: the smallest hole target is", round(smallest, 1), "px")
    for node in page.query_selector_all(".gems button:visible, .gems select"):
        assert node.bounding_box()["height"] >= 44
    # A swipe that starts on a hole scrolls the page and places nothing.
    x, y = centre(page, "E7")
    touch(page, [(x, y - i * 25) for i in range(8)])
    assert page.evaluate("scrollY") > 60 and page.query_selector(".board .gem.pending") is None
    # On a touch screen a gem waits for Confirm: Swap (the pie rule), then a gem by a tap.
    assert page.get_attribute(".confirm-moves", "aria-pressed") == "true"
    page.tap(".gems-actions .swap")
    assert gem_class(page, first) == "gem c1 pending"
    page.tap(".gems-actions .confirm")
    wait_log(page, 3)  # the swap, and Red's reply
    page.wait_for_function(HUMAN_TURN, timeout=30_000)
    assert log(page)[1] == "swap" and gem_class(page, first) == "gem c1"
    hole = next(h for h in ("E5", "E4", "E6") if h not in log(page))
    touch(page, [centre(page, hole)])
    assert gem_class(page, hole) == "gem c1 pending" and len(log(page)) == 3
    page.tap(".gems-actions .confirm")
    wait_log(page, 5)
    assert log(page)[3] == hole and gem_class(page, hole) == "gem c1"
    assert blocked == []


def test_an_online_room_the_guest_swaps_by_tapping_the_first_gem(open_page, blocked):
    host = open_page(QUERY)
    wait_engine(host)
    link = create_room(host, "gems", ["human", "human"], you="0", mode="standard")
    guest = join(open_page, link, "Gus", 1)
    start_room(host, guest)
    # Each device shows its own player's way top to bottom: the host Red's, the guest Blue's.
    assert host.get_attribute(".board", "data-flip") == "0" and guest.get_attribute(".board", "data-flip") == "1"
    host.wait_for_function(HUMAN_TURN, timeout=10_000)
    host.click("[data-sq=D3]")
    guest.wait_for_function(HUMAN_TURN, timeout=10_000)
    assert log(guest) == ["D3"] and guest.is_visible(".gems-actions .swap")
    guest.click("[data-sq=D3]")  # the pie rule (a mouse: no confirmation asked)
    for page in (host, guest):
        wait_log(page, 2, timeout=10_000)
        assert log(page) == ["D3", "swap"] and gem_class(page, "D3") == "gem c1"
    host.wait_for_function(HUMAN_TURN, timeout=10_000)
    assert host.inner_text(".turn-status") == "Red to move" and guest.is_hidden(".gems-actions .swap")
    host.click("[data-sq=E5]")
    wait_log(guest, 3, timeout=10_000)
    assert gem_class(guest, "E5") == "gem c0" and label(guest, "E5") == "E5, Red's gem, latest"
    assert host.console_errors == [] and guest.console_errors == [] and blocked == []

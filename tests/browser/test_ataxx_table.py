"""Ataxx at the table, in Chromium, played the way a person plays: by tapping and dragging."""

import json
import re

import pytest
from tablekit import (AFTER_NEXT_FRAME, HUMAN_TURN, KEYBOARD_MOVE, OVER, axe_violations, board_roles, cell_centre,
                      contrast, log, touch, wait_engine, wait_for_promise, wait_log, wait_service_worker)
from tablekit import start as start_game
from tablekit import tap_move as tap

pytestmark = [pytest.mark.browser, pytest.mark.shared_page]


def start(page, mode, **choices):
    start_game(page, "ataxx", mode, **choices)


def tap_move(page, prefer="place"):
    return tap(page, prefer, "jump" if prefer == "place" else "place")


def centre(page, square):
    box = page.locator(f".board [data-sq={square}]").bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def drag(page, origin, target):
    x, y = centre(page, origin)
    page.mouse.move(x, y)
    page.mouse.down()
    tx, ty = centre(page, target)
    page.mouse.move((x + tx) / 2, (y + ty) / 2, steps=4)
    page.mouse.move(tx, ty, steps=4)
    page.mouse.up()


def test_solo_game_against_easy_to_the_end_by_taps_then_keys(open_page, blocked):
    page = open_page("/?clock=600&pace=0")
    wait_engine(page)
    start(page, "solo", level="easy", layout="Diamond")
    assert page.inner_text(".seat-0 .name") == "Red" and page.inner_text(".seat-0 .who") == "You"
    assert page.inner_text(".seat-1 .name") == "Blue" and page.inner_text(".seat-1 .who") == "AI · Easy"
    for ours in range(200):  # one move of ours a round; random play can take 60+ of them
        page.wait_for_function(f"{HUMAN_TURN} || {OVER}", timeout=30_000)
        if page.is_visible(".result"):
            break
        made = len(log(page))
        if ours < 8:  # the first moves by mouse taps, the rest of the game by the keyboard
            tap_move(page)
        else:
            assert page.evaluate(KEYBOARD_MOVE)
        # The board stops offering moves once one is made (no glow until the next turn): from
        # the task after the tap's frame (TableScreen.busy_look), unless the computer has
        # already answered (a loaded machine can be slower than its pace).
        page.evaluate(AFTER_NEXT_FRAME)
        assert not page.evaluate(HUMAN_TURN) or len(log(page)) >= made + 2
    assert page.is_visible(".result")
    title = page.inner_text(".result h3")
    assert re.fullmatch(r"(Red wins|Blue wins|Draw) · Red \d+, Blue \d+", title), title
    assert page.inner_text(".result .result-why")
    moves = log(page)
    assert len(moves) >= 10 and moves[0] in {"a6", "b6", "b7", "f1", "f2", "g2"} | {m for m in moves[:1]}
    assert page.query_selector(".board.interactive") is None
    assert page.console_errors == [] and blocked == []


def test_local_game_tap_drag_and_undo(open_page, blocked):
    page = open_page("/?clock=600")
    wait_engine(page)
    start(page, "local")
    page.wait_for_function(HUMAN_TURN)
    assert page.evaluate("document.activeElement.textContent") == "Ataxx · Local"  # focus moved on
    assert board_roles(page) == ["grid", []]  # 49 gridcells in 7 rows
    page.click("[data-sq=a7]")
    assert page.get_attribute("[data-sq=b6] .marker", "class") == "marker place"
    assert page.get_attribute("[data-sq=c5] .marker", "class") == "marker jump"
    assert axe_violations(page) == []  # the table, light and dark (a piece selected)
    page.click("[data-sq=b6]")
    page.wait_for_function("document.querySelectorAll('.move-log .mv').length === 1")
    page.wait_for_function(HUMAN_TURN)
    drag(page, "g7", "e5")  # Blue jumps by dragging
    page.wait_for_function("document.querySelectorAll('.move-log .mv').length === 2")
    assert log(page) == ["b6", "g7e5"]
    assert page.get_attribute("[data-sq=g7] .piece", "class") == "piece none"
    assert page.get_attribute("[data-sq=e5] .piece", "class") == "piece o"
    assert page.inner_text(".seat-0 .count") == "3" and page.inner_text(".seat-1 .count") == "2"
    # Each seat is a named group for a screen reader: who plays, the count, whose turn.
    assert page.get_by_role("group", name="Red: Person, 3 pieces, to move", exact=True).count() == 1
    assert page.get_by_role("group", name="Blue: Person, 2 pieces", exact=True).count() == 1
    page.click("text=Undo")
    page.wait_for_function("document.querySelectorAll('.move-log .mv').length === 1")
    assert page.inner_text(".turn-status") == "Blue to move"
    assert page.get_attribute("[data-sq=g7] .piece", "class") == "piece o"
    page.click("text=Undo")
    page.wait_for_function("document.querySelectorAll('.move-log .mv').length === 0")
    assert page.inner_text(".turn-status") == "Red to move"
    assert page.is_disabled("text=Undo")
    # Rematch during a game asks first (the game would be lost); the question lapses by itself.
    page.click("[data-sq=a7]")
    page.click("[data-sq=b6]")
    page.wait_for_function("document.querySelectorAll('.move-log .mv').length === 1")
    rematch = page.locator(".table > .controls button.rematch")
    rematch.click()
    assert rematch.inner_text() == "Restart? Tap again" and log(page) == ["b6"]
    assert contrast(page, ".table > .controls .asking") >= 4.5
    page.wait_for_function("document.querySelector('.table > .controls').innerText.includes('Rematch')",
                           timeout=6000)
    assert log(page) == ["b6"]
    rematch.dblclick()  # an accidental double tap only asks
    page.wait_for_timeout(600)
    assert rematch.inner_text() == "Restart? Tap again" and log(page) == ["b6"]
    rematch.click()
    page.wait_for_function("document.querySelectorAll('.move-log .mv').length === 0")
    assert page.get_attribute("[data-sq=b6] .piece", "class") == "piece none"  # a new game
    assert rematch.inner_text() == "Rematch"
    assert page.console_errors == [] and blocked == []


BOARD_PIECES = "[...document.querySelectorAll('.board [data-sq] .piece')].map(p => p.getAttribute('class'))"
SEAT0_LEFT = "Number(document.querySelector('.seat-0 .clock').textContent)"


def test_a_hint_shows_hards_move_on_the_board_and_changes_nothing(open_page):
    page = open_page("/?clock=600&budget=0.3")
    wait_engine(page)
    start(page, "local")
    page.wait_for_function(HUMAN_TURN)
    pieces, left = page.evaluate(BOARD_PIECES), page.evaluate(SEAT0_LEFT)
    assert 590 < left <= 600
    hint = page.locator(".table > .controls button.ask-hint")
    assert hint.inner_text() == "Hint" and hint.is_enabled()
    # The button says so at once (in the click's own handler), then the board shows the move.
    said = page.evaluate("""() => { const b = document.querySelector('.table > .controls button.ask-hint');
        b.click(); return b.textContent; }""")
    assert said == "Thinking…"
    page.wait_for_function("document.querySelector('.table').dataset.hint !== undefined")
    move = page.get_attribute(".table", "data-hint")
    hinted = page.evaluate("[...document.querySelectorAll('.board .hinted')].map(c => c.dataset.sq)")
    assert move[-2:] in hinted and (len(move) == 2 or move[:2] in hinted), (move, hinted)
    assert page.locator(".board .hinted .hint-ring").count() == len(hinted)  # a dashed ring each
    assert page.get_attribute(".board .hint-ring", "stroke-dasharray")
    assert page.inner_text(".hint-said").startswith("Hint: Red ")
    assert hint.inner_text() == "Hint"
    # Not played: the same pieces, nothing in the log, nothing to undo, Red still to move, and
    # Red's clock ran on from where it was (not restarted, not stopped).
    assert page.evaluate(BOARD_PIECES) == pieces and log(page) == []
    assert page.is_disabled(".table > .controls button:text-is('Undo')")
    assert page.inner_text(".turn-status") == "Red to move"
    page.wait_for_timeout(1100)
    assert left - 10 < page.evaluate(SEAT0_LEFT) < left
    # The next move drops the hint (Blue's turn: a hint is asked again for Blue).
    origin = move[:2] if len(move) == 4 else None
    if origin is None:
        origin = page.evaluate("""move => {
            const targets = JSON.parse(localStorage.getItem('parlor.table.v1')).snapshot.targets;
            return Object.keys(targets).find(o => targets[o].some(t => t[1] === move)); }""", move)
    page.click(f"[data-sq={origin}]")
    page.click(f"[data-sq={move[-2:]}]")
    page.wait_for_function("document.querySelectorAll('.move-log .mv').length === 1")
    assert log(page) == [move]
    assert page.locator(".board .hinted, .board .hint-ring").count() == 0
    assert page.get_attribute(".table", "data-hint") is None and page.is_hidden(".hint-said")
    assert page.console_errors == []


def test_clock_runs_out_and_loses(open_page):
    page = open_page("/?clock=2")  # a documented setting: seconds per turn
    wait_engine(page)
    start(page, "local")
    page.wait_for_function(OVER, timeout=15_000)
    # Who won and why, each score by its colour (it read "Blue wins 2–2", Red's count first).
    assert page.inner_text(".result h3") == "Blue wins on time · Red 2, Blue 2"
    assert page.inner_text(".result .result-why") == "Red ran out of time"
    assert page.inner_text(".result .result-next") == "Rematch: the same seats; Red starts."
    assert page.query_selector(".board.interactive") is None
    assert page.is_hidden(".seat-0 .clock") and page.is_hidden(".seat-1 .clock")  # no clock runs on
    assert page.is_disabled(".table > .controls button:text-is('Undo')")  # over: Rematch or New game
    # The result sits beside (or under) the board, never over the final position.
    board, result = page.locator(".board").bounding_box(), page.locator(".result").bounding_box()
    assert (result["x"] >= board["x"] + board["width"] or result["y"] >= board["y"] + board["height"]), (board, result)
    # It took the keyboard's focus; Escape closes it and gives the focus back (to the table).
    assert page.evaluate("document.activeElement === document.querySelector('.result')")
    # In dark mode too, the result and its buttons read clearly on the green.
    page.emulate_media(color_scheme="dark")
    for selector in (".result h3", ".result .result-why", ".result .btn.primary", ".result .btn:not(.primary)"):
        assert contrast(page, selector) >= 4.5, selector
    page.keyboard.press("Escape")
    assert page.is_hidden(".result") and page.evaluate("document.activeElement.textContent") == "Ataxx · Local"


def test_a_tap_is_answered_while_hard_thinks(open_page):
    page = open_page("/?budget=3&clock=600")
    wait_engine(page)
    start(page, "watch", level0="hard", level1="hard")
    # In one go inside the page: wait until Hard's think is in flight in the worker, tap Pause,
    # and check that the tap was handled while the think was still in flight. (On a loaded
    # machine Hard's first move may be played before this runs: then it is the next think.)
    result = page.evaluate("""async () => {
        const table = document.querySelector('.table');
        // Poll each millisecond, not each frame: Hard's first think may last only ~0.2 s (its
        // next depth would not fit the soft deadline), so the tap comes as soon as it starts.
        while (table.dataset.thinking !== '1') await new Promise(r => setTimeout(r, 1));
        const pause = [...document.querySelectorAll('.controls button')].find(b => b.textContent === 'Pause');
        const t = performance.now();
        pause.click();
        const handled = performance.now() - t;
        return {handled, still_thinking: table.dataset.thinking === '1', label: pause.textContent,
                status: document.querySelector('.turn-status').textContent,
                moves: document.querySelectorAll('.move-log .mv').length};
    }""")
    print("tap handled in", round(result["handled"], 1), "ms while Hard was thinking")
    assert result["still_thinking"]
    assert result["label"] == "Resume" and result["status"] == "Paused"
    page.wait_for_function("document.querySelector('.table').dataset.thinking === undefined", timeout=10_000)
    page.wait_for_timeout(500)
    # The answer that arrived after the tap is not played.
    assert len(log(page)) == result["moves"] and page.inner_text(".turn-status") == "Paused"
    page.click("text=Resume")
    page.wait_for_function(f"document.querySelectorAll('.move-log .mv').length > {result['moves']}",
                           timeout=15_000)


def test_seats_stay_readable_on_a_phone(open_page):
    page = open_page("/?budget=3&clock=600")
    page.set_viewport_size({"width": 390, "height": 844})
    wait_engine(page)
    start(page, "watch", level0="hard", level1="medium")
    page.wait_for_selector(".seat.is-thinking", timeout=15_000)
    # Who plays, the clock and "thinking…": each whole, on one line (none cut off or squeezed).
    cut = page.evaluate("""() => [...document.querySelectorAll('.seat .who, .seat .clock, .seat .thinking')]
        .filter((n) => n.offsetParent && (n.scrollWidth > n.clientWidth
            || n.getBoundingClientRect().height > 1.6 * parseFloat(getComputedStyle(n).fontSize) * 1.5))
        .map((n) => n.className + ': ' + n.textContent)""")
    assert cut == []
    assert page.eval_on_selector_all(".seat .who", "ns => ns.map(n => n.textContent)") == ["AI · Hard", "AI · Medium"]


def test_on_a_phone_a_swipe_over_the_board_scrolls_the_page_and_a_finger_still_plays(phone_page, server,
                                                                                    blocked):
    page = phone_page
    page.goto(server.url + "/?clock=600")
    wait_engine(page)
    start(page, "local")
    assert page.evaluate("document.documentElement.scrollHeight > innerHeight + 100")
    # A swipe up that starts on an empty square scrolls the page, and plays or selects nothing.
    x, y = cell_centre(page, "d4")
    touch(page, [(x, y - i * 25) for i in range(8)])
    assert page.evaluate("scrollY") > 60
    assert log(page) == [] and page.query_selector(".board .selected") is None
    page.evaluate("scrollTo(0, 0)")
    page.wait_for_timeout(200)
    # A finger on a piece that can move drags it, up the screen, and the page stays put ...
    (x, y), (tx, ty) = cell_centre(page, "g1"), cell_centre(page, "f2")
    touch(page, [(x + (tx - x) * i / 6, y + (ty - y) * i / 6) for i in range(7)])
    wait_log(page, 1)
    assert log(page) == ["f2"] and page.evaluate("scrollY") == 0
    # ... and tap, tap plays as before.
    page.wait_for_function(HUMAN_TURN)
    touch(page, [cell_centre(page, "a1")])
    touch(page, [cell_centre(page, "b2")])
    wait_log(page, 2)
    assert log(page) == ["f2", "b2"] and blocked == []


# Whether the home screen (which comes in index.html) was painted in any frame before a table was.
HOME_SEEN = """
window.homeSeen = false;
const look = () => {
  const home = document.querySelector("#screen > .home");
  if (home && getComputedStyle(home).display !== "none") window.homeSeen = true;
  if (!document.querySelector(".table")) requestAnimationFrame(look);
};
requestAnimationFrame(look);
"""


def test_reload_mid_game_restores_it(open_page):
    page = open_page("/?clock=600")
    wait_engine(page)
    start(page, "local", layout="Four pillars")
    first = tap_move(page)
    second = tap_move(page, prefer="jump")
    page.wait_for_function("document.querySelectorAll('.move-log .mv').length === 2")
    moves = log(page)
    board = page.eval_on_selector_all(".board .piece", "ps => ps.map(p => p.getAttribute('class'))")
    page.wait_for_function("Number(document.querySelector('.seat.to-move .clock').textContent) <= 597")
    page.add_init_script(HOME_SEEN)
    page.reload()
    page.wait_for_selector(".table .board")
    assert page.evaluate("window.homeSeen") is False  # the home screen never showed meanwhile
    assert log(page) == moves  # drawn from the saved table even before the engine is up
    wait_engine(page)
    page.wait_for_function(HUMAN_TURN)
    assert int(page.inner_text(".seat.to-move .clock")) <= 597  # the turn's time left is kept
    assert page.eval_on_selector_all(".board .piece", "ps => ps.map(p => p.getAttribute('class'))") == board
    assert page.get_attribute("[data-sq=c5] .sq", "class").find("blocked") >= 0
    tap_move(page)
    page.wait_for_function("document.querySelectorAll('.move-log .mv').length === 3")
    assert moves[0] == first and moves[1].endswith(second)


# A stand-in for WebAudio that records the frequency of every tone started, and counts the
# contexts made.
FAKE_AUDIO = """
window.tones = [];
window.contexts = 0;
window.AudioContext = class {
  constructor() { window.contexts += 1; this.currentTime = 0; this.destination = {}; }
  createOscillator() {
    const tone = { frequency: { value: 0 }, connect() {}, stop() {},
                   start() { window.tones.push(tone.frequency.value); } };
    return tone;
  }
  createGain() { return { gain: { value: 0, setTargetAtTime() {} }, connect() {} }; }
};
"""


def test_sound_effects_and_their_switch_saved_on_the_device(open_page):
    page = open_page("/?clock=600")
    page.add_init_script(FAKE_AUDIO)
    page.reload()
    wait_engine(page)
    start(page, "local")
    # Made in idle time after the table opens (making one stalls the page), not by the first move.
    page.wait_for_function("window.contexts === 1")
    tap_move(page)
    wait_log(page, 1)
    page.wait_for_function("window.tones.length > 0")  # a move sounds
    assert page.evaluate("window.contexts") == 1
    page.click(".table > .controls button.sound")
    assert page.inner_text(".table > .controls button.sound") == "Sound off"
    heard = page.evaluate("window.tones.length")
    tap_move(page)
    wait_log(page, 2)
    page.wait_for_timeout(300)
    assert page.evaluate("window.tones.length") == heard  # silent now
    page.reload()
    page.wait_for_selector(".table > .controls button.sound")
    assert page.inner_text(".table > .controls button.sound") == "Sound off"  # kept on this device
    assert page.get_attribute(".table > .controls button.sound", "aria-pressed") == "false"


def test_a_reload_with_the_rules_open_does_not_leave_the_game_paused(open_page):
    page = open_page("/")
    wait_engine(page)
    page.select_option("#theme", "dark")
    start(page, "local", clock="0")  # the turn clock set on the card: Off
    assert page.is_hidden(".seat-0 .clock") and page.is_hidden(".seat-1 .clock")
    tap_move(page)
    wait_log(page, 1)
    rules = ".table-head button:text-is('Rules')"
    page.click(rules)  # reading the rules pauses the table; the keyboard goes to them
    page.wait_for_function("document.querySelector('.turn-status').textContent === 'Paused'")
    assert page.evaluate("document.activeElement === document.querySelector('.rules')")
    assert "running out loses" in page.inner_text(".rules")
    page.keyboard.press("Escape")  # closes them, the focus back on Rules, play goes on
    assert page.is_hidden(".rules") and page.evaluate("document.activeElement.textContent") == "Rules"
    page.wait_for_function("document.querySelector('.turn-status').textContent === 'Blue to move'")
    page.click(rules)
    page.wait_for_function("document.querySelector('.turn-status').textContent === 'Paused'")
    page.reload()
    wait_engine(page)
    page.wait_for_function(HUMAN_TURN)  # the rules are closed after the reload: play goes on
    assert page.is_hidden(".seat-0 .clock")  # the clock chosen (Off) was saved with the table
    assert page.input_value("#theme") == "dark"  # the theme too, on the device
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(16, 24, 21)"
    # The table's and the boards' own styles, added after the first paint, are in and take the
    # forced theme too (the log's moves lightened, as on a dark device). The pieces fade in
    # (a fill transition): read once it has ended.
    page.evaluate("Promise.all(document.querySelector('.board .piece.x').getAnimations().map((a) => a.finished))"
                  ".then(() => true)")
    assert page.evaluate("getComputedStyle(document.querySelector('.board .piece.x')).fill") == "rgb(214, 69, 65)"
    assert page.evaluate("getComputedStyle(document.querySelector('.move-log .mv')).getPropertyValue('--text-mix')").strip() == "#fff"
    media = page.evaluate("""[...document.styleSheets].flatMap((sheet) => [...sheet.cssRules])
        .filter((rule) => rule instanceof CSSMediaRule).map((rule) => rule.media.mediaText)""")
    assert "(prefers-color-scheme: dark)" not in media and media.count("all") >= 5, media
    assert page.is_visible(".table > .controls button:text-is('Pause')")
    assert not page.is_visible(".rules") and page.inner_text(".turn-status") == "Blue to move"
    # A table paused with Pause stays paused over a reload.
    page.click(".table > .controls button:text-is('Pause')")
    page.wait_for_function("document.querySelector('.turn-status').textContent === 'Paused'")
    page.reload()
    wait_engine(page)
    page.wait_for_selector(".table > .controls button:text-is('Resume')")
    page.wait_for_timeout(500)
    assert page.inner_text(".turn-status") == "Paused"


def test_the_logo_goes_home_and_continue_comes_back(open_page):
    page = open_page("/?clock=600")
    wait_engine(page)
    start(page, "local")
    tap_move(page)
    wait_log(page, 1)
    moves = log(page)
    page.click(".home-link")
    page.wait_for_selector(".card.resume")  # home, not the page reloaded into the table
    assert page.url.endswith("/?clock=600") and not page.is_visible(".table")
    assert page.inner_text(".card.resume p").startswith("Ataxx · Two people, one device")
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        for selector in (".card.resume h2, .card.resume p", ".card.resume .btn"):
            assert contrast(page, selector) >= 4.5, (scheme, selector)
    assert axe_violations(page) == []  # the home screen, light and dark
    # The theme switch: a forced theme whatever the device's, saved on it.
    background = "getComputedStyle(document.body).backgroundColor"
    page.select_option("#theme", "dark")  # on a light device
    assert page.evaluate(background) == "rgb(16, 24, 21)" and axe_violations(page, None) == []
    page.emulate_media(color_scheme="dark")
    page.select_option("#theme", "light")  # on a dark device
    assert page.evaluate(background) == "rgb(246, 239, 224)" and axe_violations(page, None) == []
    assert page.evaluate("localStorage.getItem('parlor.theme')") == "light"
    page.select_option("#theme", "system")
    assert page.evaluate(background) == "rgb(16, 24, 21)"  # the device's (dark) again
    page.emulate_media(color_scheme="light")
    page.click(".card.resume button:text-is('Continue')")
    page.wait_for_function(HUMAN_TURN)
    assert log(page) == moves and page.console_errors == []


@pytest.mark.service_worker
def test_offline_after_one_visit_plays_against_the_computer(open_page, server_factory, site_dir, blocked):
    srv = server_factory()
    page = open_page("/?clock=600&pace=0", srv=srv)
    wait_engine(page)
    wait_service_worker(page)
    version = json.loads((site_dir / "precache.json").read_text())["version"]
    wait_for_promise(page, """async (name) => (await caches.keys()).includes(name)""", f"parlor-{version}")
    srv.stop()
    page.context.set_offline(True)
    page.reload()
    wait_engine(page)
    start(page, "solo", level="easy")
    tap_move(page)
    page.wait_for_function("document.querySelectorAll('.move-log .mv').length === 2", timeout=30_000)
    assert blocked == []

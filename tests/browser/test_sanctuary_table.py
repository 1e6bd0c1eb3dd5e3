"""Sanctuary at the table, in Chromium: computers play to the end; a Six split chosen from the
move list, previewed, cancelled, then confirmed; the board view's Zoom in, Whole board, Recenter."""

import json
import re
import sys
from pathlib import Path

import pytest
from tablekit import HUMAN_TURN, OVER, axe_violations, board_roles, contrast, log, start, wait_engine, wait_log

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "app" / "engine"))
from local_table import Table  # noqa: E402  (the engine's own table, to write a saved game)

pytestmark = [pytest.mark.browser, pytest.mark.shared_page]

SIX_SPLIT = {"game": "sanctuary", "seats": 2, "card": "Six", "to_move": 0, "seed": 4,
             "pawns": [["T10", "T12", "L", "L"], ["L", "L", "L", "L"]]}


def view_box(page):
    return [float(n) for n in page.get_attribute(".sanctuary-board", "viewBox").split()]


def test_computers_play_a_game_to_the_end(open_page, blocked):
    page = open_page("/?clock=600&pace=0")
    wait_engine(page)
    start(page, "sanctuary", "2t", seat0="medium", seat1="medium")
    page.wait_for_function(OVER, timeout=240_000)
    title = page.inner_text(".result h3")
    assert re.fullmatch(r"(Red|Yellow) wins · Red \d, Yellow \d", title), title
    assert "4" in title  # the winner brought all four pawns to Finish
    assert log(page).count("draw") >= 10
    # Each team's moves in the log read as text (Yellow on cream was 2.2), light and dark.
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        for seat in (0, 1):
            assert contrast(page, f".move-log .mv.c{seat}") >= 4.5, (scheme, seat)
    # The finished game stepped back through (issue #26): a tap on a move of the log and the keys
    # reach the same earlier position, which is not the final one; End is the game again.
    total = len(log(page))
    final = page.evaluate(PAWNS_DRAWN)
    page.click(".result button:text-is('Hide')")
    page.click(".move-log li:nth-child(12)")
    page.wait_for_function("document.querySelector('.table').dataset.replayPly === '12'")
    assert page.inner_text(".turn-status").startswith(f"Viewing move 12 of {total}")
    earlier = page.evaluate(PAWNS_DRAWN)
    assert earlier != final and len(earlier) == len(final) == 8
    page.focus(".move-log")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("document.querySelector('.table').dataset.replayPly === '13'")
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("document.querySelector('.table').dataset.replayPly === '12'")
    assert page.evaluate(PAWNS_DRAWN) == earlier
    page.keyboard.press("End")
    page.wait_for_function("document.querySelector('.table.replaying') === null")
    assert page.evaluate(PAWNS_DRAWN) == final
    assert page.console_errors == [] and blocked == []


PAWNS_DRAWN = """() => [...document.querySelectorAll('.sanctuary-board .pawns circle')]
  .map(c => c.getAttribute('class') + '@' + c.getAttribute('cx') + ',' + c.getAttribute('cy')).sort()"""


def open_position(open_page, seats, query="/?clock=600&pace=0", position=SIX_SPLIT, storage=None):
    """A page whose saved table is `position`, found in its storage at its first load (which
    restores it, as a reload would), with the other `storage` items too."""
    config = {"game": "sanctuary", "variant": "standard", "seed": 4, "options": {}, "seats": seats}
    saved = {"game": "sanctuary", "mode": "2t", "snapshot": Table(config, position).snapshot()}
    page = open_page(query, local_storage={"parlor.table.v1": json.dumps(saved), **(storage or {})})
    wait_engine(page)
    return page


LABELS_UNDER_PAWNS = """() => {
  const boxes = selector => [...document.querySelectorAll(selector)].map(n => n.getBoundingClientRect());
  const hit = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const pawns = boxes('.sanctuary-board .pawn');
  return [...document.querySelectorAll('.sanctuary-board .zone-label')]
    .filter(label => pawns.some(pawn => hit(label.getBoundingClientRect(), pawn))).map(l => l.textContent);
}"""


def test_six_split_from_the_move_list_preview_cancel_confirm(open_page):
    page = open_position(open_page, [{"kind": "human"}, {"kind": "ai", "level": "easy"}])
    page.wait_for_function(HUMAN_TURN)
    assert page.inner_text(".card-drawn .card-name") == "Six"
    # A screen reader hears each space's pawns (and whether they can move).
    assert page.get_attribute("[data-sq='L@0']", "aria-label") == "Red's Launch L, 2 Red pawns"
    assert page.get_attribute("[data-sq=T10]", "aria-label").startswith("T10, Red's side, Red pawn, ")
    assert page.get_attribute("[data-sq='S1@1']", "aria-label") == "Yellow's Sanctuary S1"
    assert page.get_attribute("[data-sq=T4]", "aria-label") == "T4, Red's side, Red's arrow (Launch leads here)"
    assert page.get_attribute("[data-sq=T32]", "aria-label") == \
        "T32, Yellow's side, Yellow's entry crossing (into Yellow's Sanctuary)"
    # Every space a move names is written on the board ("T12 → T16": T12 and T16), Launch and
    # Finish with their letters; an arrow along each side says which way the pawns go.
    labels = page.eval_on_selector_all(".sanctuary-board [data-sq]", "cells => Object.fromEntries(cells.map("
                                       "c => [c.dataset.sq, c.querySelector('.track-num, .zone-label')?.textContent]))")
    assert all(labels[f"T{i}"] == f"T{i}" for i in range(60)) and labels["S3@0"] == "S3"
    assert labels["L@1"] == "Launch L" and labels["F@0"] == "Finish F"
    assert page.locator(".sanctuary-board .track-way").count() == 4
    assert axe_violations(page) == []
    assert board_roles(page) == ["group", []]  # spaces are buttons: a track has no rows
    # The names of Launch and Finish stay readable with pawns on them (six wait in Launch here).
    assert page.evaluate(LABELS_UNDER_PAWNS) == []
    split = page.locator(".move-list button[data-move='T12>T16,T10>T12']")
    assert split.inner_text() == "T12 → T16, then T10 → T12"
    assert page.locator(".move-list button[data-move='T10>T12,T12>T16']").count() == 0  # order matters
    listed = page.eval_on_selector_all(".move-list button", "bs => bs.map(b => b.dataset.move)")
    assert listed[:2] == ["T10>T16", "T12>T18"] and all("," in m for m in listed[2:])  # whole sixes first
    split.click()
    assert page.is_visible(".preview") and "T12 → T16, then T10 → T12" in page.inner_text(".preview")
    for scheme in ("dark", "light"):  # the preview reads in dark mode too (it was 1.1)
        page.emulate_media(color_scheme=scheme)
        assert contrast(page, ".preview p") >= 4.5, scheme
    assert page.get_attribute("[data-sq=T16] .space", "class").find("preview-dest") >= 0
    page.click(".preview .cancel")
    assert not page.is_visible(".preview") and log(page) == []
    split.click()
    page.click(".preview .confirm")
    page.wait_for_function("document.querySelectorAll('.move-log .mv').length >= 1")
    assert log(page)[0] == "T12>T16,T10>T12"


def test_a_switcheroo_says_where_the_rival_goes_and_the_seeds_words_guide_the_turn(open_page):
    swap = {"game": "sanctuary", "seats": 2, "card": "Switcheroo", "to_move": 0, "seed": 4,
            "pawns": [["T10", "L", "L", "L"], ["T40", "L", "L", "L"]]}
    page = open_position(open_page, [{"kind": "human"}, {"kind": "human"}], position=swap)
    page.wait_for_function(HUMAN_TURN)
    assert page.inner_text(".card-drawn .card-hint") == "Select a glowing pawn, then its destination."
    assert page.inner_text(".move-list button[data-move='T10<>T40']") == "T10 → T40 · Yellow's pawn there goes to T10"
    page.click("[data-sq=T10]")
    page.click("[data-sq=T40]")
    assert "Yellow's pawn there goes to T10" in page.inner_text(".preview")
    page.click(".preview .confirm")
    wait_log(page, 1)
    assert page.inner_text(".card-drawn .card-hint") == ""  # Yellow must draw first ...
    assert page.inner_text(".card-drawn .card-text") == "Draw a card to begin."
    assert page.is_hidden(".table > .controls button.ask-hint")  # drawing is the only move: no hint
    assert page.inner_text(".card-drawn .card-last") == "Red played Switcheroo: T10 → T40"  # ... seeing Red's card
    page.click(".table-head button:text-is('Rules')")
    rules = page.inner_text(".rules")
    for sentence in ("Sanctuary is private.", "Backstep 3 may move any track pawn backward",
                     "Readable view returns to your chosen zoom.", "Your sound preference is saved on this device."):
        assert sentence in rules


def test_keyboard_play_arrows_follow_the_board_and_focus_stays_on_it(open_page):
    page = open_position(open_page, [{"kind": "human"}, {"kind": "human"}])
    page.wait_for_function(HUMAN_TURN)
    focused = "document.activeElement.dataset.sq || document.activeElement.textContent"
    page.focus(".sanctuary-board [tabindex='0']")
    assert page.evaluate(focused) == "T0"
    for _ in range(5):
        page.keyboard.press("ArrowRight")           # along the top row, as drawn ...
    assert page.evaluate(focused) == "T5"
    page.keyboard.press("ArrowDown")                # ... and down to Red's Launch below it
    assert page.evaluate(focused) == "L@0"
    page.keyboard.press("ArrowUp")
    for _ in range(5):
        page.keyboard.press("ArrowRight")
    assert page.evaluate(focused) == "T10"
    page.keyboard.press("Enter")                    # pick the pawn on T10 ...
    seen = []
    for key in ["ArrowRight"] * 6 + ["ArrowDown"]:
        page.keyboard.press(key)
        seen.append(page.evaluate(focused))
    assert seen == ["T11", "T12", "T13", "T14", "T15", "T15", "T16"]  # the corner turns down
    page.keyboard.press("Enter")                    # ... and T16: previewed
    assert page.is_visible(".preview") and "T10 → T16" in page.inner_text(".preview")
    page.focus(".preview .confirm")
    page.keyboard.press("Enter")
    wait_log(page, 1)
    assert page.evaluate(focused) == "T16"          # not lost to the page when Confirm hides
    page.focus(".card-drawn button:text-is('Draw a card')")  # Yellow draws by keyboard
    page.keyboard.press("Enter")
    wait_log(page, 2)
    assert page.evaluate("document.activeElement.dataset.sq") is not None
    assert page.console_errors == []


def test_a_forced_pass_is_said_and_made_by_itself_the_focus_left_on_the_board(open_page):
    stuck = {"game": "sanctuary", "seats": 2, "card": "Backstep 3", "to_move": 0, "seed": 4,
             "pawns": [["L", "L", "L", "L"], ["L", "L", "L", "L"]]}
    # This device kept the manual pass (Pass by itself off): the table waits for Pass.
    page = open_position(open_page, [{"kind": "human"}, {"kind": "human"}], position=stuck,
                         storage={"parlor.autopass": "off"})
    page.wait_for_function("[...document.querySelectorAll('.table button')]"
                           ".some(b => b.textContent === 'Pass' && !b.hidden && !b.disabled)")
    assert page.inner_text(".turn-status") == "Red has no move: press Pass"
    assert page.inner_text(".card-drawn .card-hint") == "No pawn can move with this card: the turn passes."
    assert page.get_attribute(".auto-pass", "aria-pressed") == "false"
    page.wait_for_timeout(2500)  # longer than the table's moment (AUTO_PASS_MS)
    assert log(page) == []
    # Pass by itself, on again: said plainly, for a moment, then passed without a tap. (In one
    # go: the moment is short for a loaded machine's round trips.)
    said = page.evaluate("""() => {
      document.querySelector('.auto-pass').click();
      const pass = [...document.querySelectorAll('.table button')].find((b) => b.textContent === 'Pass');
      pass.focus();  // a keyboard user on Pass (it would pass at once)
      return [document.querySelector('.turn-status').textContent,
              document.querySelector('.auto-pass').getAttribute('aria-pressed'),
              document.querySelectorAll('.move-log .mv').length];
    }""")
    assert said == ["Red has no move: passing…", "true", 0]
    wait_log(page, 1, timeout=10_000)
    assert log(page) == ["pass"] and page.evaluate("document.activeElement.dataset.sq") is not None
    assert page.inner_text(".turn-status") == "Yellow to move"


PAWNS = ("[...document.querySelectorAll('.sanctuary-board .pawn')]"
         ".map(p => [p.getAttribute('class'), p.getAttribute('cx'), p.getAttribute('cy')])")


def test_a_hint_rings_hards_move_and_plays_nothing(open_page):
    page = open_position(open_page, [{"kind": "human"}, {"kind": "human"}], query="/?pace=0&budget=0.3")
    page.wait_for_function(HUMAN_TURN)
    pawns = page.evaluate(PAWNS)
    assert len(pawns) == 8 and page.locator(".seat .clock:visible").count() == 0  # no turn clock
    page.click(".table > .controls button.ask-hint")
    page.wait_for_function("document.querySelector('.table').dataset.hint !== undefined", timeout=20_000)
    move = page.get_attribute(".table", "data-hint")
    hinted = set(page.evaluate("[...document.querySelectorAll('.sanctuary-board .hinted')].map(c => c.dataset.sq)"))
    assert set(re.findall(r"T\d+", move)) <= hinted and hinted, (move, hinted)  # its spaces, ringed
    assert page.locator(".sanctuary-board .hinted .hint-ring").count() == len(hinted)
    assert page.inner_text(".hint-said").startswith("Hint: ")
    # ... and marked in the move list, in words too ("· hint").
    assert page.eval_on_selector_all(".move-list button.hinted", "bs => bs.map(b => b.dataset.move)") == [move]
    assert page.inner_text(f".move-list button[data-move='{move}']").endswith("· hint")
    # Not played: the pawns where they were, the same card, nothing logged, Red still to move.
    assert page.evaluate(PAWNS) == pawns and log(page) == []
    assert page.inner_text(".card-drawn .card-name") == "Six"
    assert page.inner_text(".turn-status") == "Red to move"
    assert page.locator(".seat .clock:visible").count() == 0
    # The ring reads on the light board in dark mode too (the boards stay light).
    page.emulate_media(color_scheme="dark")
    assert page.evaluate("getComputedStyle(document.querySelector('.hint-ring')).stroke") == "rgb(75, 29, 158)"
    assert page.console_errors == []


def test_a_person_may_take_their_time(open_page):
    # Sanctuary has no turn clock: ?clock=1 would end an Ataxx turn after a second.
    page = open_position(open_page, [{"kind": "human"}, {"kind": "ai", "level": "easy"}],
                         query="/?clock=1&pace=0")
    page.wait_for_function(HUMAN_TURN)
    page.wait_for_timeout(3000)
    assert not page.is_visible(".result") and page.locator(".seat .clock:visible").count() == 0
    page.click(".move-list button[data-move='T12>T16,T10>T12']")
    page.click(".preview .confirm")
    # (>= 1: the computer, at pace 0, may already have played after it)
    page.wait_for_function("document.querySelectorAll('.move-log .mv').length >= 1", timeout=30_000)
    assert log(page)[0] == "T12>T16,T10>T12" and page.console_errors == []


def test_choosing_a_destination_brings_confirm_into_view_on_a_phone(open_page):
    page = open_position(open_page, [{"kind": "human"}, {"kind": "human"}])
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_function(HUMAN_TURN)
    page.evaluate("window.scrollTo(0, 0)")
    # The whole board: every space a finger's target of 24 px at least; the view tools one row.
    page.click(".view-tools button:text-is('Whole board')")
    sizes = page.eval_on_selector_all(".sanctuary-board [data-sq]", "cells => cells.map(c => {"
                                      " const r = c.getBoundingClientRect(); return Math.min(r.width, r.height); })")
    assert len(sizes) == 60 + 2 * 6 and min(sizes) >= 24, min(sizes)
    tools, tool = page.locator(".view-tools").bounding_box(), page.locator(".view-tools button").first.bounding_box()
    assert tools["height"] < 1.5 * tool["height"]
    # All five in view (short labels: "+", "Whole"...), none scrolled off; their names stay whole.
    assert page.evaluate("(t => t.scrollWidth <= t.clientWidth)(document.querySelector('.view-tools'))")
    assert page.get_by_role("button", name="Readable view", exact=True).is_visible()
    page.click(".board [data-sq=T10]")
    page.click(".board [data-sq=T16]")  # the whole Six on one pawn: one move, previewed
    assert page.is_visible(".preview") and "T10 → T16" in page.inner_text(".preview")
    # Below the board, Confirm was off-screen: the page scrolls it into view.
    page.wait_for_function("(() => { const r = document.querySelector('.preview .confirm')"
                           ".getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; })()",
                           timeout=5_000)
    page.click(".preview .confirm")
    wait_log(page, 1)
    assert log(page)[0] == "T10>T16"


def test_a_laptop_shows_the_card_the_tools_and_the_whole_track_at_once(open_page):
    page = open_position(open_page, [{"kind": "human"}, {"kind": "human"}])
    page.set_viewport_size({"width": 1280, "height": 720})
    page.wait_for_function(HUMAN_TURN)
    page.evaluate("document.querySelector('.card-drawn').scrollIntoView({block: 'start'})")
    tools = page.locator(".view-tools").bounding_box()
    board = page.locator(".sanctuary-board").bounding_box()
    button = page.locator(".view-tools button").first.bounding_box()
    assert tools["height"] < 1.5 * button["height"]  # the five tools on one row
    assert button["height"] >= 44  # a finger's target, as docs/ui.md promises
    assert board["y"] > tools["y"] and board["y"] + board["height"] <= 720  # the bottom row in view


PINCH = """([from, to]) => {
  // Two fingers on the board's middle, from `from` px apart to `to` px apart, then lifted.
  const svg = document.querySelector('.sanctuary-board');
  const box = svg.getBoundingClientRect(), x = box.x + box.width / 2, y = box.y + box.height / 2;
  const send = (type, id, dx) => svg.dispatchEvent(new PointerEvent(type, {pointerId: id, bubbles: true,
    pointerType: 'touch', clientX: x + dx, clientY: y}));
  send('pointerdown', 1, -from / 2); send('pointerdown', 2, from / 2);
  for (let i = 1; i <= 8; i++) { const d = from + (to - from) * i / 8; send('pointermove', 1, -d / 2); send('pointermove', 2, d / 2); }
  send('pointerup', 1, -to / 2); send('pointerup', 2, to / 2);
  return Number(svg.dataset.zoom);
}"""


WHEEL = """deltas => {
  // A trackpad pinch: ctrl + wheel events on the board, one per delta.
  const svg = document.querySelector('.sanctuary-board');
  for (const deltaY of deltas) svg.dispatchEvent(new WheelEvent('wheel', {deltaY, ctrlKey: true,
    bubbles: true, cancelable: true}));
  return Number(svg.dataset.zoom);
}"""


def test_a_pinch_remembers_the_zoom_it_settles_on(open_page):
    page = open_position(open_page, [{"kind": "human"}, {"kind": "human"}])
    page.wait_for_function(HUMAN_TURN)
    # On the whole board a vertical swipe scrolls the page; zoomed, a drag pans the board.
    touch = "getComputedStyle(document.querySelector('.sanctuary-board')).touchAction"
    assert page.evaluate(touch) == "pan-y"
    key = page.evaluate("Object.keys(localStorage).find(k => k.startsWith('parlor.sanctuary.zoom.'))")
    assert key is None
    assert page.evaluate(PINCH, [60, 180]) == 3.0                 # pinch out to x3 ...
    assert page.evaluate(touch) == "none"
    key = page.evaluate("Object.keys(localStorage).find(k => k.startsWith('parlor.sanctuary.zoom.'))")
    assert float(page.evaluate(f"localStorage.getItem('{key}')")) == 3.0
    assert page.evaluate(PINCH, [180, 60]) == 1.0                 # ... and back to the whole board:
    assert float(page.evaluate(f"localStorage.getItem('{key}')")) == 3.0  # the x3 stays chosen
    page.click(".view-tools button:text-is('Readable view')")
    assert view_box(page)[2] == pytest.approx(640 / 3, abs=0.1)
    # A trackpad pinch too: in to x2.59, out to the whole board in one sweep — x2.59 stays chosen.
    page.click(".view-tools button:text-is('Whole board')")
    assert page.evaluate(WHEEL, [-100] * 10) == 2.59
    page.wait_for_function(f"Math.abs(localStorage.getItem('{key}') - 2.59) < 0.01")  # settled
    assert page.evaluate(WHEEL, [100] * 12) == 1.0
    page.wait_for_timeout(700)
    assert round(float(page.evaluate(f"localStorage.getItem('{key}')")), 2) == 2.59
    page.click(".view-tools button:text-is('Readable view')")
    assert view_box(page)[2] == pytest.approx(640 / 2.5937, abs=0.1)


def test_a_drag_that_starts_on_a_pawn_pans_and_a_tap_selects_it(open_page):
    page = open_position(open_page, [{"kind": "human"}, {"kind": "human"}])
    page.wait_for_function(HUMAN_TURN)
    page.click(".view-tools button:text-is('Zoom in')")
    page.click(".view-tools button:text-is('Zoom in')")
    before = view_box(page)  # before any move, around a pawn that can move (not Red's Launch)
    assert before[0] <= 10.5 * 40 <= before[0] + before[2] and before[1] <= 0.5 * 40 <= before[1] + before[3]
    pawn = page.locator("[data-sq=T10]").bounding_box()
    x, y = pawn["x"] + pawn["width"] / 2, pawn["y"] + pawn["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x - 90, y + 60, steps=6)
    page.mouse.up()
    assert view_box(page)[:2] != before[:2]  # the board moved ...
    assert page.locator(".sanctuary-board .selected").count() == 0  # ... and nothing was chosen
    assert page.locator(".preview").is_hidden()
    pawn = page.locator("[data-sq=T10]").bounding_box()
    page.mouse.click(pawn["x"] + pawn["width"] / 2, pawn["y"] + pawn["height"] / 2)
    assert "selected" in page.get_attribute("[data-sq=T10]", "class")
    assert page.console_errors == []


def test_zoom_whole_board_and_recenter(open_page):
    page = open_position(open_page, [{"kind": "human"}, {"kind": "human"}])  # nothing moves by itself
    page.wait_for_function(HUMAN_TURN)
    page.click(".move-list button[data-move='T12>T16,T10>T12']")
    page.click(".preview .confirm")
    wait_log(page, 1)
    assert view_box(page)[2] == 640
    page.click(".view-tools button:text-is('Zoom in')")
    page.click(".view-tools button:text-is('Zoom in')")
    zoomed = view_box(page)
    assert zoomed[2] < 400  # only the board changed size, around the last move (T12)
    assert zoomed[0] <= 12.5 * 40 - 0 and zoomed[0] + zoomed[2] >= 12.5 * 40
    box = page.locator(".sanctuary-board").bounding_box()
    page.mouse.move(box["x"] + 200, box["y"] + 200)
    page.mouse.down()
    page.mouse.move(box["x"] + 260, box["y"] + 260, steps=5)
    page.mouse.up()
    assert view_box(page)[:2] != zoomed[:2]  # dragged: the view moved and stopped following
    page.click(".view-tools button:text-is('Recenter')")
    assert view_box(page) == zoomed
    page.click(".view-tools button:text-is('Whole board')")
    assert view_box(page) == [0, 0, 640, 640]
    page.click(".view-tools button:text-is('Readable view')")
    assert view_box(page)[2] == zoomed[2]
    # The zoom chosen on this device is remembered: the board comes back at it after a reload.
    page.click(".view-tools button:text-is('Whole board')")
    page.reload()
    wait_engine(page)
    page.wait_for_selector(".sanctuary-board")
    assert view_box(page)[2] == zoomed[2]
    assert page.console_errors == []

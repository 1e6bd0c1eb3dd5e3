"""Runners at the table, in Chromium: a person's move by tapping (and, with Confirm moves on,
waiting for Confirm), computers playing to the end, a team game's seats by team, Undo over
computer turns, Pause AI, and a dialog pausing the computers."""

import re

import pytest
from tablekit import HUMAN_TURN, OVER, axe_violations, board_roles, log, start, tap_move, wait_engine, wait_log

pytestmark = [pytest.mark.browser, pytest.mark.shared_page]


def test_a_person_moves_by_tapping_and_the_computer_replies(open_page, blocked):
    page = open_page("/?clock=600&pace=0")
    wait_engine(page)
    start(page, "runners", "2p", seat0="human", seat1="easy")
    page.wait_for_function(HUMAN_TURN)
    # Before a move is made, each target says what it would claim: A3 to A4 claims A3 (between
    # A4 and A2); under the pointer the hex it would claim is ringed; the name says it too.
    page.click("[data-sq=A3]")
    assert page.text_content("[data-sq=A4] .preview-gain") == "+1"
    assert page.get_attribute("[data-sq=A4]", "aria-label") == "A4 +1, empty, step target: claims A3"
    assert page.text_content("[data-sq=B3] .preview-gain") == ""  # a step that claims nothing
    page.hover("[data-sq=A4]")
    assert "preview-claim" in page.get_attribute("[data-sq=A3] .hex", "class")
    page.hover("[data-sq=E5]")
    assert "preview-claim" not in page.get_attribute("[data-sq=A3] .hex", "class")
    # Confirm moves (off by default at a table on this device with a mouse): on, a move waits,
    # marked on the board and said in words, until Confirm.
    assert page.get_attribute(".confirm-moves", "aria-pressed") == "false"
    page.click(".confirm-moves")
    assert page.get_attribute(".confirm-moves", "aria-pressed") == "true"
    page.click("[data-sq=A4]")
    assert page.inner_text(".move-confirm p") == "Orange: A3 → A4 (step): claims A3 — Confirm?"
    assert "pending" in page.get_attribute("[data-sq=A4]", "class")
    assert page.get_attribute("[data-sq=A4]", "aria-label") == \
        "A4 +1, empty, step target, waiting for Confirm: claims A3"
    page.hover("[data-sq=E5]")
    assert "preview-claim" in page.get_attribute("[data-sq=A3] .hex", "class")  # its claim stays ringed
    assert axe_violations(page) == []  # a move waiting, light and dark
    page.click(".move-confirm .cancel")
    assert page.is_hidden(".move-confirm") and "pending" not in page.get_attribute("[data-sq=A4]", "class")
    page.wait_for_timeout(300)
    assert log(page) == []  # nothing was played; A3 is still picked
    assert "selected" in page.get_attribute("[data-sq=A3]", "class")
    page.click("[data-sq=A2]")
    assert page.text_content("[data-sq=A4] .preview-gain") == ""  # A2's targets now
    assert page.get_attribute("[data-sq=B2] .marker", "class") == "marker step"
    assert page.get_attribute("[data-sq=A4] .marker", "class") == "marker leap"  # over A3
    page.click("[data-sq=B2]")
    assert page.inner_text(".move-confirm p") == "Orange: A2 → B2 (step) — Confirm?"
    page.wait_for_timeout(450)  # (a second tap sooner is a double tap: one tap)
    page.click("[data-sq=B2]")  # the same target again confirms it
    wait_log(page, 2)
    assert log(page)[0] == "A2-B2" and page.is_hidden(".move-confirm")
    assert page.get_attribute("[data-sq=B2] .runner", "class") == "runner c0"
    assert page.get_attribute("[data-sq=A2] .runner", "class") == "runner none"
    assert page.inner_text(".table-meta").startswith("Round 2/20 · first to 7")
    assert page.console_errors == [] and blocked == []


def test_a_person_moves_by_keyboard_and_sees_where_the_focus_is(open_page):
    page = open_page("/?clock=600&pace=0")
    wait_engine(page)
    start(page, "runners", "2p", seat0="human", seat1="easy")
    page.wait_for_function(HUMAN_TURN)
    assert board_roles(page) == ["grid", []]  # the hexes in their lettered rows
    page.focus(".board .cell[tabindex='0']")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.sq") == "A2"
    ring = page.evaluate("(() => { const s = getComputedStyle(document.querySelector('[data-sq=A2] .hex'));"
                         " return [s.stroke, s.strokeDasharray]; })()")
    others = page.evaluate("getComputedStyle(document.querySelector('[data-sq=A3] .hex')).stroke")
    assert ring[0] == "rgb(217, 130, 43)" and ring[1] != "none" and others != ring[0]  # a visible ring
    page.keyboard.press("Enter")                   # pick the runner on A2 ...
    assert page.get_attribute("[data-sq=B2] .marker", "class") == "marker step"
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.dataset.sq") == "B2"
    page.keyboard.press("Enter")                   # ... and move it to B2
    wait_log(page, 2)
    assert log(page)[0] == "A2-B2" and page.console_errors == []
    # The row letters beside the board read in light and in dark mode.
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert page.evaluate(ROW_LABEL_CONTRAST) >= 3, scheme  # large bold text: WCAG's 3
    assert axe_violations(page) == []  # the table, light and dark


ROW_LABEL_CONTRAST = """() => {
  // A row letter's fill (with its alpha) over the first opaque background behind the board.
  const rgba = (text) => { const n = text.match(/[\\d.]+/g).map(Number); return n.length < 4 ? [...n, 1] : n; };
  const lum = ([r, g, b]) => [r, g, b].map((c) => { c /= 255; return c <= 0.03928 ? c / 12.92 :
    ((c + 0.055) / 1.055) ** 2.4; }).reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0);
  const label = document.querySelector('.board .row-label');
  let back = label.closest('svg'), under;
  while (back) {
    under = rgba(getComputedStyle(back).backgroundColor);
    if (under[3] > 0.9) break;
    back = back.parentElement;
  }
  if (!back) under = [255, 255, 255, 1];
  const fill = rgba(getComputedStyle(label).fill);
  const seen = [0, 1, 2].map((i) => fill[3] * fill[i] + (1 - fill[3]) * under[i]);
  const [a, b] = [lum(seen), lum(under)];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}"""


def computers_to_the_end(open_page, mode, **levels):
    """A page where computers played a game of `mode` to its end, and the result's headline."""
    page = open_page("/?clock=600&pace=0")
    wait_engine(page)
    start(page, "runners", mode, **levels)
    page.wait_for_function(OVER, timeout=120_000)
    return page, page.inner_text(".result h3")


def test_four_computers_play_to_the_end(open_page):
    page, title = computers_to_the_end(open_page, "4p", seat0="easy", seat1="medium",
                                       seat2="easy", seat3="medium")
    assert re.fullmatch(r"((Orange|Blue|Jade|Violet)( and (Orange|Blue|Jade|Violet))* wins?|Draw)"
                        r" · Orange \d+, Blue \d+, Jade \d+, Violet \d+", title), title
    assert len(log(page)) <= 80
    assert page.console_errors == []


def test_a_team_game_ends_with_the_teams_totals(open_page):
    page, title = computers_to_the_end(open_page, "2v2", seat0="easy", seat1="easy",
                                       seat2="easy", seat3="easy")
    # Orange + Jade against Blue + Violet: the headline gives the two teams' totals (it gave
    # the four seats' scores, which decide nothing in 2v2).
    assert re.fullmatch(r"(Orange and Jade win|Blue and Violet win|Draw) · Orange \+ Jade \d+, Blue \+ Violet \d+",
                        title), title
    # The seats stand by team, each team headed by its members and its total.
    assert page.inner_text(".team-0 .team-members") == "Orange + Jade"
    assert page.inner_text(".team-1 .team-members") == "Blue + Violet"
    totals = [int(page.inner_text(f".team-{i} .team-total")) for i in (0, 1)]
    assert title.endswith("Orange + Jade {}, Blue + Violet {}".format(*totals)), (title, totals)
    columns = page.evaluate("[0, 1, 2, 3].map((i) => getComputedStyle(document.querySelector('.seat-' + i)).gridColumnStart)")
    assert columns == ["1", "2", "1", "2"]  # Orange and Jade under Team A, Blue and Violet under Team B
    assert page.console_errors == []


def test_undo_reverses_the_computer_turns_too(open_page):
    page = open_page("/?clock=600&pace=0")
    wait_engine(page)
    start(page, "runners", "2v2", seat0="human", seat1="easy", seat2="easy", seat3="easy")
    tap_move(page, "step", "leap")
    wait_log(page, 4)
    page.wait_for_function(HUMAN_TURN)
    page.click("text=Undo")
    wait_log(page, 0)
    page.wait_for_function(HUMAN_TURN)
    assert page.inner_text(".turn-status") == "Orange to move"
    assert page.get_attribute("[data-sq=A1] .runner", "class") == "runner c0"


def test_pause_ai_and_the_rules_dialog_stop_the_computers(open_page):
    page = open_page("/?clock=600&pace=300")
    wait_engine(page)
    start(page, "runners", "3p", seat0="easy", seat1="easy", seat2="easy")
    page.wait_for_function("document.querySelectorAll('.move-log .mv').length >= 2", timeout=30_000)
    # Pause stays enabled while the computers' moves come and go (a tap on it is never lost).
    page.evaluate("""() => { const pause = [...document.querySelectorAll('.table .controls button')]
          .find(b => b.textContent === 'Pause');
        window.pauseDisabled = [];
        new MutationObserver(() => pause.disabled && window.pauseDisabled.push(pause.textContent))
          .observe(pause, {attributes: true, attributeFilter: ['disabled']}); }""")
    moved = len(log(page))
    wait_log(page, moved + 2)
    assert page.evaluate("window.pauseDisabled") == []
    page.click("text=Pause")
    page.wait_for_timeout(400)  # an answer already on its way is dropped, not played
    paused_at = len(log(page))
    page.wait_for_timeout(1500)
    assert len(log(page)) == paused_at and page.inner_text(".turn-status") == "Paused"
    page.click("text=Resume")
    wait_log(page, paused_at + 2)
    page.click(".table-head button:text-is('Rules')")  # opening a dialog pauses local computers until it closes
    page.wait_for_timeout(400)
    held_at = len(log(page))
    page.wait_for_timeout(1500)
    assert len(log(page)) == held_at and page.inner_text(".turn-status") == "Paused"
    page.click(".table-head button:text-is('Rules')")
    wait_log(page, held_at + 2)

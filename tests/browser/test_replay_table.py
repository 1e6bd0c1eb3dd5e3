"""Replay at the table (issue #26, part 1), in Chromium: the controls, the keys on the move log and
a tap on a move show the board after that move, checked square by square against parlor.rules
replaying the same moves; a move that arrives meanwhile (a computer's, a remote player's) is kept
and said; "Back to the game" shows it. A guest in an online room replays from the views it got.
Parts 2 and 3: the move selected in the log is located on the board (its places get the class
`located`), each log entry is named by the move in words, and a computer's or a remote player's
move is announced in words (the aria-live region `.move-said`)."""

import json
import time

import pytest
from tablekit import HUMAN_TURN, log, wait_engine, wait_log
from tablekit import start as start_game
from tablekit import tap_move
from test_online_room import MY_TURN, create_room, join, start_room, tap_any

from parlor.rules import new_game

pytestmark = [pytest.mark.browser, pytest.mark.shared_page]

FILES = "abcdefg"
# The board as drawn: per square its piece ("x", "o"), a blocked square ("-") or empty (".").
DRAWN = """() => { const rows = [];
  for (let r = 7; r >= 1; r--) { let row = '';
    for (const f of 'abcdefg') { const cell = document.querySelector(`.board [data-sq=${f}${r}]`);
      const piece = cell.querySelector('.piece').getAttribute('class');
      row += piece.includes(' x') ? 'x' : piece.includes(' o') ? 'o'
        : cell.querySelector('.sq').classList.contains('blocked') ? '-' : '.'; }
    rows.push(row); }
  return rows; }"""
VIEWING = "document.querySelector('.table.replaying') !== null"
LOCATED = "() => [...document.querySelectorAll('.stage .located')].map(n => n.dataset.sq).sort()"
TITLES = "() => [...document.querySelectorAll('.move-log li')].map(n => n.getAttribute('title'))"
ANNOUNCED = "document.querySelector('.move-said').textContent"


def in_words(config, moves, index):
    """(words, places) of move `index` of `moves`, by the rules from the position before it."""
    state = new_game("ataxx", seats=2, variant=config["variant"], seed=config.get("seed", 0),
                     **config.get("options", {}))
    for move in moves[:index]:
        state = state.play(move)
    return state.describe(moves[index]), sorted(state.places(moves[index]))


def rules_board(config, moves):
    """The Ataxx board after `moves` from the table's start, by the rules (not the page)."""
    state = new_game("ataxx", seats=2, variant=config["variant"], seed=config.get("seed", 0),
                     **config.get("options", {}))
    for move in moves:
        state = state.play(move)
    return state.view(None)["board"]


def shows(page, config, moves, ply):
    """The board shows the position after `ply` of `moves`, and the status says which."""
    page.wait_for_function(f"document.querySelector('.table').dataset.replayPly === '{ply}'")
    assert page.evaluate(DRAWN) == rules_board(config, moves[:ply]), ply
    # The status and the log read at once: a computer's move may arrive meanwhile ("· 1 new move").
    status, count = page.evaluate("[document.querySelector('.turn-status').textContent, "
                                  "document.querySelectorAll('.move-log .mv').length]")
    assert count >= len(moves)
    assert status.startswith("Viewing the start" if ply == 0 else f"Viewing move {ply} of {count}"), status
    assert page.query_selector(".board.interactive") is None  # a replayed position offers no move
    current = page.eval_on_selector_all(".move-log li.current", "nodes => nodes.map(n => n.textContent)")
    assert current == ([] if ply == 0 else [f"{ply}.{moves[ply - 1]}"])


def back_to_the_game(page, config):
    page.wait_for_function(f"!({VIEWING})")
    assert page.evaluate(DRAWN) == rules_board(config, log(page))
    assert not page.inner_text(".turn-status").startswith("Viewing")


def test_replay_a_solo_game_by_controls_keys_and_log_while_the_computer_moves(open_page, blocked):
    t0 = time.monotonic()
    page = open_page("/?clock=600&pace=1500&budget=0.05")
    wait_engine(page)
    start_game(page, "ataxx", "solo", level="easy", layout="Diamond")
    config = json.loads(page.evaluate("localStorage.getItem('parlor.table.v1')"))["snapshot"]["config"]
    assert page.is_hidden(".replay")  # nothing to replay yet
    for rounds in range(1, 4):
        tap_move(page, "place", "jump")
        wait_log(page, 2 * rounds)
    moves = log(page)
    assert page.inner_text(".replay-where") == "6 moves · live"
    # Each entry of the log is named by the move in words; the computer's move is announced so.
    words = [in_words(config, moves, i)[0] for i in range(len(moves))]
    assert page.evaluate(TITLES) == words and words[5].startswith("Blue ")
    assert page.evaluate(ANNOUNCED) == words[5]
    assert page.get_attribute(".move-said", "aria-live") == "polite"
    print(f"replay: a solo game of {len(moves)} plies in {time.monotonic() - t0:.1f} s")

    # On a 390 px phone the controls are one row, within the screen.
    page.set_viewport_size({"width": 390, "height": 844})
    nav = page.evaluate("""() => { const boxes = [...document.querySelectorAll('.replay-nav > *')]
        .map(n => n.getBoundingClientRect());
      return {top: Math.max(...boxes.map(b => b.top)), bottom: Math.min(...boxes.map(b => b.bottom)),
              right: Math.max(...boxes.map(b => b.right)), width: innerWidth,
              scroll: document.documentElement.scrollWidth}; }""")
    assert nav["top"] < nav["bottom"], nav  # every control beside every other: one row
    assert nav["right"] <= nav["width"] and nav["scroll"] <= nav["width"], nav
    page.set_viewport_size({"width": 1280, "height": 800})
    # The controls: back one move, to the start, forward.
    page.click(".replay-back")
    shows(page, config, moves, 5)
    assert page.inner_text(".replay-where") == "Move 5 of 6"
    page.click(".replay-first")
    shows(page, config, moves, 0)
    assert page.is_disabled(".replay-back") and page.is_disabled(".replay-first")
    page.click(".replay-forward")
    shows(page, config, moves, 1)
    # The keys, on the move log (the board keeps its own arrow keys for its squares).
    page.focus(".move-log")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    shows(page, config, moves, 3)
    page.keyboard.press("ArrowLeft")
    shows(page, config, moves, 2)
    page.keyboard.press("Home")
    shows(page, config, moves, 0)
    page.keyboard.press("End")
    back_to_the_game(page, config)
    page.wait_for_function(HUMAN_TURN)  # the live board is interactive again
    # A tap on a move in the log shows the board after it; a tap on the last one is the game.
    page.click(".move-log li:nth-child(4)")
    shows(page, config, moves, 4)
    # ...and locates it: the squares it names are outlined, its words said under the log.
    located = in_words(config, moves, 3)[1]
    assert page.evaluate(LOCATED) == located and len(located) >= 1
    assert page.inner_text(".log-said") == "4. " + words[3]
    page.click(".move-log li:nth-child(2) .num")
    shows(page, config, moves, 2)
    assert page.evaluate(LOCATED) == in_words(config, moves, 1)[1]
    page.keyboard.press("ArrowRight")  # stepping through the game locates each move
    shows(page, config, moves, 3)
    assert page.evaluate(LOCATED) == in_words(config, moves, 2)[1]
    page.click(".move-log li:last-child")
    back_to_the_game(page, config)
    assert page.evaluate(LOCATED) == in_words(config, moves, 5)[1]  # the last move, on the game

    # The computer's move arrives while the person looks back: kept, said, and shown on return.
    tap_move(page, "place", "jump")
    wait_log(page, 7)
    page.click(".replay-back")
    mine = log(page)
    shows(page, config, mine, 6)
    wait_log(page, 8)  # the computer (1.5 s pace) played meanwhile
    page.wait_for_function("document.querySelector('.turn-status').textContent.endsWith('1 new move')")
    moves = log(page)
    assert page.evaluate(DRAWN) == rules_board(config, moves[:6])  # still the position viewed
    assert page.inner_text(".turn-status") == "Viewing move 6 of 8 · 1 new move"
    assert page.inner_text(".replay-news") == f"Blue played {moves[7]} meanwhile."
    assert "news" in page.get_attribute(".back-to-game", "class")
    page.click(".back-to-game")
    back_to_the_game(page, config)
    assert page.evaluate(DRAWN) == rules_board(config, moves) and len(moves) == 8
    page.wait_for_function(HUMAN_TURN)
    # After a reload the page has kept only the position it reopened with: the engine rebuilds
    # the others (replay_view).
    page.reload()
    wait_engine(page)
    page.wait_for_function(HUMAN_TURN)
    # The restored table sent every move in words again (the page saved only the latest ones).
    assert page.evaluate(TITLES) == [in_words(config, moves, i)[0] for i in range(len(moves))]
    page.click(".replay-back")
    shows(page, config, moves, 7)
    page.click(".move-log li:nth-child(3)")
    shows(page, config, moves, 3)
    # An Undo keeps the position viewed while it still exists, and returns to the game once it is gone.
    page.click(".table .controls button:text-is('Undo')")
    wait_log(page, 6)
    shows(page, config, moves[:6], 3)
    page.click(".move-log li:nth-child(5)")
    shows(page, config, moves[:6], 5)
    page.click(".table .controls button:text-is('Undo')")
    wait_log(page, 4)
    back_to_the_game(page, config)
    assert page.evaluate(DRAWN) == rules_board(config, moves[:4])
    print(f"replay: solo test {time.monotonic() - t0:.1f} s")
    assert page.console_errors == [] and blocked == []


def test_a_guest_replays_from_the_views_it_got_while_the_host_moves(open_page, blocked):
    t0 = time.monotonic()
    host = open_page("/?pace=0&clock=600")
    wait_engine(host)
    link = create_room(host, "ataxx", ["human", "human"], you="0", name="Hana", layout="Diamond")
    guest = join(open_page, link, "Gus", 1)
    start_room(host, guest)
    config = {"variant": "standard", "options": {"layout": "Diamond"}}
    for ply in range(4):  # Hana (Red) and Gus (Blue) in turn
        mover = host if ply % 2 == 0 else guest
        mover.wait_for_function(MY_TURN, timeout=10_000)
        tap_any(mover)
        guest.wait_for_function(f"document.querySelectorAll('.move-log .mv').length === {ply + 1}",
                                timeout=10_000)
    moves = log(guest)
    host.wait_for_function(MY_TURN, timeout=10_000)
    # Gus steps back; Hana moves meanwhile.
    guest.click(".replay-back")
    shows(guest, config, moves, 3)
    guest.click(".replay-back")
    shows(guest, config, moves, 2)
    tap_any(host)
    guest.wait_for_function("document.querySelectorAll('.move-log .mv').length === 5", timeout=10_000)
    guest.wait_for_function("document.querySelector('.turn-status').textContent.endsWith('1 new move')")
    moves = log(guest)
    assert guest.evaluate(DRAWN) == rules_board(config, moves[:2])
    assert guest.inner_text(".replay-news") == f"Red played {moves[4]} meanwhile."
    # Hana's move is announced to Gus in words (the host computed them), and named in his log.
    hana = in_words(config, moves, 4)[0]
    assert hana.startswith("Red ") and guest.evaluate(ANNOUNCED) == hana
    assert guest.evaluate(TITLES) == [in_words(config, moves, i)[0] for i in range(5)]
    guest.focus(".move-log")
    guest.keyboard.press("Home")
    shows(guest, config, moves, 0)
    guest.keyboard.press("End")
    back_to_the_game(guest, config)
    guest.wait_for_function(MY_TURN, timeout=10_000)  # Gus's turn: the live board takes his move
    print(f"replay: online guest test {time.monotonic() - t0:.1f} s")
    assert host.console_errors == [] and guest.console_errors == [] and blocked == []

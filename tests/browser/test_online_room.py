"""Online rooms in Chromium: one browser context per device, WebRTC on loopback through the
signaling service of the test server (peer/ at /signal)."""

import json
import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from qrkit import qr_dark_modules, segno_modules
from tablekit import KEYBOARD_MOVE, OVER, axe_violations, log, return_visit, wait_engine, wait_log
from tablekit import start as start_game

pytestmark = pytest.mark.browser

QUERY = "?pace=0&clock=600"
MY_TURN = "document.querySelector('.board.interactive .cell.movable') !== null"
MARK = "performance.getEntriesByName('%s')[0]?.startTime ?? null"
MY_PASS = "[...document.querySelectorAll('.table button')].some(b => b.textContent === 'Pass' && !b.hidden && !b.disabled)"
ENGINE_MODULE = "**/pyodide-snapshot.mjs"  # the engine worker's interpreter: routed to hold it back or patch it


def create_room(page, game, seats, you="watch", name="Hana", **choices):
    page.click(f"article[data-game={game}] button.online-room")
    page.wait_for_selector(".room-setup")
    for name_, value in choices.items():
        page.select_option(f".room-setup select[name={name_}]", value)
    for index, value in enumerate(seats):
        page.select_option(f".room-setup select[name=seat{index}]", value)
    page.select_option(".room-setup select[name=you]", you)
    page.fill(".room-setup input[name=name]", name)
    page.click("button.create-room")
    page.wait_for_function("document.querySelector('.invite-link')?.textContent.includes('?room=')",
                           timeout=20_000)
    page.wait_for_selector(".lobby-seat", timeout=120_000)  # the engine opened the room
    return page.inner_text(".invite-link")


def join(open_page, link, name, seat, context=None, srv=None, engine=False):
    """A guest's page opens the invite link (and takes `seat`, unless None). Its engine, which a
    guest's page starts in idle time for a takeover, is held back unless `engine` (the guest
    takes over): each start costs about 5.5 CPU-seconds, and most guests of these tests never
    host."""
    path = link.split("/", 3)[3].replace("?room=", QUERY + "&room=")
    page = open_page("/" + path, context=context, srv=srv, hold_engine=not engine)
    page.wait_for_selector(".lobby-seat, .table .board", timeout=30_000)
    if seat is not None:
        page.fill(".lobby input[name=name]", name)
        page.click(f".lobby-seat[data-seat='{seat}'] button.take")
        page.wait_for_function("document.body.dataset.room === 'seated'", timeout=10_000)
    return page


def start_room(host, *guests):
    """The host starts once every person's seat is taken; every device shows the table."""
    host.wait_for_function("!document.querySelector('button.start-room').disabled", timeout=10_000)
    host.click("button.start-room")
    for page in (host, *guests):
        page.wait_for_selector(".table .board", timeout=10_000)


def tap_any(page, gap_ms=0):
    """Tap a movable piece, then (`gap_ms` later) one of its targets (a clone or a step if there
    is one), or Pass when that is the only move (Runners)."""
    if page.evaluate(MY_PASS):  # the table passes by itself after a moment (AUTO_PASS_MS)
        try:
            page.click(".table button:text-is('Pass')", timeout=1000)
        except PlaywrightTimeout:
            pass  # it did, first
        return
    page.click(".board .cell.movable")
    if gap_ms:
        page.wait_for_timeout(gap_ms)
    target = page.query_selector(".board .cell:has(.marker.place), .board .cell:has(.marker.step)") or \
        page.query_selector(".board .cell:has(.marker.jump), .board .cell:has(.marker.leap)")
    target.click()


def play(pages, until_moves=None, limit=200):
    """Each page moves when its board is interactive, until the game ends (or `until_moves`).
    (The first moves of each test are tapped with the mouse; this plays the rest of a game.)"""
    host = pages[0]
    for _ in range(limit):
        if host.query_selector(".result:not([hidden])") is not None:
            return
        moved = len(log(host))
        if until_moves is not None and moved >= until_moves:
            return
        for page in pages[1:]:
            if page.evaluate(KEYBOARD_MOVE):
                host.wait_for_function(f"document.querySelectorAll('.move-log .mv').length > {moved}"
                                       f" || {OVER}", timeout=15_000)
                break
        else:
            host.wait_for_timeout(50)
    raise AssertionError("the game did not end")


def test_every_room_setup_fits_a_phone(open_page):
    page = open_page("/" + QUERY)
    page.set_viewport_size({"width": 390, "height": 844})
    for game, seats in (("ataxx", None), ("runners", "4p"), ("sanctuary", "4t")):
        page.click(f"article[data-game={game}] button.online-room")
        page.wait_for_selector(".room-setup")
        if seats:
            page.select_option(".room-setup select[name=mode]", seats)
        wide = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
        assert wide[0] <= wide[1], (game, wide)  # no seat or option cut off at the right
        page.click(".room-setup button:text-is('Back')")
        page.wait_for_selector("article[data-game=ataxx]")


def test_host_and_two_guests_play_ataxx_hostile_moves_refused_and_rejoin(open_page, blocked):
    host = open_page("/" + QUERY + "&budget=0.3")  # a guest's hint thinks as long as the host's computers
    wait_engine(host)
    link = create_room(host, "ataxx", ["human", "human"], you="watch", layout="Diamond")
    assert "?room=" in link and host.inner_text(".room-code").startswith("Room code: ")
    assert host.is_disabled("button.start-room")
    # One status: the lobby's (the page's engine line is hidden in a room), under the game's name.
    assert host.inner_text(".lobby h2") == "Online room · Ataxx"
    assert not host.is_visible("#status") and host.inner_text(".lobby-status") == \
        "Waiting for players to take the open seats…"
    # Copy link says that it copied, and it did.
    host.context.grant_permissions(["clipboard-read", "clipboard-write"])
    host.click("button.copy-link")
    host.wait_for_function("document.querySelector('.invite .copied').textContent === 'Link copied'")
    assert host.evaluate("navigator.clipboard.readText()") == link
    # The lobby's QR code (made by the engine with segno) encodes the invite link.
    host.wait_for_selector(".lobby .qr svg", timeout=30_000)
    assert qr_dark_modules(host.inner_html(".lobby .qr")) == segno_modules(link)
    t0 = time.monotonic()
    ann = join(open_page, link, "Ann <b>bold</b>", 0)
    print(f"invite link to lobby with a seat: {time.monotonic() - t0:.2f} s (guest page, no engine needed)")
    bob = join(open_page, link, "Bob", 1)
    host.wait_for_function("!document.querySelector('button.start-room').disabled", timeout=10_000)
    assert host.inner_text(".lobby-seat[data-seat='0'] .who") == "Ann <b>bold</b>"  # text, not HTML
    assert host.query_selector(".lobby-seat b") is None
    host.click("button.start-room")
    for page in (host, ann, bob):
        page.wait_for_selector(".table .board", timeout=10_000)
    assert ann.inner_text(".seat-0 .who") == "Ann <b>bold</b> (you)"
    # Ann (Red) moves first; a round trip reaches every device.
    ann.wait_for_function(MY_TURN, timeout=10_000)
    assert not bob.evaluate(MY_TURN) and not host.evaluate(MY_TURN)
    t0 = time.monotonic()
    tap_any(ann)
    for page in (host, bob, ann):  # Ann's own move too comes back to her in the host's broadcast
        wait_log(page, 1, timeout=5000)
    print(f"guest move seen on the host and the other guest: {time.monotonic() - t0:.3f} s")

    # --- a hostile guest (Bob, seat 1) drives its data channel directly ---------------------
    before = log(host)
    code = link.split("room=")[1]
    token = json.loads(bob.evaluate(f"localStorage.getItem('parlor.room.{code}')"))["token"]
    ann_token = json.loads(ann.evaluate(f"localStorage.getItem('parlor.room.{code}')"))["token"]
    assert token and ann_token and token != ann_token
    ply = len(before)

    def hostile(text, code_):
        bob.evaluate("document.body.dataset.roomError = ''")
        bob.evaluate("t => window.parlorRoomSend(t)", text)
        bob.wait_for_function(f"document.body.dataset.roomError === '{code_}'", timeout=5000)

    # Bob to move now (ply 1): moves for Ann's seat, with Ann's token, forged, illegal, stale.
    hostile(json.dumps({"v": 1, "type": "move", "move": "a6", "ply": ply, "token": token, "seat": 0}),
            "not-your-seat")
    hostile(json.dumps({"v": 1, "type": "move", "move": "g6", "ply": ply, "token": ann_token}), "bad-token")
    hostile(json.dumps({"v": 1, "type": "move", "move": "g6", "ply": ply, "token": "forged" * 5}), "bad-token")
    hostile(json.dumps({"v": 1, "type": "move", "move": "a1", "ply": ply, "token": token}), "refused")
    hostile(json.dumps({"v": 1, "type": "move", "move": "g6", "ply": 0, "token": token}), "refused")
    hostile("{garbage", "bad-json")
    hostile(json.dumps({"v": 1, "type": "admin", "op": "win"}), "unknown-type")
    hostile(json.dumps({"v": 1, "type": "hello", "name": "x" * 9000}), "too-large")
    # Issue #20: one small message killed the host's engine (json.loads on deep nesting overflows
    # the JavaScript stack in Pyodide: a fatal error); and the rest of its family.
    hostile("[" * 8000, "too-deep")
    hostile('{"v":1,"type":"move","move":' + "[" * 3000 + "]" * 3000 + "}", "too-deep")
    hostile('{"v":1,"type":"move","move":"g6","ply":NaN,"token":"%s"}' % token, "bad-number")
    hostile('{"v":1,"type":"move","move":"g6","ply":1e400,"token":"%s"}' % token, "bad-number")
    hostile('{"v":1,"type":"hello","name":"\\ud800"}', "bad-text")
    # Hints are off in a room until the host allows them: a guest's request is refused.
    hostile(json.dumps({"v": 1, "type": "hint", "ply": ply, "token": token}), "hints-off")
    assert log(host) == before and log(ann) == before and log(bob) == before
    assert host.query_selector(".result:not([hidden])") is None
    # The host turns hints on: Bob (to move) asks the host, and only his board shows the move.
    bob.wait_for_function(MY_TURN, timeout=5000)
    assert bob.is_hidden(".table > .controls button.ask-hint")
    toggle = host.locator(".table > .controls button.room-hints")
    assert toggle.inner_text() == "Hints off" and toggle.get_attribute("aria-pressed") == "false"
    toggle.click()
    host.wait_for_function("document.querySelector('button.room-hints').textContent === 'Hints on'")
    hostile(json.dumps({"v": 1, "type": "hint", "ply": ply, "token": ann_token}), "bad-token")
    bob.click(".table > .controls button.ask-hint", timeout=5000)
    bob.wait_for_function("document.querySelector('.table').dataset.hint !== undefined", timeout=10_000)
    hinted = bob.evaluate("[...document.querySelectorAll('.board .hinted')].map(c => c.dataset.sq)")
    assert bob.get_attribute(".table", "data-hint")[-2:] in hinted
    assert ann.is_hidden(".table > .controls button.ask-hint")  # not her turn
    for page in (host, ann):
        assert page.get_attribute(".table", "data-hint") is None
        assert page.query_selector(".board .hinted") is None
    assert log(host) == before and log(ann) == before and log(bob) == before
    # ... and the host still serves everyone: Bob's own legal move goes through.
    bob.wait_for_function(MY_TURN, timeout=5000)
    tap_any(bob)
    for page in (host, ann):
        page.wait_for_function("document.querySelectorAll('.move-log .mv').length === 2", timeout=5000)
    bob.wait_for_function("document.querySelector('.table').dataset.hint === undefined")  # dropped

    # --- Ann closes her tab and opens the link again in the same browser -------------------
    context = ann.context
    ann.close()
    host.wait_for_selector(".seat-0[data-presence=away]", timeout=10_000)
    bob.wait_for_selector(".seat-0[data-presence=away]", timeout=10_000)
    assert "away" in host.inner_text(".turn-status")
    ann = join(open_page, link, "Ann", None, context=context)
    ann.wait_for_selector(".table .board", timeout=15_000)
    host.wait_for_selector(".seat-0[data-presence=here]", timeout=10_000)
    assert ann.evaluate("document.body.dataset.room") == "seated"
    assert ann.inner_text(".seat-0 .who").endswith("(you)")
    assert log(ann) == log(host)

    # --- play to the end ----------------------------------------------------------------------
    play([host, ann, bob])
    for page in (host, ann, bob):
        page.wait_for_selector(".result:not([hidden])", timeout=10_000)
    title = host.inner_text(".result h3")
    assert ann.inner_text(".result h3") == title == bob.inner_text(".result h3")
    assert log(ann) == log(host) == log(bob) and len(log(host)) > 10
    print("game over:", title, "after", len(log(host)), "moves")
    # Bob leaves: his page goes home and its address no longer names the room, so a reload
    # stays home instead of joining again.
    assert "room=" in bob.evaluate("location.search")
    assert bob.inner_text(".result .result-actions").split("\n")[0] == "Leave"  # as on the table
    bob.click(".table > .controls button:text-is('Leave')")
    bob.wait_for_selector(".home")
    assert "room=" not in bob.evaluate("location.search")
    bob.reload()
    bob.wait_for_selector(".home")
    bob.wait_for_function("document.body.dataset.ready")
    assert bob.query_selector(".lobby, .table") is None
    # ... and lists the room he joined, finished: Rejoin (to see the end) or Remove.
    entry = f".rooms .room-entry[data-code='{code}']"
    bob.wait_for_selector(entry)
    assert bob.inner_text(entry + " .recent-head") == "Ataxx · " + "-".join([code[:4], code[4:8], code[8:]])
    meta = bob.inner_text(entry + " .recent-meta")
    assert meta.startswith("You joined · Ann <b>bold</b>, Bob (you) · Finished · "), meta
    assert meta.endswith(("just now", "1 min ago", "2 min ago")), meta
    assert bob.inner_text(entry + " .recent-actions") .split() == ["Rejoin", "Remove"]
    assert axe_violations(bob) == []
    bob.click(entry + " button:text-is('Remove')")
    bob.wait_for_selector(".rooms", state="hidden")
    assert bob.evaluate(f"localStorage.getItem('parlor.room.{code}')") is None
    # A wrong (or expired) code: only why, and the way home; no invitation, no name field.
    bob.goto(bob.url.split("?")[0] + QUERY + "&room=ZZZZ-ZZZZ-ZZZZ")
    bob.wait_for_selector(".lobby[data-failed] .room-failed", timeout=30_000)
    assert bob.inner_text(".lobby h2") == "This room cannot be opened"
    assert bob.inner_text(".room-failed").startswith("No room has the code ZZZZ-ZZZZ-ZZZZ: it may be mistyped")
    assert bob.query_selector(".lobby .invite, .lobby input, .lobby .lobby-seats, .lobby .qr") is None
    assert bob.evaluate("document.activeElement.textContent") == "Home"
    bob.click(".lobby button:text-is('Home')")
    bob.wait_for_selector("article[data-game=ataxx]")
    assert "room=" not in bob.evaluate("location.search")
    assert blocked == []


def test_host_reloads_mid_game_and_the_room_resumes(open_page, blocked):
    host = open_page("/" + QUERY)
    wait_engine(host)
    link = create_room(host, "ataxx", ["human", "human"], you="watch", name="Hana")
    code = link.split("room=")[1]
    ann = join(open_page, link, "Ann", 0)
    bob = join(open_page, link, "Bob", 1)
    start_room(host, ann, bob)
    play([host, ann, bob], until_moves=3)
    for page in (ann, bob):
        page.wait_for_function("document.querySelectorAll('.move-log .mv').length === 3", timeout=10_000)
    before = log(host)
    assert f"host={code}" in host.url  # the host's address names its room
    saved = host.evaluate(f"window.parlorRooms.get('{code}')")
    assert json.loads(saved)["room"]["table"] and json.loads(saved)["host_key"]
    # Bob's turn clock (10 min here) has run a few seconds on the host's page, which keeps it.
    host.wait_for_function(f"+document.querySelector('.seat-1 .clock').textContent <= {600 - 3}",
                           timeout=10_000)

    host.add_init_script(SEEN_STATUSES)
    # The engine's interpreter is held back until the lobby has said it is starting: on a busy
    # machine it could otherwise be ready before the room is, and the lobby go straight on.
    held = []
    host.route(ENGINE_MODULE, lambda route: held.append(route))
    t0 = time.monotonic()
    host.reload()
    # the guests see the host leave (their turn waits) ...
    host.wait_for_function("document.querySelector('.lobby .lobby-status')?.textContent"
                           ".includes('starting the game engine')", timeout=60_000)
    for route in held:
        route.continue_()
    host.unroute(ENGINE_MODULE)
    wait_engine(host)
    host.wait_for_selector(".table .board", timeout=60_000)
    # While the engine started, the lobby said so, under the game's name, as the only status.
    seen = host.evaluate("window.parlorSeen")
    assert ["Online room · Ataxx", "Reopening your room: connecting…", False] in seen, seen
    assert any(t.startswith("Reopening your room: starting the game engine… ") and t.endswith(" s")
               and not shown and h == "Online room · Ataxx" for h, t, shown in seen), seen
    for page in (host, ann, bob):  # ... and come back by themselves, into their seats
        page.wait_for_selector(".seat-0[data-presence=here]", timeout=60_000)
        page.wait_for_selector(".seat-1[data-presence=here]", timeout=60_000)
    print(f"host reload to every seat back: {time.monotonic() - t0:.1f} s (Pyodide start included)")
    # Bob's clock goes on with the time it had left, not a fresh turn, as on Bob's own page.
    left = int(host.inner_text(".seat-1 .clock"))
    assert left <= 600 - 3 and abs(left - int(bob.inner_text(".seat-1 .clock"))) <= 3, left
    assert log(host) == before == log(ann) == log(bob)
    assert ann.inner_text(".seat-0 .who").endswith("(you)") and bob.inner_text(".seat-1 .who").endswith("(you)")
    # The host leaves: its home screen lists the room, and one tap resumes it.
    host.click(".table > .controls button:text-is('Leave')")
    entry = f".rooms .room-entry[data-code='{code}'][data-role=host]"
    host.wait_for_selector(entry)
    assert host.inner_text(entry + " .recent-meta").startswith("You host · Ann, Bob · In play · ")
    assert host.inner_text(entry + " .recent-actions") == "Resume"  # in play: not removable
    for page in (ann, bob):
        page.wait_for_selector(".card.takeover:not([hidden])", timeout=10_000)  # the host is away
    host.click(entry + " button:text-is('Resume')")
    host.wait_for_selector(".table .board", timeout=30_000)
    for page in (host, ann, bob):
        page.wait_for_selector(".seat-0[data-presence=here]", timeout=30_000)
        page.wait_for_selector(".seat-1[data-presence=here]", timeout=30_000)
    assert f"host={code}" in host.url and log(host) == before
    play([host, ann, bob], until_moves=6)
    for page in (ann, bob):
        page.wait_for_function("document.querySelectorAll('.move-log .mv').length === 6", timeout=10_000)
    assert log(ann) == log(host) == log(bob) and log(host)[:3] == before
    assert blocked == []


# Every (heading, status) a room's lobby showed, with whether the page's engine line was shown.
SEEN_STATUSES = """
window.parlorSeen = [];
new MutationObserver(() => {
  const status = document.querySelector('.lobby .lobby-status');
  if (!status) return;
  const line = document.getElementById('status');
  const item = [document.querySelector('.lobby h2').textContent, status.textContent,
                !!line && getComputedStyle(line).display !== 'none'];
  const last = window.parlorSeen[window.parlorSeen.length - 1];
  if (!last || last.join('|') !== item.join('|')) window.parlorSeen.push(item);
}).observe(document, {subtree: true, childList: true, characterData: true});
"""


def expose_pyodide(context):
    """Test only: the engine worker's loadPyodide (public/pyodide-snapshot.mjs, routed) also
    leaves Pyodide on the worker's global object, so the test can kill it as a fatal error in
    Pyodide does (no message can any more)."""
    def patch(route):
        response = route.fetch()
        body = response.text().replace("  return pyodide;\n}", "  globalThis.parlorTestPyodide = pyodide;\n"
                                                               "  return pyodide;\n}")
        assert "parlorTestPyodide" in body
        route.fulfill(response=response, body=body)

    context.route(ENGINE_MODULE, patch)


def kill_engine(page):
    """A fatal error in the page's engine worker: Pyodide is dead, every later call fails."""
    with pytest.raises(Exception, match="call stack"):
        page.workers[0].evaluate("parlorTestPyodide.runPython('import json; json.loads(\"[\" * 100000)')")


RESTORED = "document.querySelector('.toast')?.textContent.includes('started again')"


def test_a_dead_engine_is_said_and_the_page_restores_the_room_and_a_local_table(open_page, server, blocked):
    """If the engine worker dies anyway, the page says so, reloads, and the room comes back from
    IndexedDB (the guest back in its seat), a local table from localStorage."""
    host = open_page(None)
    expose_pyodide(host.context)
    host.goto(server.url + "/" + QUERY)
    wait_engine(host)
    link = create_room(host, "ataxx", ["human", "human"], you="0", name="Hana")
    ann = join(open_page, link, "Ann", 1)
    start_room(host, ann)
    host.wait_for_function(MY_TURN, timeout=10_000)
    tap_any(host)
    ann.wait_for_function(MY_TURN, timeout=10_000)
    tap_any(ann)
    host.wait_for_function("document.querySelectorAll('.move-log .mv').length === 2", timeout=10_000)
    before = log(host)
    kill_engine(host)
    host.wait_for_function(MY_TURN, timeout=10_000)
    with host.expect_navigation(timeout=30_000):
        tap_any(host)  # the move's call fails, and so does a hello: the engine is dead
    host.wait_for_function(RESTORED, timeout=30_000)
    assert any("engine worker stopped" in e for e in host.console_errors)
    wait_engine(host)
    host.wait_for_selector(".table .board", timeout=30_000)
    host.wait_for_selector(".seat-1[data-presence=here]", timeout=30_000)  # Ann is back
    assert log(host) == before == log(ann)
    host.wait_for_function(MY_TURN, timeout=10_000)
    tap_any(host)
    ann.wait_for_function("document.querySelectorAll('.move-log .mv').length === 3", timeout=10_000)

    # A local table: the same, from localStorage.
    page = open_page(None)
    expose_pyodide(page.context)
    page.goto(server.url + "/?clock=600")
    wait_engine(page)
    start_game(page, "ataxx", "local")
    tap_any(page)
    page.wait_for_function("document.querySelectorAll('.move-log .mv').length === 1")
    moves = log(page)
    kill_engine(page)
    with page.expect_navigation(timeout=30_000):
        tap_any(page)
    page.wait_for_function(RESTORED, timeout=30_000)
    wait_engine(page)
    page.wait_for_function(MY_TURN, timeout=30_000)
    assert log(page) == moves
    tap_any(page)
    page.wait_for_function("document.querySelectorAll('.move-log .mv').length === 2")
    assert blocked == []


KEEP_SOCKETS = ("window.parlorSockets = []; const Native = window.WebSocket; window.WebSocket = "
                "class extends Native { constructor(...a) { super(...a); window.parlorSockets.push(this); } };")


def test_the_host_reconnects_by_itself_when_its_signaling_drops(open_page, server, blocked):
    host = open_page(None)
    host.add_init_script(KEEP_SOCKETS)  # to drop the host's socket, as a network change would
    host.goto(server.url + "/" + QUERY)
    wait_engine(host)
    link = create_room(host, "ataxx", ["human", "human"], you="0", name="Hana")
    ann = join(open_page, link, "Ann", 1)
    start_room(host, ann)
    host.wait_for_function(MY_TURN, timeout=10_000)
    tap_any(host)
    ann.wait_for_function("document.querySelectorAll('.move-log .mv').length === 1", timeout=10_000)
    host.evaluate("window.parlorSockets.forEach(ws => ws.close())")
    ann.wait_for_selector(".takeover:has-text('The host is away')", timeout=5000)
    # The host's page connects again with its host key; Ann comes back to it by herself.
    ann.wait_for_selector(".takeover", state="hidden", timeout=20_000)
    ann.wait_for_function(MY_TURN, timeout=20_000)
    tap_any(ann)
    for page in (host, ann):  # Ann's log grows when the host's broadcast reaches her, a moment later
        wait_log(page, 2, timeout=10_000)
    assert log(host) == log(ann) and host.get_attribute(".seat-1", "data-presence") == "here"
    assert blocked == []


def test_a_guest_reconnects_by_itself_when_its_signaling_drops(open_page, server, blocked):
    host = open_page("/" + QUERY)
    wait_engine(host)
    link = create_room(host, "ataxx", ["human", "human"], you="0", name="Hana")
    ann = open_page(None)
    ann.add_init_script(KEEP_SOCKETS)  # to drop Ann's socket, as a network change would
    ann.goto(server.url + "/" + link.split("/", 3)[3].replace("?room=", QUERY + "&room="))
    ann.wait_for_selector(".lobby-seat", timeout=30_000)
    ann.fill(".lobby input[name=name]", "Ann")
    ann.click(".lobby-seat[data-seat='1'] button.take")
    ann.wait_for_function("document.body.dataset.room === 'seated'", timeout=10_000)
    start_room(host, ann)
    host.wait_for_function(MY_TURN, timeout=10_000)
    tap_any(host)
    ann.wait_for_function("document.querySelectorAll('.move-log .mv').length === 1", timeout=10_000)
    ann.evaluate("window.parlorSockets.forEach(ws => ws.close())")
    host.wait_for_selector(".seat-1[data-presence=away]", timeout=10_000)  # the host dropped her link
    # Ann's page joins again by itself and is back in her seat, her turn live.
    host.wait_for_selector(".seat-1[data-presence=here]", timeout=20_000)
    ann.wait_for_function(MY_TURN, timeout=20_000)
    tap_any(ann)
    for page in (host, ann):  # Ann's log grows when the host's broadcast reaches her, a moment later
        wait_log(page, 2, timeout=10_000)
    assert log(host) == log(ann) and ann.inner_text(".seat-1 .who").endswith("(you)")
    assert blocked == []


def test_a_room_made_offline_says_it_needs_the_network_and_opens_once_back_online(open_page, blocked):
    host = open_page("/" + QUERY)
    wait_engine(host)
    host.context.set_offline(True)
    host.click("article[data-game=ataxx] button.online-room")
    host.wait_for_selector(".room-setup")
    host.click("button.create-room")
    host.wait_for_function("document.querySelector('.lobby-status')?.textContent.startsWith('No network')",
                           timeout=10_000)
    assert "games on this device work offline" in host.inner_text(".lobby-status")
    host.context.set_offline(False)  # it tries again by itself: the room opens
    host.wait_for_function("document.querySelector('.invite-link')?.textContent.includes('?room=')",
                           timeout=20_000)
    host.wait_for_selector(".lobby-seat", timeout=30_000)
    assert blocked == []


def hana_moves_then_leaves(open_page, srv, *watchers):
    """Hana hosts Ataxx and plays Red, Ann plays Blue (and `watchers` watch); Hana makes the
    first move and closes her page for good; Ann takes over as host. -> (Hana's closed page,
    Ann's page, the watchers' pages)."""
    host = open_page("/" + QUERY, srv=srv)
    wait_engine(host)
    link = create_room(host, "ataxx", ["human", "human"], you="0", name="Hana")
    ann = join(open_page, link, "Ann", 1, srv=srv, engine=True)  # takes over
    others = [join(open_page, link, name, None, srv=srv) for name in watchers]
    start_room(host, ann, *others)
    host.wait_for_function(MY_TURN, timeout=10_000)
    tap_any(host)
    ann.wait_for_function("document.querySelectorAll('.move-log .mv').length === 1", timeout=10_000)
    assert not any(page.is_visible("button.take-seat") for page in others)  # every seat is held
    host.close()  # for good: Ann takes over; Red's seat (the old host's) is open
    ann.wait_for_selector("button.take-over", state="visible", timeout=30_000)
    wait_engine(ann)
    ann.click("button.take-over")
    ann.wait_for_function("document.body.dataset.room === 'host'", timeout=10_000)
    return host, ann, others


def test_after_a_takeover_the_old_hosts_seat_can_be_taken_at_the_table(open_page, server_factory, blocked):
    _, ann, (bob,) = hana_moves_then_leaves(open_page, server_factory("--takeover-after", "2"), "Bob")
    bob.wait_for_selector(".seat-0 button.take-seat", state="visible", timeout=30_000)
    bob.click(".seat-0 button.take-seat")
    bob.wait_for_function("document.body.dataset.room === 'seated'", timeout=10_000)
    assert not bob.is_visible("button.take-seat")
    ann.wait_for_function(MY_TURN, timeout=10_000)  # Blue (Ann) to move, then Bob as Red
    tap_any(ann)
    bob.wait_for_function(MY_TURN, timeout=10_000)
    tap_any(bob)
    for page in (ann, bob):  # Bob's log grows when Ann's (the host's) broadcast reaches him
        wait_log(page, 3, timeout=10_000)
    assert log(ann) == log(bob)
    assert blocked == []


def test_after_a_takeover_the_old_host_comes_back_into_its_own_seat(open_page, server_factory, blocked):
    srv = server_factory("--takeover-after", "2")
    old, ann, _ = hana_moves_then_leaves(open_page, srv)
    # Hana opens her page again: the room is no longer hers to host, and she is back as Red.
    hana = open_page("/" + old.url.split("/", 3)[3], srv=srv, context=old.context)
    hana.wait_for_function("document.body.dataset.room === 'seated'", timeout=60_000)
    hana.wait_for_selector(".table .board", timeout=10_000)
    assert hana.inner_text(".seat-0 .who").startswith("Hana") and hana.inner_text(".seat-0 .who").endswith("(you)")
    ann.wait_for_selector(".seat-0[data-presence=here]", timeout=10_000)
    ann.wait_for_function(MY_TURN, timeout=10_000)
    tap_any(ann)
    hana.wait_for_function(MY_TURN, timeout=10_000)
    tap_any(hana)
    for page in (ann, hana):  # Hana's log grows when Ann's (the host's) broadcast reaches her
        wait_log(page, 3, timeout=10_000)
    assert log(ann) == log(hana) and blocked == []


def test_host_gone_for_good_a_guest_takes_over_and_the_other_keeps_its_seat(open_page, server_factory,
                                                                          blocked):
    srv = server_factory("--takeover-after", "4")
    host = open_page("/" + QUERY, srv=srv)
    wait_engine(host)
    link = create_room(host, "ataxx", ["human", "human"], you="watch", name="Hana")
    # Ann's page shows the lobby without its engine: the worker starts later (when the page is
    # idle, or when the host goes), and here its Pyodide is held back until the takeover.
    blank = open_page(None, srv=srv)
    engine_asked = []
    blank.context.route(ENGINE_MODULE, lambda route: engine_asked.append(route))
    ann = join(open_page, link, "Ann", None, srv=srv, context=blank.context, engine=True)  # held above
    blank.close()
    assert ann.evaluate("document.body.dataset.engine") in ("later", "starting")  # not "ready"
    if ann.evaluate("document.body.dataset.engine") == "later":
        assert ann.inner_text("#status") == "Online room · the host runs the game"
    ann.fill(".lobby input[name=name]", "Ann")
    ann.click(".lobby-seat[data-seat='0'] button.take")
    ann.wait_for_function("document.body.dataset.room === 'seated'", timeout=10_000)
    bob = join(open_page, link, "Bob", 1, srv=srv)
    start_room(host, ann, bob)
    play([host, ann, bob], until_moves=3)
    for page in (ann, bob):
        page.wait_for_function("document.querySelectorAll('.move-log .mv').length === 3", timeout=10_000)
    before = log(host)
    assert not ann.is_visible("button.take-over")
    bob.wait_for_function(MY_TURN, timeout=10_000)  # Bob's turn

    host.close()  # for good
    # Every guest is told at once that the host is away, and Bob's board goes still ...
    for page in (ann, bob):
        page.wait_for_selector(".takeover:has-text('The host is away')", timeout=3000)
        assert not page.is_visible("button.take-over")
    assert not bob.evaluate(MY_TURN)
    assert bob.inner_text(".turn-status") == "The host is away: waiting for them"
    # ... and after takeover_after (4 s here) is offered to take over; Ann does.
    for page in (ann, bob):
        page.wait_for_selector("button.take-over", state="visible", timeout=30_000)
    # The host went: Ann's engine was asked to start (it is still held back); she takes over
    # before it is up, and her page says it waits for it, then opens the room once it is.
    assert len(engine_asked) == 1 and ann.evaluate("document.body.dataset.engine") == "starting"
    shown = ann.evaluate(MARK % "parlor-room-shown")
    assert shown is not None and ann.evaluate(MARK % "parlor-engine-launch") > shown
    ann.click("button.take-over")
    ann.wait_for_function("document.body.dataset.room === 'host'", timeout=10_000)
    ann.wait_for_function("document.getElementById('status').textContent.startsWith('Starting the game engine…')",
                          timeout=10_000)
    assert ann.evaluate("document.body.dataset.engine") == "starting"
    engine_asked[0].continue_()
    ann.context.unroute(ENGINE_MODULE)
    wait_engine(ann)
    ann.wait_for_selector(".table .board", timeout=30_000)
    # Bob reconnects to Ann by himself and gets his seat back by his token.
    for page in (ann, bob):
        page.wait_for_selector(".seat-1[data-presence=here]", timeout=30_000)
    bob.wait_for_selector("button.take-over", state="hidden", timeout=10_000)
    bob.wait_for_function(MY_TURN, timeout=10_000)  # ... and live again with the new host
    assert log(ann) == before == log(bob)
    assert ann.inner_text(".seat-0 .who").endswith("(you)") and bob.inner_text(".seat-1 .who").endswith("(you)")
    assert ann.evaluate("location.search").endswith("host=" + link.split("room=")[1])
    play([ann, ann, bob], until_moves=6)
    bob.wait_for_function("document.querySelectorAll('.move-log .mv').length === 6", timeout=10_000)
    assert log(ann) == log(bob) and log(ann)[:3] == before
    assert blocked == []


@pytest.mark.service_worker
def test_runners_three_seats_the_host_and_two_guests_play_to_the_end(open_page, phone_page, blocked):
    # The host comes back to Parlor: its engine is Pyodide restored from the build's snapshot
    # (a first visit restores it only when the snapshot arrives in time, which a loaded machine
    # does not promise).
    host = open_page("/" + QUERY)
    return_visit(host)
    assert json.loads(host.evaluate("window.parlorEngine('hello')"))["snapshot"] is True
    link = create_room(host, "runners", ["human", "human", "human"], you="0", mode="3p")
    ann = join(open_page, link, "Ann", 1)
    bob = join(open_page, link, "Alexandria Montgomery", 2, context=phone_page.context)  # a touch screen
    # On a phone, a long name is cut short inside its row: the lobby does not scroll sideways.
    bob.set_viewport_size({"width": 390, "height": 844})
    assert bob.evaluate("document.documentElement.scrollWidth") <= 390
    row = bob.locator(".lobby-seat[data-seat='2']").bounding_box()
    assert row["x"] >= 0 and row["x"] + row["width"] <= 390
    start_room(host, ann, bob)
    assert host.inner_text(".seat-0 .who").endswith("(you)") and bob.inner_text(".seat-2 .who").endswith("(you)")
    # Online there is no Undo: on a touch screen a move waits for Confirm unless the person
    # turned that off; with a mouse it does not (the setting is in every table's controls).
    assert bob.get_attribute(".confirm-moves", "aria-pressed") == "true"
    assert host.get_attribute(".confirm-moves", "aria-pressed") == "false"
    play([host, host, ann, bob], until_moves=2)
    bob.wait_for_function(MY_TURN, timeout=15_000)
    runner = bob.get_attribute(".board .cell.movable", "data-sq")
    bob.tap(f"[data-sq={runner}]")
    bob.tap(".board .cell:has(.marker.step)")
    words = bob.inner_text(".move-confirm p")
    assert words.startswith(f"Jade: {runner} → ") and " (step)" in words and words.endswith(" — Confirm?"), words
    bob.wait_for_timeout(500)
    assert len(log(host)) == 2 and len(log(bob)) == 2  # nothing sent yet
    confirm = bob.locator(".move-confirm .confirm").bounding_box()
    assert confirm["height"] >= 44 and confirm["x"] + confirm["width"] <= 390
    bob.tap(".move-confirm .confirm")
    host.wait_for_function("document.querySelectorAll('.move-log .mv').length === 3", timeout=15_000)
    assert log(host)[2].startswith(runner + "-") and bob.is_hidden(".move-confirm")
    play([host, host, ann, bob])  # every device plays its own seat when its board lets it
    for page in (host, ann, bob):
        page.wait_for_selector(".result:not([hidden])", timeout=10_000)
    title = host.inner_text(".result h3")
    assert ann.inner_text(".result h3") == title == bob.inner_text(".result h3")
    assert log(ann) == log(host) == log(bob) and len(log(host)) >= 9
    print("Runners 3 seats, game over:", title, "after", len(log(host)), "moves")
    assert blocked == [] and host.console_errors == []


def test_sanctuary_a_computer_stands_in_for_an_away_guest_and_a_rematch_opens_a_fresh_room(
        open_page, server_factory, blocked):
    # ?absent=2 shortens Sanctuary's two minutes; ?clock=1 would end an Ataxx turn in a second,
    # but Sanctuary has no turn clock.
    srv = server_factory("--takeover-after", "1")
    host = open_page("/?pace=0&clock=1&absent=2", srv=srv)
    wait_engine(host)
    host.click("article[data-game=sanctuary] button.online-room")
    setup = host.inner_text(".room-setup")  # the seed's own words
    assert "Choose your table and your company." in setup and "computers fill only seats you select" in setup
    host.click(".room-setup button:text-is('Back')")
    link = create_room(host, "sanctuary", ["human", "human"], you="1", mode="2t")
    code = link.split("room=")[1]
    lobby = host.inner_text(".lobby")
    assert "Send this invitation to your friends." in lobby and "Keep your seat token private." in lobby
    dots = host.eval_on_selector_all(".lobby-seat .dot", "ds => ds.map(d => getComputedStyle(d).backgroundColor)")
    assert dots == ["rgb(214, 69, 65)", "rgb(217, 164, 0)"]  # Red and Yellow, the table's colours
    ann = join(open_page, link, "Ann", 0, srv=srv)
    context = ann.context
    ann.close()  # Ann (seat 0, first to move) is away from the start
    host.wait_for_selector(".lobby-seat[data-seat='0'][data-state=away]", timeout=10_000)
    host.click("button.start-room")
    host.wait_for_selector(".table .board", timeout=10_000)
    # After two (here: 2) seconds without her, a computer plays Ann's turn: draw, then act.
    host.wait_for_function("document.querySelectorAll('.move-log .mv').length >= 1", timeout=30_000)
    assert host.get_attribute(".seat-0", "data-presence") == "away"
    # Then the host's own turn (the computer draws and acts for Ann): it waits for the host.
    host.wait_for_selector(".seat-1.to-move", timeout=30_000)
    host.wait_for_timeout(3000)
    assert host.is_visible(".seat-1.to-move") and not host.is_visible(".result")
    assert host.locator(".seat .clock:visible").count() == 0
    ann = join(open_page, link, "Ann", None, context=context, srv=srv)  # Ann is back, into her seat
    ann.wait_for_selector(".table .board", timeout=15_000)
    assert ann.inner_text(".seat-0 .who").endswith("(you)") and log(ann) == log(host)
    # Rematch (mid-game): a fresh room with its own invitation; Ann is sent the new invitation.
    host.click(".table > .controls button:text-is('Rematch')")
    host.wait_for_timeout(500)  # not a double tap
    host.click(".table > .controls button:text-is('Restart? Tap again')")  # the game is lost: asked
    host.wait_for_function(f"document.querySelector('.invite-link')?.textContent.includes('?room=') && "
                           f"!document.querySelector('.invite-link').textContent.includes('{code}')",
                           timeout=20_000)
    fresh = host.inner_text(".invite-link").split("room=")[1]
    assert fresh != code and f"host={fresh}" in host.url
    ann.wait_for_selector("a.join-rematch", timeout=15_000)
    assert ann.get_attribute("a.join-rematch", "href").endswith("?room=" + fresh)
    # The old room is over: once its host has gone (3 s after the invitation), no one is offered
    # to take it over (takeover_after is 1 s here: the offer would come 1.2 s after "away").
    ann.wait_for_selector(".seat-1[data-presence=away]", timeout=15_000)
    ann.wait_for_timeout(2500)
    assert not ann.is_visible("button.take-over") and ann.is_visible("a.join-rematch")
    assert ann.get_attribute(".seat-1", "data-presence") == "away"  # the host's seat says it left
    assert ann.inner_text(".seat-1 .who").endswith("· away")
    ann.click("a.join-rematch")
    ann.wait_for_selector(".lobby-seat", timeout=30_000)
    ann.fill(".lobby input[name=name]", "Ann")
    ann.click(".lobby-seat[data-seat='0'] button.take")
    host.wait_for_function("!document.querySelector('button.start-room').disabled", timeout=15_000)
    assert host.inner_text(".lobby-seat[data-seat='0'] .who") == "Ann"
    assert blocked == []


def test_sanctuary_lobby_abandoned_by_its_host_the_earliest_guest_may_start(open_page, server_factory, blocked):
    srv = server_factory("--takeover-after", "1")
    # ?absent=3 shortens Sanctuary's two minutes to 3 s (the rule travels in the lobby).
    host = open_page("/?pace=0&clock=600&absent=3", srv=srv)
    wait_engine(host)
    link = create_room(host, "sanctuary", ["human", "human", "human"], you="0", mode="3t")
    ann = join(open_page, link, "Ann", 1, srv=srv, engine=True)  # joined first; takes over
    bob = join(open_page, link, "Bob", 2, srv=srv)
    host.wait_for_function("!document.querySelector('button.start-room').disabled", timeout=10_000)
    host.close()  # the lobby's host is gone before starting
    # The earliest-joined connected person is offered to take over and start after 3 s; the
    # others only after twice as long.
    ann.wait_for_selector("button.take-over", state="visible", timeout=30_000)
    assert not bob.is_visible("button.take-over")
    assert ann.inner_text("button.take-over") == "Take over and start"
    wait_engine(ann)
    ann.click("button.take-over")
    ann.wait_for_function("document.body.dataset.room === 'host'", timeout=10_000)
    ann.wait_for_function("!document.querySelector('button.start-room')?.disabled", timeout=30_000)
    assert "you may start" in ann.inner_text(".lobby-status")
    ann.click("button.start-room")
    for page in (ann, bob):
        page.wait_for_selector(".table .board", timeout=30_000)
    # The old host's seat (first to move) is nobody's: a computer plays it at once.
    ann.wait_for_function("document.querySelectorAll('.move-log .mv').length >= 1", timeout=30_000)
    bob.wait_for_selector(".seat-2[data-presence=here]", timeout=30_000)
    assert ann.inner_text(".seat-1 .who").endswith("(you)") and bob.inner_text(".seat-2 .who").endswith("(you)")
    assert blocked == []

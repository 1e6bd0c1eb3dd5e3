"""An independent WebRTC client (aiortc, tests/online/webrtc_peer.py) joins a room that a
Chromium page hosts, through the signaling service, and speaks the page's room protocol on the
"parlor" data channel (docs/online.md, "Rooms in the page"): hello, take, state, move, error.

Playwright's sync API keeps an event loop in the main thread, so the aiortc side runs on its own
loop in a worker thread; the test drives it step by step with run_coroutine_threadsafe.

While it waits for the aiortc side, the main thread must keep Playwright running (`Loop.run`
polls with `page.wait_for_timeout`): the test's browser context routes every WebSocket
(tests/conftest.py, `guard_context`: `route_web_socket` + `connect_to_server`), and Playwright's
Python client relays each frame of a routed socket, both ways, in its own dispatcher — which
the sync API runs only inside a Playwright call. A main thread blocked in `Future.result()`
holds the host page's signaling socket still: the guest's offer reaches the page, and the
page's answer reaches the server, only at the next Playwright call (this was the "the page never
answers an aiortc offer" bug; the page itself answers in a few milliseconds).
"""

from __future__ import annotations

import asyncio
import sys
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("aiortc", reason="aiortc is not installed (requirements-dev.txt)")
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "browser"))

import webrtc_peer  # noqa: E402
from tablekit import log, wait_engine  # noqa: E402
from test_online_room import MY_TURN, QUERY, create_room, tap_any  # noqa: E402

pytestmark = [pytest.mark.webrtc, pytest.mark.browser]

# The page drops a link silent for 3 s (app/page/net/room_link.py). Sent as json.dumps spells it
# ('{"v": 1, "type": "hb"}', not the page's own '{"v":1,"type":"hb"}'): the page must take it
# for a heartbeat all the same, not hand it to the engine (which would answer unknown-type).
HEARTBEAT = {"v": 1, "type": "hb"}


class Loop:
    """An asyncio loop in a worker thread; `run(coro)` waits for a coroutine's result while
    Playwright keeps relaying the page's routed WebSocket frames (see the module's docstring)."""

    def __init__(self, page):
        self.page = page
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def run(self, coro, timeout=30.0):
        future = asyncio.run_coroutine_threadsafe(coro, self.loop)
        deadline = time.monotonic() + timeout
        while not future.done():
            if time.monotonic() > deadline:
                future.cancel()
                raise TimeoutError(f"the aiortc side did not finish within {timeout} s")
            self.page.wait_for_timeout(20)  # Playwright's dispatcher runs: routed frames move
        return future.result()

    def finish(self, guest):
        """Close the aiortc `guest` (a Guest) if it joined, then stop."""
        if guest.guest is not None:
            try:
                self.run(guest.close(), timeout=10)
            except Exception:
                pass
        self.stop()

    def stop(self):
        """Cancel what is still running on the loop (aiortc's and websockets' tasks), then stop."""
        async def cancel_all():
            tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

        try:
            asyncio.run_coroutine_threadsafe(cancel_all(), self.loop).result(5)
        except Exception:
            pass
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
        if not self.thread.is_alive():
            self.loop.close()


class Guest:
    """The aiortc guest: heartbeats, and the page's messages other than heartbeats."""

    def __init__(self, url, code):
        self.url, self.code = url, code
        self.guest = None
        self.beat = None
        self.stray_errors = []  # errors skipped while waiting for something else

    async def join(self):
        self.guest = await webrtc_peer.RoomGuest.join(self.url, self.code, timeout=20)
        self.beat = asyncio.ensure_future(self._beat())

    async def _beat(self):
        while True:
            self.guest.send(HEARTBEAT)
            await asyncio.sleep(0.3)

    async def send(self, message):
        self.guest.send(message)

    async def next(self, kind, where=lambda m: True, timeout=20.0):
        """The next message of type `kind` satisfying `where` (others are skipped)."""
        async with asyncio.timeout(timeout):
            while True:
                m = await self.guest.recv(timeout)
                if isinstance(m, dict) and m.get("type") == kind and where(m):
                    return m
                if isinstance(m, dict) and m.get("type") == "error":
                    self.stray_errors.append(m)

    async def close(self):
        if self.beat is not None:
            self.beat.cancel()
        await self.guest.close()


def test_an_aiortc_guest_joins_a_page_hosted_room_and_is_refused_for_another_seat(open_page, server,
                                                                                 blocked):
    webrtc_peer.patch_aioice()
    host = open_page("/" + QUERY)
    wait_engine(host)
    link = create_room(host, "ataxx", ["human", "human"], you="0", name="Hana")
    code = link.split("room=")[1]
    loop = Loop(host)
    guest = Guest(f"ws://127.0.0.1:{server.port}/signal", code)
    try:
        loop.run(guest.join())
        loop.run(guest.send({"v": 1, "type": "hello", "name": "Rob <i>tc</i>"}))
        state = loop.run(guest.next("state"))
        assert state["v"] == 1 and state["you"] == {"seat": None} and not state["lobby"]["started"]
        assert state["snapshot"]["config"]["game"] == "ataxx" and "saved" not in state["snapshot"]
        assert [s["taken"] for s in state["lobby"]["seats"]] == [True, False]

        loop.run(guest.send({"v": 1, "type": "take", "seat": 1, "name": "Rob <i>tc</i>"}))
        state = loop.run(guest.next("state", lambda m: m["you"].get("token")))
        token = state["you"]["token"]
        assert state["you"]["seat"] == 1
        host.wait_for_function("!document.querySelector('button.start-room').disabled", timeout=10_000)
        assert host.inner_text(".lobby-seat[data-seat='1'] .who") == "Rob <i>tc</i>"  # text, not HTML
        host.click("button.start-room")
        host.wait_for_selector(".table .board", timeout=10_000)

        # Hana (seat 0, the host) moves first; the guest receives the new state.
        host.wait_for_function(MY_TURN, timeout=10_000)
        tap_any(host)
        state = loop.run(guest.next("state", lambda m: m["snapshot"]["ply"] == 1))
        assert state["snapshot"]["human_turn"] and state["snapshot"]["legal_moves"]
        before = log(host)
        assert len(before) == 1

        # A move for the host's seat (with the guest's own, valid token), and one with a forged
        # token: refused with an error to the guest, and nothing changes.
        move = state["snapshot"]["legal_moves"][0]
        loop.run(guest.send({"v": 1, "type": "move", "move": move, "ply": 1, "token": token, "seat": 0}))
        error = loop.run(guest.next("error"))
        assert error == {"v": 1, "type": "error", "code": "not-your-seat",
                         "message": "You may move only for your own seat."}
        loop.run(guest.send({"v": 1, "type": "move", "move": move, "ply": 1, "token": "forged-" * 4}))
        assert loop.run(guest.next("error"))["code"] == "bad-token"
        assert log(host) == before and not host.evaluate(MY_TURN)

        # The host keeps serving: the guest's own move goes through and reaches the host's page;
        # no state between the refusals and it moved the game (the first state off ply 1 is ply 2).
        loop.run(guest.send({"v": 1, "type": "move", "move": move, "ply": 1, "token": token}))
        state = loop.run(guest.next("state", lambda m: m["snapshot"]["ply"] != 1))
        assert state["snapshot"]["ply"] == 2 and state["you"] == {"seat": 1}
        host.wait_for_function("document.querySelectorAll('.move-log .mv').length === 2", timeout=10_000)
        assert log(host)[0] == before[0]
        host.wait_for_function(MY_TURN, timeout=10_000)  # and it is the host's turn again
        assert guest.stray_errors == []  # no error for a heartbeat or anything else
        assert host.console_errors == []
    finally:
        loop.finish(guest)
    assert blocked == []

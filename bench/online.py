#!/usr/bin/env python3
"""Online rooms in Chromium on loopback: invite link to lobby/table, and a host's move as seen
on a guest's device. Prints figures; asserts nothing.

    python bench/online.py [--site dist/site] [--moves 30] [--joins 3] [--versus OTHER_SITE]
                           [--engine-first]
    (build first: scripts/build_site.py)

One browser, one context per device, the signaling service of `python -m peer` on a free
loopback port. The host (Ataxx, plays Red) and one guest (Blue) are two pages.

- **invite → lobby**: a fresh context opens the invite link; from navigation start to the lobby
  showing the room's seats (drawn from the host's first `state` over the data channel). A
  guest's page never waits for Pyodide (it draws what the host sends), and since issue #24 part 4
  it does not start its engine worker before the room is shown (index.html keeps the worker's tag
  aside; it starts when the page is idle, `ENGINE_AFTER_MS` later), so Pyodide's start neither is
  in this figure nor competes with it; MicroPython's start, signaling, the WebRTC handshake and
  the first state are. Each join prints its figure and the guest's `data-engine` then
  (`later`: not started; absent: a page that starts it at once, as before). With `--versus
  OTHER_SITE` (e.g. main's build) a second server and host serve OTHER_SITE, and the joins
  alternate between the two sites (ABBA order), so that both meet the same load.
- **invite → table**: the same for a started game (a spectator opens the link): navigation start
  to the board drawn.
- **host → guest move**: the host's tap on the target square (a capture-phase `pointerdown`
  listener stamps `performance.timeOrigin + now()`) to the guest's move log changing (a
  MutationObserver stamps it the same way; both pages share the machine's clock). The host taps
  a piece, then its target `PERSON_GAP_MS` later, as a person would (Playwright's own second
  click came while the page was still drawing the first one's selection). It includes
  the host's engine (room_event in the Pyodide worker), the data channel and the guest's
  drawing. Games are replayed (Rematch) until `--moves` host moves are measured. Then the same
  moves step by step, from stamps an init script puts in both pages (`WAY`): the tap to the
  request posted to the engine worker, the worker's answer back on the host's main thread, the
  guest's state sent on the data channel, received by the guest, and drawn (its move log).
  The guest's page starts its engine (Pyodide) a few seconds after the room is shown, and its
  start takes both cores for seconds: the moves are also given apart, those made while it
  started and those after it was up. `--engine-first`: the host starts the game only once the
  guest's engine is up (as after a lobby of a few seconds), so that every move is measured on a
  page that has finished starting.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))
from conftest import CHROMIUM, CHROMIUM_ARGS, guard_context, start_server  # noqa: E402
from tablekit import OVER, log, wait_engine  # noqa: E402
from test_online_room import MY_TURN, QUERY, create_room, tap_any  # noqa: E402

STAMP = "performance.timeOrigin + performance.now()"
# Stamps of a move's way, put in every page before its own scripts (`window.__way`, cleared per
# move): the first message posted to the engine worker (PyScript talks to it over a MessagePort),
# its first message back, the first state sent on a data channel (host), the first state received
# (guest).
WAY = """(() => {
  const now = () => performance.timeOrigin + performance.now();
  const first = (key) => { if (window.__way && window.__way[key] === undefined) window.__way[key] = now(); };
  const post = MessagePort.prototype.postMessage;
  MessagePort.prototype.postMessage = function (...args) { first("posted"); return post.apply(this, args); };
  const listen = MessagePort.prototype.addEventListener;
  MessagePort.prototype.addEventListener = function (type, ...rest) {
    if (type === "message") listen.call(this, "message", () => { if (window.__way && window.__way.posted) first("answered"); });
    return listen.call(this, type, ...rest);
  };
  const isState = (data) => typeof data === "string" && /"type": ?"state"/.test(data);
  const send = RTCDataChannel.prototype.send;
  RTCDataChannel.prototype.send = function (data) { if (isState(data)) first("sent"); return send.call(this, data); };
  const create = RTCPeerConnection.prototype.createDataChannel;
  RTCPeerConnection.prototype.createDataChannel = function (...args) {
    const channel = create.apply(this, args);
    channel.addEventListener("message", (event) => { if (isState(event.data)) first("received"); });
    return channel;
  };
})();"""
WATCH = """() => {
  window.__seen = null;
  if (window.__observer) window.__observer.disconnect();
  const target = document.querySelector('.move-log');
  window.__observer = new MutationObserver(() => {
    if (window.__seen === null) window.__seen = performance.timeOrigin + performance.now();
  });
  window.__observer.observe(target, {childList: true, subtree: true, characterData: true});
}"""


PERSON_GAP_MS = 150
"""Between a person's two taps (a piece, then its target). Playwright's second click comes 5-15
ms after the first, while the page still draws the selection the first one made; no person
taps that fast."""


def pct(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def since_navigation(page):
    return page.evaluate("performance.now()") / 1000


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--site", default=str(ROOT / "dist" / "site"))
    ap.add_argument("--moves", type=int, default=30)
    ap.add_argument("--joins", type=int, default=3)
    ap.add_argument("--versus", help="another built site: invite -> lobby joins alternate between the two")
    ap.add_argument("--engine-first", action="store_true",
                    help="start the game once the guest's engine is up (moves on a started page)")
    ap.add_argument("--out", help="append this run's figures to a JSON-lines file (to pool runs)")
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    sites = [Path(args.site)] + ([Path(args.versus)] if args.versus else [])
    servers = [start_server(site) for site in sites]
    server = servers[0]
    blocked: list[str] = []
    print(f"load average: {os.getloadavg()[0]:.1f} (2 cores)")
    try:
        with sync_playwright() as pw:
            kwargs = {"args": CHROMIUM_ARGS, "headless": True}
            if Path(CHROMIUM).exists():
                kwargs["executable_path"] = CHROMIUM

            browser = pw.chromium.launch(**kwargs)

            def page_for(path, srv=server):
                context = browser.new_context()
                context.add_init_script(WAY)
                guard_context(context, srv.url, blocked)
                page = context.new_page()
                page.goto(srv.url + path, timeout=120_000)
                return page

            rooms = []  # (server, host page, invite path) per site
            for srv in servers:
                host = page_for("/" + QUERY, srv)
                wait_engine(host)
                link = create_room(host, "ataxx", ["human", "human"], you="0", name="Host")
                rooms.append((srv, host, "/" + link.split("/", 3)[3].replace("?room=", QUERY + "&room=")))

            lobby_s = [[] for _ in rooms]
            for round_ in range(args.joins):  # spectators: each opens the link and sees the seats
                order = list(range(len(rooms)))
                for k in order if round_ % 2 == 0 else order[::-1]:
                    srv, _, invite = rooms[k]
                    page = page_for(invite, srv)
                    page.wait_for_function("document.querySelectorAll('.lobby-seat').length === 2 && "
                                           "document.body.dataset.room === 'watching'", timeout=120_000,
                                           polling=10)
                    lobby_s[k].append(since_navigation(page))
                    print(f"  join ({sites[k].name}): lobby at {lobby_s[k][-1]:.2f} s, engine "
                          f"{page.evaluate('document.body.dataset.engine') or 'started at once'}", flush=True)
                    page.context.close()
            for _, other, _ in rooms[1:]:
                other.context.close()  # only the first site's room goes on
            _, host, invite = rooms[0]
            guest = page_for(invite)
            guest.wait_for_selector(".lobby-seat button.take", timeout=60_000)
            guest.click(".lobby-seat[data-seat='1'] button.take")
            guest.wait_for_function("document.body.dataset.room === 'seated'", timeout=20_000)
            if args.engine_first:
                guest.wait_for_function("document.body.dataset.engine === 'ready'", timeout=120_000)
            host.wait_for_function("!document.querySelector('button.start-room').disabled", timeout=20_000)
            host.click("button.start-room")
            guest.wait_for_selector(".table .board", timeout=20_000)

            table_s = []
            for _ in range(args.joins):
                page = page_for(invite)
                page.wait_for_selector(".table .board", timeout=120_000)
                table_s.append(since_navigation(page))
                print(f"  spectator: table at {table_s[-1]:.2f} s", flush=True)
                page.context.close()

            host.evaluate("document.addEventListener('pointerdown', () => { window.__tap = "
                          + STAMP + "; }, true)")
            latencies, steps, engine_up = [], [], []
            games = 1
            while len(latencies) < args.moves:
                if host.evaluate(OVER):
                    host.click(".result button.btn.primary")  # Rematch (the host restarts the room)
                    host.wait_for_function("document.querySelectorAll('.move-log .mv').length === 0",
                                           timeout=20_000)
                    guest.wait_for_function("document.querySelectorAll('.move-log .mv').length === 0",
                                            timeout=20_000)
                    games += 1
                if host.evaluate(MY_TURN):
                    moved = len(log(host))
                    for page in (host, guest):
                        page.evaluate("window.__way = {}")
                    guest.evaluate(WATCH)
                    tap_any(host, gap_ms=PERSON_GAP_MS)
                    guest.wait_for_function("window.__seen !== null", timeout=20_000, polling=10)
                    tap, host_way = host.evaluate("[window.__tap, window.__way]")
                    seen, guest_way = guest.evaluate("[window.__seen, window.__way]")
                    latencies.append(seen - tap)
                    engine_up.append(guest.evaluate("document.body.dataset.engine") == "ready")
                    marks = [tap, host_way.get("posted"), host_way.get("answered"), host_way.get("sent"),
                             guest_way.get("received"), seen]
                    if None not in marks:
                        steps.append([b - a for a, b in zip(marks, marks[1:])])
                    guest.wait_for_function(f"document.querySelectorAll('.move-log .mv').length > {moved}"
                                            f" || {OVER}", timeout=20_000)
                elif guest.evaluate(MY_TURN):
                    moved = len(log(guest))
                    tap_any(guest)
                    host.wait_for_function(f"document.querySelectorAll('.move-log .mv').length > {moved}"
                                           f" || {OVER}", timeout=20_000)
                else:
                    host.wait_for_timeout(20)
            browser.close()
    finally:
        for srv in servers:
            srv.stop()

    for site, joins in zip(sites, lobby_s):
        print(f"invite link -> lobby with seats (guest, no Pyodide wait), {site.name}, {len(joins)} joins: "
              f"median {statistics.median(joins):.2f} s, max {max(joins):.2f} s")
    print(f"invite link -> table of a started game (spectator), {len(table_s)} joins: "
          f"median {statistics.median(table_s):.2f} s, max {max(table_s):.2f} s")
    ms = [x for x in latencies] or [float("nan")]
    print(f"host move -> guest's move log, {len(ms)} moves over {games} game(s): "
          f"median {statistics.median(ms):.1f} ms, p95 {pct(ms, 95):.1f} ms, max {max(ms):.1f} ms")
    for up, words in ((False, "while the guest's engine started"), (True, "after the guest's engine was up")):
        part = [x for x, was_up in zip(latencies, engine_up) if was_up == up]
        if part:
            print(f"  {words}: {len(part)} moves, median {statistics.median(part):.1f} ms, "
                  f"p95 {pct(part, 95):.1f} ms, max {max(part):.1f} ms")
    names = ["tap -> posted to the engine", "engine's answer", "answer -> sent to the guest",
             "data channel", "received -> guest's log"]
    for name, values in zip(names, zip(*steps)):
        print(f"  {name:30} median {statistics.median(values):5.1f} ms, p95 {pct(values, 95):5.1f} ms")
    print(f"load average: {os.getloadavg()[0]:.1f}; requests leaving the local origin: {len(blocked)}")
    if args.out:
        with open(args.out, "a") as out:
            out.write(json.dumps({"site": str(sites[0]), "lobby_s": lobby_s[0], "move_ms": latencies,
                                  "engine_up": engine_up, "load": os.getloadavg()[0]}) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

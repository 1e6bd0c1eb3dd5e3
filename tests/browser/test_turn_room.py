"""The TURN relay path between browsers (issue #24): a service started with ``--turn`` (coturn on
loopback with docs/deploy.md's configuration: the ``coturn`` fixture, tests/turnkit.py),
``--turn-secret`` and ``--ice-policy relay``; two Chromium pages (host and guest, one context
each) play Ataxx, and each page's selected ICE candidate pair is relay at both ends: the data
channel went through coturn, with the TURN REST credentials the service issued (coturn's log
shows the peers' allocations). Midway an aiortc guest (tests/online/webrtc_peer.py, which
follows the service's ``ice_policy`` as the page does) joins the same room as a spectator
through coturn too, and follows the game.

The pages' RTCPeerConnections are recorded by an init script (the page keeps them inside
MicroPython objects); the test asks them for ``getConfiguration()`` and ``getStats()``.
"""

import re
import sys
from pathlib import Path

import pytest

pytest.importorskip("aiortc", reason="aiortc is not installed (requirements-dev.txt)")
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "online"))

import webrtc_peer  # noqa: E402
from tablekit import log, wait_engine  # noqa: E402
from test_aiortc_guest import Guest, Loop  # noqa: E402
from test_online_room import MY_TURN, QUERY, create_room, start_room, tap_any  # noqa: E402

pytestmark = [pytest.mark.browser, pytest.mark.webrtc]

# Record every RTCPeerConnection the page makes (a subclass: `new` through MicroPython's
# `window.RTCPeerConnection.new(...)` builds one as before).
RECORD_PCS = """(() => {
    const Native = window.RTCPeerConnection;
    const made = window.testPeerConnections = [];
    window.RTCPeerConnection = class extends Native {
        constructor(...args) { super(...args); made.push(this); }
    };
})()"""

# Per connected RTCPeerConnection: its iceTransportPolicy, and its transport's selected candidate
# pair (candidate types, the local candidate's address and port, bytes both ways).
SELECTED_PAIRS = """async () => {
    const out = [];
    for (const pc of window.testPeerConnections) {
        if (pc.connectionState !== 'connected') continue;
        const stats = await pc.getStats();
        let pair = null;
        stats.forEach((r) => {
            if (r.type === 'transport' && r.selectedCandidatePairId) pair = stats.get(r.selectedCandidatePairId);
        });
        const local = pair && stats.get(pair.localCandidateId);
        const remote = pair && stats.get(pair.remoteCandidateId);
        out.push({policy: pc.getConfiguration().iceTransportPolicy,
                  local: local?.candidateType, remote: remote?.candidateType,
                  address: local?.address, port: local?.port, relayProtocol: local?.relayProtocol,
                  sent: pair?.bytesSent, received: pair?.bytesReceived});
    }
    return out;
}"""


def open_recorded(open_page, srv, path):
    page = open_page(None, srv=srv)
    page.add_init_script(script=RECORD_PCS)
    page.goto(srv.url + path)
    return page


def test_host_and_guest_play_ataxx_through_coturn_with_relay_only(open_page, server_factory, coturn, blocked):
    seen = len(coturn.log_text())  # the session's coturn: this test's part of its log starts here
    srv = server_factory("--turn", coturn.url, "--turn-secret", coturn.secret, "--ice-policy", "relay")
    host = open_recorded(open_page, srv, "/" + QUERY)
    wait_engine(host)
    link = create_room(host, "ataxx", ["human", "human"], you="0", name="Hana")
    guest = open_recorded(open_page, srv, "/" + link.split("/", 3)[3].replace("?room=", QUERY + "&room="))
    guest.wait_for_selector(".lobby-seat", timeout=30_000)
    guest.fill(".lobby input[name=name]", "Ann")
    guest.click(".lobby-seat[data-seat='1'] button.take")
    guest.wait_for_function("document.body.dataset.room === 'seated'", timeout=10_000)
    start_room(host, guest)

    def move(mover, ply):
        mover.wait_for_function(MY_TURN, timeout=10_000)
        tap_any(mover)
        for page in (host, guest):
            page.wait_for_function(f"document.querySelectorAll('.move-log .mv').length === {ply + 1}",
                                   timeout=5000)

    move(host, 0)
    move(guest, 1)
    # An aiortc guest joins as a spectator; it takes the service's "relay" policy as the page does.
    webrtc_peer.patch_aioice(loopback_only=True)
    loop = Loop(host)
    watcher = Guest(f"ws://127.0.0.1:{srv.port}/signal", link.split("room=")[1])
    try:
        loop.run(watcher.join())
        assert watcher.guest.relay_only
        assert webrtc_peer.nominated_local_type(watcher.guest.pc) == "relay"
        loop.run(watcher.send({"v": 1, "type": "hello", "name": "Rob"}))
        state = loop.run(watcher.next("state"))
        assert state["you"] == {"seat": None} and state["snapshot"]["ply"] == 2
        move(host, 2)
        move(guest, 3)
        state = loop.run(watcher.next("state", lambda m: m["snapshot"]["ply"] == 4))
        moves = state["snapshot"]["said"]["moves"]  # [[words, places], …]: what it followed
        assert [places[-1] for _, places in moves] == [m[-2:] for m in log(host)], (moves, log(host))
        assert watcher.stray_errors == []

        # Each link runs over relay candidates at both ends, on each page (the host has two: the
        # Chromium guest's and the aiortc guest's): the service's policy reached
        # RTCPeerConnection, and coturn (127.0.0.1, its relay ports) relays.
        for page, links in ((host, 2), (guest, 1)):
            pairs = page.evaluate(SELECTED_PAIRS)
            assert len(pairs) == links, pairs
            for pair in pairs:
                assert pair["policy"] == "relay", pair
                assert pair["local"] == "relay" and pair["remote"] == "relay", pair
                assert pair["address"] == "127.0.0.1" and 49152 <= pair["port"] <= 65535, pair
                assert pair["relayProtocol"] == "udp" and pair["sent"] > 0 and pair["received"] > 0, pair
    finally:
        loop.finish(watcher)
    # coturn allocated for the three peers with the credentials the service signed
    # ("<expiry>:<peer id>": the host's and two guests')
    text = coturn.log_text()[seen:]
    users = set(re.findall(r"user <(\d+:[a-z0-9]+)>: incoming packet ALLOCATE processed, success", text))
    assert len({u.split(":")[1] for u in users}) == 3 and any(u.endswith(":host") for u in users), users
    assert host.console_errors == [] and guest.console_errors == []
    assert blocked == []

"""The TURN relay path: coturn on loopback with the TURN REST secret the service signs its
credentials with (``--turn``, ``--turn-secret``; peer/config.py ``turn_credentials``), and two
aiortc peers whose RTCPeerConnection uses iceTransportPolicy "relay" (as a phone on a network
that blocks direct paths would end up doing): their only candidates are coturn's relayed
addresses, so the room's messages travel through coturn. A wrong secret gets no relay at all.

coturn (Debian's ``coturn``; scripts/setup.sh --services) is the session's ``coturn`` fixture
(tests/conftest.py, tests/turnkit.py): docs/deploy.md's own configuration lines on a free
loopback port, plus what one machine needs (no TLS, loopback peers allowed). The same server
carries the browsers' relay test (tests/browser/test_turn_room.py).
"""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("aiortc", reason="aiortc is not installed (requirements-dev.txt)")
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "online"))

import webrtc_peer  # noqa: E402
from peer.config import SignalConfig  # noqa: E402
from peer.server import serving  # noqa: E402
from test_signal import EMPTY_SITE, run  # noqa: E402

pytestmark = pytest.mark.webrtc


def relay_candidates(sdp: str) -> tuple[int, int]:
    """(relay candidates, other candidates) in an SDP."""
    lines = [line for line in sdp.splitlines() if line.startswith("a=candidate")]
    relay = sum(" typ relay" in line for line in lines)
    return relay, len(lines) - relay


def test_a_room_plays_through_coturn_with_relay_only_peers(coturn):
    webrtc_peer.patch_aioice(loopback_only=True)

    async def main():
        cfg = SignalConfig(turn=[coturn.url], turn_secret=coturn.secret, turn_ttl=600)
        async with serving("127.0.0.1", 0, EMPTY_SITE, cfg) as srv:
            url = f"ws://127.0.0.1:{srv.port}/signal"
            host = await webrtc_peer.RoomHost.create(url, relay_only=True)
            guest = await webrtc_peer.RoomGuest.join(url, host.room, relay_only=True)
            try:
                peer = await host.wait_guest()
                # both sides offered coturn's relayed addresses only, and ICE chose one
                for sdp in (guest.pc.localDescription.sdp, host.pcs[peer].localDescription.sdp):
                    relay, other = relay_candidates(sdp)
                    assert relay >= 1 and other == 0, sdp
                assert webrtc_peer.nominated_local_type(guest.pc) == "relay"
                assert webrtc_peer.nominated_local_type(host.pcs[peer]) == "relay"
                # a game's exchange over "parlor", both ways
                guest.send({"v": 1, "type": "hello", "name": "Ana"})
                assert await host.channels[peer].recv() == {"v": 1, "type": "hello", "name": "Ana"}
                for ply in range(5):
                    host.channels[peer].send({"v": 1, "type": "state", "ply": ply})
                    assert await guest.recv() == {"v": 1, "type": "state", "ply": ply}
                    guest.send({"v": 1, "type": "move", "move": f"m{ply}", "ply": ply})
                    assert (await host.channels[peer].recv())["move"] == f"m{ply}"
                return peer, host.ice_servers[0]["username"], guest.ice_servers[0]["username"]
            finally:
                await guest.close()
                await host.close()

    peer, host_user, guest_user = run(main())
    # coturn accepted the credentials the service signed (TURN REST usernames "<expiry>:<peer
    # id>") and relayed the data both ways: its per-session "peer usage" counts the packets it
    # received from (rp) and sent to (sp) the other peer; logged when the session closes
    assert host_user.endswith(":host") and guest_user.endswith(f":{peer}")
    deadline = time.monotonic() + 5
    while True:
        text = coturn.log_text()
        usage = {user: re.search(rf"peer usage: realm=<{re.escape(coturn.realm)}>, username=<{re.escape(user)}>, "
                                 r"rp=(\d+), rb=(\d+), sp=(\d+), sb=(\d+)", text)
                 for user in (host_user, guest_user)}
        if all(usage.values()) or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    for user, found in usage.items():
        assert found, f"no relayed traffic logged for {user}: {text[-2000:]}"
        rp, rb, sp, sb = map(int, found.groups())
        assert rp >= 5 and sp >= 5 and rb > 500 and sb > 500, found[0]
        assert f"user <{user}>: incoming packet ALLOCATE processed, success" in text


def test_credentials_signed_with_another_secret_get_no_relay(coturn):
    webrtc_peer.patch_aioice(loopback_only=True)

    async def main():
        cfg = SignalConfig(turn=[coturn.url], turn_secret="not-" + coturn.secret)
        async with serving("127.0.0.1", 0, EMPTY_SITE, cfg) as srv:
            signal = await webrtc_peer.Signal.open(f"ws://127.0.0.1:{srv.port}/signal")
            await signal.send("create")
            created = await signal.expect("created")
            pc = webrtc_peer.RTCPeerConnection(webrtc_peer.rtc_configuration(created["ice_servers"], True))
            try:
                pc.createDataChannel("parlor")
                await pc.setLocalDescription(await pc.createOffer())
                return pc.localDescription.sdp, created["ice_servers"][0]["username"]
            finally:
                await pc.close()
                await signal.close()

    sdp, user = run(main())
    assert relay_candidates(sdp) == (0, 0)  # no relayed address: with "relay", no way through
    assert f"Cannot find credentials of user <{user}>" in coturn.log_text()

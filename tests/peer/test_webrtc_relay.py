"""Two aiortc peers connect through the signaling server on loopback and talk over "parlor"."""

from __future__ import annotations

import asyncio
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

pytest.importorskip("aiortc", reason="aiortc is not installed (requirements-dev.txt)")
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "online"))

import webrtc_peer  # noqa: E402
from peer.config import SignalConfig  # noqa: E402
from peer.server import serving  # noqa: E402

pytestmark = pytest.mark.webrtc


@pytest.mark.parametrize("loopback_only", [True, False])
def test_two_aiortc_peers_exchange_json_over_parlor(loopback_only):
    webrtc_peer.patch_aioice(loopback_only=loopback_only)

    async def main():
        async with serving("127.0.0.1", 0, Path(__file__).parent / "no-site", SignalConfig()) as srv:
            url = f"ws://127.0.0.1:{srv.port}/signal"
            host = await webrtc_peer.RoomHost.create(url)
            guest = await webrtc_peer.RoomGuest.join(url, host.room)
            try:
                peer = await host.wait_guest()
                assert peer == guest.peer_id
                assert guest.channel.channel.label == "parlor" and guest.channel.channel.ordered
                guest.send({"v": 1, "type": "hello", "name": "<b>guest</b>"})
                assert await host.channels[peer].recv() == {"v": 1, "type": "hello", "name": "<b>guest</b>"}
                host.channels[peer].send({"v": 1, "type": "state", "seat": 2, "board": [0] * 49})
                assert await guest.recv() == {"v": 1, "type": "state", "seat": 2, "board": [0] * 49}
                # candidates on the wire are the loopback ones the patch added
                assert "127.0.0.1" in guest.pc.localDescription.sdp
                if loopback_only:
                    assert all("127.0.0.1" in line for line in guest.pc.localDescription.sdp.splitlines()
                               if line.startswith("a=candidate") and " udp " in line.lower())
            finally:
                await guest.close()
                await host.close()
            await asyncio.sleep(0.1)

    # Its own loop in a worker thread: a browser test's Playwright loop may run in this one.
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, asyncio.wait_for(main(), 30)).result()

"""An independent, non-browser WebRTC peer for tests: Parlor's signaling protocol + aiortc.

Not a test by itself. ``RoomHost`` creates a room and answers offers; ``RoomGuest`` joins a room,
creates the ordered, reliable data channel "parlor" and sends the offer. Application messages
on the channel are JSON text (``send(obj)`` / ``recv()``); what they mean is the page's room
protocol, which this module does not know.

Signaling payloads (``data`` of a ``signal`` message; the server relays them untouched — the
page uses the same convention, see docs/online.md):

    {"description": {"type": "offer" | "answer", "sdp": "..."}}
    {"candidate": {"candidate": "candidate:...", "sdpMid": "0", "sdpMLineIndex": 0}}  # trickle
    {"candidate": null}                                                                # end

aiortc gathers every candidate before ``setLocalDescription`` returns, so this peer sends one
full SDP and never a separate candidate; it accepts trickled candidates from a browser.

aioice (aiortc's ICE) leaves 127.0.0.1 out of its host candidates, so two peers on one machine
with no other interface (a loopback-only network namespace) find no candidate pair.
``patch_aioice()`` adds 127.0.0.1 to its host-address list (``loopback_only=True``: only it).

    python tests/online/webrtc_peer.py host ws://127.0.0.1:8000/signal
    python tests/online/webrtc_peer.py guest ws://127.0.0.1:8000/signal ROOMCODE
"""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Any
from urllib.parse import urlsplit

import aioice.ice
from aiortc import (RTCConfiguration, RTCIceServer, RTCIceTransportPolicy, RTCPeerConnection,
                    RTCSessionDescription)
from aiortc.sdp import candidate_from_sdp
from websockets.asyncio.client import connect

LABEL = "parlor"
_original_host_addresses = aioice.ice.get_host_addresses


def patch_aioice(loopback_only: bool = False) -> None:
    """Make aioice offer 127.0.0.1 as a host candidate (idempotent)."""
    def get_host_addresses(use_ipv4: bool, use_ipv6: bool) -> list[str]:
        found = [] if loopback_only else _original_host_addresses(use_ipv4, use_ipv6)
        return (["127.0.0.1"] if use_ipv4 else []) + [a for a in found if a != "127.0.0.1"]

    aioice.ice.get_host_addresses = get_host_addresses


def default_origin(url: str) -> str:
    """The origin a page served by the same server would send: http://host:port."""
    parts = urlsplit(url)
    scheme = "https" if parts.scheme == "wss" else "http"
    return f"{scheme}://{parts.netloc}"


def rtc_configuration(ice_servers: list[dict], relay_only: bool = False) -> RTCConfiguration:
    """``relay_only``: iceTransportPolicy "relay", as a browser's: only TURN relay candidates, so
    every packet goes through the TURN server (tests/peer/test_turn_relay.py). ``RoomHost`` and
    ``RoomGuest`` use it when asked to, or when the service says ``"ice_policy": "relay"``."""
    # An explicit list: with None aiortc would fall back to a public Google STUN server.
    return RTCConfiguration(iceServers=[
        RTCIceServer(urls=s["urls"], username=s.get("username"), credential=s.get("credential"))
        for s in ice_servers],
        iceTransportPolicy=RTCIceTransportPolicy.RELAY if relay_only else RTCIceTransportPolicy.ALL)


def nominated_local_type(pc: RTCPeerConnection) -> str:
    """The type ("host", "srflx", "relay") of the local candidate of the pair ICE nominated
    (aioice's connection under the data channel's transport)."""
    ice = pc.sctp.transport.transport._connection
    pair = next(iter(ice._nominated.values()))
    return pair.local_candidate.type


class SignalError(Exception):
    def __init__(self, message: dict):
        super().__init__(f"{message.get('code')}: {message.get('message')}")
        self.code = message.get("code")


class Signal:
    """A signaling connection: ``signal`` messages go to ``on_signal``; the rest to ``events``."""

    def __init__(self, ws):
        self.ws = ws
        self.events: asyncio.Queue[dict] = asyncio.Queue()
        self.on_signal = None  # async (from_id, data) -> None
        self._pump = asyncio.create_task(self._read())

    @classmethod
    async def open(cls, url: str, origin: str | None = "auto") -> "Signal":
        ws = await connect(url, origin=default_origin(url) if origin == "auto" else origin,
                           close_timeout=2)
        return cls(ws)

    async def send(self, type_: str, **fields) -> None:
        await self.ws.send(json.dumps({"v": 1, "type": type_, **fields}))

    async def expect(self, *types: str, timeout: float = 10.0) -> dict:
        """The next event of one of ``types``; an error (unless expected) raises SignalError."""
        async with asyncio.timeout(timeout):
            while True:
                m = await self.events.get()
                if m["type"] in types:
                    return m
                if m["type"] == "error":
                    raise SignalError(m)

    async def _read(self) -> None:
        async for raw in self.ws:
            m = json.loads(raw)
            if m.get("type") == "signal" and self.on_signal is not None:
                await self.on_signal(m["from"], m["data"])  # in order: offer before candidates
            else:
                self.events.put_nowait(m)
        self.events.put_nowait({"type": "closed"})

    async def close(self) -> None:
        await self.ws.close()
        self._pump.cancel()


async def add_candidate(pc: RTCPeerConnection, cand: dict | None) -> None:
    if not cand or not cand.get("candidate"):
        return  # end of candidates: aiortc needs no signal for it
    line = cand["candidate"]
    c = candidate_from_sdp(line.split(":", 1)[1] if line.startswith("candidate:") else line)
    c.sdpMid, c.sdpMLineIndex = cand.get("sdpMid"), cand.get("sdpMLineIndex")
    await pc.addIceCandidate(c)


class Channel:
    """JSON over an RTCDataChannel."""

    def __init__(self, channel):
        self.channel = channel
        self.inbox: asyncio.Queue[Any] = asyncio.Queue()
        self.open = asyncio.Event()
        if channel.readyState == "open":
            self.open.set()
        channel.on("open", self.open.set)
        channel.on("message", self._message)

    def _message(self, text) -> None:
        try:
            self.inbox.put_nowait(json.loads(text))
        except (TypeError, ValueError):
            self.inbox.put_nowait(text)

    def send(self, obj: Any) -> None:
        self.channel.send(obj if isinstance(obj, str) else json.dumps(obj))

    async def recv(self, timeout: float = 10.0) -> Any:
        return await asyncio.wait_for(self.inbox.get(), timeout)


class RoomHost:
    """Creates a room and answers every guest's offer; one data channel per guest."""

    def __init__(self, signal: Signal, created: dict):
        self.signal, self.room, self.host_key = signal, created["room"], created["host_key"]
        self.peer_id, self.ice_servers = created["peer"], created["ice_servers"]
        self.pcs: dict[str, RTCPeerConnection] = {}
        self.channels: dict[str, Channel] = {}
        self.relay_only = False
        self.ready: asyncio.Queue[str] = asyncio.Queue()  # guest ids whose channel opened
        signal.on_signal = self._on_signal

    @classmethod
    async def create(cls, url: str, origin: str | None = "auto", relay_only: bool = False) -> "RoomHost":
        signal = await Signal.open(url, origin)
        await signal.send("create")
        created = await signal.expect("created")
        host = cls(signal, created)
        host.relay_only = relay_only or created.get("ice_policy") == "relay"  # as the page does
        return host

    async def _on_signal(self, frm: str, data: dict) -> None:
        if "description" in data:
            desc = data["description"]
            if desc.get("type") != "offer":
                return
            if frm in self.pcs:  # a fresh offer from a reconnecting guest
                await self.pcs.pop(frm).close()
            pc = RTCPeerConnection(rtc_configuration(self.ice_servers, self.relay_only))
            self.pcs[frm] = pc

            @pc.on("datachannel")
            def on_datachannel(channel):
                if channel.label != LABEL:
                    return
                ch = Channel(channel)
                self.channels[frm] = ch
                asyncio.ensure_future(self._announce(frm, ch))

            await pc.setRemoteDescription(RTCSessionDescription(sdp=desc["sdp"], type="offer"))
            await pc.setLocalDescription(await pc.createAnswer())
            await self.signal.send("signal", to=frm, data={"description": {
                "type": pc.localDescription.type, "sdp": pc.localDescription.sdp}})
        elif "candidate" in data and frm in self.pcs:
            await add_candidate(self.pcs[frm], data["candidate"])

    async def _announce(self, peer: str, ch: Channel) -> None:
        await ch.open.wait()
        self.ready.put_nowait(peer)

    async def wait_guest(self, timeout: float = 15.0) -> str:
        """The id of the next guest whose data channel is open."""
        return await asyncio.wait_for(self.ready.get(), timeout)

    async def close(self) -> None:
        for pc in self.pcs.values():
            await pc.close()
        await self.signal.close()


class RoomGuest:
    """Joins a room, offers a connection to its host and opens the "parlor" data channel."""

    def __init__(self, signal: Signal, joined: dict):
        self.signal, self.room, self.peer_id = signal, joined["room"], joined["peer"]
        self.host, self.ice_servers = joined["host"], joined["ice_servers"]
        self.pc: RTCPeerConnection | None = None
        self.channel: Channel | None = None
        self.relay_only = False
        self._answered = asyncio.Event()
        signal.on_signal = self._on_signal

    @classmethod
    async def join(cls, url: str, room: str, origin: str | None = "auto", timeout: float = 15.0,
                   relay_only: bool = False) -> "RoomGuest":
        signal = await Signal.open(url, origin)
        await signal.send("join", room=room)
        joined = await signal.expect("joined")
        guest = cls(signal, joined)
        guest.relay_only = relay_only or joined.get("ice_policy") == "relay"  # as the page does
        await guest.connect(timeout)
        return guest

    async def connect(self, timeout: float = 15.0) -> None:
        if self.host is None:  # wait for the host to come back or be replaced
            m = await self.signal.expect("host-back", "host-changed", timeout=timeout)
            self.host = m["host"]
        if self.pc is not None:
            await self.pc.close()
        self._answered.clear()
        self.pc = RTCPeerConnection(rtc_configuration(self.ice_servers, self.relay_only))
        self.channel = Channel(self.pc.createDataChannel(LABEL, ordered=True))
        await self.pc.setLocalDescription(await self.pc.createOffer())  # gathers every candidate
        await self.signal.send("signal", to=self.host, data={"description": {
            "type": self.pc.localDescription.type, "sdp": self.pc.localDescription.sdp}})
        async with asyncio.timeout(timeout):
            await self._answered.wait()
            await self.channel.open.wait()

    async def _on_signal(self, frm: str, data: dict) -> None:
        if frm != self.host or self.pc is None:
            return
        if "description" in data and data["description"].get("type") == "answer":
            await self.pc.setRemoteDescription(RTCSessionDescription(sdp=data["description"]["sdp"], type="answer"))
            self._answered.set()
        elif "candidate" in data:
            await add_candidate(self.pc, data["candidate"])

    def send(self, obj: Any) -> None:
        self.channel.send(obj)

    async def recv(self, timeout: float = 10.0) -> Any:
        return await self.channel.recv(timeout)

    async def close(self) -> None:
        if self.pc is not None:
            await self.pc.close()
        await self.signal.close()


async def _main(argv: list[str]) -> int:
    patch_aioice()
    if len(argv) >= 2 and argv[0] == "host":
        host = await RoomHost.create(argv[1])
        print(f"room {host.room}: waiting for guests (Ctrl-C to stop)", flush=True)
        while True:
            peer = await host.wait_guest(timeout=3600)
            print(f"guest {peer} connected", flush=True)
            host.channels[peer].send({"hello": peer})
    if len(argv) >= 3 and argv[0] == "guest":
        guest = await RoomGuest.join(argv[1], argv[2])
        print(f"connected as {guest.peer_id}; first message: {await guest.recv(30)}", flush=True)
        await guest.close()
        return 0
    print(__doc__.strip().splitlines()[-2:], file=sys.stderr)
    return 2


if __name__ == "__main__":
    try:
        raise SystemExit(asyncio.run(_main(sys.argv[1:])))
    except KeyboardInterrupt:
        pass

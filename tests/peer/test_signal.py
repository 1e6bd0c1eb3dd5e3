"""The /signal service in-process: a real server on a free loopback port, websockets clients.

Relay and isolation, full and unknown rooms, resume and claim-host, expiry, size and rate limits,
garbage frames, vanishing clients, origin check, TURN REST credentials, config.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import hashlib
import hmac
import json
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from peer import config as signal_config
from peer.config import SignalConfig, turn_credentials
from peer.server import serving
from peer.signal import CODE_ALPHABET, CODE_LENGTH, format_code

EMPTY_SITE = Path(__file__).parent / "no-site"


def run(coro):
    """Run `coro` to the end on its own event loop in a worker thread: the session's Playwright
    (sync API) keeps an event loop running in the main thread once a browser test has run."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, asyncio.wait_for(coro, 20)).result()


class Client:
    def __init__(self, ws):
        self.ws = ws

    async def send(self, type_: str, **fields) -> None:
        await self.ws.send(json.dumps({"v": 1, "type": type_, **fields}))

    async def raw(self, data) -> None:
        await self.ws.send(data)

    async def recv(self, timeout: float = 2.0) -> dict:
        return json.loads(await asyncio.wait_for(self.ws.recv(), timeout))

    async def expect(self, type_: str, **fields) -> dict:
        m = await self.recv()
        assert m["v"] == 1 and m["type"] == type_, m
        for k, v in fields.items():
            assert m.get(k) == v, (k, m)
        return m

    async def error(self, code: str) -> dict:
        m = await self.expect("error", code=code)
        assert isinstance(m["message"], str) and m["message"]
        return m

    async def quiet(self, seconds: float = 0.1) -> None:
        """Nothing arrives for a while."""
        try:
            m = await asyncio.wait_for(self.ws.recv(), seconds)
        except asyncio.TimeoutError:
            return
        raise AssertionError(f"unexpected message {m}")

    async def closed(self, timeout: float = 3.0) -> int:
        """Wait until the server closes us; return the close code (messages before are skipped)."""
        try:
            while True:
                await asyncio.wait_for(self.ws.recv(), timeout)
        except ConnectionClosed as err:
            return err.rcvd.code if err.rcvd else 1006

    async def alive(self) -> None:
        await self.send("ping")
        await self.expect("pong")


class Harness:
    def __init__(self, srv, stack):
        self.srv, self.port, self.signaling = srv, srv.port, srv.signaling
        self.origin = f"http://127.0.0.1:{srv.port}"
        self.url = f"ws://127.0.0.1:{srv.port}/signal"
        self._clients = []

    async def client(self, origin: str | None = "default") -> Client:
        ws = await connect(self.url, origin=self.origin if origin == "default" else origin,
                           close_timeout=1)
        self._clients.append(ws)
        return Client(ws)

    async def host(self) -> tuple[Client, dict]:
        h = await self.client()
        await h.send("create")
        return h, await h.expect("created", peer="host")

    async def guest(self, host: Client | None, room: str) -> tuple[Client, str]:
        g = await self.client()
        await g.send("join", room=room)
        joined = await g.expect("joined", room=room)
        if host is not None:
            await host.expect("peer-joined", peer=joined["peer"])
        return g, joined["peer"]

    async def close_all(self):
        for ws in self._clients:
            await ws.close()


@asynccontextmanager
async def server(**cfg):
    async with serving("127.0.0.1", 0, EMPTY_SITE, SignalConfig(**cfg)) as srv:
        h = Harness(srv, None)
        try:
            yield h
        finally:
            await h.close_all()


def healthz(port: int) -> dict:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as r:
        return json.loads(r.read())


# --------------------------------------------------------------------------- relay

def test_create_join_relay_both_ways():
    async def main():
        async with server() as s:
            host, created = await s.host()
            code = created["room"]
            assert len(code) == CODE_LENGTH and set(code) <= set(CODE_ALPHABET)
            assert len(created["host_key"]) >= 32 and created["ice_servers"] == []
            assert created["ice_policy"] == "all"  # the default: direct paths, TURN when needed
            guest, gid = await s.guest(host, code)
            assert gid != "host" and len(gid) == 8
            offer = {"type": "offer", "sdp": "v=0 whatever"}
            await guest.send("signal", to="host", data=offer)
            await host.expect("signal", data=offer, **{"from": gid})
            answer = {"type": "answer", "sdp": "v=0 reply", "candidates": [1, 2]}
            await host.send("signal", to=gid, data=answer)
            await guest.expect("signal", data=answer, **{"from": "host"})
            await guest.alive()
            assert await asyncio.to_thread(healthz, s.port) == {
                "ok": True, "site": False, "rooms": 1, "connections": 2}
    run(main())


def test_join_accepts_typed_codes_and_reports_absent_host():
    async def main():
        async with server() as s:
            host, created = await s.host()
            code = created["room"]
            g1 = await s.client()
            await g1.send("join", room=" " + format_code(code).lower() + " ")
            await g1.expect("joined", room=code, host="host")
            await host.expect("peer-joined")
            await host.ws.close()
            await g1.expect("host-left")
            g2 = await s.client()
            await g2.send("join", room=code)
            await g2.expect("joined", room=code, host=None)
            await g1.quiet()
    run(main())


def test_isolation_between_rooms_and_peers():
    async def main():
        async with server() as s:
            ha, a = await s.host()
            hb, b = await s.host()
            assert a["room"] != b["room"] and a["host_key"] != b["host_key"]
            ga1, ida1 = await s.guest(ha, a["room"])
            ga2, ida2 = await s.guest(ha, a["room"])
            gb, idb = await s.guest(hb, b["room"])
            # host of room A cannot reach room B's guest; guests cannot reach each other
            await ha.send("signal", to=idb, data={"x": 1})
            await ha.error("bad-peer")
            await ga1.send("signal", to=ida2, data={"x": 1})
            await ga1.error("bad-peer")
            await ga1.send("signal", to=idb, data={"x": 1})
            await ga1.error("bad-peer")
            await ga1.send("signal", to=ida1, data={"x": 1})
            await ga1.error("bad-peer")
            await ha.send("signal", to="nobody", data={"x": 1})
            await ha.error("bad-peer")
            # a guest addresses only its own room's host, by its id
            await gb.send("signal", to="host", data={"only": "b"})
            await hb.expect("signal", data={"only": "b"}, **{"from": idb})
            for c in (ha, ga2, gb):
                await c.quiet(0.05)
            # not in a room: nothing to signal
            loner = await s.client()
            await loner.send("signal", to="host", data={})
            await loner.error("no-room")
            # one room per connection
            await ga1.send("create")
            await ga1.error("in-room")
            await ha.send("join", room=b["room"])
            await ha.error("in-room")
    run(main())


def test_unknown_and_full_rooms_and_room_limit():
    async def main():
        async with server(max_peers=3, max_rooms=2) as s:
            c = await s.client()
            await c.send("join", room="0000-0000-0000")
            await c.error("no-room")
            host, created = await s.host()
            code = created["room"]
            g1, id1 = await s.guest(host, code)
            g2, _ = await s.guest(host, code)
            g3 = await s.client()
            await g3.send("join", room=code)
            await g3.error("room-full")
            await g1.ws.close()
            await host.expect("peer-left", peer=id1)
            await g3.send("join", room=code)
            await g3.expect("joined")
            await s.host()
            extra = await s.client()
            await extra.send("create")
            await extra.error("too-many-rooms")
    run(main())


def test_connection_limit():
    async def main():
        async with server(max_connections=2) as s:
            a, b = await s.client(), await s.client()
            await a.alive()
            await b.alive()
            c = await s.client()
            await c.error("too-many-connections")
            assert await c.closed() == 1013
            await a.alive()
    run(main())


# --------------------------------------------------------------------------- resume and takeover

def test_resume_with_key_and_bad_key():
    async def main():
        async with server() as s:
            host, created = await s.host()
            code, key = created["room"], created["host_key"]
            guest, gid = await s.guest(host, code)
            await host.ws.close()
            await guest.expect("host-left")
            await guest.send("signal", to="host", data={})
            await guest.error("bad-peer")
            thief = await s.client()
            await thief.send("resume", room=code, host_key=key[:-1] + ("A" if key[-1] != "A" else "B"))
            await thief.error("bad-key")
            await thief.send("resume", room=code)
            await thief.error("bad-message")
            back = await s.client()
            await back.send("resume", room=code, host_key=key)
            r = await back.expect("resumed", room=code, peer="host", peers=[gid])
            assert r["ice_servers"] == [] and r["ice_policy"] == "all"
            await guest.expect("host-back", host="host")
            await guest.send("signal", to="host", data={"again": True})
            await back.expect("signal", data={"again": True})
            # the same key on a second connection replaces the first (closed with 4001)
            tab2 = await s.client()
            await tab2.send("resume", room=code, host_key=key)
            await tab2.expect("resumed", peers=[gid])
            assert await back.closed() == 4001
            await guest.expect("host-back", host="host")
            await guest.quiet()  # no host-left for a replaced connection
            assert s.signaling.stats()["rooms"] == 1
    run(main())


def test_claim_host_timing_and_first_claim_wins():
    async def main():
        async with server(takeover_after=1.0) as s:
            host, created = await s.host()
            code, key = created["room"], created["host_key"]
            g1, id1 = await s.guest(host, code)
            g2, id2 = await s.guest(host, code)
            await g1.send("claim-host", room=code)
            await g1.error("host-present")
            await host.ws.close()
            await g1.expect("host-left")
            await g2.expect("host-left")
            await g1.send("claim-host", room=code)
            early = await g1.error("too-early")
            assert 0 < early["seconds"] <= 1.0
            await g1.send("claim-host", room="WRONG")
            await g1.error("no-room")
            await asyncio.sleep(1.05)
            await g1.send("claim-host", room=code)
            await g2.send("claim-host", room=code)
            granted = await g1.expect("host-granted", room=code, peers=[id2])
            assert granted["host_key"] != key and len(granted["host_key"]) >= 32
            await g2.expect("host-changed", host=id1)
            await g2.error("host-present")
            # the new host relays with its own id; newcomers see it as host
            await g2.send("signal", to=id1, data={"o": 1})
            await g1.expect("signal", data={"o": 1}, **{"from": id2})
            await g1.send("signal", to=id2, data={"a": 1})
            await g2.expect("signal", data={"a": 1}, **{"from": id1})
            g3 = await s.client()
            await g3.send("join", room=code)
            await g3.expect("joined", host=id1)
            await g1.expect("peer-joined")
            # the old key is dead; the new one resumes as the claimer's id
            old = await s.client()
            await old.send("resume", room=code, host_key=key)
            await old.error("bad-key")
            await g1.ws.close()
            await g2.expect("host-left")
            again = await s.client()
            await again.send("resume", room=code, host_key=granted["host_key"])
            await again.expect("resumed", peer=id1)
            await g2.expect("host-back", host=id1)
    run(main())


# --------------------------------------------------------------------------- expiry

def test_rooms_expire_without_activity():
    async def main():
        async with server(room_ttl=1.2, empty_room_ttl=0.3, sweep_interval=0.05) as s:
            host, created = await s.host()
            guest, _ = await s.guest(host, created["room"])
            idle, idle_room = await s.host()
            # pings keep the first room alive past its TTL (a gap of up to 1.2 s is allowed, for a
            # loaded machine); the idle one, without a guest, goes after 0.3 s
            for _ in range(16):  # 1.6 s: past the TTL
                await guest.alive()
                await asyncio.sleep(0.1)
            assert created["room"] in s.signaling.rooms
            assert idle_room["room"] not in s.signaling.rooms
            await idle.error("no-room")
            assert await idle.closed() == 4002
            # ... until they stop: then everyone is told and closed with 4002
            await host.error("no-room")
            assert await host.closed() == 4002
            assert await guest.closed() == 4002
            c = await s.client()
            await c.send("join", room=created["room"])
            await c.error("no-room")
            assert s.signaling.stats()["rooms"] == 0
    run(main())


def test_empty_room_expires_sooner():
    async def main():
        async with server(room_ttl=60, empty_room_ttl=0.2, sweep_interval=0.05) as s:
            host, created = await s.host()
            await host.ws.close()
            await asyncio.sleep(0.4)
            assert s.signaling.stats() == {"rooms": 0, "connections": 0}
            c = await s.client()
            await c.send("resume", room=created["room"], host_key=created["host_key"])
            await c.error("no-room")
    run(main())


def test_handshake_timeout_drops_silent_clients():
    async def main():
        async with server(handshake_timeout=0.3) as s:
            silent = await s.client()
            pinger = await s.client()
            await pinger.alive()  # pings do not count as a handshake
            host, _ = await s.host()
            await silent.error("timeout")
            assert await silent.closed() == 1008
            assert await pinger.closed() == 1008
            await asyncio.sleep(0.2)
            await host.alive()  # in a room: no deadline
    run(main())


# --------------------------------------------------------------------------- abuse

def test_size_limit():
    async def main():
        async with server(max_message=1024) as s:
            host, created = await s.host()
            guest, gid = await s.guest(host, created["room"])
            big = json.dumps({"v": 1, "type": "signal", "to": "host", "data": {"sdp": "x" * 1100}})
            await guest.raw(big)
            await guest.error("too-large")
            await guest.raw("é" * 600)  # 600 characters, 1200 bytes
            await guest.error("too-large")
            await guest.alive()
            await host.quiet(0.05)
            await guest.raw(big)
            assert await guest.closed() == 1009
            await host.expect("peer-left", peer=gid)
            # frames beyond the socket's hard cap are cut by websockets with 1009
            other, _ = await s.guest(host, created["room"])
            await other.raw("x" * (65 * 1024))
            assert await other.closed() == 1009
            await host.expect("peer-left")
            await host.alive()
    run(main())


def test_flood_closes_only_the_flooder():
    async def main():
        async with server(rate=20, burst=10, flood_strikes=20) as s:
            host, created = await s.host()
            calm, calm_id = await s.guest(host, created["room"])
            flood, flood_id = await s.guest(host, created["room"])
            for i in range(200):
                try:
                    await flood.send("signal", to="host", data={"i": i})
                except ConnectionClosed:
                    break
            got = []
            while True:
                m = await host.recv()
                if m["type"] == "peer-left":
                    break
                got.append(m["data"]["i"])
            assert m["peer"] == flood_id and 8 <= len(got) <= 30  # burst 10, plus refills if slow
            first_error = await flood.recv()
            assert first_error["code"] == "rate-limited"
            assert await flood.closed() == 1008
            await calm.send("signal", to="host", data={"still": "here"})
            await host.expect("signal", data={"still": "here"}, **{"from": calm_id})
            await calm.alive()
    run(main())


GARBAGE = [
    (b"\x00\x01binary", "bad-json"),
    ("not json", "bad-json"),
    ("", "bad-json"),
    ("[1, 2]", "bad-json"),
    ('"a string"', "bad-json"),
    ("[" * 5000, "too-deep"),
    ('{"v": 1, "type": "ping", "n": ' + "9" * 5000 + "}", "bad-number"),
    ('{"v": 1, "type": "ping", "n": NaN}', "bad-number"),
    ('{"v": 1, "type": "ping", "n": [' + "0," * 1000 + "0]}", "too-many-values"),
    ('{"v": 1, "type": "ping", "n": "\\udc00"}', "bad-text"),
    ("{}", "bad-version"),
    ('{"type": "ping"}', "bad-version"),
    ('{"v": 2, "type": "ping"}', "bad-version"),
    ('{"v": true, "type": "ping"}', "bad-version"),
    ('{"v": "1", "type": "ping"}', "bad-version"),
    ('{"v": 1.0, "type": "ping"}', "bad-version"),
    ('{"v": 1}', "unknown-type"),
    ('{"v": 1, "type": "launch-missiles"}', "unknown-type"),
    ('{"v": 1, "type": ["ping"]}', "unknown-type"),
    ('{"v": 1, "type": "join"}', "bad-message"),
    ('{"v": 1, "type": "join", "room": 12}', "bad-message"),
    ('{"v": 1, "type": "join", "room": ""}', "bad-message"),
    ('{"v": 1, "type": "join", "room": "' + "A" * 100 + '"}', "bad-message"),
    ('{"v": 1, "type": "resume", "room": "ABCD"}', "no-room"),
    ('{"v": 1, "type": "claim-host"}', "bad-message"),
    ('{"v": 1, "type": "signal"}', "no-room"),
]


def test_garbage_frames_are_refused_and_the_connection_survives():
    async def main():
        async with server(rate=1000, burst=1000) as s:
            host, created = await s.host()
            fresh = await s.client()
            for data, code in GARBAGE:
                await fresh.raw(data)
                await fresh.error(code)
            await fresh.send("join", room=created["room"])
            await fresh.expect("joined")
            await host.expect("peer-joined")
            guest, gid = await s.guest(host, created["room"])
            for data in ('{"v": 1, "type": "signal", "data": {}}',
                         '{"v": 1, "type": "signal", "to": "host"}',
                         '{"v": 1, "type": "signal", "to": "host", "data": "sdp"}',
                         '{"v": 1, "type": "signal", "to": "host", "data": [1]}',
                         '{"v": 1, "type": "signal", "to": 5, "data": {}}'):
                await guest.raw(data)
                await guest.error("bad-message")
            await host.quiet(0.05)
            await guest.send("signal", to="host", data={"fine": 1})
            await host.expect("signal", data={"fine": 1})
            assert s.signaling.stats() == {"rooms": 1, "connections": 3}
    run(main())


def strict(text: str):
    """A frame as the page reads it: ASCII JSON (so its UTF-8 cannot fail) with no NaN/Infinity."""
    assert text.isascii(), text[:80]

    def no_constant(name):
        raise AssertionError(f"{name} in {text[:80]}")

    return json.loads(text, parse_constant=no_constant)


# A guest's signal data, written as JSON text, and what the service answers the guest: each is
# refused (the host hears nothing), or relayed cleanly (None).
HOSTILE_DATA = [
    ('{"sdp": "\\ud800"}', "bad-text"),  # the frame: it cut the host off (1006)
    ('{"candidate": {"candidate": "x\\udfff"}}', "bad-text"),
    ('{"\\ud800": 1}', "bad-text"),
    ('{"sdp": "\\ud83d\\ude00 \\u00e9"}', None),  # a pair, an accent: relayed as escapes
    ('{"n": NaN}', "bad-number"),
    ('{"n": Infinity}', "bad-number"),
    ('{"n": [-Infinity]}', "bad-number"),
    ('{"n": 1e400}', "bad-number"),
    ('{"n": 123456789012345678901234567890}', "bad-number"),
    ('{"n": ' + "[" * 3000 + "]" * 3000 + "}", "too-deep"),
    ('{"n": ' + '{"a":' * 2000 + "1" + "}" * 2000 + "}", "too-deep"),
    ('{"n": [' + "0," * 1200 + "0]}", "too-many-values"),
    ('{"sdp": "' + "x" * 15_000 + '"}', None),
]


def test_a_guests_relayed_payload_never_cuts_the_host():
    """Issue #20: a signal whose data held an escaped lone surrogate could not be encoded to
    UTF-8 for the host, and the host's socket was dropped (1006; every guest got host-left).
    Each hostile payload is now refused to its sender; the host's socket stays open."""
    async def main():
        async with server(rate=1000, burst=1000) as s:
            host, created = await s.host()
            guest, gid = await s.guest(host, created["room"])
            other, other_id = await s.guest(host, created["room"])
            for sender, to, receiver, from_ in ((guest, "host", host, gid), (host, gid, guest, "host")):
                for data, code in HOSTILE_DATA:
                    await sender.raw('{"v": 1, "type": "signal", "to": "%s", "data": %s}' % (to, data))
                    if code is None:
                        frame = strict(await asyncio.wait_for(receiver.ws.recv(), 2))
                        assert frame["type"] == "signal" and frame["from"] == from_
                        assert frame["data"] == json.loads(data)
                    else:
                        await sender.error(code)
                    await receiver.alive()  # still connected: pong
            await host.quiet(0.05)
            await other.quiet(0.05)  # the other guest never heard of it (no host-left)
            await other.send("signal", to="host", data={"description": {"type": "offer", "sdp": "v=0"}})
            await host.expect("signal", **{"from": other_id})
            assert s.signaling.stats() == {"rooms": 1, "connections": 3}
    run(main())


def test_mangled_signals_are_refused_or_relayed_cleanly_and_nobody_is_cut():
    """Valid signal frames cut, spliced and stuffed with hostile pieces at random places."""
    import random

    rng = random.Random(20)
    pieces = ["\\ud800", '"\\udfff"', "NaN", "-Infinity", "1e999", "9" * 60, "[" * 40, '{"a":' * 40,
              '"', "\\", "]", "}", ",", ":", "\\ud83d\\ude00", "\u00e9", "null", "[" * 2000]
    valid = ['{"v": 1, "type": "signal", "to": "host", "data": {"description": {"type": "offer", "sdp": "v=0"}}}',
             '{"v": 1, "type": "signal", "to": "host", "data": {"candidate": {"candidate": "c", "sdpMid": "0"}}}']

    async def main():
        async with server(rate=1000, burst=1000) as s:
            host, created = await s.host()
            guest, gid = await s.guest(host, created["room"])
            relayed = refused = 0
            for _ in range(300):
                text = rng.choice(valid)
                for _ in range(rng.randrange(1, 4)):
                    at = rng.randrange(len(text) + 1)
                    text = text[:at] + rng.choice(pieces) * rng.randrange(1, 3) + text[at + rng.randrange(4):]
                await guest.raw(text)
                await guest.send("ping")  # whatever the frame did, the guest's answers come in order
                answer = strict(await asyncio.wait_for(guest.ws.recv(), 2))
                if answer["type"] == "pong":
                    relayed += 1
                    frame = strict(await asyncio.wait_for(host.ws.recv(), 2))
                    assert frame["type"] == "signal" and frame["from"] == gid
                else:
                    refused += 1
                    assert answer["type"] == "error" and answer["message"]
                    await guest.expect("pong")
            await host.alive()
            await guest.alive()
            assert relayed > 10 and refused > 100, (relayed, refused)
    run(main())


def test_what_the_service_sends_is_always_ascii_json_or_nothing():
    """Peer.send never raises and never queues text that could fail to encode or is not JSON:
    a lone surrogate goes out as an escape, NaN and Infinity are not sent at all."""
    from peer.signal import Signaling

    signaling = Signaling()
    peer = signaling.new_peer()
    peer.send({"v": 1, "type": "x", "text": "a\ud800 é 😀"})
    text = peer.outbox.get_nowait()
    assert strict(text)["text"] == "a\ud800 é 😀"
    text.encode("utf-8")
    for bad in (float("nan"), float("inf"), -float("inf"), object()):
        peer.send({"v": 1, "type": "x", "n": bad})
        assert peer.outbox.empty()


def test_client_vanishing_mid_handshake():
    async def main():
        async with server() as s:
            host, created = await s.host()
            code = created["room"]
            guest, gid = await s.guest(host, code)
            await guest.send("signal", to="host", data={"type": "offer"})
            await host.expect("signal", **{"from": gid})
            guest.ws.transport.abort()  # no close frame: the TCP connection just dies
            await host.expect("peer-left", peer=gid)
            await host.send("signal", to=gid, data={"type": "answer"})
            await host.error("bad-peer")
            # the room stays usable
            g2, id2 = await s.guest(host, code)
            await g2.send("signal", to="host", data={"type": "offer"})
            await host.expect("signal", **{"from": id2})
            # the host vanishing: guests are told, the room waits for a resume
            host.ws.transport.abort()
            await g2.expect("host-left")
            back = await s.client()
            await back.send("resume", room=code, host_key=created["host_key"])
            await back.expect("resumed", peers=[id2])
            await g2.expect("host-back")
            # a connection dropped before the WebSocket handshake completes harms nothing
            reader, writer = await asyncio.open_connection("127.0.0.1", s.port)
            writer.write(b"GET /signal HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websock")
            await writer.drain()
            writer.close()
            await g2.alive()
            assert s.signaling.stats() == {"rooms": 1, "connections": 2}
    run(main())


# --------------------------------------------------------------------------- origin

def test_origin_check_defaults():
    async def main():
        async with server() as s:
            for origin in (s.origin, f"http://localhost:{s.port}"):
                ok = await s.client(origin)
                await ok.alive()
            for origin in ("http://evil.example", f"http://127.0.0.1:{s.port + 1}", "null", None):
                bad = await s.client(origin)
                await bad.error("bad-origin")
                assert await bad.closed() == 1008
            assert s.signaling.stats()["connections"] == 2
    run(main())


def test_origin_check_configured():
    async def main():
        async with server(origins=["https://parlor.example"], allow_no_origin=True) as s:
            ok = await s.client("https://parlor.example")
            await ok.alive()
            tool = await s.client(None)
            await tool.alive()
            local = await s.client()  # its own origin is no longer implied
            await local.error("bad-origin")
        async with server(origins=["*"]) as s:
            anyone = await s.client("http://anything.example")
            await anyone.alive()
            none = await s.client(None)
            await none.error("bad-origin")
    run(main())


# --------------------------------------------------------------------------- ICE servers and config

def test_turn_rest_credentials():
    secret = "s3cret"
    async def main():
        cfg = dict(stun=["stun:stun.example.org:3478"],
                   turn=["turn:turn.example.org:3478?transport=udp", "turns:turn.example.org:5349"],
                   turn_secret=secret, turn_ttl=600, ice_policy="relay")
        async with server(**cfg) as s:
            host, created = await s.host()
            guest = await s.client()
            await guest.send("join", room=created["room"])
            joined = await guest.expect("joined")
            assert created["ice_policy"] == joined["ice_policy"] == "relay"
            return created["ice_servers"], joined["ice_servers"], joined["peer"]
    before = int(time.time())
    host_ice, guest_ice, gid = run(main())
    for ice, pid in ((host_ice, "host"), (guest_ice, gid)):
        assert ice[0] == {"urls": ["stun:stun.example.org:3478"]}
        turn = ice[1]
        assert turn["urls"] == ["turn:turn.example.org:3478?transport=udp", "turns:turn.example.org:5349"]
        expiry, name = turn["username"].split(":")
        assert name == pid and before + 600 <= int(expiry) <= time.time() + 601
        expected = base64.b64encode(hmac.new(secret.encode(), turn["username"].encode(), hashlib.sha1).digest())
        assert turn["credential"] == expected.decode()
    # a known vector: HMAC-SHA1("s3cret", "1700000600:host")
    user, cred = turn_credentials(secret, "host", 600, now=1700000000)
    assert user == "1700000600:host"
    assert cred == base64.b64encode(hmac.new(b"s3cret", b"1700000600:host", hashlib.sha1).digest()).decode()


def test_config_from_command_line_and_environment():
    p = argparse.ArgumentParser()
    signal_config.add_arguments(p)
    env = {"PARLOR_ORIGINS": "https://a.example, https://b.example", "PARLOR_RATE": "5",
           "PARLOR_ALLOW_NO_ORIGIN": "1", "PARLOR_TURN_SECRET": "x", "PARLOR_TURN": "turn:t:3478",
           "PARLOR_TAKEOVER_AFTER": "2.5", "PARLOR_MAX_PEERS": "8", "PARLOR_ICE_POLICY": "relay"}
    cfg = signal_config.from_args(p.parse_args(["--max-peers", "4", "--stun", "stun:a", "--stun", "stun:b,stun:c"]), env)
    assert cfg.origins == ["https://a.example", "https://b.example"]
    assert cfg.rate == 5.0 and cfg.allow_no_origin is True and cfg.takeover_after == 2.5
    assert cfg.max_peers == 4  # the option wins over the environment
    assert cfg.stun == ["stun:a", "stun:b", "stun:c"] and cfg.turn == ["turn:t:3478"]
    assert cfg.ice_policy == "relay" and cfg.ice("host")["ice_policy"] == "relay"
    defaults = signal_config.from_args(p.parse_args([]), {})
    assert defaults == SignalConfig() and defaults.ice_servers("host") == []
    assert defaults.ice("host") == {"ice_servers": [], "ice_policy": "all"}
    with pytest.raises(ValueError):
        signal_config.from_args(p.parse_args(["--turn", "turn:t"]), {})
    # --ice-policy: "all" or "relay" only, and "relay" only with a TURN server to relay through
    with pytest.raises(SystemExit):
        p.parse_args(["--ice-policy", "none"])
    with pytest.raises(ValueError, match="--ice-policy must be one of all, relay"):
        signal_config.from_args(p.parse_args([]), {"PARLOR_ICE_POLICY": "Relay"})
    with pytest.raises(ValueError, match="needs --turn"):
        signal_config.from_args(p.parse_args(["--ice-policy", "relay"]), {})
    turn_env = {"PARLOR_TURN": "turn:t:3478", "PARLOR_TURN_SECRET": "x"}
    assert signal_config.from_args(p.parse_args(["--ice-policy", "all"]), dict(turn_env, PARLOR_ICE_POLICY="relay")).ice_policy == "all"


# --------------------------------------------------------------------------- without sockets

def test_protocol_without_sockets_and_an_injected_clock():
    """Signaling's protocol is synchronous code on Peer objects: a fake clock drives the timers."""
    from peer.signal import Signaling

    now = [1000.0]
    sig = Signaling(SignalConfig(takeover_after=30, room_ttl=100, empty_room_ttl=10), clock=lambda: now[0])

    def say(peer, type_, **fields):
        sig.on_text(peer, json.dumps({"v": 1, "type": type_, **fields}))

    def inbox(peer):
        out = []
        while not peer.outbox.empty():
            item = peer.outbox.get_nowait()
            out.append(json.loads(item) if isinstance(item, str) else item)
        return out

    async def main():
        host, g1, g2 = sig.new_peer(), sig.new_peer(), sig.new_peer()
        say(host, "create")
        code = inbox(host)[0]["room"]
        say(g1, "join", room=code)
        say(g2, "join", room=code)
        id1, id2 = inbox(g1)[0]["peer"], inbox(g2)[0]["peer"]
        assert [m["type"] for m in inbox(host)] == ["peer-joined", "peer-joined"]
        sig.on_close(host)
        assert inbox(g1) == inbox(g2) == [{"v": 1, "type": "host-left"}]
        now[0] += 29.5
        say(g1, "claim-host", room=code)
        assert inbox(g1)[0] == {"v": 1, "type": "error", "code": "too-early",
                                "message": "The host may come back: wait 0.5 s more.", "seconds": 0.5}
        now[0] += 0.5
        say(g2, "claim-host", room=code)
        assert inbox(g2)[0]["type"] == "host-granted"
        say(g1, "claim-host", room=code)
        assert [m.get("code") or m["type"] for m in inbox(g1)] == ["host-changed", "host-present"]
        now[0] += 99
        assert sig.sweep() == 0
        now[0] += 1
        assert sig.sweep() == 1 and sig.rooms == {}
        assert inbox(g1)[-1] == (4002, "room expired") and inbox(g2)[-1] == (4002, "room expired")

    run(main())

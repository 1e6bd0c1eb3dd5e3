"""Signaling shared through Redis (``--redis URL``, peer/redis_signal.py): two signaling servers
on two ports, one Redis; the host on one and guests on the other create, join, relay, see each
other come and go, resume and take over exactly as on one process. A process killed mid-room
loses no room; Redis restarted without its data: /healthz says so, and the rooms come back.

A redis-server of its own on a free loopback port (once for the module; no persistence), each
test in its own Redis database. scripts/setup.sh --services installs Debian's redis-server.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from pathlib import Path
from types import SimpleNamespace

import pytest

from peer.config import SignalConfig
from peer.server import serving
from peer.signal import format_code
from test_signal import EMPTY_SITE, Client, Harness

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(shutil.which("redis-server") is None,
                                reason="redis-server is not installed (scripts/setup.sh --services)")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class RedisServer:
    """redis-server on loopback, no persistence, started in well under a second."""

    def __init__(self, port: int | None = None):
        self.port = port or free_port()
        self.proc: subprocess.Popen | None = None

    def url(self, db: int = 0) -> str:
        return f"redis://127.0.0.1:{self.port}/{db}"

    def start(self) -> "RedisServer":
        self.proc = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--loglevel", "warning", "--databases", "32"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as s:
                    s.sendall(b"PING\r\n")
                    if s.recv(16).startswith(b"+PONG"):
                        return self
            except OSError:
                time.sleep(0.02)
        raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(5)


@pytest.fixture(scope="module")
def redis_server():
    server = RedisServer().start()
    yield server
    server.stop()


_dbs = iter(range(1, 32))


def run(coro):
    """On its own loop in a worker thread (a browser test's Playwright may hold this one), with
    room for a loaded machine: a relay here crosses four processes (client, two servers, Redis)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, asyncio.wait_for(coro, 90)).result()


class PatientClient(Client):
    async def recv(self, timeout: float = 8.0) -> dict:
        return await super().recv(timeout)

    async def closed(self, timeout: float = 8.0) -> int:
        return await super().closed(timeout)


class Servers(Harness):
    """test_signal's Harness, whose clients wait longer for each message."""

    async def client(self, origin: str | None = "default") -> Client:
        return PatientClient((await super().client(origin)).ws)


@asynccontextmanager
async def two_servers(url: str, **cfg):
    """Two signaling servers (each its own registry, like two processes) sharing one Redis."""
    config = dict(redis=url, redis_beat=0.2, **cfg)
    async with serving("127.0.0.1", 0, EMPTY_SITE, SignalConfig(**config)) as a, \
            serving("127.0.0.1", 0, EMPTY_SITE, SignalConfig(**config)) as b:
        ha, hb = Servers(a, None), Servers(b, None)
        try:
            yield ha, hb
        finally:
            await ha.close_all()
            await hb.close_all()


def health(port: int) -> tuple[int, dict]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=10) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read())


# --------------------------------------------------------------------------- as on one process

def test_host_on_one_process_guests_on_the_other(redis_server):
    async def main():
        async with two_servers(redis_server.url(next(_dbs))) as (a, b):
            host, created = await a.host()
            code, key = created["room"], created["host_key"]
            g1, id1 = await b.guest(host, code)
            g2, id2 = await b.guest(host, code)
            g3 = await a.client()  # a typed code, on the host's process
            await g3.send("join", room=" " + format_code(code).lower() + " ")
            id3 = (await g3.expect("joined", room=code, host="host"))["peer"]
            await host.expect("peer-joined", peer=id3)
            # relay both ways, across processes and within one
            offer = {"description": {"type": "offer", "sdp": "v=0 whatever"}}
            await g1.send("signal", to="host", data=offer)
            await host.expect("signal", data=offer, **{"from": id1})
            await host.send("signal", to=id1, data={"answer": 1})
            await g1.expect("signal", data={"answer": 1}, **{"from": "host"})
            await host.send("signal", to=id3, data={"answer": 3})
            await g3.expect("signal", data={"answer": 3}, **{"from": "host"})
            # isolation: guests reach only their host; unknown ids refused
            await g1.send("signal", to=id2, data={})
            await g1.error("bad-peer")
            await host.send("signal", to="nobody", data={})
            await host.error("bad-peer")
            await g1.send("create")
            await g1.error("in-room")
            for c in (g2, g3):
                await c.quiet(0.05)
            # presence: a guest leaves, then the host
            await g2.ws.close()
            await host.expect("peer-left", peer=id2)
            await host.ws.close()
            await g1.expect("host-left")
            await g3.expect("host-left")
            await g1.send("signal", to="host", data={})
            await g1.error("bad-peer")
            # resume with the key, on the other process; a wrong key is refused
            thief = await a.client()
            await thief.send("resume", room=code, host_key=key[:-1] + ("A" if key[-1] != "A" else "B"))
            await thief.error("bad-key")
            back = await b.client()
            await back.send("resume", room=code, host_key=key)
            r = await back.expect("resumed", room=code, peer="host")
            assert sorted(r["peers"]) == sorted([id1, id3])
            await g1.expect("host-back", host="host")
            await g3.expect("host-back", host="host")
            await g3.send("signal", to="host", data={"again": True})
            await back.expect("signal", data={"again": True}, **{"from": id3})
            # the same key on another process replaces that connection (4001, no host-left)
            tab2 = await a.client()
            await tab2.send("resume", room=code, host_key=key)
            await tab2.expect("resumed")
            assert await back.closed() == 4001
            await g1.expect("host-back", host="host")
            await g1.quiet(0.2)
            await g1.send("signal", to="host", data={"to": "tab2"})
            await tab2.expect("signal", data={"to": "tab2"}, **{"from": id1})
            for port in (a.port, b.port):  # the room count is the shared one
                status, info = await asyncio.to_thread(health, port)
                assert status == 200 and info["ok"] is True and info["redis"] == "ok"
                assert info["rooms"] == 1
            assert a.signaling.stats()["connections"] == 3 and b.signaling.stats()["connections"] == 1
    run(main())


def test_room_full_and_room_limit_count_both_processes(redis_server):
    async def main():
        async with two_servers(redis_server.url(next(_dbs)), max_peers=3, max_rooms=2) as (a, b):
            host, created = await a.host()
            code = created["room"]
            g1, id1 = await b.guest(host, code)
            await a.guest(host, code)
            late = await b.client()
            await late.send("join", room=code)
            await late.error("room-full")
            await g1.ws.close()
            await host.expect("peer-left", peer=id1)
            await late.send("join", room=code)
            await late.expect("joined")
            await b.host()
            extra = await a.client()
            await extra.send("create")
            await extra.error("too-many-rooms")
            nobody = await b.client()
            await nobody.send("join", room="0000-0000-0000")
            await nobody.error("no-room")
    run(main())


def test_claim_host_across_processes_first_claim_wins(redis_server):
    async def main():
        async with two_servers(redis_server.url(next(_dbs)), takeover_after=2.0) as (a, b):
            host, created = await a.host()
            code, key = created["room"], created["host_key"]
            g1, id1 = await b.guest(host, code)
            g2, id2 = await a.guest(host, code)
            await g1.send("claim-host", room=code)
            await g1.error("host-present")
            await host.ws.close()
            await g1.expect("host-left")
            await g2.expect("host-left")
            await g1.send("claim-host", room=code)
            early = await g1.error("too-early")
            assert 0 < early["seconds"] <= 2.0
            await g1.send("claim-host", room="WRONG")
            await g1.error("no-room")
            await asyncio.sleep(2.05)
            await asyncio.gather(g1.send("claim-host", room=code), g2.send("claim-host", room=code))
            m1, m2 = await g1.recv(), await g2.recv()
            winner, loser, wid, lid = (g1, g2, id1, id2) if m1["type"] == "host-granted" else (g2, g1, id2, id1)
            granted = m1 if winner is g1 else m2
            assert granted["type"] == "host-granted" and granted["peers"] == [lid]
            assert granted["host_key"] != key
            first = m2 if winner is g1 else m1  # the loser: host-changed, then its refusal
            assert first == {"v": 1, "type": "host-changed", "host": wid}
            await loser.error("host-present")
            await loser.send("signal", to=wid, data={"o": 1})
            await winner.expect("signal", data={"o": 1}, **{"from": lid})
            newcomer = await b.client()
            await newcomer.send("join", room=code)
            await newcomer.expect("joined", host=wid)
            await winner.expect("peer-joined")
            old = await a.client()
            await old.send("resume", room=code, host_key=key)
            await old.error("bad-key")
            await winner.ws.close()
            await loser.expect("host-left")
            again = await (b if winner is g2 else a).client()
            await again.send("resume", room=code, host_key=granted["host_key"])
            await again.expect("resumed", peer=wid)
            await loser.expect("host-back", host=wid)
    run(main())


def test_rooms_expire_in_redis_and_members_are_told(redis_server):
    async def main():
        async with two_servers(redis_server.url(next(_dbs)), room_ttl=2.0, empty_room_ttl=0.3,
                               sweep_interval=0.05) as (a, b):
            host, created = await a.host()
            guest, _ = await b.guest(host, created["room"])
            idle, idle_room = await b.host()
            await idle.ws.close()  # nobody connected: it goes after 0.3 s
            # pings keep the first room alive past its TTL (a gap of up to 2 s between two is
            # allowed, for a loaded machine)
            for _ in range(24):  # 2.4 s: past the TTL
                await guest.alive()
                await asyncio.sleep(0.1)
            await host.alive()
            c = await a.client()
            await c.send("resume", room=idle_room["room"], host_key=idle_room["host_key"])
            await c.error("no-room")
            # no more activity: both members, on both processes, are told and closed with 4002
            for member in (host, guest):
                m = await member.recv(timeout=8)
                assert m["type"] == "error" and m["code"] == "no-room", m
                assert await member.closed() == 4002
    run(main())


# --------------------------------------------------------------------------- faults

def start_peer_process(url: str) -> tuple[subprocess.Popen, int]:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONSAFEPATH"}
    env["PARLOR_REDIS"] = url  # the environment variable, as a deployment would set it
    proc = subprocess.Popen(
        [sys.executable, "-m", "peer", "--port", str(port), "--site", str(EMPTY_SITE),
         "--redis-beat", "0.2"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 30  # a loaded machine may take long to import aiohttp
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"peer exited: {proc.stderr.read().decode()}")
        try:
            if health(port)[1].get("redis") == "ok":
                return proc, port
        except OSError:
            time.sleep(0.05)
    proc.kill()
    raise RuntimeError("peer did not start")


def test_a_process_killed_mid_room_loses_no_room(redis_server):
    url = redis_server.url(next(_dbs))
    proc, port = start_peer_process(url)
    try:
        async def main():
            async with serving("127.0.0.1", 0, EMPTY_SITE, SignalConfig(redis=url, redis_beat=0.2)) as srv:
                b = Servers(srv, None)
                a = Servers(SimpleNamespace(port=port, signaling=None), None)  # the other process
                host, created = await a.host()
                code, key = created["room"], created["host_key"]
                g1, id1 = await a.guest(host, code)
                g2, id2 = await b.guest(host, code)
                os.kill(proc.pid, signal.SIGKILL)  # no close frames, no cleanup: just gone
                proc.wait(5)
                # the surviving process notices (10 missed beats of 0.2 s) and tells g2: the host left
                m = await g2.recv(timeout=12)
                assert m == {"v": 1, "type": "host-left"}
                # the pages reconnect to the live process: the host resumes, the guest joins again
                back = await b.client()
                await back.send("resume", room=code, host_key=key)
                resumed = await back.expect("resumed", room=code)
                assert resumed["peers"] == [id2]  # g1 went with the dead process
                await g2.expect("host-back", host="host")
                g1b, id1b = await b.guest(back, code)
                await g1b.send("signal", to="host", data={"x": 1})
                await back.expect("signal", data={"x": 1}, **{"from": id1b})
                await g2.send("signal", to="host", data={"y": 2})
                await back.expect("signal", data={"y": 2}, **{"from": id2})
                status, info = await asyncio.to_thread(health, srv.port)
                assert status == 200 and info["rooms"] == 1
                await b.close_all()
                for ws in a._clients:
                    ws.transport.abort()
        run(main())
    finally:
        if proc.poll() is None:
            proc.kill()


def test_redis_restarted_the_service_says_so_and_recovers():
    redis = RedisServer().start()
    try:
        async def main():
            async with two_servers(redis.url()) as (a, b):
                host, created = await a.host()
                code = created["room"]
                guest, gid = await b.guest(host, code)
                await asyncio.to_thread(redis.stop)
                for port in (a.port, b.port):
                    status, info = await asyncio.to_thread(health, port)
                    assert status == 503 and info["ok"] is False and info["redis"] == "unreachable"
                # a message that needs the store is refused; the connection stays
                await guest.send("signal", to="host", data={"lost": True})
                await guest.error("unavailable")
                await guest.alive()
                await asyncio.to_thread(redis.start)  # empty: no persistence
                deadline = time.monotonic() + 5
                while True:
                    statuses = [(await asyncio.to_thread(health, p))[0] for p in (a.port, b.port)]
                    if statuses == [200, 200]:
                        break
                    assert time.monotonic() < deadline, statuses
                    await asyncio.sleep(0.1)
                # each process wrote its members' room back: the room goes on
                await asyncio.sleep(0.3)
                await guest.send("signal", to="host", data={"after": True})
                await host.expect("signal", data={"after": True}, **{"from": gid})
                await host.send("signal", to=gid, data={"back": True})
                await guest.expect("signal", data={"back": True})
                late, _ = await b.guest(host, code)
                await host.ws.close()
                await guest.expect("host-left")
                await late.expect("host-left")
                again = await a.client()
                await again.send("resume", room=code, host_key=created["host_key"])
                await again.expect("resumed")
                fresh, _ = await b.host()
                status, info = await asyncio.to_thread(health, a.port)
                assert status == 200 and info["rooms"] == 2
        run(main())
    finally:
        redis.stop()

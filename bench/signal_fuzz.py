#!/usr/bin/env python3
"""Fuzz ``/signal`` of a ``python -m peer`` process on loopback and check it survives unharmed.

Each round, --clients connections at once each do one random thing: send random frames (bytes
turned text, JSON-looking garbage, valid messages with wrong fields), a binary frame, an
oversized frame (over ``max_message``, or over the socket's hard cap), a flood past the rate
limit, a room's real traffic (create, join, relay), or leave a socket half-open (an upgrade cut
in the middle of its headers, a handshake then silence, a frame header with no payload, a
connection dropped without a close frame). Then the round's sockets close or are aborted.

After the rounds: the process must be alive and serving (a fresh room relays an offer), hold no
connection and, once its sweep ran, no room, hold as many file descriptors as before, and its
memory must be back near where it was after the first (warm-up) round. Prints those figures.
Bounded: --rounds and --timeout; loopback only.

    .venv/bin/python bench/signal_fuzz.py [--rounds 30] [--clients 40] [--seed 1]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

ROOT = Path(__file__).resolve().parent.parent
MAX_MESSAGE = 4096


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def open_fds(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


def loadavg() -> str:
    return Path("/proc/loadavg").read_text().split()[0]


def healthz(port: int) -> dict:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5) as r:
        return json.loads(r.read())


def start_server(extra: tuple[str, ...] = ()) -> tuple[subprocess.Popen, int]:
    """python -m peer on a free port, with short timers so that a round's leftovers clear."""
    cmd = [sys.executable, "-m", "peer", "--host", "127.0.0.1", "--port", "0",
           "--site", str(ROOT / "dist" / "site"), "--max-message", str(MAX_MESSAGE),
           "--handshake-timeout", "1", "--empty-room-ttl", "0.5", "--sweep-interval", "0.2",
           "--rate", "50", "--burst", "50", *extra]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONSAFEPATH"}
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            text=True)
    line = proc.stdout.readline()
    m = re.search(r":(\d+)/", line)
    if not m:
        proc.kill()
        raise SystemExit(f"server did not start: {line!r}")
    return proc, int(m.group(1))


PIECES = ['{', '}', '[', ']', '"', ':', ',', '\\', '\\u', '\\ud800', 'NaN', '-Infinity', '1e999',
          '9' * 50, 'null', 'true', '"v"', '"type"', '"signal"', '"join"', '"create"', '"to"',
          '"data"', '"room"', '"host"', '\x00', '\u00e9', '\U0001f600', ' ']
TYPES = ["create", "join", "resume", "signal", "claim-host", "ping", "nope", 7, None]


def random_text(rng: random.Random) -> str:
    kind = rng.randrange(4)
    if kind == 0:  # random bytes as text
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200))).decode("latin-1")
    if kind == 1:  # JSON-looking soup
        return "".join(rng.choice(PIECES) for _ in range(rng.randrange(1, 80)))
    if kind == 2:  # a message with random fields
        m = {"v": rng.choice([1, 1, 1, 2, "1", None]), "type": rng.choice(TYPES)}
        for name in rng.sample(["room", "to", "data", "host_key", "x"], rng.randrange(4)):
            m[name] = rng.choice(["", "ABCD", "host", {"a": [1, 2]}, [None], 1.5, "x" * rng.randrange(300)])
        return json.dumps(m)
    depth = rng.randrange(1, 60)  # deep nesting
    return '{"v":1,"type":"signal","to":"host","data":' + "[" * depth + "]" * depth + "}"


async def ws_client(url: str, origin: str):
    return await connect(url, origin=origin, close_timeout=1, open_timeout=5, max_size=None)


async def drain(ws, seconds: float) -> int:
    """Read what comes for a while; returns how many frames."""
    n = 0
    try:
        async with asyncio.timeout(seconds):
            while True:
                await ws.recv()
                n += 1
    except (TimeoutError, ConnectionClosed):
        pass
    return n


async def act(rng: random.Random, port: int, stats: dict) -> None:
    url, origin = f"ws://127.0.0.1:{port}/signal", f"http://127.0.0.1:{port}"
    what = rng.choice(["garbage", "garbage", "binary", "oversized", "hard-cap", "flood", "room",
                       "half-headers", "silent", "half-frame", "abort"])
    stats[what] = stats.get(what, 0) + 1
    if what in ("half-headers", "half-frame"):
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        head = (f"GET /signal HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nOrigin: {origin}\r\n"
                "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
                "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n")
        if what == "half-headers":
            writer.write(head[:rng.randrange(10, len(head))].encode())  # never finished
        else:
            writer.write((head + "\r\n").encode())
            await writer.drain()
            await reader.readuntil(b"\r\n\r\n")
            writer.write(bytes([0x81, 0xFE, 0x10, 0x00]) + os.urandom(4) + b"x" * 100)  # 4096 promised
        await writer.drain()
        await asyncio.sleep(rng.uniform(0.1, 0.5))
        writer.transport.abort()
        return
    ws = await ws_client(url, origin)
    try:
        if what == "garbage":
            for _ in range(rng.randrange(1, 30)):
                await ws.send(random_text(rng))
        elif what == "binary":
            await ws.send(os.urandom(rng.randrange(1, 3000)))
        elif what == "oversized":
            for _ in range(rng.randrange(1, 5)):
                await ws.send("x" * (MAX_MESSAGE + rng.randrange(1, 4000)))
        elif what == "hard-cap":
            await ws.send("y" * (70 * 1024))
        elif what == "flood":
            for i in range(200):
                await ws.send('{"v":1,"type":"ping"}')
        elif what == "room":
            await ws.send('{"v":1,"type":"create"}')
            created = json.loads(await asyncio.wait_for(ws.recv(), 5))
            guest = await ws_client(url, origin)
            try:
                await guest.send(json.dumps({"v": 1, "type": "join", "room": created["room"]}))
                joined = json.loads(await asyncio.wait_for(guest.recv(), 5))
                for _ in range(rng.randrange(1, 10)):
                    await guest.send(json.dumps({"v": 1, "type": "signal", "to": "host",
                                                 "data": {"sdp": "v=0" + "x" * rng.randrange(2000)}}))
                    await ws.send(json.dumps({"v": 1, "type": "signal", "to": joined["peer"],
                                              "data": {"candidate": random_text(rng)}}))
                await drain(guest, 0.05)
            finally:
                if rng.random() < 0.5:
                    guest.transport.abort()
                else:
                    await guest.close()
        elif what == "silent":
            await asyncio.sleep(rng.uniform(0.1, 0.5))
        await drain(ws, 0.1)
    except (ConnectionClosed, InvalidHandshake, TimeoutError, OSError):
        pass
    finally:
        if what == "abort" or rng.random() < 0.3:
            ws.transport.abort()  # no close frame: the TCP connection just dies
        else:
            await ws.close()


async def fuzz(port: int, rounds: int, clients: int, seed: int, after_round=None) -> dict:
    rng = random.Random(seed)
    stats: dict = {}
    for r in range(rounds):
        results = await asyncio.gather(*(act(random.Random(rng.random()), port, stats) for _ in range(clients)),
                                       return_exceptions=True)
        stats["client errors"] = stats.get("client errors", 0) + sum(isinstance(x, Exception) for x in results)
        if after_round is not None:
            await after_round(r)
    return stats


async def still_serves(port: int) -> None:
    """A fresh room relays an offer both ways."""
    url, origin = f"ws://127.0.0.1:{port}/signal", f"http://127.0.0.1:{port}"
    host, guest = await ws_client(url, origin), await ws_client(url, origin)
    try:
        await host.send('{"v":1,"type":"create"}')
        room = json.loads(await asyncio.wait_for(host.recv(), 5))["room"]
        await guest.send(json.dumps({"v": 1, "type": "join", "room": room}))
        gid = json.loads(await asyncio.wait_for(guest.recv(), 5))["peer"]
        assert json.loads(await asyncio.wait_for(host.recv(), 5))["type"] == "peer-joined"
        await guest.send(json.dumps({"v": 1, "type": "signal", "to": "host", "data": {"offer": 1}}))
        assert json.loads(await asyncio.wait_for(host.recv(), 5))["data"] == {"offer": 1}
        await host.send(json.dumps({"v": 1, "type": "signal", "to": gid, "data": {"answer": 1}}))
        assert json.loads(await asyncio.wait_for(guest.recv(), 5))["data"] == {"answer": 1}
    finally:
        await host.close()
        await guest.close()


async def settle(port: int, seconds: float = 10.0) -> dict:
    """Wait until the server holds no connection and no room (its sweep ran)."""
    deadline = time.monotonic() + seconds
    while True:
        info = await asyncio.to_thread(healthz, port)
        if (info["connections"], info["rooms"]) == (0, 0) or time.monotonic() > deadline:
            return info
        await asyncio.sleep(0.1)


async def run(args) -> int:
    proc, port = start_server()
    try:
        print(f"server pid {proc.pid} on port {port}; {args.rounds} rounds of {args.clients} clients, "
              f"seed {args.seed}; load average {loadavg()}")
        start_rss = rss_mib(proc.pid)
        await fuzz(port, 1, args.clients, args.seed + 1)  # warm-up: allocator pools, imports
        await settle(port)
        warm_rss, warm_fds = rss_mib(proc.pid), open_fds(proc.pid)
        t0 = time.monotonic()
        stats = await fuzz(port, args.rounds, args.clients, args.seed)
        elapsed = time.monotonic() - t0
        peak = rss_mib(proc.pid)
        info = await settle(port)
        await still_serves(port)
        info = await settle(port)
        end_rss, end_fds = rss_mib(proc.pid), open_fds(proc.pid)
        alive = proc.poll() is None
        print(f"actions: {dict(sorted(stats.items()))} in {elapsed:.1f} s")
        print(f"server alive: {alive}; serving: a fresh room relayed both ways; then "
              f"{info['connections']} connections, {info['rooms']} rooms; file descriptors "
              f"{warm_fds} after warm-up -> {end_fds} at the end")
        print(f"server RSS: start {start_rss:.1f} MiB, after warm-up {warm_rss:.1f} MiB, peak seen "
              f"{peak:.1f} MiB, end {end_rss:.1f} MiB ({end_rss - warm_rss:+.1f} MiB); load average {loadavg()}")
        return 0 if alive and (info["connections"], info["rooms"]) == (0, 0) else 1
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rounds", type=int, default=30)
    p.add_argument("--clients", type=int, default=40)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--timeout", type=float, default=300.0)
    args = p.parse_args(argv)
    if not (1 <= args.rounds <= 1000 and 1 <= args.clients <= 500 and args.timeout <= 900):
        p.error("bounded: at most 1000 rounds of 500 clients, --timeout 900")

    async def bounded():
        return await asyncio.wait_for(run(args), args.timeout)

    return asyncio.run(bounded())


if __name__ == "__main__":
    raise SystemExit(main())

"""Signaling under load on loopback: connections held, relayed messages per second, memory.

Starts ``python -m peer`` on a free loopback port (a separate process, so its memory is its own),
opens up to --connections WebSocket connections in rooms of --room-size (one host and guests),
holds them, then has every guest and every host send ``signal`` messages at --rate per second
each (below the per-connection limit) for --duration seconds (0: hold only). Prints connections
held, the server's rooms/connections (/healthz), relayed messages per second, one-way relay
latency (median, p95) and the server's RSS (from /proc) idle, holding, after relaying and after
closing. Everything is bounded: it stops by itself (--timeout is a hard deadline).

With ``--redis`` (``auto``: a redis-server of its own on a free loopback port, no persistence)
the servers share rooms through Redis; ``--processes 2`` starts two, and every room has its host
on the first and its guests on the second, so every relayed message crosses processes (the
latency printed is then the cross-process latency).

    .venv/bin/python bench/signal_load.py [--connections 1000] [--room-size 5] [--rate 5] [--duration 10]
    .venv/bin/python bench/signal_load.py --connections 10000 --duration 0 --ramp-timeout 240   # idle
    .venv/bin/python bench/signal_load.py --redis auto --processes 2 --connections 1000

The load generator runs in this one Python process on the same machine, so it competes with
the server for CPU: the figures are a lower bound of what the server alone can relay.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import resource
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parent.parent


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime


def loadavg() -> str:
    return Path("/proc/loadavg").read_text().split()[0]


def healthz(port: int) -> dict:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5) as r:
        return json.loads(r.read())


def raise_fd_limit() -> int:
    """Allow as many sockets as the hard limit (children inherit it)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return hard


def start_redis() -> tuple[subprocess.Popen, str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen(["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                             "--appendonly", "no", "--loglevel", "warning"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(200):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5) as c:
                c.sendall(b"PING\r\n")
                if c.recv(16).startswith(b"+PONG"):
                    return proc, f"redis://127.0.0.1:{port}/0"
        except OSError:
            time.sleep(0.05)
    proc.kill()
    raise SystemExit("redis-server did not start")


def start_server(args) -> tuple[subprocess.Popen, int]:
    cmd = [sys.executable, "-m", "peer", "--host", "127.0.0.1", "--port", "0", "--site", str(ROOT / "dist" / "site"),
           "--max-connections", str(args.connections + 100), "--max-rooms", str(args.connections),
           "--max-peers", str(max(args.room_size, 2))]
    if args.redis:
        cmd += ["--redis", args.redis]
    log = open(args.server_log, "a") if args.server_log else subprocess.DEVNULL
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=log, text=True)
    line = proc.stdout.readline()
    m = re.search(r":(\d+)/", line)
    if not m:
        proc.kill()
        raise SystemExit(f"server did not start: {line!r}")
    return proc, int(m.group(1))


class Conn:
    def __init__(self, ws, peer: str, host: "Conn | None"):
        self.ws, self.peer, self.host = ws, peer, host
        self.guests: list[str] = []


async def open_room(url: str, origin: str, size: int, guest_url: str | None = None,
                    guest_origin: str | None = None) -> list[Conn]:
    ws = await connect(url, origin=origin, close_timeout=2, max_queue=None, open_timeout=60)
    await ws.send(json.dumps({"v": 1, "type": "create"}))
    created = json.loads(await ws.recv())
    host = Conn(ws, "host", None)
    conns = [host]
    for _ in range(size - 1):
        g = await connect(guest_url or url, origin=guest_origin or origin, close_timeout=2, max_queue=None,
                          open_timeout=60)
        await g.send(json.dumps({"v": 1, "type": "join", "room": created["room"]}))
        joined = json.loads(await g.recv())
        await ws.recv()  # peer-joined
        host.guests.append(joined["peer"])
        conns.append(Conn(g, joined["peer"], host))
    return conns


async def ramp(url: str, origin: str, n: int, size: int, deadline: float, guest_url: str | None = None,
               guest_origin: str | None = None, batch: int = 20) -> tuple[list[list[Conn]], int]:
    rooms: list[list[Conn]] = []
    failed = 0  # batch: rooms opened concurrently
    while sum(len(r) for r in rooms) < n and time.monotonic() < deadline:
        left = n - sum(len(r) for r in rooms)
        sizes = [min(size, left - i * size) for i in range(batch) if left - i * size > 0]
        results = await asyncio.gather(*(open_room(url, origin, s, guest_url, guest_origin) for s in sizes),
                                       return_exceptions=True)
        for r in results:
            if isinstance(r, BaseException):
                failed += 1
            else:
                rooms.append(r)
        if failed > max(50, n // size // 20):  # more than 5 % of the rooms: stop ramping
            break
    return rooms, failed


async def ping_all(conns: list[Conn]) -> int:
    async def one(c: Conn) -> bool:
        try:
            await c.ws.send('{"v":1,"type":"ping"}')
            return json.loads(await asyncio.wait_for(c.ws.recv(), 10))["type"] == "pong"
        except Exception:
            return False
    return sum(await asyncio.gather(*(one(c) for c in conns)))


async def relay(rooms: list[list[Conn]], rate: float, duration: float, pad: int):
    latencies: list[float] = []
    received = 0
    sent = 0
    stop_at = time.perf_counter() + duration
    filler = "x" * pad

    async def sender(c: Conn):
        nonlocal sent
        targets = c.guests if c.host is None else ["host"]
        if not targets:
            return
        interval, i = 1.0 / rate, 0
        await asyncio.sleep(interval * (hash(c.peer) % 1000) / 1000)  # spread the starts
        next_at = time.perf_counter()
        while next_at < stop_at:
            to = targets[i % len(targets)]
            i += 1
            data = {"t": time.perf_counter(), "sdp": filler}
            await c.ws.send(json.dumps({"v": 1, "type": "signal", "to": to, "data": data}))
            sent += 1
            # a late sender skips ahead rather than bursting past the server's rate limit
            next_at = max(next_at + interval, time.perf_counter())
            await asyncio.sleep(next_at - time.perf_counter())

    async def receiver(c: Conn):
        nonlocal received
        try:
            while True:
                m = json.loads(await c.ws.recv())
                if m["type"] == "signal":
                    received += 1
                    latencies.append(time.perf_counter() - m["data"]["t"])
        except Exception:
            return

    conns = [c for r in rooms for c in r]
    receivers = [asyncio.create_task(receiver(c)) for c in conns]
    t0 = time.perf_counter()
    await asyncio.gather(*(sender(c) for c in conns))
    t_end = time.perf_counter()
    while received < sent and time.perf_counter() < t_end + 10:  # let the last ones arrive
        await asyncio.sleep(0.05)
    elapsed = time.perf_counter() - t0
    for t in receivers:
        t.cancel()
    return sent, received, elapsed, latencies


async def main(args) -> None:
    fds = raise_fd_limit()
    redis_proc = None
    if args.redis == "auto":
        redis_proc, args.redis = start_redis()
    servers = [start_server(args) for _ in range(args.processes)]
    try:
        await asyncio.wait_for(bench(args, servers, fds), args.timeout)
    except asyncio.TimeoutError:
        print(f"stopped at the --timeout of {args.timeout} s")
    finally:
        for proc, _ in servers:
            proc.terminate()
        for proc, _ in servers:
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
        if redis_proc is not None:
            redis_proc.terminate()
            redis_proc.wait(5)


def rss_all(servers) -> float:
    return sum(rss_mib(proc.pid) for proc, _ in servers)


def cpu_all(servers) -> float:
    return sum(cpu_seconds(proc.pid) for proc, _ in servers)


async def bench(args, servers, fds) -> None:
    (proc, port), (_, guest_port) = servers[0], servers[-1]
    url, origin = f"ws://127.0.0.1:{port}/signal", f"http://127.0.0.1:{port}"
    guest_url, guest_origin = f"ws://127.0.0.1:{guest_port}/signal", f"http://127.0.0.1:{guest_port}"
    where = (f"{len(servers)} server processes on one Redis (hosts on port {port}, guests on {guest_port})"
             if len(servers) > 1 else f"server pid {proc.pid} on port {port}" + (" on Redis" if args.redis else ""))
    print(f"{where}; {os.cpu_count()} CPUs; file descriptors {fds}; "
          f"{args.connections} connections in rooms of {args.room_size}, {args.rate:g} msg/s each, "
          f"{args.duration:g} s, {args.pad} B payload; load average {loadavg()}")
    idle = rss_all(servers)
    t0 = time.monotonic()
    rooms, failed = await ramp(url, origin, args.connections, args.room_size, t0 + args.ramp_timeout,
                               guest_url, guest_origin, args.ramp_batch)
    ramp_s = time.monotonic() - t0
    conns = [c for r in rooms for c in r]
    print(f"ramp: {len(conns)} connections opened in {ramp_s:.1f} s; RSS {rss_all(servers):.1f} MiB "
          f"(idle {idle:.1f}); load average {loadavg()}", flush=True)
    await asyncio.sleep(args.hold)
    alive = await ping_all(conns)
    health = await asyncio.to_thread(healthz, port)
    held = sum([(await asyncio.to_thread(healthz, p))["connections"] for _, p in servers])
    holding = rss_all(servers)
    print(f"held: {len(conns)} connections opened in {ramp_s:.1f} s ({len(rooms)} rooms, {failed} rooms failed); "
          f"after {args.hold:g} s held {alive} answering ping; servers see {health['rooms']} rooms, "
          f"{held} connections; RSS {holding:.1f} MiB (+{(holding - idle) * 1024 / max(len(conns), 1):.1f} KiB "
          f"per connection); load average {loadavg()}")
    cpu0 = cpu_all(servers)
    if args.duration > 0:
        sent, received, elapsed, lat = await relay(rooms, args.rate, args.duration, args.pad)
    else:
        sent, received, elapsed, lat = 0, 0, 1e-9, []
    cpu = cpu_all(servers) - cpu0
    after = rss_all(servers)
    lat.sort()
    med = statistics.median(lat) * 1000 if lat else float("nan")
    p95 = lat[int(0.95 * (len(lat) - 1))] * 1000 if lat else float("nan")
    p99 = lat[int(0.99 * (len(lat) - 1))] * 1000 if lat else float("nan")
    if args.duration > 0:
        print(f"relay: sent {sent}, relayed {received} ({received / max(sent, 1):.1%}) in {elapsed:.1f} s = "
              f"{received / elapsed:.0f} msg/s; latency median {med:.1f} ms, p95 {p95:.1f} ms, p99 {p99:.1f} ms")
        print(f"server CPU: {cpu:.1f} s over {elapsed:.1f} s ({cpu / elapsed:.0%} of one core) = "
              f"{cpu / max(received, 1) * 1e6:.0f} us per relayed message, i.e. about "
              f"{received / max(cpu, 1e-9):.0f} msg/s per fully used core")
    await asyncio.gather(*(c.ws.close() for c in conns), return_exceptions=True)
    await asyncio.sleep(0.5)
    health = await asyncio.to_thread(healthz, port)
    closed = rss_all(servers)
    print(f"server RSS: idle {idle:.1f} MiB, holding {holding:.1f} MiB "
          f"(+{(holding - idle) * 1024 / max(len(conns), 1):.0f} KiB per connection), "
          f"after relaying {after:.1f} MiB, after closing {closed:.1f} MiB "
          f"(server then: {health['rooms']} rooms, {health['connections']} connections); "
          f"load average {loadavg()}")


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--connections", type=int, default=1000)
    p.add_argument("--room-size", type=int, default=5, help="host + guests per room")
    p.add_argument("--rate", type=float, default=5.0, help="signal messages per second per connection")
    p.add_argument("--duration", type=float, default=10.0)
    p.add_argument("--hold", type=float, default=2.0, help="seconds to hold before checking")
    p.add_argument("--pad", type=int, default=300, help="bytes of opaque payload per message")
    p.add_argument("--ramp-timeout", type=float, default=60.0)
    p.add_argument("--ramp-batch", type=int, default=20, help="rooms opened at once while ramping")
    p.add_argument("--server-log", default="", help="append the servers' warnings to this file")
    p.add_argument("--timeout", type=float, default=180.0, help="hard deadline for the whole run")
    p.add_argument("--redis", default="", help="share rooms through this Redis URL; 'auto' starts one")
    p.add_argument("--processes", type=int, default=1, choices=[1, 2],
                   help="2: hosts on one server process, guests on the other (needs --redis)")
    args = p.parse_args(argv)
    if not 1 <= args.connections <= 20000 or args.rate > 20 or args.duration > 120 or args.timeout > 900:
        p.error("bounded: at most 20000 connections, 20 msg/s per connection, 120 s, --timeout 900")
    if args.processes == 2 and not args.redis:
        p.error("--processes 2 needs --redis")
    return args


if __name__ == "__main__":
    asyncio.run(main(parse_args()))

"""Signaling for online rooms: the room registry and the ``/signal`` WebSocket protocol (v1).

Rooms hold one host and guests; the service relays WebRTC offers, answers and candidates between
a guest and its room's host only, and tells them who comes and goes. It never sees moves or seat
tokens: ``signal`` payloads are opaque, size-bounded and never logged. The protocol is documented
in docs/online.md.

``Signaling`` is pure asyncio: ``handle(ws, request)`` serves one aiohttp WebSocket; the
protocol itself (``on_text``, ``on_close``, ``sweep``) is synchronous code on ``Peer`` objects
that only queue outgoing text, so it can be driven without sockets and no await ever splits a
check from the change it guards.
"""

from __future__ import annotations

import asyncio
import hmac
import importlib.util
import itertools
import json
import logging
import math
import secrets
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from aiohttp import WSMsgType

from peer.config import SignalConfig

log = logging.getLogger("peer.signal")

VERSION = 1
# Crockford base32: no I, L, O, U. Codes are 12 symbols = 60 bits from `secrets`.
CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
CODE_LENGTH = 12
PEER_ID_LENGTH = 8  # lower-case base32, 40 bits, unique within a room

# Close codes besides the standard ones (1008 policy, 1009 too big, 1013 try again later).
CLOSE_REPLACED = 4001  # the host resumed on another connection
CLOSE_EXPIRED = 4002   # the room expired
MAX_VALUES = 1000  # values in one message (an SDP is one string); nesting is bounded too


def _load_json_guard():
    """app/shared/json_guard.py: the one guard for untrusted JSON, which the page (MicroPython)
    and the engine (Pyodide) import too. The app's modules are no package, so it is loaded by
    path."""
    path = Path(__file__).resolve().parent.parent / "app" / "shared" / "json_guard.py"
    spec = importlib.util.spec_from_file_location("parlor_json_guard", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


json_guard = _load_json_guard()


def encode(message: dict) -> str:
    """One message as the text of a frame: ASCII only (a lone surrogate becomes an escape, so
    the frame's UTF-8 encoding cannot fail) and never NaN or Infinity (ValueError: JSON has no
    such numbers)."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=True, allow_nan=False)


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalize_code(text: str) -> str:
    """Accept what a person may type: any case, dashes or spaces, O for 0, I or L for 1."""
    text = text.upper().replace("-", "").replace(" ", "")
    return text.replace("O", "0").replace("I", "1").replace("L", "1")


def format_code(code: str) -> str:
    """For display: ABCD-EFGH-JKMN."""
    return "-".join(code[i:i + 4] for i in range(0, len(code), 4))


def new_peer_id() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(PEER_ID_LENGTH)).lower()


def short(code: str) -> str:
    """Room codes are secrets: logs show only a prefix."""
    return code[:4] + "…"


class TokenBucket:
    def __init__(self, rate: float, burst: int, clock: Callable[[], float]):
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens = float(burst)
        self.stamp = clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


@dataclass(eq=False)
class Peer:
    """One signaling connection. ``outbox`` is drained to the socket by ``Signaling.handle``."""
    number: int
    bucket: TokenBucket
    remote: str = "?"
    room: "Room | None" = None
    id: str | None = None
    outbox: asyncio.Queue = field(default_factory=asyncio.Queue)
    closing: tuple[int, str] | None = None
    rate_strikes: int = 0
    size_strikes: int = 0
    send_queue: int = 256

    def send(self, msg: dict | str) -> None:
        """Queue a message (a dict, encoded here; or text from `encode`). Never raises: what
        cannot be encoded is logged and dropped (callers relaying a peer's data encode it first
        and refuse it to its sender)."""
        if self.closing:
            return
        if self.outbox.qsize() >= self.send_queue:
            self.close(1013, "reader too slow")
            return
        if not isinstance(msg, str):
            try:
                msg = encode(msg)
            except (TypeError, ValueError) as err:
                log.warning("conn %d: a message could not be encoded, not sent (%s)", self.number, err)
                return
        self.outbox.put_nowait(msg)

    def close(self, code: int, reason: str) -> None:
        if not self.closing:
            self.closing = (code, reason)
            self.outbox.put_nowait(self.closing)


@dataclass(eq=False)
class Room:
    code: str
    host_key: str
    last_active: float
    host_id: str = "host"
    host: Peer | None = None
    guests: dict[str, Peer] = field(default_factory=dict)
    host_left_at: float | None = None

    def connected(self) -> int:
        return len(self.guests) + (self.host is not None)


class Refused(Exception):
    def __init__(self, code: str, message: str, **extra):
        super().__init__(message)
        self.code, self.message, self.extra = code, message, extra


def msg(type_: str, **fields) -> dict:
    return {"v": VERSION, "type": type_, **fields}


class Signaling:
    def __init__(self, config: SignalConfig | None = None, clock: Callable[[], float] = time.monotonic):
        self.config = config or SignalConfig()
        self.clock = clock
        self.rooms: dict[str, Room] = {}
        self.peers: set[Peer] = set()
        self.allowed_origins: set[str] = set(self.config.origins)
        self._numbers = itertools.count(1)

    # ----------------------------------------------------------------- setup and stats

    def default_origins(self, host: str, port: int) -> None:
        """Unless origins were configured, allow the server's own (loopback and bound host)."""
        if self.config.origins:
            return
        names = {"127.0.0.1", "localhost", "[::1]"}
        if host not in ("", "0.0.0.0", "::"):
            names.add(f"[{host}]" if ":" in host else host)
        self.allowed_origins = {f"http://{n}:{port}" for n in names}

    def origin_ok(self, origin: str | None) -> bool:
        if origin is None:
            return self.config.allow_no_origin
        return "*" in self.allowed_origins or origin in self.allowed_origins

    def stats(self) -> dict:
        return {"rooms": len(self.rooms), "connections": len(self.peers)}

    async def health(self) -> dict:
        """Extra /healthz fields (a shared registry reports its store here); {} in memory."""
        return {}

    async def start(self) -> None:
        """Before serving (a shared registry connects here)."""

    async def stop(self) -> None:
        """After serving."""

    # ----------------------------------------------------------------- the protocol

    def new_peer(self, remote: str = "?") -> Peer:
        c = self.config
        return Peer(next(self._numbers), TokenBucket(c.rate, c.burst, self.clock), remote,
                    send_queue=c.send_queue)

    def error(self, peer: Peer, code: str, message: str, **extra) -> None:
        log.debug("conn %d: refused (%s)", peer.number, code)
        peer.send(msg("error", code=code, message=message, **extra))

    def parse(self, peer: Peer, data: str | bytes) -> dict | None:
        """The checks every frame passes before its handler: rate, text, size, the JSON guard,
        version, type. Returns the message, or None after answering (or closing) the peer."""
        c = self.config
        if not peer.bucket.take():
            peer.rate_strikes += 1
            if peer.rate_strikes >= c.flood_strikes:
                log.warning("conn %d: flooding, closed", peer.number)
                peer.close(1008, "rate limit")
            elif peer.rate_strikes == 1:
                self.error(peer, "rate-limited", f"Too many messages: at most {c.rate:g} per second.")
            return None
        peer.rate_strikes = 0
        if isinstance(data, bytes):
            self.error(peer, "bad-json", "Text frames only.")
            return None
        if len(data) > c.max_message or (len(data) * 4 > c.max_message and len(data.encode()) > c.max_message):
            peer.size_strikes += 1
            if peer.size_strikes >= c.size_strikes:
                log.warning("conn %d: too many oversized messages, closed", peer.number)
                peer.close(1009, "message too large")
            else:
                self.error(peer, "too-large", f"Messages are limited to {c.max_message} bytes.")
            return None
        try:  # nesting, value count, numbers and surrogates checked before and after parsing
            message = json_guard.loads(data, max_values=MAX_VALUES)
        except json_guard.JSONRefused as err:
            self.error(peer, err.code, err.message)
            return None
        if not isinstance(message, dict):
            self.error(peer, "bad-json", "A message is a JSON object.")
            return None
        v = message.get("v")
        if type(v) is not int or v != VERSION:
            self.error(peer, "bad-version", f"Protocol version {VERSION} expected in \"v\".")
            return None
        kind = message.get("type")
        if not isinstance(kind, str) or kind not in self.HANDLERS:
            self.error(peer, "unknown-type", "Unknown message type.")
            return None
        return message

    def on_text(self, peer: Peer, data: str | bytes) -> None:
        """Handle one frame from ``peer``. Never raises; answers errors; may close the peer."""
        message = self.parse(peer, data)
        if message is None:
            return
        try:
            self.HANDLERS[message["type"]](self, peer, message)
        except Refused as r:
            self.error(peer, r.code, r.message, **r.extra)
            return
        if peer.room is not None:
            peer.room.last_active = self.clock()

    async def dispatch(self, peer: Peer, data: str | bytes) -> None:
        """One frame from a socket (a shared registry awaits its store here)."""
        self.on_text(peer, data)

    async def leave(self, peer: Peer) -> None:
        """A socket closed (a shared registry awaits its store here)."""
        self.on_close(peer)

    def on_close(self, peer: Peer) -> None:
        """The connection is gone: leave its room and tell the others."""
        self.peers.discard(peer)
        room, peer.room = peer.room, None
        if room is None:
            return
        now = self.clock()
        room.last_active = now
        if room.host is peer:
            room.host = None
            room.host_left_at = now
            log.info("room %s: host left", short(room.code))
            for g in room.guests.values():
                g.send(msg("host-left"))
        elif room.guests.get(peer.id) is peer:
            del room.guests[peer.id]
            log.info("room %s: peer left (%d connected)", short(room.code), room.connected())
            if room.host is not None:
                room.host.send(msg("peer-left", peer=peer.id))

    def sweep(self) -> int:
        """Remove rooms idle past their TTL, closing their connections. Returns how many."""
        now, c = self.clock(), self.config
        expired = []
        for room in self.rooms.values():
            ttl = c.room_ttl if room.connected() else min(c.room_ttl, c.empty_room_ttl)
            if now - room.last_active >= ttl:
                expired.append(room)
        for room in expired:
            del self.rooms[room.code]
            members = list(room.guests.values()) + ([room.host] if room.host else [])
            for p in members:
                p.room = None
                self.error(p, "no-room", "The room expired.")
                p.close(CLOSE_EXPIRED, "room expired")
        if expired:
            log.info("expired %d room(s), %d left", len(expired), len(self.rooms))
        return len(expired)

    # ----------------------------------------------------------------- message handlers

    def _field(self, message: dict, name: str, kind=str, limit: int = 200):
        value = message.get(name)
        if not isinstance(value, kind) or (kind is str and not 0 < len(value) <= limit):
            raise Refused("bad-message", f"Field \"{name}\" missing or invalid.")
        return value

    def _fresh(self, peer: Peer) -> None:
        if peer.room is not None:
            raise Refused("in-room", "This connection is already in a room.")

    def _room(self, message: dict) -> Room:
        room = self.rooms.get(normalize_code(self._field(message, "room", limit=40)))
        if room is None:
            raise Refused("no-room", "No such room (wrong code, or it expired).")
        return room

    def _create(self, peer: Peer, message: dict) -> None:
        self._fresh(peer)
        if len(self.rooms) >= self.config.max_rooms:
            raise Refused("too-many-rooms", "The server has too many rooms; try again later.")
        code = new_code()
        while code in self.rooms:
            code = new_code()
        room = Room(code, secrets.token_urlsafe(24), self.clock(), host=peer)
        self.rooms[code] = room
        peer.room, peer.id = room, room.host_id
        log.info("conn %d: created room %s (%d rooms)", peer.number, short(code), len(self.rooms))
        peer.send(msg("created", room=code, peer=peer.id, host_key=room.host_key,
                      **self.config.ice(peer.id)))

    def _join(self, peer: Peer, message: dict) -> None:
        self._fresh(peer)
        room = self._room(message)
        if len(room.guests) + 1 >= self.config.max_peers:
            raise Refused("room-full", f"The room is full ({self.config.max_peers} peers).")
        pid = new_peer_id()
        while pid in room.guests or pid == room.host_id:
            pid = new_peer_id()
        room.guests[pid] = peer
        peer.room, peer.id = room, pid
        log.info("conn %d: joined room %s (%d connected)", peer.number, short(room.code), room.connected())
        peer.send(msg("joined", room=room.code, peer=pid, host=room.host_id if room.host else None,
                      takeover_after=self.config.takeover_after,
                      **self.config.ice(pid)))
        if room.host is not None:
            room.host.send(msg("peer-joined", peer=pid))

    def _resume(self, peer: Peer, message: dict) -> None:
        self._fresh(peer)
        room = self._room(message)
        key = self._field(message, "host_key")
        if not hmac.compare_digest(key.encode(), room.host_key.encode()):
            log.info("conn %d: bad host key for room %s", peer.number, short(room.code))
            raise Refused("bad-key", "Wrong host key for this room.")
        old = room.host
        if old is not None:  # the same host on a new connection: the old one is replaced
            old.room = None
            old.close(CLOSE_REPLACED, "host resumed on another connection")
        room.host, room.host_left_at = peer, None
        peer.room, peer.id = room, room.host_id
        log.info("conn %d: host resumed room %s", peer.number, short(room.code))
        peer.send(msg("resumed", room=room.code, peer=peer.id, peers=list(room.guests),
                      **self.config.ice(peer.id)))
        for g in room.guests.values():
            g.send(msg("host-back", host=room.host_id))

    def _claim_host(self, peer: Peer, message: dict) -> None:
        code = normalize_code(self._field(message, "room", limit=40))
        room = peer.room
        if room is None or room.code != code:
            raise Refused("no-room", "Claim the host role of the room you joined.")
        if room.host is not None:
            raise Refused("host-present", "The room has a connected host.")
        left = self.config.takeover_after - (self.clock() - (room.host_left_at or self.clock()))
        if left > 0:
            seconds = math.ceil(left * 10) / 10
            raise Refused("too-early", f"The host may come back: wait {seconds:g} s more.", seconds=seconds)
        del room.guests[peer.id]
        room.host, room.host_id, room.host_left_at = peer, peer.id, None
        room.host_key = secrets.token_urlsafe(24)
        log.info("conn %d: took over room %s as host", peer.number, short(room.code))
        peer.send(msg("host-granted", room=room.code, host_key=room.host_key, peers=list(room.guests),
                      **self.config.ice(peer.id)))
        for g in room.guests.values():
            g.send(msg("host-changed", host=peer.id))

    def _signal_fields(self, peer: Peer, message: dict) -> tuple[str, dict]:
        """A `signal`'s checked fields: to whom (a peer id) and its data (an object)."""
        if peer.room is None:
            raise Refused("no-room", "Create or join a room first.")
        to = self._field(message, "to", limit=40)
        data = message.get("data")
        if not isinstance(data, dict):
            raise Refused("bad-message", "Field \"data\" must be an object.")
        return to, data

    @staticmethod
    def _signal_text(peer: Peer, data: dict) -> str:
        """The relayed `signal`, encoded here, so that what cannot be sent is refused to its
        sender."""
        try:
            return encode(msg("signal", **{"from": peer.id}, data=data))
        except (TypeError, ValueError):
            raise Refused("bad-message", "Field \"data\" holds what JSON cannot carry.") from None

    def _signal(self, peer: Peer, message: dict) -> None:
        to, data = self._signal_fields(peer, message)
        room = peer.room
        if room.host is peer:
            target = room.guests.get(to)
            if target is None:
                raise Refused("bad-peer", "No such guest in this room.")
        elif to != room.host_id or room.host is None:
            raise Refused("bad-peer", "Guests may signal only their room's connected host.")
        else:
            target = room.host
        target.send(self._signal_text(peer, data))

    def _ping(self, peer: Peer, message: dict) -> None:
        peer.send(msg("pong"))

    HANDLERS = {
        "create": _create, "join": _join, "resume": _resume, "claim-host": _claim_host,
        "signal": _signal, "ping": _ping,
    }

    # ----------------------------------------------------------------- sockets

    async def handle(self, ws, request) -> None:
        """Serve one accepted (prepared) aiohttp ``WebSocketResponse`` on /signal."""
        c = self.config
        remote = request.remote or "?"
        peer = self.new_peer(remote)
        writer = asyncio.create_task(self._drain(ws, peer))
        try:
            origin = request.headers.get("Origin")
            if not self.origin_ok(origin):
                log.warning("conn %d from %s: origin %r refused", peer.number, remote, origin)
                self.error(peer, "bad-origin", "This page's origin may not use this signaling server.")
                peer.close(1008, "origin not allowed")
                return
            if len(self.peers) >= c.max_connections:
                log.warning("conn %d from %s: too many connections", peer.number, remote)
                self.error(peer, "too-many-connections", "The server is busy; try again later.")
                peer.close(1013, "too many connections")
                return
            self.peers.add(peer)
            log.info("conn %d from %s open (%d connections)", peer.number, remote, len(self.peers))
            await self._read(ws, peer)
        finally:
            await self.leave(peer)
            if not peer.closing:
                peer.outbox.put_nowait(None)
            try:
                await asyncio.wait_for(writer, timeout=5)
            except (asyncio.TimeoutError, asyncio.CancelledError):
                writer.cancel()
            log.info("conn %d closed (%d connections)", peer.number, len(self.peers))

    async def _read(self, ws, peer: Peer) -> None:
        deadline = self.clock() + self.config.handshake_timeout
        while not peer.closing:
            if peer.room is None and peer.id is None:  # not yet in a room
                remaining = deadline - self.clock()
                if remaining <= 0:
                    log.info("conn %d: no create/join/resume in time, closed", peer.number)
                    self.error(peer, "timeout", "No create, join or resume in time.")
                    peer.close(1008, "handshake timeout")
                    return
                try:
                    message = await ws.receive(timeout=remaining)
                except TimeoutError:
                    continue
                except ConnectionError:  # aiohttp's answer to a ping hit a closing socket
                    return
            else:
                try:
                    message = await ws.receive()
                except ConnectionError:
                    return
            if message.type is WSMsgType.TEXT:
                await self.dispatch(peer, message.data)
            elif message.type is WSMsgType.BINARY:
                await self.dispatch(peer, bytes(message.data))
            else:  # CLOSE, CLOSING, CLOSED, ERROR (a frame over the hard cap: closed with 1009)
                return

    @staticmethod
    async def _drain(ws, peer: Peer) -> None:
        while True:
            item = await peer.outbox.get()
            if item is None:
                return
            try:
                if isinstance(item, tuple):
                    code, reason = item
                    await ws.close(code=code, message=reason.encode())
                    return
                await ws.send_str(item)
            except (ConnectionError, RuntimeError):  # the socket is gone or closing
                return

    async def shutdown(self) -> None:
        """The server is stopping: close every connection with 1001 (going away)."""
        for peer in list(self.peers):
            peer.close(1001, "server shutting down")

    async def sweeper(self) -> None:
        while True:
            await asyncio.sleep(self.config.sweep_interval)
            self.sweep()

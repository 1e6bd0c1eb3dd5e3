"""Signaling shared by several processes through Redis (``python -m peer --redis URL``).

The protocol is the one of peer/signal.py, message for message and error for error; only where
rooms live changes. ``RedisSignaling`` keeps each room in a Redis hash with the room's expiry as
the key's TTL, and every change to a room — create, join, resume, claim-host, signal, leave —
is one Lua script, so each check and the change it guards are atomic across processes (first
claim wins, the room-full count, the host key on resume).

Layout (prefix ``parlor:``):

- ``r:<CODE>`` hash: ``kh`` SHA-256 of the host key, ``hid`` the host's peer id, ``h`` the
  connected host's connection token or "", ``left`` when the host left (unix seconds), ``ng``
  guests connected, ``g:<peer id>`` each guest's connection token. TTL: ``room_ttl``, or
  ``empty_room_ttl`` when nobody is connected, renewed by every accepted message of a member.
- ``rooms`` sorted set: room code -> expiry time (the ``max_rooms`` count and /healthz).
- ``p:<process>`` pub/sub channel: what a script sends to a connection of that process, as
  ``"<connection number> <frame text>"`` (or ``"<n> !<close code> <reason>"``). A connection
  token is ``<process>:<connection number>``; each process subscribes to its own channel only.
- ``alive:<process>`` (TTL 10 beats, renewed every ``redis_beat`` seconds), ``procs`` (set of
  processes), ``pr:<process>`` (rooms where it has members): a process that stops beating is
  dead; another one removes its connections from their rooms (``peer-left`` / ``host-left`` as
  for any close), and their pages reconnect to a live process (the host resumes with its key).

Redis unreachable: /healthz answers 503 ``{"ok": false, "redis": "unreachable"}``; messages that
need the store are refused with ``unavailable`` (the connection stays open); pub/sub and the
scripts reconnect by themselves. When Redis comes back without its data (a restart with no
persistence), each process notices that its own ``alive`` key is gone and writes back the rooms
its connections are in (``restore``), so connected rooms go on.
"""

from __future__ import annotations

import asyncio
import hashlib
import itertools
import json
import logging
import math
import secrets
import time
from dataclasses import dataclass, field
from typing import Callable

import redis.asyncio as aioredis
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialWithJitterBackoff
from redis.exceptions import NoScriptError, RedisError

from peer.config import SignalConfig
from peer.signal import (Peer, Refused, Signaling, msg, new_code, new_peer_id,
                         normalize_code, short)

log = logging.getLogger("peer.redis")

PREFIX = "parlor:"
REDIS_POOL = 64  # connections to Redis per process (calls wait for a free one)

LUA_PRELUDE = """
local P = "parlor:"
local function send(token, text)
  local i = string.find(token, ":", 1, true)
  redis.call("PUBLISH", P .. "p:" .. string.sub(token, 1, i - 1), string.sub(token, i + 1) .. " " .. text)
end
local function touch(key, code, ttl, now)
  redis.call("PEXPIRE", key, math.max(1, math.floor(ttl * 1000)))
  redis.call("ZADD", P .. "rooms", now + ttl, code)
end
local function guests(key)
  local out = {}
  local all = redis.call("HGETALL", key)
  for i = 1, #all, 2 do
    if string.sub(all[i], 1, 2) == "g:" then
      out[#out + 1] = string.sub(all[i], 3)
      out[#out + 1] = all[i + 1]
    end
  end
  return out
end
local function index(token, code)
  local i = string.find(token, ":", 1, true)
  redis.call("SADD", P .. "pr:" .. string.sub(token, 1, i - 1), code)
end
local function settle(key, code, now, ttl_room, ttl_empty)
  if redis.call("HGET", key, "h") == "" and tonumber(redis.call("HGET", key, "ng")) <= 0 then
    touch(key, code, math.min(ttl_room, ttl_empty), now)
  else
    touch(key, code, ttl_room, now)
  end
end
local key, code = KEYS[1], ARGV[1]
local now, ttl_room, ttl_empty = tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
"""

# ARGV: code, now, room_ttl, empty_room_ttl, then each script's own.
LUA_CREATE = """
local kh, token, max_rooms = ARGV[5], ARGV[6], tonumber(ARGV[7])
redis.call("ZREMRANGEBYSCORE", P .. "rooms", "-inf", now)
if redis.call("EXISTS", key) == 1 then return "exists" end
if redis.call("ZCARD", P .. "rooms") >= max_rooms then return "too-many-rooms" end
redis.call("HSET", key, "kh", kh, "hid", "host", "h", token, "left", "", "ng", 0)
touch(key, code, ttl_room, now)
index(token, code)
return "ok"
"""

LUA_JOIN = """
local pid, token, max_peers = ARGV[5], ARGV[6], tonumber(ARGV[7])
if redis.call("EXISTS", key) == 0 then return {"no-room"} end
local r = redis.call("HMGET", key, "ng", "hid", "h", "kh")
if tonumber(r[1]) + 1 >= max_peers then return {"room-full"} end
if pid == r[2] or redis.call("HEXISTS", key, "g:" .. pid) == 1 then return {"retry"} end
redis.call("HSET", key, "g:" .. pid, token)
redis.call("HINCRBY", key, "ng", 1)
if r[3] ~= "" then send(r[3], '{"v":1,"type":"peer-joined","peer":"' .. pid .. '"}') end
touch(key, code, ttl_room, now)
index(token, code)
return {"ok", r[2], r[3], r[4]}
"""

LUA_RESUME = """
local kh, token = ARGV[5], ARGV[6]
if redis.call("EXISTS", key) == 0 then return {"no-room"} end
local r = redis.call("HMGET", key, "kh", "h", "hid")
if r[1] ~= kh then return {"bad-key"} end
if r[2] ~= "" and r[2] ~= token then send(r[2], "!4001 host resumed on another connection") end
redis.call("HSET", key, "h", token, "left", "")
local gs = guests(key)
local out = {"ok", r[3]}
for i = 1, #gs, 2 do
  out[#out + 1] = gs[i]
  send(gs[i + 1], '{"v":1,"type":"host-back","host":"' .. r[3] .. '"}')
end
touch(key, code, ttl_room, now)
index(token, code)
return out
"""

LUA_CLAIM = """
local pid, token, takeover, kh = ARGV[5], ARGV[6], tonumber(ARGV[7]), ARGV[8]
if redis.call("EXISTS", key) == 0 then return {"no-room"} end
local r = redis.call("HMGET", key, "h", "left", "g:" .. pid)
if r[1] == token then return {"host-present"} end
if r[3] ~= token then return {"no-room"} end
if r[1] ~= "" then return {"host-present"} end
local left = tonumber(r[2]) or now
local remaining = takeover - (now - left)
if remaining > 0 then return {"too-early", tostring(remaining)} end
redis.call("HDEL", key, "g:" .. pid)
redis.call("HINCRBY", key, "ng", -1)
redis.call("HSET", key, "h", token, "hid", pid, "kh", kh, "left", "")
local gs = guests(key)
local out = {"ok"}
for i = 1, #gs, 2 do
  out[#out + 1] = gs[i]
  send(gs[i + 1], '{"v":1,"type":"host-changed","host":"' .. pid .. '"}')
end
touch(key, code, ttl_room, now)
return out
"""

LUA_SIGNAL = """
local pid, token, to, text = ARGV[5], ARGV[6], ARGV[7], ARGV[8]
if redis.call("EXISTS", key) == 0 then return "no-room" end
local r = redis.call("HMGET", key, "h", "hid", "g:" .. pid)
local target
if r[1] == token then
  target = redis.call("HGET", key, "g:" .. to)
  if not target then return "bad-peer-guest" end
elseif r[3] == token then
  if to ~= r[2] or r[1] == "" then return "bad-peer" end
  target = r[1]
else
  return "no-room"
end
send(target, text)
touch(key, code, ttl_room, now)
return "ok"
"""

LUA_TOUCH = """
local pid, token = ARGV[5], ARGV[6]
if redis.call("EXISTS", key) == 0 then return 0 end
local r = redis.call("HMGET", key, "h", "g:" .. pid)
if r[1] == token or r[2] == token then touch(key, code, ttl_room, now) end
return 1
"""

LUA_LEAVE = """
local pid, token = ARGV[5], ARGV[6]
if redis.call("EXISTS", key) == 0 then return 0 end
local r = redis.call("HMGET", key, "h", "g:" .. pid)
if r[1] == token then
  redis.call("HSET", key, "h", "", "left", now)
  local gs = guests(key)
  for i = 1, #gs, 2 do send(gs[i + 1], '{"v":1,"type":"host-left"}') end
elseif r[2] == token then
  redis.call("HDEL", key, "g:" .. pid)
  redis.call("HINCRBY", key, "ng", -1)
  if r[1] ~= "" then send(r[1], '{"v":1,"type":"peer-left","peer":"' .. pid .. '"}') end
else
  return 0
end
settle(key, code, now, ttl_room, ttl_empty)
return 1
"""

# KEYS[1] unused (""); ARGV[1] the dead process.
LUA_REAP = """
local dead = code
if redis.call("EXISTS", P .. "alive:" .. dead) == 1 then return -1 end
local prefix = dead .. ":"
local function of_dead(token) return token and string.sub(token, 1, #prefix) == prefix end
local n = 0
for _, c in ipairs(redis.call("SMEMBERS", P .. "pr:" .. dead)) do
  local k = P .. "r:" .. c
  if redis.call("EXISTS", k) == 1 then
    local host = redis.call("HGET", k, "h")
    local host_dead = of_dead(host)
    local gs = guests(k)
    for i = 1, #gs, 2 do
      if of_dead(gs[i + 1]) then
        redis.call("HDEL", k, "g:" .. gs[i])
        redis.call("HINCRBY", k, "ng", -1)
        n = n + 1
        if host ~= "" and not host_dead then
          send(host, '{"v":1,"type":"peer-left","peer":"' .. gs[i] .. '"}')
        end
      end
    end
    if host_dead then
      redis.call("HSET", k, "h", "", "left", now)
      n = n + 1
      gs = guests(k)
      for i = 1, #gs, 2 do send(gs[i + 1], '{"v":1,"type":"host-left"}') end
    end
    settle(k, c, now, ttl_room, ttl_empty)
  end
end
redis.call("DEL", P .. "pr:" .. dead)
redis.call("SREM", P .. "procs", dead)
return n
"""

# ARGV[5] kh, [6] host id, [7] the host's token here or "", then guest id, token pairs.
LUA_RESTORE = """
local kh, hid, host = ARGV[5], ARGV[6], ARGV[7]
local fresh = redis.call("EXISTS", key) == 0
if fresh then
  redis.call("HSET", key, "kh", kh, "hid", hid, "h", "", "left", now, "ng", 0)
end
if host ~= "" then
  local cur = redis.call("HGET", key, "h")
  if cur == "" or cur == host then
    redis.call("HSET", key, "h", host, "left", "", "kh", kh, "hid", hid)
    index(host, code)
  end
end
for i = 8, #ARGV, 2 do
  if redis.call("HSETNX", key, "g:" .. ARGV[i], ARGV[i + 1]) == 1 then
    redis.call("HINCRBY", key, "ng", 1)
  end
  index(ARGV[i + 1], code)
end
settle(key, code, now, ttl_room, ttl_empty)
return fresh and 1 or 0
"""


def redact(url: str) -> str:
    """The URL for logs: without its password."""
    scheme, sep, rest = url.partition("://")
    return f"{scheme}{sep}{rest.rpartition('@')[2]}"


def key_hash(host_key: str) -> str:
    return hashlib.sha256(host_key.encode()).hexdigest()


@dataclass(eq=False)
class LocalRoom:
    """What this process knows of a room its connections are in (``Peer.room``): enough to
    write the room back after Redis lost it."""
    code: str
    kh: str
    host_id: str
    members: dict[str, Peer] = field(default_factory=dict)
    last_active: float = 0.0  # unused here (the TTL lives in Redis); Signaling.on_text's field


class RedisSignaling(Signaling):
    """``Signaling`` with its rooms in Redis, shared by every process that uses the same Redis."""

    def __init__(self, config: SignalConfig | None = None, clock: Callable[[], float] = time.monotonic,
                 wall: Callable[[], float] = time.time):
        super().__init__(config, clock)
        self.url = self.config.redis
        self.where = redact(self.url)
        self.wall = wall
        self.proc = secrets.token_hex(6)
        self.local: dict[str, LocalRoom] = {}
        self.conns: dict[int, Peer] = {}
        self.redis: aioredis.Redis | None = None
        self.healthy = False
        self.healthy_since: float | None = None
        self._beats = 0
        self._pending_leaves: list[tuple[str, str, str]] = []
        self._tasks: list[asyncio.Task] = []
        self._scripts: dict[str, object] = {}
        self._marks = itertools.count(1)
        self._batch: list[tuple[str, list, asyncio.Future]] = []
        self._barriers: dict[int, asyncio.Future] = {}

    # ----------------------------------------------------------------- lifecycle

    @property
    def beat(self) -> float:
        return self.config.redis_beat

    @property
    def alive_ttl(self) -> float:
        # generous: a process whose event loop lags under load must not be taken for dead
        # (measured: at load 18, 3 beats of 1 s were missed and a live process was reaped)
        return 10 * self.beat

    async def start(self) -> None:
        # Fail fast when Redis is down (redis-py's default retries ten times, for seconds): the
        # message is refused with "unavailable" and the page may try again.
        # A bounded pool that makes a burst of calls wait for a connection (redis-py's default
        # pool refuses past 100 at once: a thousand guests relaying hit it).
        pool = aioredis.BlockingConnectionPool.from_url(
            self.url, max_connections=REDIS_POOL, timeout=5, decode_responses=True,
            socket_connect_timeout=2, socket_timeout=5,
            retry=Retry(ExponentialWithJitterBackoff(base=0.01, cap=0.1), 2))
        self.redis = aioredis.Redis.from_pool(pool)  # closes the pool with the client
        for name, body in (("create", LUA_CREATE), ("join", LUA_JOIN), ("resume", LUA_RESUME),
                           ("claim", LUA_CLAIM), ("signal", LUA_SIGNAL), ("touch", LUA_TOUCH),
                           ("leave", LUA_LEAVE), ("reap", LUA_REAP), ("restore", LUA_RESTORE)):
            self._scripts[name] = self.redis.register_script(LUA_PRELUDE + body)
        try:
            await self._beat()
        except (RedisError, OSError) as err:
            log.warning("redis %s unreachable at start (%s); retrying", self.where, err)
        self._tasks = [asyncio.create_task(self._listen()), asyncio.create_task(self._maintain())]

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self.redis is not None:
            try:
                await self._flush_leaves()
                await self.redis.delete(f"{PREFIX}alive:{self.proc}")
                await self._scripts["reap"](keys=[""], args=[self.proc, self.wall(), self.config.room_ttl,
                                                              self.config.empty_room_ttl])
            except (RedisError, OSError):
                pass
            await self.redis.aclose()

    async def sweeper(self) -> None:
        """The in-memory sweep has nothing to do: Redis expires rooms (see ``_maintain``)."""
        await asyncio.Event().wait()

    # ----------------------------------------------------------------- health

    def stats(self) -> dict:
        return {"rooms": len(self.local), "connections": len(self.peers)}

    async def health(self) -> dict:
        try:
            rooms = await self.redis.zcount(f"{PREFIX}rooms", f"({self.wall()}", "+inf")
        except (RedisError, OSError):
            return {"ok": False, "redis": "unreachable", "process": self.proc}
        return {"rooms": rooms, "redis": "ok" if self.healthy else "recovering", "process": self.proc,
                "ok": self.healthy}

    # ----------------------------------------------------------------- Redis calls

    def token(self, peer: Peer) -> str:
        return f"{self.proc}:{peer.number}"

    async def _run(self, name: str, code: str, *args) -> object:
        """One script call. Calls made in the same turn of the event loop go to Redis together,
        in one pipeline (one round trip, a fraction of redis-py's cost per call), in order."""
        c = self.config
        argv = [f"{PREFIX}r:{code}" if code else "", code, self.wall(), c.room_ttl, c.empty_room_ttl, *args]
        done = asyncio.get_running_loop().create_future()
        self._batch.append((name, argv, done))
        if len(self._batch) == 1:
            asyncio.get_running_loop().call_soon(lambda: asyncio.ensure_future(self._flush()))
        return await done

    async def _flush(self) -> None:
        batch, self._batch = self._batch, []
        if not batch:
            return
        try:
            async with self.redis.pipeline(transaction=False) as pipe:
                for name, argv, _ in batch:
                    pipe.evalsha(self._scripts[name].sha, 1, *argv)
                results = await pipe.execute(raise_on_error=False)
        except Exception as err:  # the store is unreachable: every caller hears it
            for _, _, done in batch:
                if not done.done():
                    done.set_exception(err)
            return
        for (name, argv, done), result in zip(batch, results):
            if isinstance(result, NoScriptError):  # Redis restarted: the Script loads itself
                try:
                    result = await self._scripts[name](keys=argv[:1], args=argv[1:])
                except Exception as err:
                    result = err
            if done.done():
                continue
            if isinstance(result, Exception):
                done.set_exception(result)
            else:
                done.set_result(result)

    def new_peer(self, remote: str = "?") -> Peer:
        peer = super().new_peer(remote)
        self.conns[peer.number] = peer
        return peer

    def _enter(self, peer: Peer, code: str, peer_id: str, kh: str, host_id: str) -> LocalRoom:
        room = self.local.get(code)
        if room is None:
            room = self.local[code] = LocalRoom(code, kh, host_id)
        else:
            room.kh, room.host_id = kh or room.kh, host_id
        room.members[peer_id] = peer
        peer.room, peer.id = room, peer_id
        return room

    def _detach(self, peer: Peer) -> LocalRoom | None:
        room, peer.room = peer.room, None
        if room is not None:
            if room.members.get(peer.id) is peer:
                del room.members[peer.id]
            if not room.members and self.local.get(room.code) is room:
                del self.local[room.code]
        return room

    # ----------------------------------------------------------------- the protocol

    async def dispatch(self, peer: Peer, data: str | bytes) -> None:
        message = self.parse(peer, data)
        if message is None:
            return
        in_room = peer.room is not None
        try:
            reply = await self.ASYNC_HANDLERS[message["type"]](self, peer, message)
        except Refused as r:
            reply = msg("error", code=r.code, message=r.message, **r.extra)
            log.debug("conn %d: refused (%s)", peer.number, r.code)
        except (RedisError, OSError) as err:
            log.warning("conn %d: redis unavailable (%s)", peer.number, type(err).__name__)
            reply = msg("error", code="unavailable",
                        message="The room service is briefly unavailable; try again.")
        if reply is None:
            return
        if in_room or peer.room is not None:
            # What a script sent other connections of this room went out on pub/sub before the
            # script returned; a reply must not overtake it (the loser of a claim hears
            # host-changed, then host-present, as on one process).
            await self._barrier()
        peer.send(reply)

    async def _barrier(self) -> None:
        """Wait until this process's channel has delivered everything published so far."""
        mark = next(self._marks)
        done = self._barriers[mark] = asyncio.get_running_loop().create_future()
        try:
            await self.redis.publish(f"{PREFIX}p:{self.proc}", f"0 {mark}")
            await asyncio.wait_for(done, timeout=1.0)
        except (RedisError, OSError, TimeoutError):
            pass  # pub/sub is down: nothing is arriving to be overtaken
        finally:
            self._barriers.pop(mark, None)

    async def leave(self, peer: Peer) -> None:
        self.peers.discard(peer)
        self.conns.pop(peer.number, None)
        room = self._detach(peer)
        if room is None:
            return
        item = (room.code, peer.id, self.token(peer))
        try:
            await self._run("leave", *item)
        except (RedisError, OSError):
            self._pending_leaves.append(item)  # retried by _maintain
        log.info("room %s: conn %d left", short(room.code), peer.number)

    async def _create(self, peer: Peer, message: dict) -> None:
        self._fresh(peer)
        host_key = secrets.token_urlsafe(24)
        kh = key_hash(host_key)
        while True:
            code = new_code()
            result = await self._run("create", code, kh, self.token(peer), self.config.max_rooms)
            if result == "too-many-rooms":
                raise Refused("too-many-rooms", "The server has too many rooms; try again later.")
            if result == "ok":
                break
        self._enter(peer, code, "host", kh, "host")
        log.info("conn %d: created room %s", peer.number, short(code))
        return msg("created", room=code, peer="host", host_key=host_key,
                   **self.config.ice("host"))

    def _code(self, message: dict) -> str:
        return normalize_code(self._field(message, "room", limit=40))

    async def _join(self, peer: Peer, message: dict) -> None:
        self._fresh(peer)
        code = self._code(message)
        while True:
            pid = new_peer_id()
            result = await self._run("join", code, pid, self.token(peer), self.config.max_peers)
            if result[0] == "no-room":
                raise Refused("no-room", "No such room (wrong code, or it expired).")
            if result[0] == "room-full":
                raise Refused("room-full", f"The room is full ({self.config.max_peers} peers).")
            if result[0] == "ok":
                break
        _, host_id, host_token, kh = result
        self._enter(peer, code, pid, kh, host_id)
        log.info("conn %d: joined room %s", peer.number, short(code))
        return msg("joined", room=code, peer=pid, host=host_id if host_token else None,
                   takeover_after=self.config.takeover_after, **self.config.ice(pid))

    async def _resume(self, peer: Peer, message: dict) -> None:
        self._fresh(peer)
        code = self._code(message)
        host_key = self._field(message, "host_key")
        result = await self._run("resume", code, key_hash(host_key), self.token(peer))
        if result[0] == "no-room":
            raise Refused("no-room", "No such room (wrong code, or it expired).")
        if result[0] == "bad-key":
            log.info("conn %d: bad host key for room %s", peer.number, short(code))
            raise Refused("bad-key", "Wrong host key for this room.")
        host_id, guests = result[1], list(result[2:])
        self._enter(peer, code, host_id, key_hash(host_key), host_id)
        log.info("conn %d: host resumed room %s", peer.number, short(code))
        return msg("resumed", room=code, peer=host_id, peers=guests,
                   **self.config.ice(host_id))

    async def _claim_host(self, peer: Peer, message: dict) -> None:
        code = self._code(message)
        if peer.room is None or peer.room.code != code:
            raise Refused("no-room", "Claim the host role of the room you joined.")
        host_key = secrets.token_urlsafe(24)
        result = await self._run("claim", code, peer.id, self.token(peer), self.config.takeover_after,
                                 key_hash(host_key))
        if result[0] == "no-room":
            raise Refused("no-room", "Claim the host role of the room you joined.")
        if result[0] == "host-present":
            raise Refused("host-present", "The room has a connected host.")
        if result[0] == "too-early":
            seconds = math.ceil(float(result[1]) * 10) / 10
            raise Refused("too-early", f"The host may come back: wait {seconds:g} s more.", seconds=seconds)
        peer.room.kh, peer.room.host_id = key_hash(host_key), peer.id
        log.info("conn %d: took over room %s as host", peer.number, short(code))
        return msg("host-granted", room=code, host_key=host_key, peers=list(result[1:]),
                   **self.config.ice(peer.id))

    async def _signal(self, peer: Peer, message: dict) -> None:
        to, data = self._signal_fields(peer, message)
        room = peer.room
        text = self._signal_text(peer, data)
        result = await self._run("signal", room.code, peer.id, self.token(peer), to, text)
        if result == "bad-peer-guest":
            raise Refused("bad-peer", "No such guest in this room.")
        if result == "bad-peer":
            raise Refused("bad-peer", "Guests may signal only their room's connected host.")
        if result == "no-room":
            raise Refused("no-room", "Create or join a room first.")
        return None

    async def _ping(self, peer: Peer, message: dict) -> None:
        if peer.room is not None:
            try:
                await self._run("touch", peer.room.code, peer.id, self.token(peer))
            except (RedisError, OSError):
                pass  # a ping is answered all the same: the connection is alive
        return msg("pong")

    ASYNC_HANDLERS = {
        "create": _create, "join": _join, "resume": _resume, "claim-host": _claim_host,
        "signal": _signal, "ping": _ping,
    }

    # ----------------------------------------------------------------- delivery (pub/sub)

    def deliver(self, payload: str) -> None:
        """One message from this process's channel: a frame for a local connection, or a close."""
        number, _, text = payload.partition(" ")
        if number == "0":  # a barrier's mark (see _barrier)
            done = self._barriers.get(int(text))
            if done is not None and not done.done():
                done.set_result(None)
            return
        try:
            peer = self.conns.get(int(number))
        except ValueError:
            return
        if peer is None:
            return  # that connection is gone: the message is dropped, as on a closed socket
        if text.startswith("!"):
            code, _, reason = text[1:].partition(" ")
            self._detach(peer)  # replaced: it gets nothing more, and its close is no host-left
            peer.close(int(code), reason)
            return
        if peer.room is not None and text.startswith('{"v":1,"type":"host-'):
            host = json.loads(text).get("host")
            if host:  # host-back / host-changed: the room's host id, for a restore
                peer.room.host_id = host
        peer.send(text)

    async def _listen(self) -> None:
        channel = f"{PREFIX}p:{self.proc}"
        while True:
            pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(channel)
                while True:
                    message = await pubsub.get_message(timeout=None)  # blocks; see _beat for health
                    if message is not None and message.get("type") == "message":
                        self.deliver(message["data"])
            except asyncio.CancelledError:
                raise
            except (RedisError, OSError) as err:
                log.warning("redis pub/sub lost (%s); resubscribing", type(err).__name__)
                self.healthy = False
                await asyncio.sleep(min(self.beat, 0.5))
            finally:
                try:
                    await pubsub.aclose()
                except Exception:
                    pass

    # ----------------------------------------------------------------- upkeep

    async def _beat(self) -> bool:
        """Say this process is alive; True if Redis had lost the mark (restarted, or this
        process was taken for dead): its rooms are written back then."""
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.set(f"{PREFIX}alive:{self.proc}", "1", px=int(self.alive_ttl * 1000), get=True)
            pipe.sadd(f"{PREFIX}procs", self.proc)
            previous, _ = await pipe.execute()
        lost = previous is None and self._beats > 0
        if not self.healthy:
            self.healthy_since = self.clock()
            (log.warning if self._beats else log.info)("redis %s reachable", self.where)
        self._beats += 1
        self.healthy = True
        return lost

    async def _restore(self) -> None:
        for room in list(self.local.values()):
            host = ""
            pairs: list[str] = []
            for pid, peer in room.members.items():
                if pid == room.host_id:
                    host = self.token(peer)
                else:
                    pairs += [pid, self.token(peer)]
            await self._run("restore", room.code, room.kh, room.host_id, host, *pairs)
        if self.local:
            log.warning("redis had lost this process's rooms: %d written back", len(self.local))

    async def _reap(self) -> None:
        """Remove the connections of processes that stopped beating from their rooms."""
        if self.healthy_since is None or self.clock() - self.healthy_since < self.alive_ttl:
            return  # after an outage, give the others a beat to come back first
        procs = await self.redis.smembers(f"{PREFIX}procs")
        for proc in procs:
            if proc == self.proc or await self.redis.exists(f"{PREFIX}alive:{proc}"):
                continue
            n = await self._scripts["reap"](keys=[""], args=[proc, self.wall(), self.config.room_ttl,
                                                              self.config.empty_room_ttl])
            if int(n) > 0:
                log.warning("process %s stopped beating: %s of its connections removed", proc, n)

    async def _expire(self) -> None:
        """Rooms of local members that Redis expired: tell them and close, as the in-memory sweep."""
        codes = list(self.local)
        if not codes:
            return
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.exists(f"{PREFIX}alive:{self.proc}")
            for code in codes:
                pipe.exists(f"{PREFIX}r:{code}")
            alive, *exists = await pipe.execute()
        if not alive:
            return  # Redis lost its data: restored at the next beat, not expired
        gone = [code for code, e in zip(codes, exists) if not e]
        for code in gone:
            room = self.local.pop(code, None)
            if room is None:
                continue
            for p in list(room.members.values()):
                p.room = None
                self.error(p, "no-room", "The room expired.")
                p.close(4002, "room expired")
        if gone:
            log.info("expired %d room(s)", len(gone))

    async def _flush_leaves(self) -> None:
        while self._pending_leaves:
            await self._run("leave", *self._pending_leaves[0])
            self._pending_leaves.pop(0)

    async def _maintain(self) -> None:
        tick = min(self.beat, self.config.sweep_interval)
        next_sweep = self.clock() + self.config.sweep_interval
        while True:
            await asyncio.sleep(tick)
            try:
                if await self._beat():
                    await self._restore()
                await self._flush_leaves()
                await self._reap()
                if self.clock() >= next_sweep:
                    next_sweep = self.clock() + self.config.sweep_interval
                    await self._expire()
            except asyncio.CancelledError:
                raise
            except (RedisError, OSError) as err:
                if self.healthy:
                    log.warning("redis %s unreachable (%s)", self.where, type(err).__name__)
                self.healthy = False

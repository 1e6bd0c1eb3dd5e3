"""Signaling configuration: limits, origins, ICE servers; read from the command line and PARLOR_*.

Every field of ``SignalConfig`` is a command-line option ``--field-name`` and an environment
variable ``PARLOR_FIELD_NAME`` (the option wins). Lists are comma-separated (options may also be
repeated). ``ice_servers(peer_id)`` builds the RTCIceServer list handed to each peer, with TURN
REST time-limited credentials when a TURN secret is set; ``ice(peer_id)`` adds the
iceTransportPolicy (``ice_policy``) the pages give their RTCPeerConnection.
"""

from __future__ import annotations

import argparse
import base64
import dataclasses
import hashlib
import hmac
import os
import time
from dataclasses import dataclass, field


@dataclass
class SignalConfig:
    max_message: int = 16 * 1024      # bytes of one text frame, checked before parsing
    rate: float = 20.0                # messages per second per connection (token bucket refill)
    burst: int = 40                   # token bucket size
    flood_strikes: int = 20           # messages refused in a row for rate -> close 1008
    size_strikes: int = 3             # too-large frames on one connection -> close 1009
    max_peers: int = 16               # per room, host included
    max_rooms: int = 1000
    max_connections: int = 2000
    origins: list[str] = field(default_factory=list)  # empty: the server's own origins; "*": any
    allow_no_origin: bool = False     # accept upgrades without an Origin header (non-browser)
    stun: list[str] = field(default_factory=list)     # e.g. stun:stun.example.org:3478
    turn: list[str] = field(default_factory=list)     # e.g. turn:turn.example.org:3478?transport=udp
    turn_secret: str = ""             # coturn use-auth-secret / static-auth-secret
    turn_ttl: int = 24 * 3600         # lifetime of TURN credentials, seconds
    ice_policy: str = "all"           # the pages' iceTransportPolicy: "all", or "relay" (TURN only)
    room_ttl: float = 24 * 3600.0     # a room with no activity for this long is removed
    empty_room_ttl: float = 3600.0    # ... sooner when nobody is connected to it
    sweep_interval: float = 60.0      # how often expiry runs
    handshake_timeout: float = 30.0   # create/join/resume must arrive within this
    takeover_after: float = 30.0      # seconds without a connected host before claim-host
    send_queue: int = 256             # messages queued to a slow reader before it is dropped
    redis: str = ""                   # redis://host:port/db: rooms shared by several processes
    redis_beat: float = 1.0           # seconds between a process's liveness beats (dead after 10)

    def check(self) -> None:
        if self.turn and not self.turn_secret:
            raise ValueError("--turn needs --turn-secret (TURN REST credentials)")
        if self.ice_policy not in ICE_POLICIES:
            raise ValueError(f"--ice-policy must be one of {', '.join(ICE_POLICIES)}, not {self.ice_policy!r}")
        if self.ice_policy == "relay" and not self.turn:
            raise ValueError("--ice-policy relay needs --turn (with no TURN server no peer could connect)")
        if self.max_peers < 2:
            raise ValueError("--max-peers must be at least 2 (host and one guest)")
        if self.redis and not self.redis.startswith(("redis://", "rediss://", "unix://")):
            raise ValueError("--redis takes a URL: redis://HOST:PORT/DB, rediss://… or unix://PATH")
        for name in ("max_message", "burst", "max_rooms", "max_connections", "rate", "redis_beat"):
            if getattr(self, name) <= 0:
                raise ValueError(f"--{name.replace('_', '-')} must be positive")

    def ice_servers(self, peer_id: str, now: float | None = None) -> list[dict]:
        servers: list[dict] = []
        if self.stun:
            servers.append({"urls": list(self.stun)})
        if self.turn and self.turn_secret:
            username, credential = turn_credentials(self.turn_secret, peer_id, self.turn_ttl, now)
            servers.append({"urls": list(self.turn), "username": username, "credential": credential})
        return servers

    def ice(self, peer_id: str, now: float | None = None) -> dict:
        """The ICE fields of created/joined/resumed/host-granted: ``ice_servers``, ``ice_policy``."""
        return {"ice_servers": self.ice_servers(peer_id, now), "ice_policy": self.ice_policy}


ICE_POLICIES = ("all", "relay")


def turn_credentials(secret: str, peer_id: str, ttl: int, now: float | None = None) -> tuple[str, str]:
    """TURN REST API (coturn ``use-auth-secret``): username "<expiry>:<id>", HMAC-SHA1 password."""
    expiry = int(now if now is not None else time.time()) + int(ttl)
    username = f"{expiry}:{peer_id}"
    digest = hmac.new(secret.encode(), username.encode(), hashlib.sha1).digest()
    return username, base64.b64encode(digest).decode()


# --------------------------------------------------------------------------- command line + env

HELP = {
    "max_message": "largest message in bytes (default 16384)",
    "rate": "messages per second per connection (default 20)",
    "burst": "burst of messages per connection (default 40)",
    "max_peers": "peers per room including the host (default 16)",
    "max_rooms": "rooms in total (default 1000)",
    "max_connections": "signaling connections in total (default 2000)",
    "origins": "allowed page origins, comma-separated or repeated; '*' any "
               "(default: http://127.0.0.1:PORT and http://localhost:PORT)",
    "allow_no_origin": "accept signaling clients that send no Origin header (non-browser tools)",
    "stun": "STUN URLs handed to peers, e.g. stun:stun.example.org:3478",
    "turn": "TURN URLs handed to peers (needs --turn-secret)",
    "turn_secret": "shared secret for TURN REST credentials (prefer the environment variable)",
    "turn_ttl": "TURN credential lifetime in seconds (default 86400)",
    "ice_policy": "the pages' iceTransportPolicy: 'all' (default: direct paths first, TURN when "
                  "none works) or 'relay' (every data channel through the TURN server: to test "
                  "the TURN path, or where direct paths must not be used; needs --turn)",
    "room_ttl": "remove a room after this many seconds without activity (default 86400)",
    "empty_room_ttl": "... or after this many when nobody is connected (default 3600)",
    "sweep_interval": "seconds between expiry sweeps (default 60)",
    "handshake_timeout": "drop a connection that has not created/joined/resumed a room in this many seconds (default 30)",
    "takeover_after": "seconds without a connected host before a guest may claim-host (default 30)",
    "send_queue": "messages queued to a slow client before it is dropped (default 256)",
    "flood_strikes": "messages refused in a row for rate before the connection is closed (default 20)",
    "size_strikes": "too-large messages before the connection is closed (default 3)",
    "redis": "share rooms between processes through this Redis, e.g. redis://127.0.0.1:6379/0 "
             "(default: rooms in this process's memory)",
    "redis_beat": "seconds between liveness beats in Redis; a process silent for 10 is dead and its "
                  "connections leave their rooms (default 1)",
}


def _env_name(name: str) -> str:
    return "PARLOR_" + name.upper()


def _split(values) -> list[str]:
    out: list[str] = []
    for v in values or []:
        out.extend(s.strip() for s in v.split(",") if s.strip())
    return out


def add_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("signaling (/signal)")
    for f in dataclasses.fields(SignalConfig):
        flag = "--" + f.name.replace("_", "-")
        default = f.default if f.default is not dataclasses.MISSING else None
        help_ = HELP.get(f.name, "") + f"  [{_env_name(f.name)}]"
        if isinstance(default, bool):
            group.add_argument(flag, dest=f.name, action="store_true", default=None, help=help_)
        elif default is None:  # list
            group.add_argument(flag, dest=f.name, action="append", default=None, help=help_)
        else:
            group.add_argument(flag, dest=f.name, type=type(default), default=None, help=help_,
                               choices=ICE_POLICIES if f.name == "ice_policy" else None)


def from_args(args: argparse.Namespace, environ=os.environ) -> SignalConfig:
    cfg = SignalConfig()
    for f in dataclasses.fields(SignalConfig):
        value = getattr(args, f.name, None)
        env = environ.get(_env_name(f.name))
        current = getattr(cfg, f.name)
        if value is None and env is not None:
            if isinstance(current, bool):
                value = env.strip().lower() in ("1", "true", "yes", "on")
            elif isinstance(current, list):
                value = [env]
            else:
                value = type(current)(env)
        if value is None:
            continue
        setattr(cfg, f.name, _split(value) if isinstance(current, list) else value)
    cfg.check()
    return cfg

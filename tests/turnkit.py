"""coturn on loopback for the TURN relay tests, with the configuration docs/deploy.md gives.

``deploy_config()`` reads the ``/etc/turnserver.conf`` block of docs/deploy.md ("5. TURN
(coturn)"), so the tests run the documented lines, not a copy of them. ``loopback_config()``
changes only what one machine needs (each change is listed in ``LOOPBACK``, and docs/deploy.md
says the same): the addresses become 127.0.0.1 on a free port, TLS is left out (no
certificate), the log goes to a file the tests read, and loopback peers are allowed (both
browsers are on 127.0.0.1, which the documented ``denied-peer-ip`` refuses: ``allowed-peer-ip``
lets 127.0.0.1 alone through). ``Coturn.start()`` runs ``turnserver -c`` with it; the
``coturn`` fixture (tests/conftest.py) starts one per session (per pytest-xdist worker) in
well under a second, and skips when Debian's coturn is missing (scripts/setup.sh --services).
"""

from __future__ import annotations

import os
import random
import re
import secrets
import shutil
import socket
import struct
import subprocess
import tempfile
import time
from pathlib import Path

DEPLOY = Path(__file__).resolve().parents[1] / "docs" / "deploy.md"

# what the loopback run changes in the documented configuration (docs/deploy.md says the same)
DROPPED = ("tls-listening-port", "cert", "pkey", "log-file")  # no certificate here; log below
LOOPBACK = [
    "no-tls",
    "no-dtls",
    "allow-loopback-peers",          # both peers are on 127.0.0.1 ...
    "allowed-peer-ip=127.0.0.1",     # ... which denied-peer-ip=127.0.0.0-127.255.255.255 refuses
    "verbose",                       # allocations and permissions in the log, for the tests
]


def deploy_config() -> list[str]:
    """The lines of docs/deploy.md's /etc/turnserver.conf (comments and blank lines left out)."""
    text = DEPLOY.read_text()
    found = re.search(r"`/etc/turnserver\.conf`:\s*\n```\n(.*?)\n```", text, re.S)
    if found is None:
        raise ValueError("docs/deploy.md has no /etc/turnserver.conf block")
    return [line.strip() for line in found[1].splitlines()
            if line.strip() and not line.lstrip().startswith("#")]


def loopback_config(port: int, secret: str, log: Path, tmp: Path) -> tuple[list[str], str]:
    """docs/deploy.md's configuration for one machine: (lines, realm)."""
    lines, realm = [], ""
    for line in deploy_config():
        key, _, value = line.partition("=")
        if key in DROPPED:
            continue
        if key == "listening-port":
            value = str(port)
        elif key == "static-auth-secret":
            value = secret
        elif key == "realm":
            realm = value
        value = value.replace("<public address>", "127.0.0.1")
        if "<" in value:
            raise ValueError(f"docs/deploy.md's coturn line {line!r} has a placeholder the test does not fill")
        lines.append(f"{key}={value}" if value else key)
    lines += LOOPBACK + [f"log-file={log}", f"pidfile={tmp / 'turn.pid'}", f"userdb={tmp / 'turndb'}"]
    return lines, realm


def free_port() -> int:
    """A loopback port free for UDP and TCP both (coturn listens on both), below the kernel's
    range of local ports for outgoing connections (32768 and up): the suite's many loopback
    connections once held the port picked there, and coturn's TCP listener could not bind it."""
    for _ in range(200):
        port = random.randrange(20000, 32000)
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp, \
                    socket.socket(socket.AF_INET, socket.SOCK_STREAM) as tcp:
                udp.bind(("127.0.0.1", port))
                tcp.bind(("127.0.0.1", port))
        except OSError:
            continue
        return port
    raise RuntimeError("no free loopback port for coturn")


def stun_binding_ok(port: int) -> bool:
    """A STUN Binding request answered with a Binding success (0x0101)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.settimeout(0.2)
        s.sendto(struct.pack(">HHI", 0x0001, 0, 0x2112A442) + os.urandom(12), ("127.0.0.1", port))
        try:
            data, _ = s.recvfrom(2048)
        except OSError:
            return False
    return data[:2] == b"\x01\x01"


class Coturn:
    """A running turnserver: ``port``, ``secret``, ``realm``, ``url`` (a turn: URL for
    --turn), ``log_text()``; ``stop()``."""

    def __init__(self):
        self.secret = secrets.token_urlsafe(24)
        self.port = free_port()
        self.url = f"turn:127.0.0.1:{self.port}?transport=udp"
        self._tmp = tempfile.TemporaryDirectory(prefix="parlor-coturn-")
        tmp = Path(self._tmp.name)
        self.log = tmp / "turn.log"
        lines, self.realm = loopback_config(self.port, self.secret, self.log, tmp)
        self.conf = tmp / "turnserver.conf"
        self.conf.write_text("\n".join(lines) + "\n")
        self.proc: subprocess.Popen | None = None

    @classmethod
    def start(cls, timeout: float = 10.0, attempts: int = 3) -> "Coturn":
        """Start one; on another port if its port was taken meanwhile (another worker's)."""
        if shutil.which("turnserver") is None:
            raise FileNotFoundError("coturn is not installed (scripts/setup.sh --services)")
        for _ in range(attempts):
            turn = cls()
            turn.proc = subprocess.Popen(["turnserver", "-c", str(turn.conf)],
                                         stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
            deadline = time.monotonic() + timeout
            while turn.proc.poll() is None and time.monotonic() < deadline:
                if stun_binding_ok(turn.port):
                    return turn
            text = turn.log_text()
            turn.stop()
        raise RuntimeError(f"coturn did not answer STUN on port {turn.port}:\n{text[-3000:]}")

    def log_text(self) -> str:
        """coturn's log so far (with ``simple-log`` one file, named as configured)."""
        try:
            return self.log.read_text(errors="replace")
        except FileNotFoundError:
            return ""

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self._tmp.cleanup()

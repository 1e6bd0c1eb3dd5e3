"""Parlor's local server: one websockets ``serve()`` for static files, health and signaling.

Plain HTTP GETs are answered in ``process_request`` (static files of the built site, /healthz
with room and connection counts). The one WebSocket endpoint is ``/signal``, bound to that
server's own ``Signaling`` registry (peer/signal.py), so several servers can run in one process
(tests); an upgrade on any other path gets a 404.

    python -m peer [--host 127.0.0.1] [--port 8000] [--site dist/site] [signaling options]

Environment: PARLOR_HOST, PARLOR_PORT, PARLOR_SITE, PARLOR_LOG_LEVEL and every signaling option
as PARLOR_<OPTION> (see ``python -m peer --help`` and docs/online.md).
"""

from __future__ import annotations

import argparse
import asyncio
import http
import json
import logging
import os
import signal
import sys
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import AsyncIterator, Awaitable, Callable
from urllib.parse import urlsplit

from websockets.asyncio.server import ServerConnection, serve
from websockets.http11 import Request, Response

from peer import config as signal_config
from peer.config import SignalConfig
from peer.signal import Signaling
from peer.static import StaticSite, text_response

log = logging.getLogger("peer")

WsHandler = Callable[[ServerConnection], Awaitable[None]]
SIGNAL_PATH = "/signal"
"""The one WebSocket endpoint: the signaling service."""


def is_upgrade(request: Request) -> bool:
    return "websocket" in request.headers.get("Upgrade", "").lower()


def make_process_request(site: StaticSite, health: Callable[[], dict] | None = None):
    def process_request(connection: ServerConnection, request: Request) -> Response | None:
        path = urlsplit(request.path).path
        if is_upgrade(request):
            if path == SIGNAL_PATH:
                return None  # proceed with the WebSocket handshake
            return text_response(http.HTTPStatus.NOT_FOUND, "No WebSocket endpoint here\n")
        if path == "/healthz":
            info = {"ok": True, "site": site.root.is_dir()}
            if health is not None:
                info.update(health())
            return text_response(http.HTTPStatus.OK, json.dumps(info) + "\n", "application/json")
        return site.response(request.path, request.headers)

    return process_request


def make_dispatch(handler: WsHandler):
    async def dispatch(connection: ServerConnection) -> None:
        if urlsplit(connection.request.path).path != SIGNAL_PATH:  # not reachable: refused above
            await connection.close(1008, "unknown path")
            return
        await handler(connection)

    return dispatch


@dataclass
class Serving:
    server: object
    port: int
    signaling: Signaling


@asynccontextmanager
async def serving(host: str, port: int, site_dir: Path,
                  config: SignalConfig | None = None) -> AsyncIterator[Serving]:
    """Start the server in the running loop (port 0: a free one); stop it on exit."""
    site = StaticSite(site_dir)
    signaling = Signaling(config)
    async with serve(
        make_dispatch(signaling.handle),
        host,
        port,
        process_request=make_process_request(site, signaling.stats),
        server_header="parlor-peer",
        close_timeout=2,
        # Hard cap on a frame (websockets closes with 1009 past it); Signaling refuses messages
        # above max_message itself first, with an error the client can read.
        max_size=max(64 * 1024, 4 * signaling.config.max_message),
        # No permessage-deflate: it cost ~80 us of CPU per relayed message (a third of the
        # total, measured), signaling messages are small, and compressing secrets (host keys)
        # in one stream with peer-supplied data invites CRIME-style length attacks.
        compression=None,
    ) as server:
        bound = server.sockets[0].getsockname()[1]
        signaling.default_origins(host, bound)
        sweeper = asyncio.create_task(signaling.sweeper())
        try:
            yield Serving(server, bound, signaling)
        finally:
            sweeper.cancel()


async def run(host: str, port: int, site_dir: Path, ready: Callable[[int], None] | None = None,
              config: SignalConfig | None = None) -> None:
    async with serving(host, port, site_dir, config) as srv:
        if ready is not None:
            ready(srv.port)
        stop = asyncio.get_running_loop().create_future()
        for sig in (signal.SIGINT, signal.SIGTERM):
            try:
                asyncio.get_running_loop().add_signal_handler(sig, stop.set_result, None)
            except (NotImplementedError, RuntimeError):
                pass
        await stop


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m peer", description=__doc__.splitlines()[0])
    p.add_argument("--host", default=os.environ.get("PARLOR_HOST", "127.0.0.1"))
    p.add_argument("--port", type=int, default=int(os.environ.get("PARLOR_PORT", "8000")),
                   help="0 picks a free port (printed on start)")
    p.add_argument("--site", default=os.environ.get("PARLOR_SITE", "dist/site"))
    p.add_argument("--log-level", default=os.environ.get("PARLOR_LOG_LEVEL", "warning"),
                   choices=["debug", "info", "warning", "error"],
                   help="info logs every connection and room (never payloads)")
    signal_config.add_arguments(p)
    return p.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=args.log_level.upper(), format="%(asctime)s %(name)s: %(message)s")
    try:
        config = signal_config.from_args(args)
    except ValueError as err:
        print(f"peer: {err}", file=sys.stderr)
        return 2
    site_dir = Path(args.site)
    if not (site_dir / "index.html").is_file():
        print(f"peer: warning: {site_dir}/index.html not found (build with scripts/build_site.py)",
              file=sys.stderr)

    def ready(port: int) -> None:
        print(f"Parlor serving {site_dir} on http://{args.host}:{port}/", flush=True)

    try:
        asyncio.run(run(args.host, args.port, site_dir, ready, config))
    except KeyboardInterrupt:
        pass
    return 0

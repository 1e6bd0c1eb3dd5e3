"""Parlor's local server: one websockets ``serve()`` for static files, health and (later) signaling.

Plain HTTP GETs are answered in ``process_request`` (static files of the built site, /healthz).
WebSocket upgrades are dispatched by path through ``WS_ROUTES``; signaling will register
``/signal`` there. Today no WebSocket path exists, so every upgrade gets a 404.

    python -m peer [--host 127.0.0.1] [--port 8000] [--site dist/site]

Environment: PARLOR_HOST, PARLOR_PORT, PARLOR_SITE override the defaults.
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
from pathlib import Path
from typing import Awaitable, Callable
from urllib.parse import urlsplit

from websockets.asyncio.server import ServerConnection, serve
from websockets.http11 import Request, Response

from peer.static import StaticSite, text_response

log = logging.getLogger("peer")

WsHandler = Callable[[ServerConnection], Awaitable[None]]
# path -> coroutine handling an accepted WebSocket. Signaling adds "/signal" here.
WS_ROUTES: dict[str, WsHandler] = {}


def is_upgrade(request: Request) -> bool:
    return "websocket" in request.headers.get("Upgrade", "").lower()


def make_process_request(site: StaticSite):
    def process_request(connection: ServerConnection, request: Request) -> Response | None:
        path = urlsplit(request.path).path
        if is_upgrade(request):
            if path in WS_ROUTES:
                return None  # proceed with the WebSocket handshake
            return text_response(http.HTTPStatus.NOT_FOUND, "No WebSocket endpoint here\n")
        if path == "/healthz":
            body = json.dumps({"ok": True, "site": site.root.is_dir()}) + "\n"
            return text_response(http.HTTPStatus.OK, body, "application/json")
        return site.response(request.path, request.headers)

    return process_request


async def dispatch(connection: ServerConnection) -> None:
    path = urlsplit(connection.request.path).path
    handler = WS_ROUTES.get(path)
    if handler is None:  # not reachable: process_request refused it
        await connection.close(1008, "unknown path")
        return
    await handler(connection)


async def run(host: str, port: int, site_dir: Path, ready: Callable[[int], None] | None = None) -> None:
    site = StaticSite(site_dir)
    async with serve(
        dispatch,
        host,
        port,
        process_request=make_process_request(site),
        server_header="parlor-peer",
        close_timeout=2,
        max_size=64 * 1024,
    ) as server:
        bound = server.sockets[0].getsockname()[1]
        if ready is not None:
            ready(bound)
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
    return p.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(name)s: %(message)s")
    site_dir = Path(args.site)
    if not (site_dir / "index.html").is_file():
        print(f"peer: warning: {site_dir}/index.html not found (build with scripts/build_site.py)",
              file=sys.stderr)

    def ready(port: int) -> None:
        print(f"Parlor serving {site_dir} on http://{args.host}:{port}/", flush=True)

    try:
        asyncio.run(run(args.host, args.port, site_dir, ready))
    except KeyboardInterrupt:
        pass
    return 0

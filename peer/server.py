"""Parlor's local server: one aiohttp application for the static site, health and signaling.

Plain GETs are the built site's files (peer/static.py: aiohttp's ``FileResponse``, with
keep-alive, sendfile, precompressed siblings, 304s and ranges) and /healthz (room and connection
counts). The one WebSocket endpoint is ``/signal``, bound to that server's own ``Signaling``
registry (peer/signal.py), so several servers can run in one process (tests); an upgrade on any
other path gets a 404.

    python -m peer [--host 127.0.0.1] [--port 8000] [--site dist/site] [signaling options]

Environment: PARLOR_HOST, PARLOR_PORT, PARLOR_SITE, PARLOR_LOG_LEVEL and every signaling option
as PARLOR_<OPTION> (see ``python -m peer --help`` and docs/online.md).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import signal
import sys
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import AsyncIterator, Callable

from aiohttp import web

from peer import config as signal_config
from peer.config import SignalConfig
from peer.signal import Signaling
from peer.static import StaticSite

log = logging.getLogger("peer")

SIGNAL_PATH = "/signal"
"""The one WebSocket endpoint: the signaling service."""
# A protocol ping every 40 s; a peer that does not answer within half of it (20 s, as with the
# websockets server before) is closed: a phone on a slow network gets as long as it had. 2 s to
# complete a closing handshake (aiohttp's 10 s makes closing a flooder slow).
HEARTBEAT_S = 40.0
CLOSE_TIMEOUT_S = 2.0


def is_upgrade(request: web.BaseRequest) -> bool:
    return "websocket" in request.headers.get("Upgrade", "").lower()


def text_response(status: int, text: str, content_type: str = "text/plain") -> web.Response:
    return web.Response(status=status, text=text, content_type=content_type, charset="utf-8",
                        headers={"Cache-Control": "no-store"})


def make_app(site: StaticSite, signaling: Signaling) -> web.Application:
    """The aiohttp application: /healthz, /signal (WebSocket) and the site's files."""
    # Only GETs are served: a request body is never read, so the body limit can be tiny.
    app = web.Application(client_max_size=4096)

    async def healthz(request: web.Request) -> web.Response:
        info = {"ok": True, "site": site.root.is_dir()}
        info.update(signaling.stats())
        info.update(await signaling.health())
        status = 200 if info.get("ok", True) else 503
        return text_response(status, json.dumps(info) + "\n", "application/json")

    async def signal_ws(request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(
            timeout=CLOSE_TIMEOUT_S, heartbeat=HEARTBEAT_S,
            # Hard cap on a frame (closed with 1009 past it); Signaling refuses messages above
            # max_message itself first, with an error the client can read.
            max_msg_size=max(64 * 1024, 4 * signaling.config.max_message),
            # No permessage-deflate: it cost ~80 us of CPU per relayed message (a third of the
            # total, measured), signaling messages are small, and compressing secrets (host
            # keys) in one stream with peer-supplied data invites CRIME-style length attacks.
            compress=False)
        if not ws.can_prepare(request).ok:
            return text_response(426, "WebSocket upgrade expected\n")
        await ws.prepare(request)
        await signaling.handle(ws, request)
        return ws

    async def static(request: web.Request) -> web.StreamResponse:
        if is_upgrade(request):
            return text_response(404, "No WebSocket endpoint here\n")
        file = await asyncio.to_thread(site.resolve, request.raw_path)
        if file is None:
            return text_response(404, "Not found\n")
        return web.FileResponse(file, headers=site.headers(file))

    async def on_shutdown(app: web.Application) -> None:
        await signaling.shutdown()

    async def server_header(request: web.Request, response: web.StreamResponse) -> None:
        response.headers["Server"] = "parlor-peer"

    app.router.add_get("/healthz", healthz)
    app.router.add_get(SIGNAL_PATH, signal_ws)
    app.router.add_get("/{path:.*}", static)
    app.on_shutdown.append(on_shutdown)
    app.on_response_prepare.append(server_header)
    return app


@dataclass
class Serving:
    server: web.AppRunner
    port: int
    signaling: Signaling


@asynccontextmanager
async def serving(host: str, port: int, site_dir: Path,
                  config: SignalConfig | None = None) -> AsyncIterator[Serving]:
    """Start the server in the running loop (port 0: a free one); stop it on exit."""
    site = StaticSite(site_dir)
    if config is not None and config.redis:
        from peer.redis_signal import RedisSignaling  # needs the redis package only then
        signaling: Signaling = RedisSignaling(config)
    else:
        signaling = Signaling(config)
    await signaling.start()
    runner = web.AppRunner(make_app(site, signaling), access_log=None, shutdown_timeout=3.0)
    await runner.setup()
    try:
        tcp = web.TCPSite(runner, host, port, backlog=1024, reuse_address=True)
        await tcp.start()
        bound = runner.addresses[0][1]
        signaling.default_origins(host, bound)
        sweeper = asyncio.create_task(signaling.sweeper())
        try:
            yield Serving(runner, bound, signaling)
        finally:
            sweeper.cancel()
    finally:
        # bounded: a stop must not hang on a peer or a store that does not answer
        for step, limit in ((runner.cleanup, 10.0), (signaling.stop, 5.0)):
            try:
                await asyncio.wait_for(step(), limit)
            except (TimeoutError, OSError) as err:
                log.warning("stopping: %s did not finish (%s)", step.__qualname__, type(err).__name__)


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

"""Static files of the built site (dist/site) answered as plain HTTP GETs.

Used from the websockets ``process_request`` hook: every plain request but /healthz comes here
(WebSocket upgrades never do). Only files under the site root are served; anything that
would escape it (``..``, absolute paths, symlinks out of the root, NUL bytes) is a 404.
"""

from __future__ import annotations

import email.utils
import hashlib
import http
import posixpath
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlsplit

from websockets.datastructures import Headers
from websockets.http11 import Response

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".whl": "application/octet-stream",
    ".zip": "application/octet-stream",
    ".py": "text/x-python; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".txt": "text/plain; charset=utf-8",
    ".map": "application/json",
    ".ogg": "audio/ogg",
    ".mp3": "audio/mpeg",
    ".wav": "audio/wav",
}
DEFAULT_MIME = "application/octet-stream"

# Files whose name does not change between builds: the browser must revalidate them
# (the service worker is what makes the app work offline, not the HTTP cache).
NO_CACHE_NAMES = {"index.html", "sw.js", "manifest.webmanifest", "precache.json"}
NO_CACHE_DIRS = ("app/", "wheels/")


def mime_type(path: str) -> str:
    return MIME_TYPES.get(posixpath.splitext(path)[1].lower(), DEFAULT_MIME)


@dataclass(frozen=True)
class StaticSite:
    root: Path

    def resolve(self, url_path: str) -> Path | None:
        """Map a request path (may carry a query) to a file under root, or None."""
        path = unquote(urlsplit(url_path).path)
        if "\x00" in path or "\\" in path:
            return None
        if path.endswith("/"):
            path += "index.html"
        parts = [p for p in path.split("/") if p not in ("", ".")]
        if any(p == ".." for p in parts):
            return None
        root = self.root.resolve()
        candidate = root.joinpath(*parts) if parts else root / "index.html"
        try:
            real = candidate.resolve(strict=True)
        except (FileNotFoundError, NotADirectoryError, OSError):
            return None
        if not real.is_relative_to(root) or not real.is_file():
            return None
        return real

    def response(self, url_path: str, request_headers: Headers | None = None) -> Response:
        file = self.resolve(url_path)
        if file is None:
            return text_response(http.HTTPStatus.NOT_FOUND, "Not found\n")
        rel = file.relative_to(self.root.resolve()).as_posix()
        stat = file.stat()
        etag = '"%s"' % hashlib.sha1(f"{stat.st_mtime_ns}-{stat.st_size}".encode()).hexdigest()[:16]
        headers = Headers()
        headers["Date"] = email.utils.formatdate(usegmt=True)
        headers["Connection"] = "close"
        headers["Content-Type"] = mime_type(rel)
        headers["ETag"] = etag
        headers["Last-Modified"] = email.utils.formatdate(stat.st_mtime, usegmt=True)
        headers["X-Content-Type-Options"] = "nosniff"
        if posixpath.basename(rel) in NO_CACHE_NAMES or rel.startswith(NO_CACHE_DIRS):
            headers["Cache-Control"] = "no-cache"
        if request_headers is not None and request_headers.get("If-None-Match") == etag:
            headers["Content-Length"] = "0"
            return Response(304, "Not Modified", headers, b"")
        body = file.read_bytes()
        headers["Content-Length"] = str(len(body))
        return Response(200, "OK", headers, body)


def text_response(status: http.HTTPStatus, text: str, content_type: str = "text/plain; charset=utf-8") -> Response:
    body = text.encode()
    headers = Headers()
    headers["Date"] = email.utils.formatdate(usegmt=True)
    headers["Connection"] = "close"
    headers["Content-Type"] = content_type
    headers["Content-Length"] = str(len(body))
    headers["Cache-Control"] = "no-store"
    return Response(status.value, status.phrase, headers, body)

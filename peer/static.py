"""Static files of the built site (dist/site), served by aiohttp's ``FileResponse``.

aiohttp streams each file with ``sendfile`` (or in chunks) outside the event loop's own work,
keeps connections alive, answers ``If-None-Match`` / ``If-Modified-Since`` with 304 and
``Range`` with 206, and sends a file's precompressed ``X.gz`` / ``X.br`` sibling (made at build
time by scripts/build_site.py) with ``Content-Encoding`` when the client accepts that encoding.

This module decides what aiohttp cannot know: which files exist under the site root (anything
that would escape it — ``..``, absolute paths, symlinks out of the root, NUL bytes, backslashes
— is a 404, and so are the compressed siblings themselves), each file's MIME type, and its
caching: content-hashed runtime chunks are immutable for a year, everything else is revalidated
(``no-cache``: the service worker, not the HTTP cache, keeps the app offline).
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlsplit

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",  # WebAssembly.instantiateStreaming/compileStreaming need it
    ".whl": "application/octet-stream",
    ".zip": "application/octet-stream",
    ".gz": "application/octet-stream",  # runtime/pyodide/snapshot.bin.gz: unpacked by the page
    ".bin": "application/octet-stream",
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

# Precompressed siblings the build writes (scripts/build_site.py, `compress_site`): served in
# place of the file with Content-Encoding, never under their own name.
ENCODED_SUFFIXES = (".gz", ".br")

IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
# Bundler chunks whose name carries a hash of their content (PyScript's core-C9KDLldu.js): a new
# content is a new name, so the browser may keep them for a year without asking.
HASHED_NAME = re.compile(r"^[a-z][a-z0-9_-]*-(?=[A-Za-z0-9_]*[0-9A-Z])[A-Za-z0-9_]{8}\.(?:m?js|css|wasm)$")


def mime_type(path: str) -> str:
    return MIME_TYPES.get(posixpath.splitext(path)[1].lower(), DEFAULT_MIME)


def cache_control(rel: str) -> str:
    """Immutable for content-hashed runtime chunks; revalidate everything else (index.html,
    sw.js, the manifest, the app's modules, the wheels, and runtime files such as
    pyodide.asm.wasm, whose names do not change when their content does)."""
    if rel.startswith("runtime/") and HASHED_NAME.match(posixpath.basename(rel)):
        return IMMUTABLE
    return REVALIDATE


def is_encoded_sibling(path: Path) -> bool:
    """X.gz / X.br beside X: a build product served only as X's Content-Encoding."""
    return path.suffix in ENCODED_SUFFIXES and path.with_suffix("").is_file()


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
        except (FileNotFoundError, NotADirectoryError, OSError, RuntimeError):
            return None
        if not real.is_relative_to(root) or not real.is_file() or is_encoded_sibling(real):
            return None
        return real

    def headers(self, file: Path) -> dict[str, str]:
        """The headers of a file's response besides those aiohttp adds (length, ETag,
        Last-Modified, Content-Encoding, Accept-Ranges)."""
        rel = file.relative_to(self.root.resolve()).as_posix()
        headers = {
            "Content-Type": mime_type(rel),
            "Cache-Control": cache_control(rel),
            "X-Content-Type-Options": "nosniff",
        }
        if any(file.with_name(file.name + s).is_file() for s in ENCODED_SUFFIXES):
            headers["Vary"] = "Accept-Encoding"  # also on the identity response, for caches
        return headers

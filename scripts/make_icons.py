#!/usr/bin/env python3
"""Draw Parlor's icons (stdlib only): public/icons/icon-{192,512}.png, icon-maskable-512.png, icon.svg.

A felt-green tile with a cream 4x4 board and two pieces. The maskable icon bleeds the felt to
the edges and keeps the board inside the central safe zone. Output is deterministic, so
re-running it changes nothing; the PNGs are committed.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "public" / "icons"
FELT, PAPER, TILE, INK, ACCENT = (0x1D, 0x5C, 0x47), (0xF6, 0xEF, 0xE0), (0xE3, 0xD5, 0xB8), (0x1F, 0x26, 0x23), (0xD9, 0x82, 0x2B)
BOARD = (0.17, 0.83)   # board square, in units of the icon (before the maskable scale)
PIECES = [((1, 1), INK), ((2, 2), ACCENT), ((0, 3), ACCENT), ((3, 0), INK)]
PIECE_R = 0.38  # of a cell


def png(path: Path, width: int, height: int, rgba: bytearray) -> None:
    raw = b"".join(b"\x00" + bytes(rgba[y * width * 4:(y + 1) * width * 4]) for y in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def rounded_rect_sd(x: float, y: float, x0: float, y0: float, x1: float, y1: float, r: float) -> float:
    cx, cy, hx, hy = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2 - r, (y1 - y0) / 2 - r
    dx, dy = max(abs(x - cx) - hx, 0.0), max(abs(y - cy) - hy, 0.0)
    inside = min(max(abs(x - cx) - hx, abs(y - cy) - hy), 0.0)
    return (dx * dx + dy * dy) ** 0.5 + inside - r


def blend(dst: list[float], color: tuple[int, int, int], cover: float) -> None:
    if cover <= 0:
        return
    a = min(cover, 1.0)
    for i in range(3):
        dst[i] = dst[i] * (1 - a) + color[i] * a
    dst[3] = dst[3] * (1 - a) + 255 * a


def draw(size: int, maskable: bool) -> bytearray:
    scale = 0.8 if maskable else 1.0           # maskable: content within the 80 % safe zone
    px = 1.0 / size
    b0, b1 = [0.5 + (v - 0.5) * scale for v in BOARD]
    cell = (b1 - b0) / 4
    out = bytearray(size * size * 4)
    for j in range(size):
        y = (j + 0.5) * px
        for i in range(size):
            x = (i + 0.5) * px
            c = [0.0, 0.0, 0.0, 0.0]
            if maskable:
                blend(c, FELT, 1.0)
            else:
                blend(c, FELT, 0.5 - rounded_rect_sd(x, y, 0.02, 0.02, 0.98, 0.98, 0.2) / px)
            board = 0.5 - rounded_rect_sd(x, y, b0, b1 - (b1 - b0), b1, b1, 0.03 * scale) / px
            if board > 0:
                col = int((x - b0) / cell) if x > b0 else 0
                row = int((y - b0) / cell) if y > b0 else 0
                blend(c, PAPER if (col + row) % 2 == 0 else TILE, board)
            for (col, row), color in PIECES:
                pcx, pcy = b0 + (col + 0.5) * cell, b0 + (row + 0.5) * cell
                d = ((x - pcx) ** 2 + (y - pcy) ** 2) ** 0.5 - PIECE_R * cell
                blend(c, color, 0.5 - d / px)
            k = (j * size + i) * 4
            out[k:k + 4] = bytes(int(round(v)) for v in c)
    return out


def svg(attrs: str = 'width="512" height="512"', title: bool = True) -> str:
    """The icon as SVG: `attrs` on its <svg> (its size), with a <title> if `title` (icon.svg;
    the page's header draws it inline without one, scripts/build_site.py)."""
    hexc = lambda c: "#%02x%02x%02x" % c  # noqa: E731
    b0, b1 = (v * 512 for v in BOARD)
    cell = (b1 - b0) / 4
    tiles = "".join(
        f'<rect x="{b0 + c * cell:.1f}" y="{b0 + r * cell:.1f}" width="{cell:.1f}" height="{cell:.1f}" fill="{hexc(TILE)}"/>'
        for r in range(4) for c in range(4) if (r + c) % 2)
    pieces = "".join(
        f'<circle cx="{b0 + (c + 0.5) * cell:.1f}" cy="{b0 + (r + 0.5) * cell:.1f}" r="{PIECE_R * cell:.1f}" fill="{hexc(col)}"/>'
        for (c, r), col in PIECES)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" {attrs}>'
        + ('<title>Parlor</title>' if title else '') +
        f'<rect x="10" y="10" width="492" height="492" rx="102" fill="{hexc(FELT)}"/>'
        f'<rect x="{b0:.1f}" y="{b0:.1f}" width="{b1 - b0:.1f}" height="{b1 - b0:.1f}" rx="15" fill="{hexc(PAPER)}"/>'
        f'{tiles}{pieces}</svg>\n')


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    png(OUT / "icon-192.png", 192, 192, draw(192, False))
    png(OUT / "icon-512.png", 512, 512, draw(512, False))
    png(OUT / "icon-maskable-512.png", 512, 512, draw(512, True))
    (OUT / "icon.svg").write_text(svg())
    print("wrote", ", ".join(sorted(p.name for p in OUT.iterdir())))


if __name__ == "__main__":
    main()

"""Reading back the QR code the engine draws (segno's inline SVG), for tests on both layers."""

import re
import xml.etree.ElementTree as ET

import pytest


def qr_dark_modules(svg):
    """The dark modules drawn by segno's inline SVG (its "qrline" path: M/m moves, h runs on the
    row y - 0.5), as a set of (x, y)."""
    root = ET.fromstring(svg)
    path = [n for n in root.iter() if n.tag.endswith("path") and n.get("class") == "qrline"][0]
    assert path.get("transform") in (None, "scale(1)")
    dark, x, y = set(), 0.0, 0.0
    for op, a, b in re.findall(r"([Mmh])(-?[\d.]+)(?:[ ,](-?[\d.]+))?", path.get("d")):
        if op == "M":
            x, y = float(a), float(b)
        elif op == "m":
            x, y = x + float(a), y + float(b)
        else:
            dark.update((int(x) + i, int(y)) for i in range(int(float(a))))
            x += float(a)
    return dark


def segno_modules(text, border=2):
    """The dark modules segno itself computes for `text` (error level M), shifted by the border."""
    segno = pytest.importorskip("segno")
    matrix = segno.make(text, error="m").matrix
    return {(x + border, y + border) for y, row in enumerate(matrix) for x, v in enumerate(row) if v}

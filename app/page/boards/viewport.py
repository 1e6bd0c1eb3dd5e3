"""One board view for every board that is larger than a phone: zoom and pan an SVG's viewBox.

Drag to pan (once zoomed), pinch with two fingers, ctrl + wheel (a trackpad pinch), and a
toolbar: Zoom in, Zoom out, Whole board, Readable view (back to the chosen zoom), Recenter (to
the board's centre of play — its last move — and follow play again). Panning by hand stops following.
The chosen zoom is remembered on the device, apart on a phone and on a desktop, and the board
opens at it. The board keeps its cells' pointer handling (boards/base.py): a board with a
viewport sets `draggable = False`, so a drag pans and a tap still picks.
"""

from boards.base import far
from dom import button, el, on
from pyscript import window
from pyscript.ffi import create_proxy

ZOOM_MAX = 4.0
ZOOM_STEP = 1.4
WHEEL_SETTLED_MS = 400  # a trackpad zoom is remembered once its wheel events stop


def zoom_key(name):
    """Where this device keeps the zoom of the `name` board (a phone and a desktop apart)."""
    phone = window.matchMedia("(pointer: coarse)").matches or window.innerWidth < 600
    return "parlor." + name + ".zoom." + ("phone" if phone else "desktop")


class Viewport:
    """The view of `svg`, whose whole board is the rectangle `box` = (x, y, width, height).

    `name` keys the remembered zoom; `centre_of()` gives the point (x, y) Recenter and following
    play centre on, or None; `on_zoom(zoom)`, if given, hears every change of zoom (a board whose
    pieces are dragged at full size stops dragging them once zoomed, when a drag pans). Call
    `toolbar(parent)` to place the buttons, `follow_play()` after each snapshot."""

    def __init__(self, svg, box, name, centre_of, on_zoom=None):
        self.svg = svg
        self.box = box
        self.name = name
        self.centre_of = centre_of
        self.on_zoom = on_zoom
        self.centre = (box[0] + box[2] / 2, box[1] + box[3] / 2)
        self.follow = True
        self.pointers = {}
        self.pan = None
        self.wheel_timer = None
        self.remember_zoom = create_proxy(lambda: self.set_zoom(self.zoom, remember=True))
        try:
            remembered = max(1.0, min(ZOOM_MAX, float(window.localStorage.getItem(zoom_key(name)) or "")))
        except ValueError:
            remembered = None
        self.zoom_readable = remembered or 2.0
        self.zoom = remembered or 1.0
        on(svg, "pointerdown", self._pan_start)
        on(svg, "pointermove", self._pan_move)
        on(svg, "pointerup", self._pan_end)
        on(svg, "pointercancel", self._pan_end)
        on(svg, "wheel", self._wheel)
        self.apply()

    def toolbar(self, parent):
        """The view's buttons, in a toolbar at the end of `parent`."""
        tools = el("div", "view-tools", parent=parent, role="toolbar", aria_label="Board view")
        parent.classList.add("holds-view-tools")
        for name, short, handler in (
                ("Zoom in", "+", lambda: self.set_zoom(self.zoom * ZOOM_STEP, remember=True)),
                ("Zoom out", "\u2212", lambda: self.set_zoom(self.zoom / ZOOM_STEP, remember=True)),
                ("Whole board", "Whole", lambda: self.set_zoom(1.0)),
                ("Readable view", "Readable", self.readable),
                ("Recenter", "Recenter", self.recenter)):
            # On a phone the row shows the short label (style.css), and the name stays the full one.
            button(tools, name, handler, "btn small", aria_label=name, title=name, data_short=short)
        return tools

    def set_zoom(self, zoom, remember=False):
        self.zoom = max(1.0, min(ZOOM_MAX, zoom))
        if remember and self.zoom > 1.0:
            self.zoom_readable = self.zoom
            window.localStorage.setItem(zoom_key(self.name), str(self.zoom))
        self.apply()

    def readable(self):
        self.set_zoom(self.zoom_readable)

    def recenter(self):
        self.follow = True
        self.follow_play()

    def follow_play(self):
        """Centre on the board's centre of play, unless the person has panned away since Recenter."""
        if not self.follow:
            return
        point = self.centre_of()
        if point is not None:
            self.centre = point
        self.apply()

    def apply(self):
        x0, y0, width, height = self.box
        w, h = width / self.zoom, height / self.zoom
        x = min(max(self.centre[0] - w / 2, x0), x0 + width - w)
        y = min(max(self.centre[1] - h / 2, y0), y0 + height - h)
        self.svg.setAttribute("viewBox", "{:.1f} {:.1f} {:.1f} {:.1f}".format(x, y, w, h))
        self.svg.dataset.zoom = "{:.2f}".format(self.zoom)
        if self.on_zoom is not None:
            self.on_zoom(self.zoom)

    def _scale(self):
        return (self.box[2] / self.zoom) / self.svg.getBoundingClientRect().width

    def _pan_start(self, event):
        self.pointers[event.pointerId] = (event.clientX, event.clientY)
        if len(self.pointers) == 1:
            box = self.svg.viewBox.baseVal  # start from what is shown (the centre may be clamped)
            self.pan = (event.clientX, event.clientY, (box.x + box.width / 2, box.y + box.height / 2))
        elif len(self.pointers) == 2:
            (ax, ay), (bx, by) = list(self.pointers.values())
            self.pan = ("pinch", ((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5, self.zoom)

    def _pan_move(self, event):
        if event.pointerId not in self.pointers or self.pan is None:
            return
        self.pointers[event.pointerId] = (event.clientX, event.clientY)
        if self.pan[0] == "pinch" and len(self.pointers) == 2:
            (ax, ay), (bx, by) = list(self.pointers.values())
            distance = ((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5
            self.set_zoom(self.pan[2] * distance / max(self.pan[1], 1))  # remembered at its end
        elif self.pan[0] != "pinch" and self.zoom > 1.0:
            x0, y0, centre = self.pan
            if far(event, {"x": x0, "y": y0}):
                self.follow = False
                scale = self._scale()
                self.centre = (centre[0] - (event.clientX - x0) * scale,
                               centre[1] - (event.clientY - y0) * scale)
                self.apply()

    def _pan_end(self, event):
        if self.pan is not None and self.pan[0] == "pinch" and event.pointerId in self.pointers:
            self.set_zoom(self.zoom, remember=True)  # the zoom the pinch settled on
        self.pointers.pop(event.pointerId, None)
        if not self.pointers:
            self.pan = None

    def _wheel(self, event):
        if event.ctrlKey:  # a trackpad pinch arrives as ctrl + wheel
            event.preventDefault()
            self.set_zoom(self.zoom * (0.9 if event.deltaY > 0 else 1.1))
            window.clearTimeout(self.wheel_timer)
            self.wheel_timer = window.setTimeout(self.remember_zoom, WHEEL_SETTLED_MS)

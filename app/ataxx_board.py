"""The Ataxx board: an SVG view of what the engine sends, reporting the player's intents.

It holds no rules (the chessground model): it is given the board rows, the legal targets per
origin (`snapshot["targets"]`) and the last move, and it reports a chosen move string. Tap a
piece then a target, or drag the piece onto the target: both go through `_press`/`_release`.
Keyboard: arrow keys move between squares, Enter or Space acts like a tap, Escape deselects.
"""

from dom import el, on
from pyscript import document

FILES = "abcdefg"
CELL = 100
DRAG_THRESHOLD = 8  # CSS pixels before a press becomes a drag
PIECE_CLASS = {"x": "piece x", "o": "piece o", ".": "piece none", "-": "piece none"}


def square_name(file, row):
    """Name of the square in column `file` (0 = a) and screen row `row` (0 = rank 7)."""
    return FILES[file] + str(7 - row)


class AtaxxBoard:
    """One board, built once per table and updated in place (so changes can animate)."""

    def __init__(self, parent, game, on_move):
        self.on_move = on_move
        self.colours = game["colours"]
        self.targets = {}
        self.selected = None
        self.interactive = False
        self.drag = None
        self.rows = None
        self.focus = "d4"
        self.svg = el("svg", "board ataxx", parent=parent, svg=True, viewBox="0 0 700 700",
                      role="grid", aria_label="Ataxx board")
        self.cells = {}
        for row in range(7):
            for file in range(7):
                name = square_name(file, row)
                group = el("g", "cell", parent=self.svg, svg=True, data_sq=name, role="gridcell",
                           tabindex="0" if name == self.focus else "-1",
                           transform="translate({},{})".format(file * CELL, row * CELL))
                square = el("rect", "sq " + ("light" if (file + row) % 2 == 0 else "dark"),
                            parent=group, svg=True, x=3, y=3, width=94, height=94, rx=12)
                if file == 0:
                    el("text", "coord", str(7 - row), group, svg=True, x=10, y=26)
                if row == 6:
                    el("text", "coord", FILES[file], group, svg=True, x=80, y=92)
                piece = el("circle", "piece none", parent=group, svg=True, cx=50, cy=50, r=36)
                marker = el("circle", "marker", parent=group, svg=True, cx=50, cy=50, r=13)
                self.cells[name] = (group, square, piece, marker)
        self.ghost = el("circle", "ghost", parent=self.svg, svg=True, cx=0, cy=0, r=38)
        self.ghost.setAttribute("visibility", "hidden")
        on(self.svg, "pointerdown", self._pointer_down)
        on(self.svg, "pointermove", self._pointer_move)
        on(self.svg, "pointerup", self._pointer_up)
        on(self.svg, "pointercancel", lambda event: self._end_drag())
        on(self.svg, "keydown", self._key)

    # --- drawing ---------------------------------------------------------------------------
    def update(self, snapshot, interactive):
        """Show the snapshot's board: `view.board` (7 strings from rank 7 down) and, on a
        person's turn, `targets` {origin: [[to, move, kind]]}."""
        rows = snapshot["view"]["board"]
        last_move = snapshot["last_move"]
        to_move = snapshot["to_move"]
        mover = "xo"[to_move] if to_move is not None else None
        self.targets = snapshot["targets"] if interactive else {}
        self.interactive = interactive
        if self.selected not in self.targets:
            self.selected = None
        last = set()
        if last_move and last_move != "pass":
            last = {last_move[:2], last_move[-2:]}
        self.rows = rows
        for row in range(7):
            for file in range(7):
                name = square_name(file, row)
                group, square, piece, _ = self.cells[name]
                ch = rows[row][file]
                piece.setAttribute("class", PIECE_CLASS[ch])
                square.classList.toggle("blocked", ch == "-")
                square.classList.toggle("last", name in last)
                group.classList.toggle("movable", name in self.targets)
        self.svg.classList.toggle("interactive", interactive)
        self.svg.dataset.mover = mover or ""
        self._mark()

    def _mark(self):
        """Show the selection and its targets (place and jump look different)."""
        kinds = {}
        if self.selected:
            for to, _, kind in self.targets[self.selected]:
                kinds[to] = kind
        for name, (group, square, piece, marker) in self.cells.items():
            kind = kinds.get(name)
            marker.setAttribute("class", "marker " + kind if kind else "marker")
            group.classList.toggle("selected", name == self.selected)
            group.setAttribute("aria-label", self._label(name, kind))

    def _label(self, name, kind):
        file, row = FILES.index(name[0]), 7 - int(name[1])
        ch = self.rows[row][file] if self.rows else "."
        what = {"x": self.colours[0], "o": self.colours[1], "-": "blocked"}.get(ch, "empty")
        label = name + ", " + what
        if name == self.selected:
            label += ", selected"
        elif kind:
            label += ", " + kind + " target"
        elif name in self.targets:
            label += ", can move"
        return label

    # --- intents ---------------------------------------------------------------------------
    def _press(self, name):
        """A tap (or Enter) on square `name`. Returns True if it started a selection."""
        if not self.interactive:
            return False
        if self.selected:
            for to, move, _ in self.targets[self.selected]:
                if to == name:
                    self._emit(move)
                    return False
        if name in self.targets and name != self.selected:
            self.selected = name
            self._mark()
            return True
        self.selected = None
        self._mark()
        return False

    def _emit(self, move):
        self.selected = None
        self.interactive = False
        self.targets = {}
        self._mark()
        self.on_move(move)

    def deselect(self):
        self.selected = None
        self._mark()

    # --- pointer: tap-tap and drag share _press ------------------------------------------------
    def _cell_at(self, event):
        node = document.elementFromPoint(event.clientX, event.clientY)
        cell = node.closest("[data-sq]") if node is not None else None
        return cell.dataset.sq if cell is not None else None

    def _pointer_down(self, event):
        cell = event.target.closest("[data-sq]")
        if cell is None or event.button > 0:
            return
        name = cell.dataset.sq
        was_selected = name == self.selected
        started = self._press(name)
        if started or was_selected:
            self.drag = {"origin": name, "x": event.clientX, "y": event.clientY,
                         "moved": False, "toggle": was_selected}
            self.svg.setPointerCapture(event.pointerId)
            if was_selected:  # a second tap on the selected piece deselects it (on release)
                self.selected = name
                self._mark()

    def _pointer_move(self, event):
        drag = self.drag
        if drag is None:
            return
        dx, dy = event.clientX - drag["x"], event.clientY - drag["y"]
        if not drag["moved"] and dx * dx + dy * dy < DRAG_THRESHOLD * DRAG_THRESHOLD:
            return
        drag["moved"] = True
        box = self.svg.getBoundingClientRect()
        scale = 700 / box.width
        self.ghost.setAttribute("cx", str((event.clientX - box.left) * scale))
        self.ghost.setAttribute("cy", str((event.clientY - box.top) * scale))
        self.ghost.setAttribute("class", "ghost " + (self.svg.dataset.mover or ""))
        self.ghost.setAttribute("visibility", "visible")

    def _pointer_up(self, event):
        drag = self.drag
        if drag is None:
            return
        self._end_drag()
        if drag["moved"]:
            target = self._cell_at(event)
            if target and target != drag["origin"] and self.selected == drag["origin"]:
                self._press(target)
        elif drag["toggle"]:
            self.deselect()

    def _end_drag(self):
        self.drag = None
        self.ghost.setAttribute("visibility", "hidden")

    # --- keyboard --------------------------------------------------------------------------
    def _key(self, event):
        steps = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}
        key = event.key
        if key in steps:
            file = FILES.index(self.focus[0]) + steps[key][0]
            row = 7 - int(self.focus[1]) + steps[key][1]
            if 0 <= file < 7 and 0 <= row < 7:
                self._focus(square_name(file, row))
            event.preventDefault()
        elif key in ("Enter", " "):
            cell = event.target.closest("[data-sq]")
            if cell is not None:
                self._focus(cell.dataset.sq)
                self._press(cell.dataset.sq)
            event.preventDefault()
        elif key == "Escape":
            self.deselect()

    def _focus(self, name):
        self.cells[self.focus][0].setAttribute("tabindex", "-1")
        self.focus = name
        group = self.cells[name][0]
        group.setAttribute("tabindex", "0")
        group.focus()

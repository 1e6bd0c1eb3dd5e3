"""Hex Chains on the page: how a person places a piece (the board, boards/chains.py, mixes
this in; the tray and the bar are boards/chains_tray.py).

Pick a piece in the tray, tap a hex: the piece goes there as it lies if it fits, else turned to
a way it fits through that hex (the same way round first), else as it lies, marked as not
fitting. Turn (↺ ↻) and flip (⇋) it about that hex; tap it again, or Next fit, for the next way
it fits through the hex (with none there, Next fit goes through every place the piece has,
nearest first); Confirm places it. A tap on a hex with no piece in hand rings the tray's pieces
that fit through it; picking one then puts it there. With a mouse the ghost follows the pointer
until a click puts it down, and a click on a ghost that fits places it. Keys: arrows move the
ghost's hex, R / Shift+R turn, F flips, N next fit, P / Shift+P the next or previous piece that
has a place, L / Shift+L the next link point, Space acts as a tap, Enter places a ghost that
fits (else fits the piece there), Escape drops the piece. Confirm is enabled, and a move is
sent, only when the ghost's move is one of the snapshot's legal moves.
In the 5-player game the same tools place the obstacles; picking one is a tap and Pick.
"""

from boards.base import far
from boards.chains_pieces import MARKS, NAMES, at_point, centre, flip, hexes_text, normal, rotate
from dom import now_ms

OBSTACLE = 5  # the obstacles' colour in the 5-player game
CONFIRM_AFTER_MS = 350  # a click on a ghost this soon after it was put there does not place it


def middle(cells):
    """The SVG point at the middle of some hexes."""
    points = [centre(q, r) for q, r in cells]
    return (sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points))


def step(cell, key):
    """The hex an arrow key leads to: left and right along the row, up and down zigzagging so
    that two steps go straight up or down."""
    q, r = cell
    if key == "ArrowLeft":
        return q - 1, r
    if key == "ArrowRight":
        return q + 1, r
    if key == "ArrowUp":
        return (q, r - 1) if r % 2 == 0 else (q + 1, r - 1)
    return (q - 1, r + 1) if r % 2 == 0 else (q, r + 1)


class Placing:
    """A person placing a piece (or picking an obstacle): the state of the piece in hand and
    what taps, clicks and keys do with it. The board (boards/chains.py) holds the snapshot."""

    def ghost_cells(self):
        if self.shape is None or self.base is None:
            return []
        bq, br = self.base
        return [(bq + q, br + r) for q, r in self.shape]

    def current_move(self):
        """The move the ghost (or the pick) would make, spelled as the rules spell it."""
        if self.phase == "pick":
            return "pick:" + self.picked if self.picked else None
        cells = self.ghost_cells()
        if not cells:
            return None
        prefix = "ob:" if self.phase == "obstacles" else "c{}:".format(self.mover)
        return prefix + hexes_text(cells)

    def fits_now(self):
        move = self.current_move()
        return move is not None and move in self.moves

    def _seat_of_pieces(self):
        """The colour whose pieces the tray shows, its pieces, and those a tap picks (or None)."""
        view = self.view
        obstacles = view.get("obstacles") or {}
        if view["phase"] == "pick":
            return OBSTACLE, list(obstacles["pool"]), (set(self.by_piece) if self.phase == "pick" else None)
        if view["phase"] == "obstacles":
            seat = view["to_move"]
            return OBSTACLE, list(obstacles["picks"][str(seat)]), (set(self.by_piece) if self.phase else None)
        colour = self.look if self.look is not None else view["colour_to_move"]
        if colour is None:
            colour = 0
        mine = self.phase == "play" and colour == view["colour_to_move"]
        return colour, list(view["colours"][colour]["remaining"]), (set(self.by_piece) if mine else None)

    def _draw_tray(self):
        view = self.view
        colour, pieces, pickable = self._seat_of_pieces()
        in_play = view["phase"] in ("play", "over")
        self.tray.set_tabs(list(range(len(view["colours"]))) if in_play else [])
        fits = set()
        if pickable is not None and self.base is not None and self.pinned and self.phase != "pick":
            fits = set(pid for pid, options in self.by_piece.items()
                       if any(self.base in cells for cells, _ in options))
        seat_names = self.seat_names_of(view)
        obstacles = view.get("obstacles") or {}
        note = ""
        if view["phase"] == "pick":
            title = "Pick an obstacle ({} left)".format(len(obstacles["pool"]))
            picked = ["{}: {}".format(seat_names[int(seat)], ", ".join(NAMES[p] for p in ids))
                      for seat, ids in sorted(obstacles["picks"].items()) if ids]
            note = "Picked: " + "; ".join(picked) if picked else "Each player picks three of Purple's pieces."
        elif view["phase"] == "obstacles":
            title = "{}'s obstacles to place".format(seat_names[view["to_move"]])
            note = ("An obstacle covers one hex of the second ring from the rim (dashed) and heads "
                    "for the centre; at most three between two starting hexes.")
        else:
            left = sum(self.pieces.size(p) for p in pieces)
            whose = self.names[colour] + " " + MARKS[colour]
            title = "{}: {} pieces, {} hexes left".format(whose, len(pieces), left)
            if pickable is None and colour != view["colour_to_move"] and view["colour_to_move"] is not None:
                title += " (to look at)"
        self.tray.draw(colour, title, pieces, self.pieces.shapes, pickable, self.picked, fits, note)

    def _draw_bar(self):
        shown = self.phase is not None
        fits = self.fits_now()
        options = self.by_piece.get(self.picked) or [] if self.picked else []
        name = NAMES.get(self.picked, "") if self.picked else ""
        if not shown:
            info = ""
        elif self.phase == "pick":
            info = ("Pick the {}? Confirm with Pick.".format(name) if self.picked
                    else "Tap one of Purple's pieces to take it as an obstacle.")
        elif self.picked is None:
            info = "Pick a piece, then tap a hex on the board."
            if self.phase == "play" and not self.view["colours"][self.mover]["placed"]:
                info = "Pick a piece, then tap {}'s starting hex {}.".format(self.names[self.mover], MARKS[self.mover])
            elif self.phase == "play":
                info += " The dots are {}'s link points.".format(self.names[self.mover])
        elif self.base is None:
            info = "Tap a hex on the board to put the {} there.".format(name)
        elif fits:
            info = "The {} fits ✓ Confirm to place it.".format(name)
            if self.pointer == "mouse":
                info = "The {} fits ✓ Click it again, press Enter or Confirm.".format(name)
            elif self.pointer == "keyboard":
                info = "The {} fits ✓ Enter places it.".format(name)
                if len(self.fit_list) > 1 and self.fit_index >= 0:
                    info += " N: another way ({} of {}).".format(self.fit_index + 1, len(self.fit_list))
            elif len(self.fit_list) > 1 and self.fit_index >= 0:
                info += " Tap it again for another way ({} of {}).".format(self.fit_index + 1, len(self.fit_list))
        else:
            through = [m for cells, m in options if self.base in cells]
            info = "The {} does not fit here ✕".format(name) + (
                " — Next fit shows a way through this hex." if through else
                " — it cannot go through this hex; Next fit finds the nearest place." if options else
                " — and has no place now.")
        self.bar.draw(shown, info, self.shape if self.phase != "pick" else
                      (self.pieces.shapes[self.picked] if self.picked else None),
                      self.mover if self.phase != "pick" else OBSTACLE,
                      bool(self.picked), bool(options), fits, self.phase == "pick")

    # --- picking, turning, fitting, placing ----------------------------------------------------
    def pick(self, pid, by_keyboard=False):
        """A piece of the tray tapped: in hand (again: dropped); the pick phase only chooses it."""
        if self.phase is None:
            return
        if self.phase == "pick":
            self.picked = pid
            self.draw_interaction()
            if by_keyboard:
                self.bar.confirm.focus()  # Enter again takes it
            return
        if pid == self.picked:
            self.cancel()
            return
        self.picked = pid
        self.shape = self.pieces.handle_shape(pid)
        self.fit_origin, self.fit_list, self.fit_index = None, [], -1
        if by_keyboard and (self.base is None or not self.pinned):
            self.base = self.cursor
            self.pinned = True
        if self.base is not None and self.pinned:
            self.fit_at(self.base)
        else:
            self.draw_interaction()
        if by_keyboard:
            self.svg.focus()

    def fits_through(self, cell):
        """The legal placements of the picked piece through `cell`; if none, all of them, the
        nearest first."""
        options = self.by_piece.get(self.picked) or []
        through = [option for option in options if cell in option[0]]
        if through:
            return through
        x, y = centre(*cell)
        def distance(option):
            mx, my = middle(option[0])
            return (mx - x) ** 2 + (my - y) ** 2
        return sorted(options, key=distance)

    def _index_of_current(self):
        move = self.current_move()
        for index, (_, option) in enumerate(self.fit_list):
            if option == move:
                return index
        return -1

    def _apply_fit(self, index):
        cells, _ = self.fit_list[index]
        self.fit_index = index
        origin = self.fit_origin
        handle = origin if origin in cells else min(cells, key=lambda c: (c[0] - origin[0]) ** 2 + (c[1] - origin[1]) ** 2)
        self.base = handle
        self.shape = [(q - handle[0], r - handle[1]) for q, r in cells]

    def fit_at(self, cell):
        """Put the picked piece on `cell`: as it lies if it fits there, else turned to a way it
        fits through `cell` (the same way round first), else as it lies (not fitting)."""
        self.base = self.cursor = cell
        self.pinned = True
        self.pinned_ms = now_ms()
        self.fit_origin = cell
        self.fit_list = self.fits_through(cell)
        index = self._index_of_current()
        if index < 0 and self.fit_list and cell in self.fit_list[0][0]:
            mine = normal(self.ghost_cells())
            same = [i for i, (cells, _) in enumerate(self.fit_list) if normal(list(cells)) == mine]
            index = same[0] if same else 0
            self._apply_fit(index)
        self.fit_index = index
        self.draw_interaction()

    def next_fit(self, origin=None):
        """The next legal placement of the picked piece through the hex it was put on."""
        if not self.picked or self.phase not in ("play", "obstacles"):
            return
        origin = origin or self.fit_origin or self.base or self.cursor
        if origin != self.fit_origin or not self.fit_list:
            self.fit_origin = origin
            self.fit_list = self.fits_through(origin)
            self.fit_index = self._index_of_current()
        if not self.fit_list:
            return
        self.pinned = True
        self.pinned_ms = now_ms()
        self._apply_fit((self.fit_index + 1) % len(self.fit_list))
        self.cursor = self.base
        self.draw_interaction()

    def turn(self, turns):
        if self.shape is None or self.phase not in ("play", "obstacles"):
            return
        self.shape = rotate(self.shape, turns)
        self.fit_index = self._index_of_current()
        self.draw_interaction()

    def mirror(self):
        if self.shape is None or self.phase not in ("play", "obstacles"):
            return
        self.shape = flip(self.shape)
        self.fit_index = self._index_of_current()
        self.draw_interaction()

    def confirm(self):
        """Send the ghost's (or the pick's) move: only ever a legal one."""
        move = self.current_move()
        if move is None or move not in self.moves:
            return
        keep = self.bar.has_focus()
        self.lock()
        if keep:
            self.keep_focus()
        self.send(move)

    def cancel(self):
        refocus = self.bar.has_focus()
        self.picked = self.shape = None
        self.fit_origin, self.fit_list, self.fit_index = None, [], -1
        self.draw_interaction()
        if refocus:
            self.keep_focus()

    def look_at(self, colour):
        self.look = None if colour == self.view["colour_to_move"] else colour
        self._draw_tray()

    def press(self, cell):
        """A tap (or Space) on hex `cell`."""
        self.cursor = cell
        if self.phase not in ("play", "obstacles"):
            self._draw_cursor()
            return
        if self.picked is None:
            self.base, self.pinned = cell, True  # the tray rings the pieces that fit through it
            self.draw_interaction()
            return
        if self.pinned and cell in self.ghost_cells():
            if self.pointer == "mouse" and self.fits_now() and now_ms() - self.pinned_ms > CONFIRM_AFTER_MS:
                self.confirm()
            else:
                self.next_fit(cell)
            return
        self.fit_at(cell)

    def lock(self):
        self.interactive = False
        self.phase = None
        self.moves = set()
        self.moves_key = None
        self.picked = self.shape = None
        self.draw_interaction()

    def keep_focus(self):
        self.svg.focus()

    # --- pointer and keys ------------------------------------------------------------------------
    def _cell_at(self, event):
        rect = self.svg.getBoundingClientRect()
        view = self.svg.viewBox.baseVal
        if rect.width <= 0:
            return None
        scale = view.width / rect.width
        cell = at_point(view.x + (event.clientX - rect.left) * scale, view.y + (event.clientY - rect.top) * scale)
        return cell if cell in self.cells else None

    def _forget_tap(self):
        self.tap = None

    def _down(self, event):
        self.pointer = event.pointerType or "mouse"
        if self.tap is not None and self.tap["id"] != event.pointerId:
            self.tap = None  # a second finger: a pinch, not a tap
            return
        if event.button <= 0:
            self.tap = {"x": event.clientX, "y": event.clientY, "id": event.pointerId}

    def _move(self, event):
        if self.tap is not None and far(event, self.tap):
            self.tap = None  # the board is being panned
        if (event.pointerType == "mouse" and event.buttons == 0 and self.picked and not self.pinned
                and self.phase in ("play", "obstacles")):
            cell = self._cell_at(event)
            if cell != self.base:
                self.base = cell
                self._draw_ghost()

    def _leave(self, event):
        if event.pointerType == "mouse" and self.picked and not self.pinned and self.base is not None:
            self.base = None
            self._draw_ghost()

    def _up(self, event):
        tap, self.tap = self.tap, None
        if tap is not None and tap["id"] == event.pointerId and not far(event, tap):
            cell = self._cell_at(event)
            if cell is not None:
                self.press(cell)

    def _key(self, event):
        key = event.key
        if key not in ("Tab", "Shift", "Control", "Alt", "Meta"):
            self.pointer = "keyboard"
        on_board = event.target == self.svg
        lower = key.lower() if len(key) == 1 else key
        if key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown") and on_board:
            cell = step(self.cursor or (0, 0), key)
            if cell in self.cells:
                self.cursor = cell
                self.where.textContent = self.describe(cell)
                if self.picked and self.phase in ("play", "obstacles"):
                    self.base, self.pinned = cell, True
                    self.fit_index = self._index_of_current()
                self.draw_interaction()
        elif key == "Enter" and on_board:
            if self.fits_now():
                self.confirm()
            elif self.cursor is not None:
                    self.press(self.cursor)
        elif key == " " and on_board and self.cursor is not None:
            self.press(self.cursor)
        elif lower == "r":
            self.turn(-1 if event.shiftKey else 1)
        elif lower == "f":
            self.mirror()
        elif lower == "n":
            self.next_fit()
        elif lower == "p":
            self._next_piece(-1 if event.shiftKey else 1)
        elif lower == "l":
            self._next_link(-1 if event.shiftKey else 1)
        elif key == "Escape":
            self.cancel()
        else:
            return
        event.preventDefault()

    def _next_piece(self, direction):
        """P: the next piece that has a place now (in the tray's order)."""
        if self.phase is None:
            return
        _, pieces, pickable = self._seat_of_pieces()
        choices = [p for p in pieces if pickable and p in pickable]
        if not choices:
            return
        index = choices.index(self.picked) + direction if self.picked in choices else 0
        self.picked = None if self.phase != "pick" else self.picked
        self.pick(choices[index % len(choices)], by_keyboard=True)

    def _next_link(self, direction):
        """L: the keyboard's hex to the next open link point of the colour to move."""
        colour = self.view["colour_to_move"] if self.view else None
        if colour is None:
            return
        points = sorted(tuple(p) for p in self.view["colours"][colour]["link_points"])
        if not points:
            return
        self.link_index = (self.link_index + direction) % len(points)
        self.cursor = points[self.link_index]
        self.where.textContent = self.describe(self.cursor)
        if self.picked and self.phase in ("play", "obstacles"):
            self.base, self.pinned = self.cursor, True
            self.fit_index = self._index_of_current()
        self.draw_interaction()


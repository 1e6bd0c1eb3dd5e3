"""What the table asks of a board (`BoardView`), and what every board shares: pick a piece,
then one of its targets — by tap, drag or keyboard (`PickBoard`).

A board is a pure view (the chessground model): it is given, per origin, the legal targets
`{origin: [[target, move, kind], ...]}` and reports the chosen move string; it holds no rules.
Tap a piece then a target, or drag the piece onto the target: both go through `press`. A press
on a piece that can move acts at once (it may become a drag; on a touch screen it does not
scroll the page); any other press is a tap known on release, so a swipe that starts there
scrolls the page and does nothing on the board. On a board whose drag pans instead
(`draggable = False`), every press is a tap known on release. A press that moves past
`DRAG_THRESHOLD` (or a second finger: a pinch) selects nothing.
Keyboard: arrow keys move between cells, Enter or Space acts like a tap, Escape deselects.

A subclass builds its SVG, registers each cell with `add_cell(name, group, marker)`, and
implements `label(name, kind)` (the cell's screen-reader text) and `step(name, key)` (the cell
an arrow key leads to, or None).
"""

from dom import el, on
from pyscript import document, window

DRAG_THRESHOLD = 8  # CSS pixels before a press becomes a drag


def far(event, start):
    """Whether the pointer has left the press point by DRAG_THRESHOLD or more."""
    dx, dy = event.clientX - start["x"], event.clientY - start["y"]
    return dx * dx + dy * dy >= DRAG_THRESHOLD * DRAG_THRESHOLD


def ring_in(group, kind_class="locate-ring", dashed=None):
    """The locate ring (`kind_class`: or the hint's, `dashed` True: thicker, dashed) of a cell
    that is an SVG group, drawn in it round the cell's first shape:
    a hex's own edge, a circle just inside a round space, else a rounded rect just inside the
    shape's box (a cell's label beside it left out); its width follows the cell's size, so it is
    the same on every board and zoom."""
    shape = group.querySelector(":scope > polygon, :scope > circle, :scope > rect")
    if shape is not None and shape.hasAttribute("transform"):
        shape = None
    box = (shape or group).getBBox()
    side = min(box.width, box.height)
    width = max(side * (0.07 if dashed is None else 0.1), 0.5)
    inset = width * 0.8
    kind = shape.tagName.lower() if shape is not None else ""
    # A dashed ring (the hint's): dashes sized to the ring, so the same on every board and zoom.
    style = {} if dashed is None else {"stroke_dasharray": "{:.2f} {:.2f}".format(width * 1.6, width)}
    if kind == "polygon":
        return el("polygon", kind_class, parent=group, svg=True, aria_hidden="true",
                  points=shape.getAttribute("points"), stroke_width=width, **style)
    if kind == "circle":
        return el("circle", kind_class, parent=group, svg=True, aria_hidden="true",
                  cx=box.x + box.width / 2, cy=box.y + box.height / 2,
                  r=max(0, side / 2 - inset), stroke_width=width, **style)
    return el("rect", kind_class, parent=group, svg=True, aria_hidden="true",
              x=box.x + inset, y=box.y + inset, width=max(0, box.width - 2 * inset),
              height=max(0, box.height - 2 * inset), rx=side * 0.16, stroke_width=width, **style)


class BoardView:
    """The protocol between the table (screens/table.py) and a game's board: a board is built
    as `Board(parent, game, on_move)` (the catalog entry of its game; `on_move(move)` sends a move
    string), draws each snapshot the engine sends with `update(snapshot, interactive)` (not
    interactive: it offers no move), and stops offering moves at once with `lock()`. The rest
    has defaults."""

    def update(self, snapshot, interactive):
        raise NotImplementedError

    def lock(self):
        """A move is on its way: offer nothing until the next snapshot. Best with no change of
        the page (PickBoard): the look goes in `show_locked`, which the table calls in the next
        task."""

    def show_locked(self):
        """Still locked (no snapshot since `lock`): look it."""

    def meta(self, snapshot):
        """A line of text above the board (round, goal, team totals), or ""."""
        return ""

    def sound_kind(self, snapshot, previous):
        """The effect of the move that made `snapshot`: the end, a capture (a rival's count went
        down: Ataxx's flips, Runners' territory taken), or a move."""
        if snapshot["is_over"]:
            return "win"
        mover = previous["to_move"]
        lost = [seat for seat, (was, now) in enumerate(zip(previous["scores"], snapshot["scores"]))
                if seat != mover and now < was]
        return "capture" if lost else "move"

    def keep_focus(self):
        """A focused control outside the board is about to hide: the keyboard goes on from the
        board."""

    # Move confirmation (screens/table_confirm.py): a person's move may wait for Confirm.
    # Who asks for Confirm: "table" (the table, as the setting says: show_pending, move_words),
    # "always" (choosing a move on this board always ends in its own Confirm; no setting offered)
    # or "board" (the board shows the move waiting and its Confirm itself, as the setting says:
    # set_confirming).
    confirm_by = "table"
    confirm_on_touch = False  # True: until the person chooses, on at any table on a touch screen
    withdraw = None  # set by the table: the board calls it when the person drops the move waiting

    def set_confirming(self, on):
        """The setting Confirm moves, at the start and when the person changes it ("board")."""

    def show_pending(self, move):
        """Mark `move` on the board as waiting for Confirm (None: nothing waits)."""

    def move_words(self, seat, move):
        """A move in a few words for the line beside Confirm ("A2 → A4 (leap): claims A3")."""
        return self.log_text(seat, move)

    def seat_names(self, snapshot):
        """The seats' names where the game's view does not give them as `colours` (a player with
        several colours), or None."""
        return None

    def log_text(self, seat, move):
        """A move as the move log shows it (in words where the board knows them)."""
        return move

    def locate(self, root, places):
        """Highlight `places` (State.places of a move: the names the board's cells carry as
        `data-sq` or `data-hex`) under `root`: the class `located` on each, and a ring (a rounded
        rect just inside its box, sized to it, so the same on every board and zoom) in a cell
        that is a group; [] drops the highlight. Generic over boards; a board may override it."""
        self._mark_places(root, places, "located", "locate-ring")

    def show_hint(self, root, places, move=None):
        """Show a hinted `move`, not played, on the board: its `places` (State.places, as for
        `locate`) get the class `hinted` and a dashed hint ring (a shape of its own, apart from
        the solid locate ring); [] drops the hint. Generic; a board may override it (to mark
        the move where else it offers it)."""
        self._mark_places(root, places, "hinted", "hint-ring")

    def _mark_places(self, root, places, mark, ring_class):
        """The class `mark` and a ring of `ring_class` on the cells of `places` under `root`;
        the ones marked before lose them first."""
        nodes_key, rings_key = "_" + mark + "_nodes", "_" + mark + "_rings"
        old = getattr(self, nodes_key, None)
        if not places and not old:
            return
        for node in old or ():
            node.classList.remove(mark)
        for ring in getattr(self, rings_key, None) or ():
            ring.remove()
        nodes, rings = [], []
        if places:
            escape = window.CSS.escape
            selector = ", ".join('[data-sq="{0}"], [data-hex="{0}"]'.format(escape(name)) for name in places)
            found = root.querySelectorAll(selector)
            for i in range(found.length):
                node = found.item(i)
                node.classList.add(mark)
                nodes.append(node)
                if node.tagName.lower() == "g":
                    rings.append(ring_in(node, ring_class, True if mark == "hinted" else None))
        setattr(self, nodes_key, nodes)
        setattr(self, rings_key, rings)


class PickBoard(BoardView):
    cell_role = "gridcell"  # in a role=row group of a role=grid board; "button" on a board of spaces

    def __init__(self, svg, on_move, ghost_radius):
        self.svg = svg
        self.on_move = on_move
        self.cells = {}  # name -> (group, marker)
        # What set_targets and mark last wrote on each cell: a cell that stays as it was costs no
        # call into the browser (each costs tens of microseconds from MicroPython; a move changes
        # a few cells of dozens).
        self.movable_shown = {}
        self.marks_shown = {}
        self.targets = {}
        self.selected = None
        self.interactive = False
        self.locked = False  # lock() hid the selection: a move is on its way
        self.drag = None
        self.focus = None
        self.draggable = True
        self.tap = None  # a press on a board that pans: {cell, x, y, pointer} until released
        self.ghost = None
        self.ghost_radius = ghost_radius
        self.pending_move = None  # the move waiting for Confirm, and the target it goes to
        self.pending_target = None
        on(svg, "pointerdown", self._pointer_down)
        on(svg, "pointermove", self._pointer_move)
        on(svg, "pointerup", self._pointer_up)
        on(svg, "pointercancel", lambda event: self._end_drag())
        on(svg, "touchstart", self._touch_start, passive=False)  # it may stop a scroll
        on(svg, "keydown", self._key)

    def add_cell(self, name, group, marker):
        group.setAttribute("data-sq", name)
        group.setAttribute("role", self.cell_role)
        group.setAttribute("tabindex", "-1")
        self.cells[name] = (group, marker)
        if self.focus is None:
            self.focus = name
            group.setAttribute("tabindex", "0")

    def finish(self):
        """Call after the last cell: the drag ghost is drawn above everything."""
        self.ghost = el("circle", "ghost", parent=self.svg, svg=True, cx=0, cy=0, r=self.ghost_radius)
        self.ghost.setAttribute("visibility", "hidden")

    def set_targets(self, targets, interactive, mover_class):
        """New hints from a snapshot; keeps the selection if it is still a movable piece."""
        self.targets = targets if interactive else {}
        self.interactive = interactive
        if self.locked:
            self.locked = False
            self.svg.classList.remove("locked")
        if self.selected not in self.targets:
            self.selected = None
            self.pending_move = self.pending_target = None
        for name, (group, _) in self.cells.items():
            movable = name in self.targets
            if self.movable_shown.get(name) != movable:
                self.movable_shown[name] = movable
                group.classList.toggle("movable", movable)
        self.svg.classList.toggle("interactive", interactive)
        self.svg.dataset.mover = mover_class or ""
        self.mark()

    def mark(self):
        """Show the selection and its targets (each kind of move has its own marker)."""
        kinds = {}
        if self.selected:
            for to, _, kind in self.targets[self.selected]:
                kinds[to] = kind
        for name, (group, marker) in self.cells.items():
            kind = kinds.get(name)
            shown = (kind, name == self.selected, name == self.pending_target, self.label(name, kind))
            was = self.marks_shown.get(name) or (False, None, None, None)
            if was == shown:
                continue
            self.marks_shown[name] = shown
            # Only what changed is written: most often the label alone ("can move").
            if kind != was[0]:
                marker.setAttribute("class", "marker " + kind if kind else "marker")
            if shown[1] != was[1]:
                group.classList.toggle("selected", shown[1])
            if shown[2] != was[2]:
                group.classList.toggle("pending", shown[2])
            if shown[3] != was[3]:
                group.setAttribute("aria-label", shown[3])

    def target_words(self, name, kind):
        """The end of a cell's label: selected, a target, or a piece that can move."""
        if name == self.selected:
            return ", selected"
        if kind and name == self.pending_target:
            return ", " + kind + " target, waiting for Confirm"
        if kind:
            return ", " + kind + " target"
        if name in self.targets:
            return ", can move"
        return ""

    # --- intents ---------------------------------------------------------------------------
    def press(self, name):
        """A tap (or Enter) on cell `name`. Returns True if it started a selection."""
        if not self.interactive:
            return False
        if self.selected:
            for to, move, _ in self.targets[self.selected]:
                if to == name:
                    self._emit(move)
                    return False
        if name in self.targets and name != self.selected:
            self._withdraw()
            self.selected = name
            self.mark()
            return True
        self.deselect()
        return False

    def _emit(self, move):
        """A move chosen: the table sends it (and locks the board) or shows it waiting for
        Confirm (show_pending)."""
        self.on_move(move)

    def show_pending(self, move):
        """Keep the move's piece selected and mark its target as waiting for Confirm."""
        self.pending_move = self.pending_target = None
        for origin, options in self.targets.items() if move is not None else ():
            for to, option, _ in options:
                if option == move:
                    self.selected, self.pending_target, self.pending_move = origin, to, move
        self.mark()

    def move_words(self, seat, move):
        """"A2 → A4 (leap)", from the board's targets (else the log's text)."""
        for origin, options in self.targets.items():
            for to, option, kind in options:
                if option == move:
                    return origin + " → " + to + (" (" + kind + ")" if kind else "")
        return self.log_text(seat, move)

    def _withdraw(self):
        """The person chose otherwise: the move waiting for Confirm, if any, is dropped."""
        if self.pending_move is not None and self.withdraw is not None:
            self.withdraw()

    def lock(self):
        """A move is on its way: the board stops offering moves at once (it looks so with
        show_locked)."""
        self.targets = {}
        self.interactive = False
        self.locked = True

    def show_locked(self):
        """Two class changes (not interactive: no glowing pieces; `locked`: the selection and
        its targets hidden); the cells are redrawn by the next snapshot."""
        if self.locked:
            self.svg.classList.remove("interactive")
            self.svg.classList.add("locked")

    def deselect(self):
        self._withdraw()
        self.selected = None
        self.mark()

    # --- pointer: tap-tap and drag share press() ----------------------------------------------
    def _cell_at(self, event):
        node = document.elementFromPoint(event.clientX, event.clientY)
        cell = node.closest("[data-sq]") if node is not None else None
        return cell.dataset.sq if cell is not None else None

    def _grabs(self, cell):
        """Whether a press on `cell` acts at once (a piece that can move, on a board that drags)."""
        return self.draggable and cell is not None and cell.dataset.sq in self.targets

    def _touch_start(self, event):
        if self._grabs(event.target.closest("[data-sq]")):
            event.preventDefault()  # the finger drags the piece, not the page

    def _pointer_down(self, event):
        cell = event.target.closest("[data-sq]")
        if not self._grabs(cell):
            second = self.tap is not None and self.tap["pointer"] != event.pointerId
            self.tap = None
            if cell is not None and event.button <= 0 and not second:
                self.tap = {"cell": cell.dataset.sq, "x": event.clientX, "y": event.clientY,
                            "pointer": event.pointerId}
            return
        if event.button > 0:
            return
        name = cell.dataset.sq
        was_selected = name == self.selected
        started = self.press(name)
        if started or was_selected:
            self.drag = {"origin": name, "x": event.clientX, "y": event.clientY,
                         "moved": False, "toggle": was_selected}
            self.svg.setPointerCapture(event.pointerId)
            if was_selected:  # a second tap on the selected piece deselects it (on release)
                self.selected = name
                self.mark()

    def _pointer_move(self, event):
        tap = self.tap
        if tap is not None and far(event, tap):
            self.tap = None  # the board is being panned
        drag = self.drag
        if drag is None:
            return
        if not drag["moved"] and not far(event, drag):
            return
        drag["moved"] = True
        box = self.svg.getBoundingClientRect()
        box_view = self.svg.viewBox.baseVal
        scale = box_view.width / box.width
        self.ghost.setAttribute("cx", str(box_view.x + (event.clientX - box.left) * scale))
        self.ghost.setAttribute("cy", str(box_view.y + (event.clientY - box.top) * scale))
        self.ghost.setAttribute("class", "ghost " + (self.svg.dataset.mover or ""))
        self.ghost.setAttribute("visibility", "visible")

    def _pointer_up(self, event):
        tap, self.tap = self.tap, None
        if tap is not None and tap["pointer"] == event.pointerId and not far(event, tap):
            self.press(tap["cell"])
        drag = self.drag
        if drag is None:
            return
        self._end_drag()
        if drag["moved"]:
            target = self._cell_at(event)
            if target and target != drag["origin"] and self.selected == drag["origin"]:
                self.press(target)
        elif drag["toggle"]:
            self.deselect()

    def _end_drag(self):
        drag, self.drag = self.drag, None
        self.tap = None
        if drag is not None and drag["moved"]:  # only a drag that moved shows the ghost
            self.ghost.setAttribute("visibility", "hidden")

    # --- keyboard --------------------------------------------------------------------------
    def _key(self, event):
        key = event.key
        if key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"):
            name = self.step(self.focus, key)
            if name:
                self._focus(name)
            event.preventDefault()
        elif key in ("Enter", " "):
            cell = event.target.closest("[data-sq]")
            if cell is not None:
                self._focus(cell.dataset.sq)
                self.press(cell.dataset.sq)
            event.preventDefault()
        elif key == "Escape":
            self.deselect()

    def keep_focus(self):
        """A focused button is about to hide: the keyboard goes on from the board."""
        self._focus(self.focus)

    def _focus(self, name):
        self.cells[self.focus][0].setAttribute("tabindex", "-1")
        self.focus = name
        group = self.cells[name][0]
        group.setAttribute("tabindex", "0")
        group.focus()

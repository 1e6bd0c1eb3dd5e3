"""The Gems (ConHex) board as the physical game draws it: 41 cells as shapes in SVG, the 69 holes
at their corners, a frame of edge cells with each seat's two edges marked in its colour.

A tap (or Enter) on a free hole places a gem. With the table's "Confirm moves" on (for every game,
screens/table_confirm.py; on this board's holes, small on a phone, the default on any touch
screen) the gem waits in its hole, drawn as pending, until Confirm; a second tap on
it, Cancel or Escape takes it back. On the second turn of a standard game the first gem (or the
Swap button) takes it by the pie rule, confirmed the same way. Claimed cells take their owner's
colour and stripes; the latest gem carries a small star; the winning chain is outlined at the end.

Orientation: the viewer's own connection runs top to bottom, so the person at this device who
plays the second seat sees the board transposed (A1 stays upper left, every hole keeps its
name); Mirror flips it, and the choice is kept on the device, as is the choice of colours.
Each hole is a button in the board's group, labelled "E5, empty" or "E5, Red's gem"; arrow keys
move between holes as drawn.
"""

import math

from boards.base import PickBoard
from catalog import SEAT_MARKS
from dom import button, el, on, reduced_motion, show
from pyscript import window
from pyscript.ffi import to_js

COLUMNS = "ABCDEFGHI"
NOT_HOLES = ("B2", "H2", "C3", "G3", "D4", "F4", "D6", "F6", "C7", "G7", "B8", "H8")
# The 41 cells in the order of the rules' CELLS (py/rules/gems.py): the view's `owners` and
# `chain` index this list. The browser test checks it against the rules.
CELL_TEXT = (
    "A1 B1 A2 | H1 I1 I2 | H9 I9 I8 | A8 A9 B9 |"  # corners
    "B1 C1 D1 | D1 E1 F1 | F1 G1 H1 |"  # top
    "I2 I3 I4 | I4 I5 I6 | I6 I7 I8 |"  # right
    "B9 C9 D9 | D9 E9 F9 | F9 G9 H9 |"  # bottom
    "A2 A3 A4 | A4 A5 A6 | A6 A7 A8 |"  # left
    "B1 C1 A2 C2 A3 B3 | C1 D1 E1 C2 D2 E2 | E1 F1 G1 E2 F2 G2 | G1 H1 G2 I2 H3 I3 |"  # ring 2
    "H3 I3 H4 I4 H5 I5 | H5 I5 H6 I6 H7 I7 | H7 I7 G8 I8 G9 H9 | E8 F8 G8 E9 F9 G9 |"
    "C8 D8 E8 C9 D9 E9 | A7 B7 A8 C8 B9 C9 | A5 B5 A6 B6 A7 B7 | A3 B3 A4 B4 A5 B5 |"
    "C2 D2 B3 D3 B4 C4 | D2 E2 F2 D3 E3 F3 | F2 G2 F3 H3 G4 H4 | G4 H4 G5 H5 G6 H6 |"  # ring 3
    "G6 H6 F7 H7 F8 G8 | D7 E7 F7 D8 E8 F8 | B6 C6 B7 D7 C8 D8 | B4 C4 B5 C5 B6 C6 |"
    "D3 E3 C4 E4 C5 D5 | E3 F3 E4 G4 F5 G5 | F5 G5 E6 G6 E7 F7 | C5 D5 C6 E6 D7 E7 |"  # ring 4
    "E4 D5 E5 F5 E6"  # centre
)
CELLS = [sorted(text.split()) for text in CELL_TEXT.split("|")]
HOLES = [c + str(r) for r in range(1, 10) for c in COLUMNS if c + str(r) not in NOT_HOLES]

UNIT = 100  # SVG units between neighbouring grid points; hole A1 is at (0, 0), I9 at (800, 800)
FRAME = 40  # depth of the edge cells drawn outside the grid
BAR = (FRAME + 8, 14)  # each seat's edge bar: its distance beyond the grid, its width
LABEL = 92  # coordinates' distance beyond the grid
BOX = (-118, -118, 800 + 236, 800 + 236)
HIT = 47  # radius of a hole's target (UNIT apart: targets never overlap)

THEMES = [  # id, name, seat 0's colour, seat 1's colour (the names stay Red and Blue)
    ("classic", "Classic colours", "#d64541", "#2f6fd6"),
    ("strong", "Strong colours", "#b3261e", "#1546b0"),
    ("okabe", "Colour-blind safe", "#d55e00", "#0072b2"),
]
MIRROR_KEY = "parlor.gems.mirror"
THEME_KEY = "parlor.gems.colours"


def place(name):
    """The grid position (column, row), 0-based, of hole `name`."""
    return COLUMNS.index(name[0]), int(name[1:]) - 1


def star_points(x, y, outer, inner):
    points = []
    for k in range(10):
        radius = outer if k % 2 == 0 else inner
        angle = math.pi / 5 * k - math.pi / 2
        points.append("{:.1f},{:.1f}".format(x + radius * math.cos(angle), y + radius * math.sin(angle)))
    return " ".join(points)


def cell_outline(holes):
    """A cell's polygon, in board units.

    Edge cells (three holes on the grid's border) are strips of the frame outside the grid;
    corner cells are the triangle inside the corner with the frame's corner outside it; the
    inner cells and the centre are the polygon through their holes (the centre's middle hole,
    E5, lies inside it)."""
    points = [(c * UNIT, r * UNIT) for c, r in (place(h) for h in holes)]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    if len(holes) == 3 and len(set(ys)) == 1:  # a strip along the top or the bottom
        y, out = ys[0], -FRAME if ys[0] == 0 else FRAME
        return [(min(xs), y), (max(xs), y), (max(xs), y + out), (min(xs), y + out)]
    if len(holes) == 3 and len(set(xs)) == 1:  # a strip along the left or the right
        x, out = xs[0], -FRAME if xs[0] == 0 else FRAME
        return [(x, min(ys)), (x, max(ys)), (x + out, max(ys)), (x + out, min(ys))]
    if len(holes) == 3:  # a corner
        corner = [p for p in points if p[0] in (0, 800) and p[1] in (0, 800)][0]
        along_row = [p for p in points if p != corner and p[1] == corner[1]][0]
        along_col = [p for p in points if p != corner and p[0] == corner[0]][0]
        sx = -FRAME if corner[0] == 0 else FRAME
        sy = -FRAME if corner[1] == 0 else FRAME
        return [along_row, (along_row[0], corner[1] + sy), (corner[0] + sx, corner[1] + sy),
                (corner[0] + sx, along_col[1]), along_col]
    cx, cy = sum(xs) / len(xs), sum(ys) / len(ys)
    rim = [p for p in points if abs(p[0] - cx) > 1 or abs(p[1] - cy) > 1]
    return sorted(rim, key=lambda p: math.atan2(p[1] - cy, p[0] - cx))


def stored(key, default):
    value = window.localStorage.getItem(key)
    return default if value is None else value


class Board(PickBoard):
    cell_role = "button"  # holes in a named group (the grid has gaps; the view may be transposed)
    confirm_by = "board"  # a gem waits in its hole for this board's Confirm, as the table's setting says
    confirm_on_touch = True  # small holes: on a touch screen moves wait by default at any table

    def __init__(self, parent, game, on_move):
        self.send = on_move
        self.game = game
        self.view = None
        self.colours = game["colours"]
        self.table_node = parent.closest(".table") or parent
        self.status = self.table_node.querySelector(".turn-status")
        self.pending = None  # the move waiting for Confirm: a hole or "swap"
        self.sent = None  # the move on its way to the engine (drawn until the next snapshot)
        self.status_before = None
        self.ply = None
        self.mover = None
        self.swap_hole = None  # the first gem, while the pie rule may take it
        self.flip = False
        self.viewer = None
        self.mirrored = stored(MIRROR_KEY, "0") == "1"
        self.confirming = False  # the table's Confirm moves (set_confirming)
        theme = stored(THEME_KEY, THEMES[0][0])
        self.theme = theme if theme in [t[0] for t in THEMES] else THEMES[0][0]

        wrap = el("div", "gems", parent=parent)
        self.wrap = wrap
        svg = el("svg", "board gems-board", parent=wrap, svg=True, role="group",
                 aria_label="Gems board", viewBox="{} {} {} {}".format(*BOX))
        super().__init__(svg, self.send, ghost_radius=30)
        self.draggable = False  # every press is a tap, known on release: a swipe scrolls
        self._build()
        on(svg, "focusin", self._focus_in)

        self.actions = el("div", "controls gems-actions", parent=wrap)
        self.confirm_button = button(self.actions, "Confirm", self.confirm, "btn primary confirm")
        self.cancel_button = button(self.actions, "Cancel", self.cancel, "btn cancel")
        self.swap_button = button(self.actions, "Swap", self.press_swap, "btn swap",
                                  aria_label="Swap: take the first gem as yours (pie rule)")
        tools = el("div", "gems-tools", parent=wrap, role="toolbar", aria_label="Board settings")
        self.mirror_button = button(tools, "Mirror", self.toggle_mirror, "btn small mirror",
                                    aria_pressed="true" if self.mirrored else "false")
        label = el("label", "field gems-colours", parent=tools)
        el("span", None, "Colours", label)  # visually hidden: the options name themselves
        self.theme_select = el("select", None, parent=label, name="gems-colours")
        for key, name, _, _ in THEMES:
            option = el("option", None, name, self.theme_select, value=key)
            if key == self.theme:
                option.setAttribute("selected", "")
        on(self.theme_select, "change", lambda event: self.set_theme(self.theme_select.value))
        self.layout()
        self.draw_actions()

    # --- drawing ---------------------------------------------------------------------------
    def _build(self):
        svg = self.svg
        el("rect", "gems-ground", parent=svg, svg=True, x=BOX[0], y=BOX[1], width=BOX[2],
           height=BOX[3], rx=24)
        # A claimed cell is striped along its owner's direction as well as coloured (not colour
        # alone): seat 0's stripes run as it joins (top to bottom unmirrored), seat 1's across.
        defs = el("defs", parent=svg, svg=True)
        self.patterns = []
        for seat in (0, 1):
            pattern = el("pattern", None, parent=defs, svg=True, id="gems-own-" + str(seat),
                         patternUnits="userSpaceOnUse", width=20, height=20)
            el("rect", "stripe-ground c" + str(seat), parent=pattern, svg=True, width=20, height=20)
            el("rect", "stripe c" + str(seat), parent=pattern, svg=True,
               width=7 if seat == 0 else 20, height=20 if seat == 0 else 7)
            self.patterns.append(pattern)
        cells_layer = el("g", "gems-cells", parent=svg, svg=True, aria_hidden="true")
        self.shapes = []
        for index, holes in enumerate(CELLS):
            outline = cell_outline(holes)
            shape = el("polygon", "cell-shape", parent=cells_layer, svg=True,
                       data_cell=index, data_holes=" ".join(holes))
            self.shapes.append((shape, outline))
        # The winning chain's outline, above every cell (a shared edge would hide under a neighbour).
        chain_layer = el("g", "gems-chain", parent=svg, svg=True, aria_hidden="true")
        self.chain_lines = [el("polygon", "chain-line", parent=chain_layer, svg=True) for _ in CELLS]
        edges = el("g", "gems-edges", parent=svg, svg=True, aria_hidden="true")
        self.bars = []
        far_side = 800 + BAR[0]
        for seat, rects in ((0, [(0, -BAR[0] - BAR[1], 800, BAR[1]), (0, far_side, 800, BAR[1])]),
                            (1, [(-BAR[0] - BAR[1], 0, BAR[1], 800), (far_side, 0, BAR[1], 800)])):
            for rect in rects:
                bar = el("rect", "edge-bar c" + str(seat), parent=edges, svg=True, rx=7)
                disc = el("circle", "edge-disc c" + str(seat), parent=edges, svg=True, r=17)
                sign = el("text", "edge-mark", SEAT_MARKS[seat], edges, svg=True)
                self.bars.append((rect, bar, disc, sign))
        labels = el("g", "gems-coords", parent=svg, svg=True, aria_hidden="true")
        self.coords = []
        for i in range(9):
            self.coords.append((el("text", "coord", COLUMNS[i], labels, svg=True), (i * UNIT, -LABEL)))
            self.coords.append((el("text", "coord", str(i + 1), labels, svg=True), (-LABEL, i * UNIT)))
        self.holes = {}
        star = star_points(21, -21, 15, 6.5)
        for name in HOLES:
            group = el("g", "cell hole-cell", parent=svg, svg=True)
            el("circle", "hit", parent=group, svg=True, cx=0, cy=0, r=HIT)
            ring = el("circle", "ring", parent=group, svg=True, cx=0, cy=0, r=40)
            el("circle", "hole", parent=group, svg=True, cx=0, cy=0, r=10)
            gem = el("circle", "gem none", parent=group, svg=True, cx=0, cy=0, r=31)
            sign = el("text", "gem-mark", "", group, svg=True, x=0, y=8)
            latest = el("polygon", "star", parent=group, svg=True, points=star)
            self.holes[name] = (group, gem, sign, latest, ring)
            self.add_cell(name, group, ring)

    def at(self, x, y):
        """Board units to the drawing's: the same, or transposed (mirrored diagonally)."""
        return (y, x) if self.flip else (x, y)

    def layout(self):
        """Place everything for the orientation (`flip`): A1 stays upper left."""
        for (shape, outline), line in zip(self.shapes, self.chain_lines):
            points = " ".join("{:.0f},{:.0f}".format(*self.at(x, y)) for x, y in outline)
            shape.setAttribute("points", points)
            line.setAttribute("points", points)
        for pattern in self.patterns:
            if self.flip:
                pattern.setAttribute("patternTransform", "rotate(90)")
            else:
                pattern.removeAttribute("patternTransform")
        for (x, y, w, h), bar, disc, sign in self.bars:
            if self.flip:
                x, y, w, h = y, x, h, w
            for key, value in (("x", x), ("y", y), ("width", w), ("height", h)):
                bar.setAttribute(key, str(value))
            disc.setAttribute("cx", str(x + w / 2))
            disc.setAttribute("cy", str(y + h / 2))
            sign.setAttribute("x", str(x + w / 2))
            sign.setAttribute("y", str(y + h / 2 + 7))
        for node, (x, y) in self.coords:
            x, y = self.at(x, y)
            node.setAttribute("x", str(x))
            node.setAttribute("y", str(y + 12))
        for name, (group, *_) in self.holes.items():
            c, r = place(name)
            x, y = self.at(c * UNIT, r * UNIT)
            group.setAttribute("transform", "translate({},{})".format(x, y))
        self.svg.dataset.flip = "1" if self.flip else "0"

    def update(self, snapshot, interactive):
        view = snapshot["view"]
        self.view = view
        self.colours = view.get("colours") or self.game["colours"]
        self.apply_theme()
        self.viewer = self.viewer_of(snapshot)
        flip = (self.viewer == 1) != self.mirrored
        if flip != self.flip:
            self.flip = flip
            self.layout()
        self.mover = snapshot["to_move"]
        self.sent = None
        self.swap_hole = None
        targets = {}
        if interactive:
            targets = {move: [] for move in snapshot["legal_moves"] if move != "swap"}
            if view.get("can_swap") and "swap" in snapshot["legal_moves"]:
                self.swap_hole = list(view["gems"])[0]
                targets[self.swap_hole] = []
        if (snapshot["ply"] != self.ply or not interactive
                or (self.pending is not None and self.pending not in snapshot["legal_moves"])):
            self.pending = None
            self.status_before = None
        self.ply = snapshot["ply"]
        owners = view["owners"]
        chain = set(view.get("chain") or [])
        for index, (shape, _) in enumerate(self.shapes):
            owner = owners[index]
            shape.setAttribute("class", "cell-shape" + (" own c" + str(owner) if owner is not None else ""))
            self.chain_lines[index].setAttribute(
                "class", "chain-line" + (" on c" + str(owner) if index in chain else ""))
        self.set_targets(targets, interactive, "c" + str(self.mover) if self.mover is not None else "")
        self.draw_gems()
        self.draw_actions()

    def viewer_of(self, snapshot):
        """The seat of the person at this device: in an online room their own seat (None:
        watching); at a local table the only person's seat (None: two people, or none)."""
        if snapshot.get("presence") is not None:
            return snapshot["view"].get("seat")
        humans = [i for i, seat in enumerate(snapshot["config"]["seats"]) if seat["kind"] == "human"]
        return humans[0] if len(humans) == 1 else None

    def shown_gems(self):
        """{hole: (seat, state)} as drawn: the board's gems, the move waiting or on its way."""
        gems = {name: (seat, "") for name, seat in ((self.view or {}).get("gems") or {}).items()}
        move, state = (self.pending, "pending") if self.pending else (self.sent, "sent")
        if move is not None and self.mover is not None:
            hole = self.swap_hole if move == "swap" else move
            if hole is not None:
                gems[hole] = (self.mover, state)
        return gems

    def draw_gems(self):
        gems = self.shown_gems()
        last = (self.view or {}).get("last")
        for name, (group, gem, sign, latest, ring) in self.holes.items():
            seat, state = gems.get(name, (None, ""))
            gem.setAttribute("class", ("gem c" + str(seat) if seat is not None else "gem none")
                             + (" " + state if state else ""))
            sign.textContent = SEAT_MARKS[seat] if seat is not None else ""
            show_star = name == last and not state and self.pending is None and self.sent is None
            latest.setAttribute("class", "star" + (" on" if show_star else ""))
            group.classList.toggle("filled", seat is not None)
        self.mark()

    def mark(self):
        """Every hole's label (a hole has no selection: a tap places at once)."""
        for name, (group, _) in self.cells.items():
            label = self.label(name, None)
            if self.marks_shown.get(name) != label:  # unchanged: no call into the browser
                self.marks_shown[name] = label
                group.setAttribute("aria-label", label)

    def draw_actions(self):
        waiting = self.pending is not None
        for node in (self.confirm_button, self.cancel_button):
            show(node, self.confirming or waiting)
            node.disabled = not waiting
        show(self.swap_button, self.swap_hole is not None)
        self.swap_button.disabled = not self.interactive or self.pending == "swap"
        show(self.actions, self.confirming or waiting or self.swap_hole is not None)
        self.confirm_button.classList.toggle("ready", waiting)

    def meta(self, snapshot):
        """Who started (★), which edges each joins as the board is shown, and the variant."""
        view = snapshot["view"]
        colours = self.colours
        ways = ["top–bottom", "left–right"]
        if self.flip:
            ways.reverse()
        starter = view.get("starter", 0)
        parts = [colours[seat] + (" ★" if seat == starter else "") + " joins " + ways[seat]
                 for seat in (0, 1)]
        variant = view.get("variant")
        if variant == "standard":
            parts.append("pie rule")
        elif variant == "no-pie":
            parts.append("no pie rule")
        else:
            parts.append("handicap: {} opens with {} gems".format(colours[starter], view.get("opening")))
        return " · ".join(parts)

    def label(self, name, kind):
        """A hole's screen-reader text: "E5, empty", "E5, Red's gem, latest", ..."""
        seat, state = self.shown_gems().get(name, (None, ""))
        if seat is None:
            return name + ", empty"
        words = name + ", " + self.colours[seat] + "'s gem"
        if state == "pending":
            words += ", waiting for Confirm" if self.pending != "swap" else ", swap waiting for Confirm"
        elif name == self.swap_hole:
            words += ", tap to swap (pie rule)"
        if name == (self.view or {}).get("last") and not state:
            words += ", latest"
        return words

    def step(self, name, key):
        """The next hole the arrow points at, along the row or column as drawn."""
        here = self.at(*place(name))
        dx, dy = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}[key]
        best, best_distance = None, None
        for other in HOLES:
            x, y = self.at(*place(other))
            if (dy == 0 and y != here[1]) or (dx == 0 and x != here[0]):
                continue
            distance = (x - here[0]) * dx + (y - here[1]) * dy
            if distance > 0 and (best_distance is None or distance < best_distance):
                best, best_distance = other, distance
        return best

    # --- settings (kept on this device) ----------------------------------------------------
    def toggle_mirror(self):
        self.mirrored = not self.mirrored
        window.localStorage.setItem(MIRROR_KEY, "1" if self.mirrored else "0")
        self.mirror_button.setAttribute("aria-pressed", "true" if self.mirrored else "false")
        self.flip = not self.flip
        self.layout()
        if self.view is not None:
            meta = self.table_node.querySelector(".table-meta")
            if meta is not None:
                meta.textContent = self.meta({"view": self.view})

    def set_confirming(self, on):
        """The table's Confirm moves (saved on this device for every game): off, a gem waiting
        is taken back."""
        self.confirming = on
        if not on:
            self.cancel()
        self.draw_actions()

    def set_theme(self, theme):
        if theme not in [t[0] for t in THEMES]:
            return
        self.theme = theme
        window.localStorage.setItem(THEME_KEY, theme)
        self.apply_theme()

    def apply_theme(self):
        """The chosen colours for the whole table (seat dots, log, board), as --c0 and --c1."""
        for key, _, first, second in THEMES:
            self.wrap.classList.toggle("theme-" + key, key == self.theme)
            if key == self.theme:
                self.table_node.style.setProperty("--c0", first)
                self.table_node.style.setProperty("--c1", second)

    # --- placing, confirming ---------------------------------------------------------------
    def press(self, name):
        """A tap (or Enter) on hole `name`: place a gem, take a waiting one back, or swap."""
        if not self.interactive or name not in self.targets:
            return False
        move = "swap" if name == self.swap_hole else name
        if move == self.pending:
            self.cancel()
        elif not self.confirming:
            self.commit(move)
        else:
            if self.status_before is None and self.status is not None:
                self.status_before = self.status.textContent
            self.pending = move
            self.draw_gems()
            self.draw_actions()
            self.say(("Swap" if move == "swap" else move) + " waiting: Confirm or Cancel")
            self.actions.scrollIntoView(to_js({"block": "nearest",
                                               "behavior": "auto" if reduced_motion() else "smooth"}))
        return False

    def press_swap(self):
        if self.swap_hole is not None:
            self.press(self.swap_hole)

    def confirm(self):
        if self.pending is not None:
            self.commit(self.pending)

    def cancel(self):
        if self.pending is None:
            return
        self.pending = None
        if self.actions.matches(":focus-within"):
            self.keep_focus()
        self.draw_gems()
        self.draw_actions()
        if self.status_before is not None:
            self.say(self.status_before)
        self.status_before = None

    def commit(self, move):
        self.pending = None
        self.status_before = None
        self.sent = move
        if self.actions.matches(":focus-within"):
            self.keep_focus()
        self.lock()
        self.draw_gems()
        self.send(move)

    def lock(self):
        super().lock()
        self.swap_hole = None if self.sent != "swap" else self.swap_hole
        self.draw_actions()

    def deselect(self):
        self.cancel()

    def keep_focus(self):
        """Confirm, Cancel or Swap is about to be disabled under the keyboard: it goes on from
        the board, without scrolling the page."""
        self.cells[self.focus][0].focus(to_js({"preventScroll": True}))

    def say(self, text):
        """Announce through the table's status line (role=status)."""
        if self.status is not None:
            self.status.textContent = text

    def _focus_in(self, event):
        """A hole focused by a tap or by the page: the arrow keys go on from there."""
        cell = event.target.closest("[data-sq]")
        if cell is not None and cell.dataset.sq != self.focus and cell.dataset.sq in self.cells:
            self.cells[self.focus][0].setAttribute("tabindex", "-1")
            self.focus = cell.dataset.sq
            cell.setAttribute("tabindex", "0")

    def _key(self, event):
        if event.key in ("Enter", " ") and self.pending is not None:
            cell = event.target.closest("[data-sq]")
            hole = self.swap_hole if self.pending == "swap" else self.pending
            if cell is not None and cell.dataset.sq == hole:
                event.preventDefault()
                self.confirm()
                return
        super()._key(event)

    # --- sound -----------------------------------------------------------------------------
    def sound_kind(self, snapshot, previous):
        """The end, a claim (the mover's cells went up), or a move."""
        if snapshot["is_over"]:
            return "win"
        mover = previous["to_move"]
        if mover is not None and snapshot["scores"][mover] > previous["scores"][mover]:
            return "capture"
        return "move"

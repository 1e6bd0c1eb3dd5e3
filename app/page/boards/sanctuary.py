"""The Sanctuary board: the shared 60-space track with each team's arrow, entry crossing,
Launch, private Sanctuary and Finish; above it the drawn card (boards/sanctuary_card.py), below it
the move list and the preview with Confirm and Cancel (boards/sanctuary_moves.py); and the shared
board view (boards/viewport.py) that pans and zooms.

Choosing: tap a glowing pawn, then a glowing destination — or pick from the move list. Either
way the move is previewed (both steps of a Six split, and every capture) and only Confirm sends
it; Cancel chooses again. The view: drag to pan, pinch or Zoom in / Zoom out (only the board
changes size), Whole board, Readable view (back to the chosen zoom), Recenter (to the last move,
and follow play again). The chosen zoom is remembered apart on a phone and on a desktop.
"""

from boards.base import PickBoard
from boards.sanctuary_card import CardPanel
from boards.sanctuary_moves import MoveChoice
from boards.viewport import Viewport
from dom import el

UNIT = 40  # SVG units per grid cell; the board is 16 × 16 cells
SIZE = 16 * UNIT
ARROWS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}
PAWN_OFFSETS = [(-0.3, -0.3), (0.3, -0.3), (-0.3, 0.3), (0.3, 0.3)]


def rotate(x, y, side):
    """Side 0's grid position turned a quarter clockwise per side (the track runs clockwise)."""
    for _ in range(side):
        x, y = 16 - y, x
    return x, y


def place_of(space, side):
    """Centre (grid units) of a space of the team sitting on `side`: T0–T59 are shared."""
    if space[0] == "T":
        index = int(space[1:])
        side, j = index // 15, index % 15
        return rotate(j + 0.5, 0.5, side)
    if space[0] == "S":
        return rotate(2.5, 1.5 + int(space[1]) - 1, side)
    if space == "F":
        return rotate(2.5, 6.2, side)
    return rotate(5.8, 2.6, side)  # L: Launch


def cell_name(space, seat):
    """The board's name for a space: track spaces are shared, the others belong to a seat."""
    return space if space[0] == "T" else space + "@" + str(seat)


class Board(PickBoard):
    cell_role = "button"  # a track of spaces, not rows and columns
    confirm_by = "always"  # every move is previewed with its own Confirm (boards/sanctuary_moves.py)

    def __init__(self, parent, game, on_move):
        self.send = on_move
        self.view = None
        self.occupants = {}  # space name -> the seats of the pawns on it
        self.seats = 0
        self.ply = -1
        self.focus_point = None
        wrap = el("div", "sanctuary", parent=parent)
        self.card = CardPanel(wrap, lambda: self.send("draw"))
        tools = el("div", parent=wrap)
        svg = el("svg", "board sanctuary-board", parent=wrap, svg=True, role="group",
                 aria_label="Sanctuary board", viewBox="0 0 {} {}".format(SIZE, SIZE))
        super().__init__(svg, self.choose, ghost_radius=14)
        self.viewport = Viewport(svg, (0, 0, SIZE, SIZE), "sanctuary", self.view_centre)
        self.viewport.toolbar(tools)
        self.draggable = False  # a drag pans the board
        self.choice = MoveChoice(wrap, self, self.send)
        self.spaces = {}
        self.pawn_layer = None

    # --- drawing ---------------------------------------------------------------------------
    def _build(self, view):
        """Draw the track and each team's spaces once."""
        self.seats = len(view["sides"])
        colours = view["colours"]
        for index in range(60):
            name = "T" + str(index)
            self._space(name, place_of(name, 0), "space track", 17)
            # Each track space's name, as the moves say it ("T12 → T17"), under any pawn on it.
            el("text", "track-num", name, self.spaces[name][0], svg=True, x=0, y=4, aria_hidden="true")
        # Which way the pawns go: an arrow along each side, inside the track (clockwise).
        for side in range(4):
            x, y = rotate(10.5, 1.45, side)
            el("text", "track-way", "→", self.svg, svg=True, aria_hidden="true",
               transform="translate({:.0f},{:.0f}) rotate({})".format(x * UNIT, y * UNIT, 90 * side))
        for seat, side in enumerate(view["sides"]):
            cls = " c" + str(seat)
            arrow, crossing = view["arrows"][seat], view["crossings"][seat]
            self.spaces[arrow][1].setAttribute("class", "space track arrow" + cls)
            self.spaces[crossing][1].setAttribute("class", "space track crossing" + cls)
            for number in range(1, 5):
                name = cell_name("S" + str(number), seat)
                self._space(name, place_of("S" + str(number), side), "space sanctuary" + cls, 17)
                el("text", "track-num", "S" + str(number), self.spaces[name][0], svg=True, x=0, y=4,
                   aria_hidden="true")
            # Pawns fill Launch and Finish, so their names sit outside: Launch's above it, Finish's
            # beyond it (away from the Sanctuary that leads in).
            finish, beyond = place_of("F", side), rotate(2.5, 7.6, side)
            self._space(cell_name("F", seat), finish, "space finish" + cls, 30,
                        ("Finish F", (beyond[0] - finish[0]) * UNIT, (beyond[1] - finish[1]) * UNIT + 4))
            self._space(cell_name("L", seat), place_of("L", side), "space launch" + cls, 30,
                        ("Launch L", 0, -36))
            x, y = place_of("L", side)
            el("text", "team-label" + cls, colours[seat], self.svg, svg=True,
               x="{:.0f}".format(x * UNIT), y="{:.0f}".format(y * UNIT + 48))
        self.pawn_layer = el("g", "pawns", parent=self.svg, svg=True)
        self.finish()

    def _space(self, name, where, cls, radius, label=None):
        """A space: a circle with its name at an offset (`label`: text, dx, dy), or a square."""
        x, y = where[0] * UNIT, where[1] * UNIT
        group = el("g", "cell", parent=self.svg, svg=True,
                   transform="translate({:.0f},{:.0f})".format(x, y))
        # A finger's target: the whole grid cell around the space (24 px on a 390 px phone's
        # whole board, where the square drawn is 21), unseen.
        half = max(radius, UNIT // 2)
        el("rect", "hit", parent=group, svg=True, x=-half, y=-half, width=2 * half, height=2 * half)
        if label:
            shape = el("circle", cls, parent=group, svg=True, cx=0, cy=0, r=radius)
            text, dx, dy = label
            el("text", "zone-label", text, group, svg=True, x="{:.0f}".format(dx), y="{:.0f}".format(dy))
        else:
            shape = el("rect", cls, parent=group, svg=True, x=-radius, y=-radius,
                       width=2 * radius, height=2 * radius, rx=6)
        marker = el("circle", "marker", parent=group, svg=True, cx=0, cy=0, r=8)
        self.spaces[name] = (group, shape, (x, y))
        self.add_cell(name, group, marker)

    def show_hint(self, root, places, move=None):
        """The hint's spaces ringed (BoardView.show_hint), and its move marked in the move list."""
        super().show_hint(root, places, move)
        self.choice.mark_hint(move)

    def update(self, snapshot, interactive):
        view = snapshot["view"]
        if self.pawn_layer is None:
            self._build(view)
        self.view = view
        to_move = snapshot["to_move"]
        if snapshot["ply"] != self.ply:
            self.choice.reset()
            self.ply = snapshot["ply"]
        self.draw_pawns(view)
        self.card.draw(view, interactive and view.get("phase") == "draw", self.keep_focus)
        mover = to_move if to_move is not None else 0
        targets = {}
        moves = {}
        if interactive and view.get("phase") == "act":
            for origin, options in snapshot["targets"].items():
                cells = []
                for dest, move, kind in options:
                    cells.append([cell_name(dest, mover), move, kind])
                targets[cell_name(origin, mover)] = cells
            for move in snapshot["legal_moves"]:
                moves[move] = view["previews"].get(move)
        stuck = interactive and view.get("phase") == "act" and snapshot["legal_moves"] == ["pass"]
        self.card.set_hint("Select a glowing pawn, then its destination." if targets else
                           "No pawn can move with this card: the turn passes." if stuck else "")
        self.set_targets(targets, interactive, "c" + str(mover))
        self.choice.draw(moves, view["colours"], interactive)
        self.draw_last(view)
        self.viewport.follow_play()

    def draw_pawns(self, view):
        self.pawn_layer.replaceChildren()
        self.occupants = {}
        for seat, spaces in enumerate(view["pawns"]):
            crowd = {}
            for space in spaces:
                name = cell_name(space, seat)
                self.occupants.setdefault(name, []).append(seat)
                x, y = self.spaces[name][2]
                n = crowd.get(space, 0)
                crowd[space] = n + 1
                if space in ("L", "F"):
                    dx, dy = PAWN_OFFSETS[n % 4]
                    x, y = x + dx * UNIT, y + dy * UNIT
                el("circle", "pawn c" + str(seat), parent=self.pawn_layer, svg=True,
                   cx="{:.0f}".format(x), cy="{:.0f}".format(y), r=12)

    def draw_last(self, view):
        last = view.get("last_move") or {}
        marked = set()
        for step in last.get("steps") or []:
            marked.add(cell_name(step[1], last["seat"]))
        for name, (group, shape, _) in self.spaces.items():
            shape.classList.toggle("last", name in marked)

    def label(self, name, kind):
        """A space's screen-reader text: its name, its pawns, and whether it is a target."""
        space, _, owner = name.partition("@")
        words = space
        colours = self.view["colours"]
        if owner:
            zone = {"L": "Launch L", "F": "Finish F"}.get(space, "Sanctuary " + space)  # as drawn
            words = colours[int(owner)] + "'s " + zone
        else:  # a track space: whose side, and a team's arrow or entry crossing
            sides = self.view["sides"]
            side = int(space[1:]) // 15
            if side in sides:
                words += ", " + colours[sides.index(side)] + "'s side"
            for seat in range(len(sides)):
                if self.view["arrows"][seat] == space:
                    words += ", " + colours[seat] + "'s arrow (Launch leads here)"
                elif self.view["crossings"][seat] == space:
                    words += ", " + colours[seat] + "'s entry crossing (into " + colours[seat] + "'s Sanctuary)"
        seats = self.occupants.get(name, [])
        if seats:
            colour = self.view["colours"][seats[0]]
            words += ", " + (colour + " pawn" if len(seats) == 1 else str(len(seats)) + " " + colour + " pawns")
        return words + self.target_words(name, kind)

    def step(self, name, key):
        """The nearest space the arrow points at, as drawn (straight ahead counts over aside)."""
        dx, dy = ARROWS[key]
        x0, y0 = self.spaces[name][2]
        best, best_score = None, None
        for other, (_, _, (x, y)) in self.spaces.items():
            ahead = (x - x0) * dx + (y - y0) * dy
            if ahead <= 0:
                continue
            score = ahead + 2 * abs((x - x0) * dy - (y - y0) * dx)
            if best_score is None or score < best_score:
                best, best_score = other, score
        return best

    # --- choosing and previewing (boards/sanctuary_moves.py) -----------------------------------
    def _emit(self, move):
        """A pawn and a destination were tapped: preview instead of sending."""
        self.selected = None
        self.mark()
        self.choose(move)

    def press(self, name):
        if self.interactive and self.selected:
            found = [move for to, move, _ in self.targets[self.selected] if to == name]
            if len(found) > 1:  # several Six splits share a first step: pick in the list
                self.deselect()
                self.choice.show_matches(found)
                return False
        return super().press(name)

    def choose(self, move):
        """Preview `move`; Confirm sends it."""
        self.choice.choose(move)

    def mark_preview(self, effect):
        """Mark where a previewed move's pawns land and the pawns it captures (None: clear)."""
        marked, captured = set(), set()
        if effect is not None:
            seat = self.view["to_move"]
            for step in effect.get("steps") or []:
                marked.add(cell_name(step[1], seat))
            captured = set(space for _, space in effect.get("captures") or [])
        for name, (group, shape, _) in self.spaces.items():
            shape.classList.toggle("preview-dest", name in marked)
            shape.classList.toggle("preview-capture", name in captured)

    # --- the board view ----------------------------------------------------------------------
    def view_centre(self):
        """Where the view follows play: the last move's destination (draws and passes keep the
        previous one; before any move, a pawn that can move now, else the Launch of the seat to
        move)."""
        view = self.view or {}
        last = view.get("last_move") or {}
        steps = last.get("steps") or []
        if steps:
            self.focus_point = self.spaces[cell_name(steps[-1][1], last["seat"])][2]
        elif self.focus_point is None and self.targets:
            self.focus_point = self.spaces[min(self.targets)][2]
        point = self.focus_point
        if point is None and view.get("to_move") is not None:
            point = self.spaces[cell_name("L", view["to_move"])][2]
        return point

    # --- sound -----------------------------------------------------------------------------
    def sound_kind(self, snapshot, previous):
        """The effect of the move that made `snapshot` (the table plays it): a card drawn, a
        capture (sent to Launch), a move, or the end."""
        view = snapshot["view"]
        last = view.get("last_move") or {}
        if snapshot["is_over"]:
            return "win"
        if last.get("move") == "draw":
            return "draw"
        return "capture" if last.get("captures") else "move"

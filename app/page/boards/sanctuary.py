"""The Sanctuary board: the shared 60-space track with each team's arrow, entry crossing,
Launch, private Sanctuary and Finish; the drawn card; the move list; a preview with Confirm and
Cancel; and the shared board view (boards/viewport.py) that pans and zooms.

Choosing: tap a glowing pawn, then a glowing destination — or pick from the move list. Either
way the move is previewed (both steps of a Six split, and every capture) and only Confirm sends
it; Cancel chooses again. The view: drag to pan, pinch or Zoom in / Zoom out (only the board
changes size), Whole board, Readable view (back to the chosen zoom), Recenter (to the last move,
and follow play again). The chosen zoom is remembered apart on a phone and on a desktop.
"""

from boards.base import PickBoard
from boards.viewport import Viewport
from dom import button, el, on, reduced_motion, show
from pyscript.ffi import to_js

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


def action_words(colours, effect, move):
    """An action's effect in words ("T12 → T16, then T10 → T12 · sends Yellow on T16 to
    Launch"), from a preview or a last move: its steps, captures and the swapped rival."""
    words = ", then ".join(a + " → " + b for a, b in effect.get("steps") or []) or move
    captures = effect.get("captures") or []
    if captures:
        words += " · sends " + ", ".join(colours[s] + " on " + space for s, space in captures) + " to Launch"
    if effect.get("swapped"):
        seat, space = effect["swapped"]
        words += " · " + colours[seat] + "'s pawn there goes to " + space
    return words


class Board(PickBoard):
    cell_role = "button"  # a track of spaces, not rows and columns
    def __init__(self, parent, game, on_move):
        self.send = on_move
        self.view = None
        self.occupants = {}  # space name -> the seats of the pawns on it
        self.seats = 0
        self.moves = {}
        self.chosen = None  # the move being previewed
        self.ply = -1
        self.focus_point = None
        wrap = el("div", "sanctuary", parent=parent)
        self.card = el("div", "card-drawn", parent=wrap, aria_live="polite")
        self.card_name = el("strong", "card-name", "", self.card)
        self.card_text = el("span", "card-text", "", self.card)
        self.card_hint = el("span", "card-hint", "", self.card)
        self.card_last = el("span", "card-last", "", self.card)  # what the last turn played
        self.draw_button = button(self.card, "Draw a card", lambda: self.send("draw"), "btn primary")
        tools = el("div", parent=wrap)
        svg = el("svg", "board sanctuary-board", parent=wrap, svg=True, role="group",
                 aria_label="Sanctuary board", viewBox="0 0 {} {}".format(SIZE, SIZE))
        super().__init__(svg, self.choose, ghost_radius=14)
        self.viewport = Viewport(svg, (0, 0, SIZE, SIZE), "sanctuary", self.view_centre)
        self.viewport.toolbar(tools)
        self.draggable = False  # a drag pans the board
        self.preview = el("div", "preview", parent=wrap, aria_live="polite")
        self.preview_text = el("p", None, "", self.preview)
        bar = el("div", "controls", parent=self.preview)
        button(bar, "Confirm", self.confirm, "btn primary confirm")
        button(bar, "Cancel", self.cancel, "btn cancel")
        show(self.preview, False)
        self.list = el("div", "move-list", parent=wrap, role="list", aria_label="Moves")
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
        for seat, side in enumerate(view["sides"]):
            cls = " c" + str(seat)
            arrow, crossing = view["arrows"][seat], view["crossings"][seat]
            self.spaces[arrow][1].setAttribute("class", "space track arrow" + cls)
            self.spaces[crossing][1].setAttribute("class", "space track crossing" + cls)
            for number in range(1, 5):
                self._space(cell_name("S" + str(number), seat), place_of("S" + str(number), side),
                            "space sanctuary" + cls, 17)
            # Pawns fill Launch and Finish, so their names sit outside: Launch's above it, Finish's
            # beyond it (away from the Sanctuary that leads in).
            finish, beyond = place_of("F", side), rotate(2.5, 7.6, side)
            self._space(cell_name("F", seat), finish, "space finish" + cls, 30,
                        ("Finish", (beyond[0] - finish[0]) * UNIT, (beyond[1] - finish[1]) * UNIT + 4))
            self._space(cell_name("L", seat), place_of("L", side), "space launch" + cls, 30,
                        ("Launch", 0, -36))
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

    def update(self, snapshot, interactive):
        view = snapshot["view"]
        if self.pawn_layer is None:
            self._build(view)
        self.view = view
        to_move = snapshot["to_move"]
        if snapshot["ply"] != self.ply:
            self.chosen = None
            show(self.preview, False)
            self.ply = snapshot["ply"]
        self.draw_pawns(view)
        self.draw_card(view, interactive and view.get("phase") == "draw")
        mover = to_move if to_move is not None else 0
        targets = {}
        self.moves = {}
        if interactive and view.get("phase") == "act":
            for origin, options in snapshot["targets"].items():
                cells = []
                for dest, move, kind in options:
                    cells.append([cell_name(dest, mover), move, kind])
                targets[cell_name(origin, mover)] = cells
            for move in snapshot["legal_moves"]:
                self.moves[move] = view["previews"].get(move)
        self.card_hint.textContent = "Select a glowing pawn, then its destination." if targets else ""
        self.set_targets(targets, interactive, "c" + str(mover))
        self.draw_list(interactive)
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

    def draw_card(self, view, can_draw):
        card = view.get("card")
        drawing = view.get("phase") == "draw"
        to_move = view.get("to_move")
        self.card_name.textContent = card or "No card"
        if view.get("card_text") or not drawing or to_move is None:
            self.card_text.textContent = view.get("card_text") or ""
        else:  # the seed's words for the one who draws; the others see who does
            self.card_text.textContent = ("Draw a card to begin." if can_draw
                                          else view["colours"][to_move] + " draws next.")
        last = view.get("last_move") or {}
        self.card_last.textContent = self.played(last) if drawing and last.get("kind") else ""
        self.card.classList.toggle("empty", not card)
        if not can_draw and self.draw_button.matches(":focus"):
            self.keep_focus()
        show(self.draw_button, can_draw)

    def played(self, last):
        """The turn just played, card and all: "Red played Six: T12 → T16, then T10 → T12"."""
        colours = self.view["colours"]
        who, card = colours[last["seat"]], last.get("card") or ""
        if last["kind"] == "pass":
            return who + " passed with " + card
        return who + " played " + card + ": " + action_words(colours, last, last["move"])

    def draw_list(self, interactive):
        self.list.replaceChildren()
        if not interactive:
            return
        for move in sorted(self.moves, key=lambda m: ("," in m, m)):  # whole moves before splits
            if move == "pass":
                continue
            item = el("button", "btn small move", self.describe(move), self.list, type="button",
                      role="listitem", data_move=move)
            on(item, "click", lambda event, m=move: self.choose(m))

    def draw_last(self, view):
        last = view.get("last_move") or {}
        marked = set()
        for step in last.get("steps") or []:
            marked.add(cell_name(step[1], last["seat"]))
        for name, (group, shape, _) in self.spaces.items():
            shape.classList.toggle("last", name in marked)

    def describe(self, move):
        """The move in words for the list and the preview."""
        return action_words(self.view["colours"], self.moves.get(move) or {}, move)

    def label(self, name, kind):
        """A space's screen-reader text: its name, its pawns, and whether it is a target."""
        space, _, owner = name.partition("@")
        words = space
        if owner:
            zone = {"L": "Launch", "F": "Finish"}.get(space, "Sanctuary " + space[1:])
            words = self.view["colours"][int(owner)] + "'s " + zone
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

    # --- choosing, previewing, confirming ----------------------------------------------------
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
                for node in self.list.querySelectorAll("button"):
                    node.classList.toggle("match", node.dataset.move in found)
                self.list.scrollIntoView()
                return False
        return super().press(name)

    def choose(self, move):
        """Show what `move` does; Confirm sends it."""
        self.chosen = move
        preview = self.moves.get(move) or {}
        marked = set()
        seat = self.view["to_move"]
        for step in preview.get("steps") or []:
            marked.add(cell_name(step[1], seat))
        captured = set(space for _, space in preview.get("captures") or [])
        for name, (group, shape, _) in self.spaces.items():
            shape.classList.toggle("preview-dest", name in marked)
            shape.classList.toggle("preview-capture", name in captured)
        self.preview_text.textContent = self.describe(move)
        show(self.preview, True)
        # Below the board, Confirm may be off-screen (a phone, or a tall board): bring it in.
        self.preview.scrollIntoView(to_js({"block": "nearest",
                                           "behavior": "auto" if reduced_motion() else "smooth"}))

    def confirm(self):
        move, self.chosen = self.chosen, None
        if self.preview.matches(":focus-within"):
            self.keep_focus()
        show(self.preview, False)
        self._clear_preview()
        if move:
            self.lock()
            self.send(move)

    def cancel(self):
        self.chosen = None
        if self.preview.matches(":focus-within"):
            self.keep_focus()
        show(self.preview, False)
        self._clear_preview()
        self.deselect()

    def _clear_preview(self):
        for group, shape, _ in self.spaces.values():
            shape.classList.remove("preview-dest")
            shape.classList.remove("preview-capture")

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

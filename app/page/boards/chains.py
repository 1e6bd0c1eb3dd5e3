"""The Hex Chains board: the 463 hexes in SVG on the shared view (boards/viewport.py), the play
area of the table (the rest greyed, its blue or red line drawn), the starting hexes, every
placed piece in its colour, mark and outline, the latest placement ringed, the open link points
of the colour to move, and a ghost of the piece a person is placing.

How a person places a piece (the tray, the bar, taps, a mouse, keys) is boards/chains_place.py;
the tray and the bar are boards/chains_tray.py; geometry and words boards/chains_pieces.py.
The board holds no rules: a ghost fits when its move, spelled as the rules spell it, is one of
the snapshot's legal moves.
"""

from boards.base import BoardView
from boards.chains_pieces import (MARKS, RIM, SIZE, Pieces, board_hexes, centre, corner, hex_points,
                                  move_words, outline, parse_move, ring)
from boards.chains_place import OBSTACLE, Placing, middle
from boards.chains_tray import PlaceBar, Tray
from boards.viewport import Viewport
from catalog import COLOUR_HEX
from dom import el, on, show

AREA_WORDS = {"whole": "the whole board", "blue": "inside the blue lines", "red": "inside the red lines"}
KEYS = ("Keys: arrows move · R, Shift+R turn · F flip · N next fit · P next piece · "
        "L next link point · Enter places · Esc drops the piece")


class Board(Placing, BoardView):
    confirm_by = "always"  # a piece placed is sent by the place bar's Confirm (boards/chains_tray.py)

    def __init__(self, parent, game, on_move):
        self.send = on_move
        self.names = list(game["colours"])  # the six colours by index
        self.pieces = None
        self.view = None
        self.built = False
        self.cells = {}  # (q, r) -> polygon
        self.cell_class = {}
        self.glyphs = {}  # (q, r) -> text: the mark of the colour on it
        self.area = set()
        self.starts = []  # (colour, (q, r), group)
        self.starts_covered = None
        self.board_drawn = {}  # the board as drawn: "q,r" -> colour
        self.ring20_drawn = False
        self.drawn = {}  # what the page shows now, by part: each change costs a call into the browser
        self.outlined = []  # the placements outlined, in order
        self.link_key = None
        self.ply = None
        self.moves_key = None
        self.moves = set()
        self.by_piece = {}
        self.interactive = False
        self.phase = None  # what a person may do now: "play", "obstacles", "pick" or None
        self.mover = None  # the colour whose piece is placed (the obstacles' colour while placing them)
        self.picked = None
        self.shape = None  # the picked piece's cells relative to its handle, as it lies
        self.base = None  # the hex its handle is on
        self.pinned = False  # put there by a tap or a key (a mouse's hover only moves an unpinned ghost)
        self.pinned_ms = 0
        self.fit_origin, self.fit_list, self.fit_index = None, [], -1
        self.cursor = None
        self.look = None  # another colour whose pieces the tray shows
        self.link_index = -1
        self.tap = None
        self.pointer = "mouse"
        self.wrap = el("div", "chains", parent=parent)
        for index, name in enumerate(self.names):
            self.wrap.style.setProperty("--k" + str(index), COLOUR_HEX.get(name, "#777"))
        tools = el("div", "chains-tools", parent=self.wrap)
        points = [centre(q, r) for q, r in board_hexes()]
        pad = 14
        x0, y0 = min(x for x, _ in points) - pad, min(y for _, y in points) - pad
        box = (round(x0), round(y0), round(max(x for x, _ in points) + pad - x0),
               round(max(y for _, y in points) + pad - y0))
        self.svg = el("svg", "board chains-board", parent=self.wrap, svg=True, role="application",
                      tabindex="0", aria_roledescription="board", aria_label="Hex Chains board",
                      aria_describedby="chains-keys", viewBox="{} {} {} {}".format(*box))
        self.viewport = Viewport(self.svg, box, "chains", self.view_centre)
        self.viewport.toolbar(tools)
        el("p", "chains-keys", KEYS, self.wrap, id="chains-keys")
        self.where = el("p", "chains-where", "", self.wrap, aria_live="polite")  # the keyboard's hex, read out
        side = el("div", "chains-side", parent=self.wrap)
        self.bar = PlaceBar(side, {"rotate": self.turn, "flip": self.mirror, "next_fit": self.next_fit,
                                   "confirm": self.confirm, "cancel": self.cancel})
        self.tray = Tray(side, self.names, self.pick, self.look_at)
        self.legend = el("ul", "chains-legend", parent=side, aria_label="Colours")
        self.legend_items = []
        on(self.svg, "pointerdown", self._down)
        on(self.svg, "pointermove", self._move)
        on(self.svg, "pointerup", self._up)
        on(self.svg, "pointercancel", lambda event: self._forget_tap())
        on(self.svg, "pointerleave", self._leave)
        on(self.wrap, "keydown", self._key)

    # --- drawing the board once -----------------------------------------------------------
    def _build(self, view):
        svg = self.svg
        # The board's rim: a hexagon whose corners are the outer corners of its six tip hexes;
        # its sides cut the hexes of ring 22 in half.
        outer = " ".join("{:.1f},{:.1f}".format(*corner(0, 0, k, (RIM + 1) * SIZE)) for k in range(6))
        defs = el("defs", parent=svg, svg=True)
        clip = el("clipPath", parent=defs, svg=True, id="chains-rim")
        el("polygon", parent=clip, svg=True, points=outer)
        el("polygon", "backing", parent=svg, svg=True, points=outer)
        stubs = el("g", "rim", parent=svg, svg=True, clip_path="url(#chains-rim)")
        for q in range(-16, 17):
            for r in range(-15, 16):
                if ring(q, r) == 22:
                    el("polygon", "hx stub", parent=stubs, svg=True, points=hex_points(q, r, 9.4))
        for key, (low, high) in view["rows"].items():
            for q in range(low, high + 1):
                self.area.add((q, int(key)))
        layer = el("g", "cells", parent=svg, svg=True)
        for q, r in board_hexes():
            cls = "hx" if (q, r) in self.area else "hx off"
            self.cells[(q, r)] = el("polygon", cls, parent=layer, svg=True, points=hex_points(q, r, 9.4),
                                    data_hex="{},{}".format(q, r))
            self.cell_class[(q, r)] = cls
        if view["area"] != "whole":
            el("path", "area-line " + view["area"], parent=svg, svg=True, d=outline(sorted(self.area)))
        self.glyph_layer = el("g", "glyphs", parent=svg, svg=True, aria_hidden="true")
        self.outline_layer = el("g", "outlines", parent=svg, svg=True)
        start_layer = el("g", "starts", parent=svg, svg=True, aria_hidden="true")
        for colour, info in enumerate(view["colours"]):
            q, r = info["start"]
            x, y = centre(q, r)
            group = el("g", "start k" + str(colour), parent=start_layer, svg=True)
            el("circle", "start-ring", parent=group, svg=True, cx="{:.1f}".format(x), cy="{:.1f}".format(y), r=7.2)
            el("text", "start-mark", MARKS[colour], group, svg=True, x="{:.1f}".format(x), y="{:.1f}".format(y + 3.2))
            self.starts.append((colour, (q, r), group))
        self.last_path = el("path", "last", parent=svg, svg=True, d="")
        self.last_inner = el("path", "last-in", parent=svg, svg=True, d="")
        self.links = el("path", "link", parent=svg, svg=True, aria_hidden="true", d="")
        self.ghost = el("g", "ghost", parent=svg, svg=True)
        self.cursor_hex = el("polygon", "cursor", parent=svg, svg=True, points=hex_points(0, 0, 9.4))
        self.pieces = Pieces(view["shapes"])
        self.built = True
        table = self.wrap.closest(".table")
        if table is not None:  # a seat's chip and log entries in its first colour (not a mix's grey)
            for seat in range(view["seats"]):
                first = [c["name"] for c in view["colours"] if c["seat"] == seat][0]
                table.style.setProperty("--c" + str(seat), COLOUR_HEX.get(first, "#777"))

    # --- each snapshot ----------------------------------------------------------------------
    def update(self, snapshot, interactive):
        view = snapshot["view"]
        if not self.built:
            self._build(view)
        self.view = view
        if snapshot["ply"] != self.ply:
            self.ply = snapshot["ply"]
            self.picked = self.shape = self.base = self.look = None
            self.pinned = False
            self.fit_origin, self.fit_list, self.fit_index = None, [], -1
            self.link_index = -1
        moves = snapshot["legal_moves"] if interactive else []
        self.interactive = bool(moves)
        self._read_moves(moves)
        phase = view["phase"]
        self.phase = phase if self.interactive and phase in ("play", "obstacles", "pick") else None
        self.mover = OBSTACLE if phase == "obstacles" else view["colour_to_move"]
        if self.cursor is None:
            self.cursor = self._home_hex()
        self._draw_cells(view)
        self._draw_outlines(view)
        self._draw_links(view)
        self.draw_interaction()
        self.viewport.follow_play()

    def _read_moves(self, moves):
        """The legal moves by piece: {piece id: [(cells, move), ...]} (parsed once a position)."""
        key = (self.ply, len(moves), moves[0] if moves else None)
        if key == self.moves_key:
            return
        self.moves_key = key
        self.moves = set(moves)
        self.by_piece = {}
        for move in moves:
            parsed = parse_move(move)
            if parsed is None:
                continue
            kind, _, cells, pid = parsed
            if kind != "pick":
                pid = self.pieces.piece_of(cells)
            self.by_piece.setdefault(pid, []).append((tuple(cells), move))

    def _home_hex(self):
        """Where the keyboard's hex starts: the colour to move's starting hex, else the centre."""
        colour = self.view["colour_to_move"]
        if colour is not None and colour < len(self.view["colours"]):
            return tuple(self.view["colours"][colour]["start"])
        return (0, 0)

    def _draw_cells(self, view):
        """Colour and mark the hexes that changed since the last snapshot."""
        board = view["board"]
        ring20 = view["phase"] in ("pick", "obstacles")
        before = self.board_drawn
        changed = [key for key, colour in board.items() if before.get(key) != colour]
        changed += [key for key in before if key not in board]
        if ring20 != self.ring20_drawn:
            self.ring20_drawn = ring20
            changed += ["{},{}".format(q, r) for q, r in self.cells if ring(q, r) == 20]
        for key in changed:
            q, r = key.split(",")
            cell = (int(q), int(r))
            colour = board.get(key)
            if colour is not None:
                cls = "hx k" + str(colour)
            else:
                cls = "hx" if cell in self.area else "hx off"
                if ring20 and ring(*cell) == 20:
                    cls += " r20"
            if cls != self.cell_class[cell]:
                self.cells[cell].setAttribute("class", cls)
                self.cell_class[cell] = cls
            glyph = self.glyphs.get(cell)
            if colour is not None and (glyph is None or glyph[1] != colour):
                if glyph is not None:
                    glyph[0].remove()
                x, y = centre(*cell)
                node = el("text", "glyph k" + str(colour), MARKS[colour], self.glyph_layer, svg=True,
                          x="{:.1f}".format(x), y="{:.1f}".format(y + 3))
                self.glyphs[cell] = (node, colour)
            elif colour is None and glyph is not None:
                glyph[0].remove()
                del self.glyphs[cell]
        self.board_drawn = dict(board)
        covered = tuple("{},{}".format(*cell) in board for _, cell, _ in self.starts)
        if covered != self.starts_covered:
            self.starts_covered = covered
            for (_, _, group), hidden in zip(self.starts, covered):
                show(group, not hidden)

    def _draw_outlines(self, view):
        """Each piece's outline (obstacles first, then the placements in order); the latest ringed."""
        pieces = [(OBSTACLE, p["hexes"]) for p in (view.get("obstacles") or {}).get("placed") or []]
        pieces += [(p["colour"], p["hexes"]) for p in view["placements"]]
        keep = 0
        while keep < min(len(pieces), len(self.outlined)) and self.outlined[keep][0] == pieces[keep]:
            keep += 1
        for _, node in self.outlined[keep:]:
            node.remove()
        self.outlined = self.outlined[:keep]
        for colour, hexes in pieces[keep:]:
            node = el("path", "piece-line k" + str(colour), parent=self.outline_layer, svg=True,
                      d=outline([tuple(cell) for cell in hexes]))
            self.outlined.append(((colour, hexes), node))
        last = self.latest(view)
        if self.drawn.get("last") != last:
            self.drawn["last"] = last
            self.last_path.setAttribute("d", outline(last) if last else "")
            self.last_inner.setAttribute("d", outline(last) if last else "")

    def latest(self, view):
        """The hexes of the latest placement or obstacle, or []."""
        history = view["history"]
        parsed = parse_move(history[-1]) if history else None
        return parsed[2] if parsed else []

    def _draw_links(self, view):
        colour = view["colour_to_move"]
        points = []
        if colour is not None and view["phase"] == "play":
            points = view["colours"][colour]["link_points"]
        key = (colour, tuple(tuple(p) for p in points))
        if key == self.link_key:
            return
        self.link_key = key
        dots = []
        for q, r in points:  # one path of circles: one call into the browser, not one per dot
            x, y = centre(q, r)
            dots.append("M{:.1f} {:.1f}a3.2 3.2 0 1 0 6.4 0a3.2 3.2 0 1 0 -6.4 0".format(x - 3.2, y))
        self.links.setAttribute("class", "link k" + str(colour))
        self.links.setAttribute("d", "".join(dots))

    # --- the ghost, the tray, the bar, the legend ------------------------------------------------
    def draw_interaction(self):
        self._draw_ghost()
        self._draw_cursor()
        self._draw_tray()
        self._draw_bar()
        self._draw_legend()
        placing = self.phase in ("play", "obstacles")
        if self.drawn.get("placing") != placing:
            self.drawn["placing"] = placing
            self.svg.classList.toggle("interactive", placing)

    def _draw_ghost(self):
        cells = self.ghost_cells() if self.phase in ("play", "obstacles") else []
        fits = self.fits_now()
        state = (tuple(cells), fits, self.mover)
        if self.drawn.get("ghost") == state:
            return
        self.drawn["ghost"] = state
        self.ghost.replaceChildren()
        self.ghost.setAttribute("data-move", (self.current_move() or "") if cells else "")
        if not cells:
            self.ghost.setAttribute("class", "ghost")
            return
        self.ghost.setAttribute("class", "ghost k{} {}".format(self.mover, "fits" if fits else "no-fit"))
        for q, r in cells:
            el("polygon", "ghost-hex", parent=self.ghost, svg=True, points=hex_points(q, r, 8.6))
        x, y = centre(*self.base)
        el("text", "ghost-sign", "✓" if fits else "✕", self.ghost, svg=True,
           x="{:.1f}".format(x), y="{:.1f}".format(y + 3.5))

    def _draw_cursor(self):
        q, r = self.cursor or (0, 0)
        if self.drawn.get("cursor") == (q, r):
            return
        self.drawn["cursor"] = (q, r)
        x, y = centre(q, r)
        self.cursor_hex.setAttribute("transform", "translate({:.1f},{:.1f})".format(x, y))

    def describe(self, cell):
        """Hex `cell` in words for a screen reader: what is on it, whose start or link point it is."""
        view = self.view
        colour = view["board"].get("{},{}".format(*cell))
        words = "{},{}: {}".format(cell[0], cell[1], self.names[colour] if colour is not None else "empty")
        if cell not in self.area:
            words += ", outside the play area"
        for index, info in enumerate(view["colours"]):
            if tuple(info["start"]) == cell and colour is None:
                words += ", {}'s starting hex".format(info["name"])
        mover = view["colour_to_move"]
        if mover is not None and list(cell) in view["colours"][mover]["link_points"]:
            words += ", {}'s link point".format(self.names[mover])
        return words

    def _draw_legend(self):
        view = self.view
        rows = tuple((colour == view["colour_to_move"], info["out"], info["placed"], info["left"])
                     for colour, info in enumerate(view["colours"]))
        if self.drawn.get("legend") == rows:
            return
        self.drawn["legend"] = rows
        if not self.legend_items:
            for colour in range(len(rows)):
                item = el("li", "k" + str(colour), parent=self.legend)
                el("span", "dot k" + str(colour), MARKS[colour], item, aria_hidden="true")
                el("span", "who", self.names[colour], item)
                self.legend_items.append((item, el("span", "nums", "", item), el("span", "state", "", item)))
        for colour, (up, out, placed, left) in enumerate(rows):
            item, nums, state = self.legend_items[colour]
            item.setAttribute("class", "k" + str(colour) + (" up" if up else "") + (" out" if out else ""))
            nums.textContent = "{} placed · {} left".format(placed, left)
            state.textContent = "to move" if up else ("out" if out else "")

    # --- what the table asks -----------------------------------------------------------------------
    def seat_names_of(self, view):
        """Each seat named by its colours ("Red & Yellow" when a player has two)."""
        names = []
        for seat in range(view["seats"]):
            own = [c["name"] for c in view["colours"] if c["seat"] == seat]
            names.append(own[0] if len(own) == 1 else ", ".join(own[:-1]) + " & " + own[-1])
        return names

    def seat_names(self, snapshot):
        return self.seat_names_of(snapshot["view"]) if snapshot else None

    def log_text(self, seat, move):
        names = self.seat_names_of(self.view) if self.view else self.names
        return move_words(move, self.pieces, self.names, names[seat] if seat is not None and seat < len(names) else "")

    def meta(self, snapshot):
        view = snapshot["view"]
        phase = view["phase"]
        names = self.seat_names_of(view)
        obstacles = view.get("obstacles") or {}
        if phase == "pick":
            return "Obstacles: {} picks · {} of 15 left".format(names[view["to_move"]], len(obstacles["pool"]))
        if phase == "obstacles":
            arcs = " ".join("{}/3".format(arc["obstacles"]) for arc in obstacles["arcs"])
            return "Obstacles: {} places one · between starting hexes {}".format(names[view["to_move"]], arcs)
        parts = []
        colour = view["colour_to_move"]
        if colour is not None:
            up = "{} {} to place".format(self.names[colour], MARKS[colour])
            if view["seats"] == 2:
                up += " (" + names[view["colours"][colour]["seat"]] + ")"
            parts.append(up)
        out = [c["name"] for c in view["colours"] if c["out"]]
        if out and colour is not None:
            parts.append("out: " + ", ".join(out))
        parts.append(AREA_WORDS.get(view["area"], view["area"]))
        return " · ".join(parts)

    def view_centre(self):
        """Where the view follows play: on a person's turn the colour's own latest piece (or its
        starting hex), else the latest placement."""
        view = self.view
        if view is None:
            return None
        colour = view["colour_to_move"]
        if self.phase == "play" and colour is not None:
            own = [p["hexes"] for p in view["placements"] if p["colour"] == colour]
            return middle([tuple(c) for c in own[-1]]) if own else centre(*view["colours"][colour]["start"])
        last = self.latest(view)
        return middle(last) if last else None

"""Hex Chains on the page: the tray of pieces, and the bar that turns, flips and places the
picked one (boards/chains.py draws the board and the ghost).

The tray shows one colour's unplaced pieces as buttons (a small drawing of each, named in words
for a screen reader): the colour to move's, which a person picks from, or on demand any other
colour's, only to look at. Pieces without a legal placement now are dimmed; after a tap on the
board, the pieces that fit through that hex are ringed.
"""

from boards.chains_pieces import MARKS, NAMES, centre, hex_points
from dom import button, el, on, show

def piece_icon(parent, cells, cls):
    """A small SVG drawing of a piece's cells (any orientation), fitted to its box."""
    points = [centre(q, r) for q, r in cells]
    xs = [x for x, _ in points]
    ys = [y for _, y in points]
    pad = 11
    box = (min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad)
    side = max(box[2], box[3], 48)
    x0 = box[0] - (side - box[2]) / 2
    y0 = box[1] - (side - box[3]) / 2
    svg = el("svg", cls, parent=parent, svg=True, aria_hidden="true", focusable="false",
             viewBox="{:.1f} {:.1f} {:.1f} {:.1f}".format(x0, y0, side, side))
    for q, r in cells:
        el("polygon", "tp", parent=svg, svg=True, points=hex_points(q, r, 9.3))
    return svg


class Tray:
    """The pieces of one colour. `on_pick(pid, by_keyboard)` hears a tap on a pickable piece;
    `on_look(colour)` a tap on another colour's tab (None: back to the colour to move)."""

    def __init__(self, parent, colour_names, on_pick, on_look):
        self.colour_names = colour_names
        self.on_pick = on_pick
        self.on_look = on_look
        self.root = el("section", "tray", parent=parent, aria_label="Pieces")
        head = el("div", "tray-head", parent=self.root)
        self.title = el("h3", "tray-title", "", head)
        self.tabs = el("div", "tray-tabs", parent=head, role="group", aria_label="Show the pieces of")
        self.tab_buttons = []
        self.list = el("div", "tray-pieces", parent=self.root, role="group", aria_label="Pieces left")
        self.note = el("p", "tray-note", "", self.root)
        self.key = None  # the colour shown
        self.lists = {}  # colour -> (its group of buttons, {piece id: button})
        self.buttons = {}
        self.states = {}
        self.drawn = {}  # what the page shows now, to change only what changes

    def set_tabs(self, colours):
        """One small button per colour in play (`colours`: indexes), to look at its pieces."""
        if [b[0] for b in self.tab_buttons] == colours:
            return
        self.tabs.replaceChildren()
        self.tab_buttons = []
        self.drawn.pop("tab", None)
        for colour in colours:
            node = button(self.tabs, MARKS[colour], lambda c=colour: self.on_look(c),
                          "btn small tab k" + str(colour),
                          aria_label=self.colour_names[colour] + "'s pieces", aria_pressed="false",
                          title=self.colour_names[colour])
            self.tab_buttons.append((colour, node))

    def draw(self, colour, title, pieces, shapes, pickable, picked, fits, note):
        """Show `pieces` (ids) of `colour`: `pickable` the ids a tap picks (None: look only),
        `picked` the one in hand, `fits` the ids that fit through the tapped hex."""
        self._fill(colour, pieces, shapes)
        if self.drawn.get("title") != title:
            self.title.textContent = self.drawn["title"] = title
        if self.drawn.get("tab") != (colour, len(self.tab_buttons)):
            self.drawn["tab"] = (colour, len(self.tab_buttons))
            for tab_colour, node in self.tab_buttons:
                node.setAttribute("aria-pressed", "true" if tab_colour == colour else "false")
        for pid, node in self.buttons.items():
            blocked = pickable is not None and pid not in pickable
            state = (blocked, pickable is None, pid == picked, pid in fits)
            if self.states.get(pid) == state:
                continue  # each change of the page costs a call into the browser: only changes
            self.states[pid] = state
            size = len(shapes[pid])
            words = NAMES.get(pid, pid) + ", " + str(size) + (" hex" if size == 1 else " hexes")
            if blocked:
                words += ", no place for it now"
            elif pid in fits:
                words += ", fits the chosen hex"
            node.setAttribute("aria-label", words)
            node.setAttribute("aria-pressed", "true" if pid == picked else "false")
            node.setAttribute("class", "tray-piece k{}{}{}{}".format(
                colour, " blocked" if blocked else "", " look" if pickable is None else "",
                " fits" if pid in fits and pid != picked else ""))
            node.disabled = blocked
        if self.drawn.get("note") != note:
            self.note.textContent = self.drawn["note"] = note
            show(self.note, bool(note))

    def _fill(self, colour, pieces, shapes):
        """Show `colour`'s buttons for `pieces`: each colour's are made once and kept (a piece
        placed loses its button; after an Undo the colour's buttons are made again)."""
        lists = self.lists
        if colour not in lists or any(pid not in lists[colour][1] for pid in pieces):
            if colour in lists:
                lists[colour][0].remove()
            group = el("div", "tray-set", parent=self.list)
            buttons = {}
            for pid in pieces:
                node = el("button", "tray-piece k" + str(colour), parent=group, type="button",
                          data_piece=pid, title=NAMES.get(pid, pid))
                piece_icon(node, shapes[pid], "piece-icon")
                on(node, "click", lambda event, p=pid: self._click(event, p))
                buttons[pid] = node
            lists[colour] = (group, buttons)
            self.drawn[colour] = {}
        group, buttons = lists[colour]
        for pid in [p for p in buttons if p not in pieces]:
            buttons.pop(pid).remove()
        if self.key != colour:
            if self.key in lists:
                show(lists[self.key][0], False)
            show(group, True)
            self.key = colour
        self.buttons = buttons
        self.states = self.drawn[colour]

    def _click(self, event, pid):
        state = self.states.get(pid)
        if state is not None and not state[1]:  # not a piece only to look at
            self.on_pick(pid, event.detail == 0)  # detail 0: Enter or Space, not a pointer

    def focus_piece(self, pid):
        node = self.buttons.get(pid)
        if node is not None:
            node.focus()


class PlaceBar:
    """What to do with the picked piece: its drawing (a tap turns it), rotate both ways, flip,
    next fit, Confirm and Cancel; and a line saying whether the ghost fits."""

    def __init__(self, parent, actions):
        self.root = el("div", "place-bar", parent=parent)
        self.info = el("p", "place-info", "", self.root, aria_live="polite")
        tools = el("div", "place-tools", parent=self.root, role="group", aria_label="Place the piece")
        self.orient = el("button", "btn orient", parent=tools, type="button",
                         aria_label="Turn the piece (R)", title="Tap to turn")
        on(self.orient, "click", lambda event: actions["rotate"](1))
        self.left = button(tools, "↺", lambda: actions["rotate"](-1), "btn icon",
                           aria_label="Turn anticlockwise (Shift+R)", title="Turn anticlockwise")
        self.right = button(tools, "↻", lambda: actions["rotate"](1), "btn icon",
                            aria_label="Turn clockwise (R)", title="Turn clockwise")
        self.flip = button(tools, "⇋ Flip", actions["flip"], "btn flip", aria_label="Flip (F)", title="Flip")
        self.next = button(tools, "Next fit", actions["next_fit"], "btn next-fit",
                           aria_label="Next fit through this hex (N)")
        self.confirm = button(tools, "Confirm", actions["confirm"], "btn primary confirm",
                              aria_label="Confirm: place the piece (Enter)")
        self.cancel = button(tools, "Cancel", actions["cancel"], "btn cancel", aria_label="Cancel (Escape)")
        self.shape_key = None
        self.drawn = None

    def draw(self, shown, info, shape, colour, can_turn, has_fits, legal, is_pick):
        """`shape`: the picked piece as it lies (offsets), or None; `is_pick`: the obstacle pick
        phase, where Confirm takes the piece and nothing turns."""
        state = (shown, info, tuple(shape) if shape else None, colour, can_turn, has_fits, legal, is_pick)
        if state == self.drawn:
            return
        self.drawn = state
        show(self.root, shown)
        self.info.textContent = info
        key = (tuple(shape) if shape else None, colour)
        if key != self.shape_key:
            self.shape_key = key
            self.orient.replaceChildren()
            if shape:
                piece_icon(self.orient, shape, "piece-icon k" + str(colour))
        for node in (self.orient, self.left, self.right, self.flip):
            show(node, bool(shape) and not is_pick)
            node.disabled = not can_turn
        show(self.next, bool(shape) and not is_pick)
        self.next.disabled = not has_fits
        self.confirm.textContent = "Pick" if is_pick else "Confirm"
        self.confirm.disabled = not legal
        show(self.cancel, bool(shape))

    def has_focus(self):
        return self.root.matches(":focus-within")

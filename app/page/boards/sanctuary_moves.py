"""Sanctuary's move list and preview, below the board: every legal move in words (whole moves
before Six splits), and the chosen move — from the list or from a pawn and a destination on
the board — previewed with Confirm and Cancel; only Confirm sends it."""

from boards.sanctuary_card import action_words
from dom import button, el, on, reduced_motion, show
from pyscript.ffi import to_js


class MoveChoice:
    """`board` marks the preview on the track (mark_preview), keeps the keyboard's place
    (keep_focus), locks and deselects; `send(move)` plays a confirmed move."""

    def __init__(self, parent, board, send):
        self.board = board
        self.send = send
        self.moves = {}  # legal move -> its preview (steps, captures, swapped)
        self.colours = []
        self.chosen = None  # the move being previewed
        self.preview = el("div", "preview", parent=parent, aria_live="polite")
        self.preview_text = el("p", None, "", self.preview)
        bar = el("div", "controls", parent=self.preview)
        button(bar, "Confirm", self.confirm, "btn primary confirm")
        button(bar, "Cancel", self.cancel, "btn cancel")
        show(self.preview, False)
        self.list = el("div", "move-list", parent=parent, role="list", aria_label="Moves")

    def reset(self):
        """A new position: nothing is chosen."""
        self.chosen = None
        show(self.preview, False)

    def draw(self, moves, colours, interactive):
        """The list of `moves` ({move: preview}); empty when not `interactive`."""
        self.moves = moves
        self.colours = colours
        self.list.replaceChildren()
        if not interactive:
            return
        for move in sorted(moves, key=lambda m: ("," in m, m)):  # whole moves before splits
            if move == "pass":
                continue
            item = el("button", "btn small move", self.describe(move), self.list, type="button",
                      role="listitem", data_move=move)
            on(item, "click", lambda event, m=move: self.choose(m))

    def describe(self, move):
        """The move in words for the list and the preview."""
        return action_words(self.colours, self.moves.get(move) or {}, move)

    def mark_hint(self, move):
        """Mark the hinted `move` in the list (None: none): a dashed edge and the word "hint"."""
        for node in self.list.querySelectorAll("button"):
            hinted = move is not None and node.dataset.move == move
            tag = node.querySelector(".hint-tag")
            node.classList.toggle("hinted", hinted)
            if hinted and tag is None:
                el("span", "hint-tag", " · hint", node)
            elif not hinted and tag is not None:
                tag.remove()

    def show_matches(self, found):
        """Several moves share the tapped destination (Six splits): pick one in the list."""
        for node in self.list.querySelectorAll("button"):
            node.classList.toggle("match", node.dataset.move in found)
        self.list.scrollIntoView()

    def choose(self, move):
        """Show what `move` does; Confirm sends it."""
        self.chosen = move
        self.board.mark_preview(self.moves.get(move) or {})
        self.preview_text.textContent = self.describe(move)
        show(self.preview, True)
        # Below the board, Confirm may be off-screen (a phone, or a tall board): bring it in.
        self.preview.scrollIntoView(to_js({"block": "nearest",
                                           "behavior": "auto" if reduced_motion() else "smooth"}))

    def confirm(self):
        move = self.chosen
        self.close()
        if move:
            self.board.lock()
            self.send(move)

    def cancel(self):
        self.close()
        self.board.deselect()

    def close(self):
        self.chosen = None
        if self.preview.matches(":focus-within"):
            self.board.keep_focus()
        show(self.preview, False)
        self.board.mark_preview(None)

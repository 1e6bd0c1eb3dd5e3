"""Move confirmation at the table, for every game (docs/ui.md "Move confirmation"): with the
setting on, a board's move waits, marked on the board (`BoardView.show_pending`) and said in words
with Confirm and Cancel under it, until Confirm (or the same move chosen again) sends it.

A board whose own way of choosing already ends in a Confirm for every move (`BoardView.confirm_by`
"always") is never asked twice, and a board that shows the move waiting itself ("board") follows
the same setting. The setting ("Confirm moves" in the table's controls) is saved on this
device; until the person chooses, it is on at an online table on a touch screen (the pure part is
app/shared/move_confirm.py)."""

from dom import button, el, now_ms, reduced_motion, show
from move_confirm import CONFIRM, KEY, PENDING, PendingMove, confirming
from pyscript import window
from pyscript.ffi import to_js


def touch_screen():
    return bool(window.matchMedia("(pointer: coarse)").matches)


class MoveConfirm:
    """The bar under the board (beside it on a wide screen) and the move waiting. `table` is the
    TableScreen: its board, its colours, and `send_move(move)` which plays a confirmed move."""

    def __init__(self, parent, table, online):
        self.table = table
        self.online = online
        self.pending = PendingMove()
        self.node = el("div", "move-confirm", parent=parent, role="group", aria_label="Your move waits")
        self.text = el("p", None, "", self.node, aria_live="polite")
        bar = el("div", "confirm-actions", parent=self.node)  # not "controls": the table's own bar
        self.confirm_button = button(bar, "Confirm", self.confirm, "btn primary confirm")
        button(bar, "Cancel", self.cancel, "btn cancel")
        show(self.node, False)
        board = table.board
        board.withdraw = self.cancel  # Escape or a tap elsewhere on the board drops it
        self.mode = getattr(board, "confirm_by", "table")
        board.set_confirming(self.on())

    def offered(self):
        """Whether the setting applies to this table's board (it does not always confirm)."""
        return self.mode != "always"

    def on(self):
        return self.offered() and confirming(window.localStorage.getItem(KEY), self.online, touch_screen(),
                                             getattr(self.table.board, "confirm_on_touch", False))

    def toggle(self):
        """The controls' Confirm moves: the opposite of what holds now, saved on this device."""
        now_on = not self.on()
        window.localStorage.setItem(KEY, "on" if now_on else "off")
        if not now_on:
            self.cancel()
        self.table.board.set_confirming(now_on)
        return now_on

    def propose(self, move, seat, ply):
        """A person's move from the board: True if it is to be sent now (the setting is off, the
        board confirmed it itself, or it is the move waiting, chosen again), else it waits."""
        if self.mode != "table" or not self.on():
            return True
        verdict = self.pending.propose(move, seat, ply, now_ms())
        if verdict == CONFIRM:
            self.close()
            return True
        if verdict == PENDING:
            self.open(move, seat)
        return False

    def open(self, move, seat):
        table = self.table
        colours = table.colours()
        who = colours[seat] if seat is not None and 0 <= seat < len(colours) else ""
        table.board.show_pending(move)
        self.text.textContent = (who + ": " if who else "") + table.board.move_words(seat, move) + " — Confirm?"
        show(self.node, True)
        # Under the board on a phone Confirm may be off-screen: bring it in (the board stays put).
        self.node.scrollIntoView(to_js({"block": "nearest", "behavior": "auto" if reduced_motion() else "smooth"}))

    def confirm(self):
        taken = self.pending.take()
        self.close()
        snap = self.table.snapshot
        if taken is None or snap is None or (snap["ply"], snap["to_move"]) != (taken[2], taken[1]):
            return
        self.table.send_move(taken[0])

    def cancel(self):
        if self.pending.waiting() or not self.node.hasAttribute("hidden"):
            self.pending.clear()
            self.close()

    def close(self):
        """Hide the bar and unmark the board (the keyboard goes on from the board)."""
        self.pending.clear()
        if self.node.matches(":focus-within"):
            self.table.board.keep_focus()
        show(self.node, False)
        self.table.board.show_pending(None)

    def drawn(self, snapshot, interactive):
        """A new snapshot was drawn: a move waiting for an older position (or a board that offers
        no move now) is dropped."""
        if self.pending.stale(snapshot["ply"], snapshot["to_move"], interactive):
            self.close()

"""Move confirmation, the pure part: whether a person's moves wait for Confirm, and the move
waiting (screens/table_confirm.py draws it; docs/ui.md "Move confirmation"); and whether the
table passes by itself for a person whose only move is to pass.

Online there is no Undo, so a mis-tap would be final. With the setting on, a board's move is not
sent: it waits (shown on the board, said in words) until Confirm, or the same move chosen again
(its target tapped again, Enter again); Cancel, Escape or a tap elsewhere drops it. No game is
named here: every board proposes its moves the same way.
"""

KEY = "parlor.confirm"  # the device's choice: "on" or "off"; absent: the default
DOUBLE_TAP_MS = 400  # the same move chosen again this soon is one tap (a double tap), not Confirm

PENDING, CONFIRM, IGNORE = "pending", "confirm", "ignore"
AUTO_PASS_KEY = "parlor.autopass"  # "off": a forced pass waits for the person's Pass


def passes_by_itself(stored):
    """Whether the table passes for a person whose only move is to pass (after a moment): yes
    unless the device chose "off" (the manual pass kept)."""
    return stored != "off"


def confirming(stored, online, touch, anywhere_on_touch=False):
    """Whether moves wait for Confirm: the device's choice (`stored`, "on" or "off") or, if it
    never chose, the default: on at an online table on a touch screen, off elsewhere (on any
    table on a touch screen for a board of small targets: `anywhere_on_touch`)."""
    if stored in ("on", "off"):
        return stored == "on"
    return bool(touch) and (bool(online) or bool(anywhere_on_touch))


class PendingMove:
    """The move waiting for Confirm: what was proposed, by which seat, against which position."""

    def __init__(self):
        self.move = None
        self.seat = None
        self.ply = None
        self.at_ms = None

    def waiting(self):
        return self.move is not None

    def propose(self, move, seat, ply, now_ms):
        """A board proposes `move` for `seat` at position `ply`: PENDING (it now waits), CONFIRM
        (the move waiting, chosen again: send it) or IGNORE (chosen again within DOUBLE_TAP_MS)."""
        if self.move == move and self.seat == seat and self.ply == ply:
            if now_ms - self.at_ms < DOUBLE_TAP_MS:
                return IGNORE
            return CONFIRM
        self.move, self.seat, self.ply, self.at_ms = move, seat, ply, now_ms
        return PENDING

    def take(self):
        """The move waiting as (move, seat, ply), which no longer waits; None if none does."""
        if self.move is None:
            return None
        taken = (self.move, self.seat, self.ply)
        self.clear()
        return taken

    def clear(self):
        self.move = self.seat = self.ply = self.at_ms = None

    def stale(self, ply, seat, interactive):
        """Whether the move waiting no longer fits the table: another position or seat to move,
        or the board offers no move now (paused, replaying, the game over, on hold)."""
        return self.move is not None and (not interactive or ply != self.ply or seat != self.seat)

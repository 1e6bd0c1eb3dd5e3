"""Replay at the table: any earlier position on the board, the live game untouched underneath.

First / back / forward / last under the move log, the keys (Left or Up: back, Right or Down:
forward, Home: the start, End or Escape: back to the game) while the keyboard is on the move log
or on these controls (never on the board, whose arrow keys move between its cells), and a tap on a
move in the log show the position after that move. The board draws it as any snapshot, offering
no move; the status line says "Viewing move 23 of 57" and the row under the controls offers
"Back to the game". Moves keep coming meanwhile (a computer's, a remote player's): the table
draws them everywhere but on the board, and the status and that row say how many came.

Where a position comes from: every live snapshot this page draws is kept (the last KEEP plies),
so a position seen here is shown at once, exactly as it was seen, with only what this seat could
see then. A guest has nothing else (the host sends views, never the game). A table on this device
and the host of a room ask their engine for the others (`transport.replay(ply)`: the engine's
replay_view / room_replay_view, the same view rule). No per-game code: a position is the rules'
start plus a prefix of the moves, and the board draws it as it draws any snapshot.
"""

import asyncio

from dom import button, el, on, show
from pyscript import window
from pyscript.ffi import to_js

KEEP = 1000  # positions kept on the page: the last KEEP plies (a guest's only source)
POSITION = ("ply", "view", "to_move", "last_move", "is_over", "winners", "scores", "end_reason")
STILL = {"human_turn": False, "ai_turn": False, "legal_moves": [], "targets": {}, "replay": True}
KEYS = {"ArrowLeft": "back", "ArrowUp": "back", "ArrowRight": "forward", "ArrowDown": "forward",
        "Home": "first", "End": "last", "Escape": "last"}


def game_of(snapshot):
    """What makes a game another one (a rematch, a new table): positions of one never serve the
    other. Names are left out: a guest taking a seat changes them mid-game."""
    config = snapshot.get("config") or {}
    seats = [(seat.get("kind"), seat.get("level")) for seat in config.get("seats") or []]
    return (config.get("game"), config.get("variant"), config.get("options"), seats)


def common_prefix(old, new):
    """How many first entries two move logs share."""
    count = min(len(old), len(new))
    for index in range(count):
        if old[index] != new[index]:
            return index
    return count


def plural(count, word):
    return "{} {}{}".format(count, word, "" if count == 1 else "s")


class Replay:
    """The replay of a TableScreen (`table`): its controls, after the move log, and the
    positions it keeps. `viewing` is the ply shown (None: the live game)."""

    def __init__(self, parent, table, transport):
        self.table = table
        self.transport = transport
        self.positions = {}  # ply -> the position after that many moves (POSITION keys)
        self.log = []  # the live log the kept positions belong to
        self.game = None
        self.generation = 0  # bumped when kept positions are dropped: late answers are stale
        self.viewing = None
        self.entered_at = 0  # the live ply when the viewing began: what came since is news
        self.over_at_entry = False
        self.marked = None  # the log entry marked as viewed
        self.node = el("div", "replay", parent=parent, role="group", aria_label="Replay the game")
        nav = el("div", "replay-nav", parent=self.node)
        self.first_button = button(nav, "«", lambda: self.move("first"), "btn small replay-first",
                                   aria_label="First: the start of the game")
        self.back_button = button(nav, "‹", lambda: self.move("back"), "btn small replay-back",
                                  aria_label="Back one move")
        self.where = el("span", "replay-where", "", nav)
        self.forward_button = button(nav, "›", lambda: self.move("forward"), "btn small replay-forward",
                                     aria_label="Forward one move")
        self.last_button = button(nav, "»", lambda: self.move("last"), "btn small replay-last",
                                  aria_label="Last: back to the game")
        self.state = el("div", "replay-state", parent=self.node)
        self.news = el("span", "replay-news", "", self.state)
        self.live_button = button(self.state, "To the end" if transport.replay_only else "Back to the game",
                                  self.live_again,
                                  "btn small primary back-to-game")
        show(self.state, False)
        show(self.node, False)
        log = table.log
        log.setAttribute("tabindex", "0")  # the keys step through the game from the log
        on(log, "click", self.log_click)
        on(log, "keydown", self.key)
        on(self.node, "keydown", self.key)

    # --- what the table tells --------------------------------------------------------------
    def live(self, snapshot):
        """A live snapshot arrived: keep its position, drop those an undo, a rematch or a new
        game made wrong (and stop viewing one of them), and redraw the controls."""
        game, log = game_of(snapshot), snapshot["log"]
        if game != self.game:
            self.game = game
            self.forget(-1)
        else:
            known = len(self.log)  # usually the same log and a move more: one comparison
            fast = len(log) >= known and (known == 0 or log[known - 1] == self.log[known - 1])
            same = known if fast else common_prefix(self.log, log)
            if same < known:
                self.forget(same)
        self.log = log
        self.keep(snapshot)
        if self.viewing is not None and (self.viewing >= snapshot["ply"] or not self.known(self.viewing)):
            self.viewing = None  # that position is gone: the table draws the game
            self.table.root.classList.remove("replaying")
            self.table.root.removeAttribute("data-replay-ply")
        self.draw_controls()

    def forget(self, last):
        """Drop every kept position after ply `last` (-1: all of them)."""
        for ply in [ply for ply in self.positions if ply > last]:
            del self.positions[ply]
        self.generation += 1

    def keep(self, snapshot):
        self.positions[snapshot["ply"]] = {key: snapshot[key] for key in POSITION if key in snapshot}
        while len(self.positions) > KEEP:
            del self.positions[min(self.positions)]

    def known(self, ply):
        """Whether the position after `ply` moves can be shown: kept here, or the engine rebuilds it."""
        return ply in self.positions or (self.transport.can_replay and 0 <= ply)

    # --- moving through the game -------------------------------------------------------------
    def total(self):
        snap = self.table.snapshot
        return snap["ply"] if snap is not None else 0

    def earlier(self, ply):
        """The latest position before `ply` that can be shown, or None."""
        if self.transport.can_replay:
            return ply - 1 if ply > 0 else None
        kept = [p for p in self.positions if p < ply]
        return max(kept) if kept else None

    def later(self, ply):
        """The next position after `ply` that can be shown (the live game: the total)."""
        if self.transport.can_replay:
            return ply + 1
        kept = [p for p in self.positions if p > ply]
        return min(kept) if kept else self.total()

    def first(self):
        if self.transport.can_replay:
            return 0
        return min(self.positions) if self.positions else None

    def move(self, where):
        """first, back, forward or last (back to the game)."""
        total = self.total()
        here = total if self.viewing is None else self.viewing
        target = {"first": self.first, "back": lambda: self.earlier(here),
                  "forward": lambda: self.later(here), "last": lambda: total}[where]()
        if target is not None and target != here:
            self.go(target)

    def go(self, ply):
        """Show the position after `ply` moves (the live game once `ply` reaches it)."""
        total = self.total()
        if ply >= total:
            self.live_again()
            return
        if not self.known(ply):
            self.table.app.toast("That position was not seen on this device.")
            return
        before = self.viewing
        if before is None:
            self.entered_at = total
            self.over_at_entry = bool(self.table.snapshot["is_over"])
            self.table.root.classList.add("replaying")
        self.viewing = ply
        self.draw_controls()
        self.table.draw_status()
        if ply in self.positions:
            self.show_position(ply)
        else:
            asyncio.create_task(self.fetch(ply, self.generation, before))

    async def fetch(self, ply, generation, before):
        """Ask the engine for a position this page has not kept (after a reload); refused, the
        board stays on the position it showed (`before`; None: the game)."""
        self.table.root.dataset.replayLoading = "1"
        try:
            answer = await self.transport.replay(ply)
        finally:
            self.table.root.removeAttribute("data-replay-loading")
        if generation != self.generation or self.table.closed:
            return  # the game changed meanwhile: that answer belongs to another
        if answer is None or not answer.get("ok"):
            self.table.app.toast((answer or {}).get("error") or "That position is not known here.")
            if self.viewing == ply:
                if before is not None and before in self.positions:
                    self.viewing = before
                    self.draw_controls()
                    self.table.draw_status()
                else:
                    self.live_again()
            return
        self.keep(answer["snapshot"])
        if self.viewing == ply:
            self.show_position(ply)

    def show_position(self, ply):
        """Draw the kept position on the board, offering no move."""
        table = self.table
        shown = dict(table.snapshot)  # seats, presence, config: the board may read them
        shown.update(self.positions[ply])
        shown.update(STILL)
        table.confirm.cancel()  # the board shows an earlier position: no move waits on it
        table.board.update(shown, False)
        table.show_located()  # the board drew anew: the move located is highlighted again
        table.show_hint()  # hidden while an earlier position is shown
        meta = table.board.meta(shown)
        table.meta.textContent = meta
        show(table.meta, bool(meta))
        table.root.dataset.replayPly = str(ply)
        self.mark_log()

    def live_again(self):
        """Back to the game: the live board, interactive again if it is this page's turn."""
        if self.viewing is None:
            return
        focused = self.state.matches(":focus-within")
        self.viewing = None
        table = self.table
        table.located = None
        table.root.classList.remove("replaying")
        table.root.removeAttribute("data-replay-ply")
        if table.snapshot is not None:
            table.draw(table.snapshot)
        if focused:  # the button goes: the keyboard carries on from the log
            table.log.focus(to_js({"preventScroll": True}))

    # --- input -------------------------------------------------------------------------------
    def log_click(self, event):
        item = event.target.closest(".move-log > li")
        if item is not None:  # the log's entry k is the move that made ply k + 1
            index = window.Array.prototype.indexOf.call(self.table.log.children, item)
            self.go(index + 1)
            self.table.locate(index)  # and the board highlights the places it names

    def key(self, event):
        """The replay keys, on the move log and the replay controls only."""
        if event.altKey or event.ctrlKey or event.metaKey:
            return
        action = KEYS.get(event.key)
        if action is None or (event.key == "Escape" and self.viewing is None):
            return
        event.preventDefault()
        self.move(action)

    # --- drawing -----------------------------------------------------------------------------
    def status_text(self):
        """The table's status line while viewing: "Viewing move 23 of 57 · 2 new moves"."""
        total = self.total()
        text = "Viewing the start" if self.viewing == 0 else "Viewing move {} of {}".format(self.viewing, total)
        news = total - self.entered_at
        if news > 0:
            text += " · " + plural(news, "new move")
        elif self.viewing == 0:
            text += " · " + plural(total, "move")
        return text

    def news_text(self):
        """What happened in the game while viewing."""
        snap = self.table.snapshot
        news = self.total() - self.entered_at
        if snap["is_over"] and not self.over_at_entry:
            return "The game ended meanwhile."
        if news == 1 and snap["log"]:
            seat, move = snap["log"][-1]
            colours = self.table.colours()
            name = colours[seat] if 0 <= seat < len(colours) else "A player"
            return "{} played {} meanwhile.".format(name, self.table.board.log_text(seat, move))
        if news > 1:
            return plural(news, "new move") + " meanwhile."
        return "A recorded game." if self.transport.replay_only else "The game goes on underneath."

    def draw_controls(self):
        total = self.total()
        viewing = self.viewing
        show(self.node, total > 0)
        here = total if viewing is None else viewing
        self.first_button.disabled = self.back_button.disabled = self.earlier(here) is None
        self.forward_button.disabled = self.last_button.disabled = viewing is None
        if viewing is None:
            self.where.textContent = plural(total, "move") + " · live"
        elif viewing == 0:
            self.where.textContent = "Start (0 of {})".format(total)
        else:
            self.where.textContent = "Move {} of {}".format(viewing, total)
        show(self.state, viewing is not None)
        if viewing is not None:
            self.news.textContent = self.news_text()
            self.live_button.classList.toggle("news", total > self.entered_at)
        self.mark_log()

    def mark_log(self):
        """Mark the log's move being viewed and keep it in the log's view (the page itself does
        not scroll). Only the entry marked before and the one marked now are touched: a long
        game's log is not walked at every move."""
        log = self.table.log
        item = None
        if self.viewing is not None and self.viewing > 0:
            item = log.children.item(self.viewing - 1)  # entry k is ply k + 1
        if self.viewing is not None:  # the move viewed is located on the board
            located = self.viewing - 1 if self.viewing > 0 else None
            if located != self.table.located:
                self.table.locate(located)
        marked = self.marked
        if marked is not None and (item is None or not marked.isSameNode(item)):
            marked.classList.remove("current")
            marked.removeAttribute("aria-current")
        self.marked = item
        if item is None:
            return
        item.classList.add("current")
        item.setAttribute("aria-current", "step")
        box, place = log.getBoundingClientRect(), item.getBoundingClientRect()
        if place.top < box.top or place.bottom > box.bottom:
            log.scrollTop = max(0, log.scrollTop + place.top - box.top - box.height / 2)

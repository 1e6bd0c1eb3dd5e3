"""The table: seats with counts and clocks, the board, the move log, controls and the result.

One code path for every table: every change goes as an action through the table's transport
(screens/table_transport.py: the engine worker's table on this device, or an online room's, as
its host or a guest) and the answer (a snapshot) is drawn as it is. Computer seats think in the
worker, so the page stays responsive; in a game with a turn clock (the snapshot's `turn_s`:
Ataxx) the clock runs here and a person whose clock runs out loses by timeout.
Parts: screens/table_seats.py (the seats), screens/table_controls.py (controls and result),
screens/table_replay.py (any earlier position on the board, the live game going on underneath).
Hints: the person to move may ask for Hard's choice (where the transport offers hints); the
board shows its places, not played, until the position changes or another hint comes.
"""

import asyncio

import recent_games
import sound
from clock import TurnClock
from dom import button, el, now_ms, on, query_param, set_text, show
from move_confirm import AUTO_PASS_KEY, passes_by_itself
from pyscript import document, window
from pyscript.ffi import create_proxy, to_js
from screens.table_confirm import MoveConfirm
from screens.table_controls import ResultDialog, TableControls, result_text
from screens.table_replay import Replay, common_prefix
from screens.table_seats import SeatChips, paint_colours

MAX_WORDS = 200  # characters of a move's words taken from a snapshot (the rules keep them under 120)
MAX_PLACES = 64  # places of one move taken from a snapshot
ANNOUNCED = 3  # at most this many new moves said at once (a guest may get several in one state)
AUTO_PASS_MS = 1800  # a person with no move but to pass: the table passes for them after this
HINT_WAIT_MS = 20_000  # a guest's hint that has not come by then is given up (the host may be gone)

RACES = ("stale", "paused", "turn")
"""Refusal codes of a move that raced a change of the table (app/engine/local_table.py
TableError): the page expects them of a computer's move and says nothing."""

def now_iso():
    """Now as an ISO 8601 text (UTC), e.g. "2026-12-02T10:25:00Z"."""
    return str(window.Date.new().toISOString())[:19] + "Z"


def said_entry(entry):
    """A snapshot's [words, places] of one move, checked (a guest's comes from the host), or None."""
    if not isinstance(entry, list) or len(entry) != 2:
        return None
    words, places = entry
    if not isinstance(words, str) or not isinstance(places, list):
        return None
    return [words[:MAX_WORDS], [p for p in places[:MAX_PLACES] if isinstance(p, str) and len(p) <= 16]]


def board_class(game_id):
    """The board of a game: the class `Board` of boards/<game id>.py, imported on first use."""
    return __import__("boards." + game_id, None, None, ["Board"]).Board


def turn_ms(seconds):
    """Turn length in ms of a game whose turns last `seconds` (None: no clock, None back);
    ?clock=SECONDS in the address overrides it (tests use short clocks)."""
    if not seconds:
        return None
    value = query_param("clock")
    try:
        return max(1, int(float(value) * 1000)) if value else seconds * 1000
    except ValueError:
        return seconds * 1000


def ai_pace_ms(all_ai):
    """The pause before a computer moves, so the last move can be seen: 350 ms, 700 ms in an
    all-computer match; ?pace=MS in the address overrides it (tests use 0)."""
    value = query_param("pace")
    try:
        return max(0, min(10_000, int(value))) if value else (700 if all_ai else 350)
    except ValueError:
        return 700 if all_ai else 350


def ai_budget_s():
    """The computer's thinking time per move (Hard); ?budget=SECONDS overrides it."""
    value = query_param("budget")
    try:
        return max(0.05, min(5.0, float(value))) if value else 1.0
    except ValueError:
        return 1.0


class TableScreen:
    def __init__(self, app, root, game, mode, seat_count, transport, started=None):
        self.app = app
        self.started = started or now_iso()  # when this game began (its record's "started")
        self.ended = None  # when this page saw it end
        self.game = game
        self.mode = mode
        self.transport = transport
        self.snapshot = None
        self.presence = None  # per seat, whether its player is here (online tables)
        self.clock = TurnClock(0)
        self.timed = False  # set from the first snapshot's turn_s (set_clock)
        self.pending = 0  # actions on their way to the engine
        self.clock_saved_s = None  # the whole seconds left when the clock was last saved
        self.thinking = None  # the (ply, seat) a computer is thinking about
        self.passing = None  # the (ply, seat) the table will pass for (its only move)
        self.closed = False  # set when the player leaves: late answers are then dropped
        self.hint = None  # the hint shown: {ply, seat, view, move, words, places}
        self.hint_asked = None  # the (ply, seat) a hint is being thought about for
        self.root = el("section", "table", parent=root, aria_label=game["title"] + " table",
                       data_game=game["id"])
        if transport.online:
            self.root.dataset.online = transport.online
        head = el("header", "table-head", parent=self.root)
        count = game.get("modes_label", "") if mode["title"].isdigit() else ""  # "3" -> "3 players"
        self.title = el("h2", "table-title", game["title"] + " · " + mode["title"] + (
            " " + count.lower() if count else ""), head, tabindex="-1")
        self.rules_button = button(head, "Rules", self.toggle_rules, "btn ghost small",
                                   aria_expanded="false")
        self.paused_by_dialog = False
        self.rules = el("ol", "rules", parent=self.root, tabindex="-1", aria_label="Rules")
        for line in game["rules"]:
            el("li", None, line, self.rules)
        show(self.rules, False)
        on(self.rules, "keydown", self.rules_key)
        self.seats = SeatChips(self.root, seat_count, game["score_label"])
        self.meta = el("p", "table-meta", "", self.root)
        self.status = el("p", "turn-status", "", self.root, role="status", aria_live="polite")
        self.progress = el("div", "think-bar", parent=self.root, aria_hidden="true")
        el("div", "think-fill", parent=self.progress)
        show(self.progress, False)
        self.stage = el("div", "stage", parent=self.root)
        self.board = board_class(game["id"])(self.stage, game, self.on_move)
        # The hint shown on the board, in words (a screen reader hears it; the board rings its places).
        self.hint_said = el("p", "hint-said", "", self.root, aria_live="polite")
        show(self.hint_said, False)
        # A person's move may wait for Confirm (the setting; online there is no Undo).
        self.confirm = MoveConfirm(self.root, self, transport.online)
        self.controls = TableControls(self.root, self, transport, self.app.go_home)
        self.log = el("ol", "move-log", parent=self.root, aria_label="Moves")
        self.log_drawn = []  # the log entries on the page
        self.said = []  # per log entry, [words, places] as the snapshots said them (None: not known)
        self.located = None  # the log entry whose places the board highlights (None: none)
        # The words of the move selected in the log, in view (a phone has no hover title).
        self.log_said = el("p", "log-said", "", self.root)
        show(self.log_said, False)
        # What a computer or a remote player just played, for screen readers.
        self.announcer = el("p", "move-said sr-only", "", self.root, aria_live="polite",
                            aria_atomic="true")
        on(self.log, "mouseover", self.log_hover)
        on(self.log, "mouseleave", lambda event: self.show_located())
        self.log_scroll_due = False  # a frame will scroll the log to its end
        self.log_scroller = create_proxy(self.scroll_log)
        self.busy_look_proxy = create_proxy(self.busy_look)
        self.replay = Replay(self.root, self, transport)  # its controls come after the log
        self.result = ResultDialog(self.root, self.stage, self.on_rematch, transport, self.app.go_home,
                                   game, self.focus_title)
        self.status.textContent = "Starting the game engine…"
        self.update_controls()
        sound.prepare()  # its audio context is made in idle time, not on the first move

    def toggle_rules(self):
        """Show or hide the rules. Like any dialog, reading them pauses the local computers
        (and the clock) until they are closed, unless the table was paused already."""
        opening = self.rules.hasAttribute("hidden")
        had_focus = self.rules.contains(document.activeElement)
        show(self.rules, opening)
        self.rules_button.setAttribute("aria-expanded", "true" if opening else "false")
        if opening:
            self.rules.focus()  # the keyboard reads them next; Escape closes them
        elif had_focus:
            self.rules_button.focus()
        snap = self.snapshot
        if snap is None or snap["is_over"] or not self.ready() or not self.transport.runs_table:
            return
        if opening and not snap["paused"]:
            self.paused_by_dialog = True
            self.set_paused(True)
        elif not opening and self.paused_by_dialog:
            self.paused_by_dialog = False
            self.set_paused(False)

    def rules_key(self, event):
        """Escape in the rules closes them; the keyboard goes back to the Rules button."""
        if event.key == "Escape" and not self.rules.hasAttribute("hidden"):
            event.preventDefault()
            self.toggle_rules()

    def colours(self):
        """Seat colour names: the view's own where the game sends them (they can depend on the
        seat count), else the catalog's."""
        view = self.snapshot["view"] if self.snapshot else {}
        return self.board.seat_names(self.snapshot) or view.get("colours") or self.game["colours"]

    def ready(self):
        """Whether the table can be played on (the engine is up; a guest always is)."""
        return self.transport.ready()

    def away(self, seat):
        """Whether `seat`'s player is away (online: a turn then waits for them)."""
        presence = self.presence or []
        return seat is not None and seat < len(presence) and not presence[seat]

    # --- snapshots in ----------------------------------------------------------------------
    def draw(self, snapshot, clock_left_ms=None):
        """Draw a snapshot from the engine (or, before it is up, the one saved at reload)."""
        if self.closed:
            return
        previous = self.snapshot
        self.snapshot = snapshot
        self.presence = self.transport.presence(snapshot)
        held = self.transport.on_hold(snapshot)
        colours = self.colours()
        live = self.ready() and not self.busy
        interactive = live and snapshot["human_turn"] and not snapshot["paused"] and not held
        to_move = snapshot["to_move"]
        if previous is None:
            paint_colours(self.root, self.colours())
        elif snapshot["ply"] == 0 and (previous["ply"] != 0 or previous["is_over"]):
            self.started, self.ended = now_iso(), None  # a rematch, or undone to the start
        if snapshot["is_over"] and self.ended is None:
            self.ended = now_iso()
        elif not snapshot["is_over"]:
            self.ended = None
        if (previous is not None and snapshot["is_over"] and not previous["is_over"]
                and self.transport.keeps_records):
            asyncio.create_task(self.keep_record())
        if previous is None or snapshot.get("turn_s") != previous.get("turn_s"):
            self.set_clock(snapshot.get("turn_s"))
            self.seats.show_clocks(self.timed and not snapshot["is_over"])
        elif snapshot["is_over"] != previous["is_over"]:
            self.seats.show_clocks(self.timed and not snapshot["is_over"])  # a game over has no clock
        self.replay.live(snapshot)
        moved = previous is not None and snapshot["ply"] != previous["ply"]
        if moved and self.replay.viewing is None:
            self.located = None  # a highlight of an earlier move would mislead on the new board
        if self.replay.viewing is None:  # else the board keeps the earlier position it shows
            self.board.update(snapshot, interactive)
            meta = self.board.meta(snapshot)
            set_text(self.meta, meta)
            show(self.meta, bool(meta))
        self.confirm.drawn(snapshot, interactive and self.replay.viewing is None)
        self.seats.draw(snapshot, colours, self.presence, self.transport.own_seat())
        self.seats.offer(self.transport.open_seats(snapshot), self.transport.take)
        self.draw_log(snapshot)  # after the board: a board's log text may read what it drew
        if self.hint_asked is not None and self.hint_asked != (snapshot["ply"], to_move):
            self.hint_asked = None  # the position moved on: that hint's answer will not be shown
        if self.hint is not None and not self.hint_holds(snapshot):
            self.hint = None  # a move, an Undo or a rematch: the hint is of another position
        if self.replay.viewing is None:
            self.show_located()  # the board drew anew: the move located is highlighted again
            self.show_hint()
        if moved and previous["log"] == snapshot["log"][:len(previous["log"])]:
            self.announce(len(previous["log"]), len(snapshot["log"]))
        if previous is not None and (snapshot["ply"] > previous["ply"]
                                     or snapshot["is_over"] and not previous["is_over"]):
            sound.play(self.board.sound_kind(snapshot, previous))
        turn = (snapshot["ply"], to_move)
        if snapshot["is_over"] or to_move is None:
            self.clock.stop(now_ms())
            self.clock.turn = None
        elif self.clock.turn != turn or previous is None:
            self.clock.start_turn(turn, now_ms(), clock_left_ms)
        if snapshot["paused"] or not self.ready() or held or self.away(to_move):
            self.clock.stop(now_ms())  # a turn waits for an absent player (or host)
        else:
            self.clock.resume(now_ms())
        self.draw_status()
        self.result.draw(snapshot, colours)
        self.update_controls()
        self.save()
        self.tick()
        if live:
            self.maybe_think()
        if interactive and snapshot["legal_moves"] == ["pass"]:
            self.pass_soon()

    def draw_log(self, snapshot):
        """Add the new moves to the log (each element costs a call into the browser: redrawing
        it all was quadratic in a long game); after an Undo or a rematch, draw it again. Each
        entry is named by the move in words (its title, and its name for screen readers) once
        a snapshot has said them (`said`: the new moves; all of them after a reload)."""
        entries = snapshot["log"]
        rebuilt = entries[:len(self.log_drawn)] != self.log_drawn
        if rebuilt:
            del self.said[common_prefix(self.log_drawn, entries):]  # the words of the moves kept
            self.log.replaceChildren()
            self.log_drawn = []
            self.located = None
        said = snapshot.get("said")
        fresh = set()
        if isinstance(said, dict) and type(said.get("from")) is int and isinstance(said.get("moves"), list):
            start = max(0, said["from"])
            for index, entry in enumerate(said["moves"][:max(0, len(entries) - start)]):
                entry = said_entry(entry)
                if entry is None:
                    continue
                while len(self.said) <= start + index:
                    self.said.append(None)
                if self.said[start + index] != entry:
                    self.said[start + index] = entry
                    fresh.add(start + index)
        colours = self.colours()
        for index in sorted(fresh):  # entries drawn before their words came (after a reload)
            if index < len(self.log_drawn):
                self.name_entry(self.log.children.item(index), index, colours)
        for ply in range(len(self.log_drawn), len(entries)):
            seat, move = entries[ply]
            self.log_drawn.append(entries[ply])
            item = el("li", None, None, self.log)
            el("span", "num", str(ply + 1) + ".", item)
            el("span", "mv c" + str(seat), self.board.log_text(seat, move), item)
            self.name_entry(item, ply, colours)
        if rebuilt and self.replay.viewing is not None:
            self.replay.mark_log()  # the entry viewed is new: marked now, not at the next frame
        if not self.log_scroll_due:  # at the next frame: reading scrollHeight now would lay the
            self.log_scroll_due = True  # page out at once, and again at the frame (each move)
            window.requestAnimationFrame(self.log_scroller)

    def words(self, index):
        """The log entry `index` in words, if a snapshot said them, else None."""
        entry = self.said[index] if 0 <= index < len(self.said) else None
        return entry[0] if entry else None

    def name_entry(self, item, index, colours):
        """Name log entry `index` (its <li>) by its words: a tooltip, and what a screen reader says."""
        if item is None or index >= len(self.log_drawn):
            return
        seat, move = self.log_drawn[index]
        text = self.board.log_text(seat, move)
        words = self.words(index)
        if words is None:
            words = (colours[seat] if 0 <= seat < len(colours) else "") + " " + move if text == move else text
        else:
            item.setAttribute("title", words)
        item.lastElementChild.setAttribute("aria-label", words)

    def announce(self, start, end):
        """Say the words of the new log entries `start` to `end` - 1 that a computer or a remote
        player made (a person's own move on this device is not said back to them)."""
        own = self.transport.own_seat()
        seats = (self.snapshot.get("config") or {}).get("seats") or []
        said = []
        for index in range(max(start, end - ANNOUNCED), end):
            if index >= len(self.log_drawn):
                break
            seat = self.log_drawn[index][0]
            if self.transport.online:
                remote = seat != own
            else:
                remote = type(seat) is int and 0 <= seat < len(seats) and seats[seat].get("kind") == "ai"
            words = self.words(index)
            if remote and words:
                said.append(words)
        if said:
            self.announcer.textContent = "; ".join(said)

    # --- locate: the places a move of the log names, highlighted on the board -----------------
    def locate(self, index):
        """Highlight on the board the places log entry `index` names (None: none) and show its
        words under the log; kept until another move is selected or a new move comes."""
        self.located = index
        self.show_located()

    def show_located(self, index=None):
        """Highlight the places of `index` (a move hovered in the log) or of the move located;
        the line under the log says the move located in words."""
        hovered = index is not None
        if not hovered:
            index = self.located
        entry = self.said[index] if index is not None and 0 <= index < len(self.said) else None
        self.board.locate(self.stage, entry[1] if entry else [])
        if hovered:
            return
        words = entry[0] if entry else ""
        if index is not None and entry is None and index < len(self.log_drawn):
            seat, move = self.log_drawn[index]
            words = self.board.log_text(seat, move)
        self.log_said.textContent = "{}. {}".format(index + 1, words) if words else ""
        show(self.log_said, bool(words))

    def log_hover(self, event):
        item = event.target.closest(".move-log > li")
        if item is not None:
            self.show_located(window.Array.prototype.indexOf.call(self.log.children, item))

    def scroll_log(self, *_):
        self.log_scroll_due = False
        if self.replay.viewing is None:
            self.log.scrollTop = self.log.scrollHeight
        else:
            self.replay.mark_log()  # the move viewed stays marked and in view

    def draw_status(self):
        snap = self.snapshot
        colours = self.colours()
        held = self.transport.on_hold(snap)
        to_move = snap["to_move"]
        if snap["is_over"]:
            text = result_text(snap, colours)
        elif held:
            text = held
        elif self.away(to_move):
            text = colours[to_move] + (" is away: the computer plays for them"
                                       if snap.get("stand_in") == to_move else " is away: waiting for them")
        elif not self.ready():
            text = "Starting the game engine… {:.1f} s".format(self.app.engine.elapsed_s())
        elif snap["paused"]:
            text = "Paused"
        else:
            who = colours[to_move]
            if snap["ai_turn"]:
                text = who + " is thinking…"
            elif snap["legal_moves"] == ["pass"]:  # pass_soon passes for them, unless kept manual
                text = who + (" has no move: passing…" if self.auto_pass() else " has no move: press Pass")
            else:
                text = who + " to move"
        if self.replay.viewing is not None:
            text = self.replay.status_text()  # "Viewing move 23 of 57 · 1 new move"
        set_text(self.status, text)
        thinking = bool(snap["ai_turn"] and not snap["paused"] and not snap["is_over"])
        self.seats.draw_thinking(to_move if thinking else None)
        show(self.progress, thinking and self.ready())

    def focus_title(self):
        """Move the keyboard focus to the table (after Start or Continue, it stayed behind on a
        button that is gone)."""
        self.title.focus(to_js({"preventScroll": True}))

    def update_controls(self):
        snap = self.snapshot
        self.controls.update(snap, self.ready(), self.busy, self.board)
        self.root.classList.toggle("paused", bool(snap and snap["paused"]))

    # --- the clock -------------------------------------------------------------------------
    def set_clock(self, seconds):
        """A turn clock of `seconds` per turn, shown on every seat; None: this game has none."""
        length = turn_ms(seconds)
        self.timed = length is not None
        self.clock = TurnClock(length or 0)
        self.seats.show_clocks(self.timed)

    def tick(self):
        """Called a few times a second: redraw the clock; a person out of time loses."""
        snap = self.snapshot
        if snap is None:
            return
        self.controls.tick()
        now = now_ms()
        if self.timed:
            left = self.clock.remaining(now)
            if self.clock.running and left // 1000 != self.clock_saved_s:
                self.save_clock(left)  # once a second: a reload gives back the time to the second
            self.seats.draw_clocks(snap["to_move"], left, self.clock.turn_ms)
        if not self.ready():
            self.draw_status()
        elif (self.timed and self.clock.expired(now) and not self.busy
              and self.transport.may_time_out(snap, self.presence)):
            seat = snap["to_move"]
            self.clock.turn = None
            self.act({"type": "forfeit", "seat": seat, "reason": "timeout", "ply": snap["ply"]})

    # --- intents out -----------------------------------------------------------------------
    def on_move(self, move):
        """A person's move from the board: sent, or shown waiting for Confirm (the setting)."""
        snap = self.snapshot
        if snap is None or not self.confirm.propose(move, snap["to_move"], snap["ply"]):
            return
        self.send_move(move)

    def send_move(self, move):
        """Play a person's move: the board offers nothing more until the answer (locked once
        the move is on its way: the engine or the host starts on it meanwhile), and looks so
        from the task after this one (busy_look)."""
        snap = self.snapshot
        self.act({"type": "move", "seat": snap["to_move"], "move": move, "ply": snap["ply"]})
        self.board.lock()
        window.setTimeout(self.busy_look_proxy, 0)

    def busy_look(self):
        """A move on its way: the board looks locked (unless a snapshot came first) and the
        controls are off. Not in the tap's own handler: after a tap the browser draws a frame
        before it takes the engine's answer, and a change of the page there makes that frame
        later (~5 ms here: docs/online.md, "A move's way to the guests")."""
        if not self.closed:
            self.board.show_locked()
            if self.busy:
                self.update_controls()

    def on_pass(self):
        """Pass (the only move: nothing to confirm)."""
        self.confirm.cancel()
        self.send_move("pass")

    def on_undo(self):
        self.drop_hint()
        self.act({"type": "undo"})

    def on_pause(self):
        """The Pause / Resume button."""
        self.paused_by_dialog = False
        self.set_paused(not self.snapshot["paused"])

    def set_paused(self, paused):
        if not self.transport.runs_table:
            return
        if paused:
            self.confirm.cancel()  # a paused board offers no move
        # Show it at once, even while the engine is busy thinking.
        self.snapshot["paused"] = paused
        if isinstance(self.snapshot.get("saved"), dict):
            self.snapshot["saved"]["paused"] = paused  # what a reload restores
        self.update_controls()
        self.status.textContent = "Paused" if paused else "Resuming…"
        if paused:
            self.clock.stop(now_ms())
        self.save()  # a reload right after keeps what the page shows, not the engine's last answer
        self.act({"type": "pause", "paused": paused})

    def on_rematch(self):
        """Rematch (confirmed during a game): the transport restarts the table, or opens a
        fresh room (a game whose online rules say so)."""
        self.clock.turn = None
        self.drop_hint()
        self.act({"type": "rematch"})

    @property
    def busy(self):
        return self.pending > 0

    def act(self, action):
        """Send an action now (in the handler of the tap that made it), then draw the answer."""
        if not self.closed:
            asyncio.create_task(self._answered(action, self._send(action)))

    def _send(self, action):
        """Send an action at once; the table is busy until its answer (a move shows it in the
        next task: busy_look). What to await for it."""
        pending = self.transport.act(action)
        self.pending += 1
        if action["type"] != "move":
            self.update_controls()
        return pending

    async def _answered(self, action, pending):
        """Draw the answer to an action. A refusal is said, but for a computer's move that raced
        an Undo, a Pause or another move (codes RACES): expected, not worth a message."""
        try:
            answer = None if pending is None else await pending
        finally:
            self.pending -= 1
        if answer is None:  # sent elsewhere (an online guest): the next state redraws
            self.update_controls()
            return
        if not answer["ok"] and not (action["type"] == "ai_move" and answer.get("code") in RACES):
            self.app.toast(answer["error"])
        if answer.get("snapshot"):
            self.draw(answer["snapshot"])
        else:
            self.update_controls()

    def auto_pass(self):
        """Whether a forced pass is made by the table (Pass by itself, saved on this device)."""
        return passes_by_itself(window.localStorage.getItem(AUTO_PASS_KEY))

    def set_auto_pass(self, on):
        """Pass by itself on or off; on during a forced pass, the table passes after a moment."""
        window.localStorage.setItem(AUTO_PASS_KEY, "on" if on else "off")
        snap = self.snapshot
        if snap is not None and not snap["is_over"]:
            self.draw_status()
            if on and snap["human_turn"] and snap["legal_moves"] == ["pass"]:
                self.passing = None
                self.pass_soon()

    def pass_soon(self):
        """A person whose only move is to pass (a drawn card that moves no pawn, a blocked board):
        the status says so and the table passes for them after a moment; Pass does it at once.
        With Pass by itself off, the person's Pass does it."""
        if not self.auto_pass():
            return
        snap = self.snapshot
        turn = (snap["ply"], snap["to_move"])
        if self.passing != turn:
            self.passing = turn
            asyncio.create_task(self._pass_soon(turn))

    async def _pass_soon(self, turn):
        await asyncio.sleep_ms(AUTO_PASS_MS)
        snap = self.snapshot
        if self.passing == turn:
            self.passing = None
        if (self.closed or (snap["ply"], snap["to_move"]) != turn or snap["paused"] or snap["is_over"]
                or not snap["human_turn"] or snap["legal_moves"] != ["pass"] or self.busy
                or not self.ready() or self.transport.on_hold(snap) or not self.auto_pass()):
            return
        self.on_pass()

    # --- hints: Hard's choice for the person to move, shown on the board, not played -----------
    def hints_offered(self):
        """Whether the Hint button is offered: a person's turn on this page with a choice (more
        than one legal move: a forced pass or Sanctuary's draw needs no hint), where the table
        allows hints (always on this device; in a room, as its host set it), the live board."""
        snap = self.snapshot
        return bool(snap and snap["human_turn"] and not snap["is_over"] and self.replay.viewing is None
                    and len(snap["legal_moves"]) > 1
                    and self.transport.hints(snap) and not self.transport.on_hold(snap))

    def hint_holds(self, snapshot):
        """Whether the hint shown is still of `snapshot`'s position and turn (and hints allowed:
        a room's host may turn them off)."""
        hint = self.hint
        return (snapshot["human_turn"] and hint["ply"] == snapshot["ply"] and hint["seat"] == snapshot["to_move"]
                and hint["view"] == snapshot["view"] and self.transport.hints(snapshot))

    def on_hint(self):
        """The Hint button: ask for the hint (the button says "Thinking…" meanwhile). The table,
        its clock and the log are unchanged by it."""
        snap = self.snapshot
        if snap is None or self.hint_asked is not None or not self.hints_offered() or snap["paused"]:
            return
        turn = (snap["ply"], snap["to_move"])
        self.hint_asked = turn
        self.drop_hint()
        self.update_controls()
        asyncio.create_task(self._hint(turn))

    async def _hint(self, turn):
        answer = await self.transport.hint({"seat": turn[1], "ply": turn[0], "budget": ai_budget_s()})
        if answer is not None:
            self.got_hint(answer)
            return
        await asyncio.sleep_ms(HINT_WAIT_MS)  # a guest's: the host answers by message (got_hint)
        if self.hint_asked == turn and not self.closed:
            self.hint_asked = None
            self.app.toast("No hint came from the host.")
            self.update_controls()

    def got_hint(self, answer):
        """The answer to the hint asked: shown on the board if it is still that turn; a refusal
        is said, but for one the board's moving on explains (RACES)."""
        asked, self.hint_asked = self.hint_asked, None
        snap = self.snapshot
        if self.closed or snap is None:
            return
        if not answer.get("ok"):
            if answer.get("code") not in RACES:
                self.app.toast(str(answer.get("error") or "No hint now."))
            self.update_controls()
            return
        turn = (answer.get("ply"), answer.get("seat"))
        entry = said_entry([answer.get("words"), answer.get("places")])
        move = answer.get("move")
        if (entry is not None and isinstance(move, str) and turn == asked
                and turn == (snap["ply"], snap["to_move"]) and snap["human_turn"]):
            self.hint = {"ply": snap["ply"], "seat": snap["to_move"], "view": snap["view"],
                         "move": move[:64], "words": entry[0], "places": entry[1]}
            self.show_hint()
        self.update_controls()

    def hint_refused(self):
        """A guest's hint was refused by the host (it said why): the button is offered again."""
        if self.hint_asked is not None:
            self.hint_asked = None
            self.update_controls()

    def drop_hint(self):
        """No hint shown any more (a new hint asked, an Undo, a rematch)."""
        if self.hint is not None:
            self.hint = None
            self.show_hint()

    def show_hint(self):
        """Ring the hint's places on the board and say it in words (hidden while an earlier
        position is replayed); no hint: nothing."""
        hint = self.hint if self.replay.viewing is None else None
        self.board.show_hint(self.stage, hint["places"] if hint else [], hint["move"] if hint else None)
        self.hint_said.textContent = "Hint: " + hint["words"] if hint else ""
        show(self.hint_said, hint is not None)
        if hint:
            self.root.dataset.hint = hint["move"]  # tests read the move shown
        else:
            self.root.removeAttribute("data-hint")

    # --- computer seats --------------------------------------------------------------------
    def maybe_think(self):
        snap = self.snapshot
        if not self.transport.runs_table or not snap["ai_turn"] or snap["paused"] or snap["is_over"]:
            return
        turn = (snap["ply"], snap["to_move"])
        if self.thinking == turn:
            return
        self.thinking = turn
        asyncio.create_task(self._think(turn))

    async def _think(self, turn):
        all_ai = all(seat["kind"] == "ai" for seat in self.snapshot["config"]["seats"])
        await asyncio.sleep_ms(ai_pace_ms(all_ai))
        snap = self.snapshot
        if self.closed or (snap["ply"], snap["to_move"]) != turn or snap["paused"]:
            self.thinking = None
            return
        budget = ai_budget_s()
        fill = self.progress.firstElementChild
        fill.style.animationDuration = str(budget) + "s"
        fill.classList.remove("run")
        fill.getBoundingClientRect()  # restart the animation
        fill.classList.add("run")
        self.root.dataset.thinking = "1"  # a think is in flight in the worker
        try:
            answer = await self.transport.think(budget)
        finally:
            self.root.removeAttribute("data-thinking")
        self.thinking = None
        snap = self.snapshot
        if self.closed:
            return
        if not answer["ok"] or (snap["ply"], snap["to_move"]) != turn or snap["paused"]:
            if answer.get("snapshot") and not snap["paused"]:
                self.draw(answer["snapshot"])
            return
        action = {"type": "ai_move", "seat": answer["seat"], "move": answer["move"], "ply": answer["ply"]}
        await self._answered(action, self._send(action))

    # --- game records ----------------------------------------------------------------------
    def record_dates(self):
        """{started, ended} of this game for its record (ended: None while it goes on)."""
        return {"started": self.started, "ended": self.ended}

    async def keep_record(self):
        """The game ended here: keep its record among this device's recent games."""
        answer = await self.transport.record(self.record_dates())
        if answer is not None and answer.get("ok"):
            await recent_games.add(answer["json"])
            self.root.dataset.kept = str(self.snapshot["ply"])  # tests wait for it
        elif answer is not None:
            window.console.warn("parlor: the game could not be kept:", answer.get("error"))

    # --- persistence -----------------------------------------------------------------------
    def save(self):
        """Keep the table for a reload (a local table in this browser; an online room keeps
        its own state)."""
        self.transport.save({"game": self.game["id"], "mode": self.mode["id"],
                             "snapshot": self.snapshot, "paused_by_dialog": self.paused_by_dialog,
                             "started": self.started})
        self.save_clock()

    def save_clock(self, left=None):
        """Keep the time left on the turn clock (`left` ms, read now if None) for a reload."""
        if self.timed:
            left = self.clock.remaining(now_ms()) if left is None else left
            self.clock_saved_s = left // 1000
            self.transport.save_clock(left)

    def close(self):
        self.closed = True
        self.root.remove()

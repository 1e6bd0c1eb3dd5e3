"""The table's controls: Pass, Hint (the person to move, where hints are allowed), Undo, Pause /
Resume, Rematch (during a game it asks first), New game (Leave at an online table), Save record,
Sound on / off, Confirm moves and, for a room's host, Hints on / off; and the result dialog at
the end."""

import asyncio

import sound
from dom import button, el, now_ms, on, set_attr, set_disabled, set_text, show
from pyscript import document, window
from pyscript.ffi import to_js

REMATCH_CONFIRM_MS = 4000  # a Rematch during a game waits this long for its confirming tap
REMATCH_DOUBLE_TAP_MS = 400  # ... but not a second tap this soon (an accidental double tap)


class TableControls:
    """The bar under the board. `table` is the TableScreen its buttons act on; `transport`
    says which it offers (no Undo online; a guest neither pauses nor restarts)."""

    def __init__(self, parent, table, transport, go_home):
        self.table = table
        bar = el("div", "controls", parent=parent)
        self.pass_button = button(bar, "Pass", table.on_pass, "btn primary")
        # Hard's choice for the person to move, shown on the board (screens/table.py on_hint).
        self.hint_button = button(bar, "Hint", table.on_hint, "btn ask-hint",
                                  aria_describedby="hint-about")
        el("span", "sr-only", "Shows a good move on the board without playing it", bar, id="hint-about")
        self.undo_button = button(bar, "Undo", table.on_undo)
        self.pause_button = button(bar, "Pause", table.on_pause, aria_pressed="false")
        self.rematch_button = button(bar, "Rematch", self.on_rematch_button, "btn rematch")
        self.rematch_asked_ms = None  # a first tap on Rematch during a game asks to confirm
        button(bar, transport.leave_label, go_home)
        self.save_button = button(bar, "Save record", self.on_save_record, "btn save-record",
                                  aria_expanded="false")
        self.sound_button = button(bar, "", self.toggle_sound, "btn ghost sound")
        self.draw_sound_label()
        # Whether a move waits for Confirm (screens/table_confirm.py), saved on this device.
        self.confirm_button = button(bar, "Confirm moves", self.toggle_confirm, "btn ghost confirm-moves",
                                     aria_pressed="true" if table.confirm.on() else "false")
        show(self.confirm_button, table.confirm.offered() and not transport.replay_only)
        # Shown with Pass: whether the table passes by itself (off: the manual pass is kept).
        self.auto_pass_button = button(bar, "Pass by itself", self.toggle_auto_pass, "btn ghost auto-pass",
                                       aria_pressed="true" if table.auto_pass() else "false")
        if not transport.undo:
            show(self.undo_button, False)
        if not transport.runs_table:
            show(self.pause_button, False)
            show(self.rematch_button, False)
        # A room's host allows hints at the table for everyone, or not (off by default).
        self.hints_button = button(bar, "Hints", self.toggle_hints, "btn ghost room-hints",
                                   aria_pressed="false")
        show(self.hints_button, transport.online == "host")
        self.transport = transport
        self.saving = RecordLinks(parent)
        show(self.save_button, transport.saves_records)

    def on_save_record(self):
        """Save record: the game so far as a record, offered as two downloads (its JSON file and
        its notation text)."""
        if not self.saving.hidden():
            self.saving.close()
            self.save_button.setAttribute("aria-expanded", "false")
            return
        asyncio.create_task(self._save_record())

    async def _save_record(self):
        answer = await self.transport.record(self.table.record_dates())
        if answer is None:
            return
        if not answer.get("ok"):
            self.table.app.toast("This game cannot be saved: " + answer.get("error", ""))
            return
        self.saving.offer(answer)
        self.save_button.setAttribute("aria-expanded", "true")

    def update(self, snap, ready, busy, board):
        """Enable what can be done now (`ready`: the table takes actions; `busy`: one is on its
        way). Pause stays enabled while a computer's move is on its way: a person pauses when
        they see fit, not between two answers."""
        up = ready and snap is not None
        ready = up and not busy
        human_pass = bool(snap and snap["human_turn"] and snap["legal_moves"] == ["pass"])
        pass_off = not ready or bool(snap and snap["paused"])
        hint = self.table.hints_offered()
        asked = self.table.hint_asked is not None
        hint_off = not ready or bool(snap and snap["paused"])  # asked: it stays, keeping the focus
        if ((pass_off or not human_pass) and self.pass_button.matches(":focus")
                or not human_pass and self.auto_pass_button.matches(":focus")
                or not hint and self.hint_button.matches(":focus")):
            board.keep_focus()  # a disabled or hidden button drops the keyboard's place
        show(self.hint_button, hint)
        set_text(self.hint_button, "Thinking…" if asked else "Hint")
        set_disabled(self.hint_button, hint_off)
        set_attr(self.hint_button, "aria-busy", "true" if asked else "false")
        set_attr(self.hint_button, "aria-disabled", "true" if asked else "false")
        if self.transport.online == "host":
            on_now = self.transport.hints(snap) if snap else False
            set_text(self.hints_button, "Hints on" if on_now else "Hints off")
            set_attr(self.hints_button, "aria-pressed", "true" if on_now else "false")
        show(self.pass_button, human_pass)
        show(self.auto_pass_button, human_pass)
        set_disabled(self.pass_button, pass_off)
        over = bool(snap and snap["is_over"])
        set_disabled(self.undo_button, not (ready and snap["can_undo"]) or over)  # over: Rematch or New game
        set_disabled(self.pause_button, not up or over)
        paused = bool(snap and snap["paused"])
        set_text(self.pause_button, "Resume" if paused else "Pause")
        set_attr(self.pause_button, "aria-pressed", "true" if paused else "false")
        set_disabled(self.rematch_button, not ready)
        self.draw_rematch_label()

    def tick(self):
        if self.rematch_asked_ms is not None:
            self.draw_rematch_label()  # the question lapses

    def toggle_hints(self):
        """The host's Hints on / off: for everyone in the room (the room's next state says it)."""
        self.transport.set_hints(not self.transport.hints(self.table.snapshot))

    def toggle_sound(self):
        """Sound effects on or off, saved on this device (app/page/sound.py)."""
        sound.set_enabled(not sound.enabled())
        self.draw_sound_label()

    def toggle_auto_pass(self):
        """Pass by itself on or off, for every game on this device."""
        now_on = not self.table.auto_pass()
        self.auto_pass_button.setAttribute("aria-pressed", "true" if now_on else "false")
        self.table.set_auto_pass(now_on)

    def toggle_confirm(self):
        """Confirm moves on or off, for every game on this device."""
        now_on = self.table.confirm.toggle()
        self.confirm_button.setAttribute("aria-pressed", "true" if now_on else "false")

    def draw_sound_label(self):
        on_now = sound.enabled()
        self.sound_button.textContent = "Sound on" if on_now else "Sound off"
        self.sound_button.setAttribute("aria-pressed", "true" if on_now else "false")

    def on_rematch_button(self):
        """The controls' Rematch. During a game it asks first: the game in progress would be
        lost, so a second tap within a few seconds confirms."""
        snap = self.table.snapshot
        in_game = snap is not None and not snap["is_over"] and snap["ply"] > 0
        if in_game and not self.rematch_asked():
            self.rematch_asked_ms = now_ms()
            self.draw_rematch_label()
            return
        if in_game and now_ms() - self.rematch_asked_ms < REMATCH_DOUBLE_TAP_MS:
            return  # a double tap is one tap: the question stands
        self.rematch_asked_ms = None
        self.draw_rematch_label()
        self.table.on_rematch()

    def rematch_asked(self):
        return self.rematch_asked_ms is not None and now_ms() - self.rematch_asked_ms < REMATCH_CONFIRM_MS

    def draw_rematch_label(self):
        asked = self.rematch_asked()
        if not asked:
            self.rematch_asked_ms = None
        set_text(self.rematch_button, "Restart? Tap again" if asked else "Rematch")
        if self.rematch_button.classList.contains("asking") != asked:
            self.rematch_button.classList.toggle("asking", asked)


def result_text(snap, colours):
    """Who won, how, and each seat's score by name, e.g. "Blue wins on time · Red 5, Blue 4",
    "Draw · Red 24, Blue 24" (record_summary.result_line, the words of the recent games too)."""
    from record_summary import result_line  # imported at the first end: compiled only then
    view = snap["view"]
    # A team game (Runners 2v2) is decided by the teams' totals: those are the score.
    return result_line(snap["winners"], snap["scores"], colours, view.get("forfeit"),
                       view.get("teams"), view.get("team_scores"))


def reason_text(snap, colours):
    """Why the game ended, naming colours rather than seats."""
    forfeit = snap["view"].get("forfeit")
    if forfeit:
        who = colours[forfeit["seat"]]
        return who + (" ran out of time" if forfeit["reason"] == "timeout" else " resigned")
    reason = snap["end_reason"] or ""
    return reason[:1].upper() + reason[1:]


class ResultDialog:
    """Shown once when a game ends, under the board (the final position stays in view): the
    result, why, what a rematch does, Rematch, New game (Leave), Hide. It takes the keyboard's
    focus when it opens and gives it back when it closes (Hide or Escape)."""

    def __init__(self, parent, after, on_rematch, transport, go_home, game, focus_table):
        self.node = el("div", "result", parent=parent, role="dialog", aria_modal="false",
                       aria_labelledby="result-title", tabindex="-1")
        after.after(self.node)  # under the board (beside it on a wide screen), never over it
        self.title = el("h3", None, "", self.node, id="result-title")
        self.why = el("p", "result-why", "", self.node)
        # What a rematch does (a table on this device: a room's rematch is the room's).
        self.next = el("p", "result-next", "", self.node, id="result-next")
        self.says_rematch = transport.runs_table and not transport.online
        # Not "controls": tests and styles reach the table's own bar as `.table .controls`.
        actions = el("div", "result-actions", parent=self.node)
        rematch = button(actions, "Rematch", on_rematch, "btn primary",
                         **({"aria_describedby": "result-next"} if self.says_rematch else {}))
        if not transport.runs_table:
            show(rematch, False)
        button(actions, transport.leave_label, go_home)
        button(actions, "Hide", self.close, "btn ghost", aria_label="Hide the result")
        on(self.node, "keydown", self.on_key)
        show(self.node, False)
        self.game = game
        self.focus_table = focus_table  # where the keyboard goes when what had it is gone
        self.returns = None  # what had the keyboard's focus when the result opened
        self.seen = None  # the ply of the end shown (Hide hides it until the next end)

    def draw(self, snap, colours):
        over = snap["is_over"]
        if over and self.seen != snap["ply"]:
            self.seen = snap["ply"]
            self.title.textContent = result_text(snap, colours)
            self.why.textContent = reason_text(snap, colours)
            words = ""
            if self.says_rematch:
                from record_summary import rematch_text
                config = snap["config"]
                words = rematch_text(config["seats"], colours, self.game.get("first_option"),
                                     (config.get("options") or {}).get("first", 0))
            self.next.textContent = words
            show(self.next, bool(words))
            self.open()
        elif not over and not self.node.hasAttribute("hidden"):
            self.seen = None
            self.close()
        elif not over:
            self.seen = None

    def open(self):
        active = document.activeElement
        self.returns = None if active is None or self.node.contains(active) else active
        show(self.node, True)
        self.node.focus(to_js({"preventScroll": True}))
        self.node.scrollIntoView(to_js({"block": "nearest"}))

    def close(self):
        had_focus = self.node.contains(document.activeElement)
        show(self.node, False)
        if not had_focus:
            return
        back, self.returns = self.returns, None
        if (back is not None and back.tagName != "BODY" and back.isConnected
                and back.getClientRects().length > 0):
            back.focus(to_js({"preventScroll": True}))
        else:
            self.focus_table()

    def on_key(self, event):
        if event.key == "Escape":
            event.preventDefault()
            self.close()


class RecordLinks:
    """The row Save record opens: the record as a .json file and as a .txt notation text, each a
    link that downloads it (a Blob made here, so it works offline)."""

    def __init__(self, parent):
        self.node = el("div", "record-save", parent=parent, role="group", aria_label="Save the game record")
        el("span", None, "Download", self.node)
        self.json_link = el("a", "btn small", "Record .json", self.node, download="record.json",
                            title="The game record: open it again on the home screen")
        self.text_link = el("a", "btn small", "Notation .txt", self.node, download="record.txt",
                            title="The moves as plain text, with a header: it opens too")
        self.urls = []
        show(self.node, False)

    def hidden(self):
        return self.node.hasAttribute("hidden")

    def offer(self, answer):
        self.close()
        for link, text, kind, ext in ((self.json_link, answer["json"], "application/json", ".json"),
                                      (self.text_link, answer["text"], "text/plain", ".txt")):
            blob = window.Blob.new(to_js([text]), to_js({"type": kind + ";charset=utf-8"}))
            url = window.URL.createObjectURL(blob)
            self.urls.append(url)
            link.setAttribute("href", url)
            link.setAttribute("download", answer["name"] + ext)
        show(self.node, True)

    def close(self):
        for url in self.urls:
            window.URL.revokeObjectURL(url)
        self.urls = []
        show(self.node, False)

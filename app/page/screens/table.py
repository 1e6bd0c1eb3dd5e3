"""The table: seats with counts and clocks, the board, the move log, controls and the result.

Drives a local game: every change goes to the engine worker as an action and the answer (a
snapshot) is drawn as it is. Computer seats think in the worker, so the page stays responsive;
in a game with a turn clock (the snapshot's `turn_s`: Ataxx) the clock runs here and a human
whose clock runs out loses by timeout.
"""

import asyncio
import json

import sound
from catalog import COLOUR_HEX, LEVELS, SEAT_MARKS
from clock import TurnClock, shown
from dom import button, el, now_ms, query_param, show
from pyscript import window
from pyscript.ffi import to_js
from saved_table import CLOCK_KEY, SAVE_KEY

LEVEL_TITLES = dict(LEVELS)


def board_class(game_id):
    """The board of a game: the class `Board` of boards/<game id>.py, imported on first use."""
    return __import__("boards." + game_id, None, None, ["Board"]).Board
REMATCH_CONFIRM_MS = 4000  # a Rematch during a game waits this long for its confirming tap
REMATCH_DOUBLE_TAP_MS = 400  # ... but not a second tap this soon (an accidental double tap)


def paint_colours(node, colours):
    """Give each seat's colour (by name) to CSS under `node` as --c0…--c5 (dots, log, pieces)."""
    for index, name in enumerate(colours):
        node.style.setProperty("--c" + str(index), COLOUR_HEX.get(name, "#777"))


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


def controller(seat):
    """Who plays a seat, in a few words: "You", "Person" or "AI · Hard"."""
    if seat["kind"] == "ai":
        return "AI · " + LEVEL_TITLES.get(seat["level"], seat["level"])
    return seat.get("name") or "Person"


class TableScreen:
    def __init__(self, app, root, game, mode, seat_count):
        self.app = app
        self.game = game
        self.mode = mode
        self.snapshot = None
        self.clock = TurnClock(0)
        self.timed = False  # set from the first snapshot's turn_s (set_clock)
        self.pending = 0  # actions on their way to the engine
        self.thinking = None  # the (ply, seat) a computer is thinking about
        self.result_seen = None
        self.closed = False  # set when the player leaves: late answers are then dropped
        self.root = el("section", "table", parent=root, aria_label=game["title"] + " table",
                       data_game=game["id"])
        head = el("header", "table-head", parent=self.root)
        count = game.get("modes_label", "") if mode["title"].isdigit() else ""  # "3" -> "3 players"
        self.title = el("h2", "table-title", game["title"] + " · " + mode["title"] + (
            " " + count.lower() if count else ""), head, tabindex="-1")
        self.rules_button = button(head, "Rules", self.toggle_rules, "btn ghost small",
                                   aria_expanded="false")
        self.paused_by_dialog = False
        self.rules = el("ol", "rules", parent=self.root)
        for line in game["rules"]:
            el("li", None, line, self.rules)
        show(self.rules, False)
        self.seats = el("div", "seats", parent=self.root)
        self.chips = []
        for index in range(seat_count):
            chip = el("div", "seat seat-" + str(index), parent=self.seats, data_seat=index, role="group")
            el("span", "dot c" + str(index), SEAT_MARKS[index], chip, aria_hidden="true")
            name = el("span", "name", "", chip)
            count = el("span", "count", "0", chip)
            line = el("span", "sub", parent=chip)
            who = el("span", "who", "", line)
            timer = el("span", "clock", "", line, role="timer", hidden="")
            think = el("span", "thinking", "", line)
            self.chips.append((chip, name, who, count, timer, think))
        self.meta = el("p", "table-meta", "", self.root)
        self.status = el("p", "turn-status", "", self.root, role="status", aria_live="polite")
        self.progress = el("div", "think-bar", parent=self.root, aria_hidden="true")
        el("div", "think-fill", parent=self.progress)
        show(self.progress, False)
        self.stage = el("div", "stage", parent=self.root)
        self.board = board_class(game["id"])(self.stage, game, self.on_move)
        bar = el("div", "controls", parent=self.root)
        self.pass_button = button(bar, "Pass", self.on_pass, "btn primary")
        self.undo_button = button(bar, "Undo", self.on_undo)
        self.pause_button = button(bar, "Pause", self.on_pause, aria_pressed="false")
        self.rematch_button = button(bar, "Rematch", self.on_rematch_button)
        self.rematch_asked_ms = None  # a first tap on Rematch during a game asks to confirm
        self.new_button = button(bar, "New game", self.app.go_home)
        self.sound_button = button(bar, "", self.toggle_sound, "btn ghost sound")
        self.draw_sound_label()
        self.log = el("ol", "move-log", parent=self.root, aria_label="Moves")
        self.dialog = el("div", "result", parent=self.root, role="dialog", aria_modal="false",
                         aria_labelledby="result-title")
        el("h3", None, "", self.dialog, id="result-title")
        el("p", "result-why", "", self.dialog)
        actions = el("div", "controls", parent=self.dialog)
        button(actions, "Rematch", self.on_rematch, "btn primary")
        self.dialog_new_button = button(actions, "New game", self.app.go_home)
        button(actions, "See the board", lambda: show(self.dialog, False), "btn ghost")
        show(self.dialog, False)
        self.status.textContent = "Starting the game engine…"
        self.update_controls()

    def toggle_sound(self):
        """Sound effects on or off, saved on this device (app/sound.py)."""
        sound.set_enabled(not sound.enabled())
        self.draw_sound_label()

    def draw_sound_label(self):
        on_now = sound.enabled()
        self.sound_button.textContent = "Sound on" if on_now else "Sound off"
        self.sound_button.setAttribute("aria-pressed", "true" if on_now else "false")

    def toggle_rules(self):
        """Show or hide the rules. Like any dialog, reading them pauses the local computers
        (and the clock) until they are closed, unless the table was paused already."""
        opening = self.rules.hasAttribute("hidden")
        show(self.rules, opening)
        self.rules_button.setAttribute("aria-expanded", "true" if opening else "false")
        snap = self.snapshot
        if snap is None or snap["is_over"] or not self.ready():
            return
        if opening and not snap["paused"]:
            self.paused_by_dialog = True
            self.set_paused(True)
        elif not opening and self.paused_by_dialog:
            self.paused_by_dialog = False
            self.set_paused(False)

    def colours(self):
        """Seat colour names: the view's own where the game sends them (they can depend on the
        seat count), else the catalog's."""
        view = self.snapshot["view"] if self.snapshot else {}
        return view.get("colours") or self.game["colours"]

    # --- snapshots in ----------------------------------------------------------------------
    def draw(self, snapshot, clock_left_ms=None):
        """Draw a snapshot from the engine (or, before it is up, the one saved at reload)."""
        if self.closed:
            return
        previous = self.snapshot
        self.snapshot = snapshot
        view = snapshot["view"]
        seats = snapshot["config"]["seats"]
        colours = self.colours()
        live = self.ready() and not self.busy
        interactive = live and snapshot["human_turn"] and not snapshot["paused"]
        to_move = snapshot["to_move"]
        if previous is None:
            paint_colours(self.root, self.colours())
        if previous is None or snapshot.get("turn_s") != previous.get("turn_s"):
            self.set_clock(snapshot.get("turn_s"))
        self.board.update(snapshot, interactive)
        meta = self.board.meta(snapshot)
        self.meta.textContent = meta
        show(self.meta, bool(meta))
        for index, (chip, name, who, count, timer, think) in enumerate(self.chips):
            name.textContent = colours[index]
            who.textContent = controller(seats[index])
            count.textContent = str(snapshot["scores"][index])
            chip.classList.toggle("to-move", index == to_move)
            chip.classList.toggle("winner", index in snapshot["winners"])
            self.label_seat(index)
        self.draw_log(snapshot)
        if previous is not None and (snapshot["ply"] > previous["ply"]
                                     or snapshot["is_over"] and not previous["is_over"]):
            sound.play(self.board.sound_kind(snapshot, previous))
        turn = (snapshot["ply"], to_move)
        if snapshot["is_over"] or to_move is None:
            self.clock.stop(now_ms())
            self.clock.turn = None
        elif self.clock.turn != turn or previous is None:
            self.clock.start_turn(turn, now_ms(), clock_left_ms)
        if snapshot["paused"] or not self.ready():
            self.clock.stop(now_ms())
        else:
            self.clock.resume(now_ms())
        self.draw_status()
        self.draw_result()
        self.update_controls()
        self.save()
        self.tick()
        if live:
            self.maybe_think()

    def draw_log(self, snapshot):
        self.log.replaceChildren()
        colours = self.colours()
        for ply, (seat, move) in enumerate(snapshot["log"]):
            item = el("li", None, None, self.log)
            el("span", "num", str(ply + 1) + ".", item)
            el("span", "mv c" + str(seat), move, item, aria_label=colours[seat] + " " + move)
        self.log.scrollTop = self.log.scrollHeight

    def draw_status(self):
        snap = self.snapshot
        colours = self.colours()
        if snap["is_over"]:
            text = self.result_text()
        elif not self.ready():
            text = "Starting the game engine… {:.1f} s".format(self.app.engine.elapsed_s())
        elif snap["paused"]:
            text = "Paused"
        else:
            who = colours[snap["to_move"]]
            if snap["ai_turn"]:
                text = who + " is thinking…"
            elif snap["legal_moves"] == ["pass"]:
                text = who + " has no move and must pass"
            else:
                text = who + " to move"
        self.status.textContent = text
        thinking = bool(snap["ai_turn"] and not snap["paused"] and not snap["is_over"])
        for index, (chip, _, _, _, _, think) in enumerate(self.chips):
            on_it = thinking and index == snap["to_move"]
            chip.classList.toggle("is-thinking", on_it)
            think.textContent = "thinking…" if on_it else ""
        show(self.progress, thinking and self.ready())

    def result_text(self):
        snap = self.snapshot
        colours = self.colours()
        # A team game (Runners 2v2) is decided by the teams' totals: those are the score.
        scores = "–".join(str(s) for s in snap["view"].get("team_scores") or snap["scores"])
        winners = [colours[seat] for seat in snap["winners"]]
        if len(winners) == 1:
            return winners[0] + " wins " + scores
        if len(winners) == len(snap["scores"]):
            return "Draw " + scores
        return " and ".join(winners) + " win " + scores

    def reason_text(self):
        """Why the game ended, naming colours rather than seats."""
        snap = self.snapshot
        forfeit = snap["view"].get("forfeit")
        if forfeit:
            who = self.colours()[forfeit["seat"]]
            return who + (" ran out of time" if forfeit["reason"] == "timeout" else " resigned")
        reason = snap["end_reason"] or ""
        return reason[:1].upper() + reason[1:]

    def draw_result(self):
        snap = self.snapshot
        over = snap["is_over"]
        if over and self.result_seen != snap["ply"]:
            self.result_seen = snap["ply"]
            self.dialog.querySelector("h3").textContent = self.result_text()
            self.dialog.querySelector(".result-why").textContent = self.reason_text()
            show(self.dialog, True)
        elif not over:
            self.result_seen = None
            show(self.dialog, False)

    def focus_title(self):
        """Move the keyboard focus to the table (after Start or Continue, it stayed behind on a
        button that is gone)."""
        self.title.focus(to_js({"preventScroll": True}))

    def label_seat(self, index):
        """A seat's name for a screen reader, e.g. "Red: AI · Hard, 3 pieces, to move"."""
        chip, name, who, count, _, _ = self.chips[index]
        words = "{}: {}, {} {}".format(name.textContent, who.textContent, count.textContent,
                                       self.game["score_label"])
        if chip.classList.contains("to-move"):
            words += ", to move"
        if chip.classList.contains("winner"):
            words += ", winner"
        chip.setAttribute("aria-label", words)

    def update_controls(self):
        snap = self.snapshot
        ready = self.ready() and snap is not None and not self.busy
        human_pass = bool(snap and snap["human_turn"] and snap["legal_moves"] == ["pass"])
        pass_off = not ready or bool(snap and snap["paused"])
        if (pass_off or not human_pass) and self.pass_button.matches(":focus"):
            self.board.keep_focus()  # a disabled or hidden button drops the keyboard's place
        show(self.pass_button, human_pass)
        self.pass_button.disabled = pass_off
        self.undo_button.disabled = not (ready and snap["can_undo"])
        over = bool(snap and snap["is_over"])
        self.pause_button.disabled = not ready or over
        paused = bool(snap and snap["paused"])
        self.pause_button.textContent = "Resume" if paused else "Pause"
        self.pause_button.setAttribute("aria-pressed", "true" if paused else "false")
        self.rematch_button.disabled = not ready
        self.draw_rematch_label()
        self.root.classList.toggle("paused", paused)

    # --- the clock -------------------------------------------------------------------------
    def set_clock(self, seconds):
        """A turn clock of `seconds` per turn, shown on every seat; None: this game has none."""
        length = turn_ms(seconds)
        self.timed = length is not None
        self.clock = TurnClock(length or 0)
        for chip in self.chips:
            show(chip[4], self.timed)

    def tick(self):
        """Called a few times a second: redraw the clock; a human out of time loses."""
        snap = self.snapshot
        if snap is None:
            return
        if self.rematch_asked_ms is not None:
            self.draw_rematch_label()  # the question lapses
        now = now_ms()
        if self.timed:
            if self.clock.running:
                self.save_clock()
            for index, (chip, _, _, _, timer, _) in enumerate(self.chips):
                if index == snap["to_move"]:
                    left = self.clock.remaining(now)
                    timer.textContent = str(shown(left))
                    chip.classList.toggle("low-time", left < 10_000)
                else:
                    timer.textContent = str(shown(self.clock.turn_ms))
                    chip.classList.toggle("low-time", False)
        if not self.ready():
            self.draw_status()
        elif self.timed and self.clock.expired(now) and self.may_time_out(snap) and not self.busy:
            seat = snap["to_move"]
            self.clock.turn = None
            self.act({"type": "forfeit", "seat": seat, "reason": "timeout", "ply": snap["ply"]})

    # --- intents out -----------------------------------------------------------------------
    def on_move(self, move):
        snap = self.snapshot
        self.act({"type": "move", "seat": snap["to_move"], "move": move, "ply": snap["ply"]})

    def on_pass(self):
        self.on_move("pass")

    def on_undo(self):
        self.act({"type": "undo"})

    def on_pause(self):
        """The Pause / Resume button."""
        self.paused_by_dialog = False
        self.set_paused(not self.snapshot["paused"])

    def set_paused(self, paused):
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

    def on_rematch_button(self):
        """The controls' Rematch. During a game it asks first: the game in progress would be
        lost, so a second tap within a few seconds confirms."""
        snap = self.snapshot
        in_game = snap is not None and not snap["is_over"] and snap["ply"] > 0
        if in_game and not self.rematch_asked():
            self.rematch_asked_ms = now_ms()
            self.draw_rematch_label()
            return
        if in_game and now_ms() - self.rematch_asked_ms < REMATCH_DOUBLE_TAP_MS:
            return  # a double tap is one tap: the question stands
        self.rematch_asked_ms = None
        self.draw_rematch_label()
        self.on_rematch()

    def rematch_asked(self):
        return self.rematch_asked_ms is not None and now_ms() - self.rematch_asked_ms < REMATCH_CONFIRM_MS

    def draw_rematch_label(self):
        asked = self.rematch_asked()
        if not asked:
            self.rematch_asked_ms = None
        label = "Restart? Tap again" if asked else "Rematch"
        if self.rematch_button.textContent != label:
            self.rematch_button.textContent = label
        self.rematch_button.classList.toggle("asking", asked)

    def on_rematch(self):
        self.clock.turn = None
        self.act({"type": "rematch"})

    # --- hooks (an online table overrides them: app/page/screens/room.py) ---------------------------
    def ready(self):
        """Whether the table can be played on (the engine is up)."""
        return self.app.engine.ready

    def may_time_out(self, snap):
        """Whether the seat to move loses when its clock runs out (here: a person's turn)."""
        return snap["human_turn"]

    async def call_act(self, action):
        return await self.app.engine.call("act", action)

    async def call_think(self, budget):
        return await self.app.engine.call("think", budget)

    @property
    def busy(self):
        return self.pending > 0

    def act(self, action):
        if not self.closed:
            asyncio.create_task(self._act(action))

    async def _act(self, action, quiet=False):
        """Send an action; draw the answer. A refused computer move (it raced an Undo or a
        Pause) is expected and not worth a message."""
        self.pending += 1
        self.update_controls()
        try:
            answer = await self.call_act(action)
        finally:
            self.pending -= 1
        if answer is None:  # sent elsewhere (an online guest): the next state redraws
            self.update_controls()
            return
        if not answer["ok"] and not quiet:
            self.app.toast(answer["error"])
        if answer.get("snapshot"):
            self.draw(answer["snapshot"])
        else:
            self.update_controls()

    # --- computer seats --------------------------------------------------------------------
    def maybe_think(self):
        snap = self.snapshot
        if not snap["ai_turn"] or snap["paused"] or snap["is_over"]:
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
            answer = await self.call_think(budget)
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
        await self._act({"type": "ai_move", "seat": answer["seat"], "move": answer["move"],
                         "ply": answer["ply"]}, quiet=True)

    # --- persistence -----------------------------------------------------------------------
    def save(self):
        """Keep the table in this browser so that a reload resumes it."""
        data = {"game": self.game["id"], "mode": self.mode["id"], "snapshot": self.snapshot,
                "paused_by_dialog": self.paused_by_dialog}
        window.localStorage.setItem(SAVE_KEY, json.dumps(data))
        self.save_clock()

    def save_clock(self):
        if self.timed:
            window.localStorage.setItem(CLOCK_KEY, str(self.clock.remaining(now_ms())))

    def close(self):
        self.closed = True
        self.root.remove()

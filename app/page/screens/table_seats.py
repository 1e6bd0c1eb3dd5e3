"""The table's seats: a chip per seat with its colour and mark, who plays it, its count, its turn
clock and "thinking…"; at an online table also which seat is yours, who is away, and a
"Take seat" button on an open seat a watching guest may take. In a team game (the view's
`teams` and `team_scores`) each team is a column headed by its members and its total, which
decides the game, large; its seats under it."""

from catalog import COLOUR_HEX, LEVELS, SEAT_MARKS
from clock import shown
from dom import button, el, set_attr, set_text, show

LEVEL_TITLES = dict(LEVELS)
LOW_TIME_MS = 10_000  # a clock below this is marked


def paint_colours(node, colours):
    """Give each seat's colour (by name) to CSS under `node` as --c0…--c5 (dots, log, pieces)."""
    for index, name in enumerate(colours):
        node.style.setProperty("--c" + str(index), COLOUR_HEX.get(name, "#777"))


def controller(seat):
    """Who plays a seat, in a few words: "You", "Person" or "AI · Hard"."""
    if seat["kind"] == "ai":
        return "AI · " + LEVEL_TITLES.get(seat["level"], seat["level"])
    return seat.get("name") or "Person"


class SeatChips:
    def __init__(self, parent, seat_count, score_label):
        self.score_label = score_label
        self.root = el("div", "seats", parent=parent)
        self.chips = []  # per seat: (chip, name, who, count, timer, think)
        self.take_buttons = {}  # seat -> its "Take seat" button, made when first offered
        self.teams = None  # per team: (node, members, total), made at the first team snapshot
        self.clock_texts = [None] * seat_count  # what each seat's clock shows (draw_clocks)
        for index in range(seat_count):
            chip = el("div", "seat seat-" + str(index), parent=self.root, data_seat=index, role="group")
            el("span", "dot c" + str(index), SEAT_MARKS[index], chip, aria_hidden="true")
            name = el("span", "name", "", chip)
            count = el("span", "count", "0", chip)
            line = el("span", "sub", parent=chip)
            who = el("span", "who", "", line)
            timer = el("span", "clock", "", line, role="timer", hidden="")
            think = el("span", "thinking", "", line)
            self.chips.append((chip, name, who, count, timer, think))

    def draw(self, snapshot, colours, presence, own_seat):
        """Names, who plays, counts, the seat to move and the winners; `presence` (None: not
        online) marks who is away, `own_seat` says "(you)"."""
        seats = snapshot["config"]["seats"]
        self.draw_teams(snapshot, colours)
        for index, (chip, name, who, count, _, _) in enumerate(self.chips):
            words = controller(seats[index])
            if index == own_seat:
                words += " (you)"
            if presence is not None:
                away = index < len(presence) and not presence[index]
                chip.classList.toggle("away", away)
                set_attr(chip, "data-presence", "away" if away else "here")
                if away:
                    words += " · away"
            score = str(snapshot["scores"][index])
            to_move, winner = index == snapshot["to_move"], index in snapshot["winners"]
            set_text(name, colours[index])
            set_text(who, words)
            set_text(count, score)
            chip.classList.toggle("to-move", to_move)
            chip.classList.toggle("winner", winner)
            # Its name for a screen reader, e.g. "Red: AI · Hard, 3 pieces, to move".
            label = "{}: {}, {} {}".format(colours[index], words, score, self.score_label)
            set_attr(chip, "aria-label", label + (", to move" if to_move else "") + (", winner" if winner else ""))

    def draw_teams(self, snapshot, colours):
        """A team game's teams, each a column: its members ("Orange + Jade") and its total."""
        view = snapshot.get("view") or {}
        teams, totals = view.get("teams"), view.get("team_scores")
        if (not isinstance(teams, list) or not isinstance(totals, list) or len(teams) != len(totals)
                or not all(isinstance(team, list) and all(type(s) is int and 0 <= s < len(self.chips) for s in team)
                           for team in teams)):
            return
        if self.teams is None:
            self.teams = []
            self.root.classList.add("teamed")
            self.root.style.setProperty("--teams", str(len(teams)))
            first = self.root.firstChild
            for index, team in enumerate(teams):
                node = el("div", "team team-" + str(index), role="group")
                self.root.insertBefore(node, first)
                head = el("span", "team-name", "Team " + "ABCDEF"[index % 6], node)
                total = el("span", "team-total", "0", node)
                members = el("span", "team-members", "", node)
                self.teams.append((node, head, members, total))
                for seat in team:  # the team's seats in its column, under it
                    self.chips[seat][0].style.gridColumn = str(index + 1)
        for index, (node, head, members, total) in enumerate(self.teams[:len(teams)]):
            team = teams[index]
            names = " + ".join(colours[s] for s in team if s < len(colours))
            set_text(members, names)
            set_text(total, str(totals[index]))
            node.classList.toggle("to-move", snapshot["to_move"] in team)
            node.classList.toggle("winner", any(s in snapshot["winners"] for s in team))
            node.style.gridColumn = str(index + 1)
            node.setAttribute("aria-label", "{}, {}: {} {} together{}".format(
                head.textContent, names, totals[index], self.score_label,
                ", winners" if node.classList.contains("winner") else ""))

    def offer(self, seats, take):
        """A "Take seat" button on each seat of `seats`; a press calls take(seat)."""
        for index, (chip, *_) in enumerate(self.chips):
            offered = index in seats
            node = self.take_buttons.get(index)
            if node is None and offered:
                node = button(chip, "Take seat", lambda i=index: take(i), "btn small take-seat")
                self.take_buttons[index] = node
            if node is not None:
                show(node, offered)

    def draw_thinking(self, seat):
        """Say "thinking…" on `seat` (None: on none)."""
        for index, (chip, _, _, _, _, think) in enumerate(self.chips):
            on_it = index == seat
            chip.classList.toggle("is-thinking", on_it)
            set_text(think, "thinking…" if on_it else "")

    def show_clocks(self, timed):
        for chip in self.chips:
            show(chip[4], timed)

    def draw_clocks(self, to_move, left_ms, turn_ms):
        """The seat to move shows the time it has left; the others a whole turn. Called a few
        times a second: a clock's text is written only when the second it shows changes (each
        write lays the page out and paints it again)."""
        for index, (chip, _, _, _, timer, _) in enumerate(self.chips):
            text = str(shown(left_ms if index == to_move else turn_ms))
            if text != self.clock_texts[index]:
                self.clock_texts[index] = text
                timer.textContent = text
            chip.classList.toggle("low-time", index == to_move and left_ms < LOW_TIME_MS)

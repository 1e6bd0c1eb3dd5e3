"""What the home screen says of a kept game record (app/page/recent_games.py): its seats, its
result and date in a line each, and each game's statistics (played, won against each level of
the computer); and what the table's result says (the same result line, what a rematch does). Pure Python on plain dicts, for the page (MicroPython) and tests (CPython); no
game is named here: colours and titles come from the catalog entry passed in.
"""

LEVEL_TITLES = {"easy": "Easy", "medium": "Medium", "hard": "Hard"}
LEVEL_ORDER = ("easy", "medium", "hard")


def seats_text(record):
    """The seats in a few words, seat 1 first: "Ann vs Hard", "You vs Easy vs Easy"."""
    parts = []
    for seat in record.get("seats") or []:
        if seat.get("kind") == "ai":
            parts.append(LEVEL_TITLES.get(seat.get("level"), "Computer"))
        else:
            parts.append(seat.get("name") or "Player")
    return " vs ".join(parts)


def result_text(record, colours):
    """Who won, how, and every seat's score, in the words of the table (result_line), e.g.
    "Blue wins on time · Red 5, Blue 4", "Draw · Red 4, Blue 4"; "In progress" without a result.
    `colours`: the seats' colour names at this table."""
    result = record.get("result")
    if not result:
        return "In progress"
    names = [colours[s] if 0 <= s < len(colours) else "Seat {}".format(s + 1)
             for s in range(max(len(colours), len(result.get("scores") or [])))]
    return result_line(result.get("winners") or [], result.get("scores") or [], names,
                       record.get("forfeit"))


FORFEIT_WORDS = {"timeout": "on time", "resign": "by resignation"}


def result_line(winners, scores, colours, forfeit=None, teams=None, team_scores=None):
    """A finished game in one line that cannot be misread: who won, how when it was not by play
    (a forfeit: "on time"), then each seat's (or team's) score by name:
    "Blue wins on time · Red 5, Blue 4", "Draw · Red 4, Blue 4",
    "Orange and Jade win · Orange + Jade 12, Blue + Violet 9". `forfeit`: None or {seat, reason};
    `teams` (seat lists) with `team_scores`: a team game, scored by team."""
    def name(seat):
        return colours[seat] if 0 <= seat < len(colours) else "Seat {}".format(seat + 1)

    if winners and len(winners) == len(scores) and len(scores) > 1:
        head = "Draw"
    elif len(winners) == 1:
        head = name(winners[0]) + " wins"
    else:
        head = " and ".join(name(s) for s in winners) + " win"
    if forfeit and isinstance(forfeit, dict) and head != "Draw":
        head += " " + FORFEIT_WORDS.get(forfeit.get("reason"), "by forfeit")
    if teams and team_scores and len(teams) == len(team_scores):
        parts = [" + ".join(name(s) for s in team) + " " + str(score)
                 for team, score in zip(teams, team_scores)]
    else:
        parts = [name(seat) + " " + str(score) for seat, score in enumerate(scores)]
    return head + " · " + ", ".join(parts)


def rematch_text(seats, colours, first_option, first=0):
    """What a rematch of a table on this device does (app/engine/local_table.py Table.rematch), in
    a line for the result: where the game lets any seat start (`first_option`) the colours stay
    and the next seat starts; otherwise the seats' settings move one place along (so one person
    against the computer changes colour) and the first colour starts. `seats`: the table's seat
    settings ({kind, level, name}); `first`: the seat that started this game."""
    count = len(seats)
    if count < 2:
        return ""
    people = [i for i, seat in enumerate(seats) if seat.get("kind") != "ai"]
    solo = len(people) == 1
    if first_option:
        start = (first + 1) % count
        if solo and people[0] == start:
            return "Rematch: the same colours; you start ({}).".format(colours[start])
        return "Rematch: the same colours; {} starts.".format(colours[start])
    if solo:
        you = (people[0] - 1) % count
        if you == 0:
            return "Rematch: you play {} and start.".format(colours[0])
        return "Rematch: you play {}; the computer plays {} and starts.".format(colours[you], colours[0])
    if seats[1:] + seats[:1] == seats:
        return "Rematch: the same seats; {} starts.".format(colours[0])
    return "Rematch: each player moves one colour along; {} starts.".format(colours[0])


def date_text(record):
    """When it ended (else started), as written: "2026-12-02 10:25"; "" without a date."""
    date = record.get("ended") or record.get("started") or ""
    return date[:16].replace("T", " ")


def solo_seat(record):
    """The one person's seat in a game of one person against the computer, else None."""
    seats = record.get("seats") or []
    people = [i for i, seat in enumerate(seats) if seat.get("kind") != "ai"]
    return people[0] if len(people) == 1 and len(seats) > 1 else None


def outcome(record):
    """(level, "won" | "lost" | "drawn") of a finished game of one person against the computer
    (`level`: the hardest computer at the table), else None."""
    seat = solo_seat(record)
    result = record.get("result")
    if seat is None or not result:
        return None
    levels = [s.get("level") for s in record["seats"] if s.get("kind") == "ai"]
    level = max(levels, key=lambda lv: LEVEL_ORDER.index(lv) if lv in LEVEL_ORDER else -1)
    winners = result.get("winners") or []
    if seat not in winners:
        return level, "lost"
    return level, "drawn" if len(winners) == len(record["seats"]) else "won"


def statistics(records):
    """Per game id: {"played": finished games, "levels": {level: {"played", "won", "drawn"}}}
    over the finished games of `records` (the levels: games of one person against the computer,
    by the hardest computer at the table)."""
    stats = {}
    for record in records:
        if not record.get("result"):
            continue
        entry = stats.setdefault(record.get("game"), {"played": 0, "levels": {}})
        entry["played"] += 1
        known = outcome(record)
        if known is not None:
            level, how = known
            counts = entry["levels"].setdefault(level, {"played": 0, "won": 0, "drawn": 0})
            counts["played"] += 1
            if how != "lost":
                counts[how] += 1
    return stats


def statistics_text(entry):
    """One game's statistics in a line: "Played 7 · vs Easy: won 3 of 4 · vs Hard: won 0 of 3"."""
    parts = ["Played {}".format(entry["played"])]
    for level in LEVEL_ORDER:
        counts = entry["levels"].get(level)
        if counts:
            text = "vs {}: won {} of {}".format(LEVEL_TITLES[level], counts["won"], counts["played"])
            if counts["drawn"]:
                text += " ({} drawn)".format(counts["drawn"])
            parts.append(text)
    return " · ".join(parts)

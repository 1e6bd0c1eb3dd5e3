"""What the home screen says of a kept game record (app/page/recent_games.py): its seats, its
result and date in a line each, and each game's statistics (played, won against each level of
the computer). Pure Python on plain dicts, for the page (MicroPython) and tests (CPython); no
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
    """Who won and the score in the words of the table (screens/table_controls.py), e.g.
    "Red wins 30–19", "Draw 4–4", "Red and Blue win 5–3"; "In progress" without a result.
    `colours`: the seats' colour names at this table."""
    result = record.get("result")
    if not result:
        return "In progress"
    scores = "–".join(str(s) for s in result.get("scores") or [])
    winners = result.get("winners") or []
    names = [colours[s] if 0 <= s < len(colours) else "Seat {}".format(s + 1) for s in winners]
    if len(names) == 1:
        return names[0] + " wins " + scores
    if len(names) == len(record.get("seats") or []):
        return "Draw " + scores
    return " and ".join(names) + " win " + scores


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

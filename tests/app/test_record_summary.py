"""What the home screen says of the recent games (app/shared/record_summary.py): seats, result,
date, and each game's statistics by level of the computer."""

from record_summary import (date_text, outcome, rematch_text, result_line, result_text, seats_text,
                            statistics, statistics_text)


def rec(game, seats, winners=None, scores=(1, 1), ended="2026-12-02T10:25:00Z"):
    result = None if winners is None else {"winners": winners, "reason": "x", "scores": list(scores)}
    return {"game": game, "seats": seats, "result": result, "started": "2026-12-02T10:00:00Z", "ended": ended}


ME = {"kind": "human", "name": "Ann"}
EASY, HARD = {"kind": "ai", "level": "easy"}, {"kind": "ai", "level": "hard"}


def test_lines_of_a_kept_game():
    record = rec("g", [ME, HARD], [1], (10, 3))
    assert seats_text(record) == "Ann vs Hard"
    assert seats_text(rec("g", [{"kind": "human"}, EASY, EASY])) == "Player vs Easy vs Easy"
    assert result_text(record, ["Red", "Blue"]) == "Blue wins · Red 10, Blue 3"
    assert result_text(rec("g", [ME, HARD], [0, 1], (4, 4)), ["Red", "Blue"]) == "Draw · Red 4, Blue 4"
    assert result_text(rec("g", [ME, EASY, EASY, HARD], [0, 2], (5, 3, 5, 1)), ["Red", "Blue", "Green", "Yellow"]) \
        == "Red and Green win · Red 5, Blue 3, Green 5, Yellow 1"
    # A timeout: the winner had fewer pieces; the headline says why and whose score is whose.
    timed_out = {**rec("g", [ME, HARD], [1], (5, 4)), "forfeit": {"seat": 0, "reason": "timeout"}}
    assert result_text(timed_out, ["Red", "Blue"]) == "Blue wins on time · Red 5, Blue 4"
    assert result_text(rec("g", [ME, HARD]), ["Red", "Blue"]) == "In progress"
    assert date_text(record) == "2026-12-02 10:25"
    assert date_text(rec("g", [ME, HARD], ended=None)) == "2026-12-02 10:00"


def test_the_result_line_of_a_table():
    """The table's headline (screens/table_controls.py) is the same line, team totals in a team game."""
    colours = ["Orange", "Blue", "Jade", "Violet"]
    assert result_line([0, 2], [5, 4, 7, 2], colours, None, [[0, 2], [1, 3]], [12, 6]) \
        == "Orange and Jade win · Orange + Jade 12, Blue + Violet 6"
    assert result_line([1, 3], [5, 4, 7, 2], colours, {"seat": 0, "reason": "resign"}, [[0, 2], [1, 3]], [12, 6]) \
        == "Blue and Violet win by resignation · Orange + Jade 12, Blue + Violet 6"
    assert result_line([1], [3, 3], ["Red", "Blue"], {"seat": 0, "reason": "left"}) == "Blue wins by forfeit · Red 3, Blue 3"
    assert result_line([0], [3, 3], ["Red"]) == "Red wins · Red 3, Seat 2 3"  # a colour unknown: the seat


def test_what_a_rematch_does_is_said_as_the_table_does_it():
    """app/engine/local_table.py Table.rematch: seats move one place along, or (a game where any
    seat may start) the colours stay and the next seat starts."""
    you, red_blue = {"kind": "human", "name": "You"}, ["Red", "Blue"]
    assert rematch_text([you, EASY], red_blue, False) == "Rematch: you play Blue; the computer plays Red and starts."
    assert rematch_text([EASY, you], red_blue, False) == "Rematch: you play Red and start."
    assert rematch_text([ME, ME], red_blue, False) == "Rematch: the same seats; Red starts."
    assert rematch_text([EASY, HARD], red_blue, False) == "Rematch: each player moves one colour along; Red starts."
    four = ["Orange", "Blue", "Jade", "Violet"]
    assert rematch_text([you, EASY, EASY, EASY], four, True, 0) == "Rematch: the same colours; Blue starts."
    assert rematch_text([you, EASY, EASY, EASY], four, True, 3) == "Rematch: the same colours; you start (Orange)."


def test_statistics_count_finished_games_by_the_hardest_computer():
    records = [
        rec("a", [ME, EASY], [0]), rec("a", [ME, EASY], [1]), rec("a", [ME, EASY], [0, 1]),
        rec("a", [EASY, ME, HARD], [1]),  # against Hard (the hardest there), won
        rec("a", [ME, HARD]),  # not finished: not counted
        rec("a", [ME, {"kind": "human"}], [0]),  # two people: played, no level
        rec("b", [HARD, ME], [0]),
    ]
    assert outcome(records[3]) == ("hard", "won") and outcome(records[5]) is None
    stats = statistics(records)
    assert stats["a"]["played"] == 5
    assert stats["a"]["levels"] == {"easy": {"played": 3, "won": 1, "drawn": 1},
                                    "hard": {"played": 1, "won": 1, "drawn": 0}}
    assert statistics_text(stats["a"]) == "Played 5 · vs Easy: won 1 of 3 (1 drawn) · vs Hard: won 1 of 1"
    assert statistics_text(stats["b"]) == "Played 1 · vs Hard: won 0 of 1"

"""What the home screen says of the recent games (app/shared/record_summary.py): seats, result,
date, and each game's statistics by level of the computer."""

from record_summary import date_text, outcome, result_text, seats_text, statistics, statistics_text


def rec(game, seats, winners=None, scores=(1, 1), ended="2026-12-02T10:25:00Z"):
    result = None if winners is None else {"winners": winners, "reason": "x", "scores": list(scores)}
    return {"game": game, "seats": seats, "result": result, "started": "2026-12-02T10:00:00Z", "ended": ended}


ME = {"kind": "human", "name": "Ann"}
EASY, HARD = {"kind": "ai", "level": "easy"}, {"kind": "ai", "level": "hard"}


def test_lines_of_a_kept_game():
    record = rec("g", [ME, HARD], [1], (10, 3))
    assert seats_text(record) == "Ann vs Hard"
    assert seats_text(rec("g", [{"kind": "human"}, EASY, EASY])) == "Player vs Easy vs Easy"
    assert result_text(record, ["Red", "Blue"]) == "Blue wins 10–3"
    assert result_text(rec("g", [ME, HARD], [0, 1], (4, 4)), ["Red", "Blue"]) == "Draw 4–4"
    assert result_text(rec("g", [ME, EASY, EASY, HARD], [0, 2], (5, 3)), ["Red", "Blue", "Green", "Yellow"]) \
        == "Red and Green win 5–3"
    assert result_text(rec("g", [ME, HARD]), ["Red", "Blue"]) == "In progress"
    assert date_text(record) == "2026-12-02 10:25"
    assert date_text(rec("g", [ME, HARD], ended=None)) == "2026-12-02 10:00"


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

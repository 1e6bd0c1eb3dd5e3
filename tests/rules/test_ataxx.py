"""Ataxx rules: perft, FEN, notation and every end rule of spec/ataxx.md."""

from pathlib import Path

import pytest

from parlor.rules import IllegalMove, from_dict, new_game
from parlor.rules.ataxx import LAYOUTS, START_FEN, perft

DATA = Path(__file__).parent / "data"


def perft_cases():
    for line in (DATA / "ataxx_perft.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            fen, counts = line.split(";")
            yield fen.strip(), [int(c) for c in counts.split()]


def slow_perft(state, depth):
    """Perft through the public State API, to check the fast bitboard perft."""
    if depth == 0:
        return 1
    return sum(slow_perft(state.play(m), depth - 1) for m in state.legal_moves())


@pytest.mark.parametrize("fen,counts", list(perft_cases()))
def test_perft(fen, counts):
    state = new_game("ataxx", fen=fen)
    assert [perft(state, d) for d in range(1, len(counts) + 1)] == counts
    assert slow_perft(state, min(3, len(counts))) == counts[min(3, len(counts)) - 1]


def play(state, *moves):
    for move in moves:
        state = state.play(move)
    return state


def test_start_position():
    state = new_game("ataxx")
    assert state.fen() == START_FEN
    assert state.view(0)["board"] == ["x.....o", *["......."] * 5, "o.....x"]
    assert state.to_move == 0 and state.scores == [2, 2] and state.variant == "standard"
    assert state.legal_moves()[:4] == ["a6", "a7a5", "a7b5", "a7c5"]


def test_place_jump_and_capture():
    state = new_game("ataxx", fen="7/7/7/3o3/7/1x5/7 x 0 1")
    placed = state.play("a1")  # a place keeps b2 and touches nothing of o's
    assert placed.scores == [2, 1] and placed.fen() == "7/7/7/3o3/7/1x5/x6 o 0 1"
    jumped = state.play("b2d3")  # d3 touches d4: captures it; the origin empties
    assert jumped.fen() == "7/7/7/3x3/3x3/7/7 o 0 1" and jumped.scores == [2, 0]
    assert jumped.is_over and jumped.winners == [0] and jumped.end_reason == "no pieces left"


@pytest.mark.parametrize("variant", ["standard", "solo"])
def test_a_board_with_no_pieces_at_all_is_a_draw(variant):
    state = new_game("ataxx", variant=variant, fen="7/7/7/7/7/7/7 o 0 1")
    assert state.is_over and state.winners == [0, 1] and state.end_reason == "no pieces left"
    assert state.scores == [0, 0] and state.legal_moves() == []


def test_no_chain_reaction():
    state = new_game("ataxx", fen="7/7/7/2oo3/2o4/1x5/7 x 0 1")
    after = state.play("b3")  # flips c3 and c4; d4 touches them but stays o
    assert after.view(0)["board"][3:5] == ["..xo...", ".xx...."]
    assert after.scores == [4, 1]


def test_notation_accepts_pass_spellings_and_case():
    state = new_game("ataxx", fen="xoo4/ooo4/ooo4/7/7/7/7 x 0 1")
    assert state.legal_moves() == ["pass"]
    assert state.play("pass") == state.play("0000") == state.play(" PASS ")
    assert new_game("ataxx").play("A7C5").history == ["a7c5"]


@pytest.mark.parametrize("move,why", [
    ("pass", "only when you cannot"), ("d4", "none of your pieces"), ("g7", "not an empty"),
    ("a7a4", "exactly two"), ("b7d7", "not your piece"), ("g1e3", "no, it is legal"),
    ("a7a7", "not an empty"), ("g8", "not an Ataxx move"), ("a7-c5", "not an Ataxx move"),
    ("a7b6", "a place, written as that square alone \\(b6\\)"),
])
def test_illegal_moves_say_why(move, why):
    state = new_game("ataxx")
    if why == "no, it is legal":
        assert state.play(move).history == [move]
        return
    with pytest.raises(IllegalMove, match=why):
        state.play(move)
    assert state == new_game("ataxx")


def test_fen_round_trip_and_counters():
    state = play(new_game("ataxx"), "a7c5", "g7e5", "b6", "f6")
    again = new_game("ataxx", fen=state.fen())
    assert again.fen() == state.fen() and again.legal_moves() == state.legal_moves()
    # Two jumps without capture count 2; a place resets the counter; fullmove after o's turn.
    state = play(new_game("ataxx"), "a7c5", "g7e5")
    assert state.fen().endswith("x 2 2")
    assert state.play("b6").fen().endswith("o 0 2")


@pytest.mark.parametrize("fen", [
    "", "x5o/7/7/7/7/7 x 0 1", "x5o/7/7/7/7/7/o5x y 0 1", "x5o/7/7/7/7/7/o6x x 0 1",
    "x5o/7/7/7/7/7/o5z x 0 1", "x5o/7/7/7/7/7/o5x x -1 1", "x0o/7/7/7/7/7/o5x x 0 1", 17,
])
def test_bad_fen_raises_value_error(fen):
    with pytest.raises(ValueError):
        new_game("ataxx", fen=fen)


def test_layouts_are_valid_and_symmetric():
    for name, fen in LAYOUTS.items():
        state = new_game("ataxx", fen=fen)
        rows = state.view(None)["board"]
        assert [row[::-1] for row in rows[::-1]] == rows, name  # 180° turn: fair to both
        mirrored = ["".join({"x": "o", "o": "x"}.get(c, c) for c in row[::-1]) for row in rows]
        assert mirrored == rows, name
        assert state.legal_moves(), name


# --- the end rules, in the spec's order -----------------------------------------------------

def test_capturing_the_last_piece_wins():
    state = new_game("ataxx", fen="7/7/7/7/7/1o5/x6 x 0 1").play("a2")
    assert state.is_over and state.winners == [0] and state.scores == [3, 0]


def test_full_board_ends_by_count():
    state = new_game("ataxx", fen="xxxxxxx/xxxxxxx/xxxxxxx/ooooooo/ooooooo/oooooox/oooooo1 x 0 1")
    assert state.legal_moves() == ["g1"]
    over = state.play("g1")
    assert over.is_over and over.end_reason == "the board is full"
    assert over.scores == [25, 24] and over.winners == [0]


def test_full_board_with_blocks_and_a_draw():
    state = new_game("ataxx", fen="xxxxxxx/xxxxxxx/xxxxxxx/ooooooo/ooooooo/ooooooo/-xxxx-- o 0 1")
    assert state.is_over and state.end_reason == "the board is full"
    assert state.scores == [25, 21] and state.winners == [0]
    draw = new_game("ataxx", fen="xxxxxxx/xxxxxxx/xxx-ooo/ooooooo/ooooooo/ooooooo/xxxxxxx o 0 1")
    assert draw.is_over and draw.scores == [24, 24] and draw.winners == [0, 1]


BOXED_X = "6o/7/7/----3/----3/xx--3/xx--3 x 0 1"
"""x has four pieces walled in by blocked squares; o has one piece and room."""
BOTH_BOXED = "4--o/4---/4---/----3/----3/xx--3/xx--3 x 0 1"


def test_solo_player_without_a_move_loses_even_with_more_pieces():
    solo = new_game("ataxx", variant="solo", fen=BOXED_X)
    assert solo.scores == [4, 1]
    assert solo.is_over and solo.winners == [1] and solo.end_reason == "no move left"
    assert new_game("ataxx", variant="solo", fen=BOTH_BOXED).winners == [1]


def test_neither_player_can_move_ends_by_count():
    state = new_game("ataxx", fen=BOTH_BOXED)
    assert state.is_over and state.end_reason == "neither player can move"
    assert state.scores == [4, 1] and state.winners == [0]
    assert new_game("ataxx", fen=BOXED_X).legal_moves() == ["pass"]


def test_standard_player_without_a_move_passes():
    fen = "oooo3/ooooo2/ooooo2/ooooo2/ooooo2/ooooo2/xoooo2 x 0 1"
    state = new_game("ataxx", fen=fen)
    assert state.legal_moves() == ["pass"] and not state.is_over
    after = state.play("pass")
    assert after.to_move == 1 and after.fen() == fen.replace(" x 0 1", " o 0 1")
    solo = new_game("ataxx", variant="solo", fen=fen)
    assert solo.is_over and solo.winners == [1] and solo.end_reason == "no move left"


def test_third_repetition_ends_by_count():
    cycle = ["g1g3", "g7g5", "g3g1", "g5g7"]
    once = play(new_game("ataxx"), *cycle)
    assert not once.is_over and once.fen().split()[0] == START_FEN.split()[0]
    twice = play(once, *cycle[:-1])
    assert not twice.is_over
    over = twice.play(cycle[-1])
    assert over.is_over and over.end_reason == "the same position occurred three times"
    assert over.winners == [0, 1]


def test_eighty_jumps_without_capture_end_by_count():
    state = new_game("ataxx", fen="x5o/7/7/7/7/7/o5x x 79 40")
    assert not state.is_over
    over = state.play("a7c7")
    assert over.is_over and over.end_reason == "80 jumps in a row without a capture"
    assert new_game("ataxx", fen="x5o/7/7/7/7/7/o5x x 79 40").play("b7").fen().endswith(" 0 40")
    capture = new_game("ataxx", fen="x5o/7/7/7/7/6o/o4x1 x 79 40").play("f1f3").fen()
    assert capture.endswith(" 0 40")
    assert new_game("ataxx", fen="x5o/7/7/7/7/7/o5x x 80 40").is_over


def test_pass_keeps_the_jump_counter():
    fen = "oooo3/ooooo2/ooooo2/ooooo2/ooooo2/ooooo2/xoooo2 x 12 30"
    assert new_game("ataxx", fen=fen).play("pass").fen().endswith("o 12 30")


def test_forfeit_by_timeout():
    state = play(new_game("ataxx"), "a6")
    over = state.forfeit(1, "timeout")
    assert over.winners == [0] and over.end_reason == "o forfeits (timeout)"
    assert over.history == ["a6"] and from_dict(over.to_dict()) == over


def test_to_dict_schema_can_be_written_by_hand():
    hand = {"game": "ataxx", "variant": "solo", "start_fen": "x5o/7/7/7/7/7/o5x o 0 1",
            "history": ["f6"], "forfeit": None}
    state = from_dict(hand)
    assert state.to_dict() == hand and state.to_move == 0 and state.variant == "solo"
    with pytest.raises(IllegalMove):
        from_dict({**hand, "history": ["a7a1"]})


def test_targets_match_legal_moves():
    state = play(new_game("ataxx", layout="Four pillars"), "b6", "f6")
    hints = state.targets()
    moves = {move for options in hints.values() for _, move, _ in options}
    assert moves == set(state.legal_moves())
    assert ["b5", "b5", "place"] in hints["b6"] and ["c7", "a7c7", "jump"] in hints["a7"]
    assert new_game("ataxx", fen="xoo4/ooo4/ooo4/7/7/7/7 x 0 1").targets() == {}


def test_named_layouts():
    assert new_game("ataxx", layout="Four pillars").fen() == LAYOUTS["Four pillars"]
    with pytest.raises(ValueError):
        new_game("ataxx", layout="Nowhere")
    with pytest.raises(ValueError):
        new_game("ataxx", layout="Open", fen=START_FEN)

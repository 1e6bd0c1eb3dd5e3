"""Runners rules: the hex geometry, and a test for each rule sentence of the users' seed
(seeds/000_a849b9eff0511ae4.txt) and of spec/runners.md."""

import json

import pytest

from parlor.rules import GAMES, IllegalMove, from_dict, from_view, new_game
from parlor.rules.hexgrid import DIRECTIONS, hex_board
from parlor.rules.runners import BOARD, COLOURS, NAMES


def position(runners, owners=None, seats=None, variant="ffa", to_move=0, rnd=1, first=0):
    """A hand-written position (docs/runners.md: the `start` field)."""
    seats = seats or len(runners)
    start = {"runners": runners, "owners": owners or [[] for _ in range(seats)], "round": rnd,
             "to_move": to_move}
    return new_game("runners", seats=seats, variant=variant, first=first, start=start)


def cells_of(state, seat):
    return state.view(None)["owners"][seat]


def play(state, *moves):
    for move in moves:
        state = state.play(move)
    return state


# --- the board ------------------------------------------------------------------------------

def test_board_has_61_hexes_in_rows_of_5_to_9():
    """The expanded board has 61 hexes, arranged in rows of 5, 6, 7, 8, 9, 8, 7, 6, and 5.
    Rows are A–I, numbered left to right."""
    board = hex_board(4)
    assert board.size == 61
    assert [len(row) for row in board.rows] == [5, 6, 7, 8, 9, 8, 7, 6, 5]
    assert [board.names[row[0]] for row in board.rows] == [f"{r}1" for r in "ABCDEFGHI"]
    assert [board.names[row[-1]] for row in board.rows] == ["A5", "B6", "C7", "D8", "E9", "F8", "G7", "H6", "I5"]
    assert board.names[board.centre] == "E5"


def test_neighbour_counts_interior_6_corners_3_rim_4():
    """The six directions follow hex edges."""
    board = hex_board(4)
    corners = {"A1", "A5", "E1", "E9", "I1", "I5"}
    for i, name in enumerate(board.names):
        q, r = board.coords[i]
        rim = max(abs(q), abs(r), abs(q + r)) == 4
        expected = 3 if name in corners else 4 if rim else 6
        assert len(board.adjacent[i]) == expected, name
        for n in board.adjacent[i]:
            assert i in board.adjacent[n] and board.distance(i, n) == 1


def test_the_down_right_line_through_a1():
    board = hex_board(4)
    assert [board.names[c] for c in board.line(board.index["A1"], 1)] == \
        ["A1", "B2", "C3", "D4", "E5", "F5", "G5", "H5", "I5"]


def test_jump_and_two_away_tables():
    board = hex_board(4)
    e4 = board.index["E4"]
    assert board.jump(e4, 0) == (board.index["E5"], board.index["E6"])
    assert board.jump(board.index["A1"], 4) is None  # up-left of A1 is off the board
    assert len(board.two_away[board.index["E5"]]) == 6
    assert len(board.two_away[board.index["A1"]]) == 3
    for i in range(board.size):
        for between, beyond in board.two_away[i]:
            assert board.distance(i, between) == 1 and board.distance(i, beyond) == 2
            assert board.distance(between, beyond) == 1
    assert board.parse(" e5 ") == board.centre
    assert len(DIRECTIONS) == 6 and all((-dq, -dr) == DIRECTIONS[(d + 3) % 6]
                                        for d, (dq, dr) in enumerate(DIRECTIONS))


def test_other_radii_are_generic():
    board = hex_board(2)
    assert [len(row) for row in board.rows] == [3, 4, 5, 4, 3] and board.size == 19
    with pytest.raises(ValueError):
        hex_board(0)


# --- seats, starts, order -------------------------------------------------------------------

@pytest.mark.parametrize("seats,variant,starts", [
    (2, "ffa", [["A1", "A2", "A3"], ["I3", "I4", "I5"]]),
    (3, "ffa", [["A1", "A2", "A3"], ["E9", "F8", "G7"], ["G1", "H1", "I1"]]),
    (4, "ffa", [["A1", "A2", "B2"], ["C7", "D7", "D8"], ["H5", "I4", "I5"], ["F1", "F2", "G1"]]),
    (4, "2v2", [["A1", "A2", "B2"], ["C7", "D7", "D8"], ["H5", "I4", "I5"], ["F1", "F2", "G1"]]),
])
def test_starts_exactly_as_in_the_seed(seats, variant, starts):
    """Each seat has three runners; the starts per mode; territory starts unclaimed; Orange
    takes the first turn; seats Orange, Blue, Jade, Violet."""
    state = new_game("runners", seats=seats, variant=variant)
    view = state.view(None)
    assert view["runners"] == starts
    assert view["owners"] == [[] for _ in range(seats)] and state.scores == [0] * seats
    assert state.to_move == 0 and view["colours"] == list(COLOURS[:seats])
    assert view["round"] == 1 and view["rounds"] == 20


def test_default_is_free_for_all_and_2v2_needs_four_seats():
    assert new_game("runners").variant == "ffa" and new_game("runners").seats == 2
    assert GAMES["runners"].tables() == [(2, "ffa"), (3, "ffa"), (4, "ffa"), (4, "2v2")]
    for seats in (2, 3):
        with pytest.raises(ValueError, match="2v2"):
            new_game("runners", seats=seats, variant="2v2")
    for bad in ({"seats": 5}, {"seats": 1}, {"variant": "3v3"}, {"first": 2}, {"first": -1},
                {"first": "0"}):
        with pytest.raises(ValueError):
            new_game("runners", **{"seats": 2, **bad})


def test_turn_order_and_teams_alternate():
    """Orange starts, followed by Blue, Jade, and Violet when present, so team turns alternate."""
    state = new_game("runners", seats=4, variant="2v2")
    order = []
    for _ in range(8):
        order.append(state.to_move)
        state = state.play(state.legal_moves()[0])
    assert order == [0, 1, 2, 3, 0, 1, 2, 3]
    view = state.view(0)
    assert view["teams"] == [[0, 2], [1, 3]] and view["goal"] == 12
    assert new_game("runners", seats=4).view(0)["teams"] is None


def test_first_rotates_the_starting_seat_and_rounds_count_from_it():
    """Rematches rotate the starting seat: seating and colours stay."""
    state = new_game("runners", seats=3, first=1)
    assert state.to_move == 1 and state.view(None)["colours"] == ["Orange", "Blue", "Jade"]
    order = []
    for _ in range(6):
        order.append((state.to_move, state.view(None)["round"]))
        state = state.play(state.legal_moves()[-1])
    assert order == [(1, 1), (2, 1), (0, 1), (1, 2), (2, 2), (0, 2)]
    assert from_dict(json.loads(json.dumps(state.to_dict()))) == state


# --- steps and leaps ------------------------------------------------------------------------

def test_steps_go_to_an_adjacent_hex_without_a_runner():
    """Step: move one of your runners to an adjacent space without a runner. You cannot move
    off the board or onto another runner."""
    state = new_game("runners", seats=2)
    hints = state.targets()
    assert hints["A1"] == [["B1", "A1-B1", "step"], ["B2", "A1-B2", "step"]]  # A2 holds a runner
    assert ["A4", "A3-A4", "step"] in hints["A3"]
    with pytest.raises(IllegalMove, match="holds a runner"):
        state.play("A1-A2")
    with pytest.raises(IllegalMove):
        state.play("A1-C1")  # two away with nothing to leap over
    with pytest.raises(IllegalMove, match="no runner"):
        state.play("B1-C1")
    with pytest.raises(IllegalMove, match="no runner"):
        state.play("I3-H3")  # Blue's runner, on Orange's turn


def test_no_move_leaves_the_board():
    # Runners on the rim: every listed target is a hex of the board, and the count is exact.
    state = position([["E1", "A5", "I5"], ["E2", "A4", "D8"]])
    targets = {m.split("-")[1] for m in state.legal_moves()}
    assert targets <= set(NAMES)
    # E1: steps D1, F1 (E2 is taken); leap over E2 to E3. A5: steps B5, B6; leap over A4 to A3.
    assert sorted(m for m in state.legal_moves() if m.startswith("E1")) == ["E1-D1", "E1-E3", "E1-F1"]
    assert sorted(m for m in state.legal_moves() if m.startswith("A5")) == ["A5-A3", "A5-B5", "A5-B6"]


@pytest.mark.parametrize("over_seat", [0, 1])
def test_leap_over_one_adjacent_runner_of_any_colour(over_seat):
    """Leap: jump in a straight line over one adjacent runner of any color, landing on the
    empty space immediately beyond it. No captures."""
    runners = [["E4", "A1", "A5"], ["I1", "I5", "A3"]]
    runners[over_seat][1 if over_seat == 0 else 2] = "E5"
    state = position(runners)
    assert ["E6", "E4-E6", "leap"] in state.targets()["E4"]
    after = state.play("E4-E6")
    assert "E5" in after.view(None)["runners"][over_seat]  # the runner leapt over stays
    assert after.view(None)["last_move"]["kind"] == "leap"


def test_only_one_jump_no_chains_and_never_onto_a_runner():
    state = position([["E1", "A1", "A5"], ["E2", "E4", "I5"]])
    assert "E1-E3" in state.legal_moves()
    assert "E1-E5" not in state.legal_moves()  # over E2, then E4: two jumps
    with pytest.raises(IllegalMove):
        state.play("E1-E5")
    blocked = position([["E1", "A1", "A5"], ["E2", "E3", "I5"]])
    assert not any(m.startswith("E1-E3") for m in blocked.legal_moves())  # lands on a runner
    assert "E1-E4" not in blocked.legal_moves()  # over two runners
    empty_middle = position([["E1", "A1", "A5"], ["I1", "E4", "I5"]])
    with pytest.raises(IllegalMove, match="empty"):
        empty_middle.play("E1-E3")


def test_pass_only_when_no_runner_can_move():
    """Pass only if none of your runners has a legal move (AI takes passes too)."""
    with_moves = new_game("runners", seats=2)
    with pytest.raises(IllegalMove, match="pass only"):
        with_moves.play("pass")
    # Orange walled into the A1 corner: every step and every leap is blocked.
    walls = ["A3", "A4", "B2", "B3", "C1", "C2", "C3", "C4", "D1", "D3"]
    state = position([["A1", "A2", "B1"], walls])
    assert state.legal_moves() == ["pass"] and state.targets() == {}
    after = state.play("PASS")
    assert after.history == ["pass"] and after.to_move == 1 and after.turns == 1
    assert after.view(None)["last_move"] == {"seat": 0, "move": "pass", "kind": "pass", "claims": []}


def test_three_runners_each_can_never_be_walled_in():
    """With three runners a seat, passing never happens in a real game: walling in three
    runners takes at least ten other runners, and four seats have only nine others."""
    from itertools import combinations
    least = min(
        len({c for o in trio for i, n in enumerate(BOARD.neighbour[o]) if n >= 0
             for c in (n, *(BOARD.jump(o, i) or (n, n))[1:])} - set(trio))
        for trio in combinations(range(BOARD.size), 3))
    assert least == 10


# --- landing, claims, steals ----------------------------------------------------------------

def test_the_worked_example_claims_e3():
    """Orange moves onto E2, with another orange runner on E4 and no runner on E3. Orange
    claims E3."""
    state = position([["D1", "E4", "A5"], ["I1", "I5", "A3"]])
    after = state.play("D1-E2")
    assert cells_of(after, 0) == ["E3"] and after.scores == [1, 0]
    assert after.view(None)["last_move"]["claims"] == [{"cell": "E3", "from": None}]


def test_the_worked_example_steals_a_blue_e3():
    """If E3 was blue, Blue loses 1 and Orange gains 1."""
    state = position([["D1", "E4", "A5"], ["I1", "I5", "A3"]], owners=[[], ["E3", "G4"]])
    assert state.scores == [0, 2]
    after = state.play("D1-E2")
    assert after.scores == [1, 1] and cells_of(after, 1) == ["G4"]
    assert after.view(None)["cells"]["E3"] == {"runner": None, "owner": 0}
    assert after.view(None)["last_move"]["claims"] == [{"cell": "E3", "from": 1}]


def test_every_move_previews_what_it_would_claim_as_the_move_then_says():
    state = position([["D1", "E4", "A5"], ["I1", "I5", "A3"]], owners=[[], ["E3", "G4"]])
    previews = state.view(0)["previews"]
    assert sorted(previews) == state.legal_moves()
    assert previews["D1-E2"] == [{"cell": "E3", "from": 1}]  # a steal, said before it is made
    for move, claims in previews.items():
        assert claims == state.play(move).view(None)["last_move"]["claims"], move
    assert state.play("D1-E2").forfeit(0, "resign").view(None)["previews"] == {}


@pytest.mark.parametrize("occupant", [0, 1])
def test_the_worked_example_a_runner_on_e3_blocks_the_link(occupant):
    """If a runner occupies E3, no link forms."""
    runners = [["D1", "E4", "A5"], ["I1", "I5", "A3"]]
    runners[occupant][2] = "E3"
    after = position(runners).play("D1-E2")
    assert after.scores == [0, 0] and after.view(None)["last_move"]["claims"] == []


def test_every_qualifying_middle_is_claimed_at_once():
    """Claim every qualifying middle space at once."""
    state = position([["F4", "E2", "C4"], ["I1", "I5", "A5"]])
    after = state.play("F4-E4")  # links E4-E2 (middle E3) and E4-C4 (middle D4)
    assert cells_of(after, 0) == ["D4", "E3"] and after.scores == [2, 0]


def test_the_centre_is_worth_two_and_runners_zero():
    """Each owned space is worth 1 point. The center (E5) is worth 2. Runners are worth zero."""
    state = position([["F5", "E4", "A1"], ["I1", "I5", "A5"]])
    after = state.play("F5-E6")
    assert cells_of(after, 0) == ["E5"] and after.scores == [2, 0]


def test_only_links_of_the_runner_that_just_moved_count():
    # E2 and E4 are already two apart around an empty E3; moving A5 claims nothing there.
    state = position([["E2", "E4", "A5"], ["I1", "I5", "A3"]])
    after = state.play("A5-B6")
    assert after.scores == [0, 0]


def test_a_vacated_origin_can_be_the_claimed_middle():
    # D4 steps to E4: D4 is now empty, and C4 is two away from E4 through it.
    after = position([["D4", "C4", "A1"], ["I1", "I5", "A5"]]).play("D4-E4")
    assert cells_of(after, 0) == ["D4"]


def test_in_free_for_all_only_your_own_runners_are_friendly():
    state = position([["D1", "A1", "A5"], ["E4", "I5", "I1"]])
    assert state.play("D1-E2").scores == [0, 0]


def test_landing_on_territory_does_not_change_its_owner_and_territory_stays():
    """You can land on anyone's territory; its owner doesn't change. Your old territory stays
    yours when your runners leave."""
    state = position([["D1", "E4", "A5"], ["I1", "I5", "A3"]], owners=[[], ["E2"]])
    after = state.play("D1-E2")
    assert after.view(None)["cells"]["E2"] == {"runner": 0, "owner": 1}
    assert cells_of(after, 0) == ["E3"]
    later = play(after, "I1-H1", "E2-D1")
    assert cells_of(later, 0) == ["E3"] and cells_of(later, 1) == ["E2"]


def test_claiming_your_own_hex_adds_nothing():
    state = position([["D1", "E4", "A5"], ["I1", "I5", "A3"]], owners=[["E3"], []])
    after = state.play("D1-E2")
    assert after.scores == [1, 0] and after.view(None)["last_move"]["claims"] == []


# --- 2v2 ------------------------------------------------------------------------------------

def two_v_two(runners, owners=None, to_move=0, rnd=1):
    return position(runners, owners, seats=4, variant="2v2", to_move=to_move, rnd=rnd)


def test_a_teammates_runner_makes_a_link():
    """In 2v2, your teammate's runners are friendly too, but you move only your own three."""
    state = two_v_two([["D1", "A1", "A5"], ["I1", "I5", "C7"], ["E4", "G1", "H6"], ["F1", "D8", "B1"]])
    assert all(m.split("-")[0] in ("D1", "A1", "A5") for m in state.legal_moves())
    with pytest.raises(IllegalMove):
        state.play("E4-E5")  # Jade's runner on Orange's turn
    after = state.play("D1-E2")
    assert cells_of(after, 0) == ["E3"] and after.scores == [1, 0, 0, 0]
    assert after.view(None)["team_scores"] == [1, 0]


def test_a_teammates_hex_stays_the_teammates():
    """Neither can steal the other's territory; claiming a space your teammate owns adds
    nothing; your teammate's territory is never counted twice."""
    state = two_v_two([["D1", "A1", "A5"], ["I1", "I5", "C7"], ["E4", "G1", "H6"], ["F1", "D8", "B1"]],
                      owners=[[], [], ["E3"], []])
    after = state.play("D1-E2")
    assert cells_of(after, 2) == ["E3"] and cells_of(after, 0) == []
    assert after.scores == [0, 0, 1, 0] and after.view(None)["team_scores"] == [1, 0]
    assert after.view(None)["last_move"]["claims"] == []


def test_a_steal_transfers_points_between_teams():
    state = two_v_two([["D1", "A1", "A5"], ["I1", "I5", "C7"], ["E4", "G1", "H6"], ["F1", "D8", "B1"]],
                      owners=[[], [], [], ["E3"]])
    after = state.play("D1-E2")
    assert after.scores == [1, 0, 0, 0] and after.view(None)["team_scores"] == [1, 0]
    assert after.view(None)["last_move"]["claims"] == [{"cell": "E3", "from": 3}]


def test_opponents_runners_are_not_friendly_in_2v2():
    state = two_v_two([["D1", "A1", "A5"], ["E4", "I5", "C7"], ["I1", "G1", "H6"], ["F1", "D8", "B1"]])
    assert state.play("D1-E2").scores == [0, 0, 0, 0]


# --- winning --------------------------------------------------------------------------------

def test_seven_points_at_the_end_of_a_move_wins_at_once():
    """In free-for-all, the first player with at least 7 points at the end of their move wins
    immediately."""
    six = ["A2", "A3", "A4", "B3", "B4", "B5"]
    state = position([["D1", "E4", "I5"], ["I1", "H1", "G1"], ["C7", "D8", "E9"]], owners=[six, [], []])
    assert not state.is_over and state.scores == [6, 0, 0]
    after = state.play("D1-E2")
    assert after.is_over and after.winners == [0] and after.scores == [7, 0, 0]
    assert after.end_reason == "Orange reached 7 points" and after.legal_moves() == []
    with pytest.raises(IllegalMove, match="over"):
        after.play("I1-H2")


def test_six_points_do_not_win():
    five = ["A2", "A3", "A4", "B3", "B4"]
    after = position([["D1", "E4", "I5"], ["I1", "H1", "G1"]], owners=[five, []]).play("D1-E2")
    assert after.scores == [6, 0] and not after.is_over


def test_a_team_with_twelve_wins_together():
    """In 2v2, the first team with a combined 12 points wins together."""
    orange = ["A2", "A3", "A4", "B3", "B4", "B5"]
    jade = ["G2", "G3", "H2", "H3", "I2"]
    runners = [["D1", "E4", "A1"], ["I1", "I5", "C7"], ["G1", "G6", "H6"], ["F1", "D8", "B1"]]
    state = two_v_two(runners, owners=[orange, [], jade, []])
    assert state.view(None)["team_scores"] == [11, 0]
    after = state.play("D1-E2")
    assert after.is_over and after.winners == [0, 2] and after.view(None)["team_scores"] == [12, 0]
    assert after.end_reason == "Team A reached 12 points"


def test_a_start_that_is_already_won_is_refused():
    with pytest.raises(ValueError, match="already"):
        position([["D1", "E4", "I5"], ["I1", "H1", "G1"]],
                 owners=[["A2", "A3", "A4", "B3", "B4", "B5", "E5"], []])


# --- the 20-round end -----------------------------------------------------------------------

CORNERS_2 = [["A1", "E9", "I1"], ["A5", "E1", "I5"]]
"""Runners five hexes apart: no move can make a link."""


@pytest.mark.parametrize("owners,winners", [
    ([["C3"], ["G5", "G4"]], [1]),
    ([["C3"], ["G5"]], [0, 1]),
    ([[], []], [0, 1]),
])
def test_twenty_rounds_end_with_the_highest_score_ties_sharing(owners, winners):
    """Finish 20 full rounds so every player has taken 20 turns; the highest score wins; equal
    highest scores share the win, including a 0–0 tie."""
    state = position(CORNERS_2, owners=owners, to_move=1, rnd=20)
    assert state.view(None)["round"] == 20 and state.turns == 39
    after = state.play("A5-A4")
    assert after.is_over and after.winners == winners and after.end_reason == "20 rounds played"
    assert after.view(None)["round"] == 20


def test_a_tied_2v2_lists_all_four():
    state = two_v_two([["A1"], ["A5"], ["I1"], ["I5"]], owners=[["C3"], [], [], ["G5"]], to_move=3, rnd=20)
    after = state.play("I5-I4")
    assert after.is_over and after.winners == [0, 1, 2, 3]
    higher = two_v_two([["A1"], ["A5"], ["I1"], ["I5"]], owners=[["C3"], ["C5"], [], ["E5"]],
                       to_move=3, rnd=20).play("I5-I4")
    assert higher.winners == [1, 3]


@pytest.mark.parametrize("seats,first", [(2, 0), (3, 1), (4, 3)])
def test_every_seat_takes_twenty_turns_passes_included(seats, first):
    state = new_game("runners", seats=seats, first=first)
    movers = []
    ply = 0
    while not state.is_over:
        movers.append(state.to_move)
        # Shuffle the runners about in a way that never links: always the last legal move.
        state = state.play(state.legal_moves()[ply % len(state.legal_moves())])
        ply += 1
    if state.end_reason == "20 rounds played":
        assert [movers.count(s) for s in range(seats)] == [20] * seats
        assert movers[-1] == (first - 1) % seats
    else:
        assert len(movers) < 20 * seats


def test_a_hand_written_mid_game_position_counts_its_rounds():
    state = position(CORNERS_2, to_move=1, rnd=19, first=1)
    assert state.turns == 36
    after = play(state, "A5-A4", "A1-B1")  # Blue then Orange: round 19 done
    assert after.view(None)["round"] == 20 and not after.is_over
    assert play(after, "A4-A5", "B1-A1").is_over


# --- notation, schema, view -----------------------------------------------------------------

def test_notation_is_case_and_space_insensitive_history_canonical():
    state = new_game("runners", seats=2).play("  a1-b1 ")
    assert state.history == ["A1-B1"]
    for bad in ("A1B1", "A1-", "-B1", "A1-J1", "A0-B1", "A1-B1-C1", "A1–B1", "pass!", "A1-A1"):
        with pytest.raises(IllegalMove):
            state.play(bad)


def test_schema_round_trips_and_a_hand_written_position_replays():
    written = {
        "game": "runners", "seats": 3, "variant": "ffa", "first": 2,
        "start": {"runners": [["e4", "A1", "A5"], ["I1", "I5", "C7"], ["G1", "H6", "D8"]],
                  "owners": [["E3"], ["G4", "E5"], []], "round": 4, "to_move": 0},
        "history": ["E4-D4"], "forfeit": None,
    }
    state = from_dict(written)
    assert state.to_move == 1 and state.scores == [1, 3, 0] and state.view(None)["round"] == 4
    data = state.to_dict()
    assert data["start"]["runners"][0] == ["A1", "A5", "E4"]  # canonical: upper case, board order
    assert from_dict(json.loads(json.dumps(data))) == state
    assert from_view(state.view(2)) == state
    for broken in ({"runners": [["A1"], ["A1"], ["I5"]]}, {"runners": [["A1"], ["Z9"], ["I5"]]},
                   {"runners": [["A1"], [], ["I5"]]}, {"runners": [["A1"], ["A2"]]},
                   {"runners": [["A1"], ["A2"], ["A3"]], "owners": [["E5"], ["E5"], []]},
                   {"runners": [["A1"], ["A2"], ["A3"]], "round": 21},
                   {"runners": [["A1"], ["A2"], ["A3"]], "to_move": 3},
                   {"runners": [["A1"], ["A2"], ["A3"]], "extra": 1}):
        with pytest.raises(ValueError):
            from_dict({**written, "start": broken, "history": []})


def test_view_has_everything_the_board_draws():
    state = new_game("runners", seats=4, variant="2v2").play("A2-A3")
    view = state.view(1)
    assert json.loads(json.dumps(view)) == view
    assert view["seat"] == 1 and view["to_move"] == 1 and view["centre"] == "E5"
    assert [len(r) for r in view["rows"]] == [5, 6, 7, 8, 9, 8, 7, 6, 5]
    assert len(view["cells"]) == 61 and view["cells"]["A3"] == {"runner": 0, "owner": None}
    # A2 is left empty between A1 and A3: the move claims it (the claim the board shows).
    assert view["last_move"] == {"seat": 0, "move": "A2-A3", "kind": "step",
                                 "claims": [{"cell": "A2", "from": None}]}
    assert view["cells"]["A2"] == {"runner": None, "owner": 0} and view["team_scores"] == [1, 0]
    assert view["turns_taken"] == 1
    assert sorted(m for moves in view["targets"].values() for _, m, _ in moves) == view["legal_moves"]


def test_forfeit():
    state = position([["A1", "A2", "A3"], ["I1", "I5", "C7"], ["G1", "H6", "D8"]],
                     owners=[[], ["G4"], ["E5"]])
    assert state.forfeit(2, "resign").winners == [1]
    assert state.forfeit(0, "resign").winners == [2]
    team = new_game("runners", seats=4, variant="2v2").forfeit(3, "resign")
    assert team.winners == [0, 2] and team.end_reason == "Violet forfeits (resign)"

"""Gems (ConHex): geometry, claims, the win, the pie rule, handicaps, notation and bad input.

The geometry is checked against the figures of ../shared/spec/gems.md; claims and wins against
a small model written here from the spec (a dict of gems, cells counted hole by hole in the
order the gems came), independent of the bitmasks of parlor.rules.gems.
"""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parlor.rules import IllegalMove, from_dict, from_view, new_game
from parlor.rules import gems as G

VARIANTS = ["standard", "no-pie", "handicap-2", "handicap-3"]


# --- a model written from the spec ------------------------------------------------------------

def cell_sets():
    return [set(cell) for cell in G.CELLS]


def model_steps(history, variant):
    """After each move of `history`: (gems {hole: seat}, owners {cell index: seat}, winner or
    None), replayed with the spec's rules: a cell goes to the first seat holding half of its
    holes; a seat wins when its cells join its edges."""
    opening = {"standard": 1, "no-pie": 1, "handicap-2": 2, "handicap-3": 3}[variant]
    cells = cell_sets()
    gems, owners, winner = {}, {}, None
    for ply, move in enumerate(history):
        seat = 0 if ply < opening else (ply - opening + 1) % 2
        if move == "swap":
            gems = {hole: 1 for hole in gems}
        else:
            gems[move] = seat
            claimed = False
            for c, cell in enumerate(cells):
                if c not in owners and move in cell:
                    if sum(gems.get(h) == seat for h in cell) >= (len(cell) + 1) // 2:
                        owners[c] = seat
                        claimed = True
            if winner is None and claimed and model_connected(owners, seat):
                winner = seat
        yield dict(gems), dict(owners), winner


def model(history, variant):
    """The last of `model_steps`."""
    result = ({}, {}, None)
    for result in model_steps(history, variant):
        pass
    return result


def edge_cells(side):
    """The cells of an edge, by the spec: the three edge cells and the two corner cells."""
    rows = {"top": "1", "bottom": "9"}
    cols = {"left": "A", "right": "I"}
    cells = cell_sets()
    if side in rows:
        return {c for c, cell in enumerate(cells) if len(cell) == 3
                and sum(h[1] == rows[side] for h in cell) >= 2}
    return {c for c, cell in enumerate(cells) if len(cell) == 3
            and sum(h[0] == cols[side] for h in cell) >= 2}


def model_connected(owners, seat):
    first, second = [("top", "bottom"), ("left", "right")][seat]
    cells = cell_sets()
    mine = {c for c, s in owners.items() if s == seat}
    seen = set(edge_cells(first) & mine)
    todo = list(seen)
    while todo:
        c = todo.pop()
        for d in mine - seen:
            if cells[c] & cells[d]:
                seen.add(d)
                todo.append(d)
    return bool(seen & edge_cells(second))


def play_all(moves, variant="no-pie"):
    state = new_game("gems", variant=variant)
    for move in moves:
        state = state.play(move)
    return state


def alternate(red, blue):
    """Red's and Blue's moves interleaved, Red first."""
    moves = []
    for i, move in enumerate(red):
        moves.append(move)
        if i < len(blue):
            moves.append(blue[i])
    return moves


# --- geometry ---------------------------------------------------------------------------------

def test_the_board_has_69_holes_and_41_cells():
    assert len(G.HOLES) == 69 == len(set(G.HOLES))
    grid = {f"{c}{r}" for c in "ABCDEFGHI" for r in range(1, 10)}
    assert set(G.HOLES) == grid - set("B2 H2 C3 G3 D4 F4 D6 F6 C7 G7 B8 H8".split())
    assert len(G.CELLS) == 41 == len(set(G.CELLS))
    sizes = [len(cell) for cell in G.CELLS]
    assert (sizes.count(3), sizes.count(6), sizes.count(5)) == (16, 24, 1)
    assert all(set(cell) <= set(G.HOLES) for cell in G.CELLS)
    assert G.CELLS[G.CENTRE] == ("D5", "E4", "E5", "E6", "F5")
    assert [G.NEED[c] for c in range(41)] == [2 if s == 3 else 3 for s in sizes]


def test_holes_touch_three_cells_but_the_corners_and_the_centre_one():
    touching = {h: sum(h in cell for cell in G.CELLS) for h in G.HOLES}
    assert {h for h, n in touching.items() if n == 1} == {"A1", "I1", "A9", "I9", "E5"}
    assert sum(n == 3 for n in touching.values()) == 64
    for h, name in enumerate(G.HOLES):
        assert [G.CELLS[c] for c in G.HOLE_CELLS[h]] == [cell for cell in G.CELLS if name in cell]


def test_104_pairs_of_cells_share_a_hole():
    cells = cell_sets()
    pairs = {(a, b) for a in range(41) for b in range(a + 1, 41) if cells[a] & cells[b]}
    assert len(pairs) == 104
    assert {(a, b) for a in range(41) for b in range(41) if G.ADJACENT[a] >> b & 1} == \
        pairs | {(b, a) for a, b in pairs}


def test_the_edges():
    names = lambda mask: {" ".join(G.CELLS[c]) for c in G.bits(mask)}  # noqa: E731
    assert names(G.TOP) == {"A1 A2 B1", "H1 I1 I2", "B1 C1 D1", "D1 E1 F1", "F1 G1 H1"}
    assert names(G.BOTTOM) == {"H9 I8 I9", "A8 A9 B9", "B9 C9 D9", "D9 E9 F9", "F9 G9 H9"}
    assert names(G.LEFT) == {"A1 A2 B1", "A8 A9 B9", "A2 A3 A4", "A4 A5 A6", "A6 A7 A8"}
    assert names(G.RIGHT) == {"H1 I1 I2", "H9 I8 I9", "I2 I3 I4", "I4 I5 I6", "I6 I7 I8"}
    for side, mask in (("top", G.TOP), ("bottom", G.BOTTOM), ("left", G.LEFT), ("right", G.RIGHT)):
        assert set(G.bits(mask)) == edge_cells(side)
    assert G.EDGES == ((G.TOP, G.BOTTOM), (G.LEFT, G.RIGHT))


def test_the_board_is_the_same_for_both_seats_mirrored_on_the_diagonal():
    def mirror(hole):
        return "ABCDEFGHI"[int(hole[1]) - 1] + str("ABCDEFGHI".index(hole[0]) + 1)

    assert {mirror(h) for h in G.HOLES} == set(G.HOLES)
    assert {tuple(sorted(map(mirror, cell))) for cell in G.CELLS} == set(G.CELLS)
    cell_mirror = {c: G.CELLS.index(tuple(sorted(map(mirror, G.CELLS[c])))) for c in range(41)}
    assert {cell_mirror[c] for c in G.bits(G.TOP)} == set(G.bits(G.LEFT))
    assert {cell_mirror[c] for c in G.bits(G.BOTTOM)} == set(G.bits(G.RIGHT))


# --- claims -----------------------------------------------------------------------------------

def owned_cells(state, seat):
    return {G.CELLS[c] for c in G.bits(state.owned[seat])}


def test_two_of_three_claims_an_edge_or_corner_cell():
    state = play_all(alternate(["B1", "D1"], ["I5"]))
    assert owned_cells(state, 0) == {("B1", "C1", "D1")} and state.scores == [1, 0]
    state = play_all(alternate(["A1", "I9", "B1"], ["A2", "I8"]))
    # Red A1 + B1 would be 2 of the corner cell, but Blue's A2 came first: 1 + 1, then Red's B1.
    assert ("A1", "A2", "B1") in owned_cells(state, 0)
    state = play_all(alternate(["I9", "A1"], ["A2", "B1"]))
    assert ("A1", "A2", "B1") in owned_cells(state, 1)      # Blue A2 + B1 first


def test_three_of_six_and_three_of_five():
    state = play_all(alternate(["C2", "D3"], ["I5", "A9"]))
    assert state.scores == [0, 0]
    state = state.play("B4")
    assert owned_cells(state, 0) == {("B3", "B4", "C2", "C4", "D2", "D3")}
    state = play_all(alternate(["E4", "D5"], ["A5", "A9"]))
    assert ("D5", "E4", "E5", "E6", "F5") not in owned_cells(state, 0)
    state = state.play("E5")       # E5 counts as one of the centre's five
    assert ("D5", "E4", "E5", "E6", "F5") in owned_cells(state, 0)


def test_the_first_majority_wins_and_ownership_never_changes():
    # Blue reaches 3 of the six first; Red's later third (and fourth) gem changes nothing.
    cell = ("B3", "B4", "C2", "C4", "D2", "D3")
    state = play_all(alternate(["C2", "D2", "A9", "C4"], ["B3", "B4", "D3"]))
    assert cell in owned_cells(state, 1) and cell not in owned_cells(state, 0)
    assert state.scores[1] >= 1
    state = state.play("I9")
    assert cell in owned_cells(state, 1) and cell not in owned_cells(state, 0)
    # The cell is no longer open: a gem there claims only the hole's other cells.
    c = G.CELLS.index(cell)
    assert G.claims(G.INDEX["C2"], state.gems[0], state.owned[0] | state.owned[1]) >> c & 1 == 0


def test_one_gem_claims_three_cells():
    red = ["D5", "E6", "G5", "F3", "C4"]
    blue = ["A9", "I1", "I9", "A5", "I5"]
    state = play_all(alternate(red, blue))
    assert state.scores == [0, 0]
    after = state.play("E4")
    assert after.scores == [3, 0]
    assert owned_cells(after, 0) == {("C4", "C5", "D3", "D5", "E3", "E4"),
                                     ("E3", "E4", "F3", "F5", "G4", "G5"),
                                     ("D5", "E4", "E5", "E6", "F5")}


# --- the win ----------------------------------------------------------------------------------

RED_CHAIN = ["D1", "E1", "D2", "D3", "E3", "D5", "E5", "E6", "D7", "D8", "E8", "D9", "E9"]
"""Red's gems claiming the nine cells down column E; E9 completes the chain."""
BLUE_AWAY = ["I2", "I3", "I4", "I5", "I6", "I7", "I8", "H1", "H3", "H4", "H5", "H6"]


def test_the_win_comes_the_moment_the_chain_joins_the_edges():
    moves = alternate(RED_CHAIN, BLUE_AWAY)
    before = play_all(moves[:-1])
    assert not before.is_over and before.to_move == 0
    assert not G.connected(before.owned[0], 0)
    after = before.play("E9")
    assert after.is_over and after.winners == [0] and after.to_move is None
    assert after.end_reason == "Red joined top and bottom"
    assert after.legal_moves() == []
    with pytest.raises(IllegalMove, match="over"):
        after.play("A1")
    chain = after.view(None)["chain"]
    assert len(chain) == 9 and set(chain) & set(G.bits(G.TOP)) and set(chain) & set(G.bits(G.BOTTOM))
    _, owners, winner = model(after.history, "no-pie")
    assert winner == 0 and after.scores == [9, sum(s == 1 for s in owners.values())]


def test_blue_wins_left_to_right():
    def mirror(hole):
        return "ABCDEFGHI"[int(hole[1]) - 1] + str("ABCDEFGHI".index(hole[0]) + 1)

    # Red's gems stay in the top two rows while Blue plays Red's column chain mirrored.
    red = ["A1", "B1", "C1", "D1", "E1", "F1", "G1", "H1", "I1", "A2", "C2", "D2", "E2"]
    blue = [mirror(h) for h in RED_CHAIN]
    state = play_all(alternate(red, blue))
    assert state.winners == [1] and state.end_reason == "Blue joined left and right"
    assert len(state.history) == 26


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), variant=st.sampled_from(VARIANTS))
def test_random_games_follow_the_spec_model_move_by_move(seed, variant):
    rng = random.Random(seed)
    state = new_game("gems", variant=variant)
    moves = []
    while not state.is_over:
        moves.append(rng.choice(state.legal_moves()))
        state = state.play(moves[-1])
    state = new_game("gems", variant=variant)
    for move, (gems, owners, winner) in zip(moves, model_steps(moves, variant)):
        state = state.play(move)
        assert state.view(None)["gems"] == gems
        assert {c: s for c, s in enumerate(state.cell_owners()) if s is not None} == owners
        assert state.scores == [sum(s == seat for s in owners.values()) for seat in (0, 1)]
        assert state.winners == ([] if winner is None else [winner])
    # Exactly one winner: the seat that placed the last gem.
    assert len(state.winners) == 1
    assert state.winners[0] == G.seat_for_ply(len(state.history) - 1, G.OPENING[variant])
    assert state.history[-1] != "swap"


def test_every_full_board_has_exactly_one_chain_and_fill_finds_the_winner():
    # A whole random game played on past its end (ownership never changes): on the full board
    # every cell is owned, exactly one seat is joined, and it is the seat that won the game.
    rng = random.Random(7)
    for _ in range(150):
        order = list(range(69))
        rng.shuffle(order)
        state, winner, cut = new_game("gems", variant="no-pie"), None, None
        for i, h in enumerate(order):
            state = state.play(G.HOLES[h])
            if state.is_over:
                winner, cut = state.winners[0], i + 1
                break
        assert winner is not None
        ranked = [i << 7 | h for i, h in enumerate(order)]
        assert G.fill(0, 0, 0, 0, 0, ranked)[0] == winner
        # fill from the middle of the game gives the same winner
        mid = rng.randrange(cut)
        part = play_all([G.HOLES[h] for h in order[:mid]])
        assert G.fill(*part.gems, *part.owned, part.to_move,
                      [i << 7 | h for i, h in enumerate(order[mid:])])[0] == winner
        gems, owners, _ = model([G.HOLES[h] for h in order], "no-pie")
        assert len(owners) == 41
        seats = [model_connected(owners, 0), model_connected(owners, 1)]
        assert seats.count(True) == 1 and seats.index(True) == winner


def test_playout_gives_a_full_board_and_its_winner():
    rng = random.Random(3)
    state = play_all(alternate(["E4", "D5"], ["C2"]))
    for _ in range(50):
        winner, full0, full1 = G.playout(*state.gems, *state.owned, state.to_move, rng)
        assert full0 | full1 == G.ALL_HOLES and not full0 & full1
        assert full0 & state.gems[0] == state.gems[0] and full1 & state.gems[1] == state.gems[1]
        assert full1.bit_count() - state.gems[1].bit_count() in (33, 34)  # Blue moves first
        assert winner in (0, 1)


# --- the pie rule -----------------------------------------------------------------------------

def test_swap_is_offered_on_the_second_turn_of_the_standard_game_only():
    state = new_game("gems")
    assert state.variant == "standard" and "swap" not in state.legal_moves()
    second = state.play("E5")
    assert second.legal_moves()[-1] == "swap" and len(second.legal_moves()) == 69
    swapped = second.play("swap")
    assert swapped.history == ["E5", "swap"] and swapped.to_move == 0
    assert swapped.view(None)["gems"] == {"E5": 1} and swapped.view(None)["last"] == "E5"
    assert "swap" not in swapped.legal_moves() and "E5" not in swapped.legal_moves()
    assert "swap" not in second.play("A1").legal_moves()
    for variant in ("no-pie", "handicap-2", "handicap-3"):
        state = new_game("gems", variant=variant)
        for _ in range(3):
            assert "swap" not in state.legal_moves()
            with pytest.raises(IllegalMove, match="swap"):
                state.play("swap")
            state = state.play(state.legal_moves()[0])


def test_after_a_swap_the_gem_counts_for_blue_and_the_directions_stay():
    state = play_all(["B1", "swap", "E5", "A2"], variant="standard")
    # Blue's swapped B1 and A2 claim the corner cell; Red's A1 later claims nothing there.
    assert ("A1", "A2", "B1") in owned_cells(state, 1)
    assert state.play("A1").scores == state.scores
    # Blue still joins left and right: its mirrored column chain wins for Blue.
    def mirror(hole):
        return "ABCDEFGHI"[int(hole[1]) - 1] + str("ABCDEFGHI".index(hole[0]) + 1)

    blue = [mirror(h) for h in RED_CHAIN]        # A4 is the mirror of D1: the first gem
    red = ["E9", "F9", "G9", "H9", "I9", "F8", "G8", "I8", "F7", "H7", "I7", "G6", "H6"]
    state = new_game("gems").play(blue[0]).play("swap")
    for r, b in zip(red, blue[1:]):
        state = state.play(r).play(b)
    assert state.winners == [1] and state.end_reason == "Blue joined left and right"


def test_a_swap_reevaluates_the_cells_of_the_first_gem():
    # A handicap-free first gem claims nothing, before and after the swap.
    for hole in G.HOLES:
        state = new_game("gems").play(hole)
        assert state.scores == [0, 0]
        swapped = state.play("swap")
        assert swapped.scores == [0, 0] and swapped.gems == (0, 1 << G.INDEX[hole])


# --- handicaps --------------------------------------------------------------------------------

@pytest.mark.parametrize("variant,opening", [("handicap-2", 2), ("handicap-3", 3)])
def test_a_handicap_gives_red_two_or_three_gems_first(variant, opening):
    state = new_game("gems", variant=variant)
    seats = []
    for move in ["A1", "B1", "C1", "D1", "E1", "F1", "G1"]:
        seats.append(state.to_move)
        state = state.play(move)
    assert seats == [0] * opening + [1, 0, 1, 0, 1, 0][: 7 - opening]
    assert state.view(None)["opening"] == opening
    # Red's first two handicap gems A1 + B1 already claim the corner cell.
    assert ("A1", "A2", "B1") in owned_cells(play_all(["A1", "B1"], variant), 0)


# --- notation and round trips -----------------------------------------------------------------

def test_notation_is_read_case_insensitively_with_spaces_ignored():
    for hole in G.HOLES:
        for spelling in (hole, hole.lower(), f" {hole[0]} {hole[1]} ", f"\t{hole.lower()}\n"):
            assert new_game("gems").play(spelling).history == [hole]
    assert new_game("gems").play("E5").play(" SWAP ").history == ["E5", "swap"]
    assert new_game("gems").legal_moves() == sorted(G.HOLES)


def test_to_dict_and_view_round_trip():
    state = play_all(alternate(RED_CHAIN[:6], BLUE_AWAY[:5]), variant="standard")
    data = json.loads(json.dumps(state.to_dict()))
    assert data == {"game": "gems", "variant": "standard", "history": state.history, "forfeit": None}
    assert from_dict(data) == state
    view = json.loads(json.dumps(state.view(1)))
    assert from_view(view).view(1) == view
    assert view["owners"] == state.cell_owners() and len(view["owners"]) == 41
    assert view["last"] == "D5" and view["starter"] == 0 and view["can_swap"] is False
    assert view["edges"] == [["top", "bottom"], ["left", "right"]] and view["chain"] == []
    assert set(view["gems"]) == set(RED_CHAIN[:6]) | set(BLUE_AWAY[:5])
    over = state.forfeit(1, "timeout")
    assert over.winners == [0] and over.end_reason == "Blue forfeits (timeout)"
    assert from_dict(json.loads(json.dumps(over.to_dict()))) == over
    assert over.view(None)["chain"] == []


# --- bad input --------------------------------------------------------------------------------

@pytest.mark.parametrize("moves,bad,says", [
    ([], "swap", "second turn"),
    (["E5", "A1"], "swap", "second turn"),
    (["E5", "swap"], "swap", "second turn"),
    (["E5"], "E5", "already holds a gem"),
    (["E5"], "e5", "already holds a gem"),
    (["E5", "swap"], "E5", "already holds a gem"),
    ([], "B2", "not a hole"),
    ([], "h8", "not a hole"),
    ([], "D4", "not a hole"),
    ([], "J1", "not a Gems move"),
    ([], "E10", "not a Gems move"),
    ([], "E0", "not a Gems move"),
    ([], "E55", "not a Gems move"),
    ([], "", "not a Gems move"),
    ([], "swap swap", "not a Gems move"),
    ([], "pass", "not a Gems move"),
    ([], "🙂", "not a Gems move"),
    ([], "x" * 10_000, "at most 64 characters"),
    ([], None, "must be a string"),
    ([], 5, "must be a string"),
    ([], 1.5, "must be a string"),
    ([], ["E5"], "must be a string"),
    ([], b"E5", "must be a string"),
])
def test_bad_moves_are_refused_and_change_nothing(moves, bad, says):
    state = play_all(moves, variant="standard")
    before = state.to_dict()
    with pytest.raises(IllegalMove, match=says):
        state.play(bad)
    assert state.to_dict() == before and state.legal_moves() == play_all(moves, "standard").legal_moves()


@pytest.mark.parametrize("call", [
    lambda: new_game("gems", seats=3),
    lambda: new_game("gems", variant="handicap-4"),
    lambda: new_game("gems", variant=2),
    lambda: from_dict({"game": "gems", "variant": "standard", "history": "E5"}),
    lambda: from_dict({"game": "gems", "history": ["E5"] * 2}),
    lambda: from_dict({"game": "gems", "history": ["A1"] * 71}),
    lambda: from_dict({"game": "gems", "history": ["B2"]}),
    lambda: from_dict({"game": "gems", "history": [5]}),
    lambda: from_dict({"game": "gems", "forfeit": {"seat": 2, "reason": "x"}}),
])
def test_bad_tables_and_dicts_raise_value_error(call):
    with pytest.raises(ValueError):
        call()

"""Sanctuary rules: one scenario per sentence of the seed and per card, written as positions in the
documented schema (docs/sanctuary.md); the deck, its reshuffle and hidden order; random playouts
with invariants. Seat 0 sits on side 0 (arrow T4, crossing T2); with two teams seat 1 sits on
side 2 (arrow T34, crossing T32)."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parlor.rules import IllegalMove, from_dict, from_view, new_game
from parlor.rules.sanctuary import CARDS, DECK, FINISH, LAUNCH, S1, TRACK

L4 = ["L", "L", "L", "L"]


def position(pawns, card=None, to_move=0, seats=None, discard=(), draw=None, seed=1, **extra):
    data = {"game": "sanctuary", "seats": seats or len(pawns), "pawns": pawns, "card": card,
            "to_move": to_move, "discard": list(discard), "seed": seed, **extra}
    if draw is not None:
        data["draw"] = draw
    return from_dict(data)


def moves(pawns, card, **kw):
    return position(pawns, card, **kw).legal_moves()


def pawns_of(state, seat):
    return sorted(state.to_dict()["pawns"][seat])


# --- the table --------------------------------------------------------------------------------

def test_two_teams_sit_opposite_and_turns_go_clockwise():
    for seats, sides in ((2, [0, 2]), (3, [0, 1, 2]), (4, [0, 1, 2, 3])):
        view = new_game("sanctuary", seats=seats, seed=1).view(0)
        assert view["sides"] == sides
        assert view["arrows"] == [f"T{15 * s + 4}" for s in sides]
        assert view["crossings"] == [f"T{15 * s + 2}" for s in sides]
    state = new_game("sanctuary", seats=3, seed=4)
    order = []
    for _ in range(6):
        order.append(state.to_move)
        state = state.play("draw")
        state = state.play(state.legal_moves()[0])
    assert order == [0, 1, 2, 0, 1, 2]


def test_all_pawns_start_in_launch_and_draw_begins_the_turn():
    """"Draw a card to begin." / "Each turn, draw one card and choose one complete legal action." """
    state = new_game("sanctuary", seats=4, seed=9)
    assert [p for team in state.to_dict()["pawns"] for p in team] == ["L"] * 16
    assert state.legal_moves() == ["draw"]
    with pytest.raises(IllegalMove, match="draw"):
        state.play("pass")
    drawn = state.play("draw")
    assert drawn.to_move == 0 and drawn.view(0)["card"] in CARDS
    assert "draw" not in drawn.legal_moves()
    with pytest.raises(IllegalMove, match="drawn"):
        drawn.play("draw")


@pytest.mark.parametrize("card", CARDS)
def test_no_card_gives_another_turn(card):
    state = position([["T10", "T20", "L", "L"], ["T40", "L", "L", "L"]], card)
    after = state.play(state.legal_moves()[0])
    assert after.to_move == 1 and after.legal_moves() == ["draw"]
    assert after.to_dict()["discard"][-1] == card and after.to_dict()["card"] is None


# --- Launch ------------------------------------------------------------------------------------

@pytest.mark.parametrize("card", ["1", "2"])
def test_launch_places_a_pawn_on_the_teams_arrow(card):
    assert "L>T4" in moves([L4, L4], card)
    assert moves([L4, L4], card, to_move=1) == ["L>T34"]
    after = position([L4, L4], card).play("l>t4")          # any case
    assert pawns_of(after, 0) == ["L", "L", "L", "T4"] and after.history[-1] == "L>T4"


def test_launch_captures_a_rival_on_the_arrow_but_never_lands_on_your_own():
    after = position([L4, ["T4", "L", "L", "L"]], "1").play("L>T4")
    assert pawns_of(after, 1) == L4 and pawns_of(after, 0) == ["L", "L", "L", "T4"]
    assert after.view(0)["last_move"]["captures"] == [[1, "T4"]]
    assert "L>T4" not in moves([["T4", "L", "L", "L"], L4], "1")
    with pytest.raises(IllegalMove, match="arrow"):
        position([["T4", "L", "L", "L"], L4], "1").play("L>T4")


@pytest.mark.parametrize("card", ["Backstep 3", "4", "5", "Six", "7", "8", "10", "12", "Switcheroo"])
def test_pawns_in_launch_need_a_launch_capable_card(card):
    """"Pawns in Launch need a launch-capable card, except Gotcha! can replace a rival." """
    assert moves([L4, ["T20", "L", "L", "L"]], card) == ["pass"]
    assert moves([L4, ["T20", "L", "L", "L"]], "Gotcha!") == ["L>T20"]


# --- forward moves ----------------------------------------------------------------------------

def test_forward_moves_pass_any_pawn_but_never_stop_on_your_own():
    legal = moves([["T10", "T11", "L", "L"], ["T12", "L", "L", "L"]], "4")
    assert "T10>T14" in legal and "T11>T15" in legal           # passing own and rival pawns
    assert "T10>T14" not in moves([["T10", "T14", "L", "L"], L4], "4")
    with pytest.raises(IllegalMove, match="own pawn"):
        position([["T10", "T14", "L", "L"], L4], "4").play("T10>T14")


def test_landing_on_a_rival_sends_it_to_its_launch():
    after = position([["T10", "L", "L", "L"], ["T17", "T40", "L", "L"]], "7").play("T10>T17")
    assert pawns_of(after, 1) == ["L", "L", "L", "T40"]
    assert after.view(None)["last_move"]["captures"] == [[1, "T17"]]


@pytest.mark.parametrize("card,steps", [("1", 1), ("2", 2), ("4", 4), ("5", 5), ("Six", 6),
                                        ("7", 7), ("8", 8), ("10", 10), ("12", 12)])
def test_each_forward_card_moves_its_count(card, steps):
    legal = moves([["T20", "L", "L", "L"], ["T50", "L", "L", "L"]], card)
    assert f"T20>T{20 + steps}" in legal
    # clockwise past T59 to T0
    assert f"T50>T{(50 + steps) % 60}" in moves([L4, ["T50", "L", "L", "L"]], card, to_move=1)


def test_the_track_wraps_from_t59_to_t0_for_rivals_and_turns_in_at_your_own_crossing():
    assert moves([["T58", "L", "L", "L"], L4], "4") == ["T58>T2"]      # T59 T0 T1 T2
    assert moves([["T58", "L", "L", "L"], L4], "5") == ["T58>S1"]
    # seat 1 (side 2) passes T2, seat 0's crossing, as an ordinary space
    assert moves([L4, ["T0", "L", "L", "L"]], "4", to_move=1) == ["T0>T4"]


def test_a_forward_move_reaching_the_crossing_turns_into_sanctuary():
    """One space before the crossing: 1 stops on it, 2 reaches S1; from the crossing S1-S4 are
    1-4 steps and Finish is 5."""
    assert moves([["T1", "L", "L", "L"], L4], "1") == ["L>T4", "T1>T2"]
    assert moves([["T1", "L", "L", "L"], L4], "2") == ["L>T4", "T1>S1"]
    assert moves([["T2", "T40", "F", "F"], L4], "1") == ["T2>S1", "T40>T41"]
    assert moves([["T2", "F", "F", "F"], L4], "4") == ["T2>S4"]
    assert moves([["T2", "F", "F", "F"], L4], "5") == ["T2>F"]


def test_finish_needs_an_exact_count_and_an_overshoot_never_wraps():
    assert moves([["S3", "F", "F", "F"], L4], "2") == ["S3>F"]
    for card in ("4", "5", "7", "8", "10", "12", "Six"):
        assert moves([["S3", "F", "F", "F"], L4], card) == ["pass"]
    assert moves([["T0", "F", "F", "F"], L4], "12") == ["pass"]       # T1 T2 S1-S4 F: 7 steps
    with pytest.raises(IllegalMove, match="beyond Finish"):
        position([["T0", "F", "F", "F"], L4], "12").play("T0>T12")


def test_a_blocked_landing_in_sanctuary_is_illegal():
    legal = moves([["S1", "S3", "L", "T30"], L4], "2")
    assert "S1>S3" not in legal and "S3>F" in legal and "L>T4" in legal


def test_finish_holds_all_four_pawns_and_the_fourth_wins_at_once():
    state = position([["S4", "F", "F", "F"], ["S1", "S2", "F", "F"]], "1")
    over = state.play("S4>F")
    assert over.is_over and over.winners == [0] and over.scores == [4, 2]
    assert over.legal_moves() == [] and "Finish" in over.end_reason
    saved = over.to_dict()  # the saved game says nobody moves, and reads back as over
    assert saved["to_move"] is None and saved["card"] is None
    assert from_dict(json.loads(json.dumps(saved))).to_dict() == saved


# --- safety ----------------------------------------------------------------------------------

def test_pawns_in_sanctuary_and_finish_cannot_be_captured_or_swapped():
    # seat 1's pawn in its Sanctuary is not on the track: nothing lands on it or swaps it
    assert moves([["T20", "L", "L", "L"], ["S2", "F", "L", "L"]], "Switcheroo") == ["pass"]
    assert moves([["L", "L", "L", "L"], ["S2", "F", "L", "L"]], "Gotcha!") == ["pass"]
    state = position([["T30", "L", "L", "L"], ["S2", "F", "L", "L"]], "4")
    after = state.play("T30>T34")
    assert pawns_of(after, 1) == ["F", "L", "L", "S2"]


def test_sanctuary_is_private():
    """Only your team enters its four spaces: a rival passes your crossing on the track."""
    assert moves([L4, ["T1", "L", "L", "L"]], "2", to_move=1) == ["L>T34", "T1>T3"]
    # both teams may hold a pawn on "S1": each has its own Sanctuary
    state = position([["S1", "L", "L", "L"], ["S1", "L", "L", "L"]], None)
    assert state.view(0)["pawns"] == [["L", "L", "L", "S1"], ["L", "L", "L", "S1"]]


# --- Switcheroo and Gotcha! -----------------------------------------------------------------

def test_switcheroo_swaps_one_own_track_pawn_with_a_rival_track_pawn():
    state = position([["T12", "S1", "L", "L"], ["T40", "T50", "L", "L"]], "Switcheroo")
    assert state.legal_moves() == ["T12<>T40", "T12<>T50"]
    after = state.play("T12<>T40")
    assert pawns_of(after, 0) == ["L", "L", "S1", "T40"] and pawns_of(after, 1) == ["L", "L", "T12", "T50"]
    assert moves([["T12", "L", "L", "L"], L4], "Switcheroo") == ["pass"]


def test_a_swap_lands_on_the_track_and_a_later_forward_move_turns_in():
    """"This also applies after Switcheroo or Gotcha! has moved your pawn." """
    state = position([["T20", "L", "L", "L"], ["T2", "L", "L", "L"]], "Switcheroo")
    after = state.play("T20<>T2")
    assert pawns_of(after, 0) == ["L", "L", "L", "T2"]          # on the crossing, not in S1
    later = position(after.to_dict()["pawns"], "1")
    assert "T2>S1" in later.legal_moves()
    swapped = position([["T20", "L", "L", "L"], ["T58", "L", "L", "L"]], "Switcheroo").play("T20<>T58")
    assert "T58>S1" in position(swapped.to_dict()["pawns"], "5").legal_moves()


def test_gotcha_puts_a_launch_pawn_on_a_rival_track_pawn():
    state = position([["L", "T30", "L", "L"], ["T0", "T34", "S2", "L"]], "Gotcha!")
    assert state.legal_moves() == ["L>T0", "L>T34"]
    after = state.play("L>T0")
    assert pawns_of(after, 0) == ["L", "L", "T0", "T30"] and pawns_of(after, 1) == ["L", "L", "S2", "T34"]
    # it landed on the track; a later forward move turns in at T2
    assert position(after.to_dict()["pawns"], "7").legal_moves() == ["T0>F", "T30>T37"]


def test_gotcha_on_your_own_crossing_does_not_enter_sanctuary():
    after = position([L4, ["T2", "L", "L", "L"]], "Gotcha!").play("L>T2")
    assert pawns_of(after, 0) == ["L", "L", "L", "T2"]


def test_gotcha_needs_a_pawn_in_launch():
    assert moves([["T10", "T11", "T12", "T13"], ["T30", "L", "L", "L"]], "Gotcha!") == ["pass"]
    with pytest.raises(IllegalMove, match="Launch"):
        position([["T10", "T11", "T12", "T13"], ["T30", "L", "L", "L"]], "Gotcha!").play("L>T30")


# --- Backstep 3 --------------------------------------------------------------------------------

def test_backstep_moves_a_track_pawn_back_three_and_captures():
    state = position([["T20", "S2", "L", "L"], ["T17", "L", "L", "L"]], "Backstep 3")
    assert state.legal_moves() == ["T20>T17"]                      # never S2 back
    after = state.play("T20>T17")
    assert pawns_of(after, 1) == L4
    assert moves([["T20", "T17", "L", "L"], L4], "Backstep 3") == ["T17>T14"]


def test_a_backward_move_never_enters_sanctuary_and_wraps_on_the_track():
    assert moves([["T5", "L", "L", "L"], L4], "Backstep 3") == ["T5>T2"]
    assert moves([["T1", "L", "L", "L"], L4], "Backstep 3") == ["T1>T58"]


def test_backstep_from_the_arrow_takes_the_shortcut():
    """A newly launched pawn on its arrow may backstep behind it; a later forward move turns
    into Sanctuary at the crossing."""
    after = position([["T4", "L", "L", "L"], L4], "Backstep 3").play("T4>T1")
    assert pawns_of(after, 0) == ["L", "L", "L", "T1"]
    assert position(after.to_dict()["pawns"], "2").legal_moves() == ["L>T4", "T1>S1"]
    assert position(after.to_dict()["pawns"], "7").legal_moves() == ["pass"]   # T2 S1-S4 F = 6


def test_a_pawn_in_launch_cannot_backstep():
    assert moves([L4, ["T30", "L", "L", "L"]], "Backstep 3") == ["pass"]


# --- Six ---------------------------------------------------------------------------------------

def test_six_moves_one_pawn_six_or_splits_between_two_different_pawns():
    legal = moves([["T10", "T30", "L", "L"], L4], "Six")
    assert "T10>T16" in legal and "T30>T36" in legal
    splits = [m for m in legal if "," in m]
    assert len(splits) == 10                                  # 2 orders x 5 amounts
    assert "T10>T11,T30>T35" in splits and "T30>T35,T10>T11" in splits
    assert all(m.split(",")[0][:3] != m.split(",")[1][:3] for m in splits)
    # one active pawn: no split, and Launch pawns never take part
    assert moves([["T10", "L", "L", "L"], L4], "Six") == ["T10>T16"]


def test_six_split_order_matters_the_first_may_clear_a_space_for_the_second():
    legal = moves([["T10", "T12", "L", "L"], L4], "Six")
    assert "T12>T16,T10>T12" in legal                         # T12 leaves, then T10 lands there
    assert "T10>T12,T12>T16" not in legal                     # T10 cannot land on T12 first
    with pytest.raises(IllegalMove, match="Six split"):
        position([["T10", "T12", "L", "L"], L4], "Six").play("T10>T12,T12>T16")


def test_six_split_the_first_step_may_capture():
    state = position([["T10", "T20", "L", "L"], ["T12", "L", "L", "L"]], "Six")
    after = state.play("T10>T12,T20>T24")
    assert pawns_of(after, 1) == L4 and pawns_of(after, 0) == ["L", "L", "T12", "T24"]
    assert after.view(0)["last_move"]["captures"] == [[1, "T12"]]


def test_six_offers_only_complete_legal_pairs():
    legal = moves([["S3", "T10", "F", "L"], L4], "Six")
    assert legal == ["S3>F,T10>T14", "S3>S4,T10>T15", "T10>T14,S3>F", "T10>T15,S3>S4", "T10>T16"]
    # a lone pawn that cannot move 6 and no partner: pass
    assert moves([["S3", "F", "F", "F"], L4], "Six") == ["pass"]


def test_six_split_previews_and_targets_show_both_steps():
    state = position([["T10", "T20", "L", "L"], ["T12", "L", "L", "L"]], "Six")
    preview = state.view(0)["previews"]["T10>T12,T20>T24"]
    assert preview == {"kind": "split", "steps": [["T10", "T12"], ["T20", "T24"]],
                       "captures": [[1, "T12"]], "swapped": None}
    hints = state.targets()
    assert ["T12", "T10>T12,T20>T24", "split"] in hints["T10"]
    assert ["T16", "T10>T16", "forward"] in hints["T10"]
    assert sorted(m for ms in hints.values() for _, m, _ in ms) == state.legal_moves()


# --- pass ------------------------------------------------------------------------------------

def test_pass_only_when_no_action_exists_and_the_card_is_still_spent():
    state = position([L4, L4], "7", discard=["1"])
    assert state.legal_moves() == ["pass"]
    after = state.play("pass")
    assert after.to_move == 1 and after.to_dict()["discard"] == ["1", "7"]
    with pytest.raises(IllegalMove, match="pass only"):
        position([["T10", "L", "L", "L"], L4], "7").play("pass")


# --- the deck ----------------------------------------------------------------------------------

def test_the_deck_is_sixty_cards_twelve_kinds_of_five():
    assert len(DECK) == 60 and Counter(DECK) == {k: 5 for k in range(12)}
    assert CARDS == ("1", "2", "Backstep 3", "4", "5", "Six", "7", "8", "10", "12", "Switcheroo", "Gotcha!")
    data = new_game("sanctuary", seats=2, seed=5).to_dict()
    assert Counter(data["draw"]) == {name: 5 for name in CARDS} and data["discard"] == []


def test_cards_are_drawn_from_the_top_and_spent_to_the_discard_pile():
    state = new_game("sanctuary", seats=2, seed=5)
    top = state.to_dict()["draw"]
    for i in range(8):
        state = state.play("draw")
        assert state.view(0)["card"] == top[i] and state.view(0)["draw_count"] == 59 - i
        state = state.play(state.legal_moves()[0])
        assert state.view(1)["discard"] == top[:i + 1]


def test_the_discard_pile_is_reshuffled_only_when_the_draw_pile_is_empty():
    rest = list(DECK)
    rest.remove(5)
    discard = [CARDS[c] for c in rest]
    state = position([L4, L4], None, discard=discard, draw=["Six"])
    state = state.play("draw")
    assert state.view(0)["draw_count"] == 0 and len(state.view(0)["discard"]) == 59
    assert state.view(0)["last_move"]["reshuffled"] is False
    state = state.play("pass")
    assert state.view(1)["draw_count"] == 0 and len(state.view(1)["discard"]) == 60
    state = state.play("draw")                                     # now, and only now
    assert state.view(1)["last_move"]["reshuffled"] is True
    assert state.view(1)["draw_count"] == 59 and state.view(1)["discard"] == []
    assert Counter(state.to_dict()["draw"] + [state.to_dict()["card"]]) == {n: 5 for n in CARDS}


def test_a_long_game_reshuffles_exactly_when_the_pile_runs_out():
    import random
    state, rng = new_game("sanctuary", seats=3, seed=8), random.Random(8)
    reshuffles = 0
    while not state.is_over:
        before = state.view(None)
        state = state.play(rng.choice(state.legal_moves()))
        after = state.view(None)
        held = 0 if after["card"] is None else 1
        assert after["draw_count"] + len(after["discard"]) + held == 60
        if after["last_move"]["move"] == "draw":
            assert after["last_move"]["reshuffled"] == (before["draw_count"] == 0)
            reshuffles += after["last_move"]["reshuffled"]
    assert reshuffles >= 2


def test_the_seed_fixes_every_shuffle():
    a = new_game("sanctuary", seats=2, seed=42)
    b = new_game("sanctuary", seats=2, seed=42)
    c = new_game("sanctuary", seats=2, seed=43)
    assert a.to_dict()["draw"] == b.to_dict()["draw"] != c.to_dict()["draw"]


# --- hidden information -------------------------------------------------------------------------

def test_views_never_reveal_the_order():
    state = new_game("sanctuary", seats=2, seed=3).play("draw")
    data = state.to_dict()
    order = data["draw"]
    assert len(order) == 59                                       # to_dict holds it
    other = dict(data, draw=list(reversed(order)), seed=99)
    twin = from_dict(other)
    for seat in (None, 0, 1):
        view = state.view(seat)
        assert "draw" not in view and "seed" not in view
        assert view == twin.view(seat)                           # the order makes no difference
        assert json.dumps(order) not in json.dumps(view)
        assert view["draw_count"] == 59 and view["card"] == data["card"]
        assert sum(view["remaining"].values()) == 59


def test_from_view_samples_the_unseen_order_from_the_remaining_composition():
    state = new_game("sanctuary", seats=2, seed=3)
    for _ in range(11):
        state = state.play(state.legal_moves()[0])
    view = state.view(1)
    a, b = from_view(view, seed=1), from_view(view, seed=2)
    assert a.view(1) == view == b.view(1)
    assert Counter(a.to_dict()["draw"]) == Counter(state.to_dict()["draw"]) == Counter(b.to_dict()["draw"])
    assert a.to_dict()["draw"] != b.to_dict()["draw"]
    assert from_view(view, seed=1) == a


# --- hand-written positions ---------------------------------------------------------------------

def test_hand_written_positions_round_trip_and_bad_ones_are_refused():
    state = position([["T4", "S1", "F", "L"], ["T34", "L", "L", "L"]], "Six", to_move=0,
                     discard=["1", "2"])
    assert from_dict(json.loads(json.dumps(state.to_dict()))) == state
    for bad in ([["T4", "T4", "L", "L"], L4], [["T4", "L", "L", "L"], ["T4", "L", "L", "L"]],
                [["S1", "S1", "L", "L"], L4], [["T60", "L", "L", "L"], L4], [["L", "L", "L"], L4]):
        with pytest.raises(ValueError):
            position(bad)
    with pytest.raises(ValueError):
        position([L4, L4], "1", discard=["1"] * 5)                  # a sixth "1"
    with pytest.raises(ValueError):
        position([L4, L4], None, draw=["1"])                        # not the whole deck


def test_illegal_moves_say_why():
    state = position([["T10", "T14", "L", "L"], ["T40", "L", "L", "L"]], "4")
    for move, words in (("T20>T24", "none of your pawns"), ("T10>T15", "reaches T14"),
                        ("T10<>T40", "Switcheroo"), ("L>T4", "1, 2 or Gotcha!"), ("xyz", "not a Sanctuary move")):
        with pytest.raises(IllegalMove, match=words):
            state.play(move)


# --- random playouts ------------------------------------------------------------------------

def check_invariants(before, after):
    for team, mine in enumerate(after.pawns):
        assert len(mine) == 4
        placed = [p for p in mine if LAUNCH < p < FINISH]
        assert len(set(placed)) == len(placed), "two own pawns on one space"
        safe_before = [p for p in before.pawns[team] if p >= S1]
        safe_after = [p for p in mine if p >= S1]
        assert len(safe_after) >= len(safe_before), "a safe pawn was captured or swapped"
        if team != before.to_move:
            assert safe_after == safe_before
    track = [p for mine in after.pawns for p in mine if 0 <= p < TRACK]
    assert len(set(track)) == len(track), "two pawns on one track space"


@pytest.mark.parametrize("seats", [2, 3, 4])
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_random_playouts_keep_the_invariants(seats, data, seed):
    state = new_game("sanctuary", seats=seats, seed=seed)
    for _ in range(1500):
        if state.is_over:
            break
        after = state.play(data.draw(st.sampled_from(state.legal_moves()), label="move"))
        check_invariants(state, after)
        state = after
    if state.is_over:
        assert state.scores[state.winners[0]] == 4

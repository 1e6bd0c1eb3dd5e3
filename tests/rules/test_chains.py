"""Hex Chains rules: the spec's counts, each placement rule, turn order and the end, the 5-player
obstacle phase and the quick layout, notation, bad input (spec chains.md, docs/chains.md)."""

from __future__ import annotations

import importlib.util
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parlor.rules import GAMES, IllegalMove, from_dict, from_view, new_game
from parlor.rules import chains as C

TABLES = GAMES["chains"].tables()


def hexes(text):
    return C.parse_hexes(text, text)


def position(seats, variant, placed, turn):
    """A position with pieces put on the board as given, [(colour, "q,r;q,r")], whatever the
    placement rules say, and `turn` (a colour) to move: for testing one rule at a time."""
    state = new_game("chains", seats=seats, variant=variant)
    t = state.tables
    for colour, text in placed:
        pid = t.lookup(hexes(text))
        assert pid is not None, text
        state = state._copy()
        occ, own, halo, edges = C.place(state.occ, state.own[colour], state.halo[colour],
                                        state.edges, t.masks[pid])
        state.occ, state.edges = occ, edges
        state.own = state.own[:colour] + (own,) + state.own[colour + 1:]
        state.halo = state.halo[:colour] + (halo,) + state.halo[colour + 1:]
        state.used = (state.used[:colour] + (state.used[colour] | 1 << t.piece[pid],)
                      + state.used[colour + 1:])
        state.log += ((colour, pid),)
    state.turn = turn
    return state


def refused(state, move, says):
    before = state.to_dict(), state.legal_moves()
    with pytest.raises(IllegalMove, match=says) as err:
        state.play(move)
    assert len(str(err.value)) < 300
    assert (state.to_dict(), state.legal_moves()) == before
    return str(err.value)


def random_game(seats, variant, seed, plies=None):
    rng = random.Random(seed)
    state = new_game("chains", seats=seats, variant=variant)
    while not state.is_over and (plies is None or len(state.history) < plies):
        state = state.play(rng.choice(state.legal_moves()))
    return state


# --- pieces, board, areas: the spec's numbers ---------------------------------------------------

def test_pieces():
    assert len(C.PIECE_IDS) == 18 and C.HEXES_PER_COLOUR == 72
    assert sorted(C.PIECE_SIZE) == [1] + [2] + [3] * 3 + [4] * 5 + [5] * 8
    sh = C.shapes()
    assert len(sh.base) == 92          # fixed orientations, all distinct across pieces
    assert len(set(sh.base)) == 92
    assert [len(ks) for ks in sh.of_piece] == [1, 3, 3, 6, 2, 3, 6, 3, 2, 6, 6, 6, 6, 12, 6, 12, 6, 3]
    for k, offsets in enumerate(sh.offsets):  # every orientation is connected, edge to edge
        mask = sh.base[k] << C.idx(0, 0)
        seen = low = mask & -mask
        while True:
            grown = C.spread(seen) & mask
            if grown == seen:
                break
            seen = grown
        assert seen == mask


def test_board_and_areas():
    on_board = [(q, r) for q in range(-30, 31) for r in range(-30, 31) if C.ring(q, r) <= 21]
    assert len(on_board) == 463
    assert sum(1 for q in range(-30, 31) for r in range(-30, 31) if C.ring(q, r) == 22) == 42
    assert {a: len(C.tables(a).hexes) for a in C.AREAS} == {"whole": 463, "red": 241, "blue": 295}
    for area in C.AREAS:
        for r, low, high in C.area_rows(area):
            assert all(C.in_area(area, q, r) for q in range(low, high + 1))
            assert not C.in_area(area, low - 1, r) and not C.in_area(area, high + 1, r)


@pytest.mark.parametrize("area,count", [("whole", 35_319), ("red", 16_983), ("blue", 21_115)])
def test_distinct_placements_per_area(area, count):
    t = C.tables(area)
    assert len(t.masks) == count == len(set(t.masks))
    assert all(not m & ~t.mask for m in t.masks)
    assert all(t.lookup(m) == pid for pid, m in enumerate(t.masks[::97]) for pid in [pid * 97])


@pytest.mark.parametrize("seats,variant,count", [
    (6, "standard", 56), (2, "2x3", 56), (3, "standard", 56), (4, "standard", 44), (2, "2x2", 44)])
def test_first_moves(seats, variant, count):
    state = new_game("chains", seats=seats, variant=variant)
    moves = state.legal_moves()
    assert len(moves) == count
    start = C.STARTS[state.setup.colours][0]
    assert all(f"{start[0]},{start[1]}" in m[3:].split(";") and m.startswith("c0:") for m in moves)


def test_tables():
    assert TABLES == [(3, "standard"), (4, "standard"), (5, "standard"), (6, "standard"),
                      (5, "quick"), (2, "2x2"), (2, "2x3")]
    assert new_game("chains").variant == "2x2"
    for seats in (3, 4, 5, 6):
        assert new_game("chains", seats=seats).variant == "standard"
    for seats, variant in [(2, "standard"), (4, "quick"), (3, "2x2"), (6, "2x3")]:
        with pytest.raises(ValueError, match=f"{variant} is for"):
            new_game("chains", seats=seats, variant=variant)
    info = GAMES["chains"]
    assert info.colours == ("Red", "Orange", "Yellow", "Green", "Blue", "Purple")
    assert info.colours_for(5) == ("Red", "Orange", "Yellow", "Green", "Blue")


@pytest.mark.parametrize("seats,variant,area,colours,owners", [
    (3, "standard", "red", 3, [0, 1, 2]), (4, "standard", "blue", 4, [0, 1, 2, 3]),
    (5, "standard", "whole", 5, [0, 1, 2, 3, 4]), (6, "standard", "whole", 6, [0, 1, 2, 3, 4, 5]),
    (2, "2x2", "blue", 4, [0, 1, 0, 1]), (2, "2x3", "whole", 6, [0, 1, 0, 1, 0, 1])])
def test_areas_starts_and_owners(seats, variant, area, colours, owners):
    view = new_game("chains", seats=seats, variant=variant).view(None)
    assert view["area"] == area
    assert [c["seat"] for c in view["colours"]] == owners
    assert [tuple(c["start"]) for c in view["colours"]] == list(C.STARTS[colours])
    assert [c["name"] for c in view["colours"]] == list(C.COLOURS[:colours])


def test_the_tables_are_built_on_first_use_not_at_import():
    # A fresh copy of the module, executed as an import would: nothing is built until used.
    spec = importlib.util.spec_from_file_location("parlor.rules._chains_probe", C.__file__)
    fresh = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fresh)
    assert not fresh._TABLES and fresh._SHAPES is None and fresh._ARCS is None
    fresh.new(3)
    assert list(fresh._TABLES) == ["red"] and fresh._ARCS is None


# --- placement rules --------------------------------------------------------------------------

def test_links_fast_equals_the_table_and_the_rule_hex_by_hex():
    rng = random.Random(3)
    hexes_ = C.tables("whole").hexes
    for _ in range(60):
        own = sum(1 << h for h in rng.sample(hexes_, 25))
        edges = tuple(sum(1 << h for h in rng.sample(hexes_, 80)) for _ in range(3))
        fast = C.link_points(own, edges) & C.tables("whole").mask
        assert fast == C.link_points_slow(own, edges) & C.tables("whole").mask
        slow = 0
        for h in C.bits(own):
            q, r = C.qr(h)
            for (dq, dr), b1, b2 in C.LINKS:
                if C.ring(q + dq, r + dr) > 21:
                    continue
                a, b = (q + b1[0], r + b1[1]), (q + b2[0], r + b2[1])
                one_piece = False
                for k, (aq, ar) in enumerate(C.AXES):  # the edge a-b inside one piece
                    for x, y in ((a, b), (b, a)):
                        if (x[0] + aq, x[1] + ar) == y and C.ring(*x) <= 21 and edges[k] >> C.idx(*x) & 1:
                            one_piece = True
                if not one_piece:
                    slow |= 1 << C.idx(q + dq, r + dr)
        assert fast == slow


def test_the_first_piece_covers_the_starting_hex():
    state = new_game("chains", seats=6)
    refused(state, "c0:5,7;6,7", "first piece must cover its starting hex 7,7")
    assert state.play("c0:6,7;7,7").history == ["c0:6,7;7,7"]
    assert state.play(" C0 : 7,7 ; 6,7 ").history == ["c0:6,7;7,7"]


def test_a_piece_never_shares_an_edge_with_its_own_colour():
    state = position(6, "standard", [(0, "7,7;7,6")], 0)
    refused(state, "c0:4,6;5,6;6,6", r"share an edge with Red's own piece at 7,6")   # 6,6 is next to 7,6
    assert not any(C.spread(hexes(m[3:])) & state.own[0] for m in state.legal_moves())
    # Another colour may touch it.
    other = position(6, "standard", [(0, "7,7;7,6"), (1, "-7,14")], 1)
    assert other.turn == 1


def test_a_later_piece_must_be_linked():
    state = position(6, "standard", [(0, "7,7")], 0)
    refused(state, "c0:3,3;3,4", "not linked to Red")
    linked = {f"{7 + dq},{7 + dr}" for (dq, dr), _, _ in C.LINKS if C.ring(7 + dq, 7 + dr) <= 21}
    assert linked == {"5,8", "6,6", "8,5"}        # (7,7) is a corner of the rim
    for move in state.legal_moves():
        assert set(move[3:].split(";")) & linked
    assert C.hexes_text(state.link_points(0)) == "5,8;6,6;8,5"


def test_a_link_is_blocked_by_one_piece_of_another_colour_straddling_the_edge():
    # Red on (0,0); the link to (1,1) crosses the edge between (1,0) and (0,1).
    red = (0, "0,0;-1,0")
    one = position(6, "standard", [red, (1, "1,0;0,1")], 0)        # one Orange piece on both
    refused(one, "c0:1,1", "blocked: one piece of another colour covers both hexes between")
    two = position(6, "standard", [red, (1, "1,0"), (2, "0,1")], 0)  # Orange and Yellow meet
    assert "c0:1,1" in two.legal_moves()
    assert two.play("c0:1,1").history == ["c0:1,1"]
    other_way = position(6, "standard", [red, (1, "1,0;0,1")], 0)   # other links stay open
    assert "c0:-2,-1" in other_way.legal_moves()


def test_a_link_is_blocked_by_one_obstacle_but_not_by_two_touching_obstacles():
    state = position(5, "quick", [(0, "0,0;-1,0")], 0)
    mask = hexes("1,0;0,1")
    one = state._copy()            # one two-hex obstacle across the edge
    one.occ |= mask
    one.edges = tuple(e | n for e, n in zip(one.edges, C.edges_of(mask)))
    refused(one, "c0:1,1", "blocked")
    two = state._copy()            # two one-hex obstacles touching there: no edge inside a piece
    two.occ |= mask
    assert "c0:1,1" in two.legal_moves()


def test_a_colour_without_a_placement_is_skipped_for_good():
    # 3 players: play until some colour goes out while others still move.
    for seed in range(40):
        state = random_game(3, "standard", seed, plies=0)
        outs = []
        while not state.is_over:
            before = state.out
            mover = state.turn
            state = state.play(random.Random(seed * 1000 + len(state.history)).choice(state.legal_moves()))
            gone = state.out & ~before
            for c in C.bits(gone):
                assert not state.can_place(c)
                outs.append((len(state.history), c))
            if state.turn is not None:
                # every colour between the mover and the next one is out
                c = (mover + 1) % 3
                while c != state.turn:
                    assert state.out >> c & 1
                    c = (c + 1) % 3
                assert not state.out >> state.turn & 1
        if outs and outs[0][0] < len(state.history) - 3:
            first_out = outs[0][1]
            later = state.history[outs[0][0]:]
            assert not any(m.startswith(f"c{first_out}:") for m in later)
            assert [c["out"] for c in state.view(None)["colours"]] == [True] * 3
            return
    pytest.fail("no game had a colour out before the end")


def test_the_end_scores_and_winners():
    state = random_game(2, "2x2", 0)
    assert state.is_over and state.end_reason == "no colour can place a piece"
    view = state.view(None)
    assert state.out == 0b1111 and state.legal_moves() == [] and state.to_move is None
    placed = [c["placed"] for c in view["colours"]]
    assert state.scores == [placed[0] + placed[2], placed[1] + placed[3]]
    assert view["left"] == [144 - s for s in state.scores]
    for c in range(4):  # placed = the sizes of the pieces used
        used = [p for p in C.PIECE_IDS if p not in view["colours"][c]["remaining"]]
        assert placed[c] == sum(len(C.PIECES[p]) for p in used)
    assert state.winners == [max(range(2), key=lambda s: state.scores[s])]


def test_equal_fewest_left_share_the_win():
    state = random_game(3, "standard", 17)      # a random game that ends 55-43-55
    assert state.scores == [55, 43, 55] and state.winners == [0, 2]
    state = random_game(2, "2x2", 39)           # and one that ends 99-99
    assert state.scores == [99, 99] and state.winners == [0, 1]


def test_a_colour_that_placed_every_piece_is_out():
    state = position(6, "standard", [], 0)
    state.used = (C.ALL_PIECES,) + state.used[1:]
    state._advance(5)
    assert state.turn == 1 and state.out & 1


def test_forfeit():
    state = random_game(3, "standard", 5, plies=9)
    scores = state.scores
    over = state.forfeit(1, "timeout")
    assert over.is_over and over.legal_moves() == [] and over.to_move is None
    best = max(scores[0], scores[2])
    assert over.winners == [s for s in (0, 2) if scores[s] == best]
    assert over.end_reason == "Orange forfeits (timeout)"
    assert from_dict(json.loads(json.dumps(over.to_dict()))) == over
    tie = new_game("chains", seats=4).forfeit(0, "resign")
    assert tie.winners == [1, 2, 3]
    two = new_game("chains", seats=2).forfeit(1, "resign")
    assert two.winners == [0] and two.scores == [0, 0]


# --- five players: the obstacle phase ----------------------------------------------------------

def picked_state(order=None):
    """A 5-player game after its 15 picks (`order`: the pieces in picking order)."""
    state = new_game("chains", seats=5)
    for piece in order or C.OBSTACLE_PIECES:
        state = state.play(f"pick:{piece}")
    return state


def test_the_picks():
    state = new_game("chains", seats=5)
    assert state.phase == "pick" and state.colour_to_move is None
    assert state.legal_moves() == sorted(f"pick:{p}" for p in C.OBSTACLE_PIECES)
    refused(state, "pick:1", "put away")
    refused(state, "pick:3a", "put away")
    refused(state, "pick:6z", "the pieces are")
    refused(state, "c0:4,-12", "picking the obstacles")
    seats = []
    for piece in C.OBSTACLE_PIECES:
        seats.append(state.to_move)
        state = state.play(f"PICK: {piece}")
        if state.phase == "pick":
            refused(state, f"pick:{piece}", "picked already")
    assert seats == [0, 1, 2, 3, 4] * 3
    assert state.phase == "obstacles" and state.to_move == 0
    view = state.view(None)["obstacles"]
    assert view["picks"]["0"] == ["3b", "4d", "5d"] and view["pool"] == []
    assert state.scores == [0] * 5


def test_obstacle_placement_rules():
    state = picked_state()           # seat 0 holds 3b, 4d, 5d; seat 2 4a
    moves = state.legal_moves()
    assert moves and all(m.startswith("ob:") for m in moves)
    ring20 = C.ring_mask(20)
    for m in moves:
        mask = hexes(m[3:])
        on = [C.ring(*C.qr(h)) for h in C.bits(mask)]
        assert on.count(20) == 1 and max(on) == 20
        assert not mask & sum(1 << C.idx(q, r) for q, r in C.STARTS[5])
    refused(state, "ob:0,0;0,1;1,1", "exactly one hex of the second ring.*covers 0")
    refused(state, "ob:0,10;1,10;0,9", "not cover the outermost ring")           # 1,10 is m = 21
    assert C.ring(1, 10) == 21
    refused(state, "ob:0,10;2,9;1,9", "exactly one hex of the second ring.*covers 2")
    refused(state, "ob:4,-12;4,-11;5,-11", "not cover a starting hex \\(Red's, 4,-12\\)")
    refused(state, "ob:0,10;0,9;0,8;0,7", "did not pick")                        # 4a is seat 2's
    refused(state, "ob:0,10;0,9", "did not pick")                                # put away
    refused(state, "c0:4,-12", "placing obstacles")
    state = state.play("ob:0,10;0,9;-1,9")                                       # 3b
    assert state.to_move == 1 and state.view(None)["obstacles"]["picks"]["0"] == ["4d", "5d"]


def test_at_most_three_obstacles_per_arc_and_the_last_placer_moves_first():
    state = picked_state()
    arcs = C.arcs()
    assert [ends for ends, _ in arcs] == [(0, 1), (1, 3), (3, 4), (4, 2), (2, 0)]
    assert [len(h) for _, h in arcs] == [8, 7, 7, 7, 8]
    first_arc = {C.qr(h) for h in arcs[0][1]}
    n = 0
    while state.phase == "obstacles":
        moves = state.legal_moves()
        counts = state.arc_counts
        in_first = [m for m in moves if {tuple(map(int, x.split(","))) for x in m[3:].split(";")} & first_arc]
        if counts[0] < 3:
            assert in_first
            move = in_first[0]
        else:
            assert not in_first
            move = moves[0]
        seat = state.to_move
        assert seat == n % 5
        state = state.play(move)
        n += 1
    assert n == 15 and state.arc_counts == (3, 3, 3, 3, 3)
    assert state.phase == "play" and state.to_move == 4 and state.colour_to_move == 4
    assert state.legal_moves()[0].startswith("c4:")
    order = []
    for _ in range(5):
        order.append(state.colour_to_move)
        state = state.play(state.legal_moves()[0])
    assert order == [4, 0, 1, 2, 3]


def test_a_fourth_obstacle_in_an_arc_is_refused_with_a_reason():
    state = picked_state()
    # Fill arc (2 -> 0) with seat 0, 1, 2's first obstacles, then seat 3 tries a fourth there.
    arc = C.arcs()[4][1]
    for _ in range(3):
        move = next(m for m in state.legal_moves()
                    if any(C.idx(*map(int, x.split(","))) in arc for x in m[3:].split(";")))
        state = state.play(move)
    assert state.arc_counts[4] == 3
    t = C.tables("whole")
    cands = [pid for p in state.picks[3] for pid, a in t.obstacle_candidates()[p]
             if a == 4 and not t.masks[pid] & state.occ]
    assert cands
    refused(state, "ob:" + t.name(cands[0]), "holds 3 obstacles already")


def test_quick_layout_is_legal_fair_and_seat_0_starts():
    state = new_game("chains", seats=5, variant="quick")
    assert state.phase == "play" and state.to_move == 0 and state.history == []
    t = C.tables("whole")
    cands = {pid: arc for p in range(18) for pid, arc in t.obstacle_candidates()[p]}
    pieces, occ, counts = [], 0, [0] * 5
    for entry in C.QUICK_LAYOUT:
        piece, text = entry.split(":")
        pid = t.lookup(hexes(text))
        assert C.PIECE_IDS[t.piece[pid]] == piece and pid in cands
        assert not C.spread(t.masks[pid]) & occ          # no two obstacles touch
        occ |= t.masks[pid]
        counts[cands[pid]] += 1
        pieces.append(piece)
    assert sorted(pieces) == sorted(C.OBSTACLE_PIECES) and counts == [3] * 5
    assert state.occ == occ and state.own[5] == occ
    # Sizes per arc as documented: every arc 13 hexes but one 14.
    sizes = [0] * 5
    for entry in C.QUICK_LAYOUT:
        piece, text = entry.split(":")
        sizes[cands[t.lookup(hexes(text))]] += len(C.PIECES[piece])
    assert sorted(sizes) == [13, 13, 13, 13, 14]
    # Fair: every starting hex has the same obstacle pressure nearby (docs/chains.md).
    press = C.obstacle_pressure(occ)
    for radius in (6, 9):
        values = [press[radius][c] for c in range(5)]
        assert max(values) - min(values) <= 1, (radius, values)
    # and leave every colour a like share of the first moves it has on an empty board
    shares = []
    for c in range(5):
        start = state.setup.starts[c]
        empty = len(C.gen_placements(t, 0, 0, 0, (0, 0, 0), 0, start))
        shares.append(len(state.placements(c)) / empty)
    assert 0.26 <= min(shares) and max(shares) <= 0.35, shares
    assert len(new_game("chains", seats=5, variant="quick").legal_moves()) > 0
    view = state.view(None)["obstacles"]
    assert view["pool"] == [] and len(view["placed"]) == 15
    assert [a["obstacles"] for a in view["arcs"]] == [3] * 5


# --- notation and bad input ------------------------------------------------------------------

def test_notation_round_trip():
    state = random_game(2, "2x3", 2, plies=20)
    for move in state.legal_moves()[:50]:
        colour, cells = move.split(":")
        shuffled = cells.split(";")
        random.Random(move).shuffle(shuffled)
        spelled = f" {colour.upper()} : " + " ; ".join(shuffled)
        assert state.play(spelled).history[-1] == move
        assert C.hexes_text(hexes(cells)) == cells
    data = json.loads(json.dumps(state.to_dict()))
    assert from_dict(data) == state and from_view(state.view(1)) == state


@pytest.mark.parametrize("bad,says", [
    ("c0", "not a Hex Chains move"), ("c0:", "is not a hex"), ("c0:7;7", "is not a hex"),
    ("c0:7,7;", "is not a hex"), ("c9:7,7", "not colour 9's"), ("0:7,7", "not a Hex Chains move"),
    ("c0:7,7;7,7", "written twice"), ("c0:1,1;1,2;1,3;1,4;1,5;1,6", "1 to 5 hexes"),
    ("c0:+7,7", "is not a hex"), ("c0:7_0,7", "is not a hex"), ("c0:7.0,7", "is not a hex"),
    ("c0:30,30", "off the board"), ("c0:0,-22", "off the board"), ("c0:7,7;5,5", "not one of the 18"),
    ("pass", "not a Hex Chains move"), ("pick:5h", "no obstacle to pick or place now"), ("ob:0,10", "no obstacle to pick"),
])
def test_malformed_moves_are_refused(bad, says):
    refused(new_game("chains", seats=6), bad, says)


def test_bad_moves_in_play_are_refused_and_change_nothing():
    state = new_game("chains", seats=2)           # 2x2, blue lines; Red starts on 9,3
    refused(state, "c1:-9,12", "it is Red's turn \\(c0\\), not Orange's")
    refused(state, "c0:" + "1," * 5000, "at most 64 characters")
    for junk in (None, 3, ["c0:9,3"], b"c0:9,3", 1.5):
        refused(state, junk, "must be a string")
    refused(state, "c0:10,-2;10,-1", "outside this table's play area, the hexes inside the blue")
    state = state.play("c0:9,3")
    for _ in range(3):                            # Orange, Yellow, Green
        state = state.play(state.legal_moves()[0])
    refused(state, "c0:0,0", "has placed its piece 1 already")
    refused(state, "c0:8,3;9,3", "9,3 is covered already")
    refused(state, "c0:0,0;1,0", "not linked")
    assert state.turn == 0


def test_history_and_dict_refuse_junk():
    for bad in ({"game": "chains", "seats": 2, "variant": "2x2", "history": ["c0:1,1"]},
                {"game": "chains", "seats": 7}, {"game": "chains", "seats": 2, "variant": "nope"},
                {"game": "chains", "seats": 2, "history": ["c0:9,3"] * 201},
                {"game": "chains", "seats": 2, "history": "c0:9,3"}):
        with pytest.raises(ValueError):
            from_dict(bad)


def test_replay_reuses_a_rebuilt_prefix_and_agrees_with_a_fresh_replay():
    state = random_game(6, "standard", 8, plies=40)
    data = state.to_dict()
    C._REPLAYS.clear()
    fresh = from_dict(data)
    again = from_dict(dict(data, history=data["history"][:10]))
    longer = from_dict(data)
    assert fresh == longer == state and again.history == state.history[:10]
    spelled = dict(data, history=[m.upper() for m in data["history"]])
    assert from_dict(spelled) == state


# --- random games -----------------------------------------------------------------------------

@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), table=st.sampled_from(TABLES))
def test_random_playout_invariants(data, table):
    seats, variant = table
    state = new_game("chains", seats=seats, variant=variant)
    out_so_far = 0
    while not state.is_over:
        legal = state.legal_moves()
        assert legal
        if state.phase == "play":
            colour = state.turn
            assert all(m.startswith(f"c{colour}:") for m in legal)
            assert not state.out >> colour & 1
            assert state.to_move == state.setup.owner[colour]
            placements = state.placements(colour)
            assert len(placements) == len(legal) == C.count_placements(
                state.tables, state.occ, state.own[colour], state.halo[colour], state.edges,
                state.used[colour], state.setup.starts[colour])
        move = data.draw(st.sampled_from(legal), label="move")
        state = state.play(move)
        assert state.out & out_so_far == out_so_far       # out for good
        out_so_far = state.out
        # The board is the union of the colours; no two colours overlap; scores add up.
        own = state.own[:state.setup.colours]
        assert sum(m.bit_count() for m in state.own) == state.occ.bit_count()
        assert sum(state.scores) == sum(m.bit_count() for m in own)
    assert state.winners == [s for s in range(seats) if state.scores[s] == max(state.scores)]
    assert all(not state.can_place(c) for c in range(state.setup.colours))

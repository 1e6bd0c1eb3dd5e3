"""Moves in words and the places they name (`State.describe`, `State.places`) for every game:
every legal move of random positions on every table, and exact sentences for chosen moves."""

import random
import re

import pytest

from parlor.rules import GAMES, IllegalMove, from_dict, new_game
from parlor.rules import ataxx, chains, gems, runners

TABLES = [(game, seats, variant) for game, info in GAMES.items() for seats, variant in info.tables()]
MOVES_PER_POSITION = 40  # a sample where a position has more legal moves (Hex Chains)


def _sanctuary_places(state):
    own = {f"{space}@{seat}" for seat in range(state.seats)
           for space in ("L", "F", "S1", "S2", "S3", "S4")}
    return own | {f"T{t}" for t in range(60)}


BOARD_PLACES = {
    # The names the page's boards give their places (app/page/boards/<game>.py: data-sq, or
    # data-hex "q,r" for Hex Chains).
    "ataxx": lambda state: set(ataxx.NAMES),
    "runners": lambda state: set(runners.NAMES),
    "gems": lambda state: set(gems.HOLES),
    "chains": lambda state: {f"{q},{r}" for r in range(-21, 22) for q in range(-21, 22)
                             if chains.ring(q, r) <= chains.RADIUS},
    "sanctuary": _sanctuary_places,
}


def test_every_game_says_where_its_places_are():
    assert set(BOARD_PLACES) == set(GAMES)


def names_mover(text, state):
    """The sentence starts with the seat to move's name, or with one of its colours."""
    seat_name = state.seat_names()[state.to_move]
    return any(text.startswith(part + " ") or text.startswith(part + ":")
               for part in [seat_name, *re.split(r", | & | and ", seat_name)])


@pytest.mark.parametrize("game,seats,variant", TABLES)
def test_every_legal_move_in_words(game, seats, variant):
    rng = random.Random(f"{game}/{seats}/{variant}")
    state = new_game(game, seats=seats, variant=variant, seed=5)
    valid = BOARD_PLACES[game](state)
    plies, checked = 0, 0
    while not state.is_over and plies < 160:
        legal = state.legal_moves()
        if plies % 7 == 0 or len(legal) <= 3:
            before = state.to_dict()
            sample = legal if len(legal) <= MOVES_PER_POSITION else rng.sample(legal, MOVES_PER_POSITION)
            for move in sample:
                text = state.describe(move)
                assert isinstance(text, str) and 0 < len(text) <= 120, (move, text)
                assert names_mover(text, state), (move, text, state.seat_names())
                assert text == text.strip() and "  " not in text and "\n" not in text
                places = state.places(move)
                assert isinstance(places, list) and len(set(places)) == len(places), (move, places)
                assert set(places) <= valid, (move, places)
                checked += 1
            assert state.to_dict() == before  # describing changes nothing
        state = state.play(rng.choice(legal))
        plies += 1
    assert checked
    if state.is_over:
        with pytest.raises(IllegalMove):
            state.describe("pass")
        with pytest.raises(IllegalMove):
            state.places("pass")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_illegal_moves_are_refused(game):
    state = new_game(game, seed=1)
    before = state.to_dict()
    for bad in ["zz", "", None, 3, "x" * 100]:
        with pytest.raises(IllegalMove):
            state.describe(bad)
        with pytest.raises(IllegalMove):
            state.places(bad)
    assert state.to_dict() == before


def test_ataxx_sentences():
    state = new_game("ataxx", fen="7/7/7/7/1oo4/7/x5o x 0 1")
    assert state.describe("a1c2") == "Red jumps a1→c2 and takes 2"
    assert state.places("A1C2") == ["a1", "c2", "b3", "c3"]
    assert state.describe("a2") == "Red clones to a2 and takes 1"
    assert state.places("a2") == ["a2", "b3"]
    assert state.describe("b1") == "Red clones to b1"
    blue = state.play("b1")
    assert blue.describe("f2") == "Blue clones to f2"
    assert blue.describe("g1e2") == "Blue jumps g1→e2"
    blocked = new_game("ataxx", fen="x-o4/--o4/ooo4/7/7/7/6o x 0 1")
    assert blocked.legal_moves() == ["pass"]
    assert blocked.describe("pass") == "Red passes" and blocked.places("pass") == []


def test_runners_sentences():
    start = {"runners": [["A1", "C2"], ["I3", "I4", "I5"]], "owners": [[], ["B2"]]}
    state = new_game("runners", seats=2, start=start)
    assert state.describe("c2-c3") == "Orange steps C2→C3 and steals B2 from Blue"
    assert state.places("C2-C3") == ["C2", "C3", "B2"]
    assert state.describe("A1-B1") == "Orange steps A1→B1"
    assert state.describe("C2-C1") == "Orange steps C2→C1 and claims B1"
    both = new_game("runners", seats=2, start={"runners": [["A1", "D3", "E5"], ["E2", "F6"]],
                                               "owners": [[], ["B2", "H3"]]})
    assert both.describe("D3-C3") == "Orange steps D3→C3, claims D4 and steals B2 from Blue"
    assert both.places("D3-C3") == ["D3", "C3", "B2", "D4"]
    leap = new_game("runners", seats=2, start={"runners": [["A1", "E5"], ["A2", "I4", "I5"]]})
    assert leap.describe("A1-A3") == "Orange leaps A1→A3" and leap.places("A1-A3") == ["A1", "A3"]
    state = new_game("runners", seats=4, variant="2v2")
    assert state.describe("A2-A3") == "Orange steps A2→A3 and claims A2"
    assert state.places("A2-A3") == ["A2", "A3"]
    after = state.play("A2-A3")
    assert after.describe("C7-C6").startswith("Blue steps C7→C6")


def test_sanctuary_sentences():
    base = {"game": "sanctuary", "seats": 2, "to_move": 0, "card": "5",
            "pawns": [["T12", "T1", "L", "L"], ["T17", "T40", "L", "L"]]}
    state = from_dict(base)
    assert state.describe("T12>T17") == "Red plays 5: T12→T17 and sends Yellow's pawn back to Launch"
    assert state.places("t12>t17") == ["T12", "T17", "L@1"]
    assert state.describe("T1>S4") == "Red plays 5: T1→Sanctuary 4"
    assert state.places("T1>S4") == ["T1", "S4@0"]
    swap = from_dict({**base, "card": "Switcheroo"})
    assert swap.describe("T12<>T40") == "Red plays Switcheroo: swaps T12 with Yellow's pawn on T40"
    gotcha = from_dict({**base, "card": "Gotcha!"})
    assert gotcha.describe("L>T40") == "Red plays Gotcha!: Launch→T40 and sends Yellow's pawn back to Launch"
    assert gotcha.places("L>T40") == ["L@0", "T40", "L@1"]
    launch = from_dict({**base, "card": "1"})
    assert launch.describe("L>T4") == "Red plays 1: launches a pawn onto T4"
    four = from_dict({**base, "seats": 4, "to_move": 2, "card": "7",
                      "pawns": [["L"] * 4, ["L"] * 4, ["T12", "L", "L", "L"], ["L"] * 4]})
    assert four.describe("T12>T19") == "Yellow plays 7: T12→T19 (Blue's arrow)"
    fresh = new_game("sanctuary", seats=3, seed=4)
    assert fresh.describe("draw") == "Red draws a card" and fresh.places("draw") == []


def test_gems_sentences():
    state = new_game("gems")
    assert state.describe("e5") == "Red places a gem at E5" and state.places("e5") == ["E5"]
    state = state.play("E5")
    assert state.describe("swap") == "Blue swaps: Red's gem at E5 becomes Blue's"
    assert state.places("swap") == ["E5"]
    corner = new_game("gems", variant="handicap-2").play("A1")
    assert corner.describe("B1") == "Red places a gem at B1 and claims the A1 corner"
    # A random game of 58 gems (seed 2); Red's E1 claims a top edge cell and wins.
    moves = ("A8 B5 B4 G5 D2 F7 C5 F8 C1 G1 A3 G2 H4 B7 E6 H3 E4 I9 I4 F5 E2 G8 F1 G6 D3 A4 A2 E8 "
             "H1 E3 F3 H5 I5 C4 C8 D8 D7 A5 B3 D1 B6 B1 G4 G9 E5 H7 I7 I1 C2 H6 F9 I6 E9 F2 C6 I8 "
             "D9 A7").split()
    state = new_game("gems", variant="no-pie")
    for move in moves:
        state = state.play(move)
    assert state.describe("E1") == "Red places a gem at E1, claims a top edge cell and joins top and bottom"
    assert state.places("E1") == ["E1"]


def test_chains_sentences():
    state = new_game("chains", seats=2)
    assert state.seat_names() == ["Red & Yellow", "Orange & Green"]
    move = "c0:5,3;6,3;7,3;8,3;9,3"
    assert state.describe(move) == "Red places the long five at 5,3 6,3 7,3 8,3 9,3"
    assert state.places(move) == ["5,3", "6,3", "7,3", "8,3", "9,3"]
    five = new_game("chains", seats=5)
    assert five.describe("pick:5h") == "Red picks the long five as an obstacle"
    assert five.places("pick:5h") == []
    state = five
    while state.legal_moves()[0].startswith("pick:"):
        state = state.play(state.legal_moves()[0])
    obstacle = state.legal_moves()[0]
    text = state.describe(obstacle)
    seat = state.seat_names()[state.to_move]
    assert re.fullmatch(rf"{seat} places the obstacle [a-zA-Z ]+ at [-0-9, ]+", text), text
    assert state.places(obstacle) == obstacle[3:].split(";")

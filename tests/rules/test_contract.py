"""The contract every game passes (OpenSpiel-style random simulation), driven by hypothesis."""

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parlor.rules import GAMES, IllegalMove, from_dict, from_view, new_game

ROOT = Path(__file__).resolve().parents[2]

MAX_PLIES = 300
TABLES = [(game, seats, variant) for game, info in GAMES.items() for seats, variant in info.tables()]
BAD_MOVES = ["", "zz", "a0", "h8", "pass pass", "🙂", "x" * 10_000, None, 3, 1.5, ["a1"], {"m": 1}, b"a1"]


def json_round(value):
    return json.loads(json.dumps(value))


def check_state(state):
    legal = state.legal_moves()
    assert legal == sorted(legal) and len(set(legal)) == len(legal)
    assert all(isinstance(m, str) for m in legal)
    assert len(state.scores) == state.seats
    if state.is_over:
        assert state.to_move is None and legal == []
        assert state.winners and set(state.winners) <= set(range(state.seats))
        assert state.end_reason
    else:
        assert 0 <= state.to_move < state.seats and legal
        assert state.winners == [] and state.end_reason is None


def check_round_trips(state):
    data = state.to_dict()
    assert json_round(data) == data
    again = from_dict(json_round(data))
    assert again == state and again.legal_moves() == state.legal_moves()
    for seat in [None, *range(state.seats)]:
        view = state.view(seat)
        assert json_round(view) == view
        sampled = from_view(json_round(view), seed=11)
        assert sampled.view(seat) == view


@pytest.mark.parametrize("game,seats,variant", TABLES)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_random_playout_keeps_the_contract(game, seats, variant, data, seed):
    state = new_game(game, seats=seats, variant=variant, seed=seed)
    replay = [state]
    check_round_trips(state)
    for ply in range(MAX_PLIES):
        check_state(state)
        if state.is_over:
            break
        before = state.to_dict()
        legal = state.legal_moves()
        move = data.draw(st.sampled_from(legal), label="move")
        after = state.play(move)
        assert state.to_dict() == before, "play() changed the old state"
        assert after.history == state.history + [after.history[-1]]
        state = after
        replay.append(state)
        if ply % 25 == 0:
            check_round_trips(state)
    check_round_trips(state)
    # The same seed and the same moves give the same game.
    again = new_game(game, seats=seats, variant=variant, seed=seed)
    for move in state.history:
        again = again.play(move)
    assert again == state


@pytest.mark.parametrize("game,seats,variant", TABLES)
@settings(max_examples=5, deadline=None)
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_bad_input_changes_nothing(game, seats, variant, data, seed):
    state = new_game(game, seats=seats, variant=variant, seed=seed)
    for _ in range(data.draw(st.integers(0, 30), label="plies")):
        if state.is_over:
            break
        state = state.play(data.draw(st.sampled_from(state.legal_moves())))
    before = state.to_dict()
    for bad in BAD_MOVES:
        with pytest.raises(IllegalMove) as err:
            state.play(bad)
        assert 0 < len(str(err.value)) < 300
    for bad_seat in [-1, state.seats, "0", None, 0.5, True]:
        with pytest.raises(IllegalMove):
            state.forfeit(bad_seat, "resign")
    assert state.to_dict() == before


@pytest.mark.parametrize("game", GAMES)
def test_forfeit_loses(game):
    info = GAMES[game]
    state = new_game(game, seats=info.min_seats)
    for seat in range(state.seats):
        over = state.forfeit(seat, "timeout")
        assert over.is_over and seat not in over.winners and over.legal_moves() == []
        assert from_dict(json_round(over.to_dict())) == over
        with pytest.raises(IllegalMove):
            over.play(state.legal_moves()[0])
        with pytest.raises(IllegalMove):
            over.forfeit(seat, "timeout")
    assert not state.is_over


def test_registry_describes_every_game():
    for game, info in GAMES.items():
        assert info.id == game and info.default_variant in info.variants
        assert json_round(info.to_dict()) == info.to_dict()
        # The default variant for the seats it takes (Hex Chains' default at 2 seats is 2x2).
        seats = info.seats_for(info.default_variant)[0]
        assert new_game(game, seats=seats).variant == info.default_variant
        assert (info.min_seats, new_game(game).variant) in info.tables()


LOOKUP_ONE_GAME = """
import importlib.util, sys
spec = importlib.util.spec_from_file_location("parlor", "py/__init__.py", submodule_search_locations=["py"])
sys.modules["parlor"] = module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
from parlor.rules import GAMES
games = lambda: sorted(name for name in sys.modules if name.startswith("parlor.rules.") and name != "parlor.rules.core")
before = games()
title = GAMES["ataxx"].title
print(before, games(), title, "core" in GAMES, "pkgutil" in sys.modules)
"""


@pytest.mark.skipif(sys.platform == "emscripten", reason="Pyodide starts no subprocess")
def test_looking_up_a_game_imports_that_game_only():
    """The engine worker starts without the games it does not open: the registry imports a game's
    module when the game is first looked up; what is not a game's id is not in it."""
    done = subprocess.run([sys.executable, "-c", LOOKUP_ONE_GAME], cwd=ROOT, capture_output=True, text=True,
                          check=True)
    assert done.stdout.split() == ["[]", "['parlor.rules.ataxx']", "Ataxx", "False", "False"]
    for not_a_game in ("core", "hexgrid", "ATAXX", "ataxx.x", "../ataxx", "", 7, None, "a" * 40):
        assert not_a_game not in GAMES
        with pytest.raises(KeyError):
            GAMES[not_a_game]
    assert list(GAMES) == sorted(GAMES) and len(GAMES) == len(list(GAMES.values())) >= 5


@pytest.mark.parametrize("call", [
    lambda: new_game("nope"),
    lambda: new_game("ataxx", seats=3),
    lambda: new_game("ataxx", variant="fast"),
    lambda: from_dict({"game": "nope"}),
    lambda: from_dict([]),
    lambda: from_view("view"),
])
def test_bad_tables_raise_value_error(call):
    with pytest.raises(ValueError):
        call()


JUNK = [None, True, 2.5, "x" * 60, [], {}, [[]], [{}], {"a": [1]}]


@pytest.mark.parametrize("game,seats,variant", TABLES)
def test_a_dict_or_view_with_wrong_types_anywhere_raises_value_error(game, seats, variant):
    # Every key, and every item of every list (one level down), replaced by values of the wrong
    # type: a clear ValueError or a valid state — never a TypeError from deep inside.
    state = new_game(game, seats=seats, variant=variant, seed=1)
    for move in range(12):
        state = state.play(state.legal_moves()[0]) if not state.is_over else state
    for rebuild, good in ((from_dict, state.to_dict()), (from_view, state.view(state.to_move))):
        for key, value in good.items():
            spots = [None] + (list(range(len(value))) if isinstance(value, list) else [])
            for spot in spots:
                for junk in JUNK:
                    bad = copy.deepcopy(good)
                    if spot is None:
                        bad[key] = junk
                    else:
                        bad[key][spot] = junk
                    try:
                        rebuilt = rebuild(bad)
                    except ValueError:
                        continue
                    rebuilt.legal_moves()
                    json_round(rebuilt.view(None))


@pytest.mark.parametrize("game", list(GAMES))
def test_an_unknown_option_raises_value_error_naming_the_options(game):
    with pytest.raises(ValueError, match="options are .*; not 'colour'"):
        new_game(game, colour="blue")
    with pytest.raises(ValueError):
        new_game(game, seats=[2])


@pytest.mark.parametrize("game,seats,says", [
    ("ataxx", 3, "Ataxx is for 2 seats, not 3"), ("runners", 5, "Runners is for 2–4 seats, not 5"),
])
def test_a_wrong_seat_count_says_which_are_allowed(game, seats, says):
    with pytest.raises(ValueError, match=says):
        new_game(game, seats=seats)

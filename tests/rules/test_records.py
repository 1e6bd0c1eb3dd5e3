"""Game records (parlor.records): every table's games round-trip through the record, its JSON
text and its notation text; a replayed position is the one play reached; malformed and
tampered records are refused with a reason, changing nothing. Pure Python (also run in Pyodide)."""

import copy
import json
import random
import re
from pathlib import Path

import pytest

from parlor.records import (MAX_MOVES, MAX_TEXT, RecordError, from_text, make_record, positions,
                            read_record, replay, to_json, to_text)
from parlor.rules import GAMES, new_game

TABLES = [(game, seats, variant) for game, info in GAMES.items() for seats, variant in info.tables()]
DOCS = Path(__file__).resolve().parents[2] / "docs" / "records.md"
STARTED, ENDED = "2026-12-02T10:00:00Z", "2026-12-02T10:41:07+01:00"
KIND_CYCLE = [{"kind": "human", "name": "Ann"}, {"kind": "ai", "level": "hard"},
              {"kind": "ai", "level": "easy", "name": "Bot"}, {"kind": "human"}]


def options_for(info, seats, rng):
    """Generic options: a later first seat where the game takes one, a named layout if any."""
    options = {}
    if info.first_option:
        options["first"] = rng.randrange(seats)
    if info.layouts and rng.random() < 0.5:
        options["layout"] = rng.choice(info.layouts)
    return options


def play_out(game, seats, variant, seed, stop=None, forfeit=False):
    """A seeded random game: (record inputs, every state reached by play)."""
    rng = random.Random(seed)
    info = GAMES[game]
    options = options_for(info, seats, rng)
    state = new_game(game, seats=seats, variant=variant, seed=seed, **options)
    states = [state]
    while not state.is_over and (stop is None or len(states) <= stop):
        state = state.play(rng.choice(state.legal_moves()))
        states.append(state)
    if forfeit and not state.is_over:
        states.append(state.forfeit(state.to_move, "timeout"))
    seat_specs = [KIND_CYCLE[(seed + i) % len(KIND_CYCLE)] for i in range(seats)]
    return seat_specs, options, states


def check_round_trips(record, states):
    assert json.loads(json.dumps(record)) == record
    assert read_record(json.loads(json.dumps(record))) == record
    assert read_record(to_json(record)) == record
    text = to_text(record)
    assert from_text(text) == record and read_record(text) == record
    assert to_text(from_text(text)) == text
    again = positions(record)
    assert len(again) == len(states)
    assert all(a == b for a, b in zip(again, states))
    assert replay(text) == states[-1]


@pytest.mark.parametrize("game,seats,variant", TABLES)
def test_a_record_round_trips_on_every_table(game, seats, variant):
    for seed, stop, forfeit in ((3, None, False), (4, 7, False), (5, 11, True)):
        seat_specs, options, states = play_out(game, seats, variant, seed, stop, forfeit)
        final = states[-1]
        record = make_record(final, seats=seat_specs, options=options, started=STARTED,
                             ended=ENDED if final.is_over else None)
        assert record["format"] == "parlor-record" and record["version"] == 1
        assert record["game"] == game and record["variant"] == final.variant
        assert record["moves"] == final.history and record["options"] == options
        assert (record["result"] is None) == (not final.is_over)
        if final.is_over:
            assert record["result"]["winners"] == final.winners
        assert (record["forfeit"] is not None) == forfeit
        check_round_trips(record, states)
    start = new_game(game, seats=seats, variant=variant, seed=9)
    check_round_trips(make_record(start), [start])


@pytest.mark.parametrize("game", list(GAMES))
def test_chance_is_declared(game):
    """A game without chance plays the same for any seed (its records keep none); a game with
    chance reports its seed in to_dict, and its record keeps it."""
    info = GAMES[game]
    seats, variant = info.tables()[0]
    a = new_game(game, seats=seats, variant=variant, seed=1)
    b = new_game(game, seats=seats, variant=variant, seed=2)
    rng = random.Random(0)
    for _ in range(40):
        if a.is_over or b.is_over or a.legal_moves() != b.legal_moves():
            break
        move = rng.choice(a.legal_moves())
        a, b = a.play(move), b.play(move)
    if info.chance:
        assert a.to_dict()["seed"] == 1 and make_record(a)["seed"] == 1
        assert a != b
    else:
        assert a == b and make_record(a)["seed"] is None


# --- refusals -------------------------------------------------------------------------------

def finished(game=None, seed=7):
    game = game or next(iter(GAMES))
    seats, variant = GAMES[game].tables()[0]
    seat_specs, options, states = play_out(game, seats, variant, seed)
    return make_record(states[-1], seats=seat_specs, options=options, started=STARTED, ended=ENDED)


CHANCE = [game for game, info in GAMES.items() if info.chance]
NO_CHANCE = [game for game, info in GAMES.items() if not info.chance]


def refused(data, code=None, words=None):
    before = copy.deepcopy(data)
    with pytest.raises(RecordError) as caught:
        read_record(data)
    assert data == before  # nothing changed
    message = str(caught.value)
    assert message and len(message) < 400
    if code:
        assert caught.value.code == code, message
    if words:
        assert re.search(words, message, re.I), message
    return caught.value


def changed(record, **entries):
    out = copy.deepcopy(record)
    out.update(entries)
    return out


def test_malformed_text_is_refused():
    record = finished()
    refused("{not json", "bad-json")
    refused('{"format": "parlor-record", "version": 1,', "bad-json")
    refused("[1, 2, 3]", "malformed")
    refused("", "malformed", "not a Parlor record")
    refused("just words", "malformed")
    refused(to_json(record).replace('"version": 1', '"version": NaN'), "bad-json")
    refused(to_json(record)[:-5], "bad-json")
    refused(json.dumps(record) + "x" * MAX_TEXT, "too-big")
    refused("x" * 10_000_000, "too-big", "KB")
    refused('{"a": ' + "[" * 100_000, "too-big", "nests")
    refused("[Game " + "[" * 100_000 + "]", "too-big", "nests")
    refused("{" + '"a": {' * 5000 + "}" * 5001, "too-big")
    refused("{" + '"a": "[[[[[[[[[[[[[[[[[[[[[[[[", ' + to_json(record).strip()[1:], "malformed", "no entry")


def test_wrong_versions_and_types_are_refused():
    record = finished()
    refused(42, "malformed")
    refused(None, "malformed")
    refused([record], "malformed")
    refused(changed(record, format="pgn"), "malformed", "not a Parlor record")
    for version in (2, 0, "1", 1.0, True, None):
        refused(changed(record, version=version), "version")
    refused(changed(record, game="chess"), "unknown-game")
    refused(changed(record, game=None), "unknown-game")
    refused(changed(record, variant="nope"), "bad-table")
    refused(changed(record, variant=None), "bad-table")
    refused(changed(record, seats=record["seats"][:-1]), "bad-table")
    refused(changed(record, seats=record["seats"] + [{"kind": "human"}] * 9), "bad-table")
    refused(changed(record, seats="two"), "bad-table")
    refused(changed(record, seats=[{"kind": "robot"}] * len(record["seats"])), "malformed", "kind")
    refused(changed(record, seats=[{"kind": "ai"}] * len(record["seats"])), "malformed", "level")
    refused(changed(record, seats=[{"kind": "ai", "level": "godlike"}] * len(record["seats"])), "malformed")
    refused(changed(record, seats=[{"kind": "human", "level": "hard"}] * len(record["seats"])), "malformed")
    refused(changed(record, seats=[{"kind": "human", "name": "x" * 99}] * len(record["seats"])), "malformed")
    refused(changed(record, seats=[{"kind": "human", "age": 3}] * len(record["seats"])), "malformed")
    refused(changed(record, options=[]), "malformed")
    refused(changed(record, options={"colour": "red"}), "bad-table")
    refused(changed(record, moves="a1 a2"), "malformed")
    refused(changed(record, moves=[*record["moves"][:3], 7]), "malformed", "move 4")
    refused(changed(record, moves=["pass"] * (MAX_MOVES + 1)), "too-big")
    refused(changed(record, started="yesterday"), "malformed", "started")
    refused(changed(record, ended="2026-13-45T10:00:00Z"), "malformed", "ended")
    refused(changed(record, ended=1764669600), "malformed")
    refused(changed(record, forfeit={"seat": 9, "reason": "timeout"}), "malformed")
    refused(changed(record, forfeit="resign"), "malformed")
    refused(changed(record, extra=1), "malformed", "no entry")
    less = dict(record)
    del less["result"]
    refused(less, "malformed", "result")
    refused(changed(record, options={"x": float("nan")}), "malformed")
    refused(changed(record, options={"x": {1, 2}}), "malformed")
    refused(changed(record, options={1: 2}), "malformed")
    deep = {}
    for _ in range(200):
        deep = {"a": deep}
    refused(changed(record, options=deep), "too-big")
    refused(changed(record, seed=2 ** 80), "malformed")


@pytest.mark.parametrize("game", list(GAMES))
def test_tampered_records_are_refused(game):
    record = finished(game)
    moves = record["moves"]
    middle = len(moves) // 2
    refused(changed(record, moves=[*moves[:middle], "zz9", *moves[middle + 1:]]), "illegal-move",
            f"move {middle + 1}")
    refused(changed(record, moves=moves + [moves[-1]]), "illegal-move", "over")
    refused(changed(record, moves=moves[:-1]), "tampered")
    result = record["result"]
    others = [s for s in range(len(record["seats"])) if s not in result["winners"]]
    refused(changed(record, result={**result, "winners": others}), "tampered")
    refused(changed(record, result={**result, "reason": "the other side gave up"}), "tampered")
    refused(changed(record, result={**result, "scores": [s + 1 for s in result["scores"]]}), "tampered")
    refused(changed(record, result=None), "tampered")
    refused(changed(record, forfeit={"seat": 0, "reason": "resign"}), "illegal-move", "forfeit")
    unfinished = make_record(replay(changed(record, moves=moves[:middle], result=None)),
                             seats=record["seats"], options=record["options"])
    refused(changed(unfinished, result=result), "tampered")
    read_record(unfinished)
    refused(changed(unfinished, forfeit={"seat": 0, "reason": "resign"}), "tampered")
    if GAMES[game].chance:
        refused(changed(record, seed=None), "malformed", "seed")
        refused(changed(record, seed=1.5), "malformed", "seed")
        with pytest.raises(RecordError):  # another seed deals other cards
            replay(changed(record, seed=record["seed"] + 1))
    else:
        refused(changed(record, seed=1), "malformed", "no chance")


def test_moves_are_read_as_the_rules_read_them():
    record = finished()
    loose = changed(record, moves=[f" {m.swapcase()} " for m in record["moves"]])
    assert read_record(loose) == record
    assert loose["moves"][0] != record["moves"][0]  # the input is left as it was


def test_the_notation_text_is_checked():
    record = finished()
    text = to_text(record)
    head, body = text.split("\n\n", 1)
    assert re.fullmatch(r'(\[[A-Z][A-Za-z]*[0-9]* .+\]\n)+', head + "\n")
    assert from_text(text.replace("\n", "\r\n")) == record
    assert from_text("\n\n" + text) == record
    assert from_text(head + "\n\n" + " ".join(record["moves"])) == record  # numbers may go
    with pytest.raises(RecordError, match="header"):
        from_text(text.replace("[Variant", "Variant"))
    with pytest.raises(RecordError, match="unknown header"):
        from_text(text.replace("[Game", "[Player"))
    with pytest.raises(RecordError, match="twice"):
        from_text(text.replace("[Seat1", "[Seat2"))
    with pytest.raises(RecordError, match="Seat1, Seat2"):
        from_text(text.replace("[Seat1", "[Seat7"))
    with pytest.raises(RecordError, match="move number"):
        from_text(text.replace(" 3. ", " 4. ", 1))
    with pytest.raises(RecordError, match="JSON"):
        from_text(text.replace('[Game "', "[Game '"))
    with pytest.raises(RecordError, match="not a Parlor record"):
        from_text("1. e4 e5 2. Nf3")
    with pytest.raises(RecordError, match="not a Parlor record"):
        from_text("\n1. e4 e5 2. Nf3")
    with pytest.raises(RecordError, match="too-big|KB"):
        from_text(text + " pass" * MAX_TEXT)
    with pytest.raises(RecordError):
        from_text(None)


def test_make_record_refuses_what_it_cannot_replay():
    game = next(g for g, info in GAMES.items() if info.first_option)
    seats, variant = GAMES[game].tables()[0]
    state = new_game(game, seats=seats, variant=variant, seed=3, first=1)
    with pytest.raises(RecordError) as caught:
        make_record(state)  # the options that made it are not given
    assert caught.value.code == "not-replayable"
    assert make_record(state, options={"first": 1})["options"] == {"first": 1}
    with pytest.raises(RecordError, match="seats"):
        make_record(state, seats=[{"kind": "human"}])
    with pytest.raises(RecordError, match="started"):
        make_record(state, options={"first": 1}, started="noon")
    with pytest.raises(RecordError):
        make_record({"game": game})


# --- the documented examples ------------------------------------------------------------------

def doc_examples():
    text = DOCS.read_text(encoding="utf-8")
    return re.findall(r"```json\n(\{\n  \"format\": \"parlor-record\".*?)```", text, re.S), \
        re.findall(r"```text\n(\[Format .*?)```", text, re.S)


@pytest.mark.skipif(not DOCS.exists(), reason="docs/ is not copied into Pyodide")
def test_the_documented_examples_parse_and_replay():
    records, texts = doc_examples()
    assert {read_record(r)["game"] for r in records} == set(GAMES)  # one per game at least
    for example in records:
        record = read_record(example)
        assert to_json(record) == example  # written exactly as to_json writes it
        assert replay(record).history == record["moves"]
    assert texts
    for example in texts:
        record = from_text(example)
        assert to_text(record) == example

"""Game records: a finished game (or one in progress) as a small, versioned JSON record, and as
a plain notation text; a record is read back, checked and replayed move by move.

    from parlor.records import make_record, read_record, positions, to_json, to_text
    record = make_record(state, seats=[{"kind": "human", "name": "Ann"},
                                       {"kind": "ai", "level": "hard"}],
                         options={}, started="2026-12-02T10:00:00Z", ended=None)
    text = to_text(record)                 # or to_json(record): what a file holds
    again = read_record(text)              # a dict, JSON text or notation text; == record
    states = positions(again)              # every position, the start first

Pure Python for CPython and Pyodide: no I/O and no clock (the caller passes the dates). A
record is checked whole before anything uses it: its size, its nesting, every value's type, the
game, table and options (through `new_game`), every move (replayed from the start) and the
result, which must be the one the moves give. Anything wrong raises `RecordError` (a
ValueError) with a plain message and a `code`; nothing passed in is changed. The format is
described in docs/records.md.
"""

from __future__ import annotations

import json
import re
from datetime import datetime
from typing import Any

from .rules import GAMES, IllegalMove, State, new_game

FORMAT = "parlor-record"
VERSION = 1
MAX_TEXT = 256 * 1024
"""Longer texts (JSON or notation, in characters) are refused before they are read."""
MAX_MOVES = 5000
LINE_WIDTH = 96
"""The text forms fill their lines of moves up to this width."""
MAX_DEPTH = 16
"""Arrays and objects nested deeper are refused before the JSON parser sees them (Pyodide's
parser recurses on the JavaScript stack)."""
MAX_VALUES = 20_000
MAX_NAME = 24
MAX_SEED = 2 ** 63
MAX_SEED_TEXT = 64
KINDS = ("human", "ai")
LEVELS = ("easy", "medium", "hard")
KEYS = ("format", "version", "game", "variant", "seats", "options", "seed", "moves", "forfeit",
        "result", "started", "ended")
"""A record's keys, in the order `make_record` writes them; every one is required."""
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})?)?")


class RecordError(ValueError):
    """A record refused: the message says why in plain words; `code` is one of "too-big",
    "bad-json", "malformed", "version", "unknown-game", "bad-table", "illegal-move",
    "tampered" (a result that is not the one the moves give), "not-replayable" (make_record:
    a state that its game's start and moves do not lead to)."""

    def __init__(self, message: str, code: str = "malformed"):
        super().__init__(message)
        self.code = code


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


# --- plain JSON values ----------------------------------------------------------------------

def _plain(value: Any, what: str, depth: int = 0, count: list | None = None) -> Any:
    """A copy of `value` if it is plain JSON (dicts with string keys, lists, strings, ints,
    finite floats, booleans, None) nested at most MAX_DEPTH deep, else RecordError."""
    count = [0] if count is None else count
    count[0] += 1
    if count[0] > MAX_VALUES:
        raise RecordError(f"a record holds at most {MAX_VALUES} values", "too-big")
    if depth > MAX_DEPTH:
        raise RecordError(f"a record nests at most {MAX_DEPTH} levels deep", "too-big")
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, int):
        if abs(value) > MAX_SEED:
            raise RecordError(f"{what}: a number beyond {MAX_SEED}")
        return value
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise RecordError(f"{what}: not a finite number")
        return value
    if isinstance(value, list):
        return [_plain(v, what, depth + 1, count) for v in value]
    if isinstance(value, dict):
        out = {}
        for key, v in value.items():
            if not isinstance(key, str):
                raise RecordError(f"{what}: a key that is not text, {_shown(key)}")
            out[key] = _plain(v, what, depth + 1, count)
        return out
    raise RecordError(f"{what}: {type(value).__name__} is not a JSON value")


def _depth_scan(text: str) -> None:
    """Refuse JSON text nested deeper than MAX_DEPTH without parsing it (strings skipped)."""
    data = text.replace("\\\\", "").replace('\\"', "")
    parts = data.split('"')
    rest = "".join(parts[::2]).replace("{", "[").replace("}", "]")
    if rest.count("[") <= MAX_DEPTH:
        return
    depth = 0
    for piece in rest.split("]"):
        depth += piece.count("[")
        if depth > MAX_DEPTH:
            raise RecordError(f"a record nests at most {MAX_DEPTH} levels deep", "too-big")
        depth -= 1


def _refuse_constant(name: str) -> Any:
    raise RecordError(f"{name} is not a JSON number", "bad-json")


def _loads(text: str, what: str) -> Any:
    _depth_scan(text)
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except RecordError:
        raise
    except (ValueError, RecursionError) as err:
        raise RecordError(f"{what} is not valid JSON ({str(err)[:60]})", "bad-json") from None


# --- the parts of a record --------------------------------------------------------------------

def _seat(value: Any, index: int) -> dict:
    where = f"seat {index + 1}"
    if not isinstance(value, dict):
        raise RecordError(f"{where} is {{kind, level, name}}, not {_shown(value)}")
    extra = set(value) - {"kind", "level", "name"}
    if extra:
        raise RecordError(f"{where} has an unknown entry {_shown(sorted(extra)[0])}")
    kind = value.get("kind")
    if kind not in KINDS:
        raise RecordError(f"{where}'s kind is {' or '.join(KINDS)}, not {_shown(kind)}")
    seat = {"kind": kind}
    if kind == "ai":
        if value.get("level") not in LEVELS:
            raise RecordError(f"{where}'s level is {', '.join(LEVELS)}; not {_shown(value.get('level'))}")
        seat["level"] = value["level"]
    elif "level" in value:
        raise RecordError(f"{where} is a person: no level")
    if "name" in value:
        name = value["name"]
        if not isinstance(name, str) or len(name) > MAX_NAME:
            raise RecordError(f"{where}'s name is text of at most {MAX_NAME} characters")
        seat["name"] = name
    return seat


def _date(value: Any, what: str) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > 40 or not _DATE.fullmatch(value):
        raise RecordError(f"{what} is null or an ISO 8601 date such as 2026-12-02T10:00:00Z; "
                          f"not {_shown(value)}")
    try:
        datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise RecordError(f"{what}: {_shown(value)} is not a date") from None
    return value


def _seed(value: Any, chance: bool, title: str) -> int | str | None:
    if not chance:
        if value is not None:
            raise RecordError(f"{title} has no chance: its record's seed is null")
        return None
    if isinstance(value, bool) or not (isinstance(value, int) and abs(value) <= MAX_SEED
                                       or isinstance(value, str) and len(value) <= MAX_SEED_TEXT):
        raise RecordError(f"a {title} record needs its seed (it fixes the chance): an integer "
                          f"or a short text, not {_shown(value)}")
    return value


def _forfeit(value: Any, seats: int) -> dict | None:
    if value is None:
        return None
    if not isinstance(value, dict) or set(value) != {"seat", "reason"}:
        raise RecordError("forfeit is null or {seat, reason}")
    seat, reason = value["seat"], value["reason"]
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
        raise RecordError(f"the forfeit's seat is 0 to {seats - 1}, not {_shown(seat)}")
    if not isinstance(reason, str) or not 0 < len(reason) <= 40:
        raise RecordError("the forfeit's reason is a short word such as 'timeout' or 'resign'")
    return {"seat": seat, "reason": reason}


def result_of(state: State) -> dict | None:
    """The result part of a record: None while the game goes on, else its winners, the reason
    it ended and the scores."""
    if not state.is_over:
        return None
    return {"winners": state.winners, "reason": state.end_reason, "scores": state.scores}


# --- checking and replaying -------------------------------------------------------------------

def _check(data: Any) -> tuple[dict, list[State]]:
    """The record `data` (a dict) checked and copied, and every position its moves reach."""
    if not isinstance(data, dict):
        raise RecordError(f"a record is a JSON object, not {type(data).__name__}")
    data = _plain(data, "the record")
    if data.get("format") != FORMAT:
        raise RecordError(f'not a Parlor record: its "format" is not "{FORMAT}"')
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        raise RecordError(f"a record of version {_shown(version)}; this Parlor reads version {VERSION}",
                          "version")
    for key in data:
        if key not in KEYS:
            raise RecordError(f"a record has no entry {_shown(key)}")
    for key in KEYS:
        if key not in data:
            raise RecordError(f'the record lacks its "{key}"')
    game = data["game"]
    if not isinstance(game, str) or game not in GAMES:
        raise RecordError(f"unknown game {_shown(game)}; games are {', '.join(GAMES)}", "unknown-game")
    info = GAMES[game]
    seats = data["seats"]
    if not isinstance(seats, list) or not info.min_seats <= len(seats) <= info.max_seats:
        raise RecordError(f"{info.title} is for {info.seat_counts} seats: seats lists each", "bad-table")
    seats = [_seat(s, i) for i, s in enumerate(seats)]
    variant = data["variant"]
    if not isinstance(variant, str) or variant not in info.variants:
        raise RecordError(f"{info.title} variants are {', '.join(info.variants)}; not {_shown(variant)}",
                          "bad-table")
    if len(seats) not in info.seats_for(variant):
        raise RecordError(f"{info.title} {variant} is not for {len(seats)} seats", "bad-table")
    options = data["options"]
    if not isinstance(options, dict):
        raise RecordError("options is an object (the game's own options, {} for none)")
    seed = _seed(data["seed"], info.chance, info.title)
    moves = data["moves"]
    if not isinstance(moves, list) or len(moves) > MAX_MOVES:
        raise RecordError(f"moves is a list of at most {MAX_MOVES} moves", "too-big" if
                          isinstance(moves, list) else "malformed")
    for ply, move in enumerate(moves):
        if not isinstance(move, str):
            raise RecordError(f"move {ply + 1} is not text: {_shown(move)}")
    forfeit = _forfeit(data["forfeit"], len(seats))
    started, ended = _date(data["started"], "started"), _date(data["ended"], "ended")
    try:
        state = new_game(game, seats=len(seats), variant=variant, seed=seed, **options)
    except (ValueError, TypeError, KeyError, IndexError, AttributeError) as err:
        raise RecordError(f"this {info.title} table cannot be set up: {str(err)[:120]}", "bad-table") from None
    states = [state]
    for ply, move in enumerate(moves):
        try:
            state = state.play(move)
        except IllegalMove as err:
            raise RecordError(f"move {ply + 1}, {_shown(move)}, is not legal: {err}", "illegal-move") from None
        states.append(state)
    if forfeit is not None:
        try:
            states.append(state.forfeit(forfeit["seat"], forfeit["reason"]))
        except IllegalMove as err:
            raise RecordError(f"the forfeit cannot be applied: {err}", "illegal-move") from None
    result = result_of(states[-1])
    if data["result"] != result:
        raise RecordError(f"the record's result ({_shown(data['result'])}) is not what its moves "
                          f"give ({_shown(result)}): the record was changed", "tampered")
    record = {"format": FORMAT, "version": VERSION, "game": game, "variant": variant,
              "seats": seats, "options": options, "seed": seed, "moves": state.history,
              "forfeit": forfeit, "result": result, "started": started, "ended": ended}
    return record, states


def make_record(state: State, seats: list | None = None, options: dict | None = None,
                started: str | None = None, ended: str | None = None) -> dict:
    """The record of `state`'s game: `seats` (one {kind: "human"|"ai", level, name} per seat;
    default: people without names), the game's `options` as given to `new_game` (e.g.
    {"first": 1}), and the `started`/`ended` dates as ISO 8601 texts (or None). The state must
    be the one the game's start with these options (and its seed, for a game of chance) and its
    moves lead to; raises RecordError otherwise."""
    if not isinstance(state, State):
        raise RecordError(f"a record is made from a State, not {type(state).__name__}")
    info = GAMES[state.game]
    if seats is None:
        seats = [{"kind": "human"} for _ in range(state.seats)]
    if not isinstance(seats, list) or len(seats) != state.seats:
        raise RecordError(f"this game has {state.seats} seats; seats lists each", "bad-table")
    data = state.to_dict()
    record = {"format": FORMAT, "version": VERSION, "game": state.game, "variant": state.variant,
              "seats": seats, "options": {} if options is None else options,
              "seed": data.get("seed") if info.chance else None, "moves": state.history,
              "forfeit": data.get("forfeit"), "result": result_of(state),
              "started": started, "ended": ended}
    try:
        record, states = _check(record)
    except RecordError as err:
        raise RecordError(f"this game cannot be recorded: {err}", err.code) from None
    if states[-1].to_dict() != data:
        raise RecordError("this game cannot be recorded: its start (the options given, the seed) "
                          "and its moves do not lead to this position", "not-replayable")
    return record


def read_record(data: Any) -> dict:
    """The record `data` checked and copied: a dict, the JSON text of one (`to_json`) or its
    notation text (`to_text`). Raises RecordError saying what is wrong; changes nothing."""
    return _check(_parsed(data))[0]


def positions(record: Any) -> list[State]:
    """Every position of the record's game (a dict or a text, checked as `read_record`): the
    start, then the one after each move, then (when the game ended by a forfeit) the final one."""
    return _check(_parsed(record))[1]


def replay(record: Any) -> State:
    """The last position of the record's game (its forfeit applied)."""
    return positions(record)[-1]


def _check_size(text: str) -> None:
    if len(text) > MAX_TEXT:
        raise RecordError(f"a record is at most {MAX_TEXT // 1024} KB of text; this one is "
                          f"{len(text) // 1024} KB", "too-big")


def _parsed(data: Any) -> Any:
    if isinstance(data, str):
        _check_size(data)
        return _loads(data, "the record") if data.lstrip()[:1] == "{" else _from_text(data)
    return data


# --- the JSON file and the notation text ------------------------------------------------------

def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def _wrap(items: list[str], indent: str, joiner: str) -> list[str]:
    """`items` joined into lines of at most LINE_WIDTH characters (a longer item alone)."""
    lines, line = [], ""
    for item in items:
        if line and len(indent) + len(line) + len(joiner) + len(item) > LINE_WIDTH:
            lines.append(indent + line)
            line = ""
        line = item if not line else line + joiner + item
    return lines + [indent + line] if line else lines


def to_json(record: dict) -> str:
    """The record as JSON text for a file: one line per entry, the moves filling lines."""
    record = read_record(record)
    lines = []
    for key, value in record.items():
        if key == "moves" and value:
            rows = _wrap([_dump(m) for m in value], "    ", ", ")
            lines.append('  "moves": [\n' + ",\n".join(rows) + "\n  ]")
        else:
            lines.append(f"  {json.dumps(key)}: {_dump(value)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


HEADERS = ("Format", "Version", "Game", "Variant", "Seat", "Options", "Seed", "Started", "Ended",
           "Forfeit", "Result")
"""The notation text's header keys; "Seat" is written Seat1, Seat2, ... one line per seat."""
_HEADER = re.compile(r"\[([A-Za-z]+)([1-9][0-9]?)? (.*)\]")
_PLY = re.compile(r"([1-9][0-9]*)\.")


def to_text(record: dict) -> str:
    """The record as plain notation text: a header of `[Key value]` lines (each value is JSON,
    so a text is "quoted" as in PGN), a blank line, then the moves numbered by ply, filling lines."""
    record = read_record(record)
    for ply, move in enumerate(record["moves"]):
        if not move or move != "".join(move.split()) or _PLY.fullmatch(move):
            raise RecordError(f"move {ply + 1}, {_shown(move)}, cannot be written in the text form")
    lines = [f"[Format {_dump(record['format'])}]", f"[Version {_dump(record['version'])}]",
             f"[Game {_dump(record['game'])}]", f"[Variant {_dump(record['variant'])}]"]
    lines += [f"[Seat{i + 1} {_dump(seat)}]" for i, seat in enumerate(record["seats"])]
    for key in HEADERS[5:]:
        lines.append(f"[{key} {_dump(record[key.lower()])}]")
    lines.append("")
    lines += _wrap([f"{ply + 1}. {move}" for ply, move in enumerate(record["moves"])], "", " ")
    return "\n".join(lines) + "\n"


def from_text(text: Any) -> dict:
    """The record a notation text (`to_text`) holds, checked as `read_record`."""
    if not isinstance(text, str):
        raise RecordError(f"a record's text is a string, not {type(text).__name__}")
    _check_size(text)
    return _check(_from_text(text))[0]


def _from_text(text: str) -> dict:
    """The record dict a notation text spells (not yet checked)."""
    data: dict = {}
    seats: dict[int, Any] = {}
    lines = text.replace("\r\n", "\n").split("\n")
    body = len(lines)
    for number, raw in enumerate(lines):
        line = raw.strip()
        if not line:
            if data or seats:
                body = number + 1
                break
            continue
        found = _HEADER.fullmatch(line)
        if not found and not (data or seats):
            raise RecordError('not a Parlor record: its text starts with [Format "parlor-record"]')
        if not found:
            raise RecordError(f"line {number + 1} is not a header line [Key value]: {_shown(line)}")
        key, index, value = found.groups()
        if key not in HEADERS or (key == "Seat") != (index is not None):
            raise RecordError(f"line {number + 1}: unknown header {_shown(key + (index or ''))}")
        value = _loads(value, f"the value of {key}{index or ''}")
        if key == "Seat":
            if int(index) in seats:
                raise RecordError(f"line {number + 1}: Seat{index} twice")
            seats[int(index)] = value
        else:
            if key.lower() in data:
                raise RecordError(f"line {number + 1}: {key} twice")
            data[key.lower()] = value
    if sorted(seats) != list(range(1, len(seats) + 1)):
        raise RecordError("the seats are Seat1, Seat2, ... one line each, none missing")
    data["seats"] = [seats[i] for i in sorted(seats)]
    moves = []
    for token in " ".join(lines[body:]).split():
        ply = _PLY.fullmatch(token)
        if ply:
            if int(ply.group(1)) != len(moves) + 1:
                raise RecordError(f"move number {token} where {len(moves) + 1}. was expected")
            continue
        if len(moves) >= MAX_MOVES:
            raise RecordError(f"a record holds at most {MAX_MOVES} moves", "too-big")
        moves.append(token)
    data["moves"] = moves
    return data

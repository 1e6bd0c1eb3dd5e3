"""A clean-room reference implementation of the rules of Sanctuary, for the cross-check test.

Written by a developer who did not read py/, only from ../shared/spec/sanctuary.md, the seed
(../shared/seeds/002_b823b38e4fbd1e01.txt), docs/sanctuary.md (schema, notation, the shuffle)
and docs/rules-contract.md. Standard library only.

API (all pure: inputs are never mutated):
    legal_moves(d) -> sorted list[str]
    play(d, move)  -> new dict (raises ValueError on an illegal move)
    winners(d)     -> list[int]

Where the texts can be read two ways it takes the spec's reading: Backstep 3 moves only
the mover's own track pawns, and a Six split whose two orders are both legal is listed in both
orders (they are different notations).
"""

from __future__ import annotations

import copy
import random
import re


# Card names exactly as in the spec; docs/sanctuary.md shuffles from this order.
CARDS = ["1", "2", "Backstep 3", "4", "5", "Six", "7", "8", "10", "12",
         "Switcheroo", "Gotcha!"]
FORWARD_CARDS = {"1": 1, "2": 2, "4": 4, "5": 5, "7": 7, "8": 8, "10": 10,
                 "12": 12}
LAUNCH_CARDS = {"1", "2"}
SIDES = {2: [0, 2], 3: [0, 1, 2], 4: [0, 1, 2, 3]}
TRACK = 60


# ---------------------------------------------------------------- geometry
def side_of(seats: int, seat: int) -> int:
    return SIDES[seats][seat]


def arrow(seats: int, seat: int) -> int:
    return 15 * side_of(seats, seat) + 4


def crossing(seats: int, seat: int) -> int:
    return 15 * side_of(seats, seat) + 2


def is_track(sp: str) -> bool:
    return sp.startswith("T")


def tnum(sp: str) -> int:
    return int(sp[1:])


def sort_key(sp: str) -> int:
    if sp == "L":
        return -1
    if sp == "F":
        return 100
    if sp[0] == "T":
        return int(sp[1:])
    if sp[0] == "S":
        return 60 + int(sp[1:])
    raise ValueError(f"bad space {sp!r}")


def valid_space(sp) -> bool:
    if not isinstance(sp, str):
        return False
    if sp in ("L", "F"):
        return True
    m = re.fullmatch(r"T(\d{1,2})", sp)
    if m:
        return 0 <= int(m.group(1)) < TRACK and str(int(m.group(1))) == m.group(1)
    return re.fullmatch(r"S[1-4]", sp) is not None


def forward_dest(sp: str, n: int, cross: int):
    """Destination of a pawn on `sp` moving n steps forward, or None when it
    would overshoot Finish (or the pawn cannot move forward: L, F)."""
    if sp in ("L", "F"):
        return None
    pos = sp
    for _ in range(n):
        if pos == "F":
            return None  # would go beyond Finish
        if pos[0] == "T":
            t = int(pos[1:])
            pos = "S1" if t == cross else f"T{(t + 1) % TRACK}"
        else:  # Sanctuary
            k = int(pos[1:])
            pos = f"S{k + 1}" if k < 4 else "F"
    return pos


def backward_dest(sp: str, n: int = 3) -> str:
    # Backward moves stay on the track (never into Sanctuary); the track is a
    # ring, so T1 back 3 is T58.
    return f"T{(tnum(sp) - n) % TRACK}"


# ------------------------------------------------------------------- state
def _norm_pawns(pawns):
    return [sorted(ps, key=sort_key) for ps in pawns]


def _check(d: dict):
    if not isinstance(d, dict):
        raise ValueError("state must be a dict")
    seats = d.get("seats")
    if seats not in SIDES:
        raise ValueError("seats must be 2, 3 or 4")
    pawns = d.get("pawns")
    if not isinstance(pawns, list) or len(pawns) != seats:
        raise ValueError("pawns must list one entry per seat")
    for ps in pawns:
        if not isinstance(ps, list) or len(ps) != 4 or not all(valid_space(x) for x in ps):
            raise ValueError("each seat has four pawns on valid spaces")
        inner = [x for x in ps if x not in ("L", "F")]
        if len(inner) != len(set(inner)):
            raise ValueError("own pawns share a space")
    if d.get("card") is not None and d.get("card") not in CARDS:
        raise ValueError(f"unknown card {d.get('card')!r}")
    track = [x for ps in pawns for x in ps if is_track(x)]
    if len(track) != len(set(track)):
        raise ValueError("a track space holds two pawns")


def winners(d: dict) -> list[int]:
    """Seats that have won: the (single) seat with all four pawns in Finish.
    Each seat is its own team (no partnerships).  After a forfeit, the other
    seats with the most pawns in Finish win (docs; ties share)."""
    pawns = d["pawns"]
    done = [s for s, ps in enumerate(pawns) if all(x == "F" for x in ps)]
    if done:
        return done
    f = d.get("forfeit")
    if f:
        lost = f.get("seat")
        others = [s for s in range(len(pawns)) if s != lost]
        if not others:
            return []
        best = max(sum(1 for x in pawns[s] if x == "F") for s in others)
        return [s for s in others if sum(1 for x in pawns[s] if x == "F") == best]
    return []


def _forward_step(pawns, seats, seat, sp, n):
    """Return (dest, captures) or None if the single forward move is illegal."""
    dest = forward_dest(sp, n, crossing(seats, seat))
    if dest is None:
        return None
    if dest != "F" and dest in pawns[seat]:
        return None  # never stop on your own pawn
    caps = []
    if is_track(dest):
        for s, ps in enumerate(pawns):
            if s != seat and dest in ps:
                caps.append([s, dest])
    return dest, caps


def _apply_step(pawns, seat, frm, to):
    """Mutates pawns: move seat's pawn frm->to, rivals on a track `to` go to L."""
    caps = []
    if is_track(to):
        for s, ps in enumerate(pawns):
            if s != seat and to in ps:
                ps[ps.index(to)] = "L"
                caps.append([s, to])
    ps = pawns[seat]
    ps[ps.index(frm)] = to
    return caps


def _actions(d: dict):
    """dict move -> descriptor for the drawn card of the seat to move."""
    seats = d["seats"]
    seat = d["to_move"]
    card = d["card"]
    pawns = d["pawns"]
    own = pawns[seat]
    acts = {}
    active = sorted({x for x in own if x not in ("L", "F")}, key=sort_key)
    track_own = [x for x in active if is_track(x)]
    rivals_track = sorted({x for s, ps in enumerate(pawns) if s != seat
                           for x in ps if is_track(x)}, key=sort_key)
    ar = f"T{arrow(seats, seat)}"

    if card in LAUNCH_CARDS and "L" in own and ar not in own:
        acts[f"L>{ar}"] = ("launch", [("L", ar)])
    if card in FORWARD_CARDS:
        n = FORWARD_CARDS[card]
        for sp in active:
            r = _forward_step(pawns, seats, seat, sp, n)
            if r:
                acts[f"{sp}>{r[0]}"] = ("forward", [(sp, r[0])])
    elif card == "Six":
        for sp in active:
            r = _forward_step(pawns, seats, seat, sp, 6)
            if r:
                acts[f"{sp}>{r[0]}"] = ("forward", [(sp, r[0])])
        for p in active:
            for q in active:
                if p == q:
                    continue
                for a in range(1, 6):
                    r1 = _forward_step(pawns, seats, seat, p, a)
                    if not r1:
                        continue
                    after = copy.deepcopy(pawns)
                    _apply_step(after, seat, p, r1[0])
                    # q is a different pawn, still on its original space
                    # (own moves never capture own pawns).
                    r2 = _forward_step(after, seats, seat, q, 6 - a)
                    if not r2:
                        continue
                    mv = f"{p}>{r1[0]},{q}>{r2[0]}"
                    acts[mv] = ("split", [(p, r1[0]), (q, r2[0])])
    elif card == "Backstep 3":
        movers = [(seat, x) for x in track_own]
        for s, sp in movers:
            dest = backward_dest(sp, 3)
            if dest in pawns[s]:
                continue  # never onto an own pawn
            acts[f"{sp}>{dest}"] = ("back", [(sp, dest)], s)
    elif card == "Switcheroo":
        for p in track_own:
            for r in rivals_track:
                acts[f"{p}<>{r}"] = ("swap", [(p, r)])
    elif card == "Gotcha!":
        if "L" in own:
            for r in rivals_track:
                acts[f"L>{r}"] = ("gotcha", [("L", r)])
    return acts


def legal_moves(d: dict) -> list[str]:
    _check(d)
    if winners(d) or d.get("to_move") is None or d.get("forfeit"):
        return []
    if d.get("card") is None:
        return ["draw"]
    acts = _actions(d)
    if not acts:
        return ["pass"]
    return sorted(acts)


def _canon(move) -> str:
    if not isinstance(move, str) or len(move) > 64:
        raise ValueError("a move is a string of at most 64 characters")
    m = re.sub(r"\s+", "", move)
    if m.lower() in ("draw", "pass"):
        return m.lower()
    return m.upper()


def play(d: dict, move: str) -> dict:
    _check(d)
    mv = _canon(move)
    legal = legal_moves(d)
    if mv not in legal:
        raise ValueError(f"{move!r} is not legal here (legal: {legal[:12]}...)")
    n = copy.deepcopy(d)
    seats = n["seats"]
    seat = n["to_move"]
    pawns = n["pawns"]
    n["history"] = list(n.get("history") or []) + [mv]
    if mv == "draw":
        draw = list(n.get("draw") or [])
        reshuffled = False
        if not draw:
            k = n.get("shuffles", 0) or 0
            pile = sorted(n.get("discard") or [], key=CARDS.index)
            random.Random(f"{n.get('seed')}/{k}").shuffle(pile)
            draw = pile
            n["discard"] = []
            n["shuffles"] = k + 1
            reshuffled = True
        n["card"] = draw[0]
        n["draw"] = draw[1:]
        n["last_move"] = {"seat": seat, "move": "draw", "card": n["card"],
                          "reshuffled": reshuffled}
        return n
    card = n["card"]
    if mv == "pass":
        kind, steps, caps = "pass", [], []
    else:
        act = _actions(d)[mv]
        kind, steps = act[0], act[1]
        caps = []
        if kind in ("launch", "forward", "split"):
            for frm, to in steps:
                caps += _apply_step(pawns, seat, frm, to)
        elif kind == "back":
            caps += _apply_step(pawns, act[2], steps[0][0], steps[0][1])
        elif kind == "swap":
            p, r = steps[0]
            rs = next(s for s, ps in enumerate(pawns) if s != seat and r in ps)
            pawns[seat][pawns[seat].index(p)] = r
            pawns[rs][pawns[rs].index(r)] = p
        elif kind == "gotcha":
            caps += _apply_step(pawns, seat, "L", steps[0][1])
    n["pawns"] = _norm_pawns(pawns)
    n["discard"] = list(n.get("discard") or []) + [card]
    n["card"] = None
    n["last_move"] = {"seat": seat, "move": mv, "card": card, "kind": kind,
                      "steps": [list(s) for s in steps], "captures": caps}
    if winners(n):
        n["to_move"] = None
    else:
        n["to_move"] = (seat + 1) % seats
    return n



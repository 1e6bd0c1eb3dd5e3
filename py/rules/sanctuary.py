"""Sanctuary, the card-driven pawn race: the users' rules text for Sanctuary; notation, state
schema and the decisions where the text is silent in docs/sanctuary.md.

2, 3 or 4 teams (one seat each, four pawns) around a shared 60-space track, T0-T59 clockwise;
side k is T(15k)-T(15k+14), its arrow T(15k+4) (where Launch puts a pawn) and its entry
crossing T(15k+2) (where a forward step turns into the side's private Sanctuary S1-S4, then
Finish F). Two teams sit on sides 0 and 2; three on 0, 1, 2; four on 0-3. A turn is two
decisions: `draw` (the top card of the shuffled 60-card deck), then one action for that card, or
`pass` when the card allows none. The first team with four pawns in Finish wins at once.

A pawn is an int: LAUNCH (-1), a track space 0-59, S1-S4 (60-63) or FINISH (64). A team's
pawns are a sorted tuple of four. `FORWARD[side][pos][n]` is where n forward steps lead (None:
beyond Finish), so move generation is table look-ups; `gen_actions`/`apply_action` are the fast
core the AI searches with, `SanctuaryState` wraps them in the State protocol.

Chance: the seed fixes every shuffle (shuffle k uses random.Random(f"{seed}/{k}")). The state
holds the draw pile's order explicitly; `view()` never shows it (nor the seed); `from_view`
re-samples the unseen order from the public remaining composition.
"""

from __future__ import annotations

import random
import re
from typing import Any

from .core import GameInfo, IllegalMove, State, check_move_string, join_words, shown

TRACK = 60
SIDE = 15
ARROW_AT = 4
CROSSING_AT = 2
LAUNCH, S1, FINISH = -1, 60, 64
PAWNS = 4
VARIANTS = ("standard",)
SIDES = {2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)}
"""SIDES[teams][seat]: the side of the track each seat's team sits on (clockwise order)."""
COLOURS = ("Red", "Blue", "Yellow", "Green")
"""Colour of each side of the board."""

CARDS = ("1", "2", "Backstep 3", "4", "5", "Six", "7", "8", "10", "12", "Switcheroo", "Gotcha!")
"""The twelve kinds, in the order of the deck table; a card is its index here."""
COPIES = 5
DECK = tuple(k for k in range(len(CARDS)) for _ in range(COPIES))
"""The 60 cards in table order (the order every shuffle starts from)."""
CARD_INDEX = {name: k for k, name in enumerate(CARDS)}
ONE, TWO, BACKSTEP, SIX, SWITCHEROO, GOTCHA = (CARD_INDEX[n] for n in
                                               ("1", "2", "Backstep 3", "Six", "Switcheroo", "Gotcha!"))
STEPS = {CARD_INDEX[n]: int(n) for n in ("1", "2", "4", "5", "7", "8", "10", "12")}
STEPS[SIX] = 6
"""Forward steps of each forward card (Backstep 3 moves back 3)."""
LAUNCHERS = (ONE, TWO)
CARD_TEXT = {
    "1": "Launch a pawn onto your arrow, or move one pawn forward 1.",
    "2": "Launch a pawn onto your arrow, or move one pawn forward 2. No extra turn.",
    "Backstep 3": "Move one of your track pawns backward 3 (never into Sanctuary; it may pass "
                  "behind your arrow as a shortcut).",
    "4": "Move one pawn forward 4.",
    "5": "Move one pawn forward 5.",
    "Six": "Move one pawn forward 6, or two different pawns forward by positive amounts "
           "totalling 6, in the order shown.",
    "7": "Move one pawn forward 7.",
    "8": "Move one pawn forward 8.",
    "10": "Move one pawn forward 10.",
    "12": "Move one pawn forward 12.",
    "Switcheroo": "Swap one of your track pawns with a rival's track pawn.",
    "Gotcha!": "Take a pawn from your Launch and put it on a rival's track pawn, which goes back "
               "to its Launch.",
}


def arrow(side: int) -> int:
    return side * SIDE + ARROW_AT


def crossing(side: int) -> int:
    return side * SIDE + CROSSING_AT


def _forward_table(side: int) -> list[tuple]:
    """FORWARD[side][pos][n] for pos 0-64 (track, Sanctuary, Finish) and n 0-12."""
    # The side's way home: round the track from just past its crossing to the crossing itself,
    # then S1-S4 and Finish. A pawn's n-th step forward is n places further along this path.
    cross = crossing(side)
    path = [(cross + 1 + i) % TRACK for i in range(TRACK)] + list(range(S1, FINISH + 1))
    at = {pos: i for i, pos in enumerate(path)}
    return [tuple(path[at[pos]:at[pos] + 13]) + (None,) * (at[pos] + 13 - len(path))
            for pos in range(FINISH + 1)]


FORWARD = [_forward_table(side) for side in range(4)]
TO_FINISH = [[FINISH - S1 + 1 + (crossing(side) - pos) % TRACK if pos < S1 else FINISH - pos
              for pos in range(FINISH + 1)] for side in range(4)]
"""TO_FINISH[side][pos]: forward steps from pos to Finish (a track pawn turns in at its crossing)."""

NAMES = {LAUNCH: "L", FINISH: "F", **{t: f"T{t}" for t in range(TRACK)},
         **{S1 + i: f"S{i + 1}" for i in range(4)}}
SPACE = {name: pos for pos, name in NAMES.items()}
_PART = re.compile(r"^(L|F|T\d{1,2}|S[1-4])(>|<>)(L|F|T\d{1,2}|S[1-4])$")


def parse_space(text: Any) -> int:
    """A space from its name (`L`, `T0`-`T59`, `S1`-`S4`, `F`; any case); ValueError otherwise."""
    if isinstance(text, str):
        name = text.strip().upper()
        if name.startswith("T") and name[1:].isdigit() and 0 <= int(name[1:]) < TRACK:
            return int(name[1:])
        if name in SPACE:
            return SPACE[name]
    raise ValueError(f"{shown(text)} is not a space: L, T0-T59, S1-S4 or F")


# --- the fast core -------------------------------------------------------------------------

def track_owners(pawns: tuple) -> dict[int, int]:
    """{track space: team} for every pawn on the track."""
    owner = {}
    for team, mine in enumerate(pawns):
        for p in mine:
            if 0 <= p < TRACK:
                owner[p] = team
    return owner


def _forward(mine: tuple, side: int, p: int, n: int) -> int | None:
    """Destination of the own pawn at p moving n forward, or None (beyond Finish, or landing
    on an own pawn)."""
    d = FORWARD[side][p][n]
    if d is None or (d != FINISH and d in mine):
        return None
    return d


def gen_actions(pawns: tuple, team: int, side: int, card: int) -> list[tuple]:
    """Every action of `team` (on `side`) for `card`, as (kind, steps): kind one of launch,
    forward, back, swap, gotcha, split; steps ((origin, destination), ...) (a swap:
    ((own, rival),)). No pass; duplicates (two pawns in Launch) are listed once."""
    mine = pawns[team]
    actions = []
    if card in STEPS:
        n = STEPS[card]
        if card in LAUNCHERS and LAUNCH in mine:
            a = arrow(side)
            if a not in mine:
                actions.append(("launch", ((LAUNCH, a),)))
        active = sorted({p for p in mine if LAUNCH < p < FINISH})
        for p in active:
            d = _forward(mine, side, p, n)
            if d is not None:
                actions.append(("forward", ((p, d),)))
        if card == SIX and len(active) > 1:
            for p in active:
                for a in range(1, 6):
                    d = _forward(mine, side, p, a)
                    if d is None:
                        continue
                    after = _moved(mine, p, d)
                    for q in active:
                        if q == p:
                            continue
                        e = _forward(after, side, q, 6 - a)
                        if e is not None:
                            actions.append(("split", ((p, d), (q, e))))
    elif card == BACKSTEP:
        for p in sorted({p for p in mine if 0 <= p < TRACK}):
            d = (p - 3) % TRACK
            if d not in mine:
                actions.append(("back", ((p, d),)))
    elif card == SWITCHEROO:
        owners = track_owners(pawns)
        rivals = sorted(t for t, o in owners.items() if o != team)
        for p in sorted(t for t, o in owners.items() if o == team):
            for r in rivals:
                actions.append(("swap", ((p, r),)))
    elif card == GOTCHA:
        if LAUNCH in mine:
            owners = track_owners(pawns)
            for r in sorted(t for t, o in owners.items() if o != team):
                actions.append(("gotcha", ((LAUNCH, r),)))
    return actions


def _moved(mine: tuple, origin: int, dest: int) -> tuple:
    """`mine` with one pawn moved from origin to dest (sorted)."""
    lst = list(mine)
    lst[lst.index(origin)] = dest
    lst.sort()
    return tuple(lst)


def apply_action(pawns: tuple, team: int, action: tuple) -> tuple[tuple, list]:
    """(pawns', captures) after `team` plays `action`; captures are (team, track space) of the
    rival pawns sent to Launch. Legality is not checked."""
    kind, steps = action
    new = list(pawns)
    captures = []
    if kind == "swap":
        p, r = steps[0]
        for t, theirs in enumerate(new):
            if t != team and r in theirs:
                new[t] = _moved(theirs, r, p)
                break
        new[team] = _moved(new[team], p, r)
        return tuple(new), captures
    for origin, dest in steps:
        if 0 <= dest < TRACK:
            for t, theirs in enumerate(new):
                if t != team and dest in theirs:
                    new[t] = _moved(theirs, dest, LAUNCH)
                    captures.append((t, dest))
                    break
        new[team] = _moved(new[team], origin, dest)
    return tuple(new), captures


def action_name(action: tuple) -> str:
    kind, steps = action
    sep = "<>" if kind == "swap" else ">"
    return ",".join(f"{NAMES[o]}{sep}{NAMES[d]}" for o, d in steps)


def has_won(mine: tuple) -> bool:
    return all(p == FINISH for p in mine)


def _shuffled(cards, seed: Any, k: int) -> tuple:
    deck = sorted(cards)
    random.Random(f"{seed}/{k}").shuffle(deck)
    return tuple(deck)


def _normal_seed(seed: Any) -> int | str:
    if seed is None:
        return random.SystemRandom().randrange(2**53)
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        return repr(seed)
    return seed


def _normal_move(text: Any) -> tuple[str, list | None]:
    """(canonical name, parsed parts) of a move; parts None for draw and pass; IllegalMove if
    `text` is not Sanctuary notation."""
    move = check_move_string(text).replace(" ", "")
    if move in ("draw", "pass"):
        return move, None
    parts = []
    for part in move.upper().split(","):
        m = _PART.match(part)
        if not m:
            break
        try:
            parts.append((parse_space(m.group(1)), m.group(2), parse_space(m.group(3))))
        except ValueError:
            break
    else:
        if 1 <= len(parts) <= 2:
            name = ",".join(f"{NAMES[o]}{sep}{NAMES[d]}" for o, sep, d in parts)
            return name, parts
    raise IllegalMove(f"{shown(text)} is not a Sanctuary move: write draw, pass, L>T4 (launch or "
                      "Gotcha!), T12>T17 (forward or back), T12<>T40 (Switcheroo) or "
                      "T12>T15,T30>T33 (a Six split)")


# --- the State ------------------------------------------------------------------------------

class SanctuaryState(State):
    """A Sanctuary position: pawns, deck, the drawn card, history and result."""

    game = "sanctuary"
    variant = "standard"
    __slots__ = ("seats", "first", "seed", "shuffles", "pawns", "turn", "card", "draw", "discard",
                 "_last", "_actions")

    def __init__(self, seats: int, first: int, seed: Any, shuffles: int, pawns: tuple, turn: int,
                 card: int | None, draw: tuple, discard: tuple, history: tuple, last: dict | None,
                 forfeit: dict | None = None):
        self.seats = seats
        self.first = first
        self.seed = seed
        self.shuffles = shuffles
        """Shuffles made so far (the next one uses random.Random(f"{seed}/{shuffles}"))."""
        self.pawns = pawns
        """Per seat: its four pawns, a sorted tuple of ints (LAUNCH, 0-59, 60-63, FINISH)."""
        self.turn = turn
        self.card = card
        """The drawn card (an index of CARDS) or None before `draw`."""
        self.draw = draw
        """The draw pile, top card first (hidden)."""
        self.discard = discard
        """Cards spent since the last shuffle, oldest first."""
        self._last = last
        super().__init__(history, forfeit)
        self._actions: dict | None = None
        for seat, mine in enumerate(pawns):
            if has_won(mine):
                self._winners = [seat]
                self._end_reason = f"{self.colour(seat)} brought all four pawns to Finish"
        if forfeit is not None and not self._end_reason:
            loser = forfeit["seat"]
            others = [s for s in range(seats) if s != loser]
            best = max(self.scores[s] for s in others)
            self._winners = [s for s in others if self.scores[s] == best]
            self._end_reason = f"{self.colour(loser)} forfeits ({forfeit['reason']})"

    # --- table geometry -----------------------------------------------------------------------
    def side(self, seat: int) -> int:
        return SIDES[self.seats][seat]

    def colour(self, seat: int) -> str:
        return COLOURS[self.side(seat)]

    # --- the protocol -------------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return None if self._end_reason else self.turn

    @property
    def scores(self) -> list[int]:
        """Pawns in Finish per seat."""
        return [mine.count(FINISH) for mine in self.pawns]

    @property
    def phase(self) -> str | None:
        """"draw" (the turn starts), "act" (play the drawn card) or None (over)."""
        if self._end_reason:
            return None
        return "draw" if self.card is None else "act"

    def actions(self) -> dict[str, tuple]:
        """{move name: action} for the drawn card ({} before `draw`, when over, or when the
        card allows nothing)."""
        if self._actions is None:
            if self.phase != "act":
                self._actions = {}
            else:
                seat = self.turn
                acts = gen_actions(self.pawns, seat, self.side(seat), self.card)
                self._actions = {action_name(a): a for a in acts}
        return self._actions

    def legal_moves(self) -> list[str]:
        phase = self.phase
        if phase is None:
            return []
        if phase == "draw":
            return ["draw"]
        return sorted(self.actions()) or ["pass"]

    def targets(self) -> dict[str, list[list[str]]]:
        """Board hints for the drawn card: {origin: [[destination, move, kind], ...]} where kind
        is launch, forward, back, swap, gotcha or split. A Six split is listed under its first
        pawn with its first destination (one entry per complete legal pair; the move names the
        second step too). Empty before `draw`, when over, or when passing."""
        hints: dict[str, list[list[str]]] = {}
        for name, (kind, steps) in self.actions().items():
            origin, dest = steps[0]
            hints.setdefault(NAMES[origin], []).append([NAMES[dest], name, kind])
        return {origin: sorted(moves) for origin, moves in sorted(hints.items())}

    def previews(self) -> dict[str, dict]:
        """{move: {"kind", "steps": [[origin, destination], ...], "captures": [[seat, space],
        ...], "swapped": [seat, space] | None}}: what each legal action would do (both steps of
        a Six split, in order), for previews before Confirm."""
        out = {}
        for name, action in self.actions().items():
            kind, steps = action
            _, captures = apply_action(self.pawns, self.turn, action)
            swapped = None
            if kind == "swap":
                swapped = [track_owners(self.pawns)[steps[0][1]], NAMES[steps[0][0]]]
            out[name] = {"kind": kind, "steps": [[NAMES[o], NAMES[d]] for o, d in steps],
                         "captures": [[t, NAMES[s]] for t, s in captures], "swapped": swapped}
        return dict(sorted(out.items()))

    def _play(self, move: str) -> "SanctuaryState":
        name, parts = _normal_move(move)
        seat = self.turn
        if self.card is None:
            if name != "draw":
                raise IllegalMove("draw a card to begin: a turn starts with draw")
            return self._drawn(seat)
        card = CARDS[self.card]
        if name == "draw":
            raise IllegalMove(f"you have drawn {card} already: play it, or pass if it allows nothing")
        actions = self.actions()
        if name == "pass":
            if actions:
                raise IllegalMove(f"you may pass only when {card} allows no action; it allows "
                                  f"{len(actions)} here")
            return self._spent(seat, pawns=self.pawns, last={
                "seat": seat, "move": "pass", "card": card, "kind": "pass", "steps": [],
                "captures": []})
        action = actions.get(name)
        if action is None:
            raise IllegalMove(f"{name} is not legal with {card}: {self._why(parts)}")
        pawns, captures = apply_action(self.pawns, seat, action)
        kind, steps = action
        return self._spent(seat, pawns, {
            "seat": seat, "move": name, "card": card, "kind": kind,
            "steps": [[NAMES[o], NAMES[d]] for o, d in steps],
            "captures": [[t, NAMES[s]] for t, s in captures]})

    def _drawn(self, seat: int) -> "SanctuaryState":
        draw, discard, shuffles = self.draw, self.discard, self.shuffles
        reshuffled = False
        if not draw:
            draw, discard = _shuffled(discard, self.seed, shuffles), ()
            shuffles += 1
            reshuffled = True
        card = draw[0]
        last = {"seat": seat, "move": "draw", "card": CARDS[card], "reshuffled": reshuffled}
        return SanctuaryState(self.seats, self.first, self.seed, shuffles, self.pawns, seat, card,
                              draw[1:], discard, self._history + ("draw",), last)

    def _spent(self, seat: int, pawns: tuple, last: dict) -> "SanctuaryState":
        return SanctuaryState(self.seats, self.first, self.seed, self.shuffles, pawns,
                              (seat + 1) % self.seats, None, self.draw, self.discard + (self.card,),
                              self._history + (last["move"],), last)

    def _why(self, parts: list) -> str:
        """Why a well-formed action is not legal, in plain words."""
        seat, card = self.turn, self.card
        mine, side = self.pawns[seat], self.side(seat)
        owners = track_owners(self.pawns)
        if len(parts) == 2:
            if card != SIX:
                return "only Six splits its move between two pawns"
            return ("a Six split moves two different active pawns forward by positive amounts "
                    "totalling 6, each step legal after the one before")
        origin, sep, dest = parts[0]
        if sep == "<>":
            if card != SWITCHEROO:
                return "only Switcheroo swaps pawns"
            if owners.get(origin) != seat:
                return f"Switcheroo swaps one of your track pawns, and {NAMES[origin]} holds none"
            return f"Switcheroo swaps with a rival's track pawn, and {NAMES[dest]} holds none"
        if origin == LAUNCH:
            if LAUNCH not in mine:
                return "none of your pawns waits in Launch"
            if card == GOTCHA:
                return (f"Gotcha! lands on a rival's pawn on the track, and {NAMES[dest]} "
                        "holds none")
            if card not in LAUNCHERS:
                return "a pawn leaves Launch only with 1, 2 or Gotcha!"
            if dest != arrow(side):
                return f"Launch places a pawn on your arrow, {NAMES[arrow(side)]}"
            return f"your own pawn is already on your arrow {NAMES[dest]}"
        if origin not in mine or origin == FINISH:
            if origin == FINISH:
                return "a pawn in Finish stays there"
            return f"{NAMES[origin]} holds none of your pawns"
        if card == BACKSTEP:
            if origin >= S1:
                return "Backstep moves a track pawn; a backward move never enters or leaves Sanctuary"
            d = (origin - 3) % TRACK
            if dest != d:
                return f"Backstep 3 takes {NAMES[origin]} back to {NAMES[d]}"
            return f"your own pawn is on {NAMES[d]}"
        if card in STEPS:
            n = STEPS[card]
            d = FORWARD[side][origin][n]
            if d is None:
                return f"{NAMES[origin]} cannot move {n}: that would go beyond Finish"
            if d != dest:
                return f"{NAMES[origin]} moving {n} forward reaches {NAMES[d]}"
            return f"your own pawn is on {NAMES[d]}"
        return f"{CARDS[card]} does not move a pawn that way"

    def _spoken(self, name: str) -> str:
        """A space for people: T12, Sanctuary 2, Launch, Finish."""
        if name[0] == "S":
            return f"Sanctuary {name[1:]}"
        return {"L": "Launch", "F": "Finish"}.get(name, name)

    def _landmark(self, name: str) -> str:
        """" (Blue's arrow)" or " (Blue's crossing)" for a track space that is one of a team's
        in play, else ""."""
        if name[0] != "T":
            return ""
        pos = int(name[1:])
        for seat in range(self.seats):
            for what, space in (("arrow", arrow(self.side(seat))), ("crossing", crossing(self.side(seat)))):
                if pos == space:
                    return f" ({self.colour(seat)}'s {what})"
        return ""

    def _describe(self, move: str, after: "SanctuaryState") -> str:
        """"Red draws a card" (the card is not known before it is drawn), "Yellow plays 5:
        T12→T17 (Blue's crossing) and sends Blue's pawn back to Launch", "Red plays Six: T12→T15
        and T30→T33", "Blue plays Switcheroo: swaps T12 with Red's pawn on T40", "Red passes:
        10 allows no move"."""
        who = self.mover_name()
        last = after._last
        if move == "draw":
            shuffle = "shuffles the discard pile and " if last["reshuffled"] else ""
            return f"{who} {shuffle}draws a card"
        card = last["card"]
        if move == "pass":
            return f"{who} passes: {card} allows no move"
        kind, steps, captures = last["kind"], last["steps"], last["captures"]
        spoken = self._spoken
        if kind == "launch":
            action = f"launches a pawn onto {steps[0][1]}"
        elif kind == "swap":
            own, rival = steps[0]
            owner = track_owners(self.pawns)[SPACE[rival]]
            action = f"swaps {own} with {self.colour(owner)}'s pawn on {rival}"
        else:
            action = " and ".join(f"{spoken(o)}→{spoken(d)}" for o, d in steps)
            if len(steps) == 1:
                action += self._landmark(steps[0][1])
        text = f"{who} plays {card}: {action}"
        if not captures:
            return text
        if len(captures) == 1 and captures[0][1] == steps[-1][1]:
            return f"{text} and sends {self.colour(captures[0][0])}'s pawn back to Launch"
        sent = join_words([f"{self.colour(team)}'s pawn on {space}" for team, space in captures])
        return f"{text} and sends {sent} back to Launch"

    def _places(self, move: str, after: "SanctuaryState") -> list[str]:
        """The spaces the pawns move from and to, then the Launch of each rival pawn taken.
        Launch, Sanctuary and Finish are a team's own: the board names them `L@1`, `S2@1`,
        `F@1` (the seat after the @); track spaces are `T0`-`T59`."""
        last = after._last
        seat = last["seat"]
        named = [f"{space}@{seat}" if space[0] != "T" else space
                 for step in last.get("steps", []) for space in step]
        return named + [f"L@{team}" for team, _ in last.get("captures", [])]

    def _forfeit(self, seat: int, reason: str) -> "SanctuaryState":
        """`seat` loses: the other seats with the most pawns in Finish win (ties share)."""
        return SanctuaryState(self.seats, self.first, self.seed, self.shuffles, self.pawns,
                              self.turn, self.card, self.draw, self.discard, self._history,
                              self._last, {"seat": seat, "reason": reason})

    # --- serialisation ----------------------------------------------------------------------
    def remaining(self) -> dict[str, int]:
        """The draw pile's composition {card: count} (public: the deck minus the discard pile
        and the drawn card), in table order."""
        counts = [0] * len(CARDS)
        for c in self.draw:
            counts[c] += 1
        return {CARDS[k]: n for k, n in enumerate(counts) if n}

    def _public(self) -> dict:
        return {
            "game": self.game,
            "seats": self.seats,
            "variant": self.variant,
            "first": self.first,
            "shuffles": self.shuffles,
            "to_move": self.to_move,
            "card": None if self.card is None else CARDS[self.card],
            "pawns": [[NAMES[p] for p in mine] for mine in self.pawns],
            "discard": [CARDS[c] for c in self.discard],
            "history": list(self._history),
            "last_move": _copy_last(self._last),
            "forfeit": dict(self._forfeited) if self._forfeited else None,
        }

    def to_dict(self) -> dict:
        return {**self._public(), "seed": self.seed, "draw": [CARDS[c] for c in self.draw]}

    def view(self, seat: int | None = None) -> dict:
        """The board, the drawn card, the discard pile and the number of cards left to draw,
        never their order (nor the seed that fixes it)."""
        seat = self.check_view_seat(seat)
        sides = [self.side(s) for s in range(self.seats)]
        return {
            **self._public(),
            **self.view_common(seat),
            "legal_moves": self.legal_moves(),
            "phase": self.phase,
            "draw_count": len(self.draw),
            "remaining": self.remaining(),
            "card_text": None if self.card is None else CARD_TEXT[CARDS[self.card]],
            "targets": self.targets(),
            "previews": self.previews(),
            "sides": sides,
            "colours": [COLOURS[s] for s in sides],
            "arrows": [NAMES[arrow(s)] for s in sides],
            "crossings": [NAMES[crossing(s)] for s in sides],
            "track": [next((t for t, mine in enumerate(self.pawns) if p in mine), None)
                      for p in range(TRACK)],
            "cards": list(CARDS),
            "deck_size": len(DECK),
        }


def _copy_last(last: Any) -> Any:
    """A copy of `last_move` (a dict of plain values and lists), sharing nothing mutable."""
    if isinstance(last, dict):
        return {k: _copy_last(v) for k, v in last.items()}
    if isinstance(last, (list, tuple)):
        return [_copy_last(x) for x in last]
    return last


# --- construction ---------------------------------------------------------------------------

def new(seats: int = 2, variant: str | None = None, seed: Any = None, first: Any = 0) -> SanctuaryState:
    """A new game for 2-4 teams; `seed` fixes every shuffle; `first` is the seat that takes the
    first turn (a rematch rotates it)."""
    if variant not in (None, *VARIANTS):
        raise ValueError(f"Sanctuary has one variant, standard; not {shown(variant)}")
    if type(seats) is not int or seats not in SIDES:
        raise ValueError(f"Sanctuary is for 2-4 teams, not {shown(seats)}")
    if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < seats:
        raise ValueError(f"first is the seat that takes the first turn, 0 to {seats - 1}; not {shown(first)}")
    seed = _normal_seed(seed)
    pawns = tuple((LAUNCH,) * PAWNS for _ in range(seats))
    return SanctuaryState(seats, first, seed, 1, pawns, first, None, _shuffled(DECK, seed, 0), (),
                          (), None)


def _cards(value: Any, what: str) -> list[int]:
    if not isinstance(value, list) or len(value) > len(DECK):
        raise ValueError(f"{what} is a list of card names")
    out = []
    for name in value:
        if not isinstance(name, str) or name not in CARD_INDEX:
            raise ValueError(f"{what}: {shown(name)} is not a card; cards are {', '.join(CARDS)}")
        out.append(CARD_INDEX[name])
    return out


def from_dict(data: dict) -> SanctuaryState:
    """A state from `to_dict()` output, or a position written by hand (docs/sanctuary.md):
    only `game`, `seats` and `pawns` are required; a missing `draw` is shuffled with `seed`
    from the cards that are neither in `discard` nor the drawn `card`."""
    if not isinstance(data, dict) or data.get("game") != "sanctuary":
        raise ValueError("not a Sanctuary state dict")
    seats = data.get("seats", 2)
    if type(seats) is not int or seats not in SIDES:
        raise ValueError(f"Sanctuary is for 2-4 teams, not {shown(seats)}")
    if data.get("variant", "standard") not in VARIANTS:
        raise ValueError("Sanctuary has one variant, standard")
    first = data.get("first", 0)
    if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < seats:
        raise ValueError(f"first is a seat, 0 to {seats - 1}; not {shown(first)}")
    turn = data.get("to_move", first)
    if turn is None:  # a finished game's to_dict
        turn = first
    if isinstance(turn, bool) or not isinstance(turn, int) or not 0 <= turn < seats:
        raise ValueError(f"to_move is a seat, 0 to {seats - 1}; not {shown(turn)}")
    seed = _normal_seed(data.get("seed"))
    shuffles = data.get("shuffles", 1)
    if isinstance(shuffles, bool) or not isinstance(shuffles, int) or shuffles < 1:
        raise ValueError("shuffles counts the shuffles made so far, at least 1")
    placed = data.get("pawns")
    if not isinstance(placed, list) or len(placed) != seats:
        raise ValueError(f"pawns lists the four pawns of each of the {seats} teams")
    pawns, on_track = [], set()
    for team, spaces in enumerate(placed):
        if not isinstance(spaces, list) or len(spaces) != PAWNS:
            raise ValueError(f"pawns[{team}] lists four spaces such as \"L\", \"T4\", \"S1\", \"F\"")
        mine = tuple(sorted(parse_space(s) for s in spaces))
        for i, p in enumerate(mine):
            if LAUNCH < p < FINISH and i and mine[i - 1] == p:
                raise ValueError(f"two pawns of team {team} on {NAMES[p]}")
            if 0 <= p < TRACK:
                if p in on_track:
                    raise ValueError(f"two pawns on {NAMES[p]}: a pawn landing on a rival captures it")
                on_track.add(p)
        pawns.append(mine)
    card = data.get("card")
    if card is not None and (not isinstance(card, str) or card not in CARD_INDEX):
        raise ValueError(f"card is null or one of {', '.join(CARDS)}; not {shown(card)}")
    card = None if card is None else CARD_INDEX[card]
    discard = _cards(data.get("discard", []), "discard")
    used = discard + ([] if card is None else [card])
    left = list(DECK)
    for c in used:
        if c not in left:
            raise ValueError(f"the deck has five {CARDS[c]} cards, not more")
        left.remove(c)
    if data.get("draw") is None:
        draw = _shuffled(left, seed, shuffles) if left else ()
        shuffles += 1 if left else 0
    else:
        draw = tuple(_cards(data["draw"], "draw"))
        if sorted(draw) != sorted(left):
            raise ValueError("draw, discard and card together are the 60 cards of the deck")
    history = data.get("history", [])
    if not isinstance(history, list) or not all(isinstance(m, str) for m in history):
        raise ValueError("history is a list of moves")
    last = data.get("last_move")
    if last is not None and not isinstance(last, dict):
        raise ValueError("last_move is null or a dict")
    state = SanctuaryState(seats, first, seed, shuffles, tuple(pawns), turn, card, draw,
                           tuple(discard), tuple(history), _copy_last(last))
    return state.with_forfeit(data.get("forfeit"))


def from_view(view: dict, seed: Any = None) -> SanctuaryState:
    """A state consistent with `view`: the unseen draw order is shuffled with `seed` from the
    public remaining composition."""
    if not isinstance(view, dict) or view.get("game") != "sanctuary":
        raise ValueError("not a Sanctuary view")
    data = {k: view.get(k) for k in ("game", "seats", "variant", "first", "shuffles", "to_move",
                                      "card", "pawns", "discard", "history", "last_move",
                                      "forfeit")}
    data["seed"] = seed
    data["draw"] = None
    state = from_dict(data)
    # The sample above counted one more shuffle; the public count stays as the view says.
    if state.shuffles != data["shuffles"]:
        state = SanctuaryState(state.seats, state.first, state.seed, data["shuffles"], state.pawns,
                               state.turn, state.card, state.draw, state.discard, state._history,
                               state._last, state._forfeited)
    return state


INFO = GameInfo(
    id="sanctuary", title="Sanctuary", min_seats=2, max_seats=4, variants=VARIANTS,
    default_variant=VARIANTS[0], layouts=(), new=new, from_dict=from_dict, from_view=from_view,
    first_option=True, chance=True, colours=COLOURS,
    seat_colours=((2, tuple(COLOURS[s] for s in SIDES[2])), (3, tuple(COLOURS[s] for s in SIDES[3]))),
    # The seed: "After two minutes without a seat heartbeat, a computer may take its turn until it
    # reconnects. If the lobby host is absent for two minutes, the earliest connected human may
    # start. A rematch online creates a fresh room and invitation."
    online=(("stand_in_after", 120.0), ("lobby_host_absent_after", 120.0), ("fresh_room_rematch", True)),
)

"""What the home screen shows before the engine is up: titles, blurbs, modes, layouts.

Presentation only (no rules). tests/app/test_catalog.py checks it against parlor.rules so the
two cannot drift apart.
"""

GAMES = [
    {
        "id": "ataxx",
        "title": "Ataxx",
        "blurb": "Clone or jump on a 7×7 board; every enemy piece you land next to turns yours.",
        "colours": ["Red", "Blue"],
        "score_label": "pieces",
        "setup": "presets",
        "modes": [
            {"id": "solo", "title": "Solo", "hint": "You against the computer",
             "variant": "solo", "seats": ["human", "ai"]},
            {"id": "local", "title": "Local", "hint": "Two people, one device",
             "variant": "standard", "seats": ["human", "human"]},
            {"id": "watch", "title": "Watch", "hint": "Computer against computer",
             "variant": "standard", "seats": ["ai", "ai"]},
        ],
        "layouts": ["Open", "Centre cross", "Four pillars", "Corridors", "Diamond"],
        "rules": [
            "Select your piece, then an empty target.",
            "Place: one square away, diagonals too; your piece stays.",
            "Jump: two squares away; your original square empties.",
            "Every opposing piece next to the target becomes yours. No chain reaction.",
            "Solo: a player who cannot move loses at once. Local: you pass instead.",
            "The game ends when the board is full, nobody can move, or a player has no pieces.",
            "Three repeated positions or 80 jumps without a capture end it by count.",
            "Most pieces wins. Each turn lasts 30 seconds; timeout loses. Pause stops the clock.",
        ],
    },
]

GAMES.append({
    "id": "runners",
    "title": "Runners",
    "blurb": "Move your runners. Claim the space between. First to 7 wins.",
    "colours": ["Orange", "Blue", "Jade", "Violet"],
    "score_label": "points",
    "modes_label": "Players",
    "setup": "seats",
    "modes": [
        {"id": "2p", "title": "2", "hint": "Two players, free-for-all. First to 7 wins.",
         "variant": "ffa", "seats": 2},
        {"id": "3p", "title": "3", "hint": "Three players, free-for-all. First to 7 wins.",
         "variant": "ffa", "seats": 3},
        {"id": "4p", "title": "4", "hint": "Four players, free-for-all. First to 7 wins.",
         "variant": "ffa", "seats": 4},
        {"id": "2v2", "title": "2v2", "hint": "Orange + Jade against Blue + Violet. 12 wins as a team.",
         "variant": "2v2", "seats": 4},
    ],
    "rules": [
        "Move your runners. Claim the space between. First to 7 wins; 12 as a team.",
        "Step: move one of your runners to an adjacent space without a runner.",
        "Leap: jump straight over one adjacent runner of any colour to the empty space beyond.",
        "After you land, look in all six directions from the runner you moved: a friendly runner "
        "two spaces away with no runner between claims the middle space.",
        "An opponent's territory switches to you; your team's stays as it is.",
        "Each space is worth 1 point; the centre ✦ is worth 2. Orange takes the first turn.",
        "Pass only if none of your runners can move. After 20 rounds the highest score wins.",
    ],
})

GAMES.append({
    "id": "sanctuary",
    "title": "Sanctuary",
    "blurb": "Race your four pawns to Finish: draw a card, make one complete move, send rivals home.",
    "colours": ["Red", "Blue", "Yellow", "Green"],
    "seat_colours": {2: ["Red", "Yellow"], 3: ["Red", "Blue", "Yellow"]},  # by side: two sit opposite
    "score_label": "pawns home",
    "modes_label": "Teams",
    "room_setup": ["Choose your table and your company.",
                   "Two-player games use opposite teams. “Human” seats in an online room are "
                   "reserved for friends; computers fill only seats you select."],
    "room_rules": "Keep your seat token private. Refresh reconnects your seat in the same browser. "
                  "After two minutes without a seat heartbeat, a computer may take its turn until it "
                  "reconnects. If the lobby host is absent for two minutes, the earliest connected "
                  "human may start. Rooms expire after 24 hours without a completed action or lobby "
                  "change. A rematch online creates a fresh room and invitation.",
    "setup": "seats",
    "modes": [
        {"id": "2t", "title": "2", "hint": "Two teams, sitting opposite.", "variant": "standard", "seats": 2},
        {"id": "3t", "title": "3", "hint": "Three teams.", "variant": "standard", "seats": 3},
        {"id": "4t", "title": "4", "hint": "Four teams.", "variant": "standard", "seats": 4},
    ],
    "rules": [  # the seed's own sentences (shared/seeds/002), with the track and the deck spelled out
        "Race your four pawns to Finish before anyone else. Each turn, draw one card and choose one "
        "complete legal action. No card gives another turn.",
        "Launch places a pawn on your team’s arrow. Move clockwise around the shared track. Pass any "
        "pawn, but never stop on your own pawn. Land on a rival to send it to Launch. Finish accepts "
        "all four of your pawns, with an exact count.",
        "The track has 60 spaces, 15 on each team's side. Your arrow is the fifth space of your "
        "side, your entry crossing the third.",
        "Sanctuary is private. Only your team enters its four spaces. Pawns there and in Finish "
        "cannot be captured or swapped. You cannot step beyond Finish.",
        "When a forward move reaches your team's entry crossing, turn into the first Sanctuary "
        "space instead of continuing around the track. This also applies after Switcheroo or "
        "Gotcha! has moved your pawn. Continue through the four private Sanctuary spaces to Finish, "
        "using an exact count. An overshoot or blocked landing is illegal; it never sends the pawn "
        "around again.",
        "A swap or Gotcha! placement lands on the shared track; it does not itself enter Sanctuary. "
        "A backward move never enters Sanctuary. Backstep 3 may move any track pawn backward, "
        "including a newly launched pawn on its arrow. It can pass behind that arrow as a shortcut: "
        "a later forward move turns into Sanctuary at your entry crossing. A pawn still waiting in "
        "Launch cannot use Backstep.",
        "The deck has 60 cards, five of each: 1, 2, Backstep 3, 4, 5, Six, 7, 8, 10, 12, Switcheroo "
        "and Gotcha!. 1 and 2 launch or move forward; 4, 5, 7, 8, 10 and 12 move one pawn forward "
        "that many; Backstep 3 moves one of your track pawns back 3; Switcheroo swaps one of your "
        "track pawns with a rival's; Gotcha! takes a pawn from Launch onto a rival, which goes to "
        "its Launch.",
        "Move one active pawn six, or two different active pawns a positive number of steps "
        "totaling six. The displayed order matters: the first move may clear a space or capture a "
        "pawn before the second. Only complete legal pairs are offered. Both destinations and "
        "captures are previewed; Confirm commits both together.",
        "Tap a glowing pawn and a glowing destination, or use the move list. Confirm completes your "
        "choice; Cancel lets you choose again. Pass appears only when no legal action exists. Pawns "
        "in Launch need a launch-capable card, except Gotcha! can replace a rival.",
        "The 60-card deck is shuffled; used cards are reshuffled only when the draw pile runs out. "
        "Computers see the present board and card, never the future deck.",
        "A closer look at the board. Drag to look around; pinch or use Zoom in and Zoom out. Only "
        "the board changes size. Whole board shows the table, and Readable view returns to your "
        "chosen zoom. Recenter returns to the current move and resumes following play. Your phone "
        "zoom is remembered separately from the game and desktop view.",
        "Your sound preference is saved on this device. Animation follows your device’s "
        "reduced-motion setting.",
    ],
})

COLOUR_HEX = {
    "Red": "#d64541", "Blue": "#2f6fd6", "Yellow": "#d9a400", "Green": "#2e9d5b",
    "Orange": "#e07a1f", "Jade": "#1c9a72", "Violet": "#8a4fd6",
}
"""Every seat colour a game names, for the page's CSS (--c0…--c3)."""

LEVELS = [("easy", "Easy"), ("medium", "Medium"), ("hard", "Hard")]


def seat_colours(game, count):
    """The colour of each seat at a table of `count` seats: the game's own list for that count
    (Sanctuary seats its teams by side), else the first `count` of its colours."""
    return game.get("seat_colours", {}).get(count) or game["colours"][:count]


def mode(game, mode_id):
    """One of `game`'s modes by its id (KeyError if it has none of that id)."""
    for entry in game["modes"]:
        if entry["id"] == mode_id:
            return entry
    raise KeyError(mode_id)


def game(game_id):
    for entry in GAMES:
        if entry["id"] == game_id:
            return entry
    raise KeyError(game_id)

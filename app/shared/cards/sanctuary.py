"""Sanctuary's card on the home screen and its help."""

from cards import mode

CARD = {
    "blurb": "Race your four pawns to Finish: draw a card, make one complete move, send rivals home.",
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
    "modes": [
        mode("2t", "2", "Two players on opposite sides, four pawns each.", 2, "standard"),
        mode("3t", "3", "Three players, four pawns each.", 3, "standard"),
        mode("4t", "4", "Four players, four pawns each.", 4, "standard"),
    ],
    "rules": [  # the users' rules text's own sentences, the track and deck spelled out (docs/sanctuary.md)
        "Race your four pawns to Finish before anyone else. Each turn, draw one card and choose one "
        "complete legal action. No card gives another turn.",
        "Launch places a pawn on your team’s arrow. Move clockwise around the shared track. Pass any "
        "pawn, but never stop on your own pawn. Land on a rival to send it to Launch. Finish accepts "
        "all four of your pawns, with an exact count.",
        "The track has 60 spaces, T0 to T59 clockwise (the arrows on the board), 15 on each "
        "team's side. Your arrow is the fifth space of your side, your entry crossing the third. "
        "L is your Launch, S1 to S4 your Sanctuary, F your Finish.",
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
        "choice; Cancel lets you choose again. When no legal action exists, the turn passes by "
        "itself after a moment (Pass does it at once). Pawns in Launch need a launch-capable card, except Gotcha! can replace a rival.",
        "The 60-card deck is shuffled; used cards are reshuffled only when the draw pile runs out. "
        "Computers see the present board and card, never the future deck.",
        "A closer look at the board. Drag to look around; pinch or use Zoom in and Zoom out. Only "
        "the board changes size. Whole board shows the table, and Readable view returns to your "
        "chosen zoom. Recenter returns to the current move and resumes following play. Your phone "
        "zoom is remembered separately from the game and desktop view.",
        "Your sound preference is saved on this device. Animation follows your device’s "
        "reduced-motion setting.",
    ],
}

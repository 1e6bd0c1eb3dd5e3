"""Gems's card on the home screen and its help: the users' rules text's own words."""

from cards import mode

CARD = {
    "blurb": "ConHex: place gems in the holes, claim the cells around them, and join your two "
             "edges with a chain of your cells.",
    "score_label": "cells",
    "modes_label": "Rules",
    "modes_layout": "pairs",
    "modes": [  # each plays the variant of its id, two seats
        mode("standard", "Standard",
             "With the pie rule, as played online: Blue may take Red's first gem as their own."),
        mode("no-pie", "No pie", "Without the pie rule: Red's first gem stays Red's."),
        mode("handicap-2", "Handicap 2",
             "Red, the weaker player, places two gems before alternating play. No pie rule."),
        mode("handicap-3", "Handicap 3",
             "Red, the weaker player, places three gems before alternating play. No pie rule."),
    ],
    "rules": [
        "Connect your two opposite edges with an unbroken chain of cells in your colour. Red, the "
        "starting player (★), connects top and bottom; Blue connects left and right. Corner cells "
        "touch both adjoining edges. There is always a winner: a draw is impossible.",
        "A turn: place one gem in any empty hole. Claim the cells your gems now hold enough of; a "
        "single gem can claim up to three cells. If your cells join your two edges, you win; "
        "otherwise the other player takes a turn.",
        "The board has 69 holes and 41 cells. Most holes touch three cells; the four outer corner "
        "holes and the centre hole touch one each.",
        "A cell becomes yours the moment you are the first to hold half of its holes: 2 of 3 for "
        "edge and corner cells, 3 of 6 for inner cells, 3 of 5 for the centre cell (its middle "
        "hole counts like any other). A cell never changes hands.",
        "The pie rule (Standard): after Red's first gem, Blue may use their turn to take that gem "
        "as their own instead of placing one: tap the first gem or Swap. Red moves next, and the "
        "directions do not change. So choose a first move you would be willing to give away.",
        "Handicap: the weaker player takes Red and places two or three gems before normal "
        "alternating play begins. In a series, alternate who starts: Rematch gives the other "
        "player the first move.",
        "Tap a free hole to place a gem. With Confirm moves on (the default on a touch screen) "
        "the gem waits for Confirm; tap it again or Cancel to take it back.",
        "Claimed cells take their owner's colour, striped along the way the owner joins; Red's "
        "gems carry ●, Blue's ■, and a small star marks the latest gem. Your own connection first runs top to bottom; Mirror flips the board "
        "diagonally (A1 stays upper left and every hole keeps its name). Colours and the "
        "orientation are kept on this device.",
        "Keyboard: arrow keys move between holes, Enter or Space places (and confirms), Escape "
        "takes a waiting gem back. Select a move in the log to locate its hole on the board.",
    ],
}

"""Hex Chains's card on the home screen and its help."""

from cards import mode

CARD = {
    "blurb": "Lay chains of hex pieces that touch only at a point; the most hexes placed wins.",
    "score_label": "hexes placed",
    "modes_label": "Players",
    "modes_layout": "wrap",
    "modes": [
        mode("2x2", "2×2", "Two players, two colours each: Red & Yellow against Orange & Green, "
                           "inside the blue lines."),
        mode("2x3", "2×3", "Two players, three colours each: Red, Yellow & Blue against Orange, "
                           "Green & Purple, on the whole board."),
        mode("3p", "3", "Three players, one colour each, inside the red lines.", 3, "standard"),
        mode("4p", "4", "Four players, one colour each, inside the blue lines.", 4, "standard"),
        mode("5p", "5", "Five players on the whole board; first you pick and place Purple's pieces "
                        "as obstacles.", 5, "standard"),
        mode("5q", "5 quick", "Five players on the whole board, Purple's obstacles already laid out.",
             5, "quick"),
        mode("6p", "6", "Six players, one colour each, on the whole board.", 6, "standard"),
    ],
    "rules": [
        "Each colour has the same 18 pieces of 1 to 5 hexes, 72 hexes in all. Colours take turns "
        "in a fixed order, Red first; on its turn a colour places one of its pieces, turned and "
        "flipped as you like, on empty hexes of the play area.",
        "The first piece of each colour covers its starting hex (marked with the colour's sign).",
        "A piece never shares an edge with a piece of its own colour; other colours may touch it.",
        "Every later piece must link to its own colour: one of its hexes two steps from one of "
        "that colour's hexes, not in a straight line, where the two hexes meet at a point across "
        "one edge. The dots on the board are the hexes the colour to move can link through.",
        "A link is blocked when both hexes on either side of it are one piece of another colour; "
        "two different pieces there do not block.",
        "A colour that cannot place a piece is out for good. The game ends when no colour can "
        "place; the player who placed the most hexes (all their colours together) wins, ties share.",
        "Two players play two colours each inside the blue lines, or three each on the whole "
        "board; you move for whichever of your colours is up.",
        "Five players: first each picks three of Purple's 15 pieces in turn, then each places "
        "them as obstacles: each covers one hex of the second ring from the rim (dashed) and "
        "heads towards the centre, at most three between two starting hexes. Whoever placed the "
        "last obstacle moves first. The quick start lays a fair set of obstacles for you.",
        "To place: pick a piece below the board, tap a hex — the piece goes there, turned to a "
        "way it fits if there is one — turn (↺ ↻) or flip (⇋) it, tap it again for another way "
        "through that hex, then Confirm. A green ✓ fits; a red ✕ does not.",
        "Keys: arrows move the piece, R turns (Shift+R back), F flips, N next fit, P next piece, "
        "L next link point, Enter places, Escape drops the piece.",
        "Drag to look around the board; pinch or use Zoom in and Zoom out. Whole board shows it "
        "all, Recenter returns to your colour's latest piece.",
    ],
}

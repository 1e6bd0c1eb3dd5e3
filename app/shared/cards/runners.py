"""Runners's card on the home screen and its help."""

from cards import mode

CARD = {
    "blurb": "Step or leap your runners on a board of hexes: a hex between two of your runners "
             "becomes yours. First to 7 points wins.",
    "score_label": "points",
    "modes_label": "Players",
    "modes": [
        mode("2p", "2", "Two players, free-for-all. First to 7 wins.", 2, "ffa"),
        mode("3p", "3", "Three players, free-for-all. First to 7 wins.", 3, "ffa"),
        mode("4p", "4", "Four players, free-for-all. First to 7 wins.", 4, "ffa"),
        mode("2v2", "2v2", "Orange + Jade against Blue + Violet. 12 wins as a team.", 4),
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
}

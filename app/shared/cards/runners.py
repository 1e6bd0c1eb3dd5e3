"""Runners's card on the home screen and its help: presentation only (its facts are on its
GameInfo, py/rules/runners.py)."""

CARD = {
    "blurb": "Move your runners. Claim the space between. First to 7 wins.",
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
}

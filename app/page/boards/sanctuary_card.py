"""Sanctuary's drawn-card panel above the board (not the home screen's card, which is
app/shared/cards/sanctuary.py): the card's name and text, a hint, what the last turn played, and
Draw a card; and `action_words`, a turn or a move in words."""

from dom import button, el, show


def action_words(colours, effect, move):
    """An action's effect in words ("T12 → T16, then T10 → T12 · sends Yellow on T16 to
    Launch"), from a preview or a last move: its steps, captures and the swapped rival."""
    words = ", then ".join(a + " → " + b for a, b in effect.get("steps") or []) or move
    captures = effect.get("captures") or []
    if captures:
        words += " · sends " + ", ".join(colours[s] + " on " + space for s, space in captures) + " to Launch"
    if effect.get("swapped"):
        seat, space = effect["swapped"]
        words += " · " + colours[seat] + "'s pawn there goes to " + space
    return words


def played(colours, last):
    """The turn just played, card and all: "Red played Six: T12 → T16, then T10 → T12"."""
    who, card = colours[last["seat"]], last.get("card") or ""
    if last["kind"] == "pass":
        return who + " passed with " + card
    return who + " played " + card + ": " + action_words(colours, last, last["move"])


class CardPanel:
    def __init__(self, parent, on_draw):
        self.node = el("div", "card-drawn", parent=parent, aria_live="polite")
        self.name = el("strong", "card-name", "", self.node)
        self.text = el("span", "card-text", "", self.node)
        self.hint = el("span", "card-hint", "", self.node)
        self.last = el("span", "card-last", "", self.node)  # what the last turn played
        self.draw_button = button(self.node, "Draw a card", on_draw, "btn primary")

    def draw(self, view, can_draw, keep_focus):
        """The card of `view`; Draw a card when `can_draw` (`keep_focus()` if it hides while
        focused)."""
        card = view.get("card")
        drawing = view.get("phase") == "draw"
        to_move = view.get("to_move")
        self.name.textContent = card or "No card"
        if view.get("card_text") or not drawing or to_move is None:
            self.text.textContent = view.get("card_text") or ""
        else:  # the seed's words for the one who draws; the others see who does
            self.text.textContent = ("Draw a card to begin." if can_draw
                                     else view["colours"][to_move] + " draws next.")
        last = view.get("last_move") or {}
        self.last.textContent = played(view["colours"], last) if drawing and last.get("kind") else ""
        self.node.classList.toggle("empty", not card)
        if not can_draw and self.draw_button.matches(":focus"):
            keep_focus()
        show(self.draw_button, can_draw)

    def set_hint(self, text):
        self.hint.textContent = text

"""The rules page (``GET /api/help``): the full rules of Spider and Spiderette, the scoring
profiles and the controls, every paragraph a message so that it reads the same in each language."""

from __future__ import annotations

from typing import Any

from .engine import ENGLISH, N_, Translations

TITLE = N_("How to play Spider and Spiderette")

SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        N_("The aim"),
        (
            N_(
                "Spider and Spiderette are patience games for one player. The aim is to build sequences of thirteen "
                "cards of one suit, from king down to ace. Each finished sequence leaves the table, and when all of "
                "them are gone you have won."
            ),
            N_(
                "Spider is played with two decks (104 cards) and has eight sequences to complete. Spiderette is its "
                "one-deck cousin, with 52 cards and four sequences. Cards move by the same rules in both games."
            ),
        ),
    ),
    (
        N_("Suits and levels"),
        (
            N_(
                "Before a game you choose how many suits the cards have. This changes which cards are in play, never "
                "how many: with 1 suit (Easy) every card is a spade; with 2 suits (Medium) half of the cards are "
                "spades and half are hearts; with 4 suits (Hard) the game uses ordinary decks."
            ),
            N_(
                "In Spider with 2 or 4 suits you also choose between the classic rules (the default) and the relaxed "
                "rules; the difference is explained under moving groups. With 1 suit every card has the same suit, "
                "so the choice would change nothing and is not offered. Spiderette is always played by the classic "
                "rules."
            ),
            N_(
                "You may also ask for a winnable deal, one the solver has proved can be won, of a grade: easy, "
                "medium, hard or expert. The grade is measured by how far a player who never peeks gets on the deal, "
                "compared with the other winnable deals of its level, so each grade holds about a quarter of them. "
                "The grade shows beside the game code, in the history and, with your win rate, in the statistics."
            ),
        ),
    ),
    (
        N_("The layout"),
        (
            N_(
                "Spider: the cards are dealt into ten columns, six cards in each of the first four columns and five "
                "in each of the other six, 54 cards in all. The other 50 cards form the stock, enough for five deals "
                "of ten cards."
            ),
            N_(
                "Spiderette: the cards are dealt into seven columns holding 1, 2, 3, 4, 5, 6 and 7 cards from left to "
                "right, 28 cards in all, as at the start of Klondike. The other 24 cards form the stock: three deals "
                "of seven cards and a last deal of three."
            ),
            N_("In both games only the last card of each column lies face up; the cards under it lie face down."),
        ),
    ),
    (
        N_("Placing a card"),
        (
            N_(
                "A face-up card can be placed on the last card of another column if that card is exactly one rank "
                "higher. The suit does not matter: the 9 of hearts goes on the 10 of spades, a queen on a king."
            ),
            N_(
                "The ace is the lowest card and the king the highest. Nothing can be placed on an ace, and a king can "
                "only move into an empty column."
            ),
        ),
    ),
    (
        N_("Moving groups"),
        (
            N_(
                "Several face-up cards at the end of a column move together if their ranks go down one step at a "
                "time, for example 8, 7, 6. A group is placed by the rule for its first card, and there is no limit "
                "on its length."
            ),
            N_(
                "Under the classic rules the cards of a group must also be of one suit; a run of mixed suits has to "
                "be taken apart card by card. Under the relaxed rules a descending run of mixed suits moves as well."
            ),
        ),
    ),
    (
        N_("Empty columns"),
        (
            N_(
                "Any card, or any group that may move, can go into an empty column; it does not have to be a king. "
                "An empty column is the most useful place in the game: put a card there for a while to uncover "
                "another one."
            ),
        ),
    ),
    (
        N_("Turning cards over"),
        (
            N_(
                "When the last face-up card leaves a column that still has face-down cards, the new last card turns "
                "face up at once, as part of the same move."
            ),
        ),
    ),
    (
        N_("Dealing"),
        (
            N_(
                "Click the stock to deal: one face-up card goes onto every column, from the first to the last. In "
                "Spiderette the fourth and last deal has only three cards, which go onto columns 1 to 3."
            ),
            N_(
                "You cannot deal while any column is empty: put a card into it first. When no deals are left, you "
                "play on with the cards on the table."
            ),
        ),
    ),
    (
        N_("Completed sequences"),
        (
            N_(
                "When a column ends with thirteen face-up cards of one suit running from king down to ace, they leave "
                "the table by themselves right after the move or deal that completed them. One deal can complete "
                "several sequences at once. The card under a removed sequence turns face up."
            ),
            N_(
                "Only a sequence of one suit is removed, under the relaxed rules too. A removal does not count as a "
                "move."
            ),
        ),
    ),
    (
        N_("Winning"),
        (
            N_("You win when all the sequences have been removed: eight in Spider, four in Spiderette."),
            N_(
                "The game never tells you that you are stuck. When no move helps any more, you decide whether to "
                "restart the same deal or start a new one. Leaving a game that has at least one action and is not "
                "won for a new deal counts as a loss at its level."
            ),
        ),
    ),
    (
        N_("Scoring"),
        (
            N_(
                "When you start a game you choose one of three scoring profiles. The profile also sets how many "
                "actions you can undo."
            ),
            N_(
                "Standard (the default): you start with 500 points. Every move and every deal costs 1 point, and "
                "every removed sequence earns 100 points. In Spider the score never goes below 0: it stops at 0 and "
                "counts on from there. In Spiderette there is no lower limit, so the score can become negative. You "
                "can undo the last 100 actions."
            ),
            N_(
                "For example, a Spiderette game won in 53 moves scores 500 − 53 + 400 = 847 points, and a Spider game "
                "won in 117 moves whose score never fell to 0 scores 500 − 117 + 800 = 1183 points."
            ),
            N_(
                "Timed: you start with 0 points. Every move or deal earns 10 points, and every completed sequence 10 "
                "more. Every full 30 seconds of play costs 30 points, but the score never goes below 0. A win adds a "
                "time bonus: 600,000 divided by the number of seconds played. You can undo as far back as the start; "
                "an undo takes back the points that the undone action earned and itself counts as a move worth 10 "
                "points."
            ),
            N_(
                "Moves only: no score is kept; the status bar shows the number of moves and of completed sequences. "
                "You can undo as far back as the start."
            ),
            N_(
                "The move counter counts moves and deals, and in the timed profile undos as well. Pausing the game "
                "stops the clock and hides the table."
            ),
            N_("The clock starts with your first move or deal: looking at a new deal takes no time."),
        ),
    ),
    (
        N_("Taking moves back"),
        (
            N_(
                "Undo takes back the last move or deal exactly: the cards go back, a card that was turned face up "
                "turns face down again, a removed sequence returns, and the score and the move count return to what "
                "they were (the timed profile works as described above). Use the Undo button or press Ctrl+Z (Cmd+Z "
                "on a Mac)."
            ),
            N_(
                "Redo in the menu, Ctrl+Y or Ctrl+Shift+Z plays again what Undo took back, until you play a different "
                "move or deal. It counts like the move it plays again."
            ),
        ),
    ),
    (
        N_("Game codes"),
        (
            N_(
                "Every deal has a code, shown during the game and easy to copy. A Spider code looks like "
                "SP1-S2C-ABCDEFG and a Spiderette code like SD1-S4-ABCDEFG: the digit after S is the number of "
                "suits; in Spider it is followed by C for the classic or R for the relaxed rules; the last seven "
                "letters choose the shuffle."
            ),
            N_(
                "Enter a code in the new game dialog to play exactly that deal again or to play the same deal as a "
                "friend: a code always deals the same cards. Restart plays the current deal again from the "
                "beginning."
            ),
            N_(
                "Share this deal in the menu copies a link to the deal; opening the link starts the same cards. "
                "Starting another deal while a game is in progress counts that game as a loss, so you are asked "
                "first."
            ),
            N_(
                "A code shows the whole deck to anyone who has it: every card of the deal, the face-down ones "
                "too, can be found from it. A code is for sharing a deal, not for proving a result: a score on a "
                "shared code says nothing about how the game was played."
            ),
        ),
    ),
    (
        N_("Moving cards"),
        (
            N_(
                "Drag a card, together with the cards on it, and drop it on another column. While you drag, the "
                "columns that can take it are highlighted."
            ),
            N_(
                "Double-click or double-tap a card to send it, with the cards on it, to the best column: onto a card "
                "one rank higher of the same suit if there is one, otherwise onto a card one rank higher of another "
                "suit, otherwise into an empty column. Among equal columns the leftmost one wins."
            ),
            N_("Without dragging: click or tap a card to select it, then click or tap the column where it should go."),
            N_(
                "A move that breaks a rule is refused: the cards shake and go back, and a short line says which rule "
                "stopped them."
            ),
            N_(
                "In the settings you can turn off the double-click move and the highlighting of columns, choose "
                "whether a single tap sends a card to the best column (on a touch screen it does until you choose; "
                "turn it off to select with a tap instead), and turn on automatic placement, which sends a card "
                "dropped where it cannot go to the best column."
            ),
        ),
    ),
    (
        N_("Keyboard"),
        (
            N_("The arrow keys and Tab move between columns and cards."),
            N_(
                "Enter or Space picks up the card in focus together with the cards on it; press Enter or Space on "
                "another column to put them there. Esc cancels."
            ),
            N_("D deals from the stock, Ctrl+Z (Cmd+Z on a Mac) undoes the last action, and H shows a hint."),
            N_("F presses Finish, once no card is face down and the stock is empty."),
            N_(
                "Pressing Enter twice on a card sends it, with the cards on it, to the best column. T reads out a "
                "description of the whole table, and ? opens this help."
            ),
        ),
    ),
    (
        N_("Hints and the solver"),
        (
            N_("Press H or the Hint button to see a good next move. A hint looks only at the face-up cards."),
            N_(
                "For a deeper hint, press Shift+H or choose Deeper hint in the menu. It guesses the face-down cards "
                "many times over and plays ahead on each guess, so it can take a second or two; it does not look at "
                "them either."
            ),
            N_(
                "The solver tells whether the deal can still be won. It looks at the face-down cards, so it works only "
                "when you ask it to."
            ),
            N_(
                "Because the solver knows more than you can see, asking it makes the game assisted: from then on it "
                "counts apart, not in your win rate, streaks or bests. Hints, the deeper hint and the demo never do: "
                "they see only what you see."
            ),
            N_(
                "Once no card is face down and the stock is empty, a Finish button (or F) plays the rest of the game "
                "for you, move by move, along a line the solver found. Nothing is hidden any more, so it uses only "
                "what you see: the game is not assisted, and a perfect game stays perfect. If no win is possible "
                "from there, Finish says so. Press Esc or touch the table to take over. On a daily deal its moves "
                "count as yours and the server's clock runs on while they are played: the result is ranked as usual."
            ),
            N_(
                "A perfect game is a win with no undo, no hint (nor the deeper hint or the demo) and no solver. "
                "Your statistics count perfect wins and the best run of them for each level."
            ),
        ),
    ),
    (
        N_("Daily deals"),
        (
            N_(
                "Daily deals offers one new deal a day for each level: Spider and Spiderette with 1, 2 and 4 suits, "
                "classic rules, standard scoring. Everyone gets the same deals, and the solver proved each one "
                "winnable before it was offered. A new day starts at midnight UTC."
            ),
            N_(
                "Your first game of a daily deal is the one that counts: it is won when you win it, and lost when "
                "you start any other game before winning it. A game still being played when its day ends never "
                "counts. Later games of the same deal are practice: they never reach the leaderboard."
            ),
            N_(
                "Each deal has a leaderboard: wins first, by fewer moves, then less time; then losses, by more "
                "sets completed, more cards turned face up, then fewer moves. Moves count every action, undos "
                "included, and the time is the server's, from your first action. A game in which you asked the "
                "solver or the deeper hint is assisted: it is listed apart and never ranked (on a daily deal the "
                "deeper hint counts as help). The Hint button does not. New players join the boards the day "
                "after they first play, and a win played faster than a person plays is listed apart until it is "
                "reviewed."
            ),
            N_(
                "While the day lasts nothing shows the deal's cards. When it is over, the deal and a winning line "
                "are shown: you can play the deal again, watch the winning line step by step and review your games "
                "of it."
            ),
        ),
    ),
)


def help_page(tr: Translations = ENGLISH) -> dict[str, Any]:
    """``{"title", "sections": [{"title", "paragraphs": [...]}]}`` in the language of ``tr``."""
    return {
        "title": tr.gettext(TITLE),
        "sections": [
            {"title": tr.gettext(title), "paragraphs": [tr.gettext(p) for p in paragraphs]}
            for title, paragraphs in SECTIONS
        ],
    }

// What a screen reader hears: the polite live region, the visible reminder, and the sentence
// that tells what an action did (describeEvents is pure, so node --test covers it).
import { $ } from "../core/dom.js";
import { t, tn } from "../core/i18n.js";
import { state, update } from "../core/state.js";
/** @import { GameView } from "../api" */
import { cardName } from "./cards.js";

// state.speech: the sentence about to be written (`waiting`, while its `timer` runs) and the
// reminder's timer.
const speech = (/** @type {Partial<typeof state.speech>} */ change) => update({ speech: { ...state.speech, ...change } });

/** @param {string} text */
export function announce(text) {
  const live = $("live");
  live.textContent = "";
  clearTimeout(state.speech.timer);
  // emptied first and refilled a moment later, so the same sentence twice is read twice
  const timer = setTimeout(() => {
    speech({ waiting: null });
    live.textContent = text;
  }, 60);
  speech({ waiting: text, timer });
}

/** Say more about what was just said (what the server's answer adds to a move shown at once): it
 * joins the sentence not yet written, or is added after it, so only the new words are read.
 * @param {string} text */
export function announceMore(text) {
  if (!text) return;
  const { waiting } = state.speech;
  if (waiting !== null) {
    announce(`${waiting} ${text}`);
    return;
  }
  const live = $("live");
  live.append(live.textContent ? ` ${text}` : text);
}

/** @param {string} text @param {{speak?: boolean}} [how] */
export function remind(text, { speak = true } = {}) {
  const box = $("reminder");
  box.textContent = text;
  box.hidden = false;
  box.classList.remove("show");
  void box.offsetWidth; // restart the CSS animation
  box.classList.add("show");
  clearTimeout(state.speech.reminder);
  // long enough to read: 4.5 s, and more for a long message (about 15 characters a second)
  speech({ reminder: setTimeout(() => {
    box.hidden = true;
  }, Math.max(4500, 2000 + 65 * text.length)) });
  if (speak) announce(text);
}

/** Take the message away (an action was played: a hint or a refusal it answered is out of date). */
export function clearReminder() {
  clearTimeout(state.speech.reminder);
  $("reminder").hidden = true;
}

/** @param {string[]} cards @param {{onto?: string | null, to?: number}} ev */
function describeMove(cards, ev) {
  const card = cardName(cards[0]);
  const more = cards.length - 1;
  if (ev.onto) {
    const onto = cardName(ev.onto);
    return more
      ? tn("Moved {card} and {n} card on it onto {onto}.", "Moved {card} and {n} cards on it onto {onto}.",
        more, { card, onto })
      : t("Moved {card} onto {onto}.", { card, onto });
  }
  const column = ev.to;
  return more
    ? tn("Moved {card} and {n} card on it to empty column {column}.",
      "Moved {card} and {n} cards on it to empty column {column}.", more, { card, column })
    : t("Moved {card} to empty column {column}.", { card, column });
}

/** @param {string} suit */
function describeCompleted(suit) {
  if (suit === "H") return t("A sequence of hearts is complete and leaves the table.");
  if (suit === "D") return t("A sequence of diamonds is complete and leaves the table.");
  if (suit === "C") return t("A sequence of clubs is complete and leaves the table.");
  return t("A sequence of spades is complete and leaves the table.");
}

/** What only the server could tell of an action: the cards it turned up, the sequences it
 * completed and the win (a move shown before the answer says none of it).
 * @param {any} ev @param {GameView} view */
export function describeOutcome(ev, view) {
  if (!ev) return "";
  const parts = [];
  for (const r of ev.revealed || []) {
    parts.push(t("Revealed {card} in column {column}.", { card: cardName(r.card), column: r.column }));
  }
  for (const c of ev.completed || []) parts.push(describeCompleted(c.suit));
  if (ev.won || view.won) parts.push(t("You won!"));
  return parts.join(" ");
}

/** One sentence for the events of an action (the "events" of an action's answer) on `view`.
 * @param {any} ev @param {GameView} view */
export function describeEvents(ev, view) {
  if (!ev) return "";
  const parts = [];
  const cards = Array.isArray(ev.cards) ? ev.cards : [];
  if (ev.kind === "move" && cards.length) {
    parts.push(describeMove(cards, ev));
  } else if (ev.kind === "deal") {
    parts.push(tn("Dealt {n} card.", "Dealt {n} cards.", cards.length || view.columns.length));
  } else if (ev.kind === "undo") {
    parts.push(t("Undid the last action."));
    if (ev.hidden) parts.push(tn("{n} card turned face down.", "{n} cards turned face down.", ev.hidden));
  }
  const outcome = describeOutcome(ev, view);
  if (outcome) parts.push(outcome);
  return parts.join(" ");
}

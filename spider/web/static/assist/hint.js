// The hint: asks the server for a good next action (from what the player sees), marks its cards
// and target column until the table changes, Esc is pressed, a dialog opens or the language
// changes, and says it in words.
import { api as serverApi, ApiError } from "../core/api.js";
import { $ } from "../core/dom.js";
import { t } from "../core/i18n.js";
import { needsConnection } from "../core/offline.js";
import { state, subscribe } from "../core/state.js";
import { settled } from "../play/actions.js";
import { cardName } from "../table/cards.js";
import { announce, remind } from "../table/speech.js";

export const active = (v) => Boolean(v) && v.status === "active" && !v.won;
export const serverMessage = (error, fallback) =>
  (error instanceof ApiError && error.body && error.body.message) || fallback;

function clearHintMarks() {
  for (const node of document.querySelectorAll(".hint-card, .hint-target, .hint-stock")) {
    node.classList.remove("hint-card", "hint-target", "hint-stock");
  }
}

// What a screen reader hears besides the server's message: which cards go where, by name.
function hintDetail(v, move) {
  const from = v.columns[move.column - 1];
  const onto = v.columns[move.to - 1];
  if (!from || !onto || from.up.length < move.count) return "";
  const card = cardName(from.up[from.up.length - move.count]);
  if (!onto.up.length) return t("{card} goes to the empty column.", { card });
  return t("{card} goes onto {onto}.", { card, onto: cardName(onto.up[onto.up.length - 1]) });
}

/** The hint on the table: show(button, deep) asks for one, showAnswer(view, answer, speak) shows an
 * answer (the demo's), apply() marks it again after a redraw, forget() drops it. Made once, by
 * assist/install.js: it listens for what makes the hint go (Esc, a dialog, the language).
 * @param {{api?: typeof serverApi}} [deps] */
export function hints({ api = serverApi } = {}) {
  /** @type {{view: object, action: string, column?: number, count?: number, to?: number} | null} */
  let hinted = null; // the hint on show, for that very view
  let hintRequest = 0;

  /** Mark the hint on the table while the view is the one it was given for; else drop it. */
  function applyHint() {
    clearHintMarks();
    const v = state.view;
    // the view object itself: a move shown before the server's answer keeps the version
    if (!hinted || !v || v !== hinted.view) {
      hinted = null;
      return;
    }
    if (hinted.action === "deal") {
      $("stock").classList.add("hint-stock");
      return;
    }
    const cards = document.querySelectorAll(`#tableau .card.up[data-col="${hinted.column}"]`);
    [...cards].slice(-hinted.count).forEach((b) => b.classList.add("hint-card"));
    const target = document.querySelector(`#tableau .column[data-col="${hinted.to}"]`);
    if (target) target.classList.add("hint-target");
  }

  function forgetHint() {
    if (!hinted && !document.querySelector(".hint-card, .hint-target, .hint-stock")) return;
    hinted = null;
    applyHint();
  }

  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") forgetHint();
  });
  new MutationObserver(() => {
    if (document.querySelector("dialog[open]")) forgetHint();
  }).observe(document.body, { subtree: true, attributeFilter: ["open"] });
  subscribe((changed) => {
    if (changed.has("language")) forgetHint();
  });

  /** Show the server's hint answer ({action, message, column, count, to}) for view v. */
  function showHintAnswer(v, answer, speak = true) {
    const isMove = Boolean(answer.action) && answer.action !== "deal" && Number.isInteger(answer.column);
    const move = isMove ? { column: answer.column, count: answer.count, to: answer.to } : null;
    hinted = answer.action ? { view: v, action: answer.action, ...(move || {}) } : null;
    applyHint();
    const message = answer.message || "";
    if (!speak) return;
    remind(message, { speak: false });
    const detail = move ? hintDetail(v, move) : "";
    announce(detail ? t("Hint: {hint}. {detail}", { hint: message, detail }) : t("Hint: {hint}.", { hint: message }));
  }

  /** Ask for a hint; `button` shows that the question is on its way. A deep hint takes seconds, so
   * the player is told it is coming (the menu that holds its button has closed). */
  async function showHint(button, deep = false) {
    await settled(); // the hint is for the table the server has, so the moves on their way land first
    const v = state.view;
    if (!active(v) || state.paused) return;
    const request = ++hintRequest;
    button.setAttribute("aria-busy", "true");
    if (deep) remind(t("Thinking about a deeper hint…"));
    let answer;
    try {
      answer = await api.hint(v.id, deep);
    } catch (error) {
      if (request === hintRequest) remind(serverMessage(error, needsConnection(t("Hints need a connection."))));
      return;
    } finally {
      if (request === hintRequest) button.removeAttribute("aria-busy");
    }
    const now = state.view;
    if (request !== hintRequest || now !== v) return; // the table moved on
    showHintAnswer(v, answer);
  }

  return { apply: applyHint, forget: forgetHint, showAnswer: showHintAnswer, show: showHint };
}

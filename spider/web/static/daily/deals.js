// A day's six deals as cards: the level, its difficulty, the player's result and practice games,
// the button that plays it, the one that steps through its winning line once its day is over, and
// the one that shows its leaderboard.
import { el } from "../core/dom.js";
import { formatTime } from "../core/format.js";
import { t, tn } from "../core/i18n.js";
import { gradeName } from "../game/grade.js";
import { fairness } from "./fingerprint.js";
import { canWatch, dealAction, levelTitle } from "./plan.js";

/** A deal's difficulty is its grade, as a winnable new game's (docs/RULES.md, Grades). */
export function difficultyWord(difficulty) {
  return difficulty ? gradeName(difficulty) : t("Being prepared");
}

/** The player's counted result in words. */
export function resultText(result, isToday) {
  if (!result) return isToday ? t("Not played yet") : t("Not played");
  let text;
  if (result.state === "won") {
    text = tn("Won in {n} move, {time}", "Won in {n} moves, {time}", result.moves, { time: formatTime(result.seconds) });
  } else if (result.state === "lost") text = t("Lost");
  else text = isToday ? t("Playing") : t("Not finished");
  if (result.assisted) text = t("{result} (assisted)", { result: text });
  if (result.rank) text = t("{result}, rank {rank}", { result: text, rank: result.rank });
  return text;
}

function practiceText(practice) {
  if (!practice || !practice.played) return null;
  return tn("Practice: {n} game, {won} won", "Practice: {n} games, {won} won", practice.played, { won: practice.won });
}

const ACTION_WORDS = {
  play: () => t("Play"),
  continue: () => t("Continue"),
  practice: () => t("Practice"),
  replay: () => t("Play this deal"),
  wait: () => t("Play"),
};

/** The deal's fingerprint, short, with a button that copies it whole (or, with no clipboard, shows
 * it whole to copy by hand); once the day is over, the link to verify the deal. */
function fingerprintPart(deal, date, isToday, id) {
  const shown = fairness(deal, date, isToday);
  if (!shown) return null;
  const part = el("div", { class: "deal-fingerprint" });
  if (!shown.full) {
    part.append(el("p", { class: "muted", text: shown.note }));
    return part;
  }
  const code = el("code", { title: shown.full, text: shown.short });
  const copy = el("button", { type: "button", class: "small-button", text: t("Copy"), "aria-label": shown.copy,
    "aria-describedby": id });
  copy.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(shown.full);
      copy.textContent = t("Copied");
    } catch (_) {
      code.textContent = shown.full; // no clipboard: the whole fingerprint to select and copy
    }
  });
  // the spaces keep the words apart in the text a screen reader reads; the flex box lays them out
  part.append(el("p", {}, el("span", { class: "fingerprint-label", text: `${shown.label}:` }), " ", code, " ", copy));
  if (shown.verify) {
    part.append(el("p", {}, el("a", { href: shown.verify, target: "_blank", rel: "noopener", "aria-describedby": id,
      title: t("The deal, its salt and its day key as published: check them with spider verify-daily"),
      text: t("Verify this deal") })));
  }
  return part;
}

/** The card of one deal of `date`. `handlers`: play(deal, action, button), watch(deal), board(deal). */
export function dealCard(deal, isToday, handlers, date) {
  const name = levelTitle(deal.level);
  const id = `daily-deal-${deal.level}`;
  const action = dealAction(deal, isToday);
  const state = deal.result ? deal.result.state : "none";
  const card = el("li", { class: `deal-card ${state}`, "aria-labelledby": id },
    el("div", { class: "deal-head" },
      el("h4", { id, text: name }),
      el("span", { class: `difficulty ${deal.difficulty || "pending"}` },
        el("span", { class: "sr-only", text: t("Difficulty:") }), " ", difficultyWord(deal.difficulty))),
    el("p", { class: "deal-result", text: resultText(deal.result, isToday) }));
  const practice = practiceText(deal.practice);
  if (practice) card.append(el("p", { class: "deal-practice muted", text: practice }));
  const fingerprint = fingerprintPart(deal, date, isToday, id);
  if (fingerprint) card.append(fingerprint);
  const buttons = el("div", { class: "deal-buttons" });
  if (action) {
    const button = el("button", { type: "button", class: action === "replay" ? "" : "primary", text: ACTION_WORDS[action](),
      "aria-describedby": id, "data-online": true });
    button.addEventListener("click", () => handlers.play(deal, action, button));
    buttons.append(button);
  }
  if (canWatch(deal, isToday)) {
    buttons.append(el("button", { type: "button", text: t("Watch the winning line"), "aria-describedby": id, "data-online": true,
      onclick: () => handlers.watch(deal) }));
  }
  buttons.append(el("button", { type: "button", text: t("Leaderboard"), "aria-describedby": id, "data-online": true,
    onclick: () => handlers.board(deal) }));
  card.append(buttons);
  return card;
}

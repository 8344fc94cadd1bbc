// The tableau's columns: each a list of card buttons (face up with its face drawn, face down, or
// an empty column's), fanned by the offsets the layout gives.
import { el } from "../core/dom.js";
import { t } from "../core/i18n.js";
import { cardName, drawFace } from "./cards.js";
import { columnOffsets } from "./layout.js";
/** @import { Column } from "../api" */
/** @import { Metrics } from "./layout.js" */

/** @param {number} col @param {number} idx @param {string | null} text */
function cardButton(col, idx, text) {
  const li = el("li", { class: "slot-li" });
  const isUp = text !== null;
  const button = el("button", {
    type: "button", class: isUp ? "card up" : "card down", "data-col": String(col), "data-idx": String(idx),
    tabindex: "-1",
  });
  if (isUp) {
    button.dataset.card = text;
    button.setAttribute("aria-label", cardName(text));
    button.setAttribute("aria-pressed", "false");
    button.append(drawFace(text));
  } else {
    button.setAttribute("aria-label", t("face-down card"));
    button.setAttribute("aria-disabled", "true");
  }
  li.append(button);
  return li;
}

/** @param {number} col */
function emptyColumn(col) {
  return el("li", { class: "slot-li" }, el("button", {
    type: "button", class: "empty", "data-col": String(col), "data-idx": "0", tabindex: "-1",
    "aria-label": t("Empty column {n}", { n: col }),
  }));
}

/** One column as a list; returns it with its drawn height. `slot(col, idx, card)` makes the item
 * of each card (null: face down); `into`, the list drawn before (emptied and drawn again).
 * @param {Column} column @param {number} col @param {Metrics} m
 * @param {(col: number, idx: number, card: string | null) => HTMLElement} [slot] @param {Element | null} [into] */
export function columnList(column, col, m, slot = cardButton, into = null) {
  if (into) into.replaceChildren();
  const ul = /** @type {HTMLElement} */ (into)
    || el("ul", { class: "column", "data-col": String(col), "aria-label": t("Column {n}", { n: col }) });
  const { fd, fu } = columnOffsets(column.down, column.up.length, m);
  let y = 0;
  const place = (/** @type {HTMLElement} */ li, /** @type {number} */ step) => {
    li.style.top = `${Math.round(y)}px`;
    ul.append(li);
    y += step;
  };
  for (let k = 0; k < column.down; k += 1) place(slot(col, k, null), fd);
  column.up.forEach((card, j) => place(slot(col, column.down + j, card), fu));
  if (!column.down && !column.up.length) ul.append(emptyColumn(col));
  const height = column.down + column.up.length ? y - (column.up.length ? fu : fd) + m.ch : m.ch;
  ul.style.height = `${Math.round(height)}px`;
  return { ul, height };
}

/** A `slot` for columnList that takes the items of the same cards from the lists `uls` (a card
 * that moved keeps its element, face drawn and all: the cheapest redraw), and makes the rest.
 * @param {Element[]} uls */
export function reusedSlots(uls) {
  /** @type {Map<string, HTMLElement[]>} */
  const spare = new Map(); // card ("" for face down) -> its items
  for (const ul of uls) {
    for (const li of /** @type {HTMLCollectionOf<HTMLElement>} */ (ul.children)) {
      const button = /** @type {HTMLElement | null} */ (li.firstElementChild);
      if (!button || !button.classList.contains("card")) continue;
      const key = button.dataset.card || "";
      if (!spare.has(key)) spare.set(key, []);
      /** @type {HTMLElement[]} */ (spare.get(key)).push(li);
    }
  }
  /** @type {(col: number, idx: number, card: string | null) => HTMLElement} */
  return (col, idx, card) => {
    const li = (spare.get(card || "") || []).pop();
    if (!li) return cardButton(col, idx, card);
    li.style.transform = ""; // a dragged card lands
    li.classList.remove("dragging");
    const button = /** @type {HTMLElement} */ (li.firstElementChild);
    button.dataset.col = String(col);
    button.dataset.idx = String(idx);
    return li;
  };
}

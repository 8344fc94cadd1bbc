// Draws the view the server sent: status line, stock, completed sets, tableau and the enabled
// state of the controls. Add-ons that draw on the table register with afterRender().
import { $, $button, afterPaint, el } from "../core/dom.js";
import { formatTime } from "../core/format.js";
import { hookList } from "../core/hooks.js";
import { t, tn } from "../core/i18n.js";
import { state, update } from "../core/state.js";
import { drawFace } from "./cards.js";
import { elapsed } from "./clock.js";
import { columnList, reusedSlots } from "./columns.js";
import { applyRovingFocus } from "./focus.js";
import { takenKept } from "./kept-layout.js";
import { currentMetrics, layOut, layoutHolds } from "./layout.js";
import { fitToolbar, refitToolbar } from "./toolbar.js";
/** @import { Column, GameView } from "../api" */
/** @import { Metrics } from "./layout.js" */

/** @type {ReturnType<typeof hookList<(view: GameView | null) => void>>} */
const rendered = hookList();

/** Call `hook(view)` after every full render (the hint's highlight draws itself again). Returns
 * the function that removes it.
 * @param {(view: GameView | null) => void} hook */
export function afterRender(hook) {
  return rendered.add(hook);
}

/** The movable group of `count` cards at the bottom of column `col`, as the view lists it.
 * @param {number} col @param {number} count */
export function groupFor(col, count) {
  const v = state.view;
  if (!v || !v.groups) return null;
  return v.groups.find((g) => g.column === col && g.count === count) || null;
}

/** @param {GameView | null} v */
function renderStatus(v) {
  const status = $("status");
  status.replaceChildren();
  if (!v) return;
  const item = (/** @type {string} */ label, /** @type {string} */ value, /** @type {string} */ cls) => el("span", { class: `stat ${cls}` },
    el("span", { class: "label", text: label }), " ", el("b", { text: value }));
  status.append(item(t("Moves"), String(v.moves), "moves"));
  status.append(item(t("Time"), formatTime(elapsed()), "time"));
  if (v.score !== null && v.score !== undefined) status.append(item(t("Score"), String(v.score), "score"));
  const sets = item(t("Sets"), `${v.removed}/${v.sequences}`, "sets");
  sets.setAttribute("title", t("{removed} of {total} sequences removed", { removed: v.removed, total: v.sequences }));
  status.append(sets);
  $("code").textContent = v.code || t("custom deal");
  $("btn-copy").hidden = !v.code;
}

// What the table shows, so that a view that only moves cards redraws only their columns: the
// store's state.drawn, {view, language, width, height, heights (of each column), top (of the table,
// once read)}.

/** @param {GameView | null} v @param {boolean} trustKept */
function renderTableau(v, trustKept) {
  const tableau = $("tableau");
  tableau.replaceChildren();
  update({ drawn: null });
  if (!v) return;
  const n = v.columns.length;
  const m = layOut(n, { trustKept });
  for (const [name, value] of [["--cw", `${m.cw}px`], ["--ch", `${m.ch}px`], ["--gap", `${m.gap}px`], ["--cols", String(n)]]) {
    tableau.style.setProperty(name, value);
  }
  for (const holder of [$("table-content"), $("fx")]) {
    holder.style.setProperty("--strip", `${m.strip}px`);
    holder.style.setProperty("--index-font", `${m.font}px`);
    holder.classList.toggle("compact", m.compact);
    holder.classList.toggle("stacked", m.stacked);
  }
  const heights = v.columns.map((column, i) => {
    const { ul, height } = columnList(column, i + 1, m);
    tableau.append(ul);
    return height;
  });
  fitHeight(heights, m);
  update({ drawn: { view: v, language: state.language, width: window.innerWidth, height: window.innerHeight, heights, top: null } });
  applySelection();
  applyRovingFocus(false);
}

/** @param {number[]} heights @param {Metrics} m */
function fitHeight(heights, m) {
  // the whole height is a drop target; columnOffsets keeps every column within it (so no scroll)
  $("tableau").style.minHeight = `${Math.floor(Math.max(m.ch, ...heights, m.avail))}px`;
}

// What a move may change besides columns: the status line, the completed sets, the controls. Any
// other change (a deal, a new game, a win) draws the whole table again.
/** @type {(keyof GameView)[]} */
const COUNTERS = ["moves", "score", "removed", "can_undo", "can_redo"];
/** @type {(keyof GameView)[]} */
const AROUND_THE_COLUMNS = ["id", "sequences", "stock", "deals_left", "code", "can_deal", "status", "won", "profile"];

/** What differs between the drawn view and `v`: {columns: their indexes, counters: whether the
 * status line or the sets did}, or null when more changed (or the window, or the language).
 * @param {GameView | null} v */
function changes(v) {
  const drawn = state.drawn;
  const was = drawn && drawn.view;
  if (!was || !v || drawn.language !== state.language || drawn.width !== window.innerWidth
    || drawn.height !== window.innerHeight || was.columns.length !== v.columns.length
    || AROUND_THE_COLUMNS.some((key) => was[key] !== v[key])) return null;
  const same = (/** @type {Column} */ a, /** @type {Column} */ b) => a === b || (a.down === b.down && a.up.join() === b.up.join());
  return {
    columns: v.columns.map((_, k) => k).filter((k) => !same(was.columns[k], v.columns[k])),
    counters: COUNTERS.some((key) => was[key] !== v[key]) || String(was.removed_suits) !== String(v.removed_suits),
  };
}

const topOfTable = () => Math.round($("topbar").getBoundingClientRect().bottom);

/** Draw a new view from state.view: when only columns and counters changed (a move, shown before
 * the server's answer or confirmed by it), only they are drawn again, with no layout of the page
 * measured, unless the status line then takes another height; else everything. */
export function renderView() {
  const v = state.view;
  const diff = changes(v);
  const m = currentMetrics();
  if (!diff || !m) {
    render();
    return;
  }
  if (diff.counters) {
    if (state.drawn.top === null) update({ drawn: { ...state.drawn, top: topOfTable() } }); // measured on the table drawn in full
    renderStatus(v);
    renderSets(v);
    if (topOfTable() !== state.drawn.top) {
      render(); // the room left for the columns changed
      return;
    }
  }
  const columns = diff.columns;
  const tableau = $("tableau");
  const slot = reusedSlots(columns.map((i) => tableau.children[i]));
  const heights = [...state.drawn.heights];
  const shown = /** @type {GameView} */ (v); // changes() found only columns and counters changed
  for (const i of columns) heights[i] = columnList(shown.columns[i], i + 1, m, slot, tableau.children[i]).height;
  fitHeight(heights, m);
  update({ drawn: { ...state.drawn, heights, view: v } });
  applySelection();
  applyRovingFocus(false);
  renderControls(v);
  rendered.call(v);
}

/** @param {GameView | null} v */
function renderStock(v) {
  const stock = $("stock");
  const piles = /** @type {HTMLElement} */ (stock.querySelector(".piles"));
  piles.replaceChildren();
  if (!v) return;
  for (let i = 0; i < v.deals_left; i += 1) piles.append(el("span", { class: "pile" }));
  /** @type {HTMLElement} */ (stock.querySelector(".count")).textContent = v.stock ? String(v.stock) : "";
  stock.classList.toggle("exhausted", !v.deals_left);
  const cards = tn("{n} card", "{n} cards", v.stock);
  const deals = tn("{n} deal left", "{n} deals left", v.deals_left);
  stock.setAttribute("aria-label", t("Deal a row from the stock ({cards}, {deals})", { cards, deals }));
  stock.setAttribute("aria-keyshortcuts", "D");
}

// The completed sequences: one place, an empty outline until the first, then a fan of kings.
/** @param {GameView | null} v */
function renderSets(v) {
  const sets = $("sets");
  sets.replaceChildren();
  if (!v) return;
  sets.setAttribute("aria-label", t("Completed sequences: {removed} of {total}", {
    removed: v.removed, total: v.sequences,
  }));
  const suits = (v.removed_suits || []).slice(0, v.removed);
  if (!suits.length) sets.append(el("span", { class: "set" }));
  for (const suit of suits) {
    const slot = el("span", { class: "set filled" });
    slot.append(drawFace(`K${suit}`));
    sets.append(slot);
  }
}

/** @param {GameView | null} v */
function renderControls(v) {
  $button("btn-undo").disabled = !v || !v.can_undo;
  $button("btn-restart").disabled = !v;
  $button("btn-pause").disabled = !v || v.status !== "active";
  $button("btn-describe").disabled = !v;
  $button("stock").disabled = !v;
}

// The page's first table is drawn with the toolbar's fit and the cards' sizes this browser kept
// from its last visit, if any (kept-layout.js), and measured once it is on screen (state.firstTable:
// none drawn yet).

/** Draw everything from state.view, then let the add-ons draw theirs. */
export function render() {
  const v = state.view;
  const trustKept = state.firstTable;
  fitToolbar({ trustKept }); // before the table measures the room the bars leave it
  renderStatus(v);
  renderStock(v);
  renderSets(v);
  renderTableau(v, trustKept);
  renderControls(v);
  rendered.call(v);
  fitToolbar({ trustKept }); // an add-on may have written its button's text anew
  if (v && state.firstTable) {
    update({ firstTable: false });
    if (takenKept()) afterPaint().then(checkKeptLayout);
  }
}

/** Measure what the first table took from the last visit; draw it again where that was wrong. */
function checkKeptLayout() {
  const v = state.view;
  if (!v) return;
  const fitHeld = refitToolbar();
  if (!layoutHolds(v.columns.length) || !fitHeld) render();
}

/** Mark the picked-up cards and (with placement help) the columns that accept them. */
export function applySelection() {
  const sel = state.selected;
  const v = state.view;
  if (!v) return;
  for (const button of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#tableau .card.up"))) {
    const col = Number(button.dataset.col);
    const idx = Number(button.dataset.idx);
    const column = v.columns[col - 1];
    const on = Boolean(sel && sel.column === col && idx >= column.down + column.up.length - sel.count);
    button.classList.toggle("selected", on);
    const pressed = on ? "true" : "false";
    if (button.getAttribute("aria-pressed") !== pressed) button.setAttribute("aria-pressed", pressed);
  }
  const group = sel ? groupFor(sel.column, sel.count) : null;
  highlightTargets(group && state.settings.placement_help ? group.targets : []);
}

/** @param {number[]} targets */
export function highlightTargets(targets) {
  for (const ul of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#tableau .column"))) {
    ul.classList.toggle("accepts", targets.includes(Number(ul.dataset.col)));
  }
}

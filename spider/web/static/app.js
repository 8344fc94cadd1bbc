// The Spider / Spiderette table in the browser. It holds no rules: it renders the view the server
// sends (docs/API.md) and sends intents; which groups move and where they may go come in the view.
import { api, ApiError } from "./api.js";
import { cardName, drawFace, suitSprite } from "./cards.js";
import { loadLanguage, t, tn } from "./i18n.js";
import { play, setSound, soundOn } from "./sound.js";
import { $, el } from "./dom.js";

const DRAG_THRESHOLD = 10; // px of movement before a press becomes a drag
const DOUBLE_TAP_MS = 420;
const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

const DEFAULT_SETTINGS = {
  lang: "en", double_click: true, single_tap: false, auto_place: false, placement_help: true,
  sound: true, profile: "standard",
};

const state = {
  view: null,
  settings: { ...DEFAULT_SETTINGS },
  current: null, // an unfinished game offered for CONTINUE
  selected: null, // {column, count}
  focus: null, // {col, idx}: the roving tab stop in the tableau
  lastTap: null, // {col, idx, at}
  press: null, // the pointer press in progress
  paused: false,
  clockBase: 0,
  clockSince: null,
  metrics: null,
};

// ----- clock -------------------------------------------------------------------------------

function elapsed() {
  const running = state.clockSince === null ? 0 : (performance.now() - state.clockSince) / 1000;
  return state.clockBase + running;
}

function clockShouldRun() {
  const v = state.view;
  return Boolean(v) && v.status === "active" && !v.won && !state.paused && document.visibilityState === "visible"
    && !$("dlg-new").open;
}

function syncClock() {
  const run = clockShouldRun();
  if (run && state.clockSince === null) state.clockSince = performance.now();
  if (!run && state.clockSince !== null) {
    state.clockBase = elapsed();
    state.clockSince = null;
  }
}

function setClock(seconds) {
  state.clockBase = Number(seconds) || 0;
  state.clockSince = null;
  syncClock();
}

function saveClock(keepalive = false) {
  const v = state.view;
  if (!v || v.status !== "active") return;
  const seconds = Math.round(elapsed() * 10) / 10;
  if (keepalive) {
    fetch(`/api/games/${encodeURIComponent(v.id)}/clock`, {
      method: "POST", keepalive: true, credentials: "same-origin",
      headers: { "Content-Type": "application/json" }, body: JSON.stringify({ elapsed: seconds }),
    }).catch(() => {});
  } else {
    api.clock(v.id, seconds).catch(() => {});
  }
}

function formatTime(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (x) => String(x).padStart(2, "0");
  return h ? `${h}:${pad(m)}:${pad(s % 60)}` : `${pad(m)}:${pad(s % 60)}`;
}

// ----- announcements and reminders -----------------------------------------------------------

let announceTimer = null;
function announce(text) {
  const live = $("live");
  live.textContent = "";
  clearTimeout(announceTimer);
  announceTimer = setTimeout(() => {
    live.textContent = text;
  }, 60);
}

let reminderTimer = null;
function remind(text, { speak = true } = {}) {
  const box = $("reminder");
  box.textContent = text;
  box.hidden = false;
  box.classList.remove("show");
  void box.offsetWidth;
  box.classList.add("show");
  clearTimeout(reminderTimer);
  reminderTimer = setTimeout(() => {
    box.hidden = true;
  }, 4500);
  if (speak) announce(text);
}

function describeEvents(ev, view) {
  if (!ev) return "";
  const parts = [];
  const cards = Array.isArray(ev.cards) ? ev.cards : [];
  if (ev.kind === "move" && cards.length) {
    const card = cardName(cards[0]);
    const more = cards.length - 1;
    if (ev.onto) {
      const onto = cardName(ev.onto);
      parts.push(more
        ? tn("Moved {card} and {n} card on it onto {onto}.", "Moved {card} and {n} cards on it onto {onto}.",
          more, { card, onto })
        : t("Moved {card} onto {onto}.", { card, onto }));
    } else {
      const column = ev.to;
      parts.push(more
        ? tn("Moved {card} and {n} card on it to empty column {column}.",
          "Moved {card} and {n} cards on it to empty column {column}.", more, { card, column })
        : t("Moved {card} to empty column {column}.", { card, column }));
    }
  } else if (ev.kind === "deal") {
    const n = cards.length || view.columns.length;
    parts.push(tn("Dealt {n} card.", "Dealt {n} cards.", n));
  } else if (ev.kind === "undo") {
    parts.push(t("Undid the last action."));
    if (ev.hidden) parts.push(tn("{n} card turned face down.", "{n} cards turned face down.", ev.hidden));
  }
  for (const r of ev.revealed || []) {
    parts.push(t("Revealed {card} in column {column}.", { card: cardName(r.card), column: r.column }));
  }
  for (const c of ev.completed || []) {
    const suit = c.suit;
    if (suit === "H") parts.push(t("A sequence of hearts is complete and leaves the table."));
    else if (suit === "D") parts.push(t("A sequence of diamonds is complete and leaves the table."));
    else if (suit === "C") parts.push(t("A sequence of clubs is complete and leaves the table."));
    else parts.push(t("A sequence of spades is complete and leaves the table."));
  }
  if (ev.won || view.won) parts.push(t("You won!"));
  return parts.join(" ");
}

// ----- static texts ------------------------------------------------------------------------

function applyTexts() {
  document.title = t("Spider solitaire");
  $("app-title").textContent = t("Spider solitaire");
  $("code-label").textContent = t("Game code");
  $("btn-copy").textContent = t("Copy");
  $("btn-copy").setAttribute("aria-label", t("Copy the game code"));
  $("btn-new").textContent = t("New game");
  $("btn-undo").textContent = t("Undo");
  $("btn-help").textContent = "?";
  $("btn-help").setAttribute("aria-label", t("Help"));
  $("btn-menu").textContent = t("Menu");
  $("btn-restart").textContent = t("Restart this deal");
  $("btn-describe").textContent = t("Describe the table");
  $("btn-settings").textContent = t("Settings");
  $("btn-resume").textContent = t("Resume");
  $("pause-text").textContent = t("Paused");
  $("tableau").setAttribute("aria-label", t("Table"));
  $("toolbar").setAttribute("aria-label", t("Game controls"));
  $("status").setAttribute("aria-label", t("Game status"));
  updatePauseButton();
  updateSoundButton();
}

function updatePauseButton() {
  $("btn-pause").textContent = state.paused ? t("Resume") : t("Pause");
}

function updateSoundButton() {
  $("btn-sound").textContent = t("Sound");
  $("btn-sound").setAttribute("aria-pressed", soundOn() ? "true" : "false");
}

// ----- rendering ---------------------------------------------------------------------------

function groupFor(col, count) {
  const v = state.view;
  if (!v || !v.groups) return null;
  return v.groups.find((g) => g.column === col && g.count === count) || null;
}

function levelKey(game, suits, rules) {
  const r = game === "spider" && suits > 1 ? rules : "classic";
  return `${game}-${suits}-${r}`;
}

function levelName(game, suits, rules) {
  const g = game === "spider" ? t("Spider") : t("Spiderette");
  const s = tn("{n} suit", "{n} suits", suits);
  if (game === "spider" && suits > 1) {
    return `${g}, ${s}, ${rules === "relaxed" ? t("relaxed rules") : t("classic rules")}`;
  }
  return `${g}, ${s}`;
}

function renderStatus() {
  const v = state.view;
  const status = $("status");
  status.replaceChildren();
  if (!v) return;
  const item = (label, value, cls) => el("span", { class: `stat ${cls}` },
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

function tickClock() {
  const time = document.querySelector("#status .time b");
  if (time) time.textContent = formatTime(elapsed());
}

function computeMetrics(n) {
  const tableau = $("tableau");
  const width = tableau.clientWidth || window.innerWidth;
  const gap = Math.round(Math.max(3, Math.min(14, width * 0.012)));
  let cw = Math.floor((width - gap * (n - 1)) / n);
  cw = Math.max(24, Math.min(cw, 118));
  const ch = Math.round(cw * 1.4);
  const top = tableau.getBoundingClientRect().top + window.scrollY;
  const toolbar = $("toolbar");
  const bottomBar = getComputedStyle(toolbar).position === "fixed" ? toolbar.offsetHeight : 0;
  const avail = Math.max(ch * 3, window.innerHeight - top - bottomBar - 12);
  return { cw, ch, gap, avail, fu: Math.max(24, Math.round(ch * 0.27)), fd: Math.max(5, Math.round(ch * 0.11)) };
}

// Offsets of a column: face-down cards compress first, then face-up ones, never below 24 px.
function columnOffsets(down, up, m) {
  let fd = m.fd;
  let fu = m.fu;
  const need = () => down * fd + Math.max(0, up - 1) * fu + m.ch;
  if (need() > m.avail && down) fd = Math.max(3, (m.avail - m.ch - Math.max(0, up - 1) * fu) / down);
  if (need() > m.avail && up > 1) fu = Math.max(24, (m.avail - m.ch - down * fd) / (up - 1));
  return { fd, fu };
}

function cardButton(col, idx, text) {
  const li = el("li", { class: "slot-li" });
  const isUp = text !== null;
  const button = el("button", {
    type: "button",
    class: isUp ? "card up" : "card down",
    "data-col": String(col),
    "data-idx": String(idx),
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

function renderTableau() {
  const v = state.view;
  const tableau = $("tableau");
  tableau.replaceChildren();
  if (!v) return;
  const n = v.columns.length;
  const m = computeMetrics(n);
  state.metrics = m;
  tableau.style.setProperty("--cw", `${m.cw}px`);
  tableau.style.setProperty("--ch", `${m.ch}px`);
  tableau.style.setProperty("--gap", `${m.gap}px`);
  tableau.style.setProperty("--cols", String(n));
  tableau.classList.toggle("compact", m.cw < 56);
  document.documentElement.style.setProperty("--cw", `${m.cw}px`);
  document.documentElement.style.setProperty("--ch", `${m.ch}px`);
  let tallest = m.ch;
  v.columns.forEach((column, i) => {
    const col = i + 1;
    const ul = el("ul", { class: "column", "data-col": String(col), "aria-label": t("Column {n}", { n: col }) });
    const { fd, fu } = columnOffsets(column.down, column.up.length, m);
    let y = 0;
    for (let k = 0; k < column.down; k += 1) {
      const li = cardButton(col, k, null);
      li.style.top = `${Math.round(y)}px`;
      ul.append(li);
      y += fd;
    }
    column.up.forEach((card, j) => {
      const li = cardButton(col, column.down + j, card);
      li.style.top = `${Math.round(y)}px`;
      ul.append(li);
      y += fu;
    });
    if (!column.down && !column.up.length) {
      const li = el("li", { class: "slot-li" });
      li.append(el("button", {
        type: "button", class: "empty", "data-col": String(col), "data-idx": "0", tabindex: "-1",
        "aria-label": t("Empty column {n}", { n: col }),
      }));
      ul.append(li);
    }
    const height = column.down + column.up.length ? y - (column.up.length ? fu : fd) + m.ch : m.ch;
    tallest = Math.max(tallest, height);
    ul.style.height = `${Math.round(height)}px`;
    tableau.append(ul);
  });
  tableau.style.minHeight = `${Math.round(Math.max(tallest, m.avail))}px`;
  applySelection();
  applyRovingFocus(false);
}

function renderStock() {
  const v = state.view;
  const stock = $("stock");
  const piles = stock.querySelector(".piles");
  piles.replaceChildren();
  if (!v) return;
  for (let i = 0; i < v.deals_left; i += 1) piles.append(el("span", { class: "pile" }));
  stock.querySelector(".count").textContent = v.stock ? String(v.stock) : "";
  stock.classList.toggle("exhausted", !v.deals_left);
  const cards = tn("{n} card", "{n} cards", v.stock);
  const deals = tn("{n} deal left", "{n} deals left", v.deals_left);
  stock.setAttribute("aria-label", t("Deal a row from the stock ({cards}, {deals})", { cards, deals }));
  stock.setAttribute("aria-keyshortcuts", "D");
}

function renderSets() {
  const v = state.view;
  const sets = $("sets");
  sets.replaceChildren();
  if (!v) return;
  sets.setAttribute("aria-label", t("Completed sequences: {removed} of {total}", {
    removed: v.removed, total: v.sequences,
  }));
  for (let i = 0; i < v.sequences; i += 1) {
    const suit = (v.removed_suits || [])[i];
    const slot = el("span", { class: suit ? "set filled" : "set" });
    if (suit) slot.append(drawFace(`K${suit}`));
    sets.append(slot);
  }
}

function renderControls() {
  const v = state.view;
  $("btn-undo").disabled = !v || !v.can_undo;
  $("btn-restart").disabled = !v;
  $("btn-pause").disabled = !v || v.status !== "active";
  $("btn-describe").disabled = !v;
  $("stock").disabled = !v;
}

function render() {
  renderStatus();
  renderStock();
  renderSets();
  renderTableau();
  renderControls();
  document.dispatchEvent(new CustomEvent("spider:view", { detail: state.view }));
}

// ----- selection and focus -------------------------------------------------------------------

function applySelection() {
  const sel = state.selected;
  const v = state.view;
  for (const button of document.querySelectorAll("#tableau .card.up")) {
    const col = Number(button.dataset.col);
    const idx = Number(button.dataset.idx);
    const column = v.columns[col - 1];
    const on = Boolean(sel) && sel.column === col && idx >= column.down + column.up.length - sel.count;
    button.classList.toggle("selected", on);
    button.setAttribute("aria-pressed", on ? "true" : "false");
  }
  const group = sel ? groupFor(sel.column, sel.count) : null;
  highlightTargets(group && state.settings.placement_help ? group.targets : []);
}

function highlightTargets(targets) {
  for (const ul of document.querySelectorAll("#tableau .column")) {
    ul.classList.toggle("accepts", targets.includes(Number(ul.dataset.col)));
  }
}

function select(column, count) {
  state.selected = { column, count };
  applySelection();
  const top = state.view.columns[column - 1];
  const card = top.up[top.up.length - count];
  announce(count > 1
    ? tn("Picked up {card} and {n} card on it.", "Picked up {card} and {n} cards on it.", count - 1,
      { card: cardName(card) })
    : t("Picked up {card}.", { card: cardName(card) }));
}

function clearSelection(speak = false) {
  if (!state.selected) return;
  state.selected = null;
  applySelection();
  if (speak) announce(t("Put the cards back."));
}

function focusables() {
  return [...document.querySelectorAll("#tableau button")];
}

function buttonAt(col, idx) {
  return document.querySelector(`#tableau button[data-col="${col}"][data-idx="${idx}"]`);
}

function lastButtonOf(col) {
  const buttons = document.querySelectorAll(`#tableau button[data-col="${col}"]`);
  return buttons[buttons.length - 1] || null;
}

function applyRovingFocus(move) {
  const all = focusables();
  if (!all.length) return;
  let target = state.focus ? buttonAt(state.focus.col, state.focus.idx) : null;
  if (!target && state.focus) target = lastButtonOf(state.focus.col);
  if (!target) target = lastButtonOf(1);
  for (const b of all) b.tabIndex = b === target ? 0 : -1;
  state.focus = { col: Number(target.dataset.col), idx: Number(target.dataset.idx) };
  if (move) target.focus({ preventScroll: false });
}

function moveFocus(col, idx) {
  state.focus = { col, idx };
  applyRovingFocus(true);
}

function onTableauKey(event) {
  const button = event.target.closest("#tableau button");
  if (!button || event.altKey || event.ctrlKey || event.metaKey) return;
  const v = state.view;
  const col = Number(button.dataset.col);
  const idx = Number(button.dataset.idx);
  const n = v.columns.length;
  const size = (c) => Math.max(1, v.columns[c - 1].down + v.columns[c - 1].up.length);
  const sideways = (c) => moveFocus(c, Math.min(size(c) - 1, Math.max(idx, v.columns[c - 1].down)));
  switch (event.key) {
    case "ArrowLeft":
      sideways(col > 1 ? col - 1 : n);
      break;
    case "ArrowRight":
      sideways(col < n ? col + 1 : 1);
      break;
    case "ArrowUp":
      moveFocus(col, Math.max(0, idx - 1));
      break;
    case "ArrowDown":
      moveFocus(col, Math.min(size(col) - 1, idx + 1));
      break;
    case "Home":
      moveFocus(1, size(1) - 1);
      break;
    case "End":
      moveFocus(n, size(n) - 1);
      break;
    default:
      return;
  }
  event.preventDefault();
}

// ----- taps, clicks, double-clicks ---------------------------------------------------------

function tap(col, idx, isCard) {
  const v = state.view;
  if (!v || state.paused || v.won) return;
  const column = v.columns[col - 1];
  const faceUp = isCard && idx >= column.down;
  const count = faceUp ? column.down + column.up.length - idx : 0;
  const now = performance.now();
  const last = state.lastTap;
  const double = Boolean(last) && last.col === col && last.idx === idx && now - last.at < DOUBLE_TAP_MS;
  state.lastTap = { col, idx, at: now };
  state.focus = { col, idx };

  if (state.selected && state.selected.column !== col) {
    const { column: from, count: n } = state.selected;
    clearSelection();
    state.lastTap = null;
    sendMove(from, col, n);
    return;
  }
  if (!faceUp) {
    clearSelection();
    return;
  }
  if (state.settings.single_tap) {
    clearSelection();
    // the second tap of a double tap lands on whatever came up: it must not send that too
    if (!double) sendBest(col, count);
    return;
  }
  if (double && state.settings.double_click) {
    clearSelection();
    state.lastTap = null;
    sendBest(col, count);
    return;
  }
  if (state.selected && state.selected.count === count) {
    clearSelection(true);
    return;
  }
  select(col, count);
}

// ----- drag and drop ---------------------------------------------------------------------------

let lastPointerUp = -Infinity;

function pressTarget(event) {
  const button = event.target.closest("#tableau button");
  if (button) {
    return { col: Number(button.dataset.col), idx: Number(button.dataset.idx), isCard: button.classList.contains("card") };
  }
  const ul = event.target.closest("#tableau .column");
  if (ul) return { col: Number(ul.dataset.col), idx: -1, isCard: false };
  return null;
}

function onPointerDown(event) {
  if (event.button !== 0 || state.paused || !state.view) return;
  const target = pressTarget(event);
  if (!target) return;
  state.press = { ...target, x0: event.clientX, y0: event.clientY, id: event.pointerId, dragging: false };
  const button = event.target.closest("#tableau .card.up");
  if (button) {
    event.preventDefault(); // no text selection or native drag; focus is moved by hand
    button.focus({ preventScroll: true });
  }
}

function dragCards(press) {
  const column = state.view.columns[press.col - 1];
  const lis = [];
  for (let k = press.idx; k < column.down + column.up.length; k += 1) {
    const b = buttonAt(press.col, k);
    if (b) lis.push(b.parentElement);
  }
  return lis;
}

function startDrag(press) {
  const v = state.view;
  const column = v.columns[press.col - 1];
  if (!press.isCard || press.idx < column.down) return false;
  press.dragging = true;
  press.count = column.down + column.up.length - press.idx;
  press.lis = dragCards(press);
  press.group = groupFor(press.col, press.count);
  for (const li of press.lis) li.classList.add("dragging");
  clearSelection();
  highlightTargets(press.group && state.settings.placement_help ? press.group.targets : []);
  try {
    $("tableau").setPointerCapture(press.id);
  } catch (_) {
    // the pointer may already be gone
  }
  return true;
}

function onPointerMove(event) {
  const press = state.press;
  if (!press || event.pointerId !== press.id) return;
  const dx = event.clientX - press.x0;
  const dy = event.clientY - press.y0;
  if (!press.dragging) {
    if (Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
    if (!startDrag(press)) {
      state.press = null;
      return;
    }
  }
  event.preventDefault();
  for (const li of press.lis) li.style.transform = `translate(${dx}px, ${dy}px)`;
}

function columnAt(x) {
  let best = null;
  let bestDistance = Infinity;
  for (const ul of document.querySelectorAll("#tableau .column")) {
    const r = ul.getBoundingClientRect();
    const distance = x < r.left ? r.left - x : x > r.right ? x - r.right : 0;
    if (distance < bestDistance) {
      bestDistance = distance;
      best = Number(ul.dataset.col);
    }
  }
  const gap = state.metrics ? state.metrics.gap : 8;
  return bestDistance <= gap ? best : null;
}

function returnCards(lis, shake) {
  for (const li of lis) {
    if (!li.isConnected) continue;
    const from = li.style.transform || "translate(0px, 0px)";
    li.style.transform = "";
    li.classList.remove("dragging");
    if (reducedMotion.matches) continue;
    const frames = [{ transform: from }, { transform: "translate(0px, 0px)" }];
    const anim = li.animate(frames, { duration: 180, easing: "ease-out" });
    if (shake) anim.onfinish = () => shakeElement(li);
  }
  if (shake && reducedMotion.matches) for (const li of lis) shakeElement(li);
}

function shakeElement(node) {
  if (!node || !node.isConnected) return;
  if (reducedMotion.matches) {
    node.animate([{ opacity: 0.4 }, { opacity: 1 }], { duration: 200 });
    return;
  }
  node.animate([
    { transform: "translateX(0)" }, { transform: "translateX(-6px)" }, { transform: "translateX(6px)" },
    { transform: "translateX(-4px)" }, { transform: "translateX(4px)" }, { transform: "translateX(0)" },
  ], { duration: 320, easing: "ease-in-out" });
}

function onPointerUp(event) {
  const press = state.press;
  if (!press || event.pointerId !== press.id) return;
  state.press = null;
  lastPointerUp = performance.now();
  if (!press.dragging) {
    tap(press.col, press.idx, press.isCard);
    return;
  }
  highlightTargets([]);
  const target = columnAt(event.clientX);
  if (target === null || target === press.col) {
    returnCards(press.lis, false);
    applySelection();
    return;
  }
  const group = press.group;
  const ctx = { lis: press.lis };
  if (state.settings.auto_place && group && !group.targets.includes(target) && group.best !== null) {
    sendBest(press.col, press.count, ctx);
  } else {
    sendMove(press.col, target, press.count, ctx);
  }
}

function onPointerCancel(event) {
  const press = state.press;
  if (!press || event.pointerId !== press.id) return;
  state.press = null;
  if (press.dragging) returnCards(press.lis, false);
  highlightTargets([]);
}

function onTableauClick(event) {
  // Pointer input is handled on pointerup; this catches keyboard and assistive-technology clicks.
  if (event.detail !== 0 && performance.now() - lastPointerUp < 700) return;
  const target = pressTarget(event);
  if (target) tap(target.col, target.idx, target.isCard);
}

// ----- actions -----------------------------------------------------------------------------------

let queue = Promise.resolve();
function enqueue(task) {
  queue = queue.then(task).catch((error) => {
    console.error(error); // eslint-disable-line no-console
  });
  return queue;
}

function sendMove(from, to, count, ctx = {}) {
  return act({ action: `${from}>${to}:${count}` }, ctx);
}

function sendBest(column, count, ctx = {}) {
  return act({ best: { column, count } }, ctx);
}

function deal() {
  return act({ action: "deal" }, { stock: true });
}

function undo() {
  if (!state.view || !state.view.can_undo) return null;
  return act({ action: "undo" }, {});
}

function act(payload, ctx) {
  return enqueue(async () => {
    const v = state.view;
    if (!v || state.paused) {
      if (ctx.lis) returnCards(ctx.lis, false);
      return;
    }
    const body = { ...payload, version: v.version, elapsed: Math.round(elapsed() * 10) / 10 };
    let next;
    try {
      next = await api.act(v.id, body);
    } catch (error) {
      handleActionError(error, ctx);
      return;
    }
    await adopt(next, { events: next.events, ctx });
  });
}

function handleActionError(error, ctx) {
  if (error instanceof ApiError && error.status === 409 && error.body && error.body.view) {
    if (ctx.lis) returnCards(ctx.lis, false);
    adoptQuietly(error.body.view);
    remind(t("This game changed in another window; the table now shows its latest state."));
    return;
  }
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    play("refuse");
    if (ctx.lis) returnCards(ctx.lis, true);
    else if (ctx.stock) shakeElement($("stock"));
    else shakeSelectionSource(ctx);
    remind(error.body.message || t("That move is not allowed."));
    return;
  }
  if (ctx.lis) returnCards(ctx.lis, false);
  remind(t("The server could not be reached. Try again."));
}

function shakeSelectionSource() {
  const focused = document.activeElement && document.activeElement.closest("#tableau li");
  if (focused) shakeElement(focused);
}

function adoptQuietly(view) {
  state.view = view;
  state.selected = null;
  setClock(view.elapsed || 0);
  render();
}

// ----- animation ---------------------------------------------------------------------------------

function cardRects() {
  const rects = new Map();
  for (const b of document.querySelectorAll("#tableau .card")) {
    rects.set(`${b.dataset.col}:${b.dataset.idx}`, { rect: b.getBoundingClientRect(), card: b.dataset.card || null });
  }
  return rects;
}

function flip(oldRects, before, after, events) {
  const duration = 200;
  const moved = new Map(); // new key -> old key
  if (events && events.kind === "move" && events.from && events.to && Array.isArray(events.cards)) {
    const n = events.cards.length;
    const oldFrom = before.columns[events.from - 1];
    const oldLen = oldFrom.down + oldFrom.up.length;
    // The cards land on top of the target; a completed sequence may have left already.
    const newTo = after.columns[events.to - 1];
    const newLen = newTo.down + newTo.up.length;
    const completedHere = (events.completed || []).some((c) => c.column === events.to);
    if (!completedHere) {
      for (let k = 0; k < n; k += 1) moved.set(`${events.to}:${newLen - n + k}`, `${events.from}:${oldLen - n + k}`);
    }
  }
  const stockRect = $("stock").getBoundingClientRect();
  const fromStock = new Set();
  if (events && events.kind === "deal") {
    const dealt = Array.isArray(events.cards) ? events.cards.length : after.columns.length;
    after.columns.slice(0, dealt).forEach((c, i) => fromStock.add(`${i + 1}:${c.down + c.up.length - 1}`));
  }
  const used = new Set(moved.values());
  // Read every rectangle first, then start the animations: interleaving the two would force a
  // layout per card.
  const plans = [];
  for (const b of document.querySelectorAll("#tableau .card")) {
    const key = `${b.dataset.col}:${b.dataset.idx}`;
    let old = null;
    if (moved.has(key)) old = oldRects.get(moved.get(key));
    else if (fromStock.has(key)) old = { rect: stockRect };
    else {
      const same = oldRects.get(key);
      if (same && !used.has(key) && same.card === (b.dataset.card || null)) old = same;
      else if (b.dataset.card && events && events.kind === "undo") {
        for (const [k, o] of oldRects) {
          if (!used.has(k) && o.card === b.dataset.card) {
            old = o;
            used.add(k);
            break;
          }
        }
      }
    }
    const dealt = fromStock.has(key);
    plans.push({ li: b.parentElement, old, now: b.getBoundingClientRect(), isNew: moved.has(key) || dealt,
      delay: dealt ? (Number(b.dataset.col) - 1) * 30 : 0 });
  }
  for (const { li, old, now, isNew, delay } of plans) {
    if (reducedMotion.matches) {
      if (!old || Math.abs(old.rect.left - now.left) + Math.abs(old.rect.top - now.top) > 1) {
        li.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 150 });
      }
      continue;
    }
    if (!old) continue;
    const dx = old.rect.left - now.left;
    const dy = old.rect.top - now.top;
    if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
    li.animate([
      { transform: `translate(${dx}px, ${dy}px)`, zIndex: 500 },
      { transform: "translate(0px, 0px)", zIndex: 500 },
    ], { duration: isNew ? duration : 160, delay, fill: "backwards", easing: "cubic-bezier(.2,.7,.3,1)" });
  }
}

function ghostCard(card, rect) {
  const g = el("div", { class: "ghost card up" });
  g.style.left = `${rect.left}px`;
  g.style.top = `${rect.top}px`;
  g.style.width = `${rect.width}px`;
  g.style.height = `${rect.height}px`;
  g.append(drawFace(card));
  $("fx").append(g);
  return g;
}

const RANKS = ["K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "A"];

function flyCompleted(events, after) {
  const completed = (events && events.completed) || [];
  if (!completed.length) return Promise.resolve();
  const m = state.metrics;
  const setEls = document.querySelectorAll("#sets .set");
  const anims = [];
  completed.forEach((c, n) => {
    const ul = document.querySelector(`#tableau .column[data-col="${c.column}"]`);
    if (!ul) return;
    const base = ul.getBoundingClientRect();
    const slot = setEls[Math.max(0, after.removed - completed.length + n)];
    const dest = slot ? slot.getBoundingClientRect() : base;
    const startTop = base.top + Math.max(0, ul.offsetHeight - m.ch);
    RANKS.forEach((rank, k) => {
      const rect = { left: base.left, top: startTop + k * Math.min(6, m.fu / 4), width: m.cw, height: m.ch };
      const g = ghostCard(`${rank}${c.suit}`, rect);
      const dx = dest.left - rect.left;
      const dy = dest.top - rect.top;
      const frames = reducedMotion.matches
        ? [{ opacity: 1 }, { opacity: 0 }]
        : [{ transform: "translate(0,0)", opacity: 1 },
          { transform: `translate(${dx}px, ${dy}px) scale(${dest.width / m.cw || 1})`, opacity: 0.9 }];
      const a = g.animate(frames, {
        duration: reducedMotion.matches ? 150 : 520, delay: reducedMotion.matches ? 0 : (12 - k) * 18,
        easing: "ease-in-out", fill: "forwards",
      });
      anims.push(a.finished.catch(() => {}).then(() => g.remove()));
    });
  });
  return Promise.all(anims);
}

function cascade(view) {
  if (reducedMotion.matches) return Promise.resolve();
  const setEls = [...document.querySelectorAll("#sets .set")];
  const anims = [];
  const width = window.innerWidth;
  const height = window.innerHeight;
  const m = state.metrics;
  setEls.forEach((slot, i) => {
    const suit = (view.removed_suits || [])[i] || "S";
    const from = slot.getBoundingClientRect();
    RANKS.forEach((rank, k) => {
      const g = ghostCard(`${rank}${suit}`, { left: from.left, top: from.top, width: m.cw, height: m.ch });
      const dir = (i + k) % 2 ? 1 : -1;
      const spread = (0.15 + ((i * 13 + k) % 7) / 10) * width * dir;
      const frames = [];
      for (let s = 0; s <= 8; s += 1) {
        const p = s / 8;
        const bounce = Math.abs(Math.sin(p * Math.PI * 2.5)) * (1 - p) * height * 0.35;
        frames.push({ transform: `translate(${spread * p}px, ${(height - from.top) * p * p + (height - from.top) * 0.2 - bounce}px)` });
      }
      const a = g.animate(frames, { duration: 1100, delay: (i * 13 + k) * 14, easing: "linear", fill: "forwards" });
      anims.push(a.finished.catch(() => {}).then(() => g.remove()));
    });
  });
  return Promise.all(anims);
}

// ----- adopting a new view -------------------------------------------------------------------

async function adopt(next, { events = null, ctx = {} } = {}) {
  const before = state.view;
  const focusInTable = document.activeElement && document.activeElement.closest("#tableau");
  const oldRects = cardRects();
  state.view = next;
  state.selected = null;
  if (events && events.kind === "move" && events.to) {
    const column = next.columns[events.to - 1];
    state.focus = { col: events.to, idx: Math.max(0, column.down + column.up.length - 1) };
    if (!column.down && !column.up.length) state.focus = { col: events.from, idx: 9999 }; // its last card
  }
  render();
  if (focusInTable) applyRovingFocus(true);
  if (before && events) flip(oldRects, before, next, events);
  if (ctx.lis) for (const li of ctx.lis) if (li.isConnected) li.remove();
  let flight = Promise.resolve();
  if (events) {
    const completed = (events.completed || []).length;
    play(events.kind === "deal" ? "deal" : events.kind === "undo" ? "undo" : "move");
    if (completed) setTimeout(() => play("complete"), 120);
    announce(describeEvents(events, next));
    flight = flyCompleted(events, next); // play goes on while the sequence flies
  }
  syncClock();
  if (next.won || next.status === "won") {
    await flight;
    play("win");
    await cascade(next);
    await showResult();
  }
}

// ----- dialogs --------------------------------------------------------------------------------

let returnFocus = null;

function openDialog(dialog) {
  returnFocus = document.activeElement;
  closeMenu();
  if (!dialog.open) dialog.showModal();
  syncClock();
  const first = dialog.querySelector("[autofocus]") || dialog.querySelector("input:checked, button, input, select");
  if (first) first.focus();
}

function closeDialog(dialog) {
  if (dialog.open) dialog.close();
}

function restoreFocus() {
  if (returnFocus && returnFocus.isConnected && returnFocus.focus) returnFocus.focus();
  else applyRovingFocus(true);
  returnFocus = null;
}

function statsList(stats) {
  const dl = el("dl", { class: "stats" });
  const dash = "—";
  const pct = stats && stats.win_rate !== null && stats.win_rate !== undefined
    ? `${Math.round(stats.win_rate * (stats.win_rate <= 1 ? 100 : 1))} %` : dash;
  const rows = [
    [t("Played"), stats ? stats.played : 0],
    [t("Wins"), stats ? stats.wins : 0],
    [t("Losses"), stats ? stats.losses : 0],
    [t("Win rate"), pct],
    [t("Current streak"), stats ? stats.streak : 0],
    [t("Best streak"), stats ? stats.best_streak : 0],
    [t("Best score"), stats && stats.best_score !== null && stats.best_score !== undefined ? stats.best_score : dash],
    [t("Best time"), stats && stats.best_time ? formatTime(stats.best_time) : dash],
    [t("Fewest moves"), stats && stats.fewest_moves ? stats.fewest_moves : dash],
  ];
  for (const [label, value] of rows) {
    dl.append(el("div", {}, el("dt", { text: label }), el("dd", { text: String(value ?? 0) })));
  }
  return dl;
}

async function loadStats(level, container, headingText) {
  container.replaceChildren(el("h3", { id: `${container.id}-h`, text: headingText }),
    el("p", { class: "muted", text: t("Loading…") }));
  let stats = null;
  try {
    stats = await api.stats(level);
  } catch (_) {
    stats = null;
  }
  container.replaceChildren(el("h3", { id: `${container.id}-h`, text: headingText }), statsList(stats));
}

function radioGroup(name, legend, options, value) {
  const fs = el("fieldset", { class: "choices" }, el("legend", { text: legend }));
  for (const [val, label] of options) {
    const id = `${name}-${val}`;
    fs.append(el("label", { class: "choice", for: id },
      el("input", { type: "radio", name, id, value: String(val), checked: String(val) === String(value) }),
      el("span", { text: label })));
  }
  return fs;
}

function openNewGame() {
  const dialog = $("dlg-new");
  const v = state.view || state.current;
  const game = v ? v.game : "spider";
  const suits = v ? v.suits : 1;
  const rules = v ? v.rules : "classic";
  const profile = state.settings.profile || "standard";
  const form = el("form", { method: "dialog", class: "new-game" });
  form.append(el("h2", { id: "dlg-new-title", text: t("New game") }));
  form.append(radioGroup("game", t("Game"), [["spider", t("Spider")], ["spiderette", t("Spiderette")]], game));
  form.append(radioGroup("suits", t("Suits"), [
    [1, t("1 suit (Easy)")], [2, t("2 suits (Medium)")], [4, t("4 suits (Hard)")],
  ], suits));
  const rulesSet = radioGroup("rules", t("Rules"), [["classic", t("Classic")], ["relaxed", t("Relaxed")]], rules);
  rulesSet.append(el("p", { class: "hint-text", text: t("Relaxed rules let a descending run of mixed suits move together.") }));
  form.append(rulesSet);
  const profileSelect = el("select", { id: "new-profile", name: "profile" },
    el("option", { value: "standard", text: t("Standard: 500 points, 100 undos") }),
    el("option", { value: "timed", text: t("Timed: points for speed, unlimited undo") }),
    el("option", { value: "moves", text: t("Moves only: no score, unlimited undo") }));
  profileSelect.value = profile;
  form.append(el("p", { class: "field" }, el("label", { for: "new-profile", text: t("Scoring") }), profileSelect));
  const statsBox = el("section", { id: "new-stats", class: "stats-box", "aria-labelledby": "new-stats-h" });
  form.append(statsBox);
  const codeInput = el("input", {
    id: "new-code", name: "code", type: "text", autocomplete: "off", spellcheck: "false",
    placeholder: "SP1-S2C-ABCDEFG", "aria-describedby": "new-code-help",
  });
  form.append(el("p", { class: "field" },
    el("label", { for: "new-code", text: t("Game code (optional)") }), codeInput,
    el("span", { id: "new-code-help", class: "hint-text", text: t("Enter a code to play that exact deal.") })));
  // an add-on may add fields (assist.js: "Winnable deals only")
  document.dispatchEvent(new CustomEvent("spider:new-game-form", { detail: { form } }));
  const error = el("p", { class: "error", role: "alert" });
  form.append(error);
  const buttons = el("div", { class: "buttons" });
  const playButton = el("button", { type: "submit", class: "primary", value: "play", text: t("Play") });
  buttons.append(playButton);
  if (state.current && !state.view) {
    buttons.append(el("button", {
      type: "button", class: "primary", text: t("Continue"),
      "aria-describedby": "continue-desc",
      onclick: () => continueGame(),
    }));
    const cur = state.current;
    form.insertBefore(el("p", { id: "continue-desc", class: "continue-desc",
      text: t("Unfinished game: {level}, {moves}.", {
        level: levelName(cur.game, cur.suits, cur.rules),
        moves: tn("{n} move", "{n} moves", cur.moves),
      }) }), form.children[1]);
  }
  if (state.view) {
    buttons.append(el("button", { type: "button", text: t("Cancel"), onclick: () => closeDialog(dialog) }));
  }
  form.append(buttons);

  const read = () => {
    const data = new FormData(form);
    return {
      game: data.get("game"), suits: Number(data.get("suits")), rules: data.get("rules") || "classic",
      profile: data.get("profile"), code: String(data.get("code") || "").trim(),
    };
  };
  const refresh = () => {
    const choice = read();
    const hasRules = choice.game === "spider" && choice.suits > 1;
    rulesSet.hidden = !hasRules;
    for (const input of rulesSet.querySelectorAll("input")) input.disabled = !hasRules;
    loadStats(levelKey(choice.game, choice.suits, choice.rules), statsBox,
      t("Your statistics: {level}", { level: levelName(choice.game, choice.suits, choice.rules) }));
  };
  form.addEventListener("change", (event) => {
    if (event.target.name !== "code" && event.target.name !== "profile") refresh();
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const choice = read();
    const body = { game: choice.game, suits: choice.suits, rules: choice.game === "spider" && choice.suits > 1 ? choice.rules : "classic", profile: choice.profile };
    if (choice.code) {
      delete body.game;
      delete body.suits;
      delete body.rules;
      body.code = choice.code;
    }
    document.dispatchEvent(new CustomEvent("spider:new-game-body", { detail: { body, form } }));
    playButton.disabled = true;
    try {
      const view = await api.newGame(body);
      if (choice.profile !== state.settings.profile) saveSettings({ profile: choice.profile });
      closeDialog(dialog);
      startGame(view);
      document.dispatchEvent(new CustomEvent("spider:new-game", { detail: { view, body } }));
    } catch (e) {
      error.textContent = e instanceof ApiError ? e.body.message || t("That game could not be started.")
        : t("The server could not be reached. Try again.");
      playButton.disabled = false;
    }
  });
  dialog.replaceChildren(form);
  refresh();
  openDialog(dialog);
}

function startGame(view) {
  returnFocus = null; // the table takes the focus, not the button that opened the dialog
  state.current = null;
  state.view = view;
  state.selected = null;
  state.focus = null;
  state.paused = false;
  applyPause();
  setClock(view.elapsed || 0);
  render();
  syncClock();
  announce(t("New game: {level}. {description}", {
    level: levelName(view.game, view.suits, view.rules), description: view.description || "",
  }));
  applyRovingFocus(true);
}

async function continueGame() {
  // Ask again: the timer saved as the last page closed may have landed after this page loaded.
  let view = state.current;
  try {
    view = await api.current();
  } catch (_) {
    // keep the view from page load (the game can still be played from it)
  }
  closeDialog($("dlg-new"));
  startGame(view);
  announce(t("Continuing your game. {description}", { description: view.description || "" }));
}

async function showResult() {
  const v = state.view;
  const dialog = $("dlg-result");
  const content = el("div", { class: "result" });
  content.append(el("h2", { id: "dlg-result-title", text: t("You won!") }));
  const summary = el("dl", { class: "stats summary" });
  const row = (label, value) => summary.append(el("div", {}, el("dt", { text: label }), el("dd", { text: String(value) })));
  row(t("Moves"), v.moves);
  row(t("Time"), formatTime(v.elapsed || elapsed()));
  if (v.score !== null && v.score !== undefined) row(t("Score"), v.score);
  row(t("Sequences"), `${v.removed}/${v.sequences}`);
  content.append(summary);
  const statsBox = el("section", { id: "result-stats", class: "stats-box", "aria-labelledby": "result-stats-h" });
  content.append(statsBox);
  content.append(el("div", { class: "buttons" },
    el("button", { type: "button", class: "primary", text: t("New game"), onclick: () => { closeDialog(dialog); openNewGame(); } }),
    el("button", { type: "button", text: t("Close"), onclick: () => closeDialog(dialog) })));
  dialog.replaceChildren(content);
  await loadStats(levelKey(v.game, v.suits, v.rules), statsBox,
    t("Your statistics: {level}", { level: levelName(v.game, v.suits, v.rules) }));
  openDialog(dialog);
}

async function openHelp() {
  const dialog = $("dlg-help");
  const body = el("div", { class: "help-body" });
  const title = el("h2", { id: "dlg-help-title", text: t("Help"), tabindex: "-1", autofocus: true });
  dialog.replaceChildren(el("div", { class: "help" }, title, body,
    el("div", { class: "buttons" }, el("button", { type: "button", class: "primary", text: t("Close"), onclick: () => closeDialog(dialog) }))));
  openDialog(dialog);
  try {
    const help = await api.help();
    title.textContent = help.title || t("Help");
    for (const section of help.sections || []) {
      body.append(el("h3", { text: section.title }));
      for (const p of section.paragraphs || []) body.append(el("p", { text: p }));
    }
  } catch (_) {
    body.append(el("p", { text: t("The rules could not be loaded.") }));
  }
}

function openSettings() {
  const dialog = $("dlg-settings");
  const s = state.settings;
  const form = el("form", { method: "dialog", class: "settings" });
  form.append(el("h2", { id: "dlg-settings-title", text: t("Settings") }));
  const check = (name, label) => {
    const id = `set-${name}`;
    form.append(el("p", { class: "check" },
      el("input", { type: "checkbox", id, name, checked: Boolean(s[name]) }),
      el("label", { for: id, text: label })));
  };
  check("double_click", t("Double-click or double-tap sends the cards to the best column"));
  check("single_tap", t("A single tap sends the cards to the best column"));
  check("auto_place", t("Auto-placement: cards dropped where they cannot go move to the best column"));
  check("placement_help", t("Placement help: highlight the columns that accept the cards"));
  check("sound", t("Sound"));
  const fourId = "set-four-colours";
  form.append(el("p", { class: "check" },
    el("input", { type: "checkbox", id: fourId, name: "four_colours", checked: fourColours() }),
    el("label", { for: fourId, text: t("Four-colour suits: diamonds blue, clubs green") })));
  const profile = el("select", { id: "set-profile", name: "profile" },
    el("option", { value: "standard", text: t("Standard: 500 points, 100 undos") }),
    el("option", { value: "timed", text: t("Timed: points for speed, unlimited undo") }),
    el("option", { value: "moves", text: t("Moves only: no score, unlimited undo") }));
  profile.value = s.profile || "standard";
  form.append(el("p", { class: "field" }, el("label", { for: "set-profile", text: t("Scoring for new games") }), profile));
  // Language names are written in their own language, so they are not translated.
  const language = el("select", { id: "set-lang", name: "lang" },
    el("option", { value: "en", text: "English", lang: "en" }),
    el("option", { value: "ru", text: "Русский", lang: "ru" }),
    el("option", { value: "sk", text: "Slovenčina", lang: "sk" }),
    el("option", { value: "fi", text: "Suomi", lang: "fi" }));
  language.value = s.lang || "en";
  form.append(el("p", { class: "field" }, el("label", { for: "set-lang", text: t("Language") }), language));
  form.append(el("div", { class: "buttons" },
    el("button", { type: "button", class: "primary", text: t("Close"), onclick: () => closeDialog(dialog) })));
  form.addEventListener("change", async (event) => {
    const target = event.target;
    if (target.name === "four_colours") {
      setFourColours(target.checked);
      return;
    }
    const change = {};
    change[target.name] = target.type === "checkbox" ? target.checked : target.value;
    await saveSettings(change);
    if (target.name === "lang") {
      await switchLanguage(target.value);
      openSettings();
      $("set-lang").focus();
    }
  });
  dialog.replaceChildren(form);
  openDialog(dialog);
}

// Four-colour suits are a look of this browser only, kept in localStorage (never anything about cards).
function fourColours() {
  try {
    return localStorage.getItem("spider.fourColours") === "1";
  } catch (_) {
    return false;
  }
}

function setFourColours(on) {
  document.body.classList.toggle("four-colours", on);
  try {
    localStorage.setItem("spider.fourColours", on ? "1" : "0");
  } catch (_) {
    // storage may be unavailable; the choice then lasts for this page
  }
}

async function saveSettings(change) {
  Object.assign(state.settings, change);
  if ("sound" in change) {
    setSound(change.sound);
    updateSoundButton();
  }
  try {
    const saved = await api.saveSettings(change);
    if (saved && typeof saved === "object") Object.assign(state.settings, saved.settings || saved);
  } catch (_) {
    remind(t("The settings could not be saved."));
  }
}

async function switchLanguage(lang) {
  await loadLanguage(lang);
  applyTexts();
  // The server's texts (description, reminders) follow the saved language; fetch them anew.
  if (state.view) {
    try {
      const fresh = await api.current();
      if (fresh && fresh.id === state.view.id) state.view = fresh;
    } catch (_) {
      // keep the old view
    }
  }
  render();
}

// ----- menu, pause, toolbar ------------------------------------------------------------------

function openMenu() {
  $("menu").hidden = false;
  $("btn-menu").setAttribute("aria-expanded", "true");
  const first = $("menu").querySelector("button:not([disabled])");
  if (first) first.focus();
}

function closeMenu(focusButton = false) {
  if ($("menu").hidden) return;
  $("menu").hidden = true;
  $("btn-menu").setAttribute("aria-expanded", "false");
  if (focusButton) $("btn-menu").focus();
}

function applyPause() {
  const content = $("table-content");
  $("pause-cover").hidden = !state.paused;
  content.classList.toggle("hidden", state.paused);
  if (state.paused) content.setAttribute("inert", "");
  else content.removeAttribute("inert");
  content.setAttribute("aria-hidden", state.paused ? "true" : "false");
  updatePauseButton();
}

function setPaused(paused) {
  if (!state.view) return;
  state.paused = paused;
  clearSelection();
  syncClock();
  if (paused) saveClock();
  applyPause();
  announce(paused ? t("Paused. The timer has stopped.") : t("Resumed."));
  if (paused) $("btn-resume").focus();
  else applyRovingFocus(true);
}

async function restart() {
  const v = state.view;
  if (!v) return;
  closeMenu();
  try {
    const view = await api.restart(v.id);
    startGame(view);
    announce(t("The deal starts again from the beginning."));
  } catch (e) {
    remind(e instanceof ApiError ? e.body.message || t("The deal could not be restarted.")
      : t("The server could not be reached. Try again."));
  }
}

function copyCode() {
  const code = state.view && state.view.code;
  if (!code) return;
  const done = () => remind(t("Game code {code} copied.", { code }));
  if (navigator.clipboard && navigator.clipboard.writeText) {
    navigator.clipboard.writeText(code).then(done, () => selectCode());
  } else selectCode();
}

function selectCode() {
  const range = document.createRange();
  range.selectNodeContents($("code"));
  const selection = window.getSelection();
  selection.removeAllRanges();
  selection.addRange(range);
  remind(t("Press Ctrl+C to copy the selected code."));
}

function describeTable() {
  if (state.view) announce(state.view.description || "");
}

function isTyping(event) {
  const target = event.target;
  return target && (target.isContentEditable || ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName));
}

function onGlobalKey(event) {
  const anyDialog = document.querySelector("dialog[open]");
  if (event.key === "Escape") {
    if (!$("menu").hidden) {
      closeMenu(true);
      event.preventDefault();
      return;
    }
    if (state.press && state.press.dragging) {
      onPointerCancel({ pointerId: state.press.id });
      return;
    }
    if (state.selected && !anyDialog) {
      clearSelection(true);
      event.preventDefault();
    }
    return;
  }
  if (anyDialog || isTyping(event)) return;
  const key = event.key.toLowerCase();
  if ((event.ctrlKey || event.metaKey) && !event.altKey && key === "z" && !event.shiftKey) {
    event.preventDefault();
    undo();
    return;
  }
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (state.paused) return;
  if (key === "d") {
    event.preventDefault();
    deal();
  } else if (key === "h") {
    // Reserved for the hint: whoever adds the Hint button gives it id="btn-hint".
    const hint = $("btn-hint");
    if (hint) {
      event.preventDefault();
      hint.click();
    }
  } else if (key === "t") {
    event.preventDefault();
    describeTable();
  } else if (event.key === "?") {
    event.preventDefault();
    openHelp();
  }
}

// ----- for add-ons ----------------------------------------------------------------------------
// The Hint button and "Can this game still be won?" go into #tool-slot (a Hint button with
// id="btn-hint" also gets the H key). An add-on module does `import { table } from "./app.js"`:
// table.view is the current view, table.send("3>7:2" | "deal") plays an action (animated and
// announced like any other), table.select(column, count) shows a group as picked up,
// table.announce(text) / table.remind(text) speak; "spider:view" fires on document after
// every render.
export const table = {
  get view() {
    return state.view;
  },
  get elapsed() {
    return elapsed();
  },
  send: (action) => act({ action }, {}),
  select: (column, count) => select(column, count),
  announce,
  remind,
  slot: () => $("tool-slot"),
  closeMenu: (focusButton = false) => closeMenu(focusButton),
  get paused() {
    return state.paused;
  },
};

// ----- start-up --------------------------------------------------------------------------------

function wire() {
  document.body.prepend(suitSprite());
  document.body.classList.toggle("four-colours", fourColours());
  const tableau = $("tableau");
  tableau.addEventListener("pointerdown", onPointerDown);
  tableau.addEventListener("pointermove", onPointerMove);
  tableau.addEventListener("pointerup", onPointerUp);
  tableau.addEventListener("pointercancel", onPointerCancel);
  tableau.addEventListener("click", onTableauClick);
  tableau.addEventListener("keydown", onTableauKey);
  tableau.addEventListener("focusin", (event) => {
    const b = event.target.closest("#tableau button");
    if (b) {
      state.focus = { col: Number(b.dataset.col), idx: Number(b.dataset.idx) };
      for (const other of focusables()) other.tabIndex = other === b ? 0 : -1;
    }
  });
  tableau.addEventListener("dragstart", (event) => event.preventDefault());
  $("stock").addEventListener("click", () => {
    clearSelection();
    deal();
  });
  $("btn-undo").addEventListener("click", () => undo());
  $("btn-new").addEventListener("click", () => openNewGame());
  $("btn-help").addEventListener("click", () => openHelp());
  $("btn-menu").addEventListener("click", () => ($("menu").hidden ? openMenu() : closeMenu(true)));
  $("btn-pause").addEventListener("click", () => {
    closeMenu();
    setPaused(!state.paused);
  });
  $("btn-resume").addEventListener("click", () => setPaused(false));
  $("btn-restart").addEventListener("click", () => restart());
  $("btn-sound").addEventListener("click", () => saveSettings({ sound: !soundOn() }));
  $("btn-describe").addEventListener("click", () => {
    closeMenu();
    describeTable();
  });
  $("btn-settings").addEventListener("click", () => openSettings());
  $("btn-copy").addEventListener("click", copyCode);
  document.addEventListener("keydown", onGlobalKey);
  document.addEventListener("pointerdown", (event) => {
    if (!event.target.closest(".menu-wrap")) closeMenu();
  });
  for (const dialog of document.querySelectorAll("dialog")) {
    dialog.addEventListener("close", () => {
      syncClock();
      restoreFocus();
    });
  }
  $("dlg-new").addEventListener("cancel", (event) => {
    if (!state.view) event.preventDefault(); // nothing to return to: a game must be chosen first
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") {
      syncClock();
      saveClock(true);
    } else syncClock();
  });
  window.addEventListener("pagehide", () => saveClock(true));
  let resizeTimer = null;
  window.addEventListener("resize", () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(() => {
      if (state.view) render(); // the whole table, so add-ons (the hint's highlight) lay out again too
    }, 80);
  });
  setInterval(tickClock, 1000);
}

/** Start the app; main.js calls it once every module has registered its listeners. */
export async function start() {
  wire();
  let player = null;
  try {
    player = await api.player();
  } catch (_) {
    player = null;
  }
  if (player) {
    state.settings = { ...DEFAULT_SETTINGS, ...(player.settings || {}) };
    if (player.lang) state.settings.lang = player.lang;
    state.current = player.current && player.current.status !== "won" ? player.current : null;
  }
  setSound(state.settings.sound !== false);
  await loadLanguage(state.settings.lang);
  applyTexts();
  render();
  if (!player) remind(t("The server could not be reached. Try again."));
  openNewGame();
  document.body.classList.add("ready");
}

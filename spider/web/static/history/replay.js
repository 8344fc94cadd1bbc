// The step-through replay of a finished game. It holds no rules: every step is the public view
// the server replays from the game's record (GET /api/games/{id}/replay/{step}), so a face-down
// card arrives only as a count. The board is drawn with the table's own card faces.
import { api } from "../core/api.js";
import { el } from "../core/dom.js";
import { formatTime } from "../core/format.js";
import { t, tc } from "../core/i18n.js";
import { drawFace } from "../table/cards.js";
import { describeEvents } from "../table/speech.js";

const SVG = "http://www.w3.org/2000/svg";
const PLAY_EVERY = 800; // ms between steps while playing
const DOWN_STEP = 0.1; // of a card's height: the strip of a face-down card that shows
const UP_STEP = 0.26; // … of a face-up card

/** Where each card of a column sits (px from the column's top), fanned tighter to fit `room`. */
export function fanOffsets(down, up, cardHeight, room) {
  const natural = (down * DOWN_STEP + Math.max(up - 1, 0) * UP_STEP) * cardHeight;
  const squeeze = natural > 0 && natural + cardHeight > room ? Math.max(room - cardHeight, 0) / natural : 1;
  const offsets = [];
  let top = 0;
  for (let i = 0; i < down + up; i += 1) {
    offsets.push(Math.round(top));
    top += (i < down ? DOWN_STEP : UP_STEP) * cardHeight * squeeze;
  }
  return offsets;
}

// The controls' icons (drawn: the media symbols are missing from many fonts), in a 16 × 16 box.
const ICONS = {
  first: "M3 2h2v12H3zM13 2v12L6 8z",
  previous: "M12 2v12L4 8z",
  play: "M4 2v12l9-6z",
  pause: "M3 2h4v12H3zM9 2h4v12H9z",
  next: "M4 2v12l8-6z",
  last: "M11 2h2v12h-2zM3 2v12l7-6z",
};

function icon(shape) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 16 16");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", ICONS[shape]);
  svg.append(path);
  return svg;
}

function drawBoard(board, view) {
  const count = view.columns.length;
  const gap = 4;
  const padding = parseFloat(getComputedStyle(board).paddingLeft) + parseFloat(getComputedStyle(board).paddingRight);
  const width = Math.max(board.clientWidth - (padding || 0), 200);
  const cw = Math.min(110, Math.floor((width - gap * (count - 1)) / count));
  const ch = Math.round(cw * 1.4);
  const room = Math.max(ch * 2, Math.round(window.innerHeight * 0.45));
  board.style.setProperty("--cw", `${cw}px`); // through CSSOM: the CSP refuses style attributes
  board.style.setProperty("--ch", `${ch}px`);
  board.classList.toggle("compact", cw < 46);
  let tallest = ch;
  const columns = view.columns.map((column) => {
    const offsets = fanOffsets(column.down, column.up.length, ch, room);
    const pile = el("div", { class: "replay-column" });
    if (!offsets.length) pile.append(el("div", { class: "replay-slot" }, el("div", { class: "empty" })));
    offsets.forEach((top, i) => {
      const card = i < column.down ? el("div", { class: "card down" })
        : el("div", { class: "card up" }, drawFace(column.up[i - column.down]));
      const slot = el("div", { class: "replay-slot" }, card);
      slot.style.top = `${top}px`;
      pile.append(slot);
    });
    tallest = Math.max(tallest, (offsets[offsets.length - 1] || 0) + ch);
    return pile;
  });
  board.style.setProperty("--board-h", `${tallest}px`);
  board.replaceChildren(...columns);
}

/** Show the replay of `game` (a row of GET /api/history) in `container`; `title` names it and
 * `back()` returns to the statistics. Returns a function that stops the replay. `options`, for
 * another line of play (the review's winning line): `step(n)` fetches step n's table, `heading`
 * replaces the title, and `back` null leaves out the back button and the focus move. */
export function showReplay(container, game, title, back, options = {}) {
  const load = options.step || ((step) => api.replay(game.id, step));
  const embedded = options.back === null;
  const views = new Map();
  let steps = null;
  let shown = -1;
  let wanted = 0;
  let timer = null;

  const heading = embedded ? el("h3", { text: options.heading })
    : el("h2", { id: "dlg-stats-title", tabindex: "-1", text: t("Replay: {game}", { game: title }) });
  const board = el("div", { class: "replay-board", role: "img", "aria-label": t("Loading…") });
  const figures = el("p", { class: "replay-figures" });
  const said = el("p", { class: "replay-said", role: "status" });
  const slider = el("input", { type: "range", min: "0", max: "0", value: "0", class: "replay-slider",
    "aria-label": t("Step") });
  const button = (shape, label, onclick) => el("button", { type: "button", "aria-label": label, title: label, onclick },
    icon(shape));
  const playButton = button("play", tc("replay", "Play"), () => (timer ? stop() : play()));
  playButton.classList.add("play");
  const controls = el("div", { class: "replay-controls", role: "group", "aria-label": t("Replay controls") },
    button("first", t("First step"), () => go(0)),
    button("previous", t("Previous step"), () => go(wanted - 1)),
    playButton,
    button("next", t("Next step"), () => go(wanted + 1)),
    button("last", t("Last step"), () => go(steps ?? 0)),
    slider);
  const backButton = el("button", { type: "button", class: "primary", text: t("Back to statistics"),
    onclick: () => { stop(); back(); } });
  container.replaceChildren(el("div", { class: "replay" }, heading, controls, said, board, figures,
    ...(embedded ? [] : [el("div", { class: "buttons" }, backButton)])));
  if (!embedded) heading.focus();
  let lastView = null; // the step on the board
  // The board is laid out again whenever its width changes (a resized or turned window): the
  // columns always fit it.
  let drawnWidth = 0;
  const resized = new ResizeObserver(() => {
    if (!board.isConnected) {
      resized.disconnect();
      return;
    }
    if (board.clientWidth !== drawnWidth && lastView) {
      drawnWidth = board.clientWidth;
      drawBoard(board, lastView);
    }
  });
  resized.observe(board);

  function setPlayButton(shape, label) {
    playButton.replaceChildren(icon(shape));
    playButton.setAttribute("aria-label", label);
    playButton.title = label;
  }

  function stop() {
    clearInterval(timer);
    timer = null;
    setPlayButton("play", tc("replay", "Play"));
  }

  function play() {
    if (steps !== null && wanted >= steps) go(0);
    setPlayButton("pause", t("Pause"));
    timer = setInterval(() => {
      if (steps !== null && wanted >= steps) stop();
      else go(wanted + 1);
    }, PLAY_EVERY);
  }

  async function fetchStep(step) {
    if (!views.has(step)) views.set(step, load(step));
    try {
      return await views.get(step);
    } catch (error) {
      views.delete(step); // not kept: asked again next time
      throw error;
    }
  }

  function show(view) {
    shown = view.step;
    steps = view.steps;
    slider.max = String(steps);
    slider.value = String(view.step);
    slider.setAttribute("aria-valuetext", t("Step {step} of {steps}", { step: view.step, steps }));
    lastView = view;
    drawnWidth = board.clientWidth;
    drawBoard(board, view);
    board.setAttribute("aria-label", view.description);
    const what = view.events ? describeEvents(view.events, view) : options.start || t("The deal.");
    said.textContent = `${t("Step {step} of {steps}", { step: view.step, steps })}: ${what}`;
    const parts = [t("Moves: {n}", { n: view.moves })];
    if (view.elapsed !== undefined) parts.push(t("Time: {time}", { time: formatTime(view.elapsed) }));
    parts.push(t("Sequences: {removed}/{sequences}", { removed: view.removed, sequences: view.sequences }));
    if (view.score !== null) parts.push(t("Score: {score}", { score: view.score }));
    figures.textContent = parts.join(" · ");
  }

  async function go(step) {
    wanted = Math.max(0, steps === null ? step : Math.min(step, steps));
    const asked = wanted;
    try {
      const view = await fetchStep(asked);
      if (asked === wanted && shown !== asked) show(view);
      if (timer && asked < view.steps) fetchStep(asked + 1).catch(() => {}); // ready before it is due
    } catch (_) {
      stop();
      said.textContent = t("The replay could not be loaded. Try again.");
    }
  }

  slider.addEventListener("input", () => go(Number(slider.value)));
  go(0);
  return stop;
}

// The step-through replay of a finished game. It holds no rules: every step is the public view
// the server replays from the game's record (GET /api/games/{id}/replay/{step}), so a face-down
// card arrives only as a count. The board is drawn with the table's own card faces.
import { api } from "../core/api.js";
import { el } from "../core/dom.js";
import { t } from "../core/i18n.js";
import { drawFace } from "../table/cards.js";
import { ReplayModel } from "./replay-model.js";

const SVG = "http://www.w3.org/2000/svg";
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
 * replaces the title, `start` says what step 0 is, and `back` null leaves out the back button and
 * the focus move. The model (replay-model.js) decides; this draws it and passes the clicks on. */
export function showReplay(container, game, title, back, options = {}) {
  const embedded = options.back === null;
  const model = new ReplayModel({
    load: options.step || ((step) => api.replay(game.id, step)),
    heading: embedded ? options.heading : t("Replay: {game}", { game: title }),
    start: options.start,
  });

  const heading = embedded ? el("h3", { text: model.state.heading })
    : el("h2", { id: "dlg-stats-title", tabindex: "-1", text: model.state.heading });
  const board = el("div", { class: "replay-board", role: "img", "aria-label": model.state.boardLabel });
  const figures = el("p", { class: "replay-figures" });
  const said = el("p", { class: "replay-said", role: "status" });
  const slider = el("input", { type: "range", min: "0", max: "0", value: "0", class: "replay-slider",
    "aria-label": t("Step") });
  const button = (shape, label, onclick) => el("button", { type: "button", "aria-label": label, title: label, onclick },
    icon(shape));
  const playButton = button(model.state.play.shape, model.state.play.label, () => model.toggle());
  playButton.classList.add("play");
  const controls = el("div", { class: "replay-controls", role: "group", "aria-label": t("Replay controls") },
    button("first", t("First step"), () => model.first()),
    button("previous", t("Previous step"), () => model.previous()),
    playButton,
    button("next", t("Next step"), () => model.next()),
    button("last", t("Last step"), () => model.last()),
    slider);
  const backButton = el("button", { type: "button", class: "primary", text: t("Back to statistics"),
    onclick: () => { model.stop(); back(); } });
  container.replaceChildren(el("div", { class: "replay" }, heading, controls, said, board, figures,
    ...(embedded ? [] : [el("div", { class: "buttons" }, backButton)])));
  if (!embedded) heading.focus();
  // The board is laid out again whenever its width changes (a resized or turned window): the
  // columns always fit it.
  let drawnWidth = 0;
  const resized = new ResizeObserver(() => {
    if (!board.isConnected) {
      resized.disconnect();
      return;
    }
    if (board.clientWidth !== drawnWidth && model.state.view) {
      drawnWidth = board.clientWidth;
      drawBoard(board, model.state.view);
    }
  });
  resized.observe(board);

  model.subscribe((now, before) => {
    if (now.play !== before.play) {
      playButton.replaceChildren(icon(now.play.shape));
      playButton.setAttribute("aria-label", now.play.label);
      playButton.title = now.play.label;
    }
    if (now.slider !== before.slider) {
      slider.max = String(now.slider.max);
      slider.value = String(now.slider.value);
      slider.setAttribute("aria-valuetext", now.slider.text);
    }
    if (now.view !== before.view) {
      drawnWidth = board.clientWidth;
      drawBoard(board, now.view);
    }
    if (now.boardLabel !== before.boardLabel) board.setAttribute("aria-label", now.boardLabel);
    if (now.said !== before.said) said.textContent = now.said.text;
    if (now.figures !== before.figures) figures.textContent = now.figures;
  });
  slider.addEventListener("input", () => model.go(Number(slider.value)));
  model.go(0);
  return () => model.stop();
}

// The win's celebration: the completed sequences' cards bounce out of their place one after
// another and leave trails on a canvas over the table, as in the classic desktop Spider. It is
// decorative (aria-hidden, no pointer events), stops when the result closes, and under
// prefers-reduced-motion it is one still picture of the same trails.
import { $, el } from "../core/dom.js";
import { RED } from "../table/cards.js";
import { currentMetrics } from "../table/layout.js";

const RANKS = ["K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "A"];
const SUIT_GLYPH = { S: "♠", H: "♥", D: "♦", C: "♣" };
const LAUNCH_EVERY = 110; // ms between two cards leaving their place
const LONGEST = 16000; // ms: the celebration ends by itself after this
const STILL_CARDS = 10;

const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** One card's picture, drawn once per card and size and stamped on every frame. */
function cardImage(card, w, h, scale) {
  const canvas = document.createElement("canvas");
  canvas.width = Math.ceil(w * scale);
  canvas.height = Math.ceil(h * scale);
  const g = canvas.getContext("2d");
  g.scale(scale, scale);
  const r = Math.max(3, w * 0.08);
  g.beginPath();
  g.roundRect(0.5, 0.5, w - 1, h - 1, r);
  g.fillStyle = "#fff";
  g.fill();
  g.strokeStyle = "#7d7d7d";
  g.stroke();
  const rank = card.slice(0, -1);
  const suit = card.slice(-1);
  g.fillStyle = RED.has(suit) ? "#c4122f" : "#141414";
  const font = Math.max(10, Math.round(w * 0.2));
  g.font = `700 ${font}px system-ui, sans-serif`;
  g.textBaseline = "top";
  g.fillText(`${rank}${SUIT_GLYPH[suit]}`, w * 0.08, h * 0.05);
  g.font = `${Math.round(w * 0.55)}px system-ui, sans-serif`;
  g.textAlign = "center";
  g.textBaseline = "middle";
  g.fillText(SUIT_GLYPH[suit], w / 2, h * 0.56);
  return canvas;
}

/** The path of a card thrown from (x, y): steps of [x, y] until it leaves the window's side. */
function* path(x, y, width, height, w, h, random) {
  const unit = height / 800; // the same flight at any window size
  const vx = (random() < 0.5 ? -1 : 1) * (2.5 + random() * 5) * unit;
  let vy = -(random() * 9) * unit;
  const gravity = 0.55 * unit;
  for (let step = 0; step < 2000; step += 1) {
    x += vx;
    y += vy;
    vy += gravity;
    if (y + h > height) {
      y = height - h;
      vy = -vy * 0.78;
    }
    if (x + w < 0 || x > width) return;
    yield [x, y];
  }
}

// A small seeded generator, so the still picture is the same every time.
function seeded(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/** Start the celebration for a won view; returns the function that ends it and takes its canvas
 *  (aria-hidden, data-still under reduced motion) away. A celebration already running stops first:
 *  its canvas leaves the page, and its frames stop with it. */
export function celebrate(view) {
  for (const old of $("fx").querySelectorAll("canvas.celebration")) old.remove();
  const width = window.innerWidth;
  const height = window.innerHeight;
  const scale = Math.min(window.devicePixelRatio || 1, 2); // sharp enough; more costs memory, not looks
  const canvas = el("canvas", { class: "celebration", "aria-hidden": "true" });
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  $("fx").append(canvas);
  const g = canvas.getContext("2d");
  g.scale(scale, scale);
  const m = currentMetrics();
  const w = Math.max(40, Math.round((m ? m.cw : 80) * 0.8));
  const h = Math.round(w * 1.4);
  const from = $("sets").getBoundingClientRect();
  const suits = (view.removed_suits || []).slice(0, view.removed).reverse();
  const cards = [];
  suits.forEach((suit, i) => {
    for (const rank of RANKS) {
      cards.push({ card: `${rank}${suit}`, x: Math.max(0, from.right - w - i * w * 0.3), y: from.top });
    }
  });
  const images = new Map();
  const image = (card) => {
    if (!images.has(card)) images.set(card, cardImage(card, w, h, scale));
    return images.get(card);
  };
  const random = seeded(cards.length * 7 + 11);
  if (reducedMotion()) {
    canvas.dataset.still = "true";
    // every few steps of the first cards' flights, drawn at once: the trails without the motion
    cards.slice(0, STILL_CARDS).forEach((c) => {
      let n = 0;
      for (const [x, y] of path(c.x, c.y, width, height, w, h, random)) {
        if (n++ % 6 === 0) g.drawImage(image(c.card), x, y, w, h);
      }
    });
    return () => canvas.remove();
  }
  const flying = [];
  let next = 0;
  let frame = 0;
  const started = performance.now();
  const tick = (now) => {
    const due = Math.floor((now - started) / LAUNCH_EVERY) + 1;
    while (next < Math.min(due, cards.length)) {
      const c = cards[next];
      flying.push({ card: c.card, steps: path(c.x, c.y, width, height, w, h, random) });
      next += 1;
    }
    for (let i = flying.length - 1; i >= 0; i -= 1) {
      const step = flying[i].steps.next();
      if (step.done) flying.splice(i, 1);
      else g.drawImage(image(flying[i].card), step.value[0], step.value[1], w, h);
    }
    const going = (next < cards.length || flying.length) && now - started < LONGEST;
    if (going && canvas.isConnected) frame = requestAnimationFrame(tick);
  };
  frame = requestAnimationFrame(tick);
  return () => {
    cancelAnimationFrame(frame);
    canvas.remove();
  };
}

// Short sounds synthesised with the Web Audio API: no files to download.
import { state, update } from "./state.js";

/** Whether the player has the sound on (the "sound" setting; on until they turn it off). */
export function soundOn() {
  return state.settings.sound !== false;
}

/** The page's audio context, made at the first sound (kept in the store); null without Web Audio. */
function ctx() {
  let context = state.audio;
  if (!context) {
    const Ctor = window.AudioContext || window.webkitAudioContext;
    if (!Ctor) return null;
    try {
      context = new Ctor();
    } catch (_) {
      return null;
    }
    update({ audio: context });
  }
  if (context.state === "suspended") context.resume().catch(() => {});
  return context;
}

/** @param {number} freq @param {number} start @param {number} duration
 * @param {{type?: OscillatorType, gain?: number, slide?: number}} [how] */
function tone(freq, start, duration, { type = "sine", gain = 0.08, slide = 0 } = {}) {
  const c = ctx();
  if (!c) return;
  const at = c.currentTime + start;
  const osc = c.createOscillator();
  const amp = c.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, at);
  if (slide) osc.frequency.exponentialRampToValueAtTime(freq * slide, at + duration);
  amp.gain.setValueAtTime(0.0001, at);
  amp.gain.exponentialRampToValueAtTime(gain, at + 0.01);
  amp.gain.exponentialRampToValueAtTime(0.0001, at + duration);
  osc.connect(amp).connect(c.destination);
  osc.start(at);
  osc.stop(at + duration + 0.02);
}

const SOUNDS = {
  move: () => tone(660, 0, 0.07, { type: "triangle", slide: 0.8 }),
  deal: () => {
    for (let i = 0; i < 5; i += 1) tone(420 + i * 30, i * 0.035, 0.05, { type: "triangle", gain: 0.05 });
  },
  refuse: () => tone(150, 0, 0.18, { type: "square", gain: 0.04, slide: 0.7 }),
  undo: () => tone(520, 0, 0.08, { type: "triangle", slide: 1.25 }),
  complete: () => [523, 659, 784].forEach((f, i) => tone(f, i * 0.08, 0.16, { gain: 0.07 })),
  win: () => [523, 659, 784, 1047, 784, 1047].forEach((f, i) => tone(f, i * 0.12, 0.3, { gain: 0.07 })),
};

/** @param {string} name */
export function play(name) {
  if (!soundOn() || !Object.hasOwn(SOUNDS, name)) return;
  try {
    SOUNDS[/** @type {keyof typeof SOUNDS} */ (name)]();
  } catch (_) {
    // Audio is a nicety; never let it break play.
  }
}

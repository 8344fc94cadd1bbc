// Action notation (spider/engine/notation.py): "F>T" (the part of F's movable group that fits T),
// "F>T:N" (exactly N cards), "deal", "undo" and "redo". Columns count from 1 in text, from 0 inside.
import { EngineError, PY_SPACE, pyRepr, pyStrip } from "./errors.js";

/** @typedef {{src: number, dst: number, size: number | null}} Move  size null: the part that fits */
/** @typedef {Move | "deal" | "undo" | "redo"} Action */

const S = `[${PY_SPACE}]*`;
// ASCII digits only, as the Python engine: other scripts' digits are no column.
const MOVE = new RegExp(`^${S}([0-9]{1,3})${S}>${S}([0-9]{1,3})${S}(?::${S}([0-9]{1,3}))?${S}$`);

/**
 * A move (size null for "F>T"), "deal", "undo" or "redo"; EngineError "bad_action" naming the bad text.
 * @param {unknown} text
 * @returns {Action}
 */
export function parseAction(text) {
  if (typeof text !== "string") {
    throw new EngineError("bad_action", "An action must be text such as '3>7', 'deal' or 'undo', not {action}",
      { action: pyRepr(text) });
  }
  const word = pyStrip(text).toLowerCase();
  if (word === "deal" || word === "undo" || word === "redo") return word;
  const m = MOVE.exec(text);
  if (!m) {
    throw new EngineError("bad_action", "Unknown action {action!r}: expected F>T, F>T:N, deal, undo or redo",
      { action: text });
  }
  const size = m[3] === undefined ? null : Number(m[3]);
  if (size === 0) throw new EngineError("bad_action", "Action {action!r}: a move takes at least one card", { action: text });
  return { src: Number(m[1]) - 1, dst: Number(m[2]) - 1, size };
}

/** @param {number} src @param {number} dst @param {number | null} [count] */
export function formatMove(src, dst, count = null) {
  return count === null ? `${src + 1}>${dst + 1}` : `${src + 1}>${dst + 1}:${count}`;
}

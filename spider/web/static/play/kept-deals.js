// Winnable deals kept on the device for a new game started with no network: two per level the
// player asks winnable deals of, each with the server's proof, so the game it starts is created on
// the server as a proven winnable, graded deal (docs/API.md, POST /api/deals/winnable). Refilled
// when such a game starts online; a player who never asks for one costs the solver's pool nothing.
import { api } from "../core/api.js";
import { keepDeal, keptDeals } from "../core/device.js";
import { online } from "../core/connection.js";

export const KEEP = 2;

/** Top up the deals kept for `level` ("spider-1-classic") to KEEP, while the server answers.
 * @param {string} level */
export async function refillDeals(level) {
  if (!online()) return;
  const [game, suits, rules] = level.split("-");
  try {
    for (let have = (await keptDeals(level)).length; have < KEEP; have += 1) {
      const deal = await api.winnableDeal({ game, suits: Number(suits), rules });
      await keepDeal({ key: `${level}/${deal.code}`, level, code: deal.code, grade: deal.grade, proof: deal.proof });
    }
  } catch (_) {
    // none ready, or no network: the next game's level asks again
  }
}

// Deal links: /?code=SP1-S2C-… opens that deal (asking first when it would cost a game in
// progress), and "share" copies such a link to the deal on the table.
import { api, ApiError } from "../core/api.js";
import { t } from "../core/i18n.js";
import { state } from "../core/state.js";
import { confirmLoss, gameInProgress } from "../dialogs/confirm.js";
import { remind } from "../table/speech.js";
import { openNewGame } from "./newgame.js";
import { continueGame, dealFirstGame, gameLost, startGame } from "./start.js";

export function dealLink(code) {
  const url = new URL("./", window.location.href); // the page's own address, under a sub-path too
  url.searchParams.set("code", code);
  return url.href;
}

/** The code of the deal link the page was opened with, taken off the address so that a reload
 * does not open (or ask about) it again; null without one. */
export function takeLinkedCode() {
  const url = new URL(window.location.href);
  const code = url.searchParams.get("code");
  if (code === null) return null;
  url.searchParams.delete("code");
  window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
  return code.trim();
}

/** Start the linked deal. The code is checked first: a bad one opens the new-game dialog with the
 * code and the reason next to it (over the game in progress, or a new deal: never blank felt),
 * without asking about a game it would not replace. */
export async function openLinkedDeal(code) {
  const refused = async (e) => {
    if (!state.view) await (state.current ? continueGame() : dealFirstGame());
    openNewGame({ code, error: e instanceof ApiError ? e.body.message || t("That game could not be started.")
      : t("The server could not be reached. Try again.") });
  };
  try {
    await api.checkCode(code);
  } catch (e) {
    await refused(e);
    return;
  }
  const losing = gameInProgress();
  if (losing && !(await confirmLoss(t("Open the deal {code}?", { code })))) {
    if (state.current && !state.view) await continueGame();
    return;
  }
  try {
    startGame(await api.newGame({ code, profile: state.settings.profile }));
    gameLost(losing);
  } catch (e) {
    await refused(e);
  }
}

/** Copy a link to this deal (the same cards for whoever opens it). */
export async function shareDeal() {
  const code = state.view && state.view.code;
  if (!code) return;
  const link = dealLink(code);
  try {
    await navigator.clipboard.writeText(link);
    remind(t("Link to deal {code} copied.", { code }));
  } catch (_) {
    remind(t("Link to this deal: {link}", { link })); // no clipboard: the link can be copied from here
  }
}

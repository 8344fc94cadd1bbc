// A link may choose the page's language: /?lang=ru. It is saved as the player's language setting,
// so it is remembered as a choice in the settings would be, and taken off the address (a reload
// or a bookmark then follows the settings, which the player may have changed since).
import { api } from "../core/api.js";

/** Save the language the page was opened with, if any, before the player and catalog load. */
export async function takeLinkedLanguage() {
  const url = new URL(window.location.href);
  const wanted = url.searchParams.get("lang");
  if (wanted === null) return;
  url.searchParams.delete("lang");
  window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
  try {
    await api.saveSettings({ lang: wanted.trim().toLowerCase() });
  } catch (_) {
    // an unknown language (the server refuses it) or no server: the player's language stays
  }
}

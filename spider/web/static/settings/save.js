// Saving a change of the player's settings: shown at once, then kept by the server.
import { api } from "../core/api.js";
import { t } from "../core/i18n.js";
import { updateSettings } from "../core/state.js";
import { updateSoundButton } from "../play/controls.js";
import { remind } from "../table/speech.js";

export async function saveSettings(change) {
  updateSettings(change);
  if ("sound" in change) updateSoundButton();
  try {
    const saved = await api.saveSettings(change);
    if (saved && typeof saved === "object") updateSettings(saved);
  } catch (_) {
    remind(t("The settings could not be saved."));
  }
}

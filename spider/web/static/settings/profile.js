// The scoring profiles as a select: the new-game dialog and the settings dialog both have one.
import { el } from "../core/dom.js";
import { state } from "../core/state.js";

/** A select of the catalog's scoring profiles with `value` (else the default) chosen. */
export function profileSelect(id, value) {
  const select = el("select", { id, name: "profile" },
    ...state.catalog.profiles.map((p) => el("option", { value: p.id, text: p.label })));
  select.value = value || state.catalog.default_settings.profile;
  return select;
}

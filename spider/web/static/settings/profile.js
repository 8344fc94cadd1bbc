// The scoring profiles as a select: the new-game dialog and the settings dialog both have one.
// The options carry the profiles' short names, so the select fits a narrow screen; the chosen
// profile's details are written under it.
import { el } from "../core/dom.js";
import { state } from "../core/state.js";
/** @import { Catalog } from "../api" */

/** A field of a label and a select of the catalog's scoring profiles with `value` (else the
 * default) chosen, the chosen one's details under it; `catalog`: the store's, by default.
 * @param {string} id @param {string | null | undefined} value @param {string} label
 * @param {Catalog} [catalog] */
export function profileField(id, value, label, catalog = /** @type {Catalog} */ (state.catalog)) {
  const select = el("select", { id, name: "profile", "aria-describedby": `${id}-details` },
    ...catalog.profiles.map((p) => el("option", { value: p.id, text: p.name })));
  select.value = value || catalog.default_settings.profile;
  const details = el("span", { id: `${id}-details`, class: "hint-text" });
  const describe = () => {
    const chosen = catalog.profiles.find((p) => p.id === select.value);
    details.textContent = chosen ? chosen.label : "";
  };
  select.addEventListener("change", describe);
  describe();
  return el("p", { class: "field" }, el("label", { for: id, text: label }), select, details);
}

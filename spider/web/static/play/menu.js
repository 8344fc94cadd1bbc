// The toolbar's menu: opening it (the focus goes to its first item) and closing it. While it is
// open it covers the table, so the clock waits.
import { $ } from "../core/dom.js";
import { syncClock } from "../table/clock.js";

export function openMenu() {
  $("menu").hidden = false;
  $("btn-menu").setAttribute("aria-expanded", "true");
  syncClock();
  const first = $("menu").querySelector(/** @type {"button"} */ ("button:not([disabled])"));
  if (first) first.focus();
}

export function closeMenu(focusButton = false) {
  if ($("menu").hidden) return;
  $("menu").hidden = true;
  $("btn-menu").setAttribute("aria-expanded", "false");
  syncClock();
  if (focusButton) $("btn-menu").focus();
}

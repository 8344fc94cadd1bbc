// A page for the node tests of the screens' views: the app's page (static/index.html, its table and
// menus, no script run) in linkedom, its document and window as the globals the modules use, so a
// screen is made and drawn with no browser. Import this before the modules.
import { readFileSync } from "node:fs";
import { parseHTML } from "linkedom";

const PAGE = readFileSync(new URL("../../spider/web/static/index.html", import.meta.url), "utf8")
  .replace(/<script[\s\S]*?<\/script>/g, "");
const { window, document } = parseHTML(PAGE);
const GLOBALS = ["window", "document", "Node", "Element", "HTMLElement", "HTMLDialogElement", "MutationObserver",
  "Event", "CustomEvent"];
for (const name of GLOBALS) globalThis[name] = name === "window" ? window : window[name];
globalThis.requestAnimationFrame ??= (fn) => setTimeout(fn, 0);
globalThis.matchMedia ??= () => ({ matches: false, addEventListener() {} });
// linkedom's <dialog> has no showModal(), close() or open: they work as the browser's, by the attribute
const dialogProto = document.createElement("dialog").constructor.prototype;
if (!("open" in dialogProto)) {
  Object.defineProperty(dialogProto, "open", { get() {
    return this.hasAttribute("open");
  } });
}
dialogProto.showModal ??= function showModal() {
  this.setAttribute("open", "");
};
dialogProto.close ??= function close() {
  this.removeAttribute("open");
  this.dispatchEvent(new window.Event("close"));
};
// nor a <select> whose value can be set: setting it picks the option of that value, as in a browser
const selectProto = document.createElement("select").constructor.prototype;
Object.defineProperty(selectProto, "value", {
  get() {
    const options = [...this.querySelectorAll("option")];
    const chosen = options.find((option) => option.hasAttribute("selected")) || options[0];
    return chosen ? chosen.getAttribute("value") ?? chosen.textContent : "";
  },
  set(value) {
    for (const option of this.querySelectorAll("option")) option.toggleAttribute("selected", option.getAttribute("value") === value);
  },
});
// nor an <input>'s checked: it reads and sets the attribute, as a box the player has not touched
const inputProto = document.createElement("input").constructor.prototype;
if (!("checked" in inputProto)) {
  Object.defineProperty(inputProto, "checked", {
    get() {
      return this.hasAttribute("checked");
    },
    set(on) {
      this.toggleAttribute("checked", Boolean(on));
    },
  });
}

/** A new <dialog> on the page, for a screen to draw into. */
export function newDialog() {
  const dialog = document.createElement("dialog");
  document.body.append(dialog);
  return dialog;
}

/** The text of each element `selector` finds in `root`, trimmed. */
export const texts = (root, selector) => [...root.querySelectorAll(selector)].map((node) => node.textContent.trim());

/** The button in `root` whose text is `text`. */
export function button(root, text) {
  const found = [...root.querySelectorAll("button")].find((node) => node.textContent.trim() === text);
  if (!found) throw new Error(`no button "${text}" among ${texts(root, "button").join(" | ")}`);
  return found;
}

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
// nor the capture phase: a listener added with {capture: true} hears the event first, from the
// outermost node in, and may stop it there (stopPropagation, stopImmediatePropagation), as in a browser
const targetProto = (() => {
  let proto = Object.getPrototypeOf(document);
  while (Object.getPrototypeOf(proto) && Object.getPrototypeOf(proto).addEventListener) proto = Object.getPrototypeOf(proto);
  return proto;
})();
const capturing = new WeakMap(); // node → type → Set of capture listeners
const { addEventListener: addListener, removeEventListener: removeListener, dispatchEvent: dispatch } = targetProto;
targetProto.addEventListener = function addEventListener(type, listener, options) {
  if (!(options === true || (options && options.capture))) return addListener.call(this, type, listener, options);
  if (!capturing.has(this)) capturing.set(this, new Map());
  const types = capturing.get(this);
  if (!types.has(type)) types.set(type, new Set());
  types.get(type).add(listener);
  return undefined;
};
targetProto.removeEventListener = function removeEventListener(type, listener, options) {
  if (!(options === true || (options && options.capture))) return removeListener.call(this, type, listener, options);
  capturing.get(this)?.get(type)?.delete(listener);
  return undefined;
};
targetProto.dispatchEvent = function dispatchEvent(event) {
  const path = [];
  for (let node = this; node; node = node.parentNode) path.unshift(node);
  let stopped = false;
  const { stopPropagation, stopImmediatePropagation } = event;
  event.stopPropagation = function stop() {
    stopped = true;
    return stopPropagation.call(this);
  };
  event.stopImmediatePropagation = function stopNow() {
    stopped = true;
    return stopImmediatePropagation.call(this);
  };
  event.target = this; // linkedom sets it (and takes it away) only as it dispatches
  for (const node of path) {
    event.currentTarget = node;
    for (const listener of capturing.get(node)?.get(event.type) || []) {
      if (typeof listener === "function") listener.call(node, event);
      else listener.handleEvent(event);
    }
    if (stopped) break;
  }
  delete event.target;
  delete event.currentTarget;
  return stopped ? !event.defaultPrevented : dispatch.call(this, event);
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

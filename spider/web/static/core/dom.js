// Small DOM helpers shared by the front end's modules.

/** The element with this id (the page's own, which are always there).
 * @param {string} id */
export const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** The button (or other form control that can be disabled) with this id.
 * @param {string} id */
export const $button = (id) => /** @type {HTMLButtonElement} */ (document.getElementById(id));

/** Make an element: attrs set attributes, "class", "text" (textContent) or "on…" listeners;
 * children (nodes or strings) are appended; null, undefined and false are skipped.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag @param {Record<string, any>} [attrs] @param {...(Node | string | null | undefined)} children
 * @returns {HTMLElementTagNameMap[K]} */
export const el = (tag, attrs = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
};

/** Resolves once the next frame is painted: for what may wait until the page shows what was drawn. */
export const afterPaint = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

// The production bundle's page names its files by their contents' hash (frontend/build.mjs): a map
// from each source path to its hashed one, read (and taken off the page) as the modules start. The
// modules themselves (development mode) have none.
/** @type {Record<string, string>} */
const assets = (() => {
  const block = typeof document === "undefined" ? null : document.getElementById("spider-assets");
  if (!block) return {};
  block.remove();
  return JSON.parse(block.textContent || "{}");
})();

/** Whether the page runs the production bundle. */
export const bundled = Object.keys(assets).length > 0;

/** Where a file of static/ is served: its hashed name in the bundle, else the path itself.
 * @param {string} path @returns {string} */
export function asset(path) {
  return assets[path] || path;
}

// A screen's module and its style sheet, loaded the first time the screen opens (once, however often
// asked): returns the function that loads it.
/** @template T @param {string} styleSheet @param {() => Promise<T>} load @returns {() => Promise<T>} */
export function lazyScreen(styleSheet, load) {
  /** @type {Promise<T> | null} */
  let screen = null;
  return () => {
    if (!screen) {
      const href = asset(styleSheet);
      if (!document.querySelector(`link[href="${href}"]`)) {
        document.head.append(el("link", { rel: "stylesheet", href }));
      }
      screen = load();
    }
    return screen;
  };
}

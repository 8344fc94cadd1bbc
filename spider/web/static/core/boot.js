// What the page's first answer carries (spider/web/boot.py, a JSON block): the player, the catalog,
// the language's texts and, for a first visit, the game the server dealt, each as its API call would
// answer it, so the first table is drawn with no request of its own. Taken once, and off the page:
// a later load (the server came back) asks the API, and the page keeps no stale copy of a view.

let boot;

/** The page's first data ({player, catalog, language, dealt}), or null: taken once. */
export function takeBoot() {
  if (boot === undefined) {
    const block = document.getElementById("spider-boot");
    boot = block ? JSON.parse(block.textContent) : null;
    if (block) block.remove();
  }
  const taken = boot;
  boot = null;
  return taken;
}

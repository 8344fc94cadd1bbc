// What the page's first answer carries (spider/web/boot.py, a JSON block): the player, the catalog,
// the language's texts and, for a first visit, the game the server dealt, each as its API call would
// answer it, so the first table is drawn with no request of its own. Taken once, and off the page:
// a later load (the server came back) asks the API, and the page keeps no stale copy of a view.

/** The page's first data ({player, catalog, language, dealt}), or null: taken once (the block
 * leaves the page, so a later call finds none). */
export function takeBoot() {
  const block = document.getElementById("spider-boot");
  if (!block) return null;
  block.remove();
  return JSON.parse(block.textContent);
}

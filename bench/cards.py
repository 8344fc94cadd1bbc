"""Pictures of every card face, the three card backs and the three table colours, drawn by the
app's own cards.js in headless Chromium, at three card widths (a phone's, a laptop's, a wide
screen's) and in four colours, so a person can look at them. Prints the files it wrote.

    python bench/cards.py [--out screenshots/cards]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))
sys.path.insert(0, str(ROOT))  # its conftest imports tests.conftest

from chromium import app_in_chromium  # noqa: E402

# Lays out every face at card width `cw` in the page's table, as .card buttons inside a .tableau
# (so the page's own CSS applies), then the backs and the table colours.
GALLERY_JS = """async ({ cw, four, backs }) => {
  const { drawFace, applyLooks } = await import('/static/table/cards.js');
  document.querySelectorAll('dialog[open]').forEach((d) => d.close());
  const app = document.getElementById('app');
  app.style.display = 'none'; // (the page's grid would override the hidden attribute)
  document.body.classList.toggle('four-colours', four);
  const sheet = document.createElement('div');
  sheet.className = cw < 56 ? 'tableau compact' : 'tableau'; // as render.js draws small cards
  sheet.id = 'gallery';
  sheet.style.setProperty('--cw', cw + 'px');
  sheet.style.setProperty('--ch', Math.round(cw * 1.4) + 'px');
  sheet.style.display = 'flex';
  sheet.style.flexWrap = 'wrap';
  sheet.style.gap = '6px';
  sheet.style.padding = '8px';
  const card = (cls) => {
    const b = document.createElement('button');
    b.className = cls;
    b.style.width = cw + 'px';
    b.style.height = Math.round(cw * 1.4) + 'px';
    b.style.flex = 'none';
    return b;
  };
  if (backs) {
    for (const back of ['blue', 'red', 'green']) {
      for (const felt of ['green', 'blue', 'wine']) {
        const cell = document.createElement('div');
        cell.className = `back-${back} felt-${felt}`;
        cell.style.background = 'var(--felt)';
        cell.style.padding = '10px';
        cell.append(card('card down'));
        sheet.append(cell);
      }
    }
  } else {
    for (const suit of 'SHDC') {
      for (const rank of ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K']) {
        const b = card('card up');
        b.append(drawFace(rank + suit));
        sheet.append(b);
      }
    }
  }
  document.body.append(sheet);
  applyLooks({});
  await new Promise((r) => setTimeout(r, 600));
}"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "screenshots" / "cards")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with app_in_chromium() as (browser, url):
        shots = [(cw, False, False) for cw in (34, 60, 90, 118)] + [(90, True, False), (90, False, True)]
        for cw, four, backs in shots:
            for scheme in ("light", "dark") if backs else ("light",):
                page = browser.new_page(viewport={"width": 14 * (cw + 6) + 20, "height": 900}, color_scheme=scheme)
                page.goto(url + "/")
                page.locator("body.ready").wait_for(state="attached")
                page.evaluate(GALLERY_JS, {"cw": cw, "four": four, "backs": backs})
                name = "backs" if backs else f"faces-{cw}{'-four' if four else ''}"
                path = args.out / f"{name}{'-dark' if scheme == 'dark' else ''}.png"
                page.locator("#gallery").screenshot(path=str(path))
                print(path)
                page.close()


if __name__ == "__main__":
    main()

// Makes spider/web/static/art/court-*.svg, the court cards' pictures, from the CC0 package
// @letele/playing-cards (Adrian Kennard's public-domain deck as React components):
//
//   npm pack @letele/playing-cards@0.1.0 && tar xzf letele-playing-cards-0.1.0.tgz
//   node scripts/court-art.mjs package/dist/index.esm.js spider/web/static/art
//
// Each file keeps the framed picture and its two large suit pips, and drops the corner indices
// (the page draws its own). The pips are filled with currentColor, so the four-colour option and
// the page's suit colours reach them through <use>. Run once; the output is committed.
import fs from "node:fs";
import path from "node:path";

const [source, outDir] = process.argv.slice(2);
let src = fs.readFileSync(source, "utf8").replace(/^import .*$/gm, "");
src = src.replace(/^export \{([^}]*)\};?/m, (_, names) => `return {${names.split(",").map((p) => {
  const [local, exported] = p.trim().split(" as ");
  return `${exported}: ${local}`;
}).join(", ")}};`);
const React = {
  createElement(tag, props, ...children) {
    if (typeof tag === "function") return tag({ ...(props || {}), children });
    return { tag, props: props || {}, children: children.flat().filter((c) => c != null && c !== false) };
  },
};
const deck = new Function("React", "_extends", src)(React, Object.assign);

// React's names back to SVG's: most are kebab-case, a few keep their camelCase.
const CAMEL = new Set(["viewBox", "preserveAspectRatio", "patternUnits", "gradientUnits", "gradientTransform"]);
const attrName = (k) => (k === "xlinkHref" ? "href" : CAMEL.has(k) ? k : k.replace(/[A-Z]/g, (m) => `-${m.toLowerCase()}`));
const esc = (s) => String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");

function serialise(node, ids) {
  if (typeof node !== "object") return esc(node);
  const attrs = [];
  for (const [k, v] of Object.entries(node.props)) {
    if (v == null || ["children", "className", "aria-labelledby", "xmlnsXlink", "title", "titleId"].includes(k)) continue;
    let value = String(v);
    if (k === "id" || k === "xlinkHref" || k === "href") value = value.replace(/^(#?)[A-Z]-[A-Z]+_svg__/, "$1");
    attrs.push(`${attrName(k)}="${esc(value)}"`);
  }
  if (node.tag === "path" && ids.pip) attrs.push('fill="currentColor"');
  const inner = node.children.map((c) => serialise(c, ids)).join("");
  return `<${node.tag}${attrs.length ? " " + attrs.join(" ") : ""}>${inner}</${node.tag}>`;
}

fs.mkdirSync(outDir, { recursive: true });
for (const suit of "SHDC") {
  for (const rank of "JQK") {
    const svg = deck[`${suit}${rank.toLowerCase()}`]({});
    const [defs, ...body] = svg.children;
    const keptDefs = defs.children.filter((d) => !String(d.props.id).endsWith("__h")); // the corner letter
    const defsText = keptDefs.map((d) => {
      const pip = String(d.props.id).endsWith("__a");
      if (pip) d.children.forEach((p) => { delete p.props.fill; });
      return serialise(d, { pip });
    }).join("");
    // The picture: every <use> in the frame (x = -82.4) and the large pips (55.68 wide); not the card's
    // rectangle nor the small corner marks.
    const keep = (n) => n.tag === "use" && (n.props.x === -82.4 || n.props.width === 55.68 || String(n.props.xlinkHref).endsWith("__i"));
    const parts = [];
    for (const n of body) {
      if (keep(n)) parts.push(n);
      else if (n.tag === "g") {
        const inner = n.children.filter(keep);
        if (inner.length) parts.push({ ...n, children: inner });
      }
    }
    const picture = parts.map((n) => serialise(n, {})).join("");
    const text = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-92 -134 184 268"><defs>${defsText}</defs>`
      + `<g id="art">${picture}</g></svg>\n`;
    fs.writeFileSync(path.join(outDir, `court-${rank}${suit}.svg`), text);
  }
}

// The production front end: spider/web/static's modules bundled (Rollup, minified by esbuild) into
// spider/web/static/dist/, every file named by its content's hash, precompressed (gzip and Brotli),
// with the page that loads them (dist/index.html) and a manifest the server reads (dist/manifest.json).
// The table's code is the entry; the screens the modules import() (statistics, replay, review, daily
// deals, clubs) are chunks of their own, loaded when opened. Run by the install step (scripts/start,
// scripts/test, the Dockerfile): node frontend/build.mjs. Never committed; without it the server serves
// the modules themselves (development mode, docs/DEVELOPING.md "The production bundle").
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, extname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import * as esbuild from "esbuild";
import { rollup } from "rollup";

const here = dirname(fileURLToPath(import.meta.url));
const STATIC = join(here, "..", "spider", "web", "static");
const DIST = join(STATIC, "dist");
// written here first, then put in place at once: a server reading dist/ never sees half a build
const OUT = join(here, ".build");
const TARGET = ["es2020", "chrome90", "firefox90", "safari15"];

const minify = {
  name: "minify",
  async renderChunk(code) {
    const result = await esbuild.transform(code, { minify: true, format: "esm", target: TARGET, legalComments: "none" });
    return { code: result.code, map: null };
  },
};

/** Every source file under static/ but dist/ and the type declarations (tsconfig.json's), by its
 * path relative to static/ (posix), sorted. */
function sources(folder = STATIC) {
  const found = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (path !== DIST) found.push(...sources(path));
    } else if (!entry.name.endsWith(".d.ts")) {
      found.push(relative(STATIC, path).split(sep).join("/"));
    }
  }
  return found.sort();
}

/** Each source's SHA-256: the server serves this bundle only while every one is still as it was
 * (spider/web/frontend.py). */
function fingerprints(files) {
  return Object.fromEntries(files.map((file) => [file, createHash("sha256").update(readFileSync(join(STATIC, file))).digest("hex")]));
}

const shortHash = (bytes) => createHash("sha256").update(bytes).digest("base64url").slice(0, 10);

/** Write `bytes` as dist/<stem>-<hash><ext>; its name. */
function writeHashed(stem, ext, bytes) {
  const name = `${stem}-${shortHash(bytes)}${ext}`;
  writeFileSync(join(OUT, name), bytes);
  return name;
}

async function minifiedCss(files) {
  const text = files.map((file) => readFileSync(join(STATIC, file), "utf8")).join("\n");
  return (await esbuild.transform(text, { loader: "css", minify: true, target: TARGET })).code;
}

/** Each file with a .gz and a .br beside it where that is smaller (the server picks by Accept-Encoding). */
function precompress(names) {
  for (const name of names) {
    const bytes = readFileSync(join(OUT, name));
    const gzip = gzipSync(bytes, { level: 9 });
    const brotli = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
    if (gzip.length < bytes.length) writeFileSync(join(OUT, `${name}.gz`), gzip);
    if (brotli.length < bytes.length) writeFileSync(join(OUT, `${name}.br`), brotli);
  }
}

/** The dev page with its stylesheets, preloads and script replaced by the bundle's (between the
 * <!-- assets --> markers of static/index.html). */
function bundledPage(tags) {
  const page = readFileSync(join(STATIC, "index.html"), "utf8");
  const marked = /<!-- assets -->[\s\S]*<!-- \/assets -->/;
  if (!marked.test(page)) throw new Error("static/index.html has no <!-- assets --> … <!-- /assets --> block");
  return page.replace(marked, tags.join("\n"));
}

async function build() {
  const files = sources();
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });

  // Rollup splits the code: a screen's chunk imports what the table's code already has from it, so
  // the table is one file (esbuild's splitting would make a chunk of each set of shared modules, each
  // a request of the first load). esbuild minifies each chunk.
  const bundle = await rollup({ input: join(STATIC, "main.js"), plugins: [minify], onwarn: (w) => { throw new Error(w.message); } });
  const { output } = await bundle.write({
    dir: OUT,
    format: "es",
    entryFileNames: "[name]-[hash].js",
    chunkFileNames: "[name]-[hash].js",
  });
  await bundle.close();
  const entryChunk = output.find((chunk) => chunk.type === "chunk" && chunk.isEntry);
  const entry = entryChunk.fileName;
  // what the entry imports statically is preloaded with it; the screens' chunks wait to be opened
  const preload = entryChunk.imports;

  // The table's styles in one file; the screens' and the court art under hashed names the modules
  // ask for through the page's asset map (core/dom.js asset()).
  const tableCss = writeHashed("table", ".css", await minifiedCss(["style.css", "cards.css"]));
  const assets = {};
  for (const file of files.filter((f) => f.endsWith(".css") && !["style.css", "cards.css"].includes(f))) {
    assets[`static/${file}`] = `static/dist/${writeHashed(basename(file, ".css"), ".css", await minifiedCss([file]))}`;
  }
  for (const file of files.filter((f) => f.startsWith("art/") && f.endsWith(".svg"))) {
    const name = writeHashed(basename(file, ".svg"), ".svg", readFileSync(join(STATIC, file)));
    assets[`static/${file}`] = `static/dist/${name}`;
  }
  const icon = writeHashed("icon", ".svg", readFileSync(join(STATIC, "icons", "icon.svg")));

  const hashed = readdirSync(OUT).filter((name) => [".js", ".css", ".svg"].includes(extname(name)));
  precompress(hashed);
  const page = bundledPage([
    '<link rel="manifest" href="static/manifest.webmanifest">',
    `<link rel="icon" href="static/dist/${icon}" type="image/svg+xml">`,
    '<link rel="apple-touch-icon" href="static/icons/icon-192.png">',
    `<link rel="stylesheet" href="static/dist/${tableCss}">`,
    ...preload.map((name) => `<link rel="modulepreload" href="static/dist/${name}">`),
    `<script type="module" src="static/dist/${entry}"></script>`,
    `<script type="application/json" id="spider-assets">${JSON.stringify(assets)}</script>`,
  ]);
  writeFileSync(join(OUT, "index.html"), page);
  const manifest = {
    sources: fingerprints(files),
    version: shortHash(hashed.sort().join("\n")),
    entry,
    files: hashed, // every hashed file, what the service worker precaches
  };
  writeFileSync(join(OUT, "manifest.json"), `${JSON.stringify(manifest, null, 1)}\n`);
  rmSync(DIST, { recursive: true, force: true });
  renameSync(OUT, DIST);
  const sizes = (names) => names.reduce((sum, name) => sum + readFileSync(join(DIST, `${name}.br`)).length, 0);
  console.log(`frontend/build.mjs: ${hashed.length} files in spider/web/static/dist; the first load's code and`
    + ` styles ${sizes([entry, ...preload, tableCss])} bytes (Brotli)`);
}

await build();

// ESLint for the front end's modules (browser, ES modules, no build step) and these node tests.
// Run from the repository root (scripts/test does):
//   tests/js/node_modules/.bin/eslint -c tests/js/eslint.config.mjs spider/web/static tests/js
// A module over 300 lines is an error: each has one job. No import cycle, at any depth; and a
// folder imports only from the folders before it in LAYERS (docs/DEVELOPING.md, "Front end").
import { fileURLToPath } from "node:url";
import js from "@eslint/js";
import globals from "globals";
import importX from "eslint-plugin-import-x";

const STATIC = fileURLToPath(new URL("../../spider/web/static/", import.meta.url));

// The front end's folders, most basic first; app.js and main.js (the root) come after them all.
const LAYERS = ["core", "table", "play", "dialogs", "settings", "game", "assist", "history", "daily", "clubs"];
const ROOT_MODULES = ["app.js", "main.js"];

// What each folder may not import: every folder after it and the root modules. assist/ and
// history/ are add-ons of the same rank, so neither imports the other; daily/ (the daily deals'
// screen) may reach history/'s replay, and clubs/ comes last: it shows daily/'s boards.
const layerZones = LAYERS.map((layer, i) => ({
  target: `${STATIC}${layer}`,
  from: [...LAYERS.slice(i + 1).filter((later) => !(layer === "assist" && later === "history")),
    ...ROOT_MODULES].map((name) => `${STATIC}${name}`),
  message: `${layer}/ imports only from the folders before it (docs/DEVELOPING.md, "Front end").`,
}));
layerZones.push({ target: `${STATIC}history`, from: `${STATIC}assist`, message: "assist/ and history/ are separate add-ons." });
layerZones.push({ target: `${STATIC}daily`, from: `${STATIC}assist`, message: "daily/ plays games; it needs none of assist/." });

export default [
  js.configs.recommended,
  {
    files: ["spider/web/static/**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.browser },
    plugins: { "import-x": importX },
    rules: {
      "no-unused-vars": ["error", { caughtErrors: "none" }],
      eqeqeq: ["error", "always"],
      "no-var": "error",
      "prefer-const": "error",
      "no-console": "error",
      "no-new-func": "error",
      "no-implied-eval": "error",
      "max-lines": ["error", { max: 300, skipBlankLines: false, skipComments: false }],
      "import-x/no-cycle": "error", // maxDepth defaults to no limit
      "import-x/no-unresolved": "error",
      "import-x/named": "error",
      "import-x/no-restricted-paths": ["error", { zones: layerZones }],
      // No module-level mutable variable: state lives in the one store (core/state.js) or in what
      // a factory made (a screen, a dialog), so a part can be made and tested on its own.
      "no-restricted-syntax": ["error", {
        selector: "Program > VariableDeclaration[kind='let'], Program > ExportNamedDeclaration > VariableDeclaration[kind='let']",
        message: "No module-level `let`: keep the state in core/state.js's store or in a factory's closure.",
      }],
    },
  },
  {
    files: ["tests/js/**/*.mjs"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.node },
  },
  { ignores: ["tests/js/node_modules/**", "spider/web/static/dist/**"] },
];

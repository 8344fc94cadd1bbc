// ESLint for the front end's modules (browser, ES modules, no build step) and these node tests.
// Run from the repository root (scripts/test does):
//   tests/js/node_modules/.bin/eslint -c tests/js/eslint.config.mjs spider/web/static tests/js
// A module over 300 lines is an error: each has one job.
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    files: ["spider/web/static/**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.browser },
    rules: {
      "no-unused-vars": ["error", { caughtErrors: "none" }],
      eqeqeq: ["error", "always"],
      "no-var": "error",
      "prefer-const": "error",
      "no-console": "error",
      "no-new-func": "error",
      "no-implied-eval": "error",
      "max-lines": ["error", { max: 300, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    files: ["tests/js/**/*.mjs"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.node },
  },
  { ignores: ["tests/js/node_modules/**"] },
];

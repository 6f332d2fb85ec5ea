// eslint for the browser code in static/js and the Node check in tests/js, run by .ci/run
// (`npm ci --prefix .ci/eslint`, then `.ci/eslint/node_modules/.bin/eslint -c <this file>`).
// The recommended rules; the director's pages load classic scripts, the players' screen ES
// modules. The service worker is a Django template (templates/sessions_app/table/sw.js), not
// JavaScript until rendered.
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    files: ["static/js/*.js"],
    languageOptions: { sourceType: "script", globals: globals.browser },
  },
  {
    files: ["static/js/table/*.js", "tests/js/*.mjs"],
    languageOptions: { sourceType: "module", globals: globals.browser },
  },
  {
    files: ["tests/js/*.mjs"],
    languageOptions: { globals: globals.node },
  },
];

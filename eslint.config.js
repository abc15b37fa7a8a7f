// The JavaScript linter's rules (make lint: ESLint, pinned in package.json): one style
// for every file in static/js/, modern JavaScript (const and let, arrow callbacks, ===),
// each file read in the scope the browser runs it in.
"use strict";

const js = require("@eslint/js");
const globals = require("globals");

// The one style, beyond ESLint's recommended rules.
const STYLE = {
  "no-var": "error",
  "prefer-const": "error",
  "prefer-arrow-callback": "error",
  "arrow-body-style": ["error", "as-needed"],
  "func-style": ["error", "declaration", { allowArrowFunctions: true }],
  "prefer-spread": "error",
  "object-shorthand": "error",
  eqeqeq: "error",
  // `if (!node) return;` on one line; a body on lines of its own is braced.
  curly: ["error", "multi-line"],
  "no-throw-literal": "error",
};

// Every file opens with a comment saying what it owns.
const header = {
  meta: {
    type: "suggestion",
    schema: [],
    messages: { missing: "Open the file with a comment saying what it owns." },
  },
  create(context) {
    return {
      Program(node) {
        const text = context.sourceCode.text;
        if (!text.startsWith("//") && !text.startsWith("/*")) {
          context.report({ node, loc: { line: 1, column: 0 }, messageId: "missing" });
        }
      },
    };
  },
};

module.exports = [
  {
    plugins: { project: { rules: { header } } },
    rules: { "project/header": "error" },
  },
  { ignores: [".venv/", "build/", "staticfiles/", "test-artifacts/", "test-results/"] },
  js.configs.recommended,
  { rules: STYLE },
  {
    // A page's classic script (<script src defer>): its own function scope, nothing
    // left in the page's global scope by accident.
    files: ["static/js/**/*.js"],
    ignores: ["static/js/sw.js", "static/js/pending.js", "static/js/engine-worker.js"],
    languageOptions: { sourceType: "script", globals: globals.browser },
    rules: { "no-implicit-globals": "error" },
  },
  {
    // The tap-to-enter tiles: a module (<script type="module">), run once per page.
    files: ["static/js/tiles.js"],
    languageOptions: { sourceType: "module" },
  },
  {
    // Pending (pending.js) is the one global the pages share with the service worker.
    files: ["static/js/ledger-form.js", "static/js/ledger-offline.js"],
    languageOptions: { globals: { Pending: "readonly" } },
  },
  {
    // pending.js runs in the pages and in the service worker (views.service_worker puts
    // it first in /sw.js).
    files: ["static/js/pending.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.browser, ...globals.serviceworker } },
  },
  {
    // The service worker, served at /sw.js after `const VERSION = "…";` and pending.js.
    files: ["static/js/sw.js"],
    languageOptions: {
      sourceType: "script",
      globals: { ...globals.serviceworker, VERSION: "readonly", Pending: "readonly" },
    },
  },
  {
    // The offline engine's Web Worker, started as a module worker by offline.js.
    files: ["static/js/engine-worker.js"],
    languageOptions: { sourceType: "module", globals: globals.worker },
  },
  {
    files: ["eslint.config.js"],
    languageOptions: { sourceType: "commonjs", globals: globals.node },
  },
];

"""The player's words and a region's wording, shared by the calculator, the ledger and
the API, and run as it is by the browser's offline engine (static/js/engine-worker.js).

Pure Python: it imports the standard library and ``rules``, never Django. The page's
language comes in as a ``presentation.language.Language`` (the server's adapts Django's
translation; the worker's reads the same compiled catalogues).

- ``language``: the page's language, and gettext through it;
- ``regions``: a region's names, house rules, streaks and payment sentence in words;
- ``seats``: seats and amounts as the pages write them;
- ``messages``: the engine's problem codes as sentences for players;
- ``tiles``: tile names and pictures;
- ``results``: a response as the result panel shows it (plain data);
- ``page``: the result panel's HTML, the one markup online and offline (``html``: its
  escaping);
- ``form``: a calculator or waits form's fields as an engine request, and the engine's
  objections on the form's fields;
- ``offline``: the browser worker's entry.
"""

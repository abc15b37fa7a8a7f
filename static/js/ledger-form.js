// A ledger hand's form (a win, a draw, a paper result). Two things for recording with no
// network (static/js/ledger-offline.js):
// - a fresh key for each time the page is shown: the service worker shows a kept form
//   again for the next hand offline, and each hand kept must be its own write (a form sent
//   twice from one showing keeps its key: the server then records it once);
// - where hands recorded with no network wait to be sent, which hand this one will be
//   (the service worker places it after them: static/js/pending.js).
(function () {
  "use strict";
  var bytes = new Uint8Array(16);
  window.crypto.getRandomValues(bytes);
  var key = btoa(String.fromCharCode.apply(null, bytes))
    .replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  document.querySelectorAll('input[name="key"]').forEach(function (input) { input.value = key; });

  var notice = document.querySelector("[data-chain-notice]");
  var table = /^\/t\/[^/]+\/e\/[^/]+\//.exec(location.pathname);
  if (!notice || !table || typeof Pending === "undefined" || !window.indexedDB) return;
  Pending.all().then(function (all) {
    var waiting = all.filter(function (e) {
      return e.table === table[0] && e.state === "waiting" && Pending.field(e, "intent") === "new";
    });
    if (!waiting.length) return;
    var number = Math.max.apply(null, waiting.map(function (e) { return e.number; })) + 1;
    notice.textContent = notice.dataset.msg.replace("{count}", waiting.length)
      .replace("{number}", number);
    notice.hidden = false;
  });
})();

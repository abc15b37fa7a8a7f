// A ledger hand's form (a win, a draw, a paper result). Two things for recording with no
// network (static/js/ledger-offline.js):
// - a fresh key for each time a form page is shown (drawn for a GET: the service worker
//   shows a kept form again for the next hand offline, and each hand kept must be its own
//   write); a form sent twice from one showing keeps its key, and the server records it
//   once. A page the server drew for a posted form (its errors, a conflict) keeps the
//   key it was posted with: nothing was written under it, and the hand is still that one;
// - where hands recorded with no network wait to be sent, which hand this one will be
//   (the service worker places it after them: static/js/pending.js).
(function () {
  "use strict";
  const notice = document.querySelector("[data-chain-notice]");
  if (typeof Pending === "undefined") return;  // static/js/pending.js, loaded before this
  if (notice && "freshKey" in notice.dataset) {
    const key = Pending.freshKey();
    document.querySelectorAll('input[name="key"]').forEach((input) => { input.value = key; });
  }

  const table = /^\/t\/[^/]+\/e\/[^/]+\//.exec(location.pathname);
  if (!notice || !table || !window.indexedDB) return;
  Pending.all().then((all) => {
    const waiting = all.filter((e) => e.table === table[0] && e.state === "waiting" &&
      Pending.field(e, "intent") === "new");
    if (!waiting.length) return;
    const number = Math.max(...waiting.map((e) => e.number)) + 1;
    notice.textContent = notice.dataset.msg.replace("{count}", waiting.length)
      .replace("{number}", number);
    notice.hidden = false;
  });
})();

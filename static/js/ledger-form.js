// A ledger hand's form (a win, a draw, a paper result). Three things for recording with no
// network (static/js/ledger-offline.js):
// - a fresh key for each time a form page is shown (drawn for a GET: the service worker
//   shows a kept form again for the next hand offline, and each hand kept must be its own
//   write); a form sent twice from one showing keeps its key, and the server records it
//   once. A page the server drew for a posted form (its errors, a conflict) keeps the
//   key it was posted with: nothing was written under it, and the hand is still that one;
// - where hands recorded with no network wait to be sent, which hand this one will be
//   (the service worker places it after them: static/js/pending.js);
// - which form's typing is kept for this tab until the hand is sent (site.js keeps
//   drafts for every page): a reload, a language switch, or a phone that drops the tab
//   while the player looks at another app, draws the form empty (its page is not cached:
//   ledger.page_parts.capability_page), and it is filled in again, as long as the ledger
//   has not moved (the form's version).
(function () {
  "use strict";
  const notice = document.querySelector("[data-chain-notice]");
  if (notice) keepDraft(notice);
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

  // What was typed is kept for the tab and filled in again by site.js (data-keep-draft),
  // on a form drawn for a GET: a page the server drew for a posted form shows what was
  // posted.
  function keepDraft(notice) {
    const form = [...document.querySelectorAll("main form")].find(
      (f) => f.querySelector('[name="key"]') && !f.closest("#preview, template"));
    if (!form) return;
    if ("freshKey" in notice.dataset) form.dataset.keepDraft = "";
    else delete form.dataset.keepDraft;
  }
})();

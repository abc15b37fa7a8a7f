// A ledger hand's form (a win, a draw, a paper result). Two things for recording with no
// network (static/js/ledger-offline.js):
// - a fresh key for each time a form page is shown (drawn for a GET: the service worker
//   shows a kept form again for the next hand offline, and each hand kept must be its own
//   write); a form sent twice from one showing keeps its key, and the server records it
//   once. A page the server drew for a posted form (its errors, a conflict) keeps the
//   key it was posted with: nothing was written under it, and the hand is still that one;
// - where hands recorded with no network wait to be sent, which hand this one will be
//   (the service worker places it after them: static/js/pending.js);
// - what was typed, kept for this tab (sessionStorage) until the hand is sent: a reload,
//   or a phone that drops the tab while the player looks at another app, draws the form
//   empty (its page is not cached: ledger.page_parts.capability_page), and it is filled
//   in again, as long as the ledger has not moved (the form's version).
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

  function keepDraft(notice) {
    const form = [...document.querySelectorAll("main form")].find(
      (f) => f.querySelector('[name="key"]') && !f.closest("#preview, template"));
    const version = form && form.querySelector('[name="version"]');
    if (!form || !version || !window.sessionStorage) return;
    const store = "ledger-draft " + location.pathname;
    const skip = ["csrfmiddlewaretoken", "version", "key", "intent", "region"];
    const typed = () => [...new FormData(form).entries()]
      .filter(([name, value]) => typeof value === "string" && !skip.includes(name));
    const save = () => {
      try {
        sessionStorage.setItem(store, JSON.stringify({ version: version.value, fields: typed() }));
      } catch { /* storage full or refused: the form works as before */ }
    };
    // a form drawn afresh for a GET by a reload or a step back (a link opened afresh is
    // a new start: what was typed and left is not brought back), the ledger as it was
    // when the draft was kept: its fields as they were typed (a preview's own link, ?…,
    // carries them itself)
    const [shown] = performance.getEntriesByType("navigation");
    const again = shown && (shown.type === "reload" || shown.type === "back_forward");
    let draft;
    try { draft = JSON.parse(sessionStorage.getItem(store) || "null"); } catch { draft = null; }
    if (draft && again && "freshKey" in notice.dataset && !location.search
        && draft.version === version.value && draft.fields.length) {
      const values = {};
      draft.fields.forEach(([name, value]) => { (values[name] = values[name] || []).push(value); });
      Object.keys(values).forEach((name) => {
        form.querySelectorAll(`[name="${CSS.escape(name)}"]`).forEach((field) => {
          if (field.type === "radio" || field.type === "checkbox") {
            field.checked = values[name].includes(field.value);
          } else if (field.type !== "file") {
            field.value = values[name][0];
          }
          field.dispatchEvent(new Event("change", { bubbles: true }));
        });
      });
      const restored = document.querySelector("[data-draft-notice]");
      if (restored) restored.hidden = false;
    }
    form.addEventListener("input", save);
    form.addEventListener("change", save);
    // the hand sent (recorded, kept for later, or refused and drawn again with what was
    // posted): nothing left to fill in again
    document.addEventListener("submit", (event) => {
      if ((event.target.method || "").toLowerCase() === "post") sessionStorage.removeItem(store);
    });
  }
})();

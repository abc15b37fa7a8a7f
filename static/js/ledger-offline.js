// A ledger's edit page and the hands recorded on it with no network (Pending,
// static/js/pending.js, kept by the service worker when a hand's form could not be sent).
// They are listed as 待同步, and sent in the order they were recorded as soon as the
// server answers (on opening the page, when the browser says it is back online, and
// every 15 seconds while any wait: a phone on a dead wifi may never say it was
// offline). The server's compare-and-set decides as for any
// form: a hand drawn from an older ledger than the server's is turned down and kept,
// marked "a hand was recorded meanwhile", for the player to record as the next hand or
// drop. Nothing is dropped without the player.
(function () {
  "use strict";
  function hidden(name, value) {
    var input = document.createElement("input");
    input.type = "hidden"; input.name = name; input.value = value;
    return input;
  }

  // A win's page with no network: its preview cannot be fetched, so offer to keep the hand
  // as typed (the form's fields, its ledger version among them) for the server to score.
  var offlineRecord = document.querySelector("template[data-offline-record]");
  if (offlineRecord) {
    document.addEventListener("htmx:sendError", function (event) {
      var form = event.detail.elt;
      if (!form || !form.matches || !form.matches("#score-form")) return;
      var card = offlineRecord.content.firstElementChild.cloneNode(true);
      var record = card.querySelector("form");
      new FormData(form).forEach(function (value, name) { record.prepend(hidden(name, value)); });
      var preview = document.getElementById("preview");
      var notice = preview.previousElementSibling;
      if (notice && notice.matches(".answer-notice")) notice.remove();
      preview.classList.remove("answer-stale");
      preview.replaceChildren(card);
    });
  }

  var section = document.querySelector("[data-pending]");
  if (!section || typeof Pending === "undefined" || !window.indexedDB) return;
  var words = section.dataset, table = words.pending;

  // The service worker keeps this table's next forms, fresh: they carry the version.
  if ("serviceWorker" in navigator && navigator.onLine) {
    navigator.serviceWorker.ready.then(function (registration) {
      registration.active.postMessage({ refresh: JSON.parse(words.pendingForms) });
    });
  }

  function mine() {
    return Pending.all().then(function (all) {
      return all.filter(function (entry) { return entry.table === table; });
    });
  }

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text) node.textContent = text;
    return node;
  }

  function when(iso) {
    return new Date(iso).toLocaleString(document.documentElement.lang || undefined,
                                        { month: "numeric", day: "numeric", hour: "2-digit", minute: "2-digit" });
  }

  function button(text, kind, action) {
    var b = el("button", "btn btn-sm " + kind, text);
    b.type = "button";
    b.addEventListener("click", action);
    return b;
  }

  function render(list) {
    var ul = section.querySelector("[data-pending-list]");
    ul.replaceChildren();
    list.forEach(function (entry) {
      var item = el("li", "list-group-item");
      item.dataset.pendingEntry = entry.state;
      var title = el("div", "d-flex flex-wrap align-items-baseline gap-2");
      title.append(el("strong", "", (entry.kind === "win" ? words.msgWin : words.msgDraw)
        .replace("{number}", entry.number)),
                   el("span", "small text-body-secondary", words.msgAt.replace("{time}", when(entry.at))));
      if (entry.state === "waiting") title.append(el("span", "badge text-bg-warning ms-auto", words.msgWaiting));
      item.append(title);
      if (entry.state !== "waiting") {
        item.append(el("p", "small mb-2 mt-1", entry.state === "conflict" ? words.msgConflict : words.msgRefused));
        var actions = el("div", "d-flex flex-wrap gap-2");
        if (entry.state === "conflict") actions.append(button(words.msgReapply, "btn-primary", function () { reapply(entry); }));
        else actions.append(button(words.msgOpen, "btn-primary", function () { open(entry); }));
        actions.append(button(words.msgDrop, "btn-outline-danger", function () {
          if (window.confirm(words.msgDropConfirm)) Pending.remove(entry.id).then(refresh);
        }));
        item.append(actions);
      }
      ul.append(item);
    });
    section.hidden = !list.length;
  }

  function refresh() { return mine().then(render); }

  // "recorded", "conflict" (409: the ledger moved on) or "refused" (400); a network
  // failure rejects, and the entry waits.
  function send(action, fields) {
    return fetch(action, { method: "POST", body: new URLSearchParams(fields), redirect: "manual",
                           credentials: "same-origin" })
      .then(function (response) {
        if (response.type === "opaqueredirect" || (response.status >= 300 && response.status < 400)) return "recorded";
        return response.status === 409 ? "conflict" : "refused";
      });
  }

  var sending = false;
  function sendWaiting() {
    if (sending) return Promise.resolve();
    sending = true;
    var recorded = false;
    return mine().then(function (list) {
      return list.filter(function (e) { return e.state === "waiting"; }).reduce(function (chain, entry) {
        return chain.then(function () {
          return send(entry.action, entry.fields).then(function (outcome) {
            if (outcome === "recorded") { recorded = true; return Pending.remove(entry.id); }
            entry.state = outcome;
            return Pending.put(entry);
          });
        });
      }, Promise.resolve());
    }).then(function () {
      if (recorded) location.reload(); // the ledger as the server now has it
      else return refresh();
    }, refresh).then(function () { sending = false; }, function () { sending = false; });
  }

  // Against the ledger as this page shows it (fetched just now): the next hand's number
  // and the current version.
  function reapply(entry) {
    var number = words.pendingNext;
    var fields = entry.fields.map(function (pair) {
      if (pair[0] === "version") return ["version", words.version];
      if (pair[0] === "intent") return ["intent", "new"];
      return pair;
    });
    var action = entry.action.replace(/hand\/\d+\//, "hand/" + number + "/");
    send(action, fields).then(function (outcome) {
      if (outcome === "recorded") return Pending.remove(entry.id).then(function () { location.reload(); });
      entry.state = outcome;
      return Pending.put(entry).then(refresh);
    }, function () { /* no connection yet: it stays as it is */ });
  }

  // The server's own page for a turned-down hand (its form, with what was wrong).
  function open(entry) {
    var form = el("form");
    form.method = "post";
    form.action = entry.action;
    entry.fields.forEach(function (pair) { form.append(hidden(pair[0], pair[1])); });
    document.body.append(form);
    form.submit();
  }

  refresh().then(sendWaiting);
  window.addEventListener("online", sendWaiting);
  setInterval(function () {
    if (!section.hidden && section.querySelector('[data-pending-entry="waiting"]')) sendWaiting();
  }, 15000);
})();

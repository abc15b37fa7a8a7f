// A ledger's edit page and the hands recorded on it with no network (Pending,
// static/js/pending.js, kept by the service worker when a hand's form could not be sent).
//
// - Listed as 待同步, each with who won and how, in the order they were recorded; the
//   header's next hand, dealer and streak move on past them, as the server will place
//   them (the page's data-chain: the rotation worked out by the server for every dealer
//   and outcome).
// - Sent in that order as soon as the server answers (on opening the page, when the
//   browser says it is back online, and every 15 seconds while any wait: a phone on a dead
//   wifi may never say it was offline), by one tab at a time (a Web Lock per table).
// - A hand counts as recorded only when the server answers in JSON with its key:
//   "recorded", or "already_recorded" (the same key came before, from another tab or a
//   lost answer). A redirect or a page it cannot read (a wifi's login page) leaves it
//   waiting.
// - When another phone recorded meanwhile, the server says which hands (409), and the
//   card says so, with what this hand would pay as the next one; the player records it
//   (and the hands kept after it) from there, or drops it. Nothing is dropped without
//   the player.
(function () {
  "use strict";
  function hidden(name, value) {
    const input = document.createElement("input");
    input.type = "hidden"; input.name = name; input.value = value;
    return input;
  }

  // A win's page with no network: its preview cannot be fetched from the server. The
  // offline engine (static/js/offline.js, window.offlineEngine) works it out on this phone
  // as the server does (presentation.ledger: the same words and markup), badged 离线计算,
  // with a button that keeps the hand as typed (the form's fields, its ledger version and
  // key among them) for the server to record and score again when the connection is back.
  // Where the engine cannot (not kept here yet), the hand can still be kept, unscored.
  const offlineRecord = document.querySelector("template[data-offline-record]");
  if (offlineRecord) {
    const preview = document.getElementById("preview");
    const engineWords = (document.querySelector("[data-offline-engine]") || {}).dataset || {};

    const keepForm = (form, template) => {
      const kept = template.content.cloneNode(true);
      const record = kept.querySelector("form");
      new FormData(form).forEach((value, name) => { record.prepend(hidden(name, value)); });
      return kept;
    };

    const showCard = (card) => {
      const notice = preview.previousElementSibling;
      if (notice && notice.matches(".answer-notice")) notice.remove();
      preview.classList.remove("answer-stale");
      preview.replaceChildren(card);
    };

    const unscored = (form) => {
      const card = offlineRecord.content.firstElementChild.cloneNode(true);
      const record = card.querySelector("form");
      new FormData(form).forEach((value, name) => { record.prepend(hidden(name, value)); });
      showCard(card);
    };

    // The card of presentation.ledger.preview_html, marked as offline.js marks its answers.
    const scored = (form, html) => {
      const box = document.createElement("div");
      box.innerHTML = html;
      const card = box.firstElementChild;
      card.dataset.offlineAnswer = "";
      const badge = document.createElement("span");
      badge.className = "badge text-bg-warning offline-badge";
      badge.textContent = engineWords.badge || "";
      badge.dataset.offlineNotice = "";
      card.querySelector(".card-header").append(badge);
      const note = document.createElement("p");
      note.className = "small text-body-secondary";
      note.textContent = engineWords.note || "";
      note.dataset.offlineNotice = "";
      card.querySelector(".card-body").prepend(note);
      card.querySelector(".card-footer")
        .append(keepForm(form, document.querySelector("template[data-offline-keep]")));
      showCard(card);
    };

    // The messages of the fields in error, as the server's form shows them where
    // offline.js can place them; else listed in the preview.
    const refused = (form, fieldErrors) => {
      const engine = window.offlineEngine;
      if (engine && engine.showErrors) {
        engine.clearErrors(form);
        engine.showErrors(form, fieldErrors);
        preview.replaceChildren();
        return;
      }
      const alert = document.createElement("div");
      alert.className = "alert alert-danger";
      alert.setAttribute("role", "alert");
      Object.values(fieldErrors).flat().forEach((message) => {
        const line = document.createElement("p");
        line.className = "mb-0";
        line.textContent = message;
        alert.append(line);
      });
      showCard(alert);
    };

    const previewOffline = (form) => {
      const spot = offlineRecord.dataset.spot;
      if (!window.offlineEngine || !spot) {
        unscored(form);
        return;
      }
      const fields = {};
      new FormData(form).forEach((value, name) => { if (typeof value === "string") fields[name] = value; });
      const starting = setTimeout(() => {
        const line = document.createElement("p");
        line.className = "text-body-secondary";
        line.textContent = engineWords.starting || "";
        showCard(line);
      }, 300);
      window.offlineEngine.ask("ledger_win", { fields, spot: JSON.parse(spot) }).then((answer) => {
        clearTimeout(starting);
        if (answer.status === 200) scored(form, answer.html);
        else refused(form, answer.field_errors);
      }, (error) => {
        clearTimeout(starting);
        if (window.console) console.warn("offline engine:", error);
        unscored(form);
      });
    };

    // Caught before the calculator's offline answer (offline.js), which would read this
    // form as the calculator's, and before site.js's "no connection" notice: this page
    // answers with no network itself.
    document.addEventListener("htmx:sendError", (event) => {
      const form = event.detail.elt;
      if (!form || !form.matches || !form.matches("#score-form")) return;
      event.stopPropagation();
      previewOffline(form);
    }, true);
  }

  const section = document.querySelector("[data-pending]");
  // A form of the edit page that only the server can carry out (its settings, putting a
  // hand back) is not kept for later: sent with no network, the browser would show its
  // own error page, in its own words. The form says instead that nothing was saved.
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (navigator.onLine || !section || !form.matches("[data-needs-network]")) return;
    event.preventDefault();
    let notice = form.querySelector("[data-no-network]");
    if (!notice) {
      notice = document.createElement("p");
      notice.className = "alert alert-danger small mb-2 w-100";
      notice.setAttribute("role", "alert");
      notice.dataset.noNetwork = "";
      form.prepend(notice);
    }
    notice.textContent = section.dataset.msgNeedsNetwork;
  });
  if (!section || typeof Pending === "undefined" || !window.indexedDB) return;
  const words = section.dataset, table = words.pending;
  let chain = JSON.parse(words.chain);

  // The service worker keeps this table's next forms, fresh (they carry the version),
  // and only those (sw.js refreshForms), and their scripts and styles.
  function keepForms() {
    if (!("serviceWorker" in navigator) || !navigator.onLine) return;
    navigator.serviceWorker.ready.then((registration) => {
      registration.active.postMessage({ refresh: JSON.parse(words.pendingForms) });
      registration.active.postMessage({ keep: JSON.parse(words.pendingFiles) });
    });
  }
  keepForms();
  // Another phone wrote, and static/js/ledger-live.js put the fresh sheet in place (and
  // this section's fresh data): the header, the cards and the kept forms follow.
  document.addEventListener("ledger:changed", () => {
    chain = JSON.parse(words.chain);
    keepForms();
    refresh();
  });

  function mine() {
    return Pending.all().then((all) => all.filter((entry) => entry.table === table));
  }

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text) node.textContent = text;
    return node;
  }

  function say(template, values) {
    return template.replace(/\{(\w+)\}/g, (all, name) => (name in values ? values[name] : all));
  }

  function when(iso) {
    return new Date(iso).toLocaleString(document.documentElement.lang || undefined,
                                        { month: "numeric", day: "numeric", hour: "2-digit", minute: "2-digit" });
  }

  function button(text, kind, action) {
    const b = el("button", "btn btn-sm " + kind, text);
    b.type = "button";
    b.addEventListener("click", action);
    return b;
  }

  // Who won and how, as the ledger says it: 乙 自摸 ×2 (a paper result's total too).
  function how(entry) {
    if (entry.kind !== "win") return "";
    const winner = Pending.field(entry, "winner"), total = Pending.field(entry, "multiplier");
    const fan = Pending.field(entry, "fan");
    const line = [chain.names[winner] || "", chain.how[Pending.field(entry, "win_type")] || ""];
    const discarder = Pending.field(entry, "discarder");
    if (discarder) line.push("(" + chain.names[discarder] + ")");
    if (total) line.push("×" + total);
    if (fan) line.push(say(words.msgFan, { fan }));
    return line.join(" ");
  }

  function card(entry) {
    const item = el("li", "list-group-item");
    item.dataset.pendingEntry = entry.state;
    const title = el("div", "d-flex flex-wrap align-items-baseline gap-2");
    const heading = { win: words.msgWin, draw: words.msgDraw, adj: words.msgAdjust }[entry.kind];
    title.append(el("strong", "", say(heading, { number: entry.number })),
                 el("span", "", how(entry)),
                 el("span", "small text-body-secondary", say(words.msgAt, { time: when(entry.at) })));
    if (entry.state === "waiting") title.append(el("span", "badge text-bg-warning ms-auto", words.msgWaiting));
    item.append(title);
    const actions = el("div", "d-flex flex-wrap gap-2");
    const drop = button(words.msgDrop, "btn-outline-danger", () => {
      if (window.confirm(words.msgDropConfirm)) Pending.remove(entry.id).then(refresh);
    });
    if (entry.state === "waiting" && entry.unreached) {
      // it may never get through from here (a wifi that wants a login): the player decides
      item.append(el("p", "small mb-1 mt-1 text-body-secondary", words.msgUnreached));
      actions.append(drop);
      item.append(actions);
    }
    if (entry.state === "waiting") return item;
    const answer = entry.answer || {};
    if (entry.state === "conflict") {
      // an adjustment is a line of the ledger, not a hand (ledger.adjust): said so
      const line = entry.kind === "adj";
      const changed = (answer.changed || []).map((c) => c.words).join("; ");
      // another phone seated someone, swapped or renamed at the hand this one would be:
      // who sits there now, in the server's words (its form named others)
      if (answer.seating) item.append(el("p", "small fw-semibold mb-1 mt-1", answer.seating));
      if (changed || !answer.seating) {
        item.append(el("p", "small mb-1 mt-1", changed
          ? say(line ? words.msgConflictLine : words.msgConflict, { changed })
          : words.msgConflictUndone));
      }
      if (answer.as_next) {
        item.append(el("p", "small mb-2", say(line ? words.msgAsNextLine : words.msgAsNext, {
          number: answer.next,
          payments: answer.as_next.map((p) => p.name + " " + p.net).join(", ") })));
      }
      if (Pending.field(entry, "intent") === "new") {
        actions.append(button(say(line ? words.msgReapplyLine : words.msgReapply,
                                  { number: answer.next }), "btn-primary",
                              () => { reapply(entry); }));
      } else {
        // a change to a recorded hand that another phone changed too: looked at, not replayed
        actions.append(button(words.msgOpen, "btn-primary", () => { open(entry); }));
      }
    } else {
      item.append(el("p", "small mb-2 mt-1", words.msgRefused + " " + (answer.reasons || []).join(" ")));
      actions.append(button(words.msgOpen, "btn-primary", () => { open(entry); }));
    }
    actions.append(drop);
    item.append(actions);
    return item;
  }

  // The header's next hand, past the hands kept here, as the server will place them.
  function moveHeader(list) {
    let at = { number: chain.next.number, dealer: chain.next.dealer, streak: chain.next.streak };
    list.forEach((entry) => {
      if (Pending.field(entry, "intent") !== "new") return;
      if (entry.kind === "adj") {  // not a hand: the same dealer deals next, at the same streak
        at = { number: entry.number + 1, dealer: at.dealer, streak: at.streak };
        return;
      }
      const outcome = entry.kind === "win" ? Pending.field(entry, "winner") : "draw";
      const after = chain.after[at.dealer][outcome];
      at = { number: entry.number + 1, dealer: after[0], streak: after[1] ? at.streak + 1 : 0 };
    });
    const next = document.querySelector("[data-next]");
    if (!next || at.number === chain.next.number) return;
    const title = document.getElementById("next-title");
    if (title) title.textContent = say(words.msgNext, { number: at.number });
    const dealer = next.querySelector("[data-dealer]");
    if (dealer) {
      dealer.dataset.dealer = at.dealer;
      dealer.replaceChildren(chain.names[at.dealer] + " ",
                             el("span", "text-body-secondary", "(" + chain.seats[at.dealer] + ")"));
    }
    const streak = next.querySelector("[data-streak]");
    if (streak) {
      streak.dataset.streak = at.streak;
      streak.textContent = chain.streaks[Math.min(at.streak, chain.streaks.length - 1)];
    }
  }

  function render(list) {
    const ul = section.querySelector("[data-pending-list]");
    ul.replaceChildren(...list.map(card));
    section.hidden = !list.length;
    moveHeader(list.filter((e) => e.state === "waiting"));
  }

  function refresh() { return mine().then(render); }

  // The server's answer to one kept hand: its JSON, when it names this hand's key; a
  // refusal for an error page (this site turned it down: its form had expired …); null
  // for anything else (a redirect, a login page, a server that is not this app).
  function send(entry) {
    return fetch(entry.action, {
      method: "POST", body: new URLSearchParams(entry.fields), redirect: "manual",
      credentials: "same-origin", headers: { Accept: "application/json" },
    }).then((response) => {
      const type = response.headers.get("Content-Type") || "";
      if (response.type === "opaqueredirect") return null;
      if (type.indexOf("application/json") !== 0) {
        return response.status >= 400 ? { outcome: "refused", reasons: [] } : null;
      }
      return response.json().then(
        (answer) => (answer && answer.key === Pending.field(entry, "key") ? answer : null),
        () => null);
    });
  }

  // The waiting hands in order, until one is not recorded; true when any was.
  function sendInOrder() {
    let recorded = false;
    // One kept hand, when every hand before it was recorded (go); true when it was.
    function sendNext(go, entry) {
      if (!go || entry.state !== "waiting") return false;
      let keyed = Promise.resolve();
      if (!Pending.field(entry, "key")) {  // kept before hands had keys: one now, kept
        Pending.setField(entry, "key", Pending.freshKey());
        keyed = Pending.put(entry);
      }
      return keyed.then(() => send(entry)).then((answer) => {
        if (!answer) {
          entry.unreached = true;
          return Pending.put(entry).then(() => false);
        }
        if (answer.outcome === "recorded" || answer.outcome === "already_recorded") {
          recorded = true;
          return Pending.remove(entry.id).then(() => true);
        }
        entry.state = answer.outcome === "conflict" ? "conflict" : "refused";
        entry.answer = answer;
        delete entry.unreached;
        return Pending.put(entry).then(() => false);
      });
    }
    // in the order they were kept, up to the first that is not waiting: a hand kept
    // after one in conflict or turned down waits for the player's choice about it
    return mine()
      .then((list) => list.reduce((chained, entry) => chained.then((go) => sendNext(go, entry)),
                                  Promise.resolve(true)))
      .then(() => recorded, () => recorded);
  }

  let sending = false;
  function sendWaiting() {
    if (sending) return Promise.resolve();
    sending = true;
    const done = navigator.locks
      ? navigator.locks.request("ledger-sync " + table, { ifAvailable: true },
                                (lock) => (lock ? sendInOrder() : false))
      : sendInOrder();
    return done.then((recorded) => {
      sending = false;
      if (recorded) location.reload(); // the ledger as the server now has it
      else return refresh();
    }, () => { sending = false; return refresh(); });
  }

  // The conflict's hand, and every hand kept after it, placed after the hands the other
  // phone recorded: from the next hand and the version the server gave, in order; a
  // hand that names people, with the four seated there now (answer.seated), whom the
  // card showed with what each would pay: the player chose them.
  function reapply(entry) {
    const answer = entry.answer;
    mine().then((list) => {
      const from = list.filter((e) => e.id >= entry.id && e.state !== "refused");
      let number = answer.next, version = answer.version;
      return Promise.all(from.map((e) => {
        Pending.setField(e, "version", version++);
        if (Pending.field(e, "intent") === "new") {
          e.action = e.action.replace(/hand\/\d+\//, "hand/" + number + "/");
          e.number = number++;
          // the player saw this entry's card, with the names now; a later one was typed
          // against the names it showed, and meets its own card if they changed
          if (e.id === entry.id && answer.seated && Pending.field(e, "seated")) {
            Pending.setField(e, "seated", answer.seated);
          }
        }
        e.state = "waiting";
        delete e.answer;
        return Pending.put(e);
      }));
    }).then(sendWaiting);
  }

  // The server's own page for a turned-down hand (its form, with what was wrong).
  function open(entry) {
    const form = el("form");
    form.method = "post";
    form.action = entry.action;
    entry.fields.forEach((pair) => { form.append(hidden(pair[0], pair[1])); });
    document.body.append(form);
    form.submit();
  }

  refresh().then(sendWaiting);
  window.addEventListener("online", sendWaiting);
  setInterval(() => {
    if (!section.hidden && section.querySelector('[data-pending-entry="waiting"]')) sendWaiting();
  }, 15000);
})();

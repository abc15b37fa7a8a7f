// Every page's small enhancements, on pages that work without JavaScript: the service
// worker's registration, the install button, "Copy link", 我的牌桌, the note on a ledger
// seen offline, the offline page's note on a form not sent, the language form's way
// back, a form's draft kept through a reload or a language switch, focusable scrollers,
// and answers gone stale or failed. No inline scripts: the site runs under a Content
// Security Policy.
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  // The installable app (static/js/sw.js, served at /sw.js): pages opened once open
  // again with no network. Registered after the page has loaded, off its critical path.
  if ("serviceWorker" in navigator) {
    window.addEventListener("load", () => {
      navigator.serviceWorker.register("/sw.js").catch(() => { /* online only */ });
    });
    offlinePack();
  } else if (!window.isSecureContext) {
    // a plain-HTTP address (a phone on the same wifi): no service worker, so nothing is
    // kept for offline use — said, rather than failing when the network goes
    document.querySelectorAll("[data-not-offline]").forEach((p) => { p.hidden = false; });
  }

  // The offline pack (static/js/sw.js): once the page has loaded and gone quiet, the
  // service worker is asked to keep the pages that open with no network and the offline
  // engine's files; the footer says how far it has got (离线包 2.1 / 4.0 MB), then that
  // the app works with no network.
  function offlinePack() {
    const status = document.querySelector("[data-offline-status]");
    if (!status) return;
    const pack = JSON.parse(status.dataset.offlinePack);
    const megabytes = (bytes) => (bytes / 1e6).toFixed(1);
    navigator.serviceWorker.addEventListener("message", (event) => {
      const state = event.data && event.data.offline;
      if (!state || !state.total) return;
      status.hidden = false;
      status.dataset.state = state.ready ? "ready" : "getting";
      status.textContent = state.ready ? status.dataset.ready
        : status.dataset.getting.replace("{done}", megabytes(state.done))
          .replace("{total}", megabytes(state.total));
    });
    const idle = window.requestIdleCallback || ((callback) => setTimeout(callback, 1000));
    window.addEventListener("load", () => {
      navigator.serviceWorker.ready.then((registration) => {
        if (!navigator.onLine) {
          registration.active.postMessage({ status: true });
          return;
        }
        idle(() => registration.active.postMessage(
          { prepare: { ...pack, language: document.documentElement.lang } }), { timeout: 3000 });
      });
    });
  }

  // 若按另一种读法 (presentation/page.py): a tap applies that reading of the house rule —
  // the form's field set to it and the hand scored again (online, or by the offline
  // engine), so it becomes the shown answer and its link; without the form, the link.
  document.addEventListener("click", (event) => {
    const link = event.target.closest("[data-apply-house-rule]");
    const form = link && document.querySelector("#score-form");
    const control = form && form.elements[link.dataset.applyHouseRule];
    if (!control) return;
    event.preventDefault();
    control.value = link.dataset.value;
    control.dispatchEvent(new Event("change", { bubbles: true }));
    form.requestSubmit();
  });

  // The install prompt: where the browser offers to install the app, a button in the
  // header asks for it (a tap, never on its own); gone once installed.
  let installPrompt = null;
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    installPrompt = event;
    document.querySelectorAll("[data-install]").forEach((b) => { b.hidden = false; });
  });
  window.addEventListener("appinstalled", () => {
    installPrompt = null;
    document.querySelectorAll("[data-install]").forEach((b) => { b.hidden = true; });
  });
  document.addEventListener("click", (event) => {
    const button = event.target.closest("[data-install]");
    if (!button || !installPrompt) return;
    installPrompt.prompt();
    installPrompt.userChoice.then(() => { installPrompt = null; button.hidden = true; });
  });

  // "Copy link": copy the permalink a button carries (data-copy-text: any text, such as
  // the ledger's settle-up as it is sent in a chat).
  document.addEventListener("click", (event) => {
    const button = event.target.closest("[data-copy-link], [data-copy-text]");
    if (!button || !navigator.clipboard) return;
    navigator.clipboard.writeText(button.dataset.copyLink ?? button.dataset.copyText).then(() => {
      const label = button.textContent;
      button.textContent = button.dataset.copied;
      setTimeout(() => { button.textContent = label; }, 2000);
    });
  });

  // 我的牌桌: the tables this browser created or opened, kept in the browser (no
  // accounts). A ledger page says what it is in data-my-table; the new-table page lists
  // them, newest first, each by its edit link where this browser has seen one.
  const MY_TABLES = "myTables";
  function myTables() {
    try { return JSON.parse(localStorage.getItem(MY_TABLES)) || []; } catch { return []; }
  }
  function rememberTable(node) {
    let seen;
    try { seen = JSON.parse(node.dataset.myTable); } catch { return; }
    const known = myTables();
    const tables = known.filter((t) => t.view !== seen.view);
    const old = known.find((t) => t.view === seen.view) || {};
    tables.unshift({ view: seen.view, edit: seen.edit || old.edit || "", name: seen.name,
                     when: seen.when });
    try { localStorage.setItem(MY_TABLES, JSON.stringify(tables.slice(0, 30))); } catch { /* full or off */ }
  }
  function listTables(section) {
    const tables = myTables();
    if (!tables.length) return;
    const list = section.querySelector("ul");
    tables.forEach((t) => {
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.href = t.edit || t.view;
      link.textContent = t.name;
      item.append(link, " ");
      const note = document.createElement("span");
      note.className = "text-body-secondary small";
      note.textContent = (t.edit ? section.dataset.canEdit : section.dataset.readOnly) +
        (t.when ? " · " + t.when : "");
      item.append(note);
      list.append(item);
    });
    section.hidden = false;
  }
  document.querySelectorAll("[data-my-table]").forEach(rememberTable);
  document.querySelectorAll("[data-my-tables]").forEach(listTables);

  // A read-only ledger opened again with no network (the service worker kept it): say
  // when it was seen, so the table knows it may be behind.
  // navigator.onLine is no proof either way (a phone on a dead wifi is "online"): ask the
  // server's /health, which the service worker never answers for it.
  function serverUnreachable() {
    return fetch("/health", { cache: "no-store" }).then((r) => !r.ok, () => true);
  }
  document.querySelectorAll("[data-seen-offline]").forEach((note) => {
    serverUnreachable().then((unreachable) => { if (unreachable) showSeen(note); });
  });
  function showSeen(note) {
    const seen = new Date(note.dataset.seenAt);
    const time = seen.toLocaleString(document.documentElement.lang || undefined,
                                     { month: "numeric", day: "numeric", hour: "2-digit", minute: "2-digit" });
    note.textContent = note.dataset.msg.replace("{time}", time);
    note.hidden = false;
  }

  // The offline page, reached because a form was posted with no connection (sw.js): it
  // says first that nothing was saved.
  if (location.hash === "#not-sent") {
    document.querySelectorAll("[data-not-sent]").forEach((p) => { p.hidden = false; });
  }

  // The language form returns to the page as it is now (htmx may have pushed a new URL),
  // and says so to the page it returns to: the same page again, whose drafts are filled
  // in again (below).
  const LANGUAGE_SWITCH = "language-switch";
  const address = () => location.pathname + location.search;
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (form.matches("[data-language-form]")) {
      form.elements.next.value = address();
      try { sessionStorage.setItem(LANGUAGE_SWITCH, address()); } catch { /* storage off */ }
    }
  });

  // Drafts: what was typed in a form marked data-keep-draft (the calculator's, the waits
  // page's and 牌理's, calculator/_get_form.html; a ledger hand's form drawn for a GET,
  // static/js/ledger-form.js) is kept for the tab (sessionStorage) and filled in again
  // when the same page is shown again — reloaded, stepped back or forward to, or drawn
  // again in another language — while nothing has moved: the same address, and the same
  // version where the form has one (the ledger's, [name=version]). So a link that
  // carries a hand (a permalink, a shared link, a rules page's example) shows what it
  // says (a draft typed on the page without it waits for a step back to that page), and
  // a page opened afresh by a link starts empty: its draft is dropped. A field filled in
  // fires input and change, as a player's edit does: the tiles redraw, and an answer
  // drawn for the address is marked stale (below), never shown as the answer to the
  // draft. The page says so ([data-draft-notice]). A form posted (a hand sent) leaves
  // nothing to fill in again.
  const DRAFT = "draft " + location.pathname;
  const LEFT_TO_SERVER = ["hidden", "file", "submit", "button", "reset", "image"];
  const keptForm = (node) => {
    const form = node && (node.form || (node.closest && node.closest("form")));
    return form && form.matches("[data-keep-draft]") ? form : null;
  };
  const typedFields = (form) => [...form.elements].filter((field) => field.name &&
    !field.disabled && /^(input|select|textarea)$/i.test(field.tagName) &&
    !LEFT_TO_SERVER.includes(field.type));
  const checkable = (field) => field.type === "radio" || field.type === "checkbox";
  // What the form was drawn from: the ledger's version and, on a hand's form, the four
  // people it named at its hand ([name=seated]; a seat change or a rename on another
  // phone moves no version), so an old "who won" never comes back under new names.
  const drawnFrom = (form) => ["version", "seated"].map((name) =>
    (form.querySelector(`[name="${name}"]`) || {}).value || "").join(" ");

  function saveDraft(form) {
    const fields = typedFields(form).map((field) =>
      [field.name, field.value, checkable(field) ? field.checked : null]);
    try {
      sessionStorage.setItem(DRAFT, JSON.stringify(
        { address: address(), drawnFrom: drawnFrom(form), fields }));
    } catch { /* storage full or refused: the form works as before */ }
  }

  // The value a field was drawn with (the page's own, or the browser's restored one aside).
  function drawn(field) {
    if (checkable(field)) return field.defaultChecked;
    if (field.tagName === "SELECT") {
      const option = [...field.options].find((o) => o.defaultSelected) || field.options[0];
      return option ? option.value : "";
    }
    return field.defaultValue;
  }

  // Fills the draft's fields into the form, the n-th of a name into its n-th field; a
  // field whose change fetches more of the form (the region's fields, hx-get) last, so
  // that its request carries the rest. Returns the fields it found no place for (those
  // of the region it fetches), and whether any differs from the page as it was drawn.
  function fillIn(form, fields) {
    const left = [];
    let changed = false;
    const typed = typedFields(form);
    const seen = {};
    const places = fields.map(([name, value, checked]) => {
      const index = seen[name] = (seen[name] ?? -1) + 1;
      const field = typed.filter((f) => f.name === name)[index];
      return { field, name, value, checked };
    });
    const fetches = (place) => !!place.field && place.field.hasAttribute("hx-get");
    [...places.filter((p) => !fetches(p)), ...places.filter(fetches)].forEach((place) => {
      const { field, value, checked } = place;
      if (!field || (checked !== null) !== checkable(field) ||
          (checkable(field) && field.value !== value)) {
        left.push([place.name, value, checked]);
        return;
      }
      const now = checked === null ? value : checked;
      if (now === drawn(field)) return;
      if (checked === null) field.value = value;
      else field.checked = checked;
      changed = true;
      field.dispatchEvent(new Event("input", { bubbles: true }));
      field.dispatchEvent(new Event("change", { bubbles: true }));
    });
    return { left, changed };
  }

  function keepDrafts() {
    let switched;
    try {
      switched = sessionStorage.getItem(LANGUAGE_SWITCH);
      sessionStorage.removeItem(LANGUAGE_SWITCH);
    } catch { return; }
    const form = document.querySelector("form[data-keep-draft]");
    let draft;
    try { draft = JSON.parse(sessionStorage.getItem(DRAFT) || "null"); } catch { draft = null; }
    if (!draft || draft.address !== address()) return; // another address's, kept for it
    const [shown] = performance.getEntriesByType("navigation");
    const again = switched === address() ||
      (shown && (shown.type === "reload" || shown.type === "back_forward"));
    if (!form || !again || draft.drawnFrom !== drawnFrom(form)) {
      sessionStorage.removeItem(DRAFT); // this page afresh, or what it was typed on moved
      return;
    }
    // a page's own script may first put the draft's values in the page's words (the
    // melds' kinds after a language switch: static/js/tiles.js)
    form.dispatchEvent(new CustomEvent("draft:fill", { bubbles: true, detail: draft }));
    const filled = fillIn(form, draft.fields);
    if (filled.left.length) {
      // the fields of the region the draft was typed in, once the page has fetched them
      const more = (event) => {
        if (!form.contains(event.detail.elt)) return;
        document.removeEventListener("htmx:load", more);
        fillIn(form, filled.left);
        saveDraft(form);
      };
      document.addEventListener("htmx:load", more);
    }
    saveDraft(form);
    const notice = document.querySelector("[data-draft-notice]");
    if (notice && filled.changed) notice.hidden = false;
  }
  document.addEventListener("DOMContentLoaded", keepDrafts);
  ["input", "change"].forEach((name) => {
    document.addEventListener(name, (event) => {
      const form = keptForm(event.target);
      if (form) saveDraft(form);
    });
  });
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if ((form.method || "").toLowerCase() === "post" && !form.matches("[data-language-form]")) {
      try { sessionStorage.removeItem(DRAFT); } catch { /* storage off */ }
    }
  });

  // A payments table wider than its card (an absurd base) scrolls inside it (site.css),
  // and so does the rules page's side-by-side table on a phone: such a scroller then
  // takes keyboard focus, so it can be scrolled without a mouse.
  function focusableScrollers() {
    document.querySelectorAll(".payments-wrap, .rules-table-wrap").forEach((box) => {
      if (box.scrollWidth > box.clientWidth) box.tabIndex = 0;
      else box.removeAttribute("tabindex");
    });
  }
  document.addEventListener("DOMContentLoaded", focusableScrollers);
  document.addEventListener("htmx:load", focusableScrollers);
  window.addEventListener("resize", focusableScrollers);
  document.addEventListener("toggle", focusableScrollers, true); // <details> of other readings

  // Never a stale answer: a form's answer (its hx-target, once it holds a .result) that
  // no longer matches the form is dimmed and says so as soon as an input changes, and a
  // request that fails
  // (no connection, a timeout, a server error) says so beside the old answer, with a
  // button to try again. A new answer clears both. Without JavaScript the form is a
  // plain GET and every answer is a fresh page.
  function messages() {
    const holder = document.getElementById("page-messages");
    return holder ? holder.dataset : {};
  }

  function answerOf(form) {
    const target = form && form.getAttribute && form.getAttribute("hx-target");
    return target ? document.querySelector(target) : null;
  }

  function clearNotice(answer) {
    const previous = answer.previousElementSibling;
    if (previous && previous.matches(".answer-notice")) previous.remove();
  }

  function notice(answer, text, kind, form) {
    clearNotice(answer);
    const box = document.createElement("div");
    box.className = "alert answer-notice d-flex flex-wrap align-items-center gap-2 alert-" + kind;
    box.setAttribute("role", kind === "danger" ? "alert" : "status");
    const words = document.createElement("span");
    words.textContent = text;
    box.appendChild(words);
    if (form) {
      const retry = document.createElement("button");
      retry.type = "button";
      retry.className = "btn btn-sm ms-auto " + (kind === "danger" ? "btn-danger" : "btn-dark");
      retry.textContent = messages().retry;
      retry.addEventListener("click", () => { form.requestSubmit(); });
      box.appendChild(retry);
    }
    answer.parentNode.insertBefore(box, answer);
  }

  function markStale(event) {
    const form = event.target.form || event.target.closest && event.target.closest("form");
    const answer = answerOf(form);
    if (!answer || !answer.querySelector(".result") || answer.classList.contains("answer-stale")) {
      return;
    }
    answer.classList.add("answer-stale");
    notice(answer, messages().stale, "warning", form);
  }
  document.addEventListener("input", markStale);
  document.addEventListener("change", markStale);

  function failed(event) {
    const form = event.detail.elt.closest ? event.detail.elt.closest("form") : null;
    const answer = answerOf(form);
    if (!answer) return;
    const text = event.type === "htmx:sendError" ? messages().offline
      : event.type === "htmx:timeout" ? messages().timeout : messages().failed;
    if (answer.querySelector(".result")) answer.classList.add("answer-stale");
    notice(answer, text, "danger", form);
  }
  ["htmx:sendError", "htmx:timeout", "htmx:responseError"].forEach((name) => {
    document.addEventListener(name, failed);
  });

  document.addEventListener("htmx:afterSwap", (event) => {
    const answer = event.detail.target;
    if (!answer || !answer.classList) return;
    answer.classList.remove("answer-stale");
    clearNotice(answer);
  });

  // A new score request clears the errors of the last one; the answer brings its own.
  document.addEventListener("htmx:beforeRequest", (event) => {
    const form = event.detail.elt;
    if (!form.matches || !form.matches("#score-form")) return;
    form.querySelectorAll(".is-invalid").forEach((el) => {
      el.classList.remove("is-invalid");
    });
    form.querySelectorAll(".invalid-feedback, .alert-danger").forEach((el) => {
      el.remove();
    });
  });
})();

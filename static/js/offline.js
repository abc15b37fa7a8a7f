// The calculator and the waits page with no network. This file owns the page's side of
// the offline engine (its files are kept by the service worker, sw.js, from the first
// visit on: site.js asks for the offline pack): starting the engine in a Web Worker
// (engine-worker.js: presentation.offline on Pyodide), and, when a form cannot reach the server (htmx:sendError), posting it the
// form's fields and the page's language and putting the answer where the server's goes:
// the result panel's HTML (the server's own markup) badged 离线计算, or each field's
// messages beside it as the server's form shows them. A region picked offline takes its
// fields from /fields/<form>/<region>/, kept by the service worker (_offline_engine.html
// gives that address, the engine's URLs and the few words said here).
(() => {
  "use strict";
  const holder = document.querySelector("[data-offline-engine]");
  if (!holder || !("Worker" in window)) return;
  const words = holder.dataset;
  const absolute = (url) => new URL(url, location.href).href;

  // --- the engine in a worker, started on first use, or as soon as a page opens with no
  // network (the player enters the tiles meanwhile) ---

  let worker = null;
  let started = null;
  const asked = new Map();
  let nextId = 1;

  function startEngine() {
    if (started) return started;
    started = new Promise((resolve, reject) => {
      worker = new Worker(holder.dataset.worker, { type: "module" });
      worker.addEventListener("message", (event) => {
        const message = event.data;
        if (message.started) {
          resolve();
          return;
        }
        const waiting = message.id && asked.get(message.id);
        if (!waiting) {
          if (message.failure) reject(new Error(message.failure));
          return;
        }
        asked.delete(message.id);
        if (message.failure) waiting.reject(new Error(message.failure));
        else waiting.resolve(JSON.parse(message.answer));
      });
      worker.addEventListener("error", (event) => { reject(new Error(event.message)); });
      worker.postMessage({ start: { runtime: absolute(holder.dataset.runtime),
                                    engine: absolute(holder.dataset.engine) } });
    });
    started.catch(() => {
      started = null;
      if (worker) worker.terminate();
    });
    return started;
  }

  // {status, html, field_errors}: presentation.offline.answer's. The permalink is
  // written after this page's origin, as the server writes it after its own.
  function ask(kind, fields) {
    const links = { ...JSON.parse(holder.dataset.links), origin: location.origin };
    return startEngine().then(() => new Promise((resolve, reject) => {
      const id = nextId++;
      asked.set(id, { resolve, reject });
      worker.postMessage({ id, kind, fields: JSON.stringify(fields),
                           language: holder.dataset.language, links: JSON.stringify(links) });
    }));
  }


  window.addEventListener("load", () => {
    fetch("/health", { cache: "no-store" }).then((r) => !r.ok, () => true)
      .then((unreachable) => { if (unreachable) startEngine().catch(() => {}); });
  });

  // --- the form's fields, as htmx would have sent them (the last value of a name wins,
  // as in Django's QueryDict) ---

  function fieldsOf(form) {
    const fields = {};
    for (const [name, value] of new FormData(form)) {
      if (typeof value === "string") fields[name] = value;
    }
    return fields;
  }

  // --- the fields in error, marked as the server's form marks them: crispy's markup for
  // a field it lays out (#div_id_<name>), the calculator's own beside the seats, the dice
  // and the claim rows (calculator.html, _seat_choice.html, _claims.html) ---

  function element(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function clearErrors(form) {
    form.querySelectorAll(".invalid-feedback, .alert-danger").forEach((node) => node.remove());
    form.querySelectorAll(".is-invalid").forEach((node) => node.classList.remove("is-invalid"));
    form.querySelectorAll("[aria-invalid]").forEach((node) => {
      node.removeAttribute("aria-invalid");
      const described = (node.getAttribute("aria-describedby") || "").split(" ")
        .filter((id) => id && id !== node.id + "_error");
      if (described.length) node.setAttribute("aria-describedby", described.join(" "));
      else node.removeAttribute("aria-describedby");
    });
  }

  function markInvalid(input) {
    input.setAttribute("aria-invalid", "true");
    const described = (input.getAttribute("aria-describedby") || "").split(" ").filter(Boolean);
    input.setAttribute("aria-describedby", [...described, input.id + "_error"].join(" "));
  }

  function crispyErrors(wrapper, input, messages) {
    input.classList.add("is-invalid");
    markInvalid(input);
    const box = element("div", "invalid-feedback");
    box.id = input.id + "_error";
    messages.forEach((message, i) => {
      const line = element("p");
      line.id = "error_" + (i + 1) + "_" + input.id;
      line.append(element("strong", "", message));
      box.append(line);
    });
    // before the help text, as crispy-bootstrap5's field template has it
    const help = wrapper.querySelector("#" + input.id + "_helptext");
    if (help) help.before(box);
    else wrapper.append(box);
  }

  function plainErrors(after, messages) {
    let last = after;
    messages.forEach((message) => {
      const box = element("div", "invalid-feedback d-block", message);
      last.after(box);
      last = box;
    });
  }

  // The place of a field's messages outside crispy's markup: the node they follow.
  function plainPlace(form, name) {
    if (name === "dice") {
      form.querySelectorAll(".dice select").forEach((die) => die.setAttribute("aria-invalid", "true"));
      return form.querySelector(".dice");
    }
    const claim = /^claim(\d)_(by|from|count)$/.exec(name);
    if (claim) {
      const input = form.elements[name];
      markInvalid(input);
      const row = input.closest(".claim-row");
      // after the row and the messages of its fields before this one
      let last = row;
      while (last.nextElementSibling && last.nextElementSibling.matches(".invalid-feedback")) {
        last = last.nextElementSibling;
      }
      return last;
    }
    const seats = form.querySelector(`.seat-choice input[name="${name}"]`);
    if (seats) {
      form.querySelectorAll(`.seat-choice input[name="${name}"]`)
        .forEach((seat) => seat.setAttribute("aria-invalid", "true"));
      return seats.closest(".seat-choice").lastElementChild;
    }
    return null;
  }

  function showErrors(form, fieldErrors) {
    const general = [];
    Object.entries(fieldErrors).forEach(([name, messages]) => {
      const wrapper = form.querySelector("#div_id_" + name);
      const input = wrapper && form.querySelector("#id_" + name);
      if (input) {
        crispyErrors(wrapper, input, messages);
        return;
      }
      const place = name === "__all__" ? null : plainPlace(form, name);
      if (place) plainErrors(place, messages);
      else general.push(...messages);
    });
    if (general.length) {
      const alert = element("div", "alert alert-danger");
      alert.setAttribute("role", "alert");
      general.forEach((message) => alert.append(element("p", "mb-0", message)));
      form.prepend(alert);
    }
    // The server's swap shows the first field marked invalid at the top; one folded away
    // is unfolded first, as the server's form comes with it open.
    const first = form.querySelector("[aria-invalid=true]");
    if (!first) return;
    form.querySelectorAll("[aria-invalid=true]").forEach((node) => {
      const folded = node.closest("details");
      if (folded) folded.open = true;
    });
    first.scrollIntoView({ block: "start" });
  }

  // --- the answer, where the server's htmx swap puts it ---

  function badge(answerBox, region) {
    const result = answerBox.querySelector(".result");
    if (!result) return;
    result.dataset.offlineAnswer = region;
    const mark = element("span", "badge text-bg-warning offline-badge", words.badge);
    mark.dataset.offlineNotice = "";
    const header = result.querySelector(".card-header");
    if (header) header.append(mark);
    const note = element("p", "small text-body-secondary", words.note);
    note.dataset.offlineNotice = "";
    const body = result.querySelector(".card-body");
    if (body) body.prepend(note);
  }

  // The site's notice beside the answer (site.js: no connection, with a retry).
  function say(answerBox, text) {
    const notice = answerBox.previousElementSibling;
    const line = notice && notice.matches(".answer-notice") && notice.querySelector("span");
    if (line) line.textContent = text;
  }

  function show(answerBox, html) {
    const previous = answerBox.previousElementSibling;
    if (previous && previous.matches(".answer-notice")) previous.remove();
    answerBox.classList.remove("answer-stale");
    answerBox.innerHTML = html;
  }

  function answerOffline(form) {
    const kind = { "waits-form": "waits", "advise-form": "advise" }[form.id] || "score";
    const answerBox = document.querySelector(form.getAttribute("hx-target"));
    if (!answerBox) return;
    const fields = fieldsOf(form);
    // the old answer stays, dimmed, until the new one is drawn
    const starting = setTimeout(() => say(answerBox, words.starting), 300);
    ask(kind, fields).then((answer) => {
      clearTimeout(starting);
      clearErrors(form);
      // as online: the form with its errors and no answer, or the answer
      const invalid = Object.keys(answer.field_errors).length > 0;
      show(answerBox, invalid ? "" : answer.html);
      if (invalid) showErrors(form, answer.field_errors);
      else badge(answerBox, fields.region || "");
      document.dispatchEvent(new CustomEvent("htmx:load",
                                             { detail: { elt: invalid ? form : answerBox } }));
      if (!invalid) answerBox.scrollIntoView({ block: "start" });
    }, (error) => {
      clearTimeout(starting);
      if (window.console) console.warn("offline engine:", error);
      say(answerBox, words.failed); // the engine is not kept here yet: online only
    });
  }

  // The region's fieldset as the server sends it for the form's values (its fields bound
  // to them, as Django binds a form): a field the form holds keeps its value, the others
  // come blank, unticked, or at their first choice.
  function boundTo(fieldset, values) {
    fieldset.querySelectorAll("[name]").forEach((control) => {
      const value = values.get(control.name);
      if (control.type === "checkbox") {
        control.checked = value !== null && value !== "" && value.toLowerCase() !== "false";
      } else {
        control.value = value === null ? "" : value;
        if (control.tagName === "SELECT" && control.selectedIndex < 0) control.selectedIndex = 0;
      }
    });
  }

  // The region's fields as the service worker keeps them (/fields/<form>/<region>/).
  async function swapRegion(select) {
    const current = select.form && select.form.querySelector("#region-fields");
    if (!current) return;
    const response = await fetch(words.fields.replace("{region}", encodeURIComponent(select.value)))
      .catch(() => null);
    const html = response && response.ok ? await response.text() : "";
    const fresh = new DOMParser().parseFromString(html, "text/html").querySelector("#region-fields");
    if (!fresh) return; // not kept on this phone: the fields stay as they are
    boundTo(fresh, new FormData(select.form));
    current.replaceWith(document.adoptNode(fresh));
    document.dispatchEvent(new CustomEvent("htmx:load", { detail: { elt: fresh } }));
  }

  // For the other pages' offline parts (practice, the ledger's win form): the same
  // engine, and its field messages shown as the server's form shows them.
  window.offlineEngine = { ask, start: startEngine, showErrors, clearErrors };

  // A request that could not be sent (with no network it fails at once; site.js has
  // said so beside the old answer): answered here instead.
  document.addEventListener("htmx:sendError", (event) => {
    const elt = event.detail.elt;
    if (!elt || !elt.matches) return;
    if (elt.matches("select[name=region]") && elt.form && elt.form.querySelector("#region-fields")) {
      swapRegion(elt);
    } else if (elt.matches("#score-form, #waits-form, #advise-form")) {
      answerOffline(elt);
    }
  });
})();

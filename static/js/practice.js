// Practice with no network: the next hand dealt and the answers graded on this phone by
// the offline engine (static/js/offline.js, window.offlineEngine: presentation.practice,
// the server's own round), badged 离线计算. With a connection the page is the server's:
// the links and the form go to it as they do without JavaScript.
//
// A round is its region and seed (the same seed deals the same hand here as on the
// server), kept in the address bar as the server's link to it. Two kinds of round: one
// to score (/practice/) and the 何切 drill (/practice/discard/).
(() => {
  "use strict";
  const holder = document.querySelector("[data-offline-engine]");
  if (!holder) return;
  const words = holder.dataset;
  const regions = document.querySelector("[data-practice-regions]");
  const next = document.querySelector("[data-practice-next]");

  const offline = () => navigator.onLine === false;
  const element = (tag, className, text) => {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };

  // A fresh seed for a round's link, as the server draws one (1 to 10⁹ − 1).
  const newSeed = () => 1 + (crypto.getRandomValues(new Uint32Array(1))[0] % 999999999);

  // The regions' and the next hand's links (``link(region, seed)``): fresh seeds, the
  // round's region marked.
  function newLinks(region, link) {
    next.href = link(region, newSeed());
    regions.querySelectorAll("a").forEach((anchor) => {
      const key = new URL(anchor.href).searchParams.get("region");
      const here = key === region;
      anchor.classList.toggle("btn-dark", here);
      anchor.classList.toggle("btn-outline-dark", !here);
      if (here) anchor.setAttribute("aria-current", "true");
      else anchor.removeAttribute("aria-current");
      anchor.href = link(key, newSeed());
    });
  }

  // A tap on a link ``selector`` names, with no network: ``answer`` its query instead.
  function offlineLinks(selector, answer) {
    document.addEventListener("click", (event) => {
      const link = event.target.closest && event.target.closest(selector);
      if (!link || !offline() || !window.offlineEngine) return;
      event.preventDefault();
      answer(new URL(link.href).searchParams);
    });
  }

  // --- a round to score (/practice/) ---

  function scoreRound(form) {
    const answersColumn = document.querySelector("[data-practice-answers]");
    const roundLink = (region, seed, extra) =>
      form.action.split("#")[0].split("?")[0] + "?" + new URLSearchParams({ region, seed, ...extra });

    function fieldsOf() {
      const fields = {};
      for (const [name, value] of new FormData(form)) {
        if (typeof value === "string") fields[name] = value;
      }
      return fields;
    }

    function badge(box) {
      const result = box.querySelector(".result");
      if (!result) return;
      result.dataset.offlineAnswer = "";
      const mark = element("span", "badge text-bg-warning offline-badge", words.badge);
      mark.dataset.offlineNotice = "";
      const header = result.querySelector(".card-header");
      if (header) header.append(mark);
    }

    function clearErrors() {
      form.querySelectorAll(".invalid-feedback").forEach((node) => node.remove());
      form.querySelectorAll(".is-invalid").forEach((node) => {
        node.classList.remove("is-invalid");
        node.removeAttribute("aria-invalid");
      });
    }

    // Each field's messages under it, as the server's form (crispy) shows them.
    function showErrors(fieldErrors) {
      Object.entries(fieldErrors).forEach(([name, messages]) => {
        const input = form.elements[name];
        if (!input) return;
        input.classList.add("is-invalid");
        input.setAttribute("aria-invalid", "true");
        const box = element("div", "invalid-feedback");
        box.id = input.id + "_error";
        messages.forEach((message) => {
          const line = element("p");
          line.append(element("strong", "", message));
          box.append(line);
        });
        input.after(box);
      });
      const first = form.querySelector("[aria-invalid=true]");
      if (first) first.focus();
    }

    function failed(error) {
      if (window.console) console.warn("offline engine:", error);
      answersColumn.replaceChildren(element("div", "alert alert-danger", words.failed));
    }

    // The round of ``region`` and ``seed`` (and its answers, where ``fields`` hold them).
    function ask(fields) {
      const starting = setTimeout(() => {
        answersColumn.replaceChildren(element("p", "text-body-secondary", words.starting));
      }, 300);
      return window.offlineEngine.ask("practice", fields).finally(() => clearTimeout(starting));
    }

    // A new hand: the hand's card, the form's region, seed and total's name, the links.
    function deal(region, seed) {
      ask({ region, seed: String(seed) }).then((answer) => {
        const box = element("div");
        box.innerHTML = answer.hand;
        document.querySelector(".practice-hand").replaceWith(box.firstElementChild);
        form.elements.region.value = region;
        form.elements.seed.value = String(seed);
        form.querySelectorAll("input:not([type=hidden])").forEach((input) => { input.value = ""; });
        clearErrors();
        const label = form.querySelector('label[for="id_total"]');
        if (label) label.firstChild.textContent = answer.total_label;
        document.querySelector("[data-practice-calculator]").href = answer.calculator;
        newLinks(region, roundLink);
        answersColumn.replaceChildren();
        history.pushState(null, "", roundLink(region, seed));
        window.scrollTo(0, 0);
      }, failed);
    }

    function grade() {
      const fields = fieldsOf();
      ask(fields).then((answer) => {
        clearErrors();
        if (answer.status !== 200) {
          answersColumn.replaceChildren();
          showErrors(answer.field_errors);
          return;
        }
        answersColumn.innerHTML = answer.html;
        badge(answersColumn);
        const { region, seed, ...answers } = fields;
        history.pushState(null, "", roundLink(region, seed, answers) + "#grades");
        answersColumn.scrollIntoView({ block: "start" });
      }, failed);
    }

    form.addEventListener("submit", (event) => {
      if (!offline() || !window.offlineEngine) return;
      event.preventDefault();
      grade();
    });

    offlineLinks("[data-practice-next], [data-practice-regions] a",
                 (query) => deal(query.get("region"), Number(query.get("seed"))));
  }

  // --- the 何切 drill (/practice/discard/): a tap on a tile to throw (or on a throw of
  // the ranking), the next hand and the regions' links answered by the offline engine
  // (presentation.practice.drill_html, the server's own card) ---

  function drillRound(drill) {
    const address = drill.dataset.drillAddress;
    const roundLink = (region, seed, discard) =>
      address + "?" + new URLSearchParams({ region, seed, ...(discard ? { discard } : {}) });
    function badge() {
      const header = drill.querySelector("#drill-result .card-header") ||
        drill.querySelector(".drill-hand .card-header");
      if (!header) return;
      const mark = element("span", "badge text-bg-warning offline-badge", words.badge);
      mark.dataset.offlineNotice = "";
      header.append(mark);
    }

    function play(region, seed, discard) {
      const fields = { region, seed: String(seed), discard: discard || "", drill: address };
      const newHand = String(seed) !== drill.querySelector(".drill-hand").dataset.seed;
      window.offlineEngine.ask("drill", fields).then((answer) => {
        drill.innerHTML = answer.html;
        badge();
        if (newHand) newLinks(region, roundLink);
        history.pushState(null, "", roundLink(region, seed, discard) + (discard ? "#drill-result" : ""));
        const result = drill.querySelector("#drill-result");
        if (result) result.scrollIntoView({ block: "start" });
        else window.scrollTo(0, 0);
      }, (error) => {
        if (window.console) console.warn("offline engine:", error);
        drill.append(element("div", "alert alert-danger", words.failed));
      });
    }

    offlineLinks("[data-drill] a[href*='seed='], [data-practice-next], [data-practice-regions] a",
                 (query) => play(query.get("region"), query.get("seed"), query.get("discard")));
  }

  const form = document.getElementById("practice-form");
  const drill = document.querySelector("[data-drill]");
  if (form) scoreRound(form);
  else if (drill) drillRound(drill);
})();

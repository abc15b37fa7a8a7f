// The rules pages' pattern search (templates/calculator/rules_search.html): a query
// answered in the page, with no reload. The form's list holds every row (/rules/) or
// entry (/rules/<region>/) as a hidden link with its terms (data-terms: names as
// written and in Simplified characters, pinyin initials, pinyin, English words, worked
// out once per process by calculator/rules_pages.py); a query is met as rules_pages.find
// meets it. One best match on this page: a jump there at once (no smooth scroll), the
// row or entry marked (.rules-found) and focused; several: the list of them, best first.
// Also marks the row or entry a link's #fragment names. Without JavaScript the form is
// a plain GET (?q=…) that the server answers.
(function () {
  "use strict";
  const form = document.querySelector("[data-rules-search]");
  if (!form) return;
  const input = form.querySelector("input[name=q]");
  const status = form.querySelector("[role=status]");
  const list = form.querySelector("[data-rules-search-results]");
  const targets = [...list.children].map((item, order) => {
    const link = item.querySelector("a");
    const href = link.getAttribute("href");
    return { item, link, order, terms: JSON.parse(item.dataset.terms),
             anchor: href.startsWith("#") ? href.slice(1) : "" };
  });

  // As rules_pages._compact and _words: letters and digits in lower case, half width.
  function compact(text) {
    return text.normalize("NFKC").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
  }
  function words(text) {
    return text.normalize("NFKC").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();
  }

  // As rules_pages._tier: 0 exactly, 1 at the start (or, for three letters or more, an
  // English word's), 2 inside a name; null where the query does not meet the pattern.
  // The English only for a query in Latin letters.
  function tier(terms, query, phrase) {
    const names = terms.slice(0, -3);
    const initials = terms[terms.length - 3], pinyin = terms[terms.length - 2];
    const english = terms[terms.length - 1];
    const spoken = names.concat([initials, pinyin]);
    const latin = /^\p{ASCII}*$/u.test(phrase);
    if (spoken.includes(query) || (latin && phrase === english)) return 0;
    if (spoken.some((term) => term.startsWith(query)) ||
        (latin && phrase.length >= 3 && (" " + english).includes(" " + phrase))) return 1;
    if (names.some((name) => name.includes(query))) return 2;
    return null;
  }

  // As rules_pages.find: the better tier first, then this page's, then page order.
  function find(text) {
    const query = compact(text.slice(0, 50)), phrase = words(text.slice(0, 50));
    if (!query) return [];
    const found = [];
    targets.forEach((target) => {
      let best = null;
      target.terms.forEach((terms) => {
        const t = tier(terms, query, phrase);
        if (t !== null && (best === null || t < best)) best = t;
      });
      if (best !== null) found.push({ tier: best, target });
    });
    return found.sort((a, b) => a.tier - b.tier || (!a.target.anchor - !b.target.anchor) ||
        a.target.order - b.target.order);
  }

  // As rules_pages.jump: the best match, if it is on this page and alone at its tier here.
  function best(found) {
    if (!found.length || !found[0].target.anchor) return null;
    const rivals = found.filter((f) => f.tier === found[0].tier && f.target.anchor);
    return rivals.length === 1 ? found[0].target : null;
  }

  function mark(node) {
    document.querySelectorAll(".rules-found").forEach((old) => {
      old.classList.remove("rules-found");
    });
    node.classList.add("rules-found");
    if (!node.hasAttribute("tabindex")) node.setAttribute("tabindex", "-1");
  }

  // At once: Bootstrap scrolls smoothly to a #fragment, and this is no place to wait.
  function go(anchor) {
    const node = document.getElementById(anchor);
    if (!node) return;
    mark(node);
    history.replaceState(history.state, "", location.pathname + "#" + anchor);
    node.scrollIntoView({ block: "start", inline: "nearest", behavior: "instant" });
    node.focus({ preventScroll: true });
  }

  function answer() {
    const found = find(input.value.trim());
    const target = best(found);
    const listed = found.length > 1 || (found.length > 0 && !target);
    const shown = found.map((f) => f.target);
    shown.forEach((t) => { list.appendChild(t.item); t.item.hidden = !listed; });
    targets.forEach((t) => { if (!shown.includes(t)) t.item.hidden = true; });
    list.hidden = !listed;
    if (!input.value.trim() || (target && !listed)) status.textContent = "";
    else if (!found.length) status.textContent = form.dataset.msgNone;
    else if (!shown.some((t) => t.anchor)) status.textContent = form.dataset.msgElsewhere;
    else status.textContent = form.dataset.msgFound;
    if (target) go(target.anchor);
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    answer();
  });
  // A match of this page in the list: there at once, as a jump is.
  list.addEventListener("click", (event) => {
    const link = event.target.closest("a");
    const href = link && link.getAttribute("href");
    if (!href || !href.startsWith("#")) return;
    event.preventDefault();
    go(href.slice(1));
  });
  // A row or entry a link names (/rules/jinhua/#bao_tou) is marked, as a found one is.
  function followHash() {
    const node = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (node && (node.matches("tr[id]") || node.matches(".rules-pattern"))) mark(node);
  }
  window.addEventListener("hashchange", followHash);
  followHash();
})();

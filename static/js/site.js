// Small enhancements on top of pages that work without JavaScript. No inline scripts:
// the site runs under a Content Security Policy.
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  // "Copy link": copy the permalink a button carries.
  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-copy-link]");
    if (!button || !navigator.clipboard) return;
    navigator.clipboard.writeText(button.dataset.copyLink).then(function () {
      var label = button.textContent;
      button.textContent = button.dataset.copied;
      setTimeout(function () { button.textContent = label; }, 2000);
    });
  });

  // The language form returns to the page as it is now (htmx may have pushed a new URL).
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.matches("[data-language-form]")) {
      form.elements.next.value = location.pathname + location.search;
    }
  });

  // A payments table wider than its card (an absurd base) scrolls inside it (site.css),
  // and so does the rules page's side-by-side table on a phone: such a scroller then
  // takes keyboard focus, so it can be scrolled without a mouse.
  function focusableScrollers() {
    document.querySelectorAll(".payments-wrap, .rules-table-wrap").forEach(function (box) {
      if (box.scrollWidth > box.clientWidth) box.tabIndex = 0;
      else box.removeAttribute("tabindex");
    });
  }
  document.addEventListener("DOMContentLoaded", focusableScrollers);
  document.addEventListener("htmx:load", focusableScrollers);
  window.addEventListener("resize", focusableScrollers);
  document.addEventListener("toggle", focusableScrollers, true); // <details> of other readings

  // A new score request clears the errors of the last one; the answer brings its own.
  document.addEventListener("htmx:beforeRequest", function (event) {
    var form = event.detail.elt;
    if (!form.matches || !form.matches("#score-form")) return;
    form.querySelectorAll(".is-invalid").forEach(function (el) {
      el.classList.remove("is-invalid");
    });
    form.querySelectorAll(".invalid-feedback, .alert-danger").forEach(function (el) {
      el.remove();
    });
  });
})();

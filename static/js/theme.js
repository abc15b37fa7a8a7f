// Bootstrap's colour mode (data-bs-theme) follows the system's light or dark setting,
// and follows it when it changes. A file, not an inline script: the Content-Security-
// Policy allows none. base.html loads it in <head> without defer, before the body is
// painted, so a dark system never sees a flash of the light page.
(function () {
  "use strict";
  const dark = window.matchMedia("(prefers-color-scheme: dark)");
  function follow() {
    document.documentElement.setAttribute("data-bs-theme", dark.matches ? "dark" : "light");
  }
  follow();
  dark.addEventListener("change", follow);
})();

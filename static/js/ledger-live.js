// Every phone sees the ledger as it is now (issue 24). A ledger page ([data-live-sheet])
// or a hand's form ([data-live-notice]) names the table's version URL (data-live) and the
// version it was drawn from (data-live-version); a ledger page also the stamp of what it
// shows besides the hands (data-live-stamp: names, who sits where, the money per point,
// which move no version). Every few seconds while the page is in view it asks whether
// they moved — a conditional request the server answers 304 with one read, however long
// the table. When they have:
// - a ledger page fetches itself again and puts the fresh sheet (totals, next hand, chart,
//   hands) in place of its own, and the fresh next forms and rotation into the section
//   of hands recorded offline (#pending, static/js/ledger-offline.js, which the event
//   "ledger:changed" tells);
// - a hand's form shows its notice: it was drawn from an older ledger, and saving it will
//   show what changed first (the server's compare-and-set decides, as for any write).
// A hand's form that names people (data-live-hand, data-live-seated: its number and the
// four it shows, ledger.people.seated_stamp) asks too who sits at its hand now: a seat
// change or a rename there turns its write away (ledger.store.Write.seated) though it
// moves no version, so its notice then says the seating changed (data-msg-seated).
(function () {
  "use strict";
  const PERIOD = 4000;
  const watched = document.querySelector("[data-live-sheet], [data-live-notice]");
  if (!watched || !window.fetch || !window.DOMParser) return;
  const hand = watched.dataset.liveHand;  // a hand's form's only
  let seated = hand && watched.dataset.liveSeated;  // empty: its form names nobody (a draw)
  const url = watched.dataset.live + (seated ? "?hand=" + encodeURIComponent(hand) : "");
  let version = watched.dataset.liveVersion;
  let stamp = watched.dataset.liveStamp;  // a ledger page's only
  let busy = false;

  function freshSheet(newVersion) {
    return fetch(location.href, { cache: "no-store", credentials: "same-origin" })
      .then((response) => response.ok ? response.text() : null)
      .then((text) => {
        if (!text) return;
        const fresh = new DOMParser().parseFromString(text, "text/html");
        const sheet = fresh.querySelector("[data-live-sheet]");
        const current = document.querySelector("[data-live-sheet]");
        if (!sheet || !current) return;
        current.replaceWith(document.adoptNode(sheet));
        const pending = document.getElementById("pending");
        const freshPending = fresh.getElementById("pending");
        if (pending && freshPending) {
          ["pendingForms", "chain"].forEach((name) => {
            pending.dataset[name] = freshPending.dataset[name];
          });
        }
        version = sheet.dataset.liveVersion || newVersion;
        stamp = sheet.dataset.liveStamp;
        document.dispatchEvent(new CustomEvent("ledger:changed", { detail: { version } }));
      });
  }

  function moved(newVersion, newSeated) {
    if (watched.matches("[data-live-notice]")) {
      if (seated && newSeated !== seated && watched.dataset.msgSeated) {
        watched.textContent = watched.dataset.msgSeated;
      }
      watched.hidden = false;
      version = newVersion;
      seated = seated && newSeated;
      return null;
    }
    return freshSheet(newVersion);
  }

  function check() {
    if (busy || document.visibilityState === "hidden" || !version) return;
    busy = true;
    const also = stamp || seated;  // a sheet's stamp, or who sits at a form's hand
    const seen = also ? version + "-" + also : version;
    fetch(url, { cache: "no-store", credentials: "same-origin",
                 headers: { "If-None-Match": '"' + seen + '"' } })
      .then((response) => response.status === 200 ? response.json() : null)
      .then((body) => {
        if (!body) return null;
        if (String(body.version) !== version || (stamp && body.sheet !== stamp)
            || (seated && body.seated !== seated)) {
          return moved(String(body.version), body.seated);
        }
        return null;
      })
      .catch(() => { /* no connection: the page stays as it is */ })
      .then(() => { busy = false; });
  }

  setInterval(check, PERIOD);
  document.addEventListener("visibilitychange", check);
})();

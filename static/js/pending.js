// The ledger hands recorded with no network, kept in the browser (IndexedDB database
// "mahjong-ledger", store "pending") until the server has them. The service worker
// (static/js/sw.js; its script includes this file) keeps one when a hand's form cannot
// be sent; the ledger page (static/js/ledger-offline.js) shows them, sends them when the
// connection is back, and marks the ones the server turns down. An entry:
// {id, table: "/t/…/e/…/", action: the form's URL, number, kind: "win" | "draw" | "adj",
//  fields: [[name, value], …] as posted (intent, version and key among them), at: ISO
//  time, state: "waiting" | "conflict" | "refused", answer: the server's, if any}.
//
// A chain (issue 24): hands kept in a row are placed as if each followed the last — a
// new hand kept after others takes the number after theirs and the version after the
// last one's, so that, sent in order with nobody else writing, each is recorded without
// a conflict. The same form kept twice (its key) is kept once.
//
// Pending is the one global the ledger's scripts share: set on the global object rather
// than declared, so that the script may run again (a page's swapped part bringing it
// back) without an error.
globalThis.Pending = (function () {
  "use strict";
  function open() {
    return new Promise((resolve, reject) => {
      const request = indexedDB.open("mahjong-ledger", 1);
      request.onupgradeneeded = () => {
        request.result.createObjectStore("pending", { keyPath: "id", autoIncrement: true });
      };
      request.onsuccess = () => { resolve(request.result); };
      request.onerror = () => { reject(request.error); };
    });
  }
  function run(mode, work) {
    return open().then((db) => new Promise((resolve, reject) => {
      const transaction = db.transaction("pending", mode);
      const request = work(transaction.objectStore("pending"));
      transaction.oncomplete = () => { db.close(); resolve(request && request.result); };
      transaction.onerror = () => { db.close(); reject(transaction.error); };
    }));
  }
  function field(entry, name) {
    const pair = entry.fields.find((p) => p[0] === name);
    return pair ? pair[1] : "";
  }
  function setField(entry, name, value) {
    entry.fields = entry.fields.filter((p) => p[0] !== name);
    entry.fields.push([name, String(value)]);
  }
  function sameContent(a, b) {
    const skip = ["version", "csrfmiddlewaretoken"];
    const said = (e) => JSON.stringify(e.fields.filter((p) => !skip.includes(p[0])).sort());
    return a.kind === b.kind && said(a) === said(b);
  }
  function freshKey() {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }
  // ``entry`` placed after the table's hands still waiting to be sent (a hand turned
  // down or in conflict is not sent, so nothing is placed after it); nothing where the
  // same form was kept already (its key and content); a fresh key where only its key was.
  function place(entry, kept) {
    let mine = kept.filter((e) => e.table === entry.table);
    const same = mine.filter((e) => field(e, "key") === field(entry, "key"));
    if (same.some((e) => sameContent(e, entry))) return null;
    if (same.length || !field(entry, "key")) setField(entry, "key", freshKey());
    mine = mine.filter((e) => e.state === "waiting");
    if (!mine.length) return entry;
    const last = mine[mine.length - 1];
    setField(entry, "version", Number(field(last, "version")) + 1);
    if (field(entry, "intent") === "new") {
      const numbers = mine.filter((e) => field(e, "intent") === "new").map((e) => e.number);
      const next = Math.max(...numbers, entry.number - 1) + 1;
      entry.action = entry.action.replace(/hand\/\d+\//, "hand/" + next + "/");
      entry.number = next;
    }
    return entry;
  }
  return {
    field,
    setField,
    freshKey,
    keep(entry) {
      entry.at = new Date().toISOString();
      entry.state = "waiting";
      return run("readwrite", (store) => {
        const all = store.getAll();
        all.onsuccess = () => {
          const placed = place(entry, all.result);
          if (placed) store.add(placed);
        };
        return null;
      });
    },
    put(entry) { return run("readwrite", (s) => s.put(entry)); },
    remove(id) { return run("readwrite", (s) => s.delete(id)); },
    all() { return run("readonly", (s) => s.getAll()); },
  };
})();

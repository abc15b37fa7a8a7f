// The ledger hands recorded with no network, kept in the browser (IndexedDB database
// "mahjong-ledger", store "pending") until the server has them. The service worker
// (static/js/sw.js; its script includes this file) keeps one when a hand's form cannot
// be sent; the ledger page (static/js/ledger-offline.js) shows them, sends them when the
// connection is back, and marks the ones the server turns down. An entry:
// {id, table: "/t/…/e/…/", action: the form's URL, number, kind: "win" | "draw",
//  fields: [[name, value], …] as posted (intent, version and key among them), at: ISO
//  time, state: "waiting" | "conflict" | "refused", answer: the server's, if any}.
//
// A chain (issue 24): hands kept in a row are placed as if each followed the last — a
// new hand kept after others takes the number after theirs and the version after the
// last one's, so that, sent in order with nobody else writing, each is recorded without
// a conflict. The same form kept twice (its key) is kept once.
var Pending = (function () {
  "use strict";
  function open() {
    return new Promise(function (resolve, reject) {
      var request = indexedDB.open("mahjong-ledger", 1);
      request.onupgradeneeded = function () {
        request.result.createObjectStore("pending", { keyPath: "id", autoIncrement: true });
      };
      request.onsuccess = function () { resolve(request.result); };
      request.onerror = function () { reject(request.error); };
    });
  }
  function run(mode, work) {
    return open().then(function (db) {
      return new Promise(function (resolve, reject) {
        var transaction = db.transaction("pending", mode);
        var request = work(transaction.objectStore("pending"));
        transaction.oncomplete = function () { db.close(); resolve(request && request.result); };
        transaction.onerror = function () { db.close(); reject(transaction.error); };
      });
    });
  }
  function field(entry, name) {
    var pair = entry.fields.find(function (p) { return p[0] === name; });
    return pair ? pair[1] : "";
  }
  function setField(entry, name, value) {
    entry.fields = entry.fields.filter(function (p) { return p[0] !== name; });
    entry.fields.push([name, String(value)]);
  }
  function sameContent(a, b) {
    var skip = ["version", "csrfmiddlewaretoken"];
    var said = function (e) {
      return JSON.stringify(e.fields.filter(function (p) { return skip.indexOf(p[0]) < 0; }).sort());
    };
    return a.kind === b.kind && said(a) === said(b);
  }
  function freshKey() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return btoa(String.fromCharCode.apply(null, bytes))
      .replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }
  // ``entry`` placed after the table's hands still waiting to be sent (a hand turned
  // down or in conflict is not sent, so nothing is placed after it); nothing where the
  // same form was kept already (its key and content); a fresh key where only its key was.
  function place(entry, kept) {
    var mine = kept.filter(function (e) { return e.table === entry.table; });
    var same = mine.filter(function (e) { return field(e, "key") === field(entry, "key"); });
    if (same.some(function (e) { return sameContent(e, entry); })) return null;
    if (same.length || !field(entry, "key")) setField(entry, "key", freshKey());
    mine = mine.filter(function (e) { return e.state === "waiting"; });
    if (!mine.length) return entry;
    var last = mine[mine.length - 1];
    setField(entry, "version", Number(field(last, "version")) + 1);
    if (field(entry, "intent") === "new") {
      var next = Math.max.apply(null, mine.filter(function (e) { return field(e, "intent") === "new"; })
        .map(function (e) { return e.number; }).concat([entry.number - 1])) + 1;
      entry.action = entry.action.replace(/hand\/\d+\//, "hand/" + next + "/");
      entry.number = next;
    }
    return entry;
  }
  return {
    field: field,
    setField: setField,
    freshKey: freshKey,
    keep: function (entry) {
      entry.at = new Date().toISOString();
      entry.state = "waiting";
      return run("readwrite", function (store) {
        var all = store.getAll();
        all.onsuccess = function () {
          var placed = place(entry, all.result);
          if (placed) store.add(placed);
        };
        return null;
      });
    },
    put: function (entry) { return run("readwrite", function (s) { return s.put(entry); }); },
    remove: function (id) { return run("readwrite", function (s) { return s.delete(id); }); },
    all: function () { return run("readonly", function (s) { return s.getAll(); }); },
  };
})();

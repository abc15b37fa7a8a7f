// The ledger hands recorded with no network, kept in the browser (IndexedDB database
// "mahjong-ledger", store "pending") until the server has them. The service worker
// (static/js/sw.js; its script includes this file) adds one when a hand's form cannot be
// sent; the ledger page (static/js/ledger-offline.js) shows them, sends them when the
// connection is back, and marks the ones the server turns down. An entry:
// {id, table: "/t/…/e/…/", action: the form's URL, number, kind: "win" | "draw",
//  fields: [[name, value], …] as posted (the ledger version among them), at: ISO time,
//  state: "waiting" | "conflict" | "refused"}.
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
        transaction.oncomplete = function () { db.close(); resolve(request.result); };
        transaction.onerror = function () { db.close(); reject(transaction.error); };
      });
    });
  }
  return {
    add: function (entry) { return run("readwrite", function (s) { return s.add(entry); }); },
    put: function (entry) { return run("readwrite", function (s) { return s.put(entry); }); },
    remove: function (id) { return run("readwrite", function (s) { return s.delete(id); }); },
    all: function () { return run("readonly", function (s) { return s.getAll(); }); },
  };
})();

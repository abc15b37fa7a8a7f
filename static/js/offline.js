// The calculator with no network: the same engine, in the browser.
//
// The page says where the engine's files are ([data-offline-engine], from
// templates/calculator/_offline_engine.html). After a first load with a connection, the
// service worker is asked to keep them (static/js/sw.js). When a score cannot reach the
// server (htmx:sendError: no network, or none that answers), the form is turned into the
// API's request (docs/API.md) as calculator/forms.py does, the project's own rules
// package answers it in a Web Worker (static/js/engine-worker.js: rules.answer on
// Pyodide), and the answer's JSON is drawn with the server's words
// (/offline/words/<language>.json), marked 离线计算. A region picked with no network
// takes its fieldset from the page's <template data-region-fieldset>.
(function () {
  "use strict";
  var holder = document.querySelector("[data-offline-engine]");
  if (!holder || !("Worker" in window)) return;

  // --- keeping the engine's files, once a page has loaded with a connection ---

  window.addEventListener("load", function () {
    if (!("serviceWorker" in navigator) || !navigator.onLine) return;
    navigator.serviceWorker.ready.then(function (registration) {
      registration.active.postMessage({ keep: JSON.parse(holder.dataset.files) });
    });
  });

  // --- the engine in a worker, started on first use, or as soon as a page opens with no
  // network (the player enters the tiles meanwhile) ---

  var worker = null, started = null, asked = new Map(), nextId = 1;

  function absolute(url) { return new URL(url, location.href).href; }

  function startEngine() {
    if (started) return started;
    started = new Promise(function (resolve, reject) {
      worker = new Worker(holder.dataset.worker, { type: "module" });
      worker.addEventListener("message", function (event) {
        var message = event.data;
        if (message.started) return resolve();
        var waiting = message.id && asked.get(message.id);
        if (!waiting) return message.failure ? reject(new Error(message.failure)) : undefined;
        asked.delete(message.id);
        if (message.failure) waiting.reject(new Error(message.failure));
        else waiting.resolve(JSON.parse(message.answer));
      });
      worker.addEventListener("error", function (event) { reject(new Error(event.message)); });
      worker.postMessage({ start: { runtime: absolute(holder.dataset.runtime),
                                    engine: absolute(holder.dataset.engine) } });
    });
    started.catch(function () { started = null; if (worker) worker.terminate(); });
    return started;
  }

  // {status, body}: what the API would answer (rules.answer.answer_json).
  function ask(kind, request) {
    return startEngine().then(function () {
      return new Promise(function (resolve, reject) {
        var id = nextId++;
        asked.set(id, { resolve: resolve, reject: reject });
        worker.postMessage({ id: id, kind: kind, body: JSON.stringify(request) });
      });
    });
  }

  window.addEventListener("load", function () {
    fetch("/health", { cache: "no-store" }).then(function (r) { return !r.ok; }, function () { return true; })
      .then(function (unreachable) { if (unreachable) { startEngine().catch(function () {}); words().catch(function () {}); } });
  });

  var wordsPromise = null;
  function words() {
    wordsPromise = wordsPromise || fetch(holder.dataset.words).then(function (response) {
      if (!response.ok) throw new Error("words " + response.status);
      return response.json();
    });
    wordsPromise.catch(function () { wordsPromise = null; });
    return wordsPromise;
  }

  // --- the form as the API's request (calculator/forms.py, ScoreForm.to_request) ---

  var LINES = /\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]/;

  function Invalid(name) { this.name = name; }

  function whole(form, name) {
    var text = (form.elements[name] && form.elements[name].value || "").trim();
    if (text === "") return null;
    if (!/^[0-9]+$/.test(text)) throw new Invalid(name);
    return parseInt(text, 10);
  }

  function requestOf(form, kind) {
    var el = form.elements, text = function (name) { return (el[name] ? el[name].value : "").trim(); };
    var winType = text("win_type");
    var base = text("base"), baseNumber = base === "" ? 1 : Number(base);
    if (!isFinite(baseNumber) || baseNumber <= 0 || !/^[0-9.eE+-]+$/.test(base || "1")) {
      throw new Invalid("base");
    }
    var request = {
      region: text("region"), hand: text("hand"),
      melds: (el.melds ? el.melds.value : "").split(LINES).map(function (l) { return l.trim(); })
        .filter(Boolean),
      win_tile: text("win_tile"), win_type: winType, winner: text("winner"),
      dealer: text("dealer"),
      discarder: winType !== "self_draw" ? text("discarder") || null : null,
      dealer_streak: whole(form, "dealer_streak") || 0,
      base: baseNumber,
    };
    if (text("wild")) request.wild = text("wild");
    var context = {}, houseRules = {}, claims = [], dice = [];
    var fieldset = form.querySelector("#region-fields");
    Array.prototype.forEach.call(fieldset ? fieldset.querySelectorAll("[name]") : [], function (input) {
      var name = input.name, value = input.value.trim();
      if (/^claim\d_/.test(name)) return;
      if (/^dice_\d$/.test(name)) { dice[Number(name.slice(5))] = value; return; }
      if (input.hasAttribute("data-house-rule")) { if (value) houseRules[name] = value; return; }
      if (input.type === "checkbox") { if (input.checked) context[name] = true; return; }
      if (input.type === "number") { var n = whole(form, name); if (n) context[name] = n; return; }
      if (value) context[name] = value;
    });
    if (dice[0] && dice[1]) context.dice = [Number(dice[0]), Number(dice[1])];
    else if (dice[0] || dice[1]) throw new Invalid("dice_0");
    for (var row = 1; el["claim" + row + "_by"]; row++) {
      var by = el["claim" + row + "_by"].value, from = el["claim" + row + "_from"].value,
          count = el["claim" + row + "_count"].value;
      if (by && from && count) claims.push({ by: by, from: from, count: Number(count) });
      else if (by || from || count) throw new Invalid("claim" + row + "_by");
    }
    if (claims.length) context.claims = claims;
    if (Object.keys(context).length) request.context = context;
    if (Object.keys(houseRules).length) request.house_rules = houseRules;
    if (kind === "waits") { delete request.win_tile; delete request.win_type; delete request.discarder; }
    return request;
  }

  // --- drawing the answer with the server's words ---

  function node(tag, className, text) {
    var n = document.createElement(tag);
    if (className) n.className = className;
    if (text !== undefined && text !== null) n.textContent = text;
    return n;
  }
  function fill(template, values) {
    return template.replace(/%\((\w+)\)s/g, function (all, key) { return values[key]; });
  }
  function amount(value) { return String(value); } // the engine's exact number, never rounded
  function signed(value) { return value > 0 ? "+" + amount(value) : value < 0 ? "−" + amount(-value) : "0"; }

  function tileFace(code, wild, standsFor, badge, winning, winMark) {
    var button = document.querySelector('.tile-palette [data-tile="' + code + '"]');
    var face = node("span", "tile-face" + (winning ? " tile-face--winning" : "") +
                    (wild ? " tile-face--wild" : "") + (standsFor && !wild ? " tile-face--sub" : ""));
    var img = node("img", "tile-face__img");
    img.src = button ? button.querySelector("img").src : "";
    img.alt = (button ? button.dataset.name : code) + (standsFor ? " → " + standsFor : "");
    img.width = 36; img.height = 48;
    face.append(img);
    var mark = function (cls, text) { var m = node("span", cls, text); m.setAttribute("aria-hidden", "true"); face.append(m); };
    if (wild) mark("tile-face__badge", badge);
    if (standsFor) mark("tile-face__as", "→" + standsFor);
    if (winning) mark("tile-face__win", winMark);
    return face;
  }

  function reading(w, region, request, r) {
    var box = node("div"), rw = w.regions[region];
    // the answer first (how much, who pays), then the working, as the page's own
    box.append(node("p", "arithmetic mb-1", arithmetic(w, rw, request, r)));
    box.append(payments(w, request, r.payments));
    box.append(node("p", "small text-body-secondary mb-1 mt-3", w.shapes[r.shape] || r.shape));
    var tiles = node("div", "tiles mb-3"), marked = false;
    r.groups.forEach(function (g) {
      var group = node("span", "tile-group" + (g.exposed ? " exposed" : "")), faces = node("span", "d-inline-flex");
      g.tiles.forEach(function (code, i) {
        var winning = !marked && !g.exposed && code === request.win_tile;
        marked = marked || winning;
        var stands = (g.wild[i] || g.as[i] !== code) ? g.as[i] : null;
        faces.append(tileFace(code, g.wild[i], stands, rw.badge, winning, w.text.winMark));
      });
      var kind = g.kind === "pair" && r.shape === "seven_pairs" ? w.sevenPairsPair : (w.kinds[g.kind] || g.kind);
      group.append(faces, node("small", "group-kind", kind + (g.exposed ? " · " + w.text.exposed : "")));
      tiles.append(group);
    });
    box.append(tiles);
    if (r.patterns.length) {
      var list = node("ul", "list-unstyled patterns");
      r.patterns.forEach(function (p) {
        var known = rw.patterns[p.key] || { name: p.name, english: "", rule: "", source: p.source, link: "#" };
        var item = node("li", "mb-2"), head = node("div", "d-flex align-items-baseline gap-2");
        head.append(node("strong", "", known.name));
        if (known.english) head.append(node("span", "text-body-secondary small", known.english));
        head.append(node("span", "ms-auto badge text-bg-primary",
                         rw.addsFan ? fill(w.text.fan, { fan: p.value }) : "×" + p.value));
        var rule = node("div", "small", known.rule + " "), source = node("a", "text-body-secondary pattern-source", known.source);
        source.href = known.link;
        rule.append(source);
        item.append(head, rule);
        list.append(item);
      });
      box.append(list);
    } else {
      box.append(node("p", "small", w.text.noPattern));
    }
    return box;
  }

  function arithmetic(w, rw, request, r) {
    var b = r.breakdown, terms = r.patterns.map(function (p) {
      return (rw.patterns[p.key] ? rw.patterns[p.key].name : p.name) + " " + p.value;
    });
    var factor = rw.addsFan ? (terms.length ? "2^(" + terms.join(" + ") + ")" : "2^" + r.fan)
      : (terms.length ? terms.join(" × ") : String(r.multiplier));
    var text = fill(w.text.base, { base: amount(b.base) }) + " × " + factor + " = " + amount(b.hand_value);
    if ((b.dealer_factor || 1) !== 1) {
      var streak = request.dealer_streak || 0;
      text += w.text.semicolon + fill(w.text.dealerFactor, {
        factor: b.dealer_factor, streak: w.streaks[Math.min(streak, w.streaks.length - 1)] });
    }
    return text;
  }

  function payments(w, request, amounts) {
    var wrap = node("div", "payments-wrap mt-2"), table = node("table", "table table-sm payments mb-0");
    table.append(node("caption", "visually-hidden", w.text.payments));
    var head = node("tr");
    [["seat", ""], ["pays", "text-end"], ["receives", "text-end"], ["net", "text-end"]].forEach(function (c) {
      var th = node("th", c[1], w.text[c[0]]); th.scope = "col"; head.append(th);
    });
    var thead = node("thead"), tbody = node("tbody");
    thead.append(head);
    w.seatOrder.filter(function (seat) { return seat in amounts; }).forEach(function (seat) {
      var net = amounts[seat], tr = node("tr"), th = node("th", "", w.seats[seat]);
      th.scope = "row";
      var roles = [];
      if (seat === request.winner) roles.push(w.text.winner);
      if (seat === request.dealer) roles.push(w.text.dealer);
      if (seat === request.discarder) roles.push(request.win_type === "rob_kong" ? w.text.robbed : w.text.discarder);
      roles.forEach(function (role) { th.append(" ", node("span", "badge text-bg-light border", role)); });
      tr.append(th, node("td", "text-end", net < 0 ? amount(-net) : ""),
                node("td", "text-end", net > 0 ? amount(net) : ""),
                node("td", "text-end fw-bold net" + (net > 0 ? " text-success" : net < 0 ? " text-danger" : ""), signed(net)));
      tbody.append(tr);
    });
    table.append(thead, tbody);
    wrap.append(table);
    return wrap;
  }

  function scoreCard(w, request, response) {
    var rw = w.regions[response.region];
    var card = node("article", "card result"), header = node("div", "card-header d-flex flex-wrap align-items-baseline gap-2");
    card.dataset.offlineAnswer = response.region;
    var body = node("div", "card-body");
    if (response.winning) {
      header.append(node("h2", "h5 mb-0 text-success-emphasis", "✓ " + w.text.winning));
    } else {
      header.append(node("h2", "h5 mb-0 text-danger-emphasis", "✗ " + w.text.notWinning));
    }
    header.append(node("span", "text-body-secondary", rw.label), node("span", "badge text-bg-warning offline-badge", w.text.badge));
    if (response.winning) {
      header.append(node("span", "ms-auto fw-bold fs-5",
                         rw.addsFan ? fill(w.text.fan, { fan: response.fan }) : "×" + response.multiplier));
    }
    body.append(node("p", "small text-body-secondary", w.text.note));
    if (response.winning) {
      body.append(reading(w, response.region, request, response));
    } else {
      body.append(node("p", "mb-1", w.text.unmatched));
      var tiles = node("div", "tiles");
      (response.unmatched || []).forEach(function (code) { tiles.append(tileFace(code, false, null, rw.badge, false)); });
      body.append(tiles);
    }
    card.append(header, body);
    return card;
  }

  function waitsCard(w, request, response) {
    var rw = w.regions[request.region], card = node("article", "card result");
    card.dataset.offlineAnswer = request.region;
    var header = node("div", "card-header d-flex flex-wrap align-items-baseline gap-2"), body = node("div", "card-body");
    header.append(node("span", "text-body-secondary", rw.label), node("span", "badge text-bg-warning offline-badge", w.text.badge));
    body.append(node("p", "small text-body-secondary", w.text.note));
    var waits = response.waits || [];
    if (!waits.length) body.append(node("p", "", w.text.waitsNone));
    waits.forEach(function (entry) {
      var item = node("section", "wait border-top pt-2 mt-2"), head = node("h3", "h6 d-flex align-items-center gap-2 mb-2");
      item.dataset.wait = entry.tile;
      head.append(tileFace(entry.tile, entry.tile === request.wild, null, rw.badge, false), node("span", "", entry.tile));
      item.append(head);
      var ways = [["selfDraw", entry.self_draw], ["onDiscard", entry.discard]].filter(function (w2) { return w2[1]; });
      ways.forEach(function (way) {
        var line = node("p", "small mb-1"), win = way[1];
        line.append(node("strong", "", w.text[way[0]]), " · " + (rw.addsFan ? fill(w.text.fan, { fan: win.fan }) : "×" + win.multiplier));
        win.patterns.forEach(function (p) { line.append(" · " + (rw.patterns[p.key] ? rw.patterns[p.key].name : p.name) + " " + p.value); });
        item.append(line);
      });
      var wrap = node("div", "payments-wrap mt-1"), table = node("table", "table table-sm payments wait-payments mb-0");
      var headRow = node("tr"), th = node("th", "", w.text.seat);
      th.scope = "col"; headRow.append(th);
      ways.forEach(function (way) { var c = node("th", "text-end", w.text[way[0]]); c.scope = "col"; headRow.append(c); });
      var thead = node("thead"), tbody = node("tbody");
      thead.append(headRow);
      w.seatOrder.filter(function (seat) { return seat in entry.self_draw.payments; }).forEach(function (seat) {
        var tr = node("tr"), name = node("th", "", w.seats[seat]);
        name.scope = "row"; tr.append(name);
        ways.forEach(function (way) {
          var net = way[1].payments[seat];
          tr.append(node("td", "text-end fw-bold net" + (net > 0 ? " text-success" : net < 0 ? " text-danger" : ""), signed(net)));
        });
        tbody.append(tr);
      });
      table.append(thead, tbody); wrap.append(table); item.append(wrap);
      body.append(item);
    });
    card.append(header, body);
    return card;
  }

  // --- answering a form with no network ---

  function clearErrors(form) {
    form.querySelectorAll("[data-offline-invalid]").forEach(function (n) { n.remove(); });
    form.querySelectorAll(".is-invalid").forEach(function (n) { n.classList.remove("is-invalid"); });
  }

  function markInvalid(form, w, name) {
    var input = form.elements[name] || form.elements[name + "_0"];
    if (!input || input.length && !input.tagName) input = form.querySelector('[name="' + name + '"]');
    var message = node("div", "invalid-feedback d-block", w.text.invalid);
    message.dataset.offlineInvalid = "";
    if (input && input.insertAdjacentElement) {
      input.classList.add("is-invalid");
      var details = input.closest("details");
      if (details) details.open = true;
      input.insertAdjacentElement("afterend", message);
    } else {
      message.className = "alert alert-danger"; message.setAttribute("role", "alert");
      form.prepend(message);
    }
  }

  // The engine's field ("melds[0]", "context.dice", "house_rules.x") as the form's name.
  function formName(field) {
    var m = /^(?:context\.|house_rules\.)?(\w+)/.exec(field || "");
    var name = m ? m[1] : "";
    return name === "claims" ? "claim1_by" : name === "dice" ? "dice_0" : name;
  }

  function show(answerBox, content) {
    var previous = answerBox.previousElementSibling;
    if (previous && previous.matches(".answer-notice")) previous.remove();
    answerBox.classList.remove("answer-stale");
    answerBox.replaceChildren(content);
  }

  function answerOffline(form) {
    var kind = form.id === "waits-form" ? "waits" : "score";
    var answerBox = document.querySelector(form.getAttribute("hx-target"));
    if (!answerBox) return;
    // The site's notice (site.js: no connection, with a retry) says what happens meanwhile;
    // the old answer stays, dimmed, until the new one is drawn.
    var say = function (text) {
      var notice = answerBox.previousElementSibling;
      var words = notice && notice.matches(".answer-notice") && notice.querySelector("span");
      if (words) words.textContent = text;
    };
    var starting = setTimeout(function () {
      words().then(function (w) { say(w.text.starting); });
    }, 300);
    words().then(function (w) {
      clearErrors(form);
      var request;
      try { request = requestOf(form, kind); } catch (error) {
        if (!(error instanceof Invalid)) throw error;
        clearTimeout(starting);
        markInvalid(form, w, error.name);
        answerBox.replaceChildren();
        return;
      }
      return ask(kind, request).then(function (answer) {
        clearTimeout(starting);
        if (answer.status !== 200) {
          var names = [];
          answer.body.errors.forEach(function (e) { var n = formName(e.field); if (names.indexOf(n) < 0) names.push(n); });
          names.forEach(function (n) { markInvalid(form, w, n); });
          answerBox.replaceChildren();
          return;
        }
        show(answerBox, kind === "waits" ? waitsCard(w, request, answer.body) : scoreCard(w, request, answer.body));
        answerBox.scrollIntoView({ block: "nearest" });
      }, function (error) {
        clearTimeout(starting);
        if (window.console) console.warn("offline engine:", error);
        say(w.text.engineFailed); // the engine is not kept here yet: online only
      });
    }).catch(function () { clearTimeout(starting); }); // no words kept: the site's notice stays
  }

  function swapRegion(select) {
    var current = select.form && select.form.querySelector("#region-fields");
    var template = document.querySelector('template[data-region-fieldset="' + select.value + '"]');
    if (!current || !template) return;
    var fresh = template.content.firstElementChild.cloneNode(true);
    current.replaceWith(fresh);
    document.dispatchEvent(new CustomEvent("htmx:load", { detail: { elt: fresh } }));
  }

  // A request that could not be sent (with no network it fails at once; site.js has
  // said so beside the old answer): answered here instead.
  document.addEventListener("htmx:sendError", function (event) {
    var elt = event.detail.elt;
    if (!elt || !elt.matches) return;
    if (elt.matches("select[name=region]") && elt.form && elt.form.querySelector("#region-fields")) {
      swapRegion(elt);
    } else if (elt.matches("#score-form, #waits-form")) {
      answerOffline(elt);
    }
  });
})();

// Tap-to-enter tiles over the score form's text inputs (_tile_entry.html says how), its
// reading of their text as the engine reads it (parseTiles, readMeld), and a kept draft's
// melds put in the page's words before site.js fills them in again.
// A module: it runs once however often an htmx swap brings its <script> back.

const FIELDS = ["id_hand", "id_melds", "id_win_tile", "id_wild", "id_region"];
const SIZES = { chi: 3, pung: 3, kong: 4, ankong: 4 };
// A typed meld's kind in Chinese, as players say it, the longer words first (the
// engine's CHINESE_MELD_KINDS, rules/melds.py).
const CHINESE_KINDS = [
  ["暗杠", "ankong"], ["暗槓", "ankong"], ["明杠", "kong"], ["明槓", "kong"], ["补杠", "kong"],
  ["補槓", "kong"], ["杠", "kong"], ["槓", "kong"], ["碰", "pung"], ["吃", "chi"],
];
const WHITE = "5z";
const NUMERALS = "一二三四五六七八九";
// The engine's spellings (rules/tiles.py: _SUIT_WORDS, _HONOUR_WORDS, _SEPARATORS), which
// tests/browser/test_tile_spellings_browser.py holds this parser to.
const CN_SUITS = { 萬: "m", 万: "m", 筒: "p", 餅: "p", 饼: "p", 條: "s", 条: "s", 索: "s", 束: "s" };
const HONOURS = { 東: 1, 东: 1, 南: 2, 西: 3, 北: 4, 白: 5, 發: 6, 发: 6, 中: 7 };
// Filler in Chinese names (東風, 白板, 發財, 紅中) and separators: skipped. The engine's
// separators are Python's whitespace, which has \x1c-\x1f and \x85 beside JavaScript's \s,
// and the invisible marks (zero-width spaces and joiners, direction marks, variation
// selectors, byte-order mark): control and combining characters, one by one.
// eslint-disable-next-line no-control-regex, no-misleading-character-class -- invisible separators
const FILLER = /[\s\x1c-\x1f\x85,，、;；\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufe00-\ufe0f\ufeff\u034f風风板財财紅红]/;
const uiState = new WeakMap(); // widget root -> {target}: hand, win, wild or a meld kind

// --- tile notation (the server validates; what cannot be read is ignored) ---

function parseTiles(text) {
  const tiles = [];
  let digits = [];
  for (const ch of String(text || "").normalize("NFKC").toLowerCase()) { // １２３ｍ: 123m
    const suit = "mpsz".includes(ch) ? ch : CN_SUITS[ch];
    if (ch >= "0" && ch <= "9") digits.push(+ch);
    else if (NUMERALS.includes(ch)) digits.push(NUMERALS.indexOf(ch) + 1);
    else if (suit) {
      for (const n of digits) if (n >= 1 && n <= (suit === "z" ? 7 : 9)) tiles.push(n + suit);
      digits = [];
    } else if (HONOURS[ch]) { tiles.push(HONOURS[ch] + "z"); digits = []; }
    else if (!FILLER.test(ch)) digits = [];
  }
  return tiles;
}

const order = (t) => "mpsz".indexOf(t[1]) * 9 + +t[0];
const sorted = (tiles) => tiles.slice().sort((a, b) => order(a) - order(b));

function formatTiles(tiles) {
  let out = "", suit = "";
  for (const t of sorted(tiles)) {
    if (suit && t[1] !== suit) out += suit;
    out += t[0];
    suit = t[1];
  }
  return out + suit;
}

// --- reading the form ---

const field = (root, id) => (root.closest("form") || document).querySelector("#" + id);
const value = (root, id) => (field(root, id) || {}).value || "";
const hasWin = (root) => !!field(root, "id_win_tile"); // none on the waits page

// A region's wild facts (engine registry), JSON in data-regions: {badge, defaultWild,
// whiteSubstitutes}.
function facts(root, region) {
  let all = {};
  try { all = JSON.parse(root.dataset.regions); } catch { /* none */ }
  return all[region] || { badge: "搭" };
}

function readForm(root) {
  const region = value(root, "id_region");
  const rules = facts(root, region);
  const wild = parseTiles(value(root, "id_wild"))[0] || rules.defaultWild || null;
  // 白 is a plain copy of the wild's face where a flipped indicator sets the wild
  // (RULEBOOK §1); that indicator also leaves only 3 copies of the wild in play.
  const sub = rules.whiteSubstitutes && wild && wild !== WHITE ? wild : null;
  const threeWilds = rules.whiteSubstitutes && !!wild && wild !== rules.defaultWild;
  const st = { region, badge: rules.badge, wild, sub, threeWilds, melds: [] };
  st.hand = parseTiles(value(root, "id_hand"));
  st.win = parseTiles(value(root, "id_win_tile"))[0] || null;
  value(root, "id_melds").split(/\r?\n/).forEach((line, index) => {
    const meld = readMeld(st, line);
    if (meld.tiles.length) st.melds.push({ ...meld, line: index });
  });
  // 13 less 3 a meld; advise.html says 14 (何切)
  st.needed = (+root.closest("[data-hand-size]")?.dataset.handSize || 13) - 3 * st.melds.length;
  return st;
}

// A meld line as the engine splits it (split_meld, rules/melds.py): its kind word ("" for
// the tiles alone) and its tiles' text. "pung 555p", "碰 555p", "碰555p", "555p".
function splitMeld(line) {
  const text = line.trim();
  const chinese = CHINESE_KINDS.find(([word]) => text.startsWith(word));
  if (chinese) return [chinese[1], text.slice(chinese[0].length)];
  const english = /^([a-z]+)\s+(.*)$/is.exec(text);
  return english ? [english[1].toLowerCase(), english[2]] : ["", text];
}

// The kind of tiles written alone (_bare_kind, rules/melds.py): three of a face a pung,
// four a kong, three in a row a chi; "" for anything else.
function bareKind(st, tiles) {
  if ((tiles.length === 3 || tiles.length === 4) && fits(st, "pung", tiles)) {
    return tiles.length === 3 ? "pung" : "kong";
  }
  return tiles.length === 3 && fits(st, "chi", tiles) ? "chi" : "";
}

// One line of the melds field: its kind, its tiles, and whether the engine refuses it
// (bad: an unknown kind word, tiles that make no such meld, or the wild in it).
function readMeld(st, line) {
  const [word, text] = splitMeld(line);
  const tiles = parseTiles(text);
  const known = Object.hasOwn(SIZES, word);
  const kind = (known && word) || bareKind(st, tiles) || (tiles.length === 4 ? "kong" : "pung");
  const bad = (!!word && !known) || tiles.length !== SIZES[kind] || !fits(st, kind, tiles) ||
    tiles.includes(st.wild);
  return { kind, tiles, bad };
}

const face = (st, t) => (st.sub && t === WHITE ? st.sub : t);
const limit = (st, t) => (t === st.wild && st.threeWilds ? 3 : 4);

// Whether tiles can be (part of) a meld of this kind, judged by face.
function fits(st, kind, tiles) {
  const faces = tiles.map((t) => face(st, t));
  if (kind !== "chi") return faces.every((f) => f === faces[0]);
  const numbers = faces.map((f) => +f[0]);
  return faces.every((f) => f[1] === faces[0][1] && f[1] !== "z") &&
    new Set(numbers).size === numbers.length &&
    (!numbers.length || Math.max(...numbers) - Math.min(...numbers) <= 2);
}

const isMeld = (target) => target in SIZES;

// The meld one tap on t makes under a meld target: 碰 t t t, 杠 t t t t, 吃 the run
// from t (or up to t, from 8 and 9): 3m makes 345m, 9m makes 789m.
function meldOf(kind, t) {
  if (kind !== "chi") return Array(SIZES[kind]).fill(t);
  if (t[1] === "z") return [t];
  const low = Math.min(+t[0], 7);
  return [low, low + 1, low + 2].map((n) => n + t[1]);
}

// Why tile t cannot go where taps go now, or "" if it can.
function refusal(root, st, ui, t) {
  if (ui.target === "wild") return ""; // any tile may be named the wild
  const placed = [...st.hand, st.win, ...st.melds.flatMap((m) => m.tiles)];
  const adding = isMeld(ui.target) ? meldOf(ui.target, t) : [t];
  const tile = label(root, t);
  if (isMeld(ui.target)) {
    if (adding.includes(st.wild)) return msg(root, "wildMeld", { tile: label(root, st.wild) });
    if (adding.length !== SIZES[ui.target] || !fits(st, ui.target, adding)) {
      return msg(root, "noFit", { tile, kind: kindName(root, ui.target) });
    }
    if (st.melds.length >= 4) return msg(root, "meldsFull");
  }
  for (const face of new Set(adding)) {
    const count = placed.filter((p) => p === face).length - (ui.target === "win" && st.win === face);
    const n = limit(st, face);
    if (count + adding.filter((a) => a === face).length > n) {
      return msg(root, "copies", { n, tile: label(root, face) }) + (n === 3 ? " " + msg(root, "flipped") : "");
    }
  }
  if (ui.target === "hand" && st.hand.length >= st.needed) return msg(root, "handFull", { n: st.needed });
  return "";
}

// --- text from the template (translatable), names from the palette ---

function msg(root, key, args = {}) {
  const text = root.dataset["msg" + key[0].toUpperCase() + key.slice(1)] || key;
  return text.replace(/\{(\w+)\}/g, (all, name) => (name in args ? args[name] : all));
}

const paletteButton = (root, t) => root.querySelector(`.tile-palette [data-tile="${t}"]`);
const label = (root, t) => `${paletteButton(root, t).dataset.name} ${t}`;

// A meld's kind as the page's language says it (吃, 碰, 明杠, 暗杠).
const cap = (word) => word[0].toUpperCase() + word.slice(1);
const kindName = (root, kind) => msg(root, "kind" + cap(kind));
// A meld's kind as the melds box writes it (碰 555p; presentation.form.MELD_WORDS).
const meldWord = (root, kind) => JSON.parse(root.dataset.meldWords)[kind];

function describe(root, st, t) {
  let text = label(root, t);
  if (t === st.wild) text += ", " + msg(root, "wild");
  if (st.sub && t === "5z") text += ", " + msg(root, "standsFor", { tile: label(root, st.sub) });
  return text;
}

// --- drawing ---

// A new element; one with text is a visual mark, its meaning is in the aria-label.
function el(tag, className, text) {
  const node = document.createElement(tag);
  node.className = className;
  if (text) { node.textContent = text; node.setAttribute("aria-hidden", "true"); }
  return node;
}

// Wild badge and 白 substitute caption on a .tile-face, as the {% tile %} tag draws them.
function mark(faceNode, st, t) {
  const wild = t === st.wild, sub = st.sub && t === "5z";
  faceNode.className = "tile-face" + (wild ? " tile-face--wild" : "") + (sub ? " tile-face--sub" : "");
  faceNode.querySelectorAll("span").forEach((n) => n.remove());
  if (wild) faceNode.append(el("span", "tile-face__badge", st.badge));
  if (sub) faceNode.append(el("span", "tile-face__as", "白=" + st.sub));
}

function tileButton(root, st, t, remove, labelText) {
  const button = el("button", "tile-btn tile-btn--placed");
  const faceNode = el("span", "tile-face");
  const img = el("img", "tile-face__img");
  Object.assign(img, { src: paletteButton(root, t).querySelector("img").src, alt: "", width: 36, height: 48 });
  Object.assign(button.dataset, { remove, tile: t });
  button.type = "button";
  button.setAttribute("aria-label", labelText || msg(root, "remove", { tile: describe(root, st, t) }));
  faceNode.append(img);
  mark(faceNode, st, t);
  button.append(faceNode);
  return button;
}

function group(kind, extra, ...children) {
  const node = el("span", "tile-meld" + extra);
  node.append(...children, el("span", "tile-meld__kind", kind));
  return node;
}

function render(root) {
  const st = readForm(root), ui = uiState.get(root), zones = {};
  root.querySelectorAll("[data-tiles]").forEach((z) => { zones[z.dataset.tiles] = z; z.textContent = ""; });
  root.querySelectorAll(".tile-target").forEach((b) => {
    b.setAttribute("aria-pressed", String(b.dataset.target === ui.target));
  });

  for (const t of sorted(st.hand)) zones.hand.append(tileButton(root, st, t, "hand"));
  for (const m of st.melds) {
    const text = `${kindName(root, m.kind)} ${formatTiles(m.tiles)}`;
    const buttons = m.tiles.map((t) => tileButton(root, st, t, "meld", msg(root, "removeMeld", { meld: text })));
    for (const b of buttons) b.dataset.line = m.line;
    const node = group(kindName(root, m.kind), m.bad ? " tile-meld--bad" : "", ...buttons);
    node.setAttribute("role", "group");
    node.setAttribute("aria-label", text);
    zones.meld.append(node);
  }
  if (!st.melds.length) zones.meld.append(el("span", "tile-slot-empty"));
  if (zones.win) zones.win.append(st.win ? tileButton(root, st, st.win, "win") : el("span", "tile-slot-empty"));
  // The wild: the one named (removable: back to the region's own), or the region's own.
  const named = parseTiles(value(root, "id_wild"))[0];
  if (named) zones.wild.append(tileButton(root, st, named, "wild"));
  else if (st.wild) zones.wild.append(tileButton(root, st, st.wild, "wild-default", describe(root, st, st.wild)));
  else zones.wild.append(el("span", "tile-slot-empty"));

  streakChoices(root, st);
  count(root, "hand", st.hand.length, st.needed);
  count(root, "hand-target", st.hand.length, st.needed);
  count(root, "win", st.win ? 1 : 0, 1);

  root.querySelectorAll(".tile-palette .tile-btn").forEach((b) => {
    const t = b.dataset.tile, why = refusal(root, st, ui, t);
    mark(b.querySelector(".tile-face"), st, t);
    b.setAttribute("aria-label", describe(root, st, t));
    if (why) { b.setAttribute("aria-disabled", "true"); b.title = why; }
    else { b.removeAttribute("aria-disabled"); b.removeAttribute("title"); }
  });
}

// 連莊 as a select (forms.py): its choices follow the region's dealer factors, the last
// "and more" (三連莊及以上 ×8); a region without them lists the plain streaks.
function streakChoices(root, st) {
  const select = field(root, "id_dealer_streak");
  if (!select || !select.dataset.streakNames) return;
  const factors = facts(root, st.region).streakFactors || [];
  const names = JSON.parse(select.dataset.streakNames);
  const count = factors.length || names.length;
  const chosen = +select.value || 0;
  const labels = [];
  for (let n = 0; n < Math.max(count, chosen + 1); n++) {
    let text = names[n] || String(n);
    if (factors.length && n === count - 1) text = select.dataset.streakMore.replace("{streak}", text);
    if (factors.length) text += " ×" + factors[Math.min(n, count - 1)];
    if (n < count || n === chosen) labels.push([n, text]);
  }
  const now = [...select.options].map((o) => o.value + o.text).join();
  if (now === labels.map(([n, text]) => n + text).join()) return;
  select.replaceChildren(...labels.map(([n, text]) => new Option(text, n, false, n === chosen)));
}

function count(root, zone, n, needed) {
  const node = root.querySelector(`[data-count="${zone}"]`);
  if (!node) return; // no winning tile on the waits page
  node.textContent = `${n} / ${needed}`;
  node.classList.toggle("is-done", n === needed);
  node.classList.toggle("is-over", n > needed);
}

// --- writing the form ---

function write(root, id, text) {
  const input = field(root, id);
  input.value = text;
  input.dispatchEvent(new Event("input", { bubbles: true }));
  input.dispatchEvent(new Event("change", { bubbles: true }));
}

const meldLines = (root) => value(root, "id_melds").split(/\r?\n/);

function place(root, t) {
  const st = readForm(root), ui = uiState.get(root);
  const why = refusal(root, st, ui, t);
  if (why) return why;
  if (ui.target === "wild") {
    write(root, "id_wild", t);
    ui.target = st.hand.length < st.needed ? "hand" : hasWin(root) && !st.win ? "win" : "hand";
    return msg(root, "wildSet", { tile: label(root, t) });
  }
  if (ui.target === "hand") {
    write(root, "id_hand", formatTiles([...st.hand, t]));
    if (st.hand.length + 1 === st.needed && !st.win && hasWin(root)) ui.target = "win";
  } else if (ui.target === "win") {
    write(root, "id_win_tile", t);
  } else {
    // One tap, one meld, written with the page's word for its kind (碰 555p); then
    // taps go back to the hand, or to the winning tile once the hand is complete.
    const kind = ui.target, line = `${meldWord(root, kind)} ${formatTiles(meldOf(kind, t))}`;
    write(root, "id_melds", [...meldLines(root).filter((l) => l.trim()), line].join("\n"));
    const after = readForm(root);
    ui.target = after.hand.length >= after.needed && !after.win && hasWin(root) ? "win" : "hand";
    return msg(root, "meldAdded", { meld: line });
  }
  return msg(root, "added", { tile: label(root, t) });
}

function unplace(root, button) {
  const st = readForm(root), ui = uiState.get(root), t = button.dataset.tile;
  const where = button.dataset.remove;
  if (where === "wild") {
    write(root, "id_wild", "");
    return msg(root, "wildDefault");
  }
  if (where === "wild-default") { ui.target = "wild"; return ""; }
  if (where === "meld") {
    const lines = meldLines(root);
    const removed = lines.splice(+button.dataset.line, 1)[0].trim();
    write(root, "id_melds", lines.join("\n"));
    return msg(root, "removed", { tile: removed });
  }
  if (where === "hand") {
    st.hand.splice(st.hand.indexOf(t), 1);
    write(root, "id_hand", formatTiles(st.hand));
  } else if (where === "win") write(root, "id_win_tile", "");
  return msg(root, "removed", { tile: label(root, t) });
}

// The melds' text with each kind in the page's words (碰 555p on a 简体 page), as the
// server writes a link's (presentation.form.melds_in_words); a line without a kind word,
// or with one the engine does not know, as it is.
function inPageWords(root, text) {
  return text.split(/\r?\n/).map((line) => {
    const [kind, tiles] = splitMeld(line);
    return Object.hasOwn(SIZES, kind) ? `${meldWord(root, kind)} ${tiles.trim()}` : line;
  }).join("\n");
}

// A draft about to be filled in again (site.js): its melds in this page's words, for
// one typed before a language switch.
function onDraftFill(event) {
  const root = event.target.querySelector("[data-tile-entry]");
  if (!root) return;
  for (const field of event.detail.fields) {
    if (field[0] === "melds") field[1] = inPageWords(root, field[1]);
  }
}

// --- events, delegated so that htmx swaps need no rewiring ---

function onClick(event) {
  const root = event.target.closest("[data-tile-entry]");
  const button = event.target.closest("button");
  if (!root || !button || !uiState.has(root)) return;
  const ui = uiState.get(root), data = button.dataset;
  let status = "", zone, index;
  if (data.target) ui.target = data.target;
  else if (data.remove) {
    zone = button.closest("[data-tiles]");
    index = [...zone.querySelectorAll(".tile-btn")].indexOf(button);
    status = unplace(root, button);
  } else if (data.tile) status = place(root, data.tile);
  else return;
  render(root);
  root.querySelector("[data-status]").textContent = status;
  if (zone) { // keep keyboard focus in the zone a tile left
    const rest = zone.querySelectorAll(".tile-btn");
    (rest[Math.min(index, rest.length - 1)] || root.querySelector('.tile-target[aria-pressed="true"]')).focus();
  }
}

function onFieldEdit(event) {
  if (!FIELDS.includes(event.target.id)) return;
  (event.target.form || document).querySelectorAll("[data-tile-entry]").forEach((root) => {
    if (uiState.has(root)) render(root);
  });
}

function init() {
  document.querySelectorAll("[data-tile-entry]").forEach((root) => {
    if (!["id_hand", "id_melds"].every((id) => field(root, id))) return;
    // The text boxes fold away behind the palette, and open when one has an error.
    const text = root.closest("fieldset")?.querySelector("[data-tile-text]");
    if (text) {
      if (text.querySelector(".is-invalid")) text.open = true;
      else if (!uiState.has(root)) text.open = false;
    }
    if (!uiState.has(root)) {
      const st = readForm(root);
      const target = st.hand.length >= st.needed && !st.win && hasWin(root) ? "win" : "hand";
      uiState.set(root, { target });
    }
    root.hidden = false;
    render(root);
  });
}

document.addEventListener("click", onClick);
document.addEventListener("input", onFieldEdit);
document.addEventListener("change", onFieldEdit);
document.addEventListener("draft:fill", onDraftFill);
for (const name of ["htmx:load", "htmx:afterSwap"]) document.addEventListener(name, init);
window.addEventListener("pageshow", init); // a reload or history step may restore the inputs
init(); // a module runs once the document is parsed

export { parseTiles, formatTiles, readMeld };

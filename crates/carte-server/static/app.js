// The carte page: the lobby (pick a game, fill the seats, copy the invite
// links) and the table (each game drawn as people picture it, legal moves
// clicked, a WebSocket that reconnects by itself). Plain JavaScript, no
// build step: what the server embeds is what runs.
"use strict";

const app = document.getElementById("app");
const conn = document.getElementById("conn");
const toast = document.getElementById("toast");

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

function svg(tag, attrs, ...children) {
  const e = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const c of children.flat()) if (c) e.append(c);
  return e;
}

let toastTimer = null;
function showError(text) {
  toast.textContent = text;
  toast.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { toast.hidden = true; }, 4000);
}

// ---------------------------------------------------------------- lobby

const PRESETS = [
  { name: "zama", title: "Zama", spec: "zama", text: "A battle of face-down cards on a grid: find the enemy K♥ with your K♠." },
  { name: "zama", title: "Zama for four", spec: "zama(players=4)", text: "Four decks, four colours, the same hunt for the kings." },
  { name: "gonzago", title: "Gonzago", spec: "gonzago", text: "The domino-like game of the 40-card deck: one hand." },
  { name: "gonzago", title: "Gonzago, best of three", spec: "gonzago(mode=best_of_three)", text: "Three hands at most, two wins take the match." },
  { name: "zucche", title: "Zucche e Fantasmi", spec: "zucche", text: "Two teams, dice checkers on paired boards; captures go to a teammate." },
  { name: "zucche", title: "Zucche for eight", spec: "zucche(players=8)", text: "Four boards at once." },
  { name: "camicia", title: "Camicia", spec: "camicia", text: "Turn cards, pay the demands of aces, twos and threes. No decisions: pure luck." },
  { name: "camicia", title: "Beggar-my-neighbour", spec: "camicia(preset=bmn)", text: "The English cousin, with the French deck." },
];

function seatsOf(spec) {
  const m = /players\s*=\s*(\d+)/.exec(spec);
  if (spec.trim().startsWith("zama")) return m ? Number(m[1]) : 2;
  if (spec.trim().startsWith("zucche")) return m ? Number(m[1]) : 4;
  return 2;
}

function lobby() {
  document.title = "carte: play Zama, Zucche, Camicia and Gonzago";
  app.replaceChildren();
  const specInput = el("input", { type: "text", id: "spec", value: "gonzago", size: 36, "aria-label": "game spec" });
  const seatsBox = el("div", { id: "seats" });
  const result = el("div", { id: "invites" });
  const cards = el("div", { class: "games" });
  function choose(preset, card) {
    for (const c of cards.children) c.classList.remove("chosen");
    card.classList.add("chosen");
    specInput.value = preset.spec;
    drawSeats();
  }
  for (const p of PRESETS) {
    const card = el("div", { class: "game-card", "data-spec": p.spec }, el("h3", {}, p.title), el("p", {}, p.text));
    card.addEventListener("click", () => choose(p, card));
    cards.append(card);
  }
  function drawSeats() {
    const n = Math.min(seatsOf(specInput.value), 64);
    const old = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    seatsBox.replaceChildren();
    for (let i = 0; i < n; i++) {
      const sel = el("select", { "data-seat": i, "aria-label": `seat ${i}` },
        el("option", { value: "person" }, "a person"), el("option", { value: "bot" }, "a bot"));
      sel.value = old[i] || (i === 0 ? "person" : "bot");
      seatsBox.append(el("div", { class: "seat-row" }, el("span", { style: "width:6em" }, seatName(specInput.value, i, n)), sel));
    }
  }
  specInput.addEventListener("input", drawSeats);
  async function create() {
    const seats = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    const res = await fetch("/api/tables", {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ spec: specInput.value, seats }),
    });
    const body = await res.json().catch(() => ({ error: `error ${res.status}` }));
    if (!res.ok) { showError(body.error || `error ${res.status}`); return; }
    result.replaceChildren(el("h2", {}, `Table ${body.table}: ${body.spec}`));
    for (const s of body.seats) {
      const name = seatName(body.spec, s.seat, body.seats.length);
      if (s.kind === "bot") {
        result.append(el("div", { class: "seat-row" }, el("b", {}, name), " a bot"));
        continue;
      }
      const url = new URL(s.link, location.href).href;
      result.append(el("div", { class: "seat-row" },
        el("b", { style: "width:5em" }, name),
        el("span", { class: "invite" }, url),
        el("button", { onclick: () => { navigator.clipboard?.writeText(url); showError("copied"); } }, "copy link"),
        el("a", { href: s.link, class: "open-seat", "data-seat": s.seat }, "open this seat")));
    }
    result.append(el("p", {}, "Send each person their own link: the link is the seat's secret."));
  }
  app.append(
    el("section", { class: "panel" }, el("h1", {}, "New table"), cards,
      el("div", { class: "row" }, el("label", { for: "spec" }, "Game: "), specInput,
        el("span", { style: "opacity:.7;font-size:.9em" }, "any spec of the registry, e.g. zucche(players=8), gonzago(deck=french)"))),
    el("section", { class: "panel" }, el("h2", {}, "Seats"), seatsBox,
      el("div", { class: "row" }, el("button", { class: "primary", id: "create", onclick: create }, "Start the table"))),
    el("section", { class: "panel" }, result),
    el("section", { class: "panel" }, el("h2", {}, "Rules"),
      el("div", { class: "row" }, ...["zama", "gonzago", "zucche", "camicia"].map((g) => el("a", { href: `/rules/${g}`, target: "_blank" }, g)))));
  choose(PRESETS[2], cards.children[2]);
}

// ---------------------------------------------------------------- names

const ZAMA_COLOURS = ["Red", "Blue", "Green", "Yellow"];

function gameOf(spec) { return spec.trim().split("(")[0].toLowerCase(); }

function seatName(spec, seat, seats) {
  switch (gameOf(spec)) {
    case "zama": return ZAMA_COLOURS[seat] || `seat ${seat}`;
    case "zucche": {
      const half = seats / 2;
      return seat < half ? `A${seat + 1}` : `B${seat - half + 1}`;
    }
    default: return seat === 0 ? "A" : "B";
  }
}

const FRENCH_SUITS = { c: "♣", d: "♦", h: "♥", s: "♠", "♣": "♣", "♦": "♦", "♥": "♥", "♠": "♠" };
const ITALIAN_SUITS = { d: ["◆", "denari", "#c99a06"], c: ["♥", "coppe", "#c0392b"], s: ["♠", "spade", "#2e6bbf"], b: ["♣", "bastoni", "#2f7d32"] };
const ITALIAN_RANKS = { A: "Asso", F: "Fante", C: "Cavallo", R: "Re" };

// A card of notation `text` as a face-up card element.
function cardEl(text, deck, extra) {
  const suit = text.slice(-1);
  let rank = text.slice(0, -1);
  if (rank === "T") rank = "10";
  const attrs = Object.assign({ "data-card": text }, extra || {});
  if (deck === "italian" && ITALIAN_SUITS[suit]) {
    const [sym, name, colour] = ITALIAN_SUITS[suit];
    const e = el("span", Object.assign(attrs, { class: `card ${attrs.class || ""}`, title: `${ITALIAN_RANKS[rank] || rank} di ${name}` }),
      el("span", { class: "r" }, rank), el("span", { class: "s", style: `color:${colour}` }, sym));
    return e;
  }
  const sym = FRENCH_SUITS[suit] || suit;
  const red = sym === "♥" || sym === "♦";
  return el("span", Object.assign(attrs, { class: `card ${red ? "redsuit" : ""} ${attrs.class || ""}` }),
    el("span", { class: "r" }, rank), el("span", { class: "s" }, sym));
}

// A French card's notation as people write it: `Td` as `10♦`.
function faceText(text) {
  let rank = text.slice(0, -1);
  if (rank === "T") rank = "10";
  return rank + (FRENCH_SUITS[text.slice(-1)] || text.slice(-1));
}

function backs(n, colour, label) {
  return el("span", { class: "pile", title: label || `${n} cards` },
    el("span", { class: `card back ${colour || ""}` }), el("span", { class: "count" }, n));
}

// ---------------------------------------------------------------- table

let socket = null;
let state = null;
let selected = null;
let retry = 0;

function send(move) {
  if (!socket || socket.readyState !== WebSocket.OPEN) { showError("not connected; reconnecting"); return; }
  socket.send(JSON.stringify({ type: "move", move }));
}

function connect(table, token) {
  const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`;
  const ws = new WebSocket(url);
  socket = ws;
  conn.textContent = "connecting…";
  ws.onopen = () => { ws.send(JSON.stringify({ type: "join", table, token })); };
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "joined") { retry = 0; conn.textContent = "connected"; conn.classList.remove("down"); }
    else if (msg.type === "state") { state = msg; selected = null; drawTable(); }
    else if (msg.type === "error") {
      showError(msg.message);
      if (msg.code === "bad_token") { conn.textContent = "this link holds no seat"; retry = -1; }
    }
  };
  ws.onclose = () => {
    if (socket !== ws) return;
    conn.classList.add("down");
    conn.dataset.drops = String(Number(conn.dataset.drops || 0) + 1);
    if (retry < 0) return;
    // Backoff: 0.25 s, 0.5 s, 1 s … up to 5 s, until the server is back.
    const wait = Math.min(5000, 250 * 2 ** retry);
    retry++;
    conn.textContent = `reconnecting in ${(wait / 1000).toFixed(1)} s…`;
    setTimeout(() => connect(table, token), wait);
  };
}

function tablePage(id) {
  const params = new URLSearchParams(location.hash.slice(1));
  const token = params.get("token");
  app.replaceChildren(el("section", { class: "panel" }, el("p", {}, "Joining the table…")));
  if (!token) { app.replaceChildren(el("section", { class: "panel" }, el("p", {}, "This link has no seat token."))); return; }
  connect(id, token);
}

function lastMove() {
  const log = state.log;
  return log.length ? log[log.length - 1] : null;
}

function drawTable() {
  const s = state;
  const game = s.game;
  const n = s.seats.length;
  const me = seatName(s.spec, s.seat, n);
  document.title = `carte: ${game} (${me})`;
  let status;
  if (s.outcome) {
    const r = s.outcome.returns[s.seat];
    const mine = r > 0 ? "You win." : r < 0 ? "You lose." : "";
    status = el("div", { class: "outcome", id: "outcome" }, s.outcome.text, mine ? ` ${mine}` : "");
  } else if (s.to_act === s.seat) {
    status = el("div", { class: "status", id: "status" }, "Your move");
  } else if (s.to_act === "chance") {
    status = el("div", { class: "status", id: "status" }, "The die is rolling…");
  } else {
    const who = seatName(s.spec, s.to_act, n);
    status = el("div", { class: "status", id: "status" }, `${who} (${s.seats[s.to_act]}) to move…`);
  }
  const board = el("div", { id: "board" });
  const draw = { zama: drawZama, gonzago: drawGonzago, zucche: drawZucche, camicia: drawCamicia }[game];
  if (draw) draw(board, s); else board.append(el("pre", {}, s.text));

  const moves = el("div", { id: "moves" });
  for (const m of s.legal) moves.append(el("button", { class: "move", "data-move": m, onclick: () => send(m) }, m));
  const entry = el("input", { type: "text", id: "move-text", placeholder: "or type a move", size: 18 });
  entry.addEventListener("keydown", (e) => { if (e.key === "Enter" && entry.value.trim()) { send(entry.value.trim()); entry.value = ""; } });

  const log = el("div", { class: "log", id: "log" });
  s.log.forEach((m, i) => {
    const by = m.by === null ? (game === "zucche" ? "die" : "chance") : seatName(s.spec, m.by, n);
    log.append(el("div", { class: i === s.log.length - 1 ? "last" : "" }, `${i + 1}. ${by}: ${m.move}`));
  });

  const colour = game === "zama" ? ZAMA_COLOURS[s.seat] : null;
  app.replaceChildren(
    el("section", { class: "panel table-head" },
      el("h1", {}, { zama: "Zama", gonzago: "Gonzago", zucche: "Zucche e Fantasmi", camicia: "Camicia" }[game] || game),
      el("span", { class: "badge", style: colour ? `background:var(--${colour.toLowerCase()})` : "" }, `You: ${me}`),
      el("span", { style: "opacity:.7" }, s.spec),
      el("a", { href: `/rules/${game}`, target: "_blank", id: "rules" }, "rules")),
    el("div", { class: "layout" },
      el("div", {},
        el("section", { class: "panel" }, status),
        el("section", { class: "panel", id: "table-view" }, board),
        el("section", { class: "panel" }, el("h2", {}, s.legal.length ? "Your moves" : "Moves"),
          s.legal.length ? moves : el("p", { style: "opacity:.7" }, s.outcome ? "The game is over." : "Waiting for the others."),
          el("div", { class: "row" }, entry))),
      el("section", { class: "panel" }, el("h2", {}, "Move log"), log)));
  log.scrollTop = log.scrollHeight;
}

// ---------------------------------------------------------------- Zama

// Zama's observation as cells: `board` writes each cell as the state
// does (`rKs`: the back's letter, then the card), an unknown card as its
// back's letter and `?` (`b?`), an empty cell as `.`, from a1 along the
// ranks; `known` lists for each seat the cells whose card it knows,
// `face_up` the face-up K♠.
function zamaCells(o) {
  const backs = { r: "Red", b: "Blue", g: "Green", y: "Yellow" };
  const files = 13;
  const tokens = o.board.split(/\s+/).filter((t) => t && t !== "/");
  const name = (i) => String.fromCharCode(97 + (i % files)) + (Math.floor(i / files) + 1);
  const knownBy = new Map();
  (o.known || []).forEach((cells, seat) => {
    for (const sq of cells) { if (!knownBy.has(sq)) knownBy.set(sq, []); knownBy.get(sq).push(ZAMA_COLOURS[seat]); }
  });
  const faceUp = new Set(o.face_up || []);
  return tokens.map((t, i) => {
    if (t === ".") return null;
    const sq = name(i);
    return { back: backs[t[0]] || t[0], card: t.endsWith("?") ? null : t.slice(1), known_by: knownBy.get(sq) || [], face_up: faceUp.has(sq) };
  });
}

function drawZama(board, s) {
  const o = s.observation;
  const cells = zamaCells(o);
  const files = 13;
  const ranks = cells.length / files;
  const legal = s.legal;
  const froms = new Map();
  const peeks = new Set();
  for (const m of legal) {
    const a = /^([a-m]\d+)([x-])([a-m]\d+)$/.exec(m);
    if (a) { if (!froms.has(a[1])) froms.set(a[1], []); froms.get(a[1]).push([a[3], m]); }
    const p = /^peek ([a-m]\d+)$/.exec(m);
    if (p) peeks.add(p[1]);
  }
  const last = lastMove();
  const lastSquares = last ? (last.move.match(/[a-m]\d+/g) || []) : [];
  const targets = new Map(selected && froms.has(selected) ? froms.get(selected) : []);
  const grid = el("div", { class: ranks > 8 ? "zama four" : "zama", style: `grid-template-columns: 1.4em repeat(${files}, minmax(0, 1fr))` });
  for (let r = ranks - 1; r >= 0; r--) {
    grid.append(el("span", { class: "zlabel" }, r + 1));
    for (let f = 0; f < files; f++) {
      const sq = String.fromCharCode(97 + f) + (r + 1);
      const cell = cells[r * files + f];
      const classes = ["zcell"];
      const kids = [];
      if (!cell) classes.push("empty");
      else {
        classes.push(`b-${cell.back}`);
        if (cell.card) {
          classes.push("face");
          const face = faceText(cell.card);
          if (/[♥♦]/.test(face)) classes.push("redsuit");
          kids.push(face);
        }
        const others = (cell.known_by || []).filter((c) => c !== ZAMA_COLOURS[s.seat]);
        if (others.length) {
          kids.push(el("span", { class: "dots", title: `known by ${others.join(", ")}` },
            ...others.map((c) => el("span", { style: `color:var(--${c.toLowerCase()})` }, "●"))));
        }
      }
      if (froms.has(sq)) classes.push("from");
      if (selected === sq) classes.push("selected");
      if (targets.has(sq)) classes.push("target");
      if (peeks.has(sq)) classes.push("peek");
      if (lastSquares.includes(sq)) classes.push("last");
      const c = el("div", { class: classes.join(" "), "data-sq": sq, title: sq }, ...kids);
      c.addEventListener("click", () => {
        if (targets.has(sq)) { send(targets.get(sq)); return; }
        if (froms.has(sq)) { selected = selected === sq ? null : sq; drawTable(); return; }
        if (peeks.has(sq)) { send(`peek ${sq}`); return; }
      });
      grid.append(c);
    }
  }
  grid.append(el("span", {}));
  for (let f = 0; f < files; f++) grid.append(el("span", { class: "zlabel" }, String.fromCharCode(97 + f)));
  board.append(grid);
  const seats = s.seats.length;
  const removed = o.removed || {};
  const legend = el("div", { class: "legend" });
  for (let i = 0; i < seats; i++) {
    const c = ZAMA_COLOURS[i];
    const gone = Array.isArray(removed) ? removed[i] : removed[c] || [];
    legend.append(el("span", {}, el("span", { class: "swatch", style: `background:var(--${c.toLowerCase()})` }),
      `${c}${i === s.seat ? " (you)" : ""}: removed ${gone && gone.length ? gone.map(faceText).join(" ") : "none"}`));
  }
  board.append(legend, el("p", { style: "opacity:.75;font-size:.9em" },
    "Cards you know are face up; ● marks who else knows a card. Click one of your cards, then a highlighted cell; click a cell to peek when you may."));
}

// ---------------------------------------------------------------- Gonzago

function drawGonzago(board, s) {
  const m = s.observation.hand ? s.observation : null;
  const o = m ? m.hand : s.observation;
  const deck = o.deck;
  const last = lastMove();
  const lastCards = last && last.move.startsWith("play ") ? last.move.slice(5).split(" ") : [];
  if (m) {
    board.append(el("div", { class: "scores", id: "scores" },
      el("span", {}, `Hand ${m.hand_number + 1}`),
      el("span", {}, `Wins: A ${m.wins[0]} · B ${m.wins[1]}`),
      el("span", {}, `Points: A ${m.points[0]} · B ${m.points[1]}`)));
  }
  const other = o.player === "A" ? "B" : "A";
  board.append(el("h2", {}, `${other} holds ${o.opponent_holds}`),
    el("div", { class: "felt-row hand", id: "opponent" }, ...Array.from({ length: o.opponent_holds }, () => el("span", { class: "card back blue" }))));
  const row = el("div", { class: "felt-row", id: "plays" });
  if (!o.table.length) row.append(el("span", { style: "opacity:.7;padding:0 1em" }, "No card on the table yet"));
  for (const c of o.table) row.append(cardEl(c, deck, { class: lastCards.includes(c) ? "lastplayed" : "" }));
  board.append(el("h2", {}, o.table.length && o.top ? `On the table (top: ${(deck === "italian" ? { 1: "A", 8: "F", 9: "C", 10: "R" } : { 1: "A", 8: "J", 9: "Q", 10: "K" })[o.top] || o.top})` : "On the table"),
    el("div", { class: "row" }, row, el("span", { id: "stock" }, backs(o.stock, "", `stock: ${o.stock} cards`), ` stock ${o.stock}`)));
  const plays = new Map();
  for (const mv of s.legal) {
    const p = /^play (\S+)$/.exec(mv);
    if (p) plays.set(p[1], mv);
  }
  const hand = el("div", { class: "felt-row hand", id: "hand" });
  for (const c of o.held) {
    const playable = plays.has(c);
    const e = cardEl(c, deck, { class: playable ? "playable" : "" });
    if (playable) e.addEventListener("click", () => send(plays.get(c)));
    hand.append(e);
  }
  board.append(el("h2", {}, `Your hand (${o.player}), dealer ${o.dealer}`), hand);
}

// ---------------------------------------------------------------- Zucche

function parseBoard(text) {
  const [placement, toMove, w, b] = text.split(" ");
  const cells = {};
  placement.split("/").forEach((row, i) => {
    const rank = 8 - i;
    let file = 0;
    for (const ch of row) {
      if (/\d/.test(ch)) { file += Number(ch); continue; }
      cells[String.fromCharCode(97 + file) + rank] = ch;
      file++;
    }
  });
  return { cells, toMove, hands: { w: Number(w) || 0, b: Number(b) || 0 } };
}

function dieEl(n) {
  const spots = { 1: [[1, 1]], 2: [[0, 0], [2, 2]], 3: [[0, 0], [1, 1], [2, 2]], 4: [[0, 0], [2, 0], [0, 2], [2, 2]],
    5: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]], 6: [[0, 0], [2, 0], [0, 1], [2, 1], [0, 2], [2, 2]] }[n] || [];
  return svg("svg", { width: 44, height: 44, viewBox: "0 0 44 44", class: "die", id: "die" },
    svg("rect", { x: 2, y: 2, width: 40, height: 40, rx: 8, fill: "#fbf8f1", stroke: "#333" }),
    ...spots.map(([x, y]) => svg("circle", { cx: 10 + x * 12, cy: 10 + y * 12, r: 4, fill: "#1d232a" })));
}

function drawZucche(board, s) {
  const o = s.observation;
  const n = s.seats.length;
  const half = n / 2;
  const steps = new Map();
  const places = new Map();
  for (const mv of s.legal) {
    const a = /^(\d+):([a-h][1-8])-([a-h][1-8])$/.exec(mv);
    if (a) { const k = `${a[1]}:${a[2]}`; if (!steps.has(k)) steps.set(k, []); steps.get(k).push([a[3], mv]); }
    const p = /^(\d+):place ([a-h][1-8])$/.exec(mv);
    if (p) places.set(`${p[1]}:${p[2]}`, mv);
  }
  const last = lastMove();
  const lm = last ? /^(\d+):(?:place )?([a-h][1-8])(?:-([a-h][1-8]))?$/.exec(last.move) : null;
  board.append(el("div", { class: "row" },
    el("span", { class: "status" }, `Round ${o.round + 1} of ${o.config.rounds}`),
    o.roll ? el("span", {}, ` board ${o.board} rolled `, dieEl(o.roll)) : el("span", {}, " the die is rolled next")));
  const boards = el("div", { class: "boards" });
  o.boards.forEach((text, i) => {
    const id = i + 1;
    const b = parseBoard(text);
    const a = i, bb = half + i;
    const aWhite = id % 2 === 1;
    const size = 34;
    const g = svg("svg", { width: size * 8 + 20, height: size * 8 + 20, viewBox: `0 0 ${size * 8 + 20} ${size * 8 + 20}` });
    const sel = selected && selected.startsWith(`${id}:`) ? steps.get(selected) || [] : [];
    const targets = new Map(sel);
    for (let r = 8; r >= 1; r--) {
      for (let f = 0; f < 8; f++) {
        const sq = String.fromCharCode(97 + f) + r;
        const x = 20 + f * size, y = (8 - r) * size;
        const dark = (f + r) % 2 === 1;
        const key = `${id}:${sq}`;
        const isLast = lm && Number(lm[1]) === id && (lm[2] === sq || lm[3] === sq);
        const attrs = { x, y, width: size, height: size, fill: dark ? "#b5835a" : "#f0d9b5", "data-sq": key };
        if (isLast) { attrs.stroke = "#e3b341"; attrs["stroke-width"] = 3; }
        const rect = svg("rect", attrs);
        const click = () => {
          if (targets.has(sq)) { send(targets.get(sq)); return; }
          if (steps.has(key)) { selected = selected === key ? null : key; drawTable(); return; }
          if (places.has(key)) send(places.get(key));
        };
        rect.addEventListener("click", click);
        g.append(rect);
        const ch = b.cells[sq];
        if (ch) {
          const c = svg("circle", { cx: x + size / 2, cy: y + size / 2, r: size * 0.38,
            fill: ch === "w" ? "#fdfdfd" : "#222", stroke: steps.has(key) ? "#e3b341" : "#555",
            "stroke-width": selected === key ? 4 : steps.has(key) ? 3 : 1.5, "data-checker": key });
          c.addEventListener("click", click);
          g.append(c);
        }
        if (targets.has(sq) || places.has(key)) {
          const t = svg("circle", { cx: x + size / 2, cy: y + size / 2, r: 6, fill: "#7cf0a0" });
          t.addEventListener("click", click);
          g.append(t);
        }
      }
      g.append(svg("text", { x: 6, y: (8 - r) * size + size / 2 + 4, fill: "#ddd", "font-size": 11 }, document.createTextNode(r)));
    }
    for (let f = 0; f < 8; f++) {
      g.append(svg("text", { x: 20 + f * size + size / 2 - 3, y: size * 8 + 14, fill: "#ddd", "font-size": 11 }, document.createTextNode(String.fromCharCode(97 + f))));
    }
    const white = aWhite ? seatName(s.spec, a, n) : seatName(s.spec, bb, n);
    const black = aWhite ? seatName(s.spec, bb, n) : seatName(s.spec, a, n);
    const mine = s.seat === a || s.seat === bb ? " (yours)" : "";
    boards.append(el("div", { class: `zboard ${o.board === id ? "active" : ""}`, "data-board": id },
      el("h4", {}, `Board ${id}${mine}: ○ ${white} · ● ${black}`), g,
      el("div", { style: "font-size:.85em;margin-top:.3em" }, `in hand: ○ ${b.hands.w} · ● ${b.hands.b}`)));
  });
  board.append(boards, el("p", { style: "opacity:.75;font-size:.9em" },
    "Team A: " + Array.from({ length: half }, (_, i) => seatName(s.spec, i, n)).join(", ") +
    " · Team B: " + Array.from({ length: half }, (_, i) => seatName(s.spec, half + i, n)).join(", ") +
    ". Click a ringed checker, then a green dot."));
}

// ---------------------------------------------------------------- Camicia

function drawCamicia(board, s) {
  const o = s.observation;
  const bmn = o.config && o.config.preset === "bmn";
  const names = bmn ? { 1: "J", 2: "Q", 3: "K", 4: "A" } : { 1: "A", 2: "2", 3: "3" };
  // The seat is written by name (`"A"`), the pile in the preset's
  // notation: `-` a plain card, an honour by its letter (`1 2 3`, or
  // `J Q K A` in Beggar-my-neighbour), first laid first.
  const me = o.seat === "B" || o.seat === 1 ? 1 : 0;
  const other = 1 - me;
  const kinds = bmn ? { J: 1, Q: 2, K: 3, A: 4 } : { 1: 1, 2: 2, 3: 3 };
  const laid = typeof o.pile === "string" ? [...o.pile].filter((c) => c.trim()).map((c) => kinds[c] || 0) : o.pile;
  const last = lastMove();
  const pile = el("div", { class: "felt-row", id: "pile" });
  if (!laid.length) pile.append(el("span", { style: "opacity:.7;padding:0 1em" }, "The table is empty"));
  laid.forEach((k, i) => {
    const top = i === laid.length - 1;
    const label = k === 0 ? "" : names[k] || String(k);
    pile.append(el("span", { class: `card ${k ? "honour" : ""} ${top && last ? "lastplayed" : ""}`,
      style: i ? "margin-left:-30px" : "", title: k ? `demands ${k}` : "a plain card" },
      el("span", { class: "r" }, label), el("span", { class: "s" }, k ? `×${k}` : "♣")));
  });
  const you = ["A", "B"][me];
  const them = ["A", "B"][other];
  board.append(
    el("div", { class: "row" }, el("h2", {}, `${them}'s pile`), el("span", { id: "their-pile" }, backs(o.hand_sizes[other], "blue"))),
    el("h2", {}, "On the table"), pile,
    el("p", {}, o.debt ? `Owed: ${o.debt} card${o.debt > 1 ? "s" : ""} to the last attack` : "No demand open"),
    el("div", { class: "row" }, el("h2", {}, `Your pile (${you})`), el("span", { id: "my-pile" }, backs(o.hand_sizes[me], ""))));
}

// ---------------------------------------------------------------- start

const m = /^\/table\/([0-9a-f]+)$/.exec(location.pathname);
if (m) tablePage(m[1]); else lobby();

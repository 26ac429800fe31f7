// Shapan's browser client: hosts a room, or plays a seat of one. It draws
// the board from the room's state, offers the pending decision's options
// as things to click, and tells the events in words. No build step.
"use strict";

const $ = (id) => document.getElementById(id);
const colors = ["#c0392b", "#2471a3", "#1e8449", "#b9770e", "#7d3c98", "#148f77"];
const SVG = "http://www.w3.org/2000/svg";

function el(tag, attrs, ...children) {
  const e = tag.startsWith("svg:") ? document.createElementNS(SVG, tag.slice(4)) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "onclick") e.addEventListener("click", v);
    else e.setAttribute(k, v);
  }
  for (const c of children) e.append(c);
  return e;
}

async function api(method, path, body, token) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = "Bearer " + token;
  const resp = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await resp.json();
  if (!resp.ok) throw data.error || { code: "http_" + resp.status, message: resp.statusText };
  return data;
}

// ---- hosting ----

async function host() {
  $("host").hidden = false;
  const { documents, damaged } = await api("GET", "/api/documents");
  showDamaged(damaged || []);
  const sel = $("document");
  for (const d of documents) sel.append(el("option", { value: d.name }, `${d.name} (${d.family})`));
  const seatsFor = (names, computers) => {
    const fs = $("seats");
    fs.querySelectorAll("label").forEach((l) => l.remove());
    names.forEach((n, i) => {
      const s = el("select", { id: "seat-" + i }, el("option", { value: "person" }, "person"), el("option", { value: "computer" }, "computer"));
      // the family's other computer players: random, search, …
      (computers || []).slice(1).forEach((c) => s.append(el("option", { value: c }, "computer: " + c)));
      fs.append(el("label", {}, n + " ", s));
    });
  };
  pcGames().catch(() => {});
  const pick = () => { const d = documents.find((x) => x.name === sel.value); if (d) seatsFor(d.seats, d.computers); };
  sel.addEventListener("change", pick);
  pick();
  $("create").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const req = { seed: Number($("seed").value), seats: [] };
    $("seats").querySelectorAll("select").forEach((s) => req.seats.push(s.value));
    const file = $("upload").files[0];
    if (file) {
      req.source = await file.text();
      req.filename = file.name;
      if ($("rules").files[0]) req.rules = await $("rules").files[0].text();
      req.seats = [];
    } else req.document = sel.value;
    try {
      showLinks(await api("POST", "/api/rooms", req));
    } catch (e) {
      $("links").textContent = "Refused: " + e.message;
    }
  });
}

// showDamaged names the rooms the server set aside at start-up because
// their files were damaged (kept untouched for the host to look at).
function showDamaged(damaged) {
  if (damaged.length === 0) return;
  const box = el("div", { id: "damaged", role: "alert" },
    el("p", {}, `${damaged.length} room(s) could not be read back and were set aside; every other room started:`));
  const list = el("ul");
  for (const d of damaged) list.append(el("li", {}, `room ${d.room}: ${d.reason} (kept in ${d.file})`));
  box.append(list);
  $("host").prepend(box);
}

// pcGames lists the finished games of the Planet-Conquer rooms, each a
// download.
async function pcGames() {
  const { games } = await api("GET", "/api/planet-conquer/games");
  if (!games.length) return;
  $("pc-games").hidden = false;
  const when = (t) => new Date(t).toLocaleString();
  $("pc-list").replaceChildren(...games.slice().reverse().map((g) => el("li", {},
    el("a", { href: "/api/planet-conquer/games/" + encodeURIComponent(g.name), download: "planet-conquer-" + g.name, class: "pc-game" },
      `room ${g.room}, game ${g.game}`), ` — finished ${when(g.finished)}, ${Math.ceil(g.size / 1024)} KiB`)));
}

function showLinks(c) {
  const box = $("links");
  box.replaceChildren(el("h2", {}, "Room " + c.room));
  const row = (label, link, id) => {
    const url = location.origin + link;
    box.append(el("p", { class: "links" }, label, el("br"), el("input", { readonly: "", value: url, id }), " ", el("a", { href: url, target: "_blank" }, "open")));
  };
  for (const s of c.seats) {
    if (s.link) row(`Seat ${s.seat}: ${s.name} — give this secret link to its player`, s.link, "link-" + s.seat);
    else box.append(el("p", {}, `Seat ${s.seat}: ${s.name} — the computer`));
  }
  row("Spectators", c.spectator, "link-spectator");
}

// ---- playing ----

const room = { id: "", token: "", hint: null, state: null, seq: 0, orders: [], pick: null, mode: null, busy: false, question: "", board: "", notice: "" };

function play(id) {
  room.id = id;
  room.token = new URLSearchParams(location.hash.slice(1)).get("token") || "";
  $("room").hidden = false;
  $("download").href = `/api/rooms/${id}/record?token=${encodeURIComponent(room.token)}`;
  refresh();
  follow();
}

function follow() {
  const es = new EventSource(`/api/rooms/${room.id}/events?token=${encodeURIComponent(room.token)}&from=${room.seq}`);
  es.onmessage = (m) => {
    const item = JSON.parse(m.data);
    room.seq = item.seq;
    tell(item);
    schedule();
  };
  es.onerror = () => { /* the browser reconnects with Last-Event-ID */ };
}

let timer = null;
function schedule() {
  clearTimeout(timer);
  timer = setTimeout(refresh, 30);
}

async function refresh() {
  try {
    const [hint, state] = await Promise.all([
      api("GET", `/api/rooms/${room.id}/hint`, undefined, room.token),
      api("GET", `/api/rooms/${room.id}/state`, undefined, room.token),
    ]);
    // The orders being written are kept while the same decision waits
    // (in a simultaneous round the other seats' answers do not change it).
    if (!room.hint || posedAt(hint) !== posedAt(room.hint)) { room.orders = []; room.pick = null; room.mode = null; }
    room.hint = hint;
    room.state = state;
    // The board and the question's controls are drawn again only when
    // they change: a click must land on the node it was aimed at, not on
    // one an event of the stream replaced meanwhile.
    const question = JSON.stringify([hint.status, hint.seat, hint.decision || null]);
    const board = JSON.stringify(state.board);
    if (question === room.question && board === room.board) { showStatus(); return; }
    room.question = question;
    room.board = board;
    room.notice = "";
    render();
  } catch (e) {
    $("status").textContent = e.code === "wrong_token" ? "This link opens no seat of this room." : "Error: " + e.message;
  }
}

function posedAt(h) { return h.decision ? h.decision.turn : -1 - h.turn; }

async function answer(value) {
  if (room.busy) return;
  room.busy = true;
  try {
    await api("POST", `/api/rooms/${room.id}/react`, { turn: room.hint.decision ? room.hint.decision.turn : room.hint.turn, answer: value, request: crypto.randomUUID ? crypto.randomUUID() : String(Math.random()) }, room.token);
    room.orders = [];
    room.pick = null;
    room.mode = null;
  } catch (e) {
    room.notice = "Refused: " + e.message;
  } finally {
    room.busy = false;
    refresh();
  }
}

// render draws the whole room: the status, the board and the controls of
// the pending question (with the orders being written).
function render() {
  const h = room.hint;
  showStatus();
  const board = room.state.board;
  const draw = { planets: drawPlanets, ftbt: drawFTBT, battle: drawBattle, mbg: drawMBG }[board.family] || drawGeneric;
  $("board").replaceChildren(draw(board, h));
  $("controls").replaceChildren(...controls(board, h));
}

// showStatus tells whose move it is, and the result at the end.
function showStatus() {
  const h = room.hint;
  $("title").textContent = h.title;
  document.body.dataset.status = h.status;
  document.body.dataset.turn = h.turn;
  const who = h.seat === null ? "Watching" : `You are ${h.name}`;
  let text = `${who}. `;
  if (h.status === "play") text += "Your move.";
  else if (h.status === "wait") text += "Waiting for " + (h.waiting || []).map((w) => w.name + (w.computer ? " (computer)" : "")).join(", ") + ".";
  else text += "The game is over. " + result(h.result);
  $("status").textContent = room.notice ? `${text} ${room.notice}` : text;
}

function result(r) {
  if (!r) return "";
  if (r.winner !== undefined) return (r.winner >= 0 ? `Winner: ${name(r.winner)}` : "No winner") + (r.reason ? ` (${r.reason}).` : ".");
  if (typeof r === "number") return r >= 0 ? `Winner: ${name(r)}.` : "No winner.";
  return JSON.stringify(r);
}

function name(k) {
  const s = room.hint && room.hint.seats[k];
  return s ? s.name : "player " + k;
}

// ---- Planet-Conquer ----

function drawPlanets(b, h) {
  const [w, hgt] = b.map.map_size;
  const cell = 60, pad = 40;
  const svg = el("svg:svg", { viewBox: `0 0 ${w * cell + 2 * pad} ${hgt * cell + 2 * pad}`, id: "planets" });
  const at = (p) => [pad + p.pos[0] * cell + cell / 2, pad + p.pos[1] * cell + cell / 2];
  for (const [f, t, steps] of b.map.routes) {
    if (f > t) continue;
    const [x1, y1] = at(b.map.planets[f]), [x2, y2] = at(b.map.planets[t]);
    svg.append(el("svg:line", { x1, y1, x2, y2, stroke: "#445", "stroke-width": 2 }));
    svg.append(el("svg:text", { x: (x1 + x2) / 2, y: (y1 + y2) / 2, fill: "#889", "font-size": 12 }, String(steps)));
  }
  for (const f of b.state.fleets) {
    const [x1, y1] = at(b.map.planets[f[1]]), [x2, y2] = at(b.map.planets[f[2]]);
    const total = routeSteps(b, f[1], f[2]) || 1, done = (total - f[4]) / total;
    svg.append(el("svg:circle", { cx: x1 + (x2 - x1) * done, cy: y1 + (y2 - y1) * done, r: 6, fill: colors[f[0] % colors.length] }));
  }
  const mine = h.seat;
  const playing = h.status === "play";
  b.map.planets.forEach((p, i) => {
    const [x, y] = at(p);
    const [owner, count] = b.state.holds[i];
    const reach = room.pick !== null && routeSteps(b, room.pick, i) !== null;
    const pickable = playing && ((room.pick === null && owner === mine && count > 0) || reach);
    const g = el("svg:g", { class: "planet" + (pickable ? " pickable" : "") + (room.pick === i ? " selected" : ""), id: "planet-" + i, "data-owner": owner === null ? "" : owner });
    g.append(el("svg:circle", { cx: x, cy: y, r: 14 + Math.min(14, Math.sqrt(Number(p.max) || 100) / 3), fill: owner === null ? "#9a9a9a" : colors[owner % colors.length] }));
    g.append(el("svg:text", { x, y: y - 2, "text-anchor": "middle", fill: "#fff", "font-size": 14, "font-weight": "bold" }, b.tokens[i]));
    g.append(el("svg:text", { x, y: y + 14, "text-anchor": "middle", fill: "#fff", "font-size": 12 }, String(Math.trunc(count))));
    if (pickable) g.addEventListener("click", () => pickPlanet(b, i));
    svg.append(g);
  });
  return svg;
}

function routeSteps(b, f, t) {
  const r = b.map.routes.find((x) => x[0] === f && x[1] === t);
  return r ? r[2] : null;
}

function pickPlanet(b, i) {
  if (room.pick === null || room.pick === i) {
    room.pick = room.pick === i ? null : i;
  } else {
    const have = Math.trunc(b.state.holds[room.pick][1]) - room.orders.filter((m) => m[1] === room.pick).reduce((a, m) => a + m[0], 0);
    const n = Number($("count") ? $("count").value : have) || have;
    if (n > 0) room.orders.push([Math.min(n, have), room.pick, i]);
    room.pick = null;
  }
  render();
}

function planetControls(b, h) {
  if (h.status !== "play") return [];
  const tk = (i) => b.tokens[i];
  const list = el("ul", { class: "moves", id: "orders" });
  room.orders.forEach((m, k) => list.append(el("li", {}, `${m[0]} from ${tk(m[1])} to ${tk(m[2])} `,
    el("button", { onclick: () => { room.orders.splice(k, 1); render(); } }, "✕"))));
  const count = el("input", { type: "number", id: "count", min: 1, placeholder: "all", style: "width:6rem" });
  return [
    el("p", {}, room.pick === null ? "Click one of your planets, then where to send its units." : `From ${tk(room.pick)}: click a planet linked to it. Units: `, room.pick === null ? "" : count),
    list,
    el("button", { class: "primary", id: "send", onclick: () => answer({ moves: room.orders }) }, room.orders.length ? "Send the orders" : "Send no orders this round"),
  ];
}

// ---- ftbt (war chess) ----

function drawFTBT(b, h) {
  const c = 40;
  const svg = el("svg:svg", { viewBox: `0 0 ${b.w * c} ${b.h * c}`, id: "ftbt" });
  const d = h.decision;
  const targets = new Map();
  if (d) {
    if (d.kind === "sel_people") d.args.people.forEach((p, k) => targets.set(d.args.locs[k], p));
    if (d.kind === "sel_move_obj") d.args.dests.forEach((cell) => targets.set(cell, cell));
    if (d.kind === "sel_tech_obj") d.args.targets.forEach((cell) => targets.set(cell, cell));
  }
  for (let i = 0; i < b.w * b.h; i++) {
    const x = (i % b.w) * c, y = Math.floor(i / b.w) * c;
    const pick = targets.has(i);
    const g = el("svg:g", { class: "cell" + (pick ? " pickable" : ""), id: "cell-" + i });
    g.append(el("svg:rect", { x, y, width: c, height: c, fill: b.colors[b.terrain[i]] || "#777" }));
    if (pick) g.addEventListener("click", () => answer(targets.get(i)));
    svg.append(g);
  }
  b.people.forEach((p, k) => {
    if (p.loc < 0) return;
    const x = (p.loc % b.w) * c + c / 2, y = Math.floor(p.loc / b.w) * c + c / 2;
    svg.append(el("svg:circle", { cx: x, cy: y, r: c * 0.38, fill: colors[p.side], opacity: p.finished ? 0.55 : 1, "pointer-events": "none" }));
    svg.append(el("svg:text", { x, y: y + 4, "text-anchor": "middle", fill: "#fff", "font-size": 11, "pointer-events": "none" }, p.name.slice(0, 2)));
  });
  return svg;
}

function ftbtControls(b, h) {
  const d = h.decision;
  if (!d) return [];
  switch (d.kind) {
    case "sel_people": return [el("p", {}, "Click one of your people to act."), el("button", { id: "end-turn", onclick: () => answer(-2) }, "End the turn")];
    case "sel_move_obj": return [el("p", {}, "Click where to move (its own cell: stay).")];
    case "sel_tech": return [el("p", {}, "Choose a tech:"), ...d.args.techs.map((t, k) => el("button", { onclick: () => answer(k) }, b.techs[t] || "tech " + t)), el("button", { id: "no-tech", onclick: () => answer(-1) }, "No tech")];
    case "sel_tech_obj": return [el("p", {}, "Click the target."), el("button", { onclick: () => answer(-1) }, "Give the tech up")];
    case "confirm": return [el("p", {}, d.args.what === "quit" ? "Quit the game?" : "End the turn?"), el("button", { id: "yes", onclick: () => answer(true) }, "Yes"), el("button", { id: "no", onclick: () => answer(false) }, "No")];
  }
  return genericControls(b, h);
}

// ---- any family ----

function drawGeneric(b) {
  return el("pre", { style: "white-space: pre-wrap; max-height: 40vh; overflow: auto" }, JSON.stringify(b.state || b, null, 1).slice(0, 4000));
}

function genericControls(b, h) {
  const d = h.decision;
  if (!d) return [];
  const out = [el("p", {}, `Question: ${d.kind}`)];
  if (d.legal) for (const a of d.legal.answers.slice(0, 60)) out.push(el("button", { onclick: () => answer(a) }, JSON.stringify(a)));
  const input = el("input", { id: "answer", placeholder: "an answer as JSON" });
  out.push(el("p", {}, input, el("button", { onclick: () => { try { answer(JSON.parse(input.value)); } catch (e) { room.notice = "Not JSON: " + e.message; showStatus(); } } }, "Answer")));
  return out;
}

function controls(b, h) {
  if (b.family === "battle") return battleControls(b, h);
  if (h.seat === null) return [];
  return ({ planets: planetControls, ftbt: ftbtControls, mbg: mbgControls }[b.family] || genericControls)(b, h);
}

// ---- events in words ----

// tell adds an item of the room's stream to the list: the server words
// every event as the studio's play log does (an event not worth telling,
// a single step of a move, comes without words).
function tell(item) {
  let text;
  if (item.answer) text = `${item.answer.name} answered (turn ${item.answer.turn}).`;
  else if (item.over) text = "The game is over.";
  else text = item.words;
  if (!text) return;
  const li = el("li", {}, text);
  $("events").prepend(li);
  while ($("events").children.length > 200) $("events").lastChild.remove();
}

// ---- start ----

const m = location.pathname.match(/^\/room\/([0-9a-f]+)$/);
if (m) play(m[1]);
else host();

// Shapan's browser client: hosts a room, or plays a seat of one. It draws
// the board from the room's state (each family's drawing and controls
// are in its own module, which the server lists in the page), offers the
// pending decision's options as things to click, and tells the events in
// words. No build step.
"use strict";

const $ = (id) => document.getElementById(id);
const colors = ["#c0392b", "#2471a3", "#1e8449", "#b9770e", "#7d3c98", "#148f77", "#d35400", "#34495e"];
const SVG = "http://www.w3.org/2000/svg";

// el makes an element ("svg:…" an SVG one): attributes, an onclick
// handler, and children.
function el(tag, attrs, ...children) {
  const e = tag.startsWith("svg:") ? document.createElementNS(SVG, tag.slice(4)) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "onclick") e.addEventListener("click", v);
    else if (k === "onchange") e.addEventListener("change", v);
    else if (k === "oninput") e.addEventListener("input", v);
    else if (v !== undefined && v !== null && v !== false) e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c !== null && c !== undefined && c !== "") e.append(c);
  return e;
}

// api calls the server: same-origin JSON.
async function api(method, path, body, token) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = "Bearer " + token;
  const resp = await fetch(path, { method, headers, credentials: "same-origin", body: body === undefined ? undefined : JSON.stringify(body) });
  let data;
  try {
    data = await resp.json();
  } catch (e) {
    throw { code: "http_" + resp.status, message: resp.statusText || "the server's reply is not JSON" };
  }
  if (!resp.ok) throw data.error || { code: "http_" + resp.status, message: resp.statusText };
  return data;
}

// ---- hosting ----

// host shows the form that makes a room: a document the server offers or
// one uploaded, and who plays each seat (the first a person, the others
// the computer, until the host says otherwise).
async function host() {
  $("host").hidden = false;
  const { documents, damaged } = await api("GET", "/api/documents");
  showDamaged(damaged || []);
  const sel = $("document");
  const uploaded = el("option", { value: "", hidden: true }, "the uploaded file");
  for (const d of documents) sel.append(el("option", { value: d.name }, `${d.name} (${d.family})`));
  sel.append(uploaded);
  if (documents.length) sel.value = documents[0].name;
  let upload = null; // {source, filename, rules} of the uploaded file, once the server read it
  const note = (text, bad) => {
    $("upload-note").textContent = text;
    $("upload-note").className = bad ? "bad" : "";
  };
  const pick = () => {
    const d = documents.find((x) => x.name === sel.value);
    if (d) seatsFor(d.seats, d.computers);
  };
  sel.addEventListener("change", () => {
    if (!sel.value) return;
    upload = null;
    $("upload").value = "";
    $("rules").value = "";
    note("");
    pick();
  });
  // A file chosen is sent to the server to be read: its seats, or why it
  // cannot be played.
  const read = async () => {
    const file = $("upload").files[0];
    if (!file) {
      upload = null;
      note("");
      if (!sel.value && documents.length) sel.value = documents[0].name;
      pick();
      return;
    }
    const req = { source: await file.text(), filename: file.name };
    const rules = $("rules").files[0];
    if (rules) Object.assign(req, { rules: await rules.text(), rules_filename: rules.name });
    uploaded.hidden = false;
    sel.value = "";
    upload = null;
    seatsFor([]);
    try {
      const d = await api("POST", "/api/documents/seats", req);
      upload = req;
      note(`${file.name}: ${d.title || d.kind} (${d.family}), ${d.seats.length} seats.`);
      seatsFor(d.seats, d.computers);
    } catch (e) {
      note(`${file.name} cannot be played: ${e.message}`, true);
    }
  };
  $("upload").addEventListener("change", read);
  $("rules").addEventListener("change", read);
  pcGames().catch(() => {});
  pick();
  $("create").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const req = { seed: Number($("seed").value), seats: [] };
    $("seats").querySelectorAll("select").forEach((s) => req.seats.push(s.value));
    if (upload) Object.assign(req, upload);
    else if (sel.value) req.document = sel.value;
    else {
      $("links").textContent = "Choose a document, or upload one the server can read.";
      return;
    }
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

// seatsFor lists the seats of a document, each a person, the computer or
// another of the family's computer players (random, search, …): by
// default the first seat is a person (the host) and the others the
// computer.
function seatsFor(names, computers) {
  const fs = $("seats");
  fs.querySelectorAll("label").forEach((l) => l.remove());
  names.forEach((n, i) => {
    const s = el("select", { id: "seat-" + i }, el("option", { value: "person" }, "a person"), el("option", { value: "computer" }, "the computer"));
    (computers || []).slice(1).forEach((c) => s.append(el("option", { value: c }, "the computer: " + c)));
    s.value = i === 0 ? "person" : "computer";
    fs.append(el("label", {}, n + " ", s));
  });
  $("create-room").disabled = names.length === 0;
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
    box.append(el("p", { class: "links" }, label, el("br"), el("input", { readonly: "", value: url, id }), " ", el("a", { href: url, target: "_blank", id: "open-" + id }, "open")));
  };
  for (const s of c.seats) {
    if (s.link) row(`Seat ${s.seat}: ${s.name} — give this secret link to its player`, s.link, "link-" + s.seat);
    else box.append(el("p", {}, `Seat ${s.seat}: ${s.name} — the computer`));
  }
  row("Spectators", c.spectator, "link-spectator");
}

// ---- playing ----

// room is the page's seat: the latest hint and state, and what the person
// is writing for the pending decision (orders, a pick, a mode).
const room = { id: "", token: "", hint: null, state: null, seq: 0, orders: [], pick: null, mode: null, tactic: null, busy: false, question: "", board: "", notice: "", told: 0, savedBy: new Set() };

function play(id) {
  room.id = id;
  room.token = new URLSearchParams(location.hash.slice(1)).get("token") || "";
  // Another seat's link pasted into this tab changes the fragment only:
  // the page starts again as that seat.
  window.addEventListener("hashchange", () => location.reload());
  $("room").hidden = false;
  $("download").href = `/api/rooms/${id}/record?token=${encodeURIComponent(room.token)}`;
  $("save-download").href = `/api/rooms/${id}/save?token=${encodeURIComponent(room.token)}`;
  boardGestures();
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

// The page asks the room again after the stream's items, at most five
// times a second (the server allows a token 20 requests a second, and
// each asking is two): a burst of events is one asking at its end.
let timer = null, asking = false, again = false, lastAsked = 0;
function schedule(delay) {
  if (asking) { again = true; return; }
  clearTimeout(timer);
  timer = setTimeout(refresh, Math.max(delay === undefined ? 30 : delay, lastAsked + 200 - Date.now()));
}

async function refresh() {
  if (asking) { again = true; return; }
  asking = true;
  lastAsked = Date.now();
  try {
    const [hint, state] = await Promise.all([
      api("GET", `/api/rooms/${room.id}/hint`, undefined, room.token),
      api("GET", `/api/rooms/${room.id}/state`, undefined, room.token),
    ]);
    // The orders being written are kept while the same decision waits
    // (in a simultaneous round the other seats' answers do not change it).
    if (!room.hint || posedAt(hint) !== posedAt(room.hint)) { room.orders = []; room.pick = null; room.mode = null; room.tactic = null; }
    room.hint = hint;
    room.state = state;
    // The board and the question's controls are drawn again only when
    // they change: a click must land on the node it was aimed at, not on
    // one an event of the stream replaced meanwhile.
    const question = JSON.stringify([hint.status, hint.seat, hint.decision || null]);
    const board = JSON.stringify(state.board);
    if (question !== room.question || board !== room.board) {
      room.question = question;
      room.board = board;
      room.notice = "";
      render();
    } else showStatus();
  } catch (e) {
    if (e.code === "rate_limited") again = true;
    else $("status").textContent = e.code === "wrong_token" ? "This link opens no seat of this room." : "Error: " + e.message;
  } finally {
    asking = false;
    if (again) {
      again = false;
      schedule(200);
    }
  }
}

function posedAt(h) { return h.decision ? h.decision.turn : -1 - h.turn; }

// answer sends the person's answer to the pending decision (again, a
// moment later, while the server says the page asks too often).
async function answer(value) {
  if (room.busy) return;
  room.busy = true;
  document.body.dataset.busy = "1";
  if (room.notice) say("");
  const body = { turn: room.hint.decision ? room.hint.decision.turn : room.hint.turn, answer: value, request: crypto.randomUUID ? crypto.randomUUID() : String(Math.random()) };
  try {
    for (let tries = 0; ; tries++) {
      try {
        await api("POST", `/api/rooms/${room.id}/react`, body, room.token);
        break;
      } catch (e) {
        if (e.code !== "rate_limited" || tries >= 8) throw e;
        await new Promise((ok) => setTimeout(ok, 400));
      }
    }
    room.orders = [];
    room.pick = null;
    room.mode = null;
  } catch (e) {
    room.notice = "Refused: " + e.message;
  } finally {
    room.busy = false;
    delete document.body.dataset.busy;
    schedule(0);
  }
}

// families are the drawings and controls of each family's board, which
// the families' modules register (the server loads every registered
// family's module before this script); a family without one is played
// with the generic controls.
const families = window.shapanFamilies || {};

// render draws the whole room: the status, the board and the controls of
// the pending question (with the orders being written).
function render() {
  const h = room.hint;
  showStatus();
  const board = room.state.board;
  const fam = families[board.family];
  document.body.dataset.family = board.family || "";
  document.body.dataset.kind = h.status === "play" && h.decision ? h.decision.kind : "";
  if (fam) showBoard(fam.draw(board, h), room.id);
  else $("board").replaceChildren(drawGeneric(board));
  let cs = [];
  if (fam && (h.seat !== null || fam.spectators)) cs = fam.controls(board, h);
  else if (!fam && h.seat !== null) cs = genericControls(board, h);
  $("controls").replaceChildren(...cs);
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
  $("status").className = room.notice ? "refused" : "";
  $("saved").hidden = h.seat === null || !room.savedBy.has(h.seat);
}

function result(r) {
  if (r === null || r === undefined) return "";
  if (r.winner !== undefined) return (r.winner >= 0 ? `Winner: ${name(r.winner)}` : "No winner") + (r.reason ? ` (${r.reason}).` : ".");
  if (typeof r === "number") return r >= 0 ? `Winner: ${name(r)}.` : "No winner.";
  return JSON.stringify(r);
}

function name(k) {
  const s = room.hint && room.hint.seats[k];
  return s ? s.name : "player " + k;
}

// say puts a notice beside the status (a choice the page cannot send).
function say(text) {
  room.notice = text;
  showStatus();
}

// ---- any family ----

function drawGeneric(b) {
  return el("pre", { style: "white-space: pre-wrap; max-height: 40vh; overflow: auto" }, JSON.stringify(b.state || b, null, 1).slice(0, 4000));
}

// genericControls offers the legal answers of a family the page has no
// drawing for, and a box for any answer.
function genericControls(b, h) {
  const d = h.decision;
  if (!d) return [];
  const out = [el("p", {}, `Question: ${d.kind}`)];
  if (d.legal) for (const a of d.legal.answers.slice(0, 60)) out.push(el("button", { onclick: () => answer(a) }, JSON.stringify(a)));
  const input = el("input", { id: "answer", placeholder: "an answer as JSON" });
  out.push(el("p", {}, input, el("button", { onclick: () => { try { answer(JSON.parse(input.value)); } catch (e) { say("Not JSON: " + e.message); } } }, "Answer")));
  return out;
}

// ---- events in words ----

// tell adds an item of the room's stream to the list, newest first and
// numbered from the first: the server words every event as the studio's
// play log does (an event not worth telling, a single step of a move,
// comes without words; an answer is told by the events it causes).
function tell(item) {
  // A game saved by this seat (an mbg save) can be downloaded.
  if (item.event && item.event.e === "save_report" && item.event.ok) {
    room.savedBy.add(item.event.to);
    if (room.hint) showStatus();
  }
  let text = item.words;
  if (item.over) text = "The game is over.";
  if (!text || item.answer) return;
  room.told++;
  const li = el("li", { value: room.told }, text);
  $("events").prepend(li);
  while ($("events").children.length > 200) $("events").lastChild.remove();
}

// ---- start ----

const m = location.pathname.match(/^\/room\/([0-9a-f]+)$/);
if (m) play(m[1]);
else host();

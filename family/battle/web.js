// The battle game on Shapan's page: the map drawn as `shapan preview`
// draws it (the cells' colours, the bases in their sides' colours, the
// cities with their level and range, the flag zone), the units on it, and
// the round's orders: a person clicks one of their heroes, then where it
// moves or whom it strikes, adds skills, soldiers and the side's choices,
// and sends the orders. Both sides answer the same round; the round is
// resolved when both have.
"use strict";

const CELL = 12;
const FORMS = ["鹤翼阵", "八卦阵"];
const BUFFS = { 1001: "1001 (a hero)", 1002: "1002", 1003: "1003", 1004: "1004" };

// ---- the map ----

function drawBattle(b, h) {
  const W = b.width, H = b.height, st = b.state;
  // Legible: a cell is 32 pixels.
  const svg = el("svg:svg", { viewBox: `0 0 ${W * CELL} ${H * CELL}`, id: "battle", "data-round": st.round, "data-legible": (32 / CELL).toFixed(3) });
  const ground = el("svg:g", { "shape-rendering": "crispEdges" });
  for (let y = 0; y < H; y++) {
    for (let x0 = 0, x = 1; x <= W; x++) {
      if (x < W && b.cells[y * W + x] === b.cells[y * W + x0]) continue;
      ground.append(el("svg:rect", { x: x0 * CELL, y: y * CELL, width: (x - x0) * CELL, height: CELL, fill: b.colors.cells[b.cells[y * W + x0]] || "#f0f" }));
      x0 = x;
    }
  }
  svg.append(ground);
  b.bases.forEach((cells, s) => cells.forEach(([x, y]) =>
    svg.append(el("svg:rect", { x: x * CELL, y: y * CELL, width: CELL, height: CELL, fill: b.colors.sides[s], class: s === h.seat ? "base mine" : "base" }))));
  for (let i = 0; i < W * H; i++) {
    if (b.cells[i] === 3) svg.append(el("svg:rect", { x: (i % W) * CELL, y: Math.floor(i / W) * CELL, width: CELL, height: CELL, fill: "none", stroke: "#a07000", "stroke-width": 0.5 }));
  }
  const mine = battleMine(h);
  st.cities.forEach((city, i) => svg.append(drawCity(b, city, i, mine)));
  for (const [x, y] of battleTargets(b, mine)) {
    const g = el("svg:rect", { x: x * CELL, y: y * CELL, width: CELL, height: CELL, class: "pickable target", id: `cell-${x}-${y}`, fill: "rgba(255,224,102,.45)" });
    g.addEventListener("click", () => battleCell(b, mine, x, y));
    svg.append(g);
  }
  // The units, one mark per cell: a stack shows how many stand there, and
  // a click on it asks which of them.
  const cells = new Map();
  st.units.forEach((team, s) => team.forEach((u) => {
    if (!u.alive || !u.at) return;
    const k = u.at[0] + "," + u.at[1];
    if (!cells.has(k)) cells.set(k, []);
    cells.get(k).push([u, s]);
  }));
  for (const stack of cells.values()) svg.append(drawStack(b, stack, mine, h));
  if (mine && room.mode && room.mode.any) {
    // A skill aimed at a cell, or 瞬移: any cell of the map may be clicked.
    const cover = el("svg:rect", { x: 0, y: 0, width: W * CELL, height: H * CELL, fill: "transparent", id: "aim", class: "aim" });
    cover.addEventListener("click", (ev) => {
      const p = svg.createSVGPoint();
      p.x = ev.clientX; p.y = ev.clientY;
      const q = p.matrixTransform(svg.getScreenCTM().inverse());
      battleCell(b, mine, Math.floor(q.x / CELL), Math.floor(q.y / CELL));
    });
    svg.append(cover);
  }
  return svg;
}

function drawCity(b, city, i, mine) {
  const [x, y] = city.at, r = [0, 3, 4, 5][city.level] || 0;
  const g = el("svg:g", { class: "city" + (city.standing ? "" : " fallen"), id: `city-${i}` });
  g.append(el("svg:rect", { x: (x - r) * CELL, y: (y - r) * CELL, width: (2 * r + 1) * CELL, height: (2 * r + 1) * CELL, fill: "none", stroke: "rgba(122,59,46,.45)", "stroke-width": 1, "pointer-events": "none", class: "range" }));
  g.append(el("svg:rect", { x: x * CELL, y: y * CELL, width: CELL, height: CELL, fill: city.standing ? b.colors.cells[49 + city.level] : "#555" }));
  g.append(el("svg:text", { x: x * CELL + CELL / 2, y: y * CELL + CELL * 0.8, "text-anchor": "middle", fill: "#fff", "font-size": CELL * 0.8 }, city.standing ? String(city.level) : "✕"));
  if (mine && room.pick && city.standing) {
    g.classList.add("pickable");
    g.addEventListener("click", () => battleOrder({ c: "SG", hero: room.pick, city: city.at }));
  }
  return g;
}

// drawStack draws the units standing on one cell: the first of them, and
// their number when there are more.
function drawStack(b, stack, mine, h) {
  const [u, s] = stack.find(([x, side]) => side === mine?.side && x.hero === room.pick) || stack[0];
  const [x, y] = u.at;
  const own = h.seat === s;
  const g = el("svg:g", { class: "unit" + (room.pick === u.hero && s === mine?.side ? " selected" : "") + (own ? " mine" : ""), id: `unit-${s}-${u.slot}`, "data-hero": u.hero, "data-stack": stack.length });
  g.append(el("svg:circle", { cx: x * CELL + CELL / 2, cy: y * CELL + CELL / 2, r: CELL * 0.62, fill: b.colors.sides[s], stroke: "#fff", "stroke-width": 1 }));
  g.append(el("svg:text", { x: x * CELL + CELL / 2, y: y * CELL + CELL * 0.82, "text-anchor": "middle", fill: "#fff", "font-size": CELL * 0.75, "pointer-events": "none" }, [...u.hero][0]));
  if (stack.length > 1) {
    g.append(el("svg:circle", { cx: x * CELL + CELL * 0.95, cy: y * CELL + CELL * 0.05, r: CELL * 0.3, fill: "#222", "pointer-events": "none" }));
    g.append(el("svg:text", { x: x * CELL + CELL * 0.95, y: y * CELL + CELL * 0.05 + CELL * 0.18, "text-anchor": "middle", fill: "#fff", "font-size": CELL * 0.45, "pointer-events": "none" }, String(stack.length)));
  }
  if (mine) {
    g.classList.add("pickable");
    g.addEventListener("click", (ev) => {
      ev.stopPropagation();
      const ours = stack.filter(([, side]) => side === mine.side), theirs = stack.filter(([, side]) => side !== mine.side);
      const choices = room.pick && theirs.length ? theirs : ours.length ? ours : theirs;
      if (choices.length === 1) battleUnit(b, mine, choices[0][0], choices[0][1]);
      else battleStackMenu(b, mine, choices, ev);
    });
  }
  return g;
}

// battleStackMenu asks which unit of a stack a click meant: a row of
// their names over the board, where the click was.
function battleStackMenu(b, mine, choices, ev) {
  const box = $("boardbox").getBoundingClientRect();
  const menu = el("div", { class: "stack", id: "stack", role: "menu" },
    el("span", {}, choices[0][1] === mine.side ? "Which hero?" : "Which enemy?"),
    ...choices.map(([u, s]) => el("button", { id: "stack-" + u.hero, role: "menuitem", onclick: () => { menu.remove(); battleUnit(b, mine, u, s); } }, `${u.hero} · ${u.hp}/${u.max_hp}`)),
    el("button", { id: "stack-close", "aria-label": "close", onclick: () => menu.remove() }, "✕"));
  const old = $("stack");
  if (old) old.remove();
  $("boardbox").append(menu);
  // Beside the click (below, above, right or left of it), inside the
  // board's box.
  const w = menu.offsetWidth, h = menu.offsetHeight, x = ev.clientX - box.left, y = ev.clientY - box.top, gap = 20;
  const clampX = (v) => Math.max(0, Math.min(v, box.width - w)), clampY = (v) => Math.max(0, Math.min(v, box.height - h));
  let at = [clampX(x - w / 2), clampY(y + gap)];
  if (y + gap + h <= box.height) at = [clampX(x - w / 2), y + gap];
  else if (y - gap - h >= 0) at = [clampX(x - w / 2), y - gap - h];
  else if (x + gap + w <= box.width) at = [x + gap, clampY(y - h / 2)];
  else if (x - gap - w >= 0) at = [x - gap - w, clampY(y - h / 2)];
  menu.style.left = at[0] + "px";
  menu.style.top = at[1] + "px";
}

// battleMine returns the person's side and its args when they give
// orders now (else null).
function battleMine(h) {
  if (h.status !== "play" || !h.decision || h.decision.kind !== "orders") return null;
  return h.decision.args;
}

// battleTargets lists the cells the selected hero may move to with one
// click: the free passable cells next to it, and its 蜀汉旗 mark.
function battleTargets(b, mine) {
  if (!mine || !room.pick || room.mode) return [];
  const u = ownUnit(mine, room.pick);
  if (!u || !u.at) return [];
  const out = [];
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      const x = u.at[0] + dx, y = u.at[1] + dy;
      if ((dx || dy) && passable(b, mine.side, x, y) && !occupied(b, x, y, mine.side)) out.push([x, y]);
    }
  }
  if (u.mark) out.push(u.mark);
  return out;
}

function passable(b, side, x, y) {
  if (x < 0 || y < 0 || x >= b.width || y >= b.height) return false;
  const code = b.cells[y * b.width + x];
  if (code === 0 || code === 3) return true;
  return code === 5 && b.bases[side].some(([bx, by]) => bx === x && by === y);
}

function occupied(b, x, y, side) {
  if (b.bases[side].some(([bx, by]) => bx === x && by === y)) return false;
  return b.state.units.some((team) => team.some((u) => u.alive && u.at && u.at[0] === x && u.at[1] === y));
}

function ownUnit(mine, hero) { return mine.units[mine.side].find((u) => u.hero === hero); }

// ---- clicks ----

function battleUnit(b, mine, u, s) {
  if (s === mine.side) {
    room.pick = room.pick === u.hero ? null : u.hero;
    room.mode = null;
  } else if (room.pick) {
    if (room.mode && room.mode.field === "target") battleOrder({ c: "SK", hero: room.pick, skill: room.mode.skill, target: u.hero });
    else battleOrder({ c: "AD", hero: room.pick, target: u.hero });
    return;
  }
  render();
}

function battleCell(b, mine, x, y) {
  if (!room.pick) return;
  const m = room.mode;
  if (!m) battleOrder({ c: "MOVE", hero: room.pick, to: [x, y] });
  else if (m.sp) battleOrder({ c: "SP", hero: room.pick, to: [x, y] });
  else if (m.field === "at") battleOrder({ c: "SK", hero: room.pick, skill: m.skill, at: [x, y] });
}

// battleOrder adds a command, replacing the one it cannot go with (spec
// 4.3: one movement, one action and one MAKE per hero, one PICK per dead
// hero, one FORM and one BUFF per side).
function battleOrder(cmd) {
  const slot = (c) => {
    switch (c.c) {
      case "MOVE": case "SP": return "move " + c.hero;
      case "AD": case "SG": case "SK": case "AC": return "act " + c.hero;
      case "MAKE": case "PICK": return c.c + " " + c.hero;
    }
    return c.c;
  };
  room.orders = room.orders.filter((o) => slot(o) !== slot(cmd));
  room.orders.push(cmd);
  room.mode = null;
  render();
}

// ---- controls ----

function battleControls(b, h) {
  const out = [battleSides(b)];
  const mine = battleMine(h);
  if (!mine) return out;
  if (mine.pick) return out.concat(battlePick(mine));
  out.push(el("div", { class: "wide" }, battleTeam(b, mine)));
  if (room.pick) out.push(battleHero(b, mine, ownUnit(mine, room.pick)));
  out.push(battleSide(mine));
  const list = el("ul", { class: "moves", id: "orders" });
  room.orders.forEach((o, k) => list.append(el("li", {}, orderWords(o) + " ",
    el("button", { onclick: () => { room.orders.splice(k, 1); render(); } }, "✕"))));
  out.push(list, el("button", { class: "primary", id: "send", onclick: () => answer(room.orders) }, room.orders.length ? "Send the orders" : "Send no orders this round"));
  return out;
}

function battleSides(b) {
  const st = b.state;
  const flag = st.holder < 0 ? "nobody holds the flag" : `side ${st.holder} holds the flag`;
  const t = el("table", { class: "sides", id: "sides" },
    el("tr", {}, ...["", "grain", "morale", "formation", "held", "hero kills", "soldier kills", "cities"].map((s) => el("th", {}, s))));
  st.sides.forEach((s, i) => t.append(el("tr", {}, el("th", { style: `color:${b.colors.sides[i]}` }, name(i)),
    ...[s.grain, s.morale, s.formation || "—", s.held, s.hero_kills, s.soldier_kills, s.cities].map((v) => el("td", {}, String(v))))));
  return el("div", {}, el("p", {}, `Round ${st.round}. ${st.flag_open ? "The flag zone is open" : "The flag zone opens at round 101"}; ${flag}.`), el("div", { class: "wide" }, t));
}

function battlePick(mine) {
  const chosen = room.orders.length && room.orders[0].heroes ? room.orders[0].heroes : [];
  const toggle = (hero) => {
    const i = chosen.indexOf(hero);
    if (i >= 0) chosen.splice(i, 1); else if (chosen.length < 6) chosen.push(hero);
    room.orders = [{ c: "PICK", heroes: chosen }];
    render();
  };
  return [el("p", {}, `Choose six heroes (${chosen.length} chosen), in the order of their slots:`),
    el("div", { class: "pool" }, ...mine.pool.map((hero) => el("button", { id: "pick-" + hero, class: chosen.includes(hero) ? "primary" : "", onclick: () => toggle(hero) }, hero))),
    el("button", { class: "primary", id: "send", onclick: () => answer([{ c: "PICK", heroes: chosen }]) }, "Send the team"),
    el("button", { id: "quit", onclick: () => answer([{ c: "QUIT" }]) }, "Forfeit")];
}

function battleTeam(b, mine) {
  const r = mine.round;
  const t = el("table", { class: "team", id: "team" },
    el("tr", {}, ...["hero", "hp", "archers", "shields", "skill 1", "skill 2", "瞬移", "status"].map((s) => el("th", {}, s))));
  for (const u of mine.units[mine.side]) {
    const ready = (k) => (u.ready[k] <= r ? "ready" : `round ${u.ready[k]}`);
    const status = Object.entries(u.status).map(([k, v]) => `${k} to ${v}`).join(", ");
    const pick = el("button", { id: `hero-${u.slot}`, class: room.pick === u.hero ? "primary" : "", onclick: () => { room.pick = room.pick === u.hero ? null : u.hero; room.mode = null; render(); } }, u.hero);
    if (!u.alive) pick.disabled = true;
    t.append(el("tr", {}, el("td", {}, pick), el("td", {}, u.alive ? `${u.hp}/${u.max_hp}` : `dead, back after round ${u.respawn}`),
      el("td", {}, String(u.archers)), el("td", {}, String(u.shields)), el("td", {}, ready("1")), el("td", {}, ready("2")), el("td", {}, ready("sp")), el("td", {}, status)));
  }
  return t;
}

function battleHero(b, mine, u) {
  if (!u || !u.alive) return el("p", {}, "");
  const hero = b.roster.find((x) => x.name === u.hero) || { skills: [] };
  const out = el("div", { class: "hero", id: "hero" }, el("p", {}, room.mode ? modeWords(room.mode) : `${u.hero}: click a marked cell to move, an enemy to attack, a city to besiege.`));
  hero.skills.forEach((sk, i) => {
    const k = i + 1;
    const b1 = el("button", { id: `skill-${k}`, onclick: () => battleSkill(u, k, sk) }, `${sk.name}`);
    if (u.ready[String(k)] > mine.round) b1.disabled = true;
    out.append(b1);
  });
  const sp = el("button", { id: "sp", onclick: () => { room.mode = { sp: true, any: true }; render(); } }, "瞬移");
  if (u.ready.sp > mine.round) sp.disabled = true;
  out.append(sp);
  if (mine.flag_open) out.append(el("button", { id: "claim", onclick: () => battleOrder({ c: "AC", hero: u.hero }) }, "Claim the flag"));
  const archers = el("input", { type: "number", id: "archers", min: 0, value: 0, style: "width:4rem" });
  const shields = el("input", { type: "number", id: "shields", min: 0, value: 0, style: "width:4rem" });
  out.append(el("p", {}, "Soldiers (20 grain each): archers ", archers, " shields ", shields, " ",
    el("button", { id: "make", onclick: () => battleOrder({ c: "MAKE", hero: u.hero, archers: Number(archers.value) || 0, shields: Number(shields.value) || 0 }) }, "Make")));
  if (room.mode && room.mode.field === "soldier") {
    for (const [n, words] of [[7, "弓兵 archers"], [8, "盾兵 shields"]]) {
      out.append(el("button", { id: "soldier-" + n, onclick: () => battleOrder({ c: "SK", hero: u.hero, skill: room.mode.skill, soldier: n }) }, words));
    }
  }
  if (room.mode) out.append(el("button", { id: "cancel", onclick: () => { room.mode = null; render(); } }, "Cancel"));
  return out;
}

// battleSkill uses skill k: at once when it needs nothing more (the
// formation 斗转星移 may set is left out), else after the click or the
// choice it needs.
function battleSkill(u, k, sk) {
  if (!sk.field || sk.optional) {
    battleOrder({ c: "SK", hero: u.hero, skill: k });
    return;
  }
  room.mode = { skill: k, field: sk.field, any: sk.field === "at" };
  render();
}

function modeWords(m) {
  if (m.sp) return "瞬移: click the cell to go to (up to 10 cells away).";
  if (m.field === "target") return `Skill ${m.skill}: click the enemy hero to aim at.`;
  if (m.field === "at") return `Skill ${m.skill}: click the cell to aim at.`;
  if (m.field === "soldier") return `Skill ${m.skill}: choose the soldiers.`;
  return "";
}

function battleSide(mine) {
  const out = el("div", { class: "side" });
  const cur = mine.sides[mine.side].formation;
  const sd = mine.sides[mine.side];
  for (const f of FORMS) {
    if (f === cur) continue;
    const b = el("button", { id: "form-" + f, onclick: () => battleOrder({ c: "FORM", form: f }) }, `Formation ${f} (50 morale, 100 grain)`);
    if (sd.morale < 50 || sd.grain < 100) {
      b.disabled = true;
      b.title = `the side has ${sd.morale} morale and ${sd.grain} grain`;
    }
    out.append(b);
  }
  if (mine.buff) {
    for (const id of Object.keys(BUFFS)) {
      out.append(el("button", { id: "buff-" + id, onclick: () => battleOrder(id === "1001" ? { c: "BUFF", id: 1001, hero: room.pick } : { c: "BUFF", id: Number(id) }) }, "Buff " + BUFFS[id]));
    }
  }
  for (const u of mine.units[mine.side]) {
    if (u.alive || u.respawn !== mine.round) continue;
    const sel = el("select", { id: "as-" + u.slot }, el("option", { value: "" }, `${u.hero} returns as…`), ...mine.pool.map((p) => el("option", { value: p }, p)));
    sel.addEventListener("change", () => { if (sel.value) battleOrder({ c: "PICK", hero: u.hero, as: sel.value }); });
    out.append(sel);
  }
  if (room.mode && room.mode.quit) {
    out.append(el("span", {}, "Forfeit the game? "), el("button", { id: "quit-yes", onclick: () => answer([{ c: "QUIT" }]) }, "Yes, forfeit"),
      el("button", { id: "cancel", onclick: () => { room.mode = null; render(); } }, "No"));
  } else out.append(el("button", { id: "quit", onclick: () => { room.mode = { quit: true }; render(); } }, "Forfeit"));
  return out;
}

function orderWords(o) {
  switch (o.c) {
    case "MOVE": return `${o.hero} moves to (${o.to[0]}, ${o.to[1]})`;
    case "SP": return `${o.hero} teleports to (${o.to[0]}, ${o.to[1]})`;
    case "AD": return `${o.hero} attacks ${o.target}`;
    case "SG": return `${o.hero} besieges the city at (${o.city[0]}, ${o.city[1]})`;
    case "AC": return `${o.hero} claims the flag`;
    case "SK": return `${o.hero} uses skill ${o.skill}` + (o.target ? ` on ${o.target}` : o.at ? ` at (${o.at[0]}, ${o.at[1]})` : o.soldier ? ` (${o.soldier === 7 ? "archers" : "shields"})` : "");
    case "MAKE": return `${o.hero} makes ${o.archers} archers and ${o.shields} shields`;
    case "FORM": return `formation ${o.form}`;
    case "BUFF": return `buff ${o.id}` + (o.hero ? ` for ${o.hero}` : "");
    case "PICK": return o.heroes ? `the team: ${o.heroes.join(", ")}` : `${o.hero} returns as ${o.as}`;
  }
  return JSON.stringify(o);
}

// The page draws battle boards with these (app.js's families).
(window.shapanFamilies = window.shapanFamilies || {}).battle = { draw: drawBattle, controls: battleControls, spectators: true };

// Planet-Conquer on Shapan's page: the map as the original client draws
// it (planets on their grid, routes with their steps, fleets on their
// way), and the round's orders: a person clicks one of their planets,
// then a planet a route leads to, and says how many units go (half of
// those there unless they type another number); a terminator, when the
// points allow it, is aimed by a click on any planet. Loaded before
// app.js, whose families (shapanFamilies) it joins and which calls drawPlanets and planetControls.
"use strict";

const PLANET_CELL = 60, PLANET_PAD = 40;

function planetRadius(p) { return 16 + Math.min(14, Math.sqrt(Number(p.max) || 100) / 3); }

function drawPlanets(b, h) {
  const [w, hgt] = b.map.map_size;
  const cell = PLANET_CELL, pad = PLANET_PAD;
  const minR = Math.min(...b.map.planets.map(planetRadius));
  // Legible: the smallest planet is 36 pixels across.
  const svg = el("svg:svg", { viewBox: `0 0 ${w * cell + 2 * pad} ${hgt * cell + 2 * pad}`, id: "planets", "data-legible": (36 / (2 * minR)).toFixed(3) });
  svg.append(el("svg:rect", { x: 0, y: 0, width: w * cell + 2 * pad, height: hgt * cell + 2 * pad, fill: "#10141c" }));
  const at = (p) => [pad + p.pos[0] * cell + cell / 2, pad + p.pos[1] * cell + cell / 2];
  for (const [f, t, steps] of b.map.routes) {
    if (f > t && routeSteps(b, t, f) !== null) continue;
    const [x1, y1] = at(b.map.planets[f]), [x2, y2] = at(b.map.planets[t]);
    svg.append(el("svg:line", { x1, y1, x2, y2, stroke: "#556", "stroke-width": 3 }));
    svg.append(el("svg:text", { x: (x1 + x2) / 2 + 4, y: (y1 + y2) / 2 - 4, fill: "#aab", "font-size": 14 }, String(steps)));
  }
  for (const f of b.state.fleets) {
    const [x1, y1] = at(b.map.planets[f[1]]), [x2, y2] = at(b.map.planets[f[2]]);
    const total = routeSteps(b, f[1], f[2]) || 1, done = Math.min(1, Math.max(0, (total - f[4]) / total));
    const x = x1 + (x2 - x1) * (0.15 + 0.7 * done), y = y1 + (y2 - y1) * (0.15 + 0.7 * done);
    const g = el("svg:g", { class: "fleet" });
    g.append(el("svg:circle", { cx: x, cy: y, r: 9, fill: colors[f[0] % colors.length], stroke: "#fff", "stroke-width": 1.5 }));
    g.append(el("svg:text", { x, y: y - 13, "text-anchor": "middle", fill: "#fff", "font-size": 13 }, String(f[3])));
    svg.append(g);
  }
  const mine = h.seat;
  const playing = h.status === "play";
  b.map.planets.forEach((p, i) => {
    const [x, y] = at(p);
    const [owner, count] = b.state.holds[i];
    const pickable = playing && planetPickable(b, mine, i);
    const cls = "planet" + (pickable ? " pickable" : "") + (room.pick === i ? " selected" : "") + (owner === mine && mine !== null ? " mine" : "");
    const g = el("svg:g", { class: cls, id: "planet-" + i, "data-owner": owner === null ? "" : owner });
    const r = planetRadius(p);
    g.append(el("svg:circle", { cx: x, cy: y, r, fill: owner === null ? "#8a8a8a" : colors[owner % colors.length] }));
    g.append(el("svg:text", { x, y: y - 3, "text-anchor": "middle", fill: "#fff", "font-size": 16, "font-weight": "bold" }, b.tokens[i]));
    g.append(el("svg:text", { x, y: y + 14, "text-anchor": "middle", fill: "#fff", "font-size": 14 }, String(Math.trunc(count))));
    if (pickable) g.addEventListener("click", () => pickPlanet(b, i));
    svg.append(g);
  });
  return svg;
}

// planetPickable: with no planet picked, the person's planets with units
// to send; with one picked, it (to let go) and the planets its routes
// lead to; while aiming the terminator, every planet.
function planetPickable(b, mine, i) {
  if (room.mode === "terminator") return true;
  if (room.pick === null) return b.state.holds[i][0] === mine && planetLeft(b, i) > 0;
  return room.pick === i || routeSteps(b, room.pick, i) !== null;
}

function routeSteps(b, f, t) {
  const r = b.map.routes.find((x) => x[0] === f && x[1] === t);
  return r ? r[2] : null;
}

// planetLeft is what planet i keeps after the orders written so far.
function planetLeft(b, i, except) {
  return Math.trunc(b.state.holds[i][1]) - room.orders.filter((m, k) => k !== except && m[1] === i).reduce((a, m) => a + (m[0] || 0), 0);
}

function pickPlanet(b, i) {
  if (room.mode === "terminator") {
    room.tactic = { type: "terminator", planet: i };
    room.mode = null;
  } else if (room.pick === null || room.pick === i) {
    room.pick = room.pick === i ? null : i;
  } else {
    const have = planetLeft(b, room.pick);
    room.orders.push([Math.max(1, Math.floor(have / 2)), room.pick, i]);
    room.pick = null;
  }
  render();
}

function planetControls(b, h) {
  const out = [planetTable(b, h)];
  const me = h.seat !== null && b.state.players ? b.state.players[h.seat] : null;
  if (me && !me.alive && h.status !== "over") out.push(el("p", { id: "out" }, "You have lost every planet and every fleet: the game goes on without you."));
  if (h.status !== "play") return out;
  const tk = (i) => b.tokens[i];
  const args = h.decision.args || {};
  let hint = "Click one of your planets, then where to send its units.";
  if (room.pick !== null) hint = `From ${tk(room.pick)} (${planetLeft(b, room.pick)} units): click a planet a route leads to, or ${tk(room.pick)} again to let go.`;
  if (room.mode === "terminator") hint = "Terminator: click the planet to make neutral.";
  out.push(el("p", { id: "planets-hint" }, hint));
  const list = el("ul", { class: "moves", id: "orders" });
  room.orders.forEach((m, k) => {
    const count = el("input", { type: "number", id: "count-" + k, class: "count", min: 1, max: planetLeft(b, m[1], k), value: m[0], inputmode: "numeric" });
    count.addEventListener("input", () => {
      const n = Number(count.value);
      m[0] = count.value.trim() === "" || !Number.isInteger(n) ? null : n;
      $("send").textContent = "Send the orders";
    });
    const left = planetLeft(b, m[1]);
    list.append(el("li", {}, count, ` of ${planetLeft(b, m[1], k)} units from ${tk(m[1])} to ${tk(m[2])}`,
      left === 0 ? el("span", { class: "warn" }, ` — leaves ${tk(m[1])} empty`) : "",
      el("button", { class: "drop", "aria-label": "drop this order", onclick: () => { room.orders.splice(k, 1); render(); } }, "✕")));
  });
  if (room.tactic) {
    list.append(el("li", {}, `Terminator on ${tk(room.tactic.planet)} (3 points)`,
      el("button", { class: "drop", "aria-label": "drop the terminator", onclick: () => { room.tactic = null; render(); } }, "✕")));
  }
  out.push(list);
  if ((args.points || 0) >= 3 && !room.tactic && room.mode !== "terminator") {
    out.push(el("button", { id: "terminator", onclick: () => { room.mode = "terminator"; room.pick = null; render(); } }, `Terminator (3 of your ${args.points} points)`));
  }
  if (room.mode === "terminator") out.push(el("button", { id: "cancel", onclick: () => { room.mode = null; render(); } }, "Cancel"));
  const empty = !room.orders.length && !room.tactic;
  out.push(el("button", { class: "primary", id: "send", onclick: () => sendPlanetOrders(b) }, empty ? "Send no orders this round" : "Send the orders"));
  return out;
}

// sendPlanetOrders sends the orders once every count is a number of
// units the planet has.
function sendPlanetOrders(b) {
  for (const [k, m] of room.orders.entries()) {
    const have = planetLeft(b, m[1], k);
    if (m[0] === null || m[0] < 1 || m[0] > have) {
      say(`Type how many units go from ${b.tokens[m[1]]} to ${b.tokens[m[2]]}: a number from 1 to ${have}.`);
      const input = $("count-" + k);
      if (input) input.focus();
      return;
    }
  }
  const order = { moves: room.orders.map((m) => [m[0], m[1], m[2]]) };
  if (room.tactic) order.tactic = room.tactic;
  room.tactic = null;
  answer(order);
}

// planetTable shows every player's planets, units and points.
function planetTable(b, h) {
  const t = el("table", { class: "sides", id: "players" }, el("tr", {}, ...["", "planets", "units", "points"].map((s) => el("th", {}, s))));
  (b.state.players || []).forEach((p, i) => t.append(el("tr", { class: i === h.seat ? "me" : "" },
    el("th", {}, el("span", { class: "swatch", style: `background:${colors[i % colors.length]}` }), " " + name(i) + (p.alive ? "" : " (out)")),
    el("td", {}, String(p.planets)), el("td", {}, String(Math.trunc(p.units))), el("td", {}, String(p.points)))));
  return el("div", { class: "wide" }, el("p", {}, `Round ${b.state.round}.`), t);
}

// The page draws planets boards with these (app.js's families).
(window.shapanFamilies = window.shapanFamilies || {}).planets = { draw: drawPlanets, controls: planetControls };

// The war-chess game (ftbt) on Shapan's page: the level's terrain in the
// rules' colours, the people on it with their health, and the side's
// turn answered on the board: click one of your people (or its name),
// then the cell it moves to (its own cell: it stays), then a tech and its
// target, or none. Loaded before app.js, whose families (shapanFamilies) it joins and which calls drawFTBT and
// ftbtControls.
"use strict";

const FTBT_CELL = 40;

function drawFTBT(b, h) {
  const c = FTBT_CELL;
  const svg = el("svg:svg", { viewBox: `0 0 ${b.w * c} ${b.h * c}`, id: "ftbt", "data-legible": "0.9" });
  const d = h.status === "play" ? h.decision : null;
  const targets = ftbtTargets(d);
  // The terrain: runs of one colour per row.
  const ground = el("svg:g", { "shape-rendering": "crispEdges" });
  svg.append(ground);
  for (let y = 0; y < b.h; y++) {
    for (let x0 = 0, x = 1; x <= b.w; x++) {
      if (x < b.w && b.terrain[y * b.w + x] === b.terrain[y * b.w + x0]) continue;
      ground.append(el("svg:rect", { x: x0 * c, y: y * c, width: (x - x0) * c, height: c, fill: b.colors[b.terrain[y * b.w + x0]] || "#777" }));
      x0 = x;
    }
  }
  const grid = el("svg:g", { stroke: "rgba(0,0,0,.12)", "stroke-width": 1, "pointer-events": "none" });
  for (let x = 1; x < b.w; x++) grid.append(el("svg:line", { x1: x * c, y1: 0, x2: x * c, y2: b.h * c }));
  for (let y = 1; y < b.h; y++) grid.append(el("svg:line", { x1: 0, y1: y * c, x2: b.w * c, y2: y * c }));
  svg.append(grid);
  // The range of a tech: shaded.
  if (d && d.kind === "sel_tech_obj") {
    for (const i of d.args.range) svg.append(el("svg:rect", { x: (i % b.w) * c, y: Math.floor(i / b.w) * c, width: c, height: c, fill: "rgba(255,255,255,.25)", "pointer-events": "none" }));
  }
  // The person acting stands on the cell of args.loc (args.from while
  // it has not moved).
  let acting = -1;
  if (d && d.kind !== "sel_people" && d.kind !== "confirm") acting = d.args.loc !== undefined ? d.args.loc : d.args.from;
  b.people.forEach((p, k) => {
    if (p.loc < 0) return;
    const x = (p.loc % b.w) * c, y = Math.floor(p.loc / b.w) * c;
    const g = el("svg:g", { class: "person" + (p.side === h.seat ? " mine" : "") + (p.loc === acting ? " selected" : ""), id: "person-" + k, "data-cell": p.loc, "pointer-events": "none" });
    g.append(el("svg:circle", { cx: x + c / 2, cy: y + c / 2 - 2, r: c * 0.42, fill: colors[p.side], opacity: p.finished ? 0.5 : 1, stroke: "#fff", "stroke-width": 2 }));
    g.append(el("svg:text", { x: x + c / 2, y: y + c / 2 + 4, "text-anchor": "middle", fill: "#fff", "font-size": 15, "font-weight": "bold" }, [...p.name].slice(0, 2).join("")));
    const hpMax = Math.max(p.hp, (b.hp_max || [])[k] || p.hp, 1);
    g.append(el("svg:rect", { x: x + 3, y: y + c - 5, width: c - 6, height: 4, fill: "#400" }));
    g.append(el("svg:rect", { x: x + 3, y: y + c - 5, width: (c - 6) * Math.max(0, p.hp) / hpMax, height: 4, fill: "#3c3" }));
    svg.append(g);
  });
  // The cells a click answers, above the people.
  for (const [cell] of targets) {
    const g = el("svg:rect", { x: (cell % b.w) * c, y: Math.floor(cell / b.w) * c, width: c, height: c, class: "pickable target", id: "cell-" + cell, fill: "rgba(255,224,102,.28)" });
    g.addEventListener("click", () => answer(cell));
    svg.append(g);
  }
  return svg;
}

// ftbtTargets maps every cell a click answers to what it is.
function ftbtTargets(d) {
  const t = new Map();
  if (!d) return t;
  if (d.kind === "sel_people") d.args.locs.forEach((cell, k) => t.set(cell, d.args.people[k]));
  if (d.kind === "sel_move_obj") d.args.dests.forEach((cell) => t.set(cell, cell));
  if (d.kind === "sel_tech_obj") d.args.targets.forEach((cell) => t.set(cell, cell));
  return t;
}

function ftbtControls(b, h) {
  const out = [ftbtSides(b, h)];
  const d = h.status === "play" ? h.decision : null;
  if (!d) return out.concat(ftbtTerrains(b));
  const a = d.args || {};
  const who = (p) => {
    const q = b.people[p];
    return q ? `${q.name} (${q.hp}/${Math.max(q.hp, (b.hp_max || [])[p] || q.hp)})` : "person " + p;
  };
  const btn = (id, text, value, cls) => el("button", { id, class: cls, onclick: () => answer(value) }, text);
  switch (d.kind) {
    case "sel_people":
      out.push(el("p", {}, `Round ${a.turn}: click one of your people on the board (or a name) to act.`),
        el("div", { class: "pool", id: "people" }, ...a.people.map((p, k) => btn("act-" + p, who(p), a.locs[k]))),
        btn("end-turn", "End the turn", -2, "primary"), btn("quit", "Quit the game", -1));
      break;
    case "sel_move_obj":
      out.push(el("p", {}, `${who(a.p)}: click a marked cell to move there.`),
        btn("stay", "Stay here", a.from), btn("cancel", "Choose another person", -1));
      break;
    case "sel_tech":
      out.push(el("p", {}, `${who(a.p)}: use a tech?` + (a.retry ? " (the last target was refused)" : "")),
        ...a.techs.map((t, k) => btn("tech-" + k, b.techs[t] || "tech " + t, k)), btn("no-tech", "No tech", -1, "primary"));
      break;
    case "sel_tech_obj": {
      const n = a.targets.length;
      out.push(el("p", {}, `${who(a.p)} uses ${b.techs[a.tech] || "tech " + a.tech}: ` + (n ? `click a target (${n} in range).` : "nothing in range to aim at.")),
        btn("give-up", "Give the tech up", -1, n ? "" : "primary"));
      break;
    }
    case "confirm":
      out.push(el("p", {}, a.what === "quit" ? "Quit the game? The other side wins." : "End the turn? Your people who have not acted stay where they are."),
        btn("yes", "Yes", true, "primary"), btn("no", "No", false));
      break;
    default:
      return out.concat(genericControls(b, h));
  }
  return out.concat(ftbtTerrains(b));
}

// ftbtTerrains: the terrains of the rules, each in its colour.
function ftbtTerrains(b) {
  const used = new Set(b.terrain);
  return el("div", { class: "terrains" }, ...(b.terrain_names || []).map((n, i) => (used.has(i)
    ? el("span", {}, el("span", { class: "swatch", style: `background:${b.colors[i]}` }), " " + n) : "")));
}

// ftbtSides: the round, and the people left on each side.
function ftbtSides(b, h) {
  const alive = b.alive || [0, 0];
  const side = (s) => el("span", { class: "side-" + s }, el("span", { class: "swatch", style: `background:${colors[s]}` }), ` ${name(s)}: ${alive[s]} people`);
  return el("p", { id: "ftbt-sides" }, `Round ${b.turn}. `, side(0), " · ", side(1));
}

// The page draws ftbt boards with these (app.js's families).
(window.shapanFamilies = window.shapanFamilies || {}).ftbt = { draw: drawFTBT, controls: ftbtControls };

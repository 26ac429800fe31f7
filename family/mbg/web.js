// The mbg board in Shapan's browser client: the looping board drawn as
// `shapan preview` draws it (the server sends every square's cell, name,
// owner and colour), the roles on their squares, the roles' money and
// officers inside the ring, and every decision asked in words, with the
// officers, cities, cards and techs by name. Loaded before app.js, whose families (shapanFamilies) it joins and which
// calls drawMBG and mbgControls.
"use strict";

const MBG_TILE = 72, MBG_MARGIN = 16;
// The officers' five abilities, in the order of their prop.
const MBG_PROPS = ["武", "战", "谋", "政", "经"];
const MBG_CARD_WORDS = ["a barrier on a square", "slows a role", "speeds a role up", "stops a role", "you move twice",
  "steals money", "heals your officers", "a rumour on an officer", "poisons an officer", "an officer defects",
  "robbers on a square", "an alliance", "a public enemy", "turns a role round"];
// The places an officer card or the allocation names: [kind][index].
const MBG_CLASS = { city: 1, institute: 3, training_room: 4 };

function drawMBG(b, h) {
  const t = MBG_TILE, m = MBG_MARGIN;
  const inside = b.w >= 4 && b.h >= 4;
  const legend = inside ? 0 : (b.roles.length + 1) * 30 + 12;
  // Legible: a square is 40 pixels, its name 11.
  const svg = el("svg:svg", { viewBox: `0 0 ${2 * m + Math.max(b.w, 5) * t} ${2 * m + b.h * t + legend}`, id: "mbg", "data-legible": "0.55" });
  svg.append(el("svg:rect", { x: 0, y: 0, width: 2 * m + Math.max(b.w, 5) * t, height: 2 * m + b.h * t + legend, fill: "#fbf8f0" }));
  const d = h.status === "play" ? h.decision : null;
  const picks = mbgSquarePicks(d, b);
  b.squares.forEach((sq, i) => {
    const x = m + sq.x * t, y = m + sq.y * t;
    const pick = picks.get(i);
    const g = el("svg:g", { class: "square" + (pick !== undefined ? " pickable" : ""), id: "sq-" + i, "data-owner": sq.owner });
    g.append(el("svg:rect", { x, y, width: t, height: t, fill: sq.fill, stroke: "#b4aa98" }));
    if (sq.owner >= 0) g.append(el("svg:rect", { x: x + 1, y: y + 1, width: t - 2, height: 7, fill: b.roles[sq.owner] ? b.roles[sq.owner].color : "#999" }));
    g.append(el("svg:text", { x: x + 4, y: y + 19, "font-size": 11, fill: "#7a6e5e" }, String(i)));
    if (sq.scope >= 0) g.append(el("svg:text", { x: x + t - 4, y: y + 20, "font-size": 13, fill: "#7a6e5e", "text-anchor": "end" }, ["小", "中", "大"][Math.min(Math.max(sq.scope, 0), 2)]));
    const n = [...sq.label].length;
    g.append(el("svg:text", { x: x + t / 2, y: y + t / 2 + 8, "font-size": n > 3 ? Math.max(11, Math.floor(64 / n)) : 20, fill: "#2b2118", "text-anchor": "middle" }, sq.label));
    if (sq.class !== 1 && sq.label !== sq.kind) g.append(el("svg:text", { x: x + t / 2, y: y + t - 6, "font-size": 11, fill: "#7a6e5e", "text-anchor": "middle" }, sq.kind));
    if (sq.mark) {
      g.append(el("svg:circle", { cx: x + t - 12, cy: y + t - 12, r: 10, fill: "#c0392b" }));
      g.append(el("svg:text", { x: x + t - 12, y: y + t - 7, "font-size": 13, fill: "#fff", "text-anchor": "middle" }, sq.mark));
    }
    if (pick !== undefined) g.addEventListener("click", () => answer(pick));
    svg.append(g);
  });
  const on = {};
  b.roles.forEach((r, k) => {
    if (r.out || r.at < 0 || r.at >= b.squares.length) return;
    const sq = b.squares[r.at], n = on[r.at] = (on[r.at] || 0) + 1;
    const cx = m + sq.x * t + 14 + ((n - 1) % 3) * 22, cy = m + sq.y * t + t - 14 - Math.floor((n - 1) / 3) * 24;
    svg.append(el("svg:circle", { cx, cy, r: 13, fill: r.color, stroke: "#fff", "stroke-width": 2, class: "role" + (k === h.seat ? " mine" : ""), id: "role-" + k, "pointer-events": "none" }));
    svg.append(el("svg:text", { x: cx, y: cy + 5, "font-size": 15, fill: "#fff", "text-anchor": "middle", "pointer-events": "none" }, [...r.name][0] || "?"));
  });
  // Inside the ring (under it when the ring is too small): the turn, and
  // every role's money, cities and travelling officers, each line as
  // large as the room allows.
  let lx = m + t + 16, ly = m + t + 40;
  if (!inside) { lx = m; ly = m + b.h * t + 26; }
  const st = b.state, room = inside ? (b.w - 2) * t - 32 : Math.max(b.w, 5) * t;
  const fit = (text, max, width) => Math.min(max, width / [...text].reduce((n, c) => n + (c.charCodeAt(0) > 0x2e7f ? 1 : 0.55), 0));
  const title = `第 ${b.turn} 回合 · 胜利金额 ${mbgMoney(b.win_money)}`;
  const big = fit(title, 26, room);
  svg.append(el("svg:text", { x: lx, y: ly, "font-size": big, fill: "#2b2118", "font-weight": "bold" }, title));
  let y = ly;
  b.roles.forEach((r, k) => {
    const ro = st.roles[k] || {};
    const cities = st.cities.filter((c) => c.role === k).length;
    const line = `${r.name}  ${mbgMoney(r.money)}` + (r.out ? "  (出局)" : `  · ${cities} 城 · ${(ro.mos || []).length} 随行`);
    const size = fit(line, 22, room - 30);
    y += size * 1.9;
    svg.append(el("svg:circle", { cx: lx + 11, cy: y - size * 0.35, r: Math.min(11, size / 2), fill: r.out ? "#999" : r.color }));
    svg.append(el("svg:text", { x: lx + 30, y, "font-size": size, fill: "#2b2118", class: "role-money" }, line));
    if (inside && (ro.mos || []).length) {
      const names = ro.mos.map((p) => b.officers[p]).join(" ");
      const small = Math.min(fit(names, 17, room - 30), size * 0.85);
      y += small * 1.3;
      svg.append(el("svg:text", { x: lx + 30, y, "font-size": small, fill: "#7a6e5e" }, names));
    }
  });
  return svg;
}

function mbgMoney(v) { return String(Math.round(v)); }

// mbgSquarePicks maps the squares a decision is answered by clicking to
// their answers: any square for a square card; the person's cities,
// researchers and trainees in the allocation.
function mbgSquarePicks(d, b) {
  const s = new Map();
  if (!d || !d.legal) return s;
  if (d.kind === "sel_card_obj_loc") {
    for (const a of d.legal.answers) if (typeof a === "number" && a >= 0) s.set(a, a);
  }
  if (d.kind === "sel_alloc_obj") {
    for (const a of d.legal.answers) {
      if (!Array.isArray(a) || a[0] < 0) continue;
      const cls = [MBG_CLASS.city, MBG_CLASS.institute, MBG_CLASS.training_room][a[0]];
      b.state.board_class.forEach((c, i) => { if (c === cls && b.state.board_base[i] === a[1]) s.set(i, a); });
    }
  }
  return s;
}

// mbgOfficer names officer p with the abilities props (indices into
// MBG_PROPS) and its health.
function mbgOfficer(b, p, props) {
  const o = b.state.people[p];
  const nm = b.officers[p] !== undefined ? b.officers[p] : "#" + p;
  if (!o) return nm;
  const abil = (props || [0, 1, 2]).map((i) => `${MBG_PROPS[i]}${Math.round(o.prop[i])}`).join(" ");
  return `${nm} ${abil} · 体 ${Math.round(o.hp)}/${Math.round(o.hpmax)}`;
}

// mbgPlace names a place of the officer cards ([0 role, 1 city, 2
// institute, 3 training room], index) or of the allocation ([0 city, 1
// institute, 2 training room], index).
function mbgPlace(b, kinds, st, obj) {
  const nm = (list, i) => (list && list[i] !== undefined ? list[i] : "#" + i);
  switch (kinds[st]) {
    case "role": return `${nm(b.names, obj)}'s travelling officers`;
    case "city": return `the city ${nm(b.cities, obj)}`;
    case "institute": return `the institute ${nm(b.institutes, obj)}`;
    case "training_room": return `the training room ${nm(b.training_rooms, obj)}`;
  }
  return `${st}, ${obj}`;
}

// mbgAllocWords tells what choosing a place of the allocation does.
function mbgAllocWords(b, seat, st, obj) {
  const v = b.state, nm = (list, i) => (list && list[i] !== undefined ? list[i] : "#" + i);
  const who = (list) => {
    const p = list && list.mos ? list.mos[seat] : -1;
    return p >= 0 ? ` (${nm(b.officers, p)})` : "";
  };
  if (st === 0) return `Manage the city ${nm(b.cities, obj)}`;
  if (st === 1) return `The researcher at ${nm(b.institutes, obj)}${who(v.insts[obj])}`;
  return `The trainee at ${nm(b.training_rooms, obj)}${who(v.trains[obj])}`;
}

function mbgControls(b, h) {
  const d = h.status === "play" ? h.decision : null;
  if (!d) return [mbgRoles(b, h)];
  const a = d.args || {};
  const legal = d.legal ? d.legal.answers : [];
  const nm = (list, i) => (list && list[i] !== undefined ? list[i] : "#" + i);
  const card = (c) => `${nm(b.cards, c)} (${MBG_CARD_WORDS[c] || "a card"})`;
  const btn = (id, text, value, cls) => el("button", { id, class: cls, onclick: () => answer(value) }, text);
  const yesNo = (q, yes, no) => [el("p", {}, q), btn("mbg-yes", "是 Yes", yes, "primary"), btn("mbg-no", "否 No", no)];
  const scale = (q) => [el("p", {}, q), btn("mbg-s0", "小战 Skirmish (40 rounds)", 0, "primary"),
    btn("mbg-s1", "会战 Battle (70 rounds)", 1), btn("mbg-s2", "决战 All-out (100 rounds)", 2), btn("mbg-no", "不打 Do not fight", -1)];
  // officers: one button per officer of plist the rules accept, and one
  // for none (-1).
  const officers = (q, props, none) => [el("p", {}, q), el("div", { class: "pool" },
    ...legal.filter((x) => typeof x === "number" && x >= 0).map((x) => btn("mbg-pick-" + x, mbgOfficer(b, a.plist[x], props), x))),
  legal.includes(-1) || !legal.length ? btn("mbg-pick--1", none, -1) : ""];
  switch (d.kind) {
    case "sel_role_action": return mbgAction(b, h, a);
    case "get_file_name": {
      const input = el("input", { id: "mbg-file", value: `${h.name}-${b.turn}.sav`, autocomplete: "off" });
      return [el("p", {}, "Save the game as (a .sav file the original game and the studio open; an empty name saves nothing):"), input, " ",
        el("button", { id: "mbg-save", class: "primary", onclick: () => answer(input.value.trim()) }, "Save"),
        btn("mbg-cancel", "Cancel", "")];
    }
    case "is_occu_city": return yesNo(`Occupy the free city ${nm(b.cities, a.city)}?`, true, false);
    case "is_attack_city": {
      const c = b.state.cities[a.city] || {};
      return scale(`Attack ${nm(b.cities, a.city)} of ${nm(b.names, c.role)} (defence ${Math.round(c.hp || 0)}, ${(c.mos || []).length} officers)?`);
    }
    case "battle_with_role": return scale(`${nm(b.names, a.obj)} stands on your square: fight?`);
    case "confirm_card": return yesNo(`Use the card ${card(a.card)}?`, 0, 1);
    case "is_cancel_study": return yesNo(`Call ${nm(b.officers, a.p)} back from studying ${nm(b.techs, a.on_study)} (${Math.round(a.left_point)} points to go)?`, true, false);
    case "is_cancel_train": return yesNo(`Call ${nm(b.officers, a.p)} back from training (${a.left_round} rounds left)?`, true, false);
    case "sel_card_obj_loc": return [el("p", {}, `Click the square for ${card(a.card)} on the board.`), btn("mbg-cancel", "Cancel", -1)];
    case "sel_card_obj_role": return [el("p", {}, `On whom do you play ${card(a.card)}?`),
      ...legal.filter((x) => x >= 0).map((k) => btn("mbg-role-" + k, nm(b.names, k), k)), btn("mbg-cancel", "Cancel", -1)];
    case "sel_card_obj_any": return [el("p", {}, `${card(a.card)}: where is the officer?`),
      ...legal.filter((x) => Array.isArray(x) && x[0] >= 0).map((x) => btn(`mbg-place-${x[0]}-${x[1]}`, mbgPlace(b, ["role", "city", "institute", "training_room"], x[0], x[1]), x)),
      btn("mbg-cancel", "Cancel", [-1, -1])];
    case "sel_card_obj_people": return officers(`Which officer for ${card(a.card)}?`, [0, 1, 2, 3, 4], "Back to the places");
    case "saloon_sel_people": return [el("p", {}, `The saloon 会馆 offers (you have ${mbgMoney(b.roles[h.seat].money)}):`),
      el("div", { class: "pool" }, ...(a.plist || []).map((p, i) => {
        const x = btn("mbg-hire-" + i, `Hire ${mbgOfficer(b, p, [0, 1, 2, 3, 4])} for ${mbgMoney((a.price || [])[i] || 0)}`, i);
        if (!legal.includes(i)) x.disabled = true;
        return x;
      })), btn("mbg-leave", "Leave", -1, "primary")];
    case "sel_city_mos": return mbgPickSome(b, `Who garrisons ${nm(b.cities, a.city)}? (nobody: you give the city up)`, a.plist, "mbg-mos-", "Garrison 驻守", (v) => answer(v));
    case "sel_mayor": return officers(`Choose the mayor 市长 of ${nm(b.cities, a.city)} (now ${a.old_mayor >= 0 ? nm(b.officers, a.old_mayor) : "none"}):`, [3], "Keep as it is");
    case "sel_treasurer": return officers(`Choose the treasurer 财务官 of ${nm(b.cities, a.city)} (now ${a.old_treasurer >= 0 ? nm(b.officers, a.old_treasurer) : "none"}):`, [4], "Keep as it is");
    case "sel_train": return officers(`Train at ${nm(b.training_rooms, a.train)} (${MBG_PROPS[a.item] || "an ability"})? Who goes:`, [a.item >= 0 && a.item < 5 ? a.item : 0], "Nobody");
    case "sel_study": return mbgStudy(b, a);
    case "sel_general": return mbgGeneral(b, a, legal);
    case "sel_alloc_obj": return [el("p", {}, "Allocation 人员调度: manage a city (officers in and out, mayor, treasurer), or call a researcher or trainee back — click it on the board or here."),
      ...legal.filter((x) => Array.isArray(x) && x[0] >= 0).map((x) => btn(`mbg-alloc-${x[0]}-${x[1]}`, mbgAllocWords(b, h.seat, x[0], x[1]), x)),
      btn("mbg-done", "Done", [-1, -1], "primary")];
    case "exchange_city_people": return mbgExchange(b, a);
  }
  return genericControls(b, h);
}

// mbgAction: roll the dice, play a card, save or quit.
function mbgAction(b, h, a) {
  const out = [el("p", {}, "Your move: roll the dice, or play a card."), el("button", { id: "mbg-roll", class: "primary", onclick: () => answer(-1) }, "掷骰子 Roll the dice")];
  const cards = el("div", { class: "pool" });
  (a.cards || []).forEach((n, c) => {
    if (n > 0) cards.append(el("button", { id: "mbg-card-" + c, onclick: () => answer(c) }, `${b.cards[c]} ×${n} — ${MBG_CARD_WORDS[c]}`));
  });
  if (cards.children.length) out.push(el("p", {}, "Your cards:"), cards);
  out.push(el("button", { id: "mbg-save-game", onclick: () => answer(-3) }, "Save the game…"));
  if (room.mode === "quit") {
    out.push(el("span", {}, " Leave the game for good? "), el("button", { id: "mbg-quit-yes", onclick: () => answer(-2) }, "Yes, quit"),
      el("button", { id: "mbg-quit-no", onclick: () => { room.mode = null; render(); } }, "No"));
  } else out.push(el("button", { id: "mbg-quit", onclick: () => { room.mode = "quit"; render(); } }, "Quit the game"));
  out.push(mbgRoles(b, h));
  return out;
}

// mbgPickSome offers checkboxes, one per officer of plist, and a button
// that sends the indices checked.
function mbgPickSome(b, q, plist, prefix, label, send) {
  const boxes = (plist || []).map((p, i) => el("input", { type: "checkbox", id: prefix + i, value: i }));
  return [el("p", {}, q), el("div", { class: "checks" }, ...boxes.map((x, i) => el("label", { class: "check", for: x.id }, x, " " + mbgOfficer(b, plist[i])))),
    el("button", { id: prefix + "send", class: "primary", onclick: () => send(boxes.filter((x) => x.checked).map((x) => Number(x.value))) }, label)];
}

// mbgExchange: the travelling officers who enter the city, and the city's
// officers who leave it.
function mbgExchange(b, a) {
  const ins = (a.splist || []).map((p, i) => el("input", { type: "checkbox", id: "mbg-in-" + i, value: i }));
  const outs = (a.oplist || []).map((p, i) => el("input", { type: "checkbox", id: "mbg-out-" + i, value: i }));
  const row = (x, p) => el("label", { class: "check", for: x.id }, x, " " + mbgOfficer(b, p));
  const city = b.cities[a.city] || "#" + a.city;
  return [el("p", {}, `${city}: who comes in, who leaves?`),
    el("p", {}, "Travelling officers who stay in " + city + ":"), el("div", { class: "checks" }, ...(ins.length ? ins.map((x, i) => row(x, a.splist[i])) : [el("em", {}, "none travels with you")])),
    el("p", {}, "Officers of " + city + " who leave with you:"), el("div", { class: "checks" }, ...(outs.length ? outs.map((x, i) => row(x, a.oplist[i])) : [el("em", {}, "none")])),
    el("button", { id: "mbg-exchange", class: "primary", onclick: () => answer({ in: ins.filter((x) => x.checked).map((x) => Number(x.value)), out: outs.filter((x) => x.checked).map((x) => Number(x.value)) }) }, "Done")];
}

// mbgStudy: an officer and a tech to study, or not now.
function mbgStudy(b, a) {
  const pick = room.mode && room.mode.study ? room.mode : (room.mode = { study: true, p: -1, t: -1 });
  const inst = b.institutes[a.inst] || "the institute";
  const out = [el("p", {}, `${inst}: send a travelling officer to study a tech?`)];
  if (!(a.plist || []).length || !(a.tlist || []).length) {
    out.push(el("p", {}, (a.plist || []).length ? "You know every tech taught here." : "No officer travels with you."));
  } else {
    out.push(el("p", {}, "Who studies:"), el("div", { class: "pool" }, ...a.plist.map((p, i) =>
      el("button", { id: "mbg-study-p-" + i, class: pick.p === i ? "chosen" : "", "aria-pressed": pick.p === i, onclick: () => { pick.p = i; render(); } }, mbgOfficer(b, p, [2])))));
    out.push(el("p", {}, "Which tech:"), el("div", { class: "pool" }, ...a.tlist.map((t, i) =>
      el("button", { id: "mbg-study-t-" + i, class: pick.t === i ? "chosen" : "", "aria-pressed": pick.t === i, onclick: () => { pick.t = i; render(); } }, b.techs[t] || "tech " + t))));
    const go = el("button", { id: "mbg-study", class: "primary", onclick: () => answer([pick.p, pick.t]) }, "Study");
    if (pick.p < 0 || pick.t < 0) go.disabled = true;
    out.push(go);
  }
  out.push(el("button", { id: "mbg-no-study", onclick: () => answer([-1, -1]) }, "Not now"));
  return out;
}

// mbgGeneral: the main general and the vice general of a battle (the
// strongest in tactics first chosen), or no general: the battle is lost.
function mbgGeneral(b, a, legal) {
  const pl = a.plist || [];
  let pick = room.mode && room.mode.general ? room.mode : null;
  if (!pick) {
    let best = -1;
    pl.forEach((p, i) => { if (best < 0 || b.state.people[p].prop[1] > b.state.people[pl[best]].prop[1]) best = i; });
    pick = room.mode = { general: true, main: best, vice: -1 };
  }
  const out = [el("p", {}, "A battle: choose your main general 主将 (tactics 战 wins the rounds) and a vice general 副将 (lends its 武 and 谋 when higher).")];
  if (!pl.length) out.push(el("p", {}, "No officer can fight here."));
  else {
    out.push(el("p", {}, "Main general:"), el("div", { class: "pool" }, ...pl.map((p, i) =>
      el("button", { id: "mbg-main-" + i, class: pick.main === i ? "chosen" : "", "aria-pressed": pick.main === i, onclick: () => { pick.main = i; if (pick.vice === i) pick.vice = -1; render(); } }, mbgOfficer(b, p)))));
    out.push(el("p", {}, "Vice general:"), el("div", { class: "pool" },
      el("button", { id: "mbg-vice--1", class: pick.vice === -1 ? "chosen" : "", "aria-pressed": pick.vice === -1, onclick: () => { pick.vice = -1; render(); } }, "None"),
      ...pl.map((p, i) => (i === pick.main ? "" : el("button", { id: "mbg-vice-" + i, class: pick.vice === i ? "chosen" : "", "aria-pressed": pick.vice === i, onclick: () => { pick.vice = i; render(); } }, mbgOfficer(b, p))))));
    const go = el("button", { id: "mbg-fight", class: "primary", onclick: () => answer([pick.main, pick.vice]) }, "Fight 出战");
    if (pick.main < 0) go.disabled = true;
    out.push(go);
  }
  out.push(el("button", { id: "mbg-no-general", onclick: () => answer([-1, -1]) }, "Send no general (the battle is lost)"));
  return out;
}

// mbgRoles: every role's money, cities, officers and cards, the person's
// own first.
function mbgRoles(b, h) {
  const st = b.state;
  const t = el("table", { class: "sides", id: "roles" }, el("tr", {}, ...["", "money", "cities", "travelling", "cards", "techs"].map((s) => el("th", {}, s))));
  b.roles.forEach((r, k) => {
    const ro = st.roles[k] || {};
    const cards = (ro.cards || []).reduce((n, c) => n + c, 0);
    t.append(el("tr", { class: k === h.seat ? "me" : "" }, el("th", {}, el("span", { class: "swatch", style: `background:${r.color}` }), " " + r.name + (r.out ? " (出局)" : "")),
      el("td", {}, mbgMoney(r.money)), el("td", {}, String(st.cities.filter((c) => c.role === k).length)),
      el("td", {}, (ro.mos || []).map((p) => b.officers[p]).join(" ")), el("td", {}, String(cards)),
      el("td", {}, (ro.tech || []).map((i) => b.techs[i]).join(" "))));
  });
  return el("div", { class: "wide" }, t);
}

// The page draws mbg boards with these (app.js's families).
(window.shapanFamilies = window.shapanFamilies || {}).mbg = { draw: drawMBG, controls: mbgControls };

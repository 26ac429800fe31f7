// The mbg board in Shapan's browser client: the looping board drawn as
// `shapan preview` draws it (the server sends every square's cell, name,
// owner and colour), the roles on their squares, and the pending
// decision's options in words. Loaded before app.js, which calls
// drawMBG and mbgControls.
"use strict";

const MBG_TILE = 72, MBG_MARGIN = 16;

function drawMBG(b, h) {
  const t = MBG_TILE, m = MBG_MARGIN;
  const inside = b.w >= 4 && b.h >= 4;
  const legend = inside ? 0 : (b.roles.length + 1) * 22 + 12;
  const svg = el("svg:svg", { viewBox: `0 0 ${2 * m + Math.max(b.w, 5) * t} ${2 * m + b.h * t + legend}`, id: "mbg" });
  const d = h.status === "play" ? h.decision : null;
  const picks = mbgSquarePicks(d, b);
  b.squares.forEach((sq, i) => {
    const x = m + sq.x * t, y = m + sq.y * t;
    const pick = picks.has(i);
    const g = el("svg:g", { class: "square" + (pick ? " pickable" : ""), id: "sq-" + i, "data-owner": sq.owner });
    g.append(el("svg:rect", { x, y, width: t, height: t, fill: sq.fill, stroke: "#b4aa98" }));
    if (sq.owner >= 0) g.append(el("svg:rect", { x: x + 1, y: y + 1, width: t - 2, height: 5, fill: b.roles[sq.owner] ? b.roles[sq.owner].color : "#999" }));
    g.append(el("svg:text", { x: x + 4, y: y + 14, "font-size": 9, fill: "#7a6e5e" }, String(i)));
    if (sq.scope >= 0) g.append(el("svg:text", { x: x + t - 4, y: y + 14, "font-size": 10, fill: "#7a6e5e", "text-anchor": "end" }, ["小", "中", "大"][Math.min(Math.max(sq.scope, 0), 2)]));
    g.append(el("svg:text", { x: x + t / 2, y: y + t / 2 + 4, "font-size": sq.label.length > 4 ? 10 : 13, fill: "#2b2118", "text-anchor": "middle" }, sq.label));
    if (sq.class !== 1 && sq.label !== sq.kind) g.append(el("svg:text", { x: x + t / 2, y: y + t / 2 + 19, "font-size": 9, fill: "#7a6e5e", "text-anchor": "middle" }, sq.kind));
    if (sq.mark) {
      g.append(el("svg:circle", { cx: x + t - 11, cy: y + t - 11, r: 8, fill: "#c0392b" }));
      g.append(el("svg:text", { x: x + t - 11, y: y + t - 7, "font-size": 10, fill: "#fff", "text-anchor": "middle" }, sq.mark));
    }
    if (pick) g.addEventListener("click", () => answer(i));
    svg.append(g);
  });
  const on = {};
  b.roles.forEach((r, k) => {
    if (r.out || r.at < 0 || r.at >= b.squares.length) return;
    const sq = b.squares[r.at], n = on[r.at] = (on[r.at] || 0) + 1;
    const cx = m + sq.x * t + 12 + (n - 1) * 18, cy = m + sq.y * t + t - 12;
    svg.append(el("svg:circle", { cx, cy, r: 8.5, fill: r.color, class: "role", id: "role-" + k, "pointer-events": "none" }));
    svg.append(el("svg:text", { x: cx, y: cy + 4, "font-size": 10, fill: "#fff", "text-anchor": "middle", "pointer-events": "none" }, [...r.name][0] || "?"));
  });
  let lx = m + t + 12, ly = m + t + 18;
  if (!inside) { lx = m; ly = m + b.h * t + 18; }
  svg.append(el("svg:text", { x: lx, y: ly, "font-size": 14, fill: "#2b2118" }, `${b.squares.length} 格 · 胜利金额 ${mbgMoney(b.win_money)} · 第 ${b.turn} 回合`));
  b.roles.forEach((r, k) => {
    const y = ly + (k + 1) * 22;
    svg.append(el("svg:circle", { cx: lx + 7, cy: y - 4, r: 7, fill: r.out ? "#999" : r.color }));
    svg.append(el("svg:text", { x: lx + 20, y, "font-size": 12, fill: "#2b2118", class: "role-money" }, `${r.name}  ${mbgMoney(r.money)}` + (r.out ? "  (出局)" : "")));
  });
  return svg;
}

function mbgMoney(v) { return String(Math.round(v)); }

// mbgSquarePicks: the squares a decision is answered by clicking.
function mbgSquarePicks(d, b) {
  const s = new Set();
  if (!d || d.kind !== "sel_card_obj_loc") return s;
  const legal = d.legal ? d.legal.answers : b.squares.map((_, i) => i);
  for (const a of legal) if (typeof a === "number" && a >= 0) s.add(a);
  return s;
}

function mbgControls(b, h) {
  const d = h.decision;
  if (!d) return [];
  const a = d.args || {};
  const nm = (list, i) => (list && list[i] !== undefined ? list[i] : "#" + i);
  const btn = (id, text, value) => el("button", { id, onclick: () => answer(value) }, text);
  const yesNo = (q, yes, no) => [el("p", {}, q), btn("mbg-yes", "是 Yes", yes), btn("mbg-no", "否 No", no)];
  const scale = (q) => [el("p", {}, q), btn("mbg-no", "不打 No", -1), btn("mbg-s0", "小战 Skirmish (40 rounds)", 0),
    btn("mbg-s1", "会战 Battle (70 rounds)", 1), btn("mbg-s2", "决战 All-out (100 rounds)", 2)];
  const officers = (q, none) => {
    const legal = d.legal ? d.legal.answers : [];
    return [el("p", {}, q), ...legal.filter((x) => typeof x === "number").map((x) =>
      btn("mbg-pick-" + x, x >= 0 && a.plist && a.plist[x] !== undefined ? nm(b.officers, a.plist[x]) : none, x))];
  };
  switch (d.kind) {
    case "sel_role_action": {
      const out = [el("p", {}, "Your move: roll the dice, or play a card."), el("button", { id: "mbg-roll", class: "primary", onclick: () => answer(-1) }, "掷骰子 Roll the dice")];
      (a.cards || []).forEach((n, c) => { if (n > 0) out.push(btn("mbg-card-" + c, `Play ${nm(b.cards, c)} ×${n}`, c)); });
      return out;
    }
    case "is_occu_city": return yesNo(`Occupy the free city ${nm(b.cities, a.city)}?`, true, false);
    case "is_attack_city": return scale(`Attack ${nm(b.cities, a.city)}?`);
    case "battle_with_role": return scale(`Fight ${nm(b.names, a.obj)}, standing on your square?`);
    case "confirm_card": return yesNo(`Use the card ${nm(b.cards, a.card)}?`, 0, 1);
    case "is_cancel_study": return yesNo(`Call ${nm(b.officers, a.p)} back from studying ${nm(b.techs, a.on_study)}?`, true, false);
    case "is_cancel_train": return yesNo(`Call ${nm(b.officers, a.p)} back from training (${a.left_round} rounds left)?`, true, false);
    case "sel_card_obj_loc": return [el("p", {}, `Click the square for ${nm(b.cards, a.card)} on the board.`), btn("mbg-cancel", "Cancel", -1)];
    case "sel_card_obj_role": return [el("p", {}, `On whom do you play ${nm(b.cards, a.card)}?`),
      ...b.roles.map((r, k) => (r.out ? "" : btn("mbg-role-" + k, r.name, k))), btn("mbg-cancel", "Cancel", -1)];
    case "saloon_sel_people": return [el("p", {}, "The saloon 会馆 offers:"),
      ...(a.plist || []).map((p, i) => btn("mbg-hire-" + i, `Hire ${nm(b.officers, p)} for ${mbgMoney((a.price || [])[i] || 0)}`, i)), btn("mbg-leave", "Leave", -1)];
    case "sel_city_mos": {
      const boxes = (a.plist || []).map((p, i) => el("input", { type: "checkbox", id: "mbg-mos-" + i, value: i }));
      return [el("p", {}, `Who garrisons ${nm(b.cities, a.city)}? (nobody: give the city up)`),
        ...boxes.map((x, i) => el("label", { class: "check" }, x, " " + nm(b.officers, a.plist[i]))),
        el("button", { id: "mbg-garrison", class: "primary", onclick: () => answer(boxes.filter((x) => x.checked).map((x) => Number(x.value))) }, "Garrison 驻守")];
    }
    case "sel_mayor": return officers(`Choose the mayor 市长 of ${nm(b.cities, a.city)}:`, "Keep as it is");
    case "sel_treasurer": return officers(`Choose the treasurer 财务官 of ${nm(b.cities, a.city)}:`, "Keep as it is");
    case "sel_train": return officers(`Train at ${nm(b.training_rooms, a.train)}?`, "No");
    case "sel_general": return officers("Choose the general:", "None");
    case "sel_card_obj_people": return officers(`Which officer for ${nm(b.cards, a.card)}?`, "Back");
  }
  return genericControls(b, h);
}

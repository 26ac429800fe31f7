// The board's pan and zoom in Shapan's browser client. The board is an
// SVG whose viewBox is the part of the board shown: a drag (mouse or one
// finger) pans it, the wheel or a pinch zooms it, and the buttons zoom in,
// out, show the whole board or come back to the legible view. A drag is
// not a click: the click that ends it reaches nothing.
//
// Each family's drawing says, on its SVG, the board's size in its own
// units (viewBox) and data-legible, the scale (screen pixels a unit) at
// which its smallest target is 32 pixels and its words readable. The
// first view of a board is at that scale (or the whole board, when it
// fits at it), centred on the pickable things or the player's own.
"use strict";

const view = { key: "", cx: 0, cy: 0, s: 0, board: null, w: 0, h: 0, min: 0, max: 0, legible: 1 };

// showBoard puts svg into the board's box and frames it: the view is kept
// while the board stays the same (key), and brought to the targets when
// none of them is in sight.
function showBoard(svg, key) {
  const box = $("board");
  const vb = svg.getAttribute("viewBox").split(" ").map(Number);
  view.board = svg;
  view.w = vb[2];
  view.h = vb[3];
  view.legible = Number(svg.dataset.legible) || 1;
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
  box.replaceChildren(svg);
  const menu = $("stack");
  if (menu) menu.remove();
  limits();
  if (view.key !== key) {
    view.key = key;
    view.s = Math.max(fitScale(), view.legible);
    const f = focus(svg, true) || [view.w / 2, view.h / 2];
    [view.cx, view.cy] = f;
    apply();
    return;
  }
  apply(); // the view the person left, then the targets if none is in it
  if (!inSight(svg)) {
    const f = focus(svg, false);
    if (f) [view.cx, view.cy] = f;
    apply();
  }
}

function boxSize() {
  const r = $("board").getBoundingClientRect();
  return [Math.max(r.width, 1), Math.max(r.height, 1)];
}

function fitScale() {
  const [bw, bh] = boxSize();
  return Math.min(bw / view.w, bh / view.h);
}

function limits() {
  view.min = Math.min(fitScale(), view.legible);
  view.max = Math.max(view.legible * 4, fitScale());
}

// focus returns the centre of the pickable things (or, with mine, of the
// player's own pieces when nothing is pickable), in board units.
function focus(svg, mine) {
  let items = [...svg.querySelectorAll(".pickable")];
  if (!items.length && mine) items = [...svg.querySelectorAll(".mine")];
  if (!items.length) return null;
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const it of items) {
    const b = it.getBBox();
    x0 = Math.min(x0, b.x); y0 = Math.min(y0, b.y);
    x1 = Math.max(x1, b.x + b.width); y1 = Math.max(y1, b.y + b.height);
  }
  const [bw, bh] = boxSize();
  // Too spread to be seen at once: the first of them.
  if ((x1 - x0) * view.s > bw || (y1 - y0) * view.s > bh) {
    const b = items[0].getBBox();
    return [b.x + b.width / 2, b.y + b.height / 2];
  }
  return [(x0 + x1) / 2, (y0 + y1) / 2];
}

// inSight reports whether a pickable thing is in the view (or none is
// pickable).
function inSight(svg) {
  const items = svg.querySelectorAll(".pickable");
  if (!items.length) return true;
  const box = $("board").getBoundingClientRect();
  for (const it of items) {
    const r = it.getBoundingClientRect();
    if (r.right > box.left && r.left < box.right && r.bottom > box.top && r.top < box.bottom) return true;
  }
  return false;
}

// apply sets the viewBox of the view, keeping the board in sight.
function apply() {
  if (!view.board) return;
  view.s = Math.min(Math.max(view.s, view.min), view.max);
  const [bw, bh] = boxSize();
  const vw = bw / view.s, vh = bh / view.s;
  const clamp = (c, size, v) => (v >= size ? size / 2 : Math.min(Math.max(c, v / 2), size - v / 2));
  view.cx = clamp(view.cx, view.w, vw);
  view.cy = clamp(view.cy, view.h, vh);
  view.board.setAttribute("viewBox", `${view.cx - vw / 2} ${view.cy - vh / 2} ${vw} ${vh}`);
  document.body.dataset.scale = view.s.toFixed(3);
}

// zoomAt zooms by factor, keeping the board point under the screen point
// (x, y) (page pixels; the box's centre when absent) where it is.
function zoomAt(factor, x, y) {
  const box = $("board").getBoundingClientRect();
  if (x === undefined) { x = box.left + box.width / 2; y = box.top + box.height / 2; }
  const px = x - box.left - box.width / 2, py = y - box.top - box.height / 2;
  const bx = view.cx + px / view.s, by = view.cy + py / view.s;
  view.s = Math.min(Math.max(view.s * factor, view.min), view.max);
  view.cx = bx - px / view.s;
  view.cy = by - py / view.s;
  apply();
}

// The gestures, on the board's box (which stays while boards replace one
// another inside it).
function boardGestures() {
  const box = $("board");
  const pts = new Map();
  let start = null, dragged = false;
  const mid = () => {
    const p = [...pts.values()];
    return p.length === 1 ? [p[0].x, p[0].y, 0] : [(p[0].x + p[1].x) / 2, (p[0].y + p[1].y) / 2, Math.hypot(p[0].x - p[1].x, p[0].y - p[1].y)];
  };
  const begin = () => {
    const [x, y, d] = mid();
    start = { x, y, d, cx: view.cx, cy: view.cy, s: view.s };
  };
  box.addEventListener("pointerdown", (e) => {
    if (e.button !== 0 && e.pointerType === "mouse") return;
    pts.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pts.size === 1) dragged = false;
    begin();
  });
  box.addEventListener("pointermove", (e) => {
    if (!pts.has(e.pointerId) || !start) return;
    pts.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const [x, y, d] = mid();
    if (!dragged && Math.hypot(x - start.x, y - start.y) < 8 && pts.size === 1) return;
    if (!dragged) {
      dragged = true;
      box.setPointerCapture(e.pointerId);
    }
    if (pts.size >= 2 && start.d > 0) {
      view.s = Math.min(Math.max(start.s * d / start.d, view.min), view.max);
    }
    // The board point under the gesture's start stays under it.
    const r = box.getBoundingClientRect();
    const bx = start.cx + (start.x - r.left - r.width / 2) / start.s;
    const by = start.cy + (start.y - r.top - r.height / 2) / start.s;
    view.cx = bx - (x - r.left - r.width / 2) / view.s;
    view.cy = by - (y - r.top - r.height / 2) / view.s;
    apply();
  });
  const end = (e) => {
    if (!pts.delete(e.pointerId)) return;
    if (pts.size) begin();
    else start = null;
  };
  box.addEventListener("pointerup", end);
  box.addEventListener("pointercancel", end);
  // A drag's closing click picks nothing.
  box.addEventListener("click", (e) => {
    if (dragged) {
      e.stopPropagation();
      e.preventDefault();
      dragged = false;
    }
  }, true);
  box.addEventListener("wheel", (e) => {
    e.preventDefault();
    zoomAt(Math.exp(-Math.max(-100, Math.min(100, e.deltaY)) * 0.004), e.clientX, e.clientY);
  }, { passive: false });
  $("zoom-in").addEventListener("click", () => zoomAt(1.4));
  $("zoom-out").addEventListener("click", () => zoomAt(1 / 1.4));
  $("zoom-all").addEventListener("click", () => { view.s = fitScale(); view.cx = view.w / 2; view.cy = view.h / 2; apply(); });
  $("zoom-back").addEventListener("click", () => {
    view.s = Math.max(fitScale(), view.legible);
    const f = view.board && (focus(view.board, false) || focus(view.board, true));
    if (f) [view.cx, view.cy] = f;
    apply();
  });
  new ResizeObserver(() => { limits(); apply(); }).observe(box);
}

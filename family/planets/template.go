package planets

// template is File ▸ New's Planet-Conquer map: four players in the
// corners of an 11×11 grid that is the same turned by a quarter (as the
// original map generator lays maps out), a rich centre planet, and the
// generator's round limit, players and start units. Route steps are the
// planets' distances on the grid, rounded, as the editor gives new routes.
const template = `kind: planets/map
format: 1
name: New map
desc: Four players start in the corners; the rich centre planet X is the prize.
version: 1.0
max_round: 2000
max_player: 4
min_player: 2
start_unit: 100
maintain_fee: false
starts: [A, B, C, D]
map: |
  A....i....B
  ...........
  ..e.....f..
  ...........
  ...........
  l....X....j
  ...........
  ...........
  ..h.....g..
  ...........
  D....k....C
planets:
  A: {type: base, def: 1.5, res: 1, cos: 10, max: 1000}
  B: {type: base, def: 1.5, res: 1, cos: 10, max: 1000}
  C: {type: base, def: 1.5, res: 1, cos: 10, max: 1000}
  D: {type: base, def: 1.5, res: 1, cos: 10, max: 1000}
  X: {type: resource, def: 2.0, res: 1.1, cos: 20, max: 1500}
  e: {type: resource, def: 1.0, res: 1.2, cos: 5, max: 300}
  f: {type: resource, def: 1.0, res: 1.2, cos: 5, max: 300}
  g: {type: resource, def: 1.0, res: 1.2, cos: 5, max: 300}
  h: {type: resource, def: 1.0, res: 1.2, cos: 5, max: 300}
  i: {def: 1.0, res: 1, cos: 8, max: 500}
  j: {def: 1.0, res: 1, cos: 8, max: 500}
  k: {def: 1.0, res: 1, cos: 8, max: 500}
  l: {def: 1.0, res: 1, cos: 8, max: 500}
routes:
  - [A, e, 3]
  - [B, f, 3]
  - [C, g, 3]
  - [D, h, 3]
  - [A, i, 5]
  - [B, i, 5]
  - [B, j, 5]
  - [C, j, 5]
  - [C, k, 5]
  - [D, k, 5]
  - [D, l, 5]
  - [A, l, 5]
  - [e, X, 4]
  - [f, X, 4]
  - [g, X, 4]
  - [h, X, 4]
  - [i, X, 5]
  - [j, X, 5]
  - [k, X, 5]
  - [l, X, 5]
`

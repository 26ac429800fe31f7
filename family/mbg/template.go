package mbg

// template is File ▸ New's mbg scenario: two roles on a board of eight
// cities, a saloon, institutes and a training room.
const template = `kind: mbg/scenario
version: 1
win_money: 30000
grid_size: {nx: 5, ny: 5}
board:
  - {type: city, city: 城一}
  - {type: saloon}
  - {type: city, city: 城二}
  - {type: chance}
  - {type: city, city: 城三}
  - {type: institute, institute: 研究所}
  - {type: city, city: 城四}
  - {type: training_room, training_room: 修炼所}
  - {type: city, city: 城五}
  - {type: saloon}
  - {type: city, city: 城六}
  - {type: chance}
  - {type: city, city: 城七}
  - {type: empty}
  - {type: city, city: 城八}
  - {type: chance}
officers:
  - {name: 武将一, wu: 80, zhan: 70, mou: 50, zheng: 40, jing: 40}
  - {name: 武将二, wu: 70, zhan: 80, mou: 50, zheng: 40, jing: 40}
  - {name: 谋士一, wu: 30, zhan: 60, mou: 85, zheng: 70, jing: 60}
  - {name: 谋士二, wu: 30, zhan: 60, mou: 80, zheng: 75, jing: 65}
  - {name: 文官一, wu: 20, zhan: 40, mou: 60, zheng: 80, jing: 85}
  - {name: 文官二, wu: 25, zhan: 45, mou: 55, zheng: 85, jing: 80}
cities:
  - {name: 城一, scope: medium, garrison: []}
  - {name: 城二, scope: small, garrison: []}
  - {name: 城三, scope: small, garrison: []}
  - {name: 城四, scope: large, garrison: []}
  - {name: 城五, scope: medium, garrison: []}
  - {name: 城六, scope: small, garrison: []}
  - {name: 城七, scope: small, garrison: []}
  - {name: 城八, scope: large, garrison: []}
roles:
  - {name: 甲, start: 0, money: 10000, dir: 1, retinue: [武将一, 谋士一]}
  - {name: 乙, start: 8, money: 10000, dir: 1, retinue: [武将二, 谋士二]}
institutes:
  - {name: 研究所, techs: [弓箭, 医疗, 攻城]}
training_rooms:
  - {name: 修炼所, item: wu}
`

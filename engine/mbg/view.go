package mbg

// View is the state snapshot of the golden traces (spec §11.1, the
// initial and final objects).
type View struct {
	Turn       int          `json:"turn"`
	WinMoney   float32      `json:"win_money"`
	BoardClass []int        `json:"board_class"`
	BoardBase  []int        `json:"board_base"`
	Barriers   []int        `json:"barriers"`
	Robbers    []int        `json:"robbers"`
	Free       [3][]int     `json:"free"`
	Roles      []RoleView   `json:"roles"`
	People     []PeopleView `json:"people"`
	Cities     []CityView   `json:"cities"`
	Insts      []InstView   `json:"insts"`
	Trains     []TrainView  `json:"trains"`
}

// RoleView is one role in a View.
type RoleView struct {
	Money float32       `json:"money"`
	Loc   int           `json:"loc"`
	Dir   int           `json:"dir"`
	Mst   int           `json:"mst"`
	Mtime int           `json:"mtime"`
	Cst   bool          `json:"cst"`
	Ast   int           `json:"ast"`
	Atime int           `json:"atime"`
	Tech  []int         `json:"tech"`
	Mos   []int         `json:"mos"`
	Mcs   []int         `json:"mcs"`
	Sos   []int         `json:"sos"`
	Tos   []int         `json:"tos"`
	Cards [NumCards]int `json:"cards"`
}

// PeopleView is one officer in a View.
type PeopleView struct {
	Role  int        `json:"role"`
	Job   int        `json:"job"`
	Loc   int        `json:"loc"`
	HPMax float32    `json:"hpmax"`
	HP    float32    `json:"hp"`
	Prop  [5]float32 `json:"prop"`
	Quit  bool       `json:"quit"`
	Lst   int        `json:"lst"`
	Pst   int        `json:"pst"`
	Level int        `json:"level"`
}

// CityView is one city in a View.
type CityView struct {
	Role      int     `json:"role"`
	HPMax     float32 `json:"hpmax"`
	HP        float32 `json:"hp"`
	Mos       []int   `json:"mos"`
	Mayor     int     `json:"mayor"`
	Treasurer int     `json:"treasurer"`
	Fengshui  float32 `json:"fengshui"`
}

// InstView is one institute in a View (per role).
type InstView struct {
	Mos     []int     `json:"mos"`
	OnStudy []int     `json:"on_study"`
	Point   []float32 `json:"point"`
}

// TrainView is one training room in a View (per role).
type TrainView struct {
	Item  int   `json:"item"`
	Mos   []int `json:"mos"`
	Round []int `json:"round"`
}

// View returns the game's state in the golden snapshot form.
func (g *Game) View() View { return g.g.view() }

func (s *state) view() View {
	v := View{Turn: s.turn, WinMoney: s.winMoney, Barriers: []int{}, Robbers: []int{},
		BoardClass: []int{}, BoardBase: []int{}, Roles: []RoleView{}, People: []PeopleView{},
		Cities: []CityView{}, Insts: []InstView{}, Trains: []TrainView{}}
	for i, sq := range s.board {
		v.BoardClass = append(v.BoardClass, sq.class)
		v.BoardBase = append(v.BoardBase, sq.base)
		if sq.barrier {
			v.Barriers = append(v.Barriers, i)
		}
		if sq.robber {
			v.Robbers = append(v.Robbers, i)
		}
	}
	for lv := range s.free {
		v.Free[lv] = s.free[lv].list()
	}
	for _, r := range s.roles {
		v.Roles = append(v.Roles, RoleView{Money: r.money, Loc: r.loc, Dir: r.dir, Mst: r.mst, Mtime: r.mtime,
			Cst: r.cst, Ast: r.ast, Atime: r.atime, Tech: r.tech.list(), Mos: r.mos.list(), Mcs: r.mcs.list(),
			Sos: r.sos.list(), Tos: r.tos.list(), Cards: r.cards})
	}
	for _, p := range s.people {
		v.People = append(v.People, PeopleView{Role: p.role, Job: p.job, Loc: p.loc, HPMax: p.hpmax, HP: p.hp,
			Prop: p.prop, Quit: p.quit, Lst: p.lst, Pst: p.pst, Level: p.level})
	}
	for _, c := range s.cities {
		v.Cities = append(v.Cities, CityView{Role: c.role, HPMax: c.hpmax, HP: c.hp, Mos: c.mos.list(),
			Mayor: c.mayor, Treasurer: c.treasurer, Fengshui: c.fengshui})
	}
	for _, in := range s.insts {
		v.Insts = append(v.Insts, InstView{Mos: append([]int{}, in.researcher...), OnStudy: append([]int{}, in.onStudy...),
			Point: append([]float32{}, in.point...)})
	}
	for _, t := range s.trains {
		v.Trains = append(v.Trains, TrainView{Item: t.item, Mos: append([]int{}, t.trainee...), Round: append([]int{}, t.round...)})
	}
	return v
}

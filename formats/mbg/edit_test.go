package mbg

import "testing"

func editSample() *Scenario {
	return &Scenario{
		Board:    []Square{{Class: ClassCity, Base: 0}, {Class: ClassSaloon}, {Class: ClassCity, Base: 1}, {Class: ClassInstitute, Base: 0}},
		Officers: []Officer{{Name: "甲"}, {Name: "乙"}, {Name: "丙"}, {Name: "丁"}},
		Cities: []City{
			{Name: "A", Garrison: []int{0, 2}, Mayor: 2, Treasurer: 0},
			{Name: "B", Garrison: []int{3}, Mayor: -1, Treasurer: 3},
		},
		Roles:      []Role{{Name: "R1", Start: 2, Retinue: []int{1}, Cities: []int{0}}, {Name: "R2", Start: 3, Cities: []int{1}}},
		Institutes: []Institute{{Name: "I"}},
	}
}

func TestRemoveOfficerFixesReferences(t *testing.T) {
	s := editSample()
	s.RemapOfficers(Removal(4, 0)) // remove 甲
	if len(s.Officers) != 3 || s.Officers[0].Name != "乙" {
		t.Fatalf("officers %v", s.Officers)
	}
	a := s.Cities[0]
	if len(a.Garrison) != 1 || a.Garrison[0] != 1 || a.Mayor != 1 || a.Treasurer != -1 {
		t.Errorf("city A after removing its treasurer: %+v", a)
	}
	if s.Cities[1].Garrison[0] != 2 || s.Roles[0].Retinue[0] != 0 {
		t.Errorf("indices not shifted: %+v %+v", s.Cities[1], s.Roles[0])
	}
}

func TestRemoveCityEmptiesItsSquares(t *testing.T) {
	s := editSample()
	s.RemapCities(Removal(2, 0))
	if s.Board[0].Class != ClassEmpty || s.Board[2].Base != 0 || s.Board[2].Class != ClassCity {
		t.Errorf("board %+v", s.Board)
	}
	if len(s.Roles[0].Cities) != 0 || s.Roles[1].Cities[0] != 0 {
		t.Errorf("roles %+v", s.Roles)
	}
}

func TestBoardEditsMoveStarts(t *testing.T) {
	s := editSample()
	s.InsertSquare(1, Square{Class: ClassChance})
	if s.Roles[0].Start != 3 || s.Roles[1].Start != 4 || s.Board[1].Class != ClassChance {
		t.Fatalf("after insert: %+v %+v", s.Roles, s.Board)
	}
	s.RemapBoard(Removal(5, 4)) // remove the square R2 starts on (the last)
	if s.Roles[1].Start != 3 {
		t.Errorf("start on a removed last square: %d", s.Roles[1].Start)
	}
	s.RemapBoard(Swap(4, 0, 3))
	if s.Board[3].Class != ClassCity || s.Roles[1].Start != 0 {
		t.Errorf("after swap: %+v %+v", s.Board, s.Roles)
	}
}

package schematest

import (
	"testing"

	"github.com/shapan/shapan/schemas"
)

func TestEverySchemaCompiles(t *testing.T) {
	names := schemas.Names()
	if len(names) == 0 {
		t.Fatal("no schemas embedded")
	}
	for _, name := range names {
		if _, err := schema(name); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestValidateCatchesMistakes(t *testing.T) {
	good := "kind: mbg/scenario\nversion: 1\nwin_money: 10\nboard: [{type: city, city: A}]\nroles: []\n"
	if err := Validate("mbg-scenario.schema.json", []byte(good)); err != nil {
		t.Fatalf("a valid document was refused: %v", err)
	}
	for _, bad := range []string{
		"kind: mbg/scenario\nversion: 1\nwin_money: 10\nboard: []\nroles: []\nofficerz: []\n",
		"kind: mbg/scenario\nversion: 1\nwin_money: lots\nboard: []\nroles: []\n",
		"kind: mbg/scenario\nversion: 1\nwin_money: 10\nboard: [{type: castle}]\nroles: []\n",
		"kind: mbg/scenario\nversion: 1\nwin_money: 10\nroles: []\n",
	} {
		if err := Validate("mbg-scenario.schema.json", []byte(bad)); err == nil {
			t.Errorf("schema accepted %q", bad)
		}
	}
}

func TestBattleSchemaKnowsTheRoster(t *testing.T) {
	head := "kind: battle/map\nversion: 1\nsize: {width: 2, height: 2}\ngrid: |\n  ..\n  ..\n"
	if err := Validate("battle-map.schema.json", []byte(head+"roster:\n  - {name: 吕布, force: 110, hp: 1400}\n")); err != nil {
		t.Errorf("a roster was refused: %v", err)
	}
	for _, bad := range []string{"roster:\n  - {name: 张飞}\n", "roster:\n  - {name: 吕布, speed: 3}\n", "roster:\n  - {force: 3}\n", "roster:\n  - {name: 吕布, command: 101}\n"} {
		if err := Validate("battle-map.schema.json", []byte(head+bad)); err == nil {
			t.Errorf("schema accepted %q", bad)
		}
	}
}

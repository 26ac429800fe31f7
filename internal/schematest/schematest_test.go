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

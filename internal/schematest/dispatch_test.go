package schematest

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/shapan/shapan/formats"
	"github.com/shapan/shapan/schemas"
)

// TestEverySchemaNamesItsRelease keeps each schema's $id at the versioned
// URL the documents' modelines name, never at a moving branch.
func TestEverySchemaNamesItsRelease(t *testing.T) {
	for _, name := range schemas.Names() {
		raw, _ := schemas.Get(name)
		var s struct {
			ID string `json:"$id"`
		}
		if err := json.Unmarshal(raw, &s); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if s.ID != schemas.BaseURL+name {
			t.Errorf("%s: $id %q, want %q", name, s.ID, schemas.BaseURL+name)
		}
	}
}

// TestAnyDispatchesEveryKind checks shapan.schema.json against the family
// registry: one branch per document kind, to the kind's own schema.
func TestAnyDispatchesEveryKind(t *testing.T) {
	raw, err := schemas.Get(schemas.Any)
	if err != nil {
		t.Fatal(err)
	}
	var any struct {
		Properties struct {
			Kind struct {
				Enum []string `json:"enum"`
			} `json:"kind"`
		} `json:"properties"`
		AllOf []struct {
			If struct {
				Properties struct {
					Kind struct {
						Const string `json:"const"`
					} `json:"kind"`
				} `json:"properties"`
			} `json:"if"`
			Then struct {
				Ref string `json:"$ref"`
			} `json:"then"`
		} `json:"allOf"`
	}
	if err := json.Unmarshal(raw, &any); err != nil {
		t.Fatal(err)
	}
	kinds := formats.Kinds()
	if !slices.Equal(any.Properties.Kind.Enum, kinds) {
		t.Errorf("shapan.schema.json knows the kinds %v; the registry has %v", any.Properties.Kind.Enum, kinds)
	}
	var branches []string
	for _, b := range any.AllOf {
		k := b.If.Properties.Kind.Const
		branches = append(branches, k)
		if b.Then.Ref != schemas.ForKind(k) {
			t.Errorf("kind %s goes to %q, want %q", k, b.Then.Ref, schemas.ForKind(k))
		}
		if _, err := schemas.Get(schemas.ForKind(k)); err != nil {
			t.Errorf("kind %s: %v", k, err)
		}
	}
	if !slices.Equal(branches, kinds) {
		t.Errorf("shapan.schema.json has branches for %v; the registry has %v", branches, kinds)
	}
}

// TestAnyRefusesWhatItsKindRefuses: the dispatcher passes a document's
// errors through, and refuses an unknown kind.
func TestAnyRefusesWhatItsKindRefuses(t *testing.T) {
	s := anySchema(t)
	good := "kind: mbg/scenario\nversion: 1\nwin_money: 10\nboard: [{type: city, city: A}]\nroles: []\n"
	if err := schemaVerdict(s, []byte(good)); err != nil {
		t.Fatalf("a valid document was refused: %v", err)
	}
	for _, bad := range []string{
		"kind: mbg/scenario\nversion: 1\nwin_money: lots\nboard: []\nroles: []\n",
		"kind: mbg/campaign\nversion: 1\n",
		"version: 1\n",
	} {
		if schemaVerdict(s, []byte(bad)) == nil {
			t.Errorf("shapan.schema.json accepted %q", bad)
		}
	}
}

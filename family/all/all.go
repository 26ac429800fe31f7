// Package all registers every game family: import it (for its side
// effect) to have the registry of package family filled. Adding a family
// is one line here.
package all

import (
	_ "github.com/shapan/shapan/family/battle"
	_ "github.com/shapan/shapan/family/ftbt"
	_ "github.com/shapan/shapan/family/mbg"
	_ "github.com/shapan/shapan/family/planets"
)

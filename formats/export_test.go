package formats

// StaleAfter is staleAfter, for the external tests.
const StaleAfter = staleAfter

package charts

import "sync"

// english are the charts' words in English (Options.English), by their
// Chinese text; the formats take the same arguments in the same order.
var english = map[string]string{
	"没有完成的对局":              "no finished games",
	"胜率与 95%% 置信区间 · %d 局": "win rates with their 95%% intervals · %d games",
	"平局":                   "draws",
	"%d 胜":                 "%d wins",
	"均势":                   "fair",
	"对局长度（回合）· 平均 %.1f · 中位 %g · p90 %d": "game length (turns) · mean %.1f · median %g · p90 %d",
	"中位":                  "median",
	"平均":                  "mean",
	"每格 %d 回合 · %d–%d 回合": "%d turns a bar · %d–%d turns",
	"%d–%d 回合":            "%d–%d turns",
	"达到回合上限 %d 局 (%s)":    "%d games stopped at the turn cap (%s)",
	"少":                   "few",
	"多 (%d)":              "most (%d)",
}

// RegisterEnglish adds the English words of a family's charts (its heat
// map's), keyed by their Chinese text, which Options.Tr gives when
// Options.English is set.
func RegisterEnglish(words map[string]string) {
	englishMu.Lock()
	defer englishMu.Unlock()
	for zh, en := range words {
		english[zh] = en
	}
}

var englishMu sync.Mutex

// Tr returns s in the charts' language: s itself (Chinese), or its
// English text when Options.English is set.
func (o Options) Tr(s string) string {
	if o.English {
		englishMu.Lock()
		e, ok := english[s]
		englishMu.Unlock()
		if ok {
			return e
		}
	}
	return s
}

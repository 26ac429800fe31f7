package charts

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
	"战斗热图 · %d 局":         "battle heat map · %d games",
	"战%d":                 "B%d",
	"夺%d":                 "C%d",
	" 夺%d":                " C%d",
	"战N：在此格发生的战斗次数":       "B N: battles fought on this square",
	"夺N：攻城夺取此城的次数":        "C N: times this city was taken by force",
	"共 %d 场战斗，%d 次夺城":     "%d battles in all, %d cities taken",
	"少":                   "few",
	"多 (%d)":              "most (%d)",
	"战斗热图 · %d 局 · 伤害 %d · 阵亡 %d · 城寨陷落 %d": "battle heat map · %d games · damage %d · heroes fallen %d · cities fallen %d",
	"陷%d": "F%d",
	"格色：在此格受到的伤害　×：武将阵亡　陷N：城寨陷落次数":    "cell colour: damage taken there   ×: a hero fell   F N: times the city fell",
	"；最激烈：(%d,%d)，伤害 %d":              "; fiercest: (%d,%d), damage %d",
	"战斗热图 · %d 局 · %d 次攻击 · 共损 %d hp": "battle heat map · %d games · %d attacks · %d hp lost",
	"颜色：人物在此格失去的 hp（所有对局合计）":          "colour: hp people lost on this cell (all games together)",
	"×：有人物在此格被消灭":                     "×: somebody was wiped out here",
	"%d 回合内双方从未交战：提高回合上限再试":           "the sides never met within %d turns: raise the turn cap and try again",
	"最激烈：":      "fiercest: ",
	"，":         ", ",
	"（每局 %.1f）": " (%.1f a game)",
	"战斗热图 · %d 局 · 圈色：在此星球的战斗次数": "battle heat map · %d games · ring colour: battles at the planet",
	"战N：战斗次数　夺M：从其他玩家手中夺取的次数":    "B N: battles   C M: times taken from another player",
	"共 %d 场战斗，%d 次夺取，%d 次易主%s":   "%d battles in all, %d captures, %d changes of hands%s",
	"；最激烈：%s（%d 场）":              "; fiercest: %s (%d battles)",
}

// tr returns s in the charts' language: s itself (Chinese), or its
// English text when Options.English is set.
func (o Options) tr(s string) string {
	if o.English {
		if e, ok := english[s]; ok {
			return e
		}
	}
	return s
}

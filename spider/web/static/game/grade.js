// A winnable deal's grade (docs/RULES.md, Grades), easiest first, and its name as the new-game
// dialog, the table, the history, the statistics and the daily deals say it.
import { t } from "../core/i18n.js";

export const GRADES = ["easy", "medium", "hard", "expert"];

export function gradeName(grade) {
  return { easy: t("Easy"), medium: t("Medium"), hard: t("Hard"), expert: t("Expert") }[grade] || grade;
}

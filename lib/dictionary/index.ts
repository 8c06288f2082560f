/** The data dictionary (decision 0016): CSV layout, export, import plan. Pure; docs/data-dictionary.md. */
export { DICTIONARY_COLUMNS, CALC_TYPE, type DictionaryColumn, type DictionaryRow } from "./columns";
export { dictionaryCsv } from "./export-dictionary";
export { parseDictionaryCsv, MAX_DICTIONARY_ROWS } from "./parse-dictionary";
export { planDictionaryImport, type DictionaryPlan } from "./plan-import";
export { formatCondition, MAX_CONDITION_TEXT_LENGTH, parseConditionText } from "./condition-text";
export { formatFormula, parseFormulaText } from "./formula-text";
export { formatChoices, parseChoices } from "./choices-text";

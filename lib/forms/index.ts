/**
 * The form engine shared by the browser and the server (decision 0001): conditions,
 * field state, ordering and grouping, and validation with the spec's messages.
 */
export { evaluateCondition, isEmptyValue, MAX_CONDITION_EVAL_DEPTH, ownValue } from "./conditions";
export { MAX_NUMBER_TEXT_LENGTH, parseNumber, parseTypedNumber } from "./parse-number";
export {
  fieldState,
  fieldsForEntity,
  groupFieldsByCategory,
  isFieldEnabled,
  isFieldVisible,
  type FieldGroup,
  type FieldState,
} from "./field-state";
export {
  fieldMessages,
  MAX_PATTERN_INPUT_LENGTH,
  validateFieldValue,
  type FieldIssue,
  type IssueType,
  type ValidatedField,
} from "./validate-field";
export { isCalendarDate, isCalendarMonth } from "@/lib/dates/calendar-date";
export {
  compileStudyPattern,
  MAX_PATTERN_PROGRAM,
  PATTERN_MESSAGES,
  studyPatternProblem,
  type StudyPattern,
} from "./study-pattern";
export {
  validateSubmission,
  type Loc,
  type SubmissionOptions,
  type SubmissionResult,
  type ValidationIssue,
} from "./validate-submission";
export {
  mergeMissing,
  MISSING_MESSAGES,
  missingCodeList,
  missingCodesOf,
  missingCodeText,
  readMissingMap,
  type MissingMap,
} from "./missing-codes";
export {
  isSwitchFieldActive,
  MAX_SWITCH_TEXT_LENGTH,
  switchMessages,
  THERAPY_SWITCH_KEY,
  validateTherapySwitch,
  type SwitchResult,
  type TherapySwitchValue,
} from "./therapy-switch";
export {
  currentTherapy,
  latestVisit,
  nextVisitType,
  orderedVisitTypes,
  therapyFieldPair,
} from "./entry-flow";

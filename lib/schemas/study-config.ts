/**
 * The study configuration: one JSONB document (decision 0006), validated by this one zod schema on
 * every write, by the browser and the server alike. Pure: no I/O.
 */
import { z } from "zod";
import { messageRef, type MessageValues } from "@/lib/i18n/message-ref";
import { studyPatternProblem } from "@/lib/forms/study-pattern";
import { STUDY_ROLE_VALUES } from "./users";
import { SDV_REQUIREMENTS } from "./data-review";
import { visibleIdentifier } from "./identifier-text";
import { requiredText, StudyTextSchema, type TextByLanguage } from "./study-text";

/**
 * The configuration's messages as catalogue references (api.studyConfig.*, decision 0021), put into
 * the reader's words by the API's error mapper and the editor's screens.
 */
export const configMessage = (key: string, values?: MessageValues) =>
  messageRef(`api.studyConfig.${key}`, values);

export const STUDY_CONFIG_VERSION = 1;

export const FIELD_TYPES = [
  "text",
  "textarea",
  "number",
  "date",
  "month",
  "select",
  "multiselect",
  "boolean",
  "checkbox",
  "email",
  "array",
  "radio",
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const FIELD_ENTITIES = ["patient", "visit"] as const;
export type FieldEntity = (typeof FIELD_ENTITIES)[number];

export const CONDITION_OPERATORS = [
  "eq",
  "ne",
  "gt",
  "gte",
  "lt",
  "lte",
  "in",
  "not_in",
  "contains",
  "is_empty",
  "is_not_empty",
] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

export const THRESHOLD_OPERATORS = ["gt", "gte", "lt", "lte", "eq", "ne"] as const;
export type ThresholdOperator = (typeof THRESHOLD_OPERATORS)[number];

/** Identifier rule shared by field, sub-field and calculation names (spec §5). */
export const NAME_PATTERN = /^[a-z][a-z0-9_]*$/;
export const NAME_MAX_LENGTH = 50;
/** Visit type and category codes. */
export const CODE_PATTERN = /^[a-z0-9_]+$/;
/** Conditions nest at most this deep (and/or lists inside each other). */
export const MAX_CONDITION_DEPTH = 8;

// ---------------------------------------------------------------------------------------------
// Conditions
// ---------------------------------------------------------------------------------------------

const ConditionScalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const ConditionValueSchema = z.union([ConditionScalar, z.array(ConditionScalar)]);
export type ConditionValue = z.infer<typeof ConditionValueSchema>;

/** One comparison; `value` is omitted for is_empty / is_not_empty. */
export type FieldCondition = { field: string; operator: ConditionOperator; value?: ConditionValue };
export type Condition = FieldCondition | { and: Condition[] } | { or: Condition[] };

export const FieldConditionSchema = z.object({
  field: z.string().min(1, configMessage("conditionField")),
  operator: z.enum(CONDITION_OPERATORS, { error: configMessage("conditionOperator") }),
  value: ConditionValueSchema.optional(),
});

export const ConditionSchema: z.ZodType<Condition> = z.lazy(() =>
  z.union([
    FieldConditionSchema,
    z.object({ and: z.array(ConditionSchema) }).strict(),
    z.object({ or: z.array(ConditionSchema) }).strict(),
  ]),
);

// ---------------------------------------------------------------------------------------------
// Fields
// ---------------------------------------------------------------------------------------------

/** Options are `{ value, label }`; a plain string is accepted and read as both. */
export const FieldOptionSchema = z.preprocess(
  (option) =>
    typeof option === "string" || typeof option === "number"
      ? { value: String(option), label: String(option) }
      : option,
  z.object({ value: z.string(), label: StudyTextSchema }),
);

export const FieldValidationSchema = z
  .object({
    required: z.boolean().optional(),
    min: z.number().finite().optional(),
    max: z.number().finite().optional(),
    min_length: z.number().int().nonnegative().optional(),
    max_length: z.number().int().nonnegative().optional(),
    // Run by RE2 (lib/forms/study-pattern.ts): a pattern it cannot compile, or too large a program,
    // is refused here, so the editor, the dictionary import and the server give the same reason.
    pattern: z
      .string()
      .max(500)
      .superRefine((pattern, ctx) => {
        const problem = studyPatternProblem(pattern);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      })
      .optional(),
    // The plausible range (decision 0024): a value outside it is kept only once the user confirms
    // the warning, and the confirmation is stored with the row and in its audit entry.
    soft_min: z.number().finite().optional(),
    soft_max: z.number().finite().optional(),
  })
  .refine((v) => v.soft_min === undefined || v.soft_max === undefined || v.soft_min <= v.soft_max, {
    message: messageRef("api.plausibility.softRangeOrder"),
    path: ["soft_max"],
  });
export type FieldValidation = z.infer<typeof FieldValidationSchema>;

export const SubFieldSchema = z.object({
  // Any string: the renderer shows 'Unsupported field type: {type}' for types it does not know.
  type: z.string().min(1),
  label: requiredText(configMessage("subFieldRequired")),
  options: z.array(FieldOptionSchema).optional(),
  validation: FieldValidationSchema.optional(),
});

export const DataFieldSchema = z.object({
  entity: z.enum(FIELD_ENTITIES),
  name: z.string(),
  label: requiredText(configMessage("labelRequired")),
  type: z.string().min(1, configMessage("typeRequired")),
  category: z.string().nullable().optional(),
  description: StudyTextSchema.optional(),
  options: z.array(FieldOptionSchema).optional(),
  validation: FieldValidationSchema.optional(),
  show_in_table: z.boolean().optional(),
  show_in_form: z.boolean().optional(),
  /**
   * A direct identifier (name, hospital number, address…): removed from de-identified exports
   * (decision 0016). Marked in the Data Fields editor and the data dictionary's "identifier" column.
   */
  identifier: z.boolean().optional(),
  /** 'SDV required' (decision 0031): verified against the source when the study asks key fields. */
  sdv_required: z.boolean().optional(),
  order: z.number().optional(),
  schema: z.record(z.string(), SubFieldSchema).optional(),
  show_if: ConditionSchema.optional(),
  required_if: ConditionSchema.optional(),
  enable_if: ConditionSchema.optional(),
});

// ---------------------------------------------------------------------------------------------
// Visit types, categories
// ---------------------------------------------------------------------------------------------

export const VisitTypeSchema = z.object({
  code: z.string(),
  label: requiredText(configMessage("labelRequired")),
  order: z
    .number({ error: configMessage("orderNumber") })
    .int(configMessage("orderWhole"))
    .min(1, configMessage("orderMin")),
  description: StudyTextSchema.optional(),
  // The visit schedule (decision 0025): days from the baseline visit's date at which this visit is
  // due, and the window around it (days before / after) in which it is on time.
  day_offset: z.number().int().min(0).max(36_500).optional(),
  window_before: z.number().int().min(0).max(3_650).optional(),
  window_after: z.number().int().min(0).max(3_650).optional(),
});

export const CategorySchema = z.object({
  code: z.string(),
  label: StudyTextSchema,
  order: z.number().optional(),
  entity: z.enum(FIELD_ENTITIES),
});

// ---------------------------------------------------------------------------------------------
// Calculations
// ---------------------------------------------------------------------------------------------

/** The formula parts' messages: the config check and the Calculation dialog say the same. */
export const FORMULA_MESSAGES = {
  improvement: configMessage("formulaImprovement"),
  threshold: configMessage("formulaThreshold"),
  fields: configMessage("formulaFields"),
  expression: configMessage("formulaExpression"),
} as const;

export const CalculationFormulaSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("improvement_percentage"),
    baseline_field: z.string().min(1, FORMULA_MESSAGES.improvement),
    baseline_visit: z.string().refine((visit) => visit.trim() !== "", FORMULA_MESSAGES.improvement),
    current_field: z.string().min(1, FORMULA_MESSAGES.improvement),
  }),
  z.object({
    type: z.literal("threshold"),
    field: z.string().min(1, FORMULA_MESSAGES.threshold),
    operator: z.enum(THRESHOLD_OPERATORS),
    threshold: z.number({ error: FORMULA_MESSAGES.threshold }).finite(FORMULA_MESSAGES.threshold),
  }),
  z.object({
    type: z.literal("sum"),
    fields: z.array(z.string().min(1, FORMULA_MESSAGES.fields)).min(1, FORMULA_MESSAGES.fields),
  }),
  z.object({
    type: z.literal("average"),
    fields: z.array(z.string().min(1, FORMULA_MESSAGES.fields)).min(1, FORMULA_MESSAGES.fields),
  }),
  z.object({
    type: z.literal("custom_expression"),
    expression: z.string().refine((source) => source.trim() !== "", FORMULA_MESSAGES.expression),
  }),
]);
export type CalculationFormula = z.infer<typeof CalculationFormulaSchema>;

export const CalculationSchema = z.object({
  name: z.string(),
  label: StudyTextSchema,
  description: StudyTextSchema.optional(),
  formula: CalculationFormulaSchema,
});

// ---------------------------------------------------------------------------------------------
// UI settings, therapy switch
// ---------------------------------------------------------------------------------------------

/** The colour lengths CSS understands: #rgb, #rgba, #rrggbb, #rrggbbaa (a 5-digit one would be ignored). */
export const HEX_COLOUR = /^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;
export const HEX_COLOUR_MESSAGE = configMessage("hexColour", { example: "#1d4ed8" });
const cssColor = z.string().regex(HEX_COLOUR, HEX_COLOUR_MESSAGE);
export const LOGO_DIMENSION_MESSAGE = configMessage("logoDimension", { min: 1, max: 2000 });
const logoDimension = z
  .number({ error: LOGO_DIMENSION_MESSAGE })
  .int(LOGO_DIMENSION_MESSAGE)
  .min(1, LOGO_DIMENSION_MESSAGE)
  .max(2000, LOGO_DIMENSION_MESSAGE);

export const UiSettingsSchema = z.object({
  primary_color: cssColor.optional(),
  secondary_color: cssColor.optional(),
  accent_color: cssColor.optional(),
  sidebar_bg_color: cssColor.optional(),
  header_bg_color: cssColor.optional(),
  font_family: z.string().max(100).optional(),
  heading_font_family: z.string().max(100).optional(),
  font_size_base: z.string().max(10).optional(),
  border_radius: z.string().max(10).optional(),
  logo_url: z.string().max(2000).optional(),
  logo_width: logoDimension.optional(),
  logo_height: logoDimension.optional(),
  custom_css: z.string().max(20_000).optional(),
});
export type UiSettings = z.infer<typeof UiSettingsSchema>;

export const THERAPY_SWITCH_FIELD_TYPES = ["text", "textarea", "date", "select"] as const;

export const TherapySwitchFieldSchema = z.object({
  name: z
    .string()
    .min(1, configMessage("switchFieldRequired"))
    .superRefine(visibleIdentifier("Switch field name")),
  label: requiredText(configMessage("switchFieldRequired")),
  type: z.enum(THERAPY_SWITCH_FIELD_TYPES),
  required: z.boolean().optional(),
  options: z.array(FieldOptionSchema).optional(),
  placeholder: StudyTextSchema.optional(),
  conditional_on: z.object({ field: z.string().min(1), value: z.string() }).optional(),
});

/** The spec's Italian prompt, with its English for English readers (decision 0022). */
export const DEFAULT_THERAPY_PROMPT = {
  it: "Il paziente sta continuando la stessa terapia?",
  en: "Is the patient continuing the same therapy?",
};

export const TherapySwitchConfigSchema = z.object({
  enabled: z.boolean(),
  prompt_message: StudyTextSchema.default(DEFAULT_THERAPY_PROMPT),
  switch_fields: z.array(TherapySwitchFieldSchema).default([]),
});

// ---------------------------------------------------------------------------------------------
// Missing-data codes (decision 0023)
// ---------------------------------------------------------------------------------------------

/** A code given instead of a value: short capitals (NA, UNK, ASKU…), with a label in the study's words. */
export const MISSING_CODE_PATTERN = /^[A-Z][A-Z0-9_]{0,15}$/;

export const MissingCodeSchema = z.object({
  code: z.string().regex(MISSING_CODE_PATTERN, messageRef("api.missing.codeFormat")),
  label: requiredText(configMessage("labelRequired")),
});

/** A study whose document names no list uses these (the CDISC / HL7 null flavours REDCap also offers). */
export const DEFAULT_MISSING_CODES = [
  { code: "NA", label: { it: "Non applicabile", en: "Not applicable" } },
  { code: "UNK", label: { it: "Sconosciuto", en: "Unknown" } },
  { code: "ASKU", label: { it: "Chiesto ma sconosciuto", en: "Asked but unknown" } },
  { code: "NASK", label: { it: "Non chiesto", en: "Not asked" } },
  { code: "ND", label: { it: "Non eseguito", en: "Not done" } },
] as const satisfies readonly z.input<typeof MissingCodeSchema>[];

// ---------------------------------------------------------------------------------------------
// Electronic signatures (decision 0032)
// ---------------------------------------------------------------------------------------------

export const SIGNATURE_MEANING_KEY = /^[a-z][a-z0-9_]{0,31}$/;

/** One meaning a signer may choose (21 CFR 11.50(a)(3)): a stable key and its words. */
export const SignatureMeaningSchema = z.object({
  key: z.string().regex(SIGNATURE_MEANING_KEY, configMessage("signatureMeaningKey")),
  label: requiredText(configMessage("labelRequired")),
});

/** A study whose document names no list offers these three. */
export const DEFAULT_SIGNATURE_MEANINGS = [
  { key: "approve", label: { en: "I approve the data", it: "Approvo i dati" } },
  { key: "review", label: { en: "I have reviewed the data", it: "Ho esaminato i dati" } },
  { key: "author", label: { en: "I am the author", it: "Sono l'autore dei dati" } },
] as const satisfies readonly z.input<typeof SignatureMeaningSchema>[];

export const SignatureSettingsSchema = z.object({
  meanings: z.array(SignatureMeaningSchema).min(1, configMessage("signatureMeaningsEmpty")).optional(),
  // Signing refused while the record has open or answered queries or unverified required fields
  // (absent: on).
  require_review_complete: z.boolean().optional(),
  // Sub-investigators may sign their own group's patients (absent: off).
  sub_investigators_sign: z.boolean().optional(),
});

// ---------------------------------------------------------------------------------------------
// The whole document
// ---------------------------------------------------------------------------------------------

export const StudyConfigShape = z.object({
  version: z.literal(STUDY_CONFIG_VERSION),
  visit_types: z.array(VisitTypeSchema).default([]),
  categories: z.array(CategorySchema).default([]),
  data_fields: z.array(DataFieldSchema).default([]),
  calculations: z.array(CalculationSchema).default([]),
  // Absent: DEFAULT_MISSING_CODES (decision 0023). Absent rather than defaulted, so that existing
  // documents stay byte for byte what they were.
  missing_codes: z.array(MissingCodeSchema).optional(),
  // Source data verification (decision 0031): absent is "none", for the same reason.
  sdv_requirement: z.enum(SDV_REQUIREMENTS).optional(),
  // Electronic signatures (decision 0032): absent is the defaults of SignatureSettingsSchema.
  signatures: SignatureSettingsSchema.optional(),
  // The study roles that must sign in with a second factor (decision 0033): absent is none, for
  // the same reason.
  two_factor_roles: z.array(z.enum(STUDY_ROLE_VALUES)).optional(),
  dashboard_kpis: z.array(z.record(z.string(), z.unknown())).default([]),
  ui_settings: UiSettingsSchema.default({}),
  therapy_switch_config: TherapySwitchConfigSchema.default({
    enabled: false,
    prompt_message: DEFAULT_THERAPY_PROMPT,
    switch_fields: [],
  }),
});
/** What a writer may send: defaults not yet filled in. */
export type StudyConfigInput = z.input<typeof StudyConfigShape>;

// ---------------------------------------------------------------------------------------------
// The document as stored and edited, and as a reader sees it (decision 0022)
// ---------------------------------------------------------------------------------------------

/** The stored document: a study text may hold both languages (lib/schemas/study-text.ts). */
export type StudyConfigDocument = z.infer<typeof StudyConfigShape>;
export type DataFieldDocument = z.infer<typeof DataFieldSchema>;
export type FieldOptionDocument = z.infer<typeof FieldOptionSchema>;
export type SubFieldDocument = z.infer<typeof SubFieldSchema>;
export type VisitTypeDocument = z.infer<typeof VisitTypeSchema>;
export type CategoryDocument = z.infer<typeof CategorySchema>;
export type CalculationDocument = z.infer<typeof CalculationSchema>;
export type MissingCodeDocument = z.infer<typeof MissingCodeSchema>;
export type TherapySwitchFieldDocument = z.infer<typeof TherapySwitchFieldSchema>;
export type TherapySwitchConfigDocument = z.infer<typeof TherapySwitchConfigSchema>;

/**
 * The same shape with every study text in one language: what the capture screens, the form engine,
 * the calculations and the exports read (lib/i18n/study-config-language.ts makes one for a reader).
 */
export type InOneLanguage<T> = T extends string | number | boolean | null | undefined
  ? T
  : T extends TextByLanguage
    ? never
    : T extends Condition
      ? T
      : T extends readonly (infer U)[]
        ? InOneLanguage<U>[]
        : { [K in keyof T]: InOneLanguage<T[K]> };

export type StudyConfig = InOneLanguage<StudyConfigDocument>;
export type DataField = InOneLanguage<DataFieldDocument>;
export type FieldOption = InOneLanguage<FieldOptionDocument>;
export type SubField = InOneLanguage<SubFieldDocument>;
export type VisitType = InOneLanguage<VisitTypeDocument>;
export type Category = InOneLanguage<CategoryDocument>;
export type Calculation = InOneLanguage<CalculationDocument>;
export type MissingCode = InOneLanguage<MissingCodeDocument>;
export type TherapySwitchField = InOneLanguage<TherapySwitchFieldDocument>;
export type TherapySwitchConfig = InOneLanguage<TherapySwitchConfigDocument>;

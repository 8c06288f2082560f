/**
 * Demo "Psoriasis Registry" study: the study row and its full configuration (spec §3).
 *
 * This is a pure data module (no imports, no I/O). The seed script, later issues and the
 * unit/API/e2e tests all reuse it as the canonical example of a study configuration, so it
 * deliberately exercises every field type, condition shape and calculation formula type.
 * `db/seed/demo-patients.ts` builds demo patients and visits whose values match these fields.
 *
 * Keys are snake_case exactly as in the spec, because the config is stored verbatim as JSONB.
 */

// ---------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------

export type FieldEntity = "patient" | "visit";

export type FieldType =
  | "text"
  | "textarea"
  | "number"
  | "date"
  | "month"
  | "select"
  | "multiselect"
  | "boolean"
  | "checkbox"
  | "email"
  | "array"
  | "radio";

/** Sub-fields of an array field can be of any type except a nested array. */
export type SubFieldType = Exclude<FieldType, "array">;

export type FieldOption = { value: string; label: string };

export type FieldValidation = {
  required?: boolean;
  min?: number;
  max?: number;
  min_length?: number;
  max_length?: number;
  pattern?: string;
};

export type ConditionOperator =
  "eq" | "ne" | "gt" | "gte" | "lt" | "lte" | "in" | "not_in" | "contains" | "is_empty" | "is_not_empty";

export type ConditionScalar = string | number | boolean | null;
export type ConditionValue = ConditionScalar | ConditionScalar[];

/** One comparison; `value` is omitted for is_empty / is_not_empty. */
export type FieldCondition = { field: string; operator: ConditionOperator; value?: ConditionValue };
export type AndCondition = { and: ConditionExpression[] };
export type OrCondition = { or: ConditionExpression[] };
/** What show_if, required_if and enable_if hold: a single condition or an and/or combination. */
export type ConditionExpression = FieldCondition | AndCondition | OrCondition;

export type SubFieldDefinition = {
  type: SubFieldType;
  label: string;
  options?: FieldOption[];
  validation?: FieldValidation;
};

export type DataFieldDefinition = {
  entity: FieldEntity;
  name: string;
  label: string;
  type: FieldType;
  /** Category code; null means uncategorized. */
  category: string | null;
  description: string;
  options?: FieldOption[];
  validation: FieldValidation;
  show_in_table: boolean;
  show_in_form: boolean;
  order: number;
  /** Only for type "array": sub-field name -> definition. */
  schema?: Record<string, SubFieldDefinition>;
  show_if?: ConditionExpression;
  required_if?: ConditionExpression;
  enable_if?: ConditionExpression;
};

export type VisitTypeDefinition = { code: string; label: string; order: number; description: string };

export type CategoryDefinition = { code: string; label: string; order: number; entity: FieldEntity };

export type ThresholdOperator = "gt" | "gte" | "lt" | "lte" | "eq" | "ne";

export type ImprovementPercentageFormula = {
  type: "improvement_percentage";
  baseline_field: string;
  baseline_visit: string;
  current_field: string;
};
export type ThresholdFormula = {
  type: "threshold";
  field: string;
  operator: ThresholdOperator;
  threshold: number;
};
export type SumFormula = { type: "sum"; fields: string[] };
export type AverageFormula = { type: "average"; fields: string[] };
/** A Python expression evaluated over a `data` dict holding the visit's values. */
export type CustomExpressionFormula = { type: "custom_expression"; expression: string };

export type CalculationFormula =
  ImprovementPercentageFormula | ThresholdFormula | SumFormula | AverageFormula | CustomExpressionFormula;

export type CalculationDefinition = {
  name: string;
  label: string;
  description: string;
  formula: CalculationFormula;
};

/** The spec does not describe KPI entries; the demo study defines none. */
export type DashboardKpi = Record<string, unknown>;

export type UiSettings = {
  primary_color: string;
  secondary_color: string;
  accent_color: string;
  sidebar_bg_color: string;
  header_bg_color: string;
  font_family: string;
  heading_font_family: string;
  font_size_base: string;
  border_radius: string;
  logo_url: string;
  logo_width: number;
  logo_height: number;
  custom_css: string;
};

export type TherapySwitchFieldType = "text" | "textarea" | "date" | "select";

export type TherapySwitchField = {
  name: string;
  label: string;
  type: TherapySwitchFieldType;
  required: boolean;
  options?: FieldOption[];
  placeholder?: string;
  /** The field is shown (and checked) only when another select field has this value. */
  conditional_on?: { field: string; value: string };
};

export type TherapySwitchConfig = {
  enabled: boolean;
  prompt_message: string;
  switch_fields: TherapySwitchField[];
};

export type DemoStudyConfig = {
  version: number;
  visit_types: VisitTypeDefinition[];
  categories: CategoryDefinition[];
  data_fields: DataFieldDefinition[];
  calculations: CalculationDefinition[];
  dashboard_kpis: DashboardKpi[];
  ui_settings: UiSettings;
  therapy_switch_config: TherapySwitchConfig;
};

/** The study row (without id, config and timestamps). */
export type DemoStudy = {
  code: string;
  name: string;
  disease: string;
  description: string;
  domain: string;
  is_active: boolean;
};

// ---------------------------------------------------------------------------
// Study
// ---------------------------------------------------------------------------

export const DEMO_STUDY: DemoStudy = {
  code: "psoriasis",
  name: "Psoriasis Registry",
  disease: "Psoriasis",
  description:
    "Observational registry of adult patients with moderate-to-severe plaque psoriasis treated with " +
    "biologic therapies: baseline characteristics, therapy history, efficacy (PASI, DLQI) and safety " +
    "follow-up up to week 52.",
  domain: "psoriasis",
  is_active: true,
};

// ---------------------------------------------------------------------------
// Shared option lists
// ---------------------------------------------------------------------------

/** Biologics for moderate-to-severe psoriasis (INN names). */
export const BIOLOGIC_OPTIONS: FieldOption[] = [
  { value: "adalimumab", label: "Adalimumab" },
  { value: "etanercept", label: "Etanercept" },
  { value: "infliximab", label: "Infliximab" },
  { value: "certolizumab", label: "Certolizumab pegol" },
  { value: "ustekinumab", label: "Ustekinumab" },
  { value: "secukinumab", label: "Secukinumab" },
  { value: "ixekizumab", label: "Ixekizumab" },
  { value: "brodalumab", label: "Brodalumab" },
  { value: "bimekizumab", label: "Bimekizumab" },
  { value: "guselkumab", label: "Guselkumab" },
  { value: "risankizumab", label: "Risankizumab" },
  { value: "tildrakizumab", label: "Tildrakizumab" },
];

/** Condition shared by the adverse-event detail fields. */
const HAS_ADVERSE_EVENT: FieldCondition = { field: "adverse_event", operator: "eq", value: true };

// ---------------------------------------------------------------------------
// Configuration
// ---------------------------------------------------------------------------

export const DEMO_STUDY_CONFIG: DemoStudyConfig = {
  version: 1,

  visit_types: [
    {
      code: "baseline",
      label: "Baseline",
      order: 1,
      description: "Enrollment visit at the start of the biologic therapy.",
    },
    {
      code: "week_4",
      label: "Week 4",
      order: 2,
      description: "Early response assessment, 4 weeks after baseline.",
    },
    {
      code: "week_12",
      label: "Week 12",
      order: 3,
      description: "Primary efficacy assessment, 12 weeks after baseline.",
    },
    {
      code: "week_24",
      label: "Week 24",
      order: 4,
      description: "Maintenance assessment, 24 weeks after baseline.",
    },
    {
      code: "week_52",
      label: "Week 52",
      order: 5,
      description: "One-year assessment, 52 weeks after baseline.",
    },
    {
      code: "unscheduled",
      label: "Unscheduled",
      order: 6,
      description: "Visit outside the protocol schedule (e.g. flare or adverse event).",
    },
  ],

  categories: [
    { code: "demographic", label: "Demographics & disease history", order: 1, entity: "patient" },
    { code: "comorbidities", label: "Comorbidities", order: 2, entity: "patient" },
    { code: "therapy_history", label: "Therapy history", order: 3, entity: "patient" },
    { code: "efficacy", label: "Efficacy", order: 1, entity: "visit" },
    { code: "safety", label: "Safety", order: 2, entity: "visit" },
  ],

  data_fields: [
    // ----- Patient: demographics & disease history -----
    {
      entity: "patient",
      name: "hospital_record_number",
      label: "Hospital record number",
      type: "text",
      category: "demographic",
      description: "Centre code and local record number, e.g. MI-004512.",
      validation: { required: false, min_length: 9, max_length: 9, pattern: "^[A-Z]{2}-[0-9]{6}$" },
      show_in_table: false,
      show_in_form: true,
      order: 1,
    },
    {
      entity: "patient",
      name: "psoriasis_onset",
      label: "Psoriasis onset",
      type: "month",
      category: "demographic",
      description: "Month and year of the first psoriasis diagnosis.",
      validation: { required: true },
      show_in_table: true,
      show_in_form: true,
      order: 2,
    },
    {
      entity: "patient",
      name: "psoriasis_phenotypes",
      label: "Psoriasis phenotypes",
      type: "multiselect",
      category: "demographic",
      description: "All clinical forms present at enrollment.",
      options: [
        { value: "plaque", label: "Plaque" },
        { value: "guttate", label: "Guttate" },
        { value: "inverse", label: "Inverse" },
        { value: "pustular", label: "Pustular" },
        { value: "erythrodermic", label: "Erythrodermic" },
        { value: "nail", label: "Nail" },
        { value: "scalp", label: "Scalp" },
      ],
      validation: { required: true },
      show_in_table: false,
      show_in_form: true,
      order: 3,
    },
    {
      entity: "patient",
      name: "nail_involvement_notes",
      label: "Nail involvement",
      type: "textarea",
      category: "demographic",
      description: "Describe the nail findings (pitting, onycholysis, number of nails).",
      validation: { required: false, max_length: 500 },
      show_in_table: false,
      show_in_form: true,
      order: 4,
      show_if: { field: "psoriasis_phenotypes", operator: "contains", value: "nail" },
    },
    {
      entity: "patient",
      name: "smoking_status",
      label: "Smoking status",
      type: "radio",
      category: "demographic",
      description: "Current tobacco use.",
      options: [
        { value: "never", label: "Never smoked" },
        { value: "former", label: "Former smoker" },
        { value: "current", label: "Current smoker" },
      ],
      validation: { required: false },
      show_in_table: false,
      show_in_form: true,
      order: 5,
    },
    {
      entity: "patient",
      name: "family_history_psoriasis",
      label: "Family history of psoriasis",
      type: "boolean",
      category: "demographic",
      description: "A first-degree relative has psoriasis.",
      validation: { required: false },
      show_in_table: false,
      show_in_form: true,
      order: 6,
    },

    // ----- Patient: comorbidities -----
    {
      entity: "patient",
      name: "diabetes",
      label: "Diabetes",
      type: "boolean",
      category: "comorbidities",
      description: "Type 1 or type 2 diabetes mellitus.",
      validation: { required: false },
      show_in_table: false,
      show_in_form: true,
      order: 7,
    },
    {
      entity: "patient",
      name: "hypertension",
      label: "Hypertension",
      type: "boolean",
      category: "comorbidities",
      description: "Arterial hypertension on treatment.",
      validation: { required: false },
      show_in_table: false,
      show_in_form: true,
      order: 8,
    },
    {
      entity: "patient",
      name: "hyperlipidemia",
      label: "Hyperlipidemia",
      type: "boolean",
      category: "comorbidities",
      description: "Dyslipidemia on diet or lipid-lowering therapy.",
      validation: { required: false },
      show_in_table: false,
      show_in_form: true,
      order: 9,
    },
    {
      entity: "patient",
      name: "oncologic",
      label: "Oncologic history",
      type: "boolean",
      category: "comorbidities",
      description: "Current or previous malignancy (excluding non-melanoma skin cancer).",
      validation: { required: false },
      show_in_table: false,
      show_in_form: true,
      order: 10,
    },
    {
      entity: "patient",
      name: "cardiopathy",
      label: "Cardiopathy",
      type: "boolean",
      category: "comorbidities",
      description: "Ischemic heart disease, heart failure or arrhythmia.",
      validation: { required: false },
      show_in_table: false,
      show_in_form: true,
      order: 11,
    },
    {
      entity: "patient",
      name: "psoriatic_arthritis",
      label: "Psoriatic arthritis",
      type: "boolean",
      category: "comorbidities",
      description: "Psoriatic arthritis diagnosed by a rheumatologist.",
      validation: { required: false },
      show_in_table: true,
      show_in_form: true,
      order: 12,
    },
    {
      entity: "patient",
      name: "other_comorbidity",
      label: "Other comorbidity",
      type: "boolean",
      category: "comorbidities",
      description: "Any other relevant comorbidity.",
      validation: { required: false },
      show_in_table: false,
      show_in_form: true,
      order: 13,
    },
    {
      entity: "patient",
      name: "other_comorbidity_details",
      label: "Other comorbidity details",
      type: "text",
      category: "comorbidities",
      description: "Specify the other comorbidity.",
      validation: { required: false, max_length: 200 },
      show_in_table: false,
      show_in_form: true,
      order: 14,
      show_if: { field: "other_comorbidity", operator: "eq", value: true },
      required_if: { field: "other_comorbidity", operator: "eq", value: true },
    },

    // ----- Patient: therapy history -----
    {
      entity: "patient",
      name: "naive_systemic",
      label: "Naive to conventional systemic therapy",
      type: "boolean",
      category: "therapy_history",
      description:
        "Never treated with conventional systemic therapies or phototherapy (mirrors the patient column).",
      validation: { required: false },
      show_in_table: false,
      show_in_form: true,
      order: 15,
    },
    {
      entity: "patient",
      name: "prev_methotrexate",
      label: "Previous methotrexate",
      type: "checkbox",
      category: "therapy_history",
      description: "Previously treated with methotrexate.",
      validation: { required: false },
      show_in_table: false,
      show_in_form: true,
      order: 16,
      show_if: { field: "naive_systemic", operator: "eq", value: false },
    },
    {
      entity: "patient",
      name: "prev_cyclosporine",
      label: "Previous cyclosporine",
      type: "checkbox",
      category: "therapy_history",
      description: "Previously treated with cyclosporine.",
      validation: { required: false },
      show_in_table: false,
      show_in_form: true,
      order: 17,
      show_if: { field: "naive_systemic", operator: "eq", value: false },
    },
    {
      entity: "patient",
      name: "prev_acitretin",
      label: "Previous acitretin",
      type: "checkbox",
      category: "therapy_history",
      description: "Previously treated with acitretin.",
      validation: { required: false },
      show_in_table: false,
      show_in_form: true,
      order: 18,
      show_if: { field: "naive_systemic", operator: "eq", value: false },
    },
    {
      entity: "patient",
      name: "prev_phototherapy",
      label: "Previous phototherapy",
      type: "checkbox",
      category: "therapy_history",
      description: "Previously treated with NB-UVB or PUVA phototherapy.",
      validation: { required: false },
      show_in_table: false,
      show_in_form: true,
      order: 19,
      show_if: { field: "naive_systemic", operator: "eq", value: false },
    },
    {
      entity: "patient",
      name: "systemic_history_notes",
      label: "Conventional therapy notes",
      type: "textarea",
      category: "therapy_history",
      description: "Doses, duration and reason for stopping the previous conventional systemic therapies.",
      validation: { required: false, max_length: 1000 },
      show_in_table: false,
      show_in_form: true,
      order: 20,
      show_if: {
        or: [
          { field: "prev_methotrexate", operator: "eq", value: true },
          { field: "prev_cyclosporine", operator: "eq", value: true },
          { field: "prev_acitretin", operator: "eq", value: true },
        ],
      },
    },
    {
      entity: "patient",
      name: "naive_biologic",
      label: "Naive to biologic therapy",
      type: "boolean",
      category: "therapy_history",
      description: "Never treated with a biologic before enrollment (mirrors the patient column).",
      validation: { required: false },
      show_in_table: false,
      show_in_form: true,
      order: 21,
    },
    {
      entity: "patient",
      name: "failed_biologics",
      label: "Failed previous biologics",
      type: "boolean",
      category: "therapy_history",
      description: "At least one previous biologic was stopped for failure or intolerance.",
      validation: { required: false },
      show_in_table: false,
      show_in_form: true,
      order: 22,
      show_if: { field: "naive_biologic", operator: "eq", value: false },
    },
    {
      entity: "patient",
      name: "biologic_history",
      label: "Previous biologics",
      type: "array",
      category: "therapy_history",
      description: "One entry per previous biologic, oldest first.",
      validation: { required: false },
      show_in_table: false,
      show_in_form: true,
      order: 23,
      schema: {
        drug: {
          type: "select",
          label: "Drug",
          options: BIOLOGIC_OPTIONS,
          validation: { required: true },
        },
        start_month: { type: "month", label: "Start", validation: { required: true } },
        end_month: { type: "month", label: "End" },
        discontinuation_reason: {
          type: "radio",
          label: "Reason for discontinuation",
          options: [
            { value: "primary_failure", label: "Primary failure" },
            { value: "secondary_failure", label: "Loss of response" },
            { value: "adverse_event", label: "Adverse event" },
            { value: "other", label: "Other" },
          ],
        },
        notes: { type: "text", label: "Notes", validation: { max_length: 200 } },
      },
      show_if: {
        and: [
          { field: "naive_biologic", operator: "eq", value: false },
          { field: "failed_biologics", operator: "eq", value: true },
        ],
      },
      required_if: { field: "failed_biologics", operator: "eq", value: true },
    },

    // ----- Visit: efficacy -----
    {
      entity: "visit",
      name: "current_therapy",
      label: "Current biologic",
      type: "select",
      category: "efficacy",
      description: "Biologic the patient is receiving at this visit.",
      options: BIOLOGIC_OPTIONS,
      validation: { required: true },
      show_in_table: true,
      show_in_form: true,
      order: 1,
    },
    {
      entity: "visit",
      name: "pasi_score",
      label: "PASI",
      type: "number",
      category: "efficacy",
      description: "Psoriasis Area and Severity Index, 0-72 in steps of 0.1.",
      validation: { required: true, min: 0, max: 72 },
      show_in_table: true,
      show_in_form: true,
      order: 2,
    },
    {
      entity: "visit",
      name: "bsa_percent",
      label: "BSA (%)",
      type: "number",
      category: "efficacy",
      description: "Body surface area involved, in percent.",
      validation: { required: false, min: 0, max: 100 },
      show_in_table: false,
      show_in_form: true,
      order: 3,
    },
    {
      entity: "visit",
      name: "pga",
      label: "PGA",
      type: "select",
      category: "efficacy",
      description: "Physician Global Assessment (5-point scale).",
      options: [
        { value: "0", label: "0 - Clear" },
        { value: "1", label: "1 - Almost clear" },
        { value: "2", label: "2 - Mild" },
        { value: "3", label: "3 - Moderate" },
        { value: "4", label: "4 - Severe" },
      ],
      validation: { required: false },
      show_in_table: true,
      show_in_form: true,
      order: 4,
    },
    {
      entity: "visit",
      name: "dlqi_score",
      label: "DLQI",
      type: "number",
      category: "efficacy",
      description: "Dermatology Life Quality Index, 0-30.",
      validation: { required: false, min: 0, max: 30 },
      show_in_table: true,
      show_in_form: true,
      order: 5,
    },
    {
      entity: "visit",
      name: "itch_nrs",
      label: "Itch NRS",
      type: "number",
      category: "efficacy",
      description: "Worst itch in the last 24 hours on a 0-10 numeric rating scale.",
      validation: { required: false, min: 0, max: 10 },
      show_in_table: false,
      show_in_form: true,
      order: 6,
    },
    {
      entity: "visit",
      name: "special_sites",
      label: "Special sites involved",
      type: "multiselect",
      category: "efficacy",
      description: "Difficult-to-treat areas with active lesions.",
      options: [
        { value: "scalp", label: "Scalp" },
        { value: "face", label: "Face" },
        { value: "nails", label: "Nails" },
        { value: "palms_soles", label: "Palms and soles" },
        { value: "genital", label: "Genital area" },
      ],
      validation: { required: false },
      show_in_table: false,
      show_in_form: true,
      order: 7,
      show_if: { field: "pasi_score", operator: "gt", value: 0 },
    },
    {
      entity: "visit",
      name: "clinical_notes",
      label: "Clinical notes",
      type: "textarea",
      category: "efficacy",
      description: "Free-text notes for this visit.",
      validation: { required: false, max_length: 2000 },
      show_in_table: false,
      show_in_form: true,
      order: 8,
    },

    // ----- Visit: safety -----
    {
      entity: "visit",
      name: "adverse_event",
      label: "Adverse event",
      type: "boolean",
      category: "safety",
      description: "Any adverse event since the previous visit.",
      validation: { required: true },
      show_in_table: true,
      show_in_form: true,
      order: 9,
    },
    {
      entity: "visit",
      name: "ae_description",
      label: "Adverse event description",
      type: "textarea",
      category: "safety",
      description: "Describe the event, its management and the action taken on the biologic.",
      validation: { required: false, min_length: 10, max_length: 2000 },
      show_in_table: false,
      show_in_form: true,
      order: 10,
      show_if: HAS_ADVERSE_EVENT,
      required_if: HAS_ADVERSE_EVENT,
    },
    {
      entity: "visit",
      name: "ae_onset_date",
      label: "Adverse event onset",
      type: "date",
      category: "safety",
      description: "Date the adverse event started.",
      validation: { required: false },
      show_in_table: false,
      show_in_form: true,
      order: 11,
      show_if: HAS_ADVERSE_EVENT,
      required_if: HAS_ADVERSE_EVENT,
    },
    {
      entity: "visit",
      name: "ae_serious",
      label: "Serious adverse event",
      type: "boolean",
      category: "safety",
      description:
        "Fatal, life-threatening, requiring hospitalisation, disabling or otherwise medically important.",
      validation: { required: false },
      show_in_table: false,
      show_in_form: true,
      order: 12,
      show_if: HAS_ADVERSE_EVENT,
    },
    {
      entity: "visit",
      name: "ae_resolved",
      label: "Adverse event resolved",
      type: "boolean",
      category: "safety",
      description: "The adverse event has resolved by this visit.",
      validation: { required: false },
      show_in_table: false,
      show_in_form: true,
      order: 13,
      show_if: HAS_ADVERSE_EVENT,
    },
    {
      entity: "visit",
      name: "ae_resolution_date",
      label: "Adverse event resolution date",
      type: "date",
      category: "safety",
      description: "Date the adverse event resolved; editable only once it is marked resolved.",
      validation: { required: false },
      show_in_table: false,
      show_in_form: true,
      order: 14,
      show_if: HAS_ADVERSE_EVENT,
      enable_if: { field: "ae_resolved", operator: "eq", value: true },
      required_if: {
        and: [HAS_ADVERSE_EVENT, { field: "ae_resolved", operator: "eq", value: true }],
      },
    },
    {
      entity: "visit",
      name: "sae_report_email",
      label: "SAE report contact email",
      type: "email",
      category: "safety",
      description: "Pharmacovigilance contact who received the serious adverse event report.",
      validation: { required: false, max_length: 254 },
      show_in_table: false,
      show_in_form: true,
      order: 15,
      show_if: { and: [HAS_ADVERSE_EVENT, { field: "ae_serious", operator: "eq", value: true }] },
      required_if: { and: [HAS_ADVERSE_EVENT, { field: "ae_serious", operator: "eq", value: true }] },
    },
  ],

  calculations: [
    {
      name: "pasi_improvement",
      label: "PASI improvement (%)",
      description: "Percentage reduction of PASI from the baseline visit.",
      formula: {
        type: "improvement_percentage",
        baseline_field: "pasi_score",
        baseline_visit: "baseline",
        current_field: "pasi_score",
      },
    },
    {
      name: "pasi75_achieved",
      label: "PASI 75 achieved",
      description: "PASI improvement of at least 75% from baseline.",
      formula: { type: "threshold", field: "pasi_improvement", operator: "gte", threshold: 75 },
    },
    {
      name: "pro_burden_total",
      label: "Patient-reported burden (DLQI + itch)",
      description: "Sum of DLQI and itch NRS (0-40); a simple composite of patient-reported outcomes.",
      formula: { type: "sum", fields: ["dlqi_score", "itch_nrs"] },
    },
    {
      name: "pasi_percent_of_max",
      label: "PASI (% of maximum)",
      description: "PASI expressed as a percentage of the maximum score of 72.",
      formula: {
        type: "custom_expression",
        expression: "round(data['pasi_score'] / 72 * 100, 1) if data.get('pasi_score') is not None else None",
      },
    },
  ],

  dashboard_kpis: [],

  ui_settings: {
    primary_color: "#1d4ed8",
    secondary_color: "#64748b",
    accent_color: "#0ea5e9",
    sidebar_bg_color: "#0f172a",
    header_bg_color: "#ffffff",
    font_family: "Inter",
    heading_font_family: "Inter",
    font_size_base: "14px",
    border_radius: "8px",
    logo_url: "",
    logo_width: 120,
    logo_height: 40,
    custom_css: "",
  },

  therapy_switch_config: {
    enabled: true,
    prompt_message: "Il paziente sta continuando la stessa terapia?",
    switch_fields: [
      {
        name: "switch_reason",
        label: "Motivo dello switch",
        type: "select",
        required: true,
        options: [
          { value: "inefficacia", label: "Inefficacia" },
          { value: "eventi_avversi", label: "Eventi avversi" },
          { value: "perdita_risposta", label: "Perdita di risposta" },
          { value: "altro", label: "Altro" },
        ],
        placeholder: "Seleziona il motivo",
      },
      {
        name: "switch_reason_other",
        label: "Specificare il motivo",
        type: "text",
        required: true,
        placeholder: "Descrivere il motivo dello switch",
        conditional_on: { field: "switch_reason", value: "altro" },
      },
      {
        name: "new_therapy",
        label: "Nuova terapia",
        type: "select",
        required: false,
        options: BIOLOGIC_OPTIONS,
        placeholder: "Seleziona la nuova terapia",
      },
      {
        name: "switch_date",
        label: "Data dello switch",
        type: "date",
        required: false,
      },
    ],
  },
};

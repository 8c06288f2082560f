/**
 * Demo patients and visits for the "psoriasis" demo study (see ./demo-study-config.ts).
 *
 * Pure and deterministic: no imports, no I/O, no clock. `buildDemoPatients()` draws every
 * number from a fixed-seed mulberry32 generator created inside the call, so it returns the
 * same 12 patients (PSO-001..PSO-012) on every run. The seed script and tests reuse it.
 *
 * Values follow the demo study's field conditions: a field whose show_if is false for the
 * patient/visit is absent (e.g. no prev_* checkboxes for systemic-naive patients, no ae_*
 * fields when adverse_event is false, no ae_resolution_date unless ae_resolved).
 *
 * Each visit carries `therapy_line` (1-based line number, for linking to therapy_lines) and
 * each patient lists its `therapy_lines`; follow-up visits carry `data_fields.therapy_switch`.
 * `pasi_improvement` and `pasi75_achieved` are the demo study's calculations, precomputed
 * against the baseline visit's pasi_score.
 */

// ---------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------

export type DemoSex = "M" | "F";

export type DemoVisitType = "baseline" | "week_4" | "week_12" | "week_24" | "week_52";

export type DemoBiologic =
  | "adalimumab"
  | "etanercept"
  | "infliximab"
  | "certolizumab"
  | "ustekinumab"
  | "secukinumab"
  | "ixekizumab"
  | "brodalumab"
  | "bimekizumab"
  | "guselkumab"
  | "risankizumab"
  | "tildrakizumab";

export type DemoSwitchReason = "inefficacia" | "eventi_avversi" | "perdita_risposta" | "altro";

export type DemoPhenotype =
  "plaque" | "guttate" | "inverse" | "pustular" | "erythrodermic" | "nail" | "scalp";

export type DemoSpecialSite = "scalp" | "face" | "nails" | "palms_soles" | "genital";

export type DemoDiscontinuationReason = "primary_failure" | "secondary_failure" | "adverse_event" | "other";

export type DemoBiologicHistoryEntry = {
  drug: DemoBiologic;
  /** YYYY-MM */
  start_month: string;
  /** YYYY-MM */
  end_month: string;
  discontinuation_reason: DemoDiscontinuationReason;
  notes?: string;
};

/** Values for the demo study's patient fields (keys absent when the field is hidden). */
export type DemoPatientCustomFields = {
  hospital_record_number: string;
  /** YYYY-MM */
  psoriasis_onset: string;
  psoriasis_phenotypes: DemoPhenotype[];
  nail_involvement_notes?: string;
  smoking_status: "never" | "former" | "current";
  family_history_psoriasis: boolean;
  diabetes: boolean;
  hypertension: boolean;
  hyperlipidemia: boolean;
  oncologic: boolean;
  cardiopathy: boolean;
  psoriatic_arthritis: boolean;
  other_comorbidity: boolean;
  other_comorbidity_details?: string;
  naive_systemic: boolean;
  prev_methotrexate?: boolean;
  prev_cyclosporine?: boolean;
  prev_acitretin?: boolean;
  prev_phototherapy?: boolean;
  systemic_history_notes?: string;
  naive_biologic: boolean;
  failed_biologics?: boolean;
  biologic_history?: DemoBiologicHistoryEntry[];
};

export type DemoTherapySwitch =
  | { is_continuing_therapy: true }
  | {
      is_continuing_therapy: false;
      switch_reason: DemoSwitchReason;
      switch_reason_other?: string;
      new_therapy?: DemoBiologic;
      /** YYYY-MM-DD */
      switch_date?: string;
    };

/** Values for the demo study's visit fields plus calculations and the therapy-switch answer. */
export type DemoVisitDataFields = {
  current_therapy: DemoBiologic;
  pasi_score: number;
  bsa_percent: number;
  pga: "0" | "1" | "2" | "3" | "4";
  dlqi_score: number;
  itch_nrs: number;
  special_sites?: DemoSpecialSite[];
  clinical_notes?: string;
  adverse_event: boolean;
  ae_description?: string;
  ae_onset_date?: string;
  ae_serious?: boolean;
  ae_resolved?: boolean;
  ae_resolution_date?: string;
  sae_report_email?: string;
  /** Calculation: percentage PASI reduction vs the baseline visit (0 at baseline). */
  pasi_improvement: number;
  /** Calculation: pasi_improvement >= 75. */
  pasi75_achieved: boolean;
  /** Present on follow-up visits only. */
  therapy_switch?: DemoTherapySwitch;
};

export type DemoVisit = {
  visit_number: number;
  /** YYYY-MM-DD */
  visit_date: string;
  visit_type: DemoVisitType;
  /** Therapy line number (1-based) the visit belongs to. */
  therapy_line: number;
  data_fields: DemoVisitDataFields;
};

export type DemoTherapyLine = {
  line_number: number;
  therapy_name: DemoBiologic;
  /** YYYY-MM-DD */
  start_date: string;
  /** YYYY-MM-DD, null while ongoing */
  end_date: string | null;
  /**
   * Why this line ended in a switch, and the switch's other answers (the switching visit's
   * `therapy_switch` without `is_continuing_therapy`): what a form save stores on the line that
   * ends (lib/server/clinical/therapy-lines.ts); null while the line goes on.
   */
  switch_reason: DemoSwitchReason | null;
  switch_data: Record<string, string> | null;
};

export type DemoPatient = {
  code: string;
  /** YYYY-MM-DD */
  birth_date: string;
  sex: DemoSex;
  height_cm: number;
  weight_kg: number;
  naive_systemic: boolean;
  naive_biologic: boolean;
  custom_fields: DemoPatientCustomFields;
  therapy_lines: DemoTherapyLine[];
  visits: DemoVisit[];
};

// ---------------------------------------------------------------------------
// Deterministic helpers
// ---------------------------------------------------------------------------

const SEED = 0x5eed_2025;

/** mulberry32: tiny 32-bit seeded PRNG returning floats in [0, 1). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rng = {
  int(min: number, max: number): number;
  float(min: number, max: number, decimals: number): number;
  noise(amplitude: number): number;
};

function makeRng(seed: number): Rng {
  const next = mulberry32(seed);
  return {
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    float: (min, max, decimals) => round(min + next() * (max - min), decimals),
    noise: (amplitude) => (next() * 2 - 1) * amplitude,
  };
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function pad2(n: number): string {
  return String(n).padStart(2, "0");
}

const DAY_MS = 86_400_000;

function isoToDays(iso: string): number {
  const [y, m, d] = iso.split("-").map(Number);
  return Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1) / DAY_MS;
}

function daysToIso(days: number): string {
  return new Date(days * DAY_MS).toISOString().slice(0, 10);
}

function addDays(iso: string, days: number): string {
  return daysToIso(isoToDays(iso) + days);
}

/** Months since year 0, for month arithmetic. */
function monthIndexOf(iso: string): number {
  const [y, m] = iso.split("-").map(Number);
  return (y ?? 1970) * 12 + ((m ?? 1) - 1);
}

function monthIndexToIso(index: number): string {
  return `${Math.floor(index / 12)}-${pad2((index % 12) + 1)}`;
}

// ---------------------------------------------------------------------------
// Schedule and clinical profiles
// ---------------------------------------------------------------------------

/** Protocol schedule: visit type and nominal day offset from baseline, with allowed jitter. */
const SCHEDULE: ReadonlyArray<{ type: DemoVisitType; day: number; window: number }> = [
  { type: "baseline", day: 0, window: 0 },
  { type: "week_4", day: 28, window: 3 },
  { type: "week_12", day: 84, window: 5 },
  { type: "week_24", day: 168, window: 7 },
  { type: "week_52", day: 364, window: 10 },
];

/** Latest visit date in the demo data; enrollment is placed so the last visit falls before it. */
const DATA_CUTOFF = "2026-03-31";

/** Target PASI improvement (fraction of baseline) at each scheduled visit. */
const RESPONSE = {
  excellent: [0, 0.55, 0.9, 0.96, 0.98],
  good: [0, 0.45, 0.8, 0.88, 0.9],
  moderate: [0, 0.35, 0.68, 0.76, 0.8],
  partial: [0, 0.25, 0.55, 0.62, 0.6],
} as const;

type PreviousSystemic = "methotrexate" | "cyclosporine" | "acitretin" | "phototherapy";
type Comorbidity = "diabetes" | "hypertension" | "hyperlipidemia" | "oncologic" | "cardiopathy";

type AdverseEventProfile = {
  /** Index into the visit list (0 = baseline). */
  visitIndex: number;
  description: string;
  serious: boolean;
  resolved: boolean;
};

type SwitchProfile = {
  /** Index of the follow-up visit at which the switch is recorded. */
  visitIndex: number;
  newTherapy: DemoBiologic;
  reason: DemoSwitchReason;
};

type PatientProfile = {
  sex: DemoSex;
  /** Age range at enrollment, in years. */
  age: [number, number];
  centre: string;
  visitCount: 2 | 3 | 4 | 5;
  therapy: DemoBiologic;
  response: readonly number[];
  phenotypes: DemoPhenotype[];
  nailNotes?: string;
  smoking: DemoPatientCustomFields["smoking_status"];
  familyHistory: boolean;
  comorbidities: Comorbidity[];
  psoriaticArthritis: boolean;
  otherComorbidity?: string;
  /** Empty list = naive to conventional systemic therapy. */
  previousSystemic: PreviousSystemic[];
  systemicNotes?: string;
  /** Omitted = biologic-naive. */
  previousBiologics?: {
    failed: boolean;
    /** Oldest first; durations in months. Listed in biologic_history only when failed. */
    history: Array<{ drug: DemoBiologic; months: number; reason: DemoDiscontinuationReason; notes?: string }>;
  };
  adverseEvents?: AdverseEventProfile[];
  therapySwitch?: SwitchProfile;
  /** Notes per visit index. */
  notes?: Record<number, string>;
};

const PROFILES: PatientProfile[] = [
  // PSO-001: bio-naive, excellent responder to risankizumab.
  {
    sex: "M",
    age: [45, 65],
    centre: "MI",
    visitCount: 5,
    therapy: "risankizumab",
    response: RESPONSE.excellent,
    phenotypes: ["plaque", "scalp"],
    smoking: "former",
    familyHistory: true,
    comorbidities: ["hypertension", "hyperlipidemia"],
    psoriaticArthritis: false,
    previousSystemic: ["methotrexate", "phototherapy"],
    systemicNotes: "Methotrexate 15 mg/week for 14 months, stopped for inadequate response.",
  },
  // PSO-002: two failed anti-TNFs, good response to guselkumab, mild injection-site reaction.
  {
    sex: "F",
    age: [35, 55],
    centre: "MI",
    visitCount: 5,
    therapy: "guselkumab",
    response: RESPONSE.good,
    phenotypes: ["plaque", "nail"],
    nailNotes: "Pitting and distal onycholysis on 6 fingernails.",
    smoking: "never",
    familyHistory: false,
    comorbidities: [],
    psoriaticArthritis: true,
    previousSystemic: ["methotrexate", "cyclosporine"],
    previousBiologics: {
      failed: true,
      history: [
        { drug: "etanercept", months: 10, reason: "primary_failure" },
        {
          drug: "adalimumab",
          months: 22,
          reason: "secondary_failure",
          notes: "Anti-drug antibodies detected.",
        },
      ],
    },
    adverseEvents: [
      {
        visitIndex: 2,
        description:
          "Injection-site erythema and mild pruritus after the third dose; topical steroid, no change to therapy.",
        serious: false,
        resolved: true,
      },
    ],
  },
  // PSO-003: naive patient, inadequate response to secukinumab, switched to guselkumab at week 12.
  {
    sex: "M",
    age: [50, 65],
    centre: "RM",
    visitCount: 4,
    therapy: "secukinumab",
    response: [0, 0.15, 0.3, 0.82],
    phenotypes: ["plaque"],
    smoking: "current",
    familyHistory: false,
    comorbidities: ["diabetes", "hypertension"],
    psoriaticArthritis: false,
    otherComorbidity: "Obstructive sleep apnoea",
    previousSystemic: [],
    therapySwitch: { visitIndex: 2, newTherapy: "guselkumab", reason: "inefficacia" },
    notes: { 2: "PASI reduction below 50% at week 12: switched from secukinumab to guselkumab." },
  },
  // PSO-004: ixekizumab, good response, serious adverse event (pneumonia) at week 24.
  {
    sex: "F",
    age: [30, 50],
    centre: "RM",
    visitCount: 5,
    therapy: "ixekizumab",
    response: RESPONSE.good,
    phenotypes: ["plaque", "inverse"],
    smoking: "never",
    familyHistory: true,
    comorbidities: ["hyperlipidemia"],
    psoriaticArthritis: false,
    previousSystemic: ["acitretin", "phototherapy"],
    adverseEvents: [
      {
        visitIndex: 3,
        description:
          "Community-acquired pneumonia requiring hospitalisation for 6 days; intravenous antibiotics, " +
          "ixekizumab withheld for 4 weeks and then resumed.",
        serious: true,
        resolved: true,
      },
    ],
    notes: { 4: "Ixekizumab resumed after pneumonia; response maintained." },
  },
  // PSO-005: previous ustekinumab stopped for pregnancy (not a failure), bimekizumab, oral candidiasis.
  {
    sex: "F",
    age: [28, 38],
    centre: "NA",
    visitCount: 4,
    therapy: "bimekizumab",
    response: RESPONSE.excellent,
    phenotypes: ["plaque", "scalp"],
    smoking: "never",
    familyHistory: false,
    comorbidities: [],
    psoriaticArthritis: false,
    previousSystemic: ["methotrexate"],
    previousBiologics: {
      failed: false,
      history: [{ drug: "ustekinumab", months: 30, reason: "other", notes: "Stopped for pregnancy." }],
    },
    adverseEvents: [
      {
        visitIndex: 1,
        description: "Oral candidiasis treated with topical antifungal; still present at this visit.",
        serious: false,
        resolved: false,
      },
    ],
  },
  // PSO-006: naive, guselkumab, good responder.
  {
    sex: "M",
    age: [55, 70],
    centre: "NA",
    visitCount: 3,
    therapy: "guselkumab",
    response: RESPONSE.good,
    phenotypes: ["plaque"],
    smoking: "former",
    familyHistory: false,
    comorbidities: ["cardiopathy", "hypertension"],
    psoriaticArthritis: false,
    previousSystemic: [],
  },
  // PSO-007: failed ustekinumab, moderate response to brodalumab.
  {
    sex: "M",
    age: [40, 60],
    centre: "TO",
    visitCount: 4,
    therapy: "brodalumab",
    response: RESPONSE.moderate,
    phenotypes: ["plaque", "nail", "scalp"],
    nailNotes: "Onycholysis on both great toenails.",
    smoking: "current",
    familyHistory: true,
    comorbidities: ["diabetes", "hyperlipidemia"],
    psoriaticArthritis: true,
    previousSystemic: ["methotrexate"],
    previousBiologics: {
      failed: true,
      history: [{ drug: "ustekinumab", months: 18, reason: "secondary_failure" }],
    },
  },
  // PSO-008: adalimumab, inadequate response, switched to bimekizumab at week 24.
  {
    sex: "F",
    age: [35, 55],
    centre: "TO",
    visitCount: 5,
    therapy: "adalimumab",
    response: [0, 0.2, 0.4, 0.35, 0.9],
    phenotypes: ["plaque", "guttate"],
    smoking: "former",
    familyHistory: false,
    comorbidities: ["hypertension"],
    psoriaticArthritis: false,
    previousSystemic: ["cyclosporine", "phototherapy"],
    systemicNotes: "Cyclosporine 3 mg/kg/day for 6 months; stopped for rising blood pressure.",
    therapySwitch: { visitIndex: 3, newTherapy: "bimekizumab", reason: "inefficacia" },
    notes: { 3: "No PASI 50 response at week 24 on adalimumab: switched to bimekizumab." },
  },
  // PSO-009: naive, tildrakizumab, moderate response.
  {
    sex: "M",
    age: [55, 70],
    centre: "BO",
    visitCount: 3,
    therapy: "tildrakizumab",
    response: RESPONSE.moderate,
    phenotypes: ["plaque"],
    smoking: "never",
    familyHistory: false,
    comorbidities: ["oncologic"],
    psoriaticArthritis: false,
    otherComorbidity: "Chronic kidney disease stage 2",
    previousSystemic: [],
  },
  // PSO-010: woman of childbearing potential on certolizumab, good response.
  {
    sex: "F",
    age: [25, 40],
    centre: "BO",
    visitCount: 3,
    therapy: "certolizumab",
    response: RESPONSE.good,
    phenotypes: ["plaque", "inverse"],
    smoking: "never",
    familyHistory: true,
    comorbidities: [],
    psoriaticArthritis: false,
    previousSystemic: ["acitretin"],
  },
  // PSO-011: failed two IL-17 inhibitors, recently started risankizumab.
  {
    sex: "M",
    age: [55, 68],
    centre: "MI",
    visitCount: 2,
    therapy: "risankizumab",
    response: RESPONSE.partial,
    phenotypes: ["plaque", "pustular"],
    smoking: "current",
    familyHistory: false,
    comorbidities: ["diabetes", "hypertension", "hyperlipidemia", "cardiopathy"],
    psoriaticArthritis: true,
    previousSystemic: ["methotrexate", "cyclosporine", "phototherapy"],
    previousBiologics: {
      failed: true,
      history: [
        { drug: "secukinumab", months: 14, reason: "secondary_failure" },
        { drug: "ixekizumab", months: 5, reason: "adverse_event", notes: "Recurrent oral candidiasis." },
      ],
    },
  },
  // PSO-012: naive, recently started secukinumab.
  {
    sex: "F",
    age: [20, 70],
    centre: "RM",
    visitCount: 2,
    therapy: "secukinumab",
    response: RESPONSE.excellent,
    phenotypes: ["plaque", "scalp"],
    smoking: "never",
    familyHistory: false,
    comorbidities: [],
    psoriaticArthritis: false,
    previousSystemic: [],
  },
];

const SPECIAL_SITE_ORDER: DemoSpecialSite[] = ["scalp", "nails", "palms_soles", "genital", "face"];

const SAE_REPORT_EMAIL = "pharmacovigilance@psoriasis-registry.example.org";

function pgaFromPasi(pasi: number): DemoVisitDataFields["pga"] {
  if (pasi === 0) return "0";
  if (pasi < 3) return "1";
  if (pasi < 8) return "2";
  if (pasi < 15) return "3";
  return "4";
}

/** Percentage improvement vs baseline, one decimal (same rule as the pasi_improvement calculation). */
function improvementPercentage(baseline: number, current: number): number {
  if (baseline <= 0) return 0;
  return round(((baseline - current) / baseline) * 100, 1);
}

// ---------------------------------------------------------------------------
// Builder
// ---------------------------------------------------------------------------

/** The 12 demo patients PSO-001..PSO-012 with their visits; identical on every call. */
export function buildDemoPatients(): DemoPatient[] {
  const rng = makeRng(SEED);
  return PROFILES.map((profile, index) => buildPatient(profile, index, rng));
}

function buildPatient(profile: PatientProfile, index: number, rng: Rng): DemoPatient {
  const code = `PSO-${String(index + 1).padStart(3, "0")}`;

  // Enrollment is placed so that the last scheduled visit falls before the data cut-off.
  const lastDay = SCHEDULE[profile.visitCount - 1]?.day ?? 0;
  const enrollment = addDays(DATA_CUTOFF, -(lastDay + rng.int(15, 70)));
  const enrollmentYear = Number(enrollment.slice(0, 4));

  // Core demographics.
  const birthYear = enrollmentYear - rng.int(profile.age[0], profile.age[1]);
  const birthDate = `${birthYear}-${pad2(rng.int(1, 12))}-${pad2(rng.int(1, 28))}`;
  const heightCm = profile.sex === "M" ? rng.float(166, 190, 1) : rng.float(154, 174, 1);
  const bmi = rng.float(21, 33, 1);
  const weightKg = round(bmi * (heightCm / 100) ** 2, 1);

  const naiveSystemic = profile.previousSystemic.length === 0;
  const naiveBiologic = profile.previousBiologics === undefined;

  // Previous biologics, laid out backwards from enrollment with a 1-3 month washout.
  const enrollmentMonth = monthIndexOf(enrollment);
  let cursor = enrollmentMonth - rng.int(1, 3);
  const history: DemoBiologicHistoryEntry[] = [];
  for (const previous of [...(profile.previousBiologics?.history ?? [])].reverse()) {
    const end = cursor;
    const start = end - previous.months;
    history.unshift({
      drug: previous.drug,
      start_month: monthIndexToIso(start),
      end_month: monthIndexToIso(end),
      discontinuation_reason: previous.reason,
      ...(previous.notes !== undefined ? { notes: previous.notes } : {}),
    });
    cursor = start - rng.int(1, 4);
  }

  // Disease onset: at least two years before the first biologic, after age 12.
  const age = enrollmentYear - birthYear;
  const duration = rng.int(2, Math.min(30, age - 12)) * 12 + rng.int(0, 11);
  const onsetIndex = Math.max(birthYear * 12 + 12 * 12, Math.min(enrollmentMonth - duration, cursor - 24));

  const custom: DemoPatientCustomFields = {
    hospital_record_number: `${profile.centre}-${String(rng.int(1000, 999999)).padStart(6, "0")}`,
    psoriasis_onset: monthIndexToIso(onsetIndex),
    psoriasis_phenotypes: profile.phenotypes,
    smoking_status: profile.smoking,
    family_history_psoriasis: profile.familyHistory,
    diabetes: profile.comorbidities.includes("diabetes"),
    hypertension: profile.comorbidities.includes("hypertension"),
    hyperlipidemia: profile.comorbidities.includes("hyperlipidemia"),
    oncologic: profile.comorbidities.includes("oncologic"),
    cardiopathy: profile.comorbidities.includes("cardiopathy"),
    psoriatic_arthritis: profile.psoriaticArthritis,
    other_comorbidity: profile.otherComorbidity !== undefined,
    naive_systemic: naiveSystemic,
    naive_biologic: naiveBiologic,
  };
  if (profile.phenotypes.includes("nail") && profile.nailNotes !== undefined) {
    custom.nail_involvement_notes = profile.nailNotes;
  }
  if (profile.otherComorbidity !== undefined) {
    custom.other_comorbidity_details = profile.otherComorbidity;
  }
  if (!naiveSystemic) {
    custom.prev_methotrexate = profile.previousSystemic.includes("methotrexate");
    custom.prev_cyclosporine = profile.previousSystemic.includes("cyclosporine");
    custom.prev_acitretin = profile.previousSystemic.includes("acitretin");
    custom.prev_phototherapy = profile.previousSystemic.includes("phototherapy");
    const hadConventional = profile.previousSystemic.some((t) => t !== "phototherapy");
    if (hadConventional && profile.systemicNotes !== undefined) {
      custom.systemic_history_notes = profile.systemicNotes;
    }
  }
  if (profile.previousBiologics !== undefined) {
    custom.failed_biologics = profile.previousBiologics.failed;
    if (profile.previousBiologics.failed) custom.biologic_history = history;
  }

  const visits = buildVisits(profile, enrollment, rng);

  const switchVisit =
    profile.therapySwitch !== undefined ? visits[profile.therapySwitch.visitIndex] : undefined;
  const switched = profile.therapySwitch !== undefined && switchVisit !== undefined;
  const therapyLines: DemoTherapyLine[] = [
    {
      line_number: 1,
      therapy_name: profile.therapy,
      start_date: enrollment,
      end_date: switchVisit?.visit_date ?? null,
      switch_reason: switched ? profile.therapySwitch!.reason : null,
      switch_data: switched
        ? {
            switch_reason: profile.therapySwitch!.reason,
            new_therapy: profile.therapySwitch!.newTherapy,
            switch_date: switchVisit!.visit_date,
          }
        : null,
    },
  ];
  if (switched) {
    therapyLines.push({
      line_number: 2,
      therapy_name: profile.therapySwitch!.newTherapy,
      start_date: switchVisit!.visit_date,
      end_date: null,
      switch_reason: null,
      switch_data: null,
    });
  }

  return {
    code,
    birth_date: birthDate,
    sex: profile.sex,
    height_cm: heightCm,
    weight_kg: weightKg,
    naive_systemic: naiveSystemic,
    naive_biologic: naiveBiologic,
    custom_fields: custom,
    therapy_lines: therapyLines,
    visits,
  };
}

function buildVisits(profile: PatientProfile, enrollment: string, rng: Rng): DemoVisit[] {
  const baselinePasi = rng.float(10, 32, 1);
  const baselineBsa = clamp(round(baselinePasi * rng.float(0.8, 1.4, 2), 1), 10, 60);
  const baselineDlqi = rng.int(8, 22);
  const baselineItch = rng.int(5, 9);
  const siteCount = rng.int(1, 3);
  const baselineSites = SPECIAL_SITE_ORDER.filter(
    (site) => site !== "nails" || profile.phenotypes.includes("nail"),
  ).slice(0, siteCount);

  const visits: DemoVisit[] = [];
  for (let i = 0; i < profile.visitCount; i++) {
    const slot = SCHEDULE[i];
    if (slot === undefined) break;
    const visitDate =
      i === 0 ? enrollment : addDays(enrollment, slot.day + rng.int(-slot.window, slot.window));

    // Efficacy: target improvement plus a little noise; exact zero at baseline.
    const target = profile.response[i] ?? profile.response[profile.response.length - 1] ?? 0;
    const improvement = i === 0 ? 0 : clamp(target + rng.noise(0.04), 0, 1);
    const pasi = i === 0 ? baselinePasi : round(baselinePasi * (1 - improvement), 1);
    const ratio = pasi / baselinePasi;
    const pasiImprovement = improvementPercentage(baselinePasi, pasi);

    const sw = profile.therapySwitch;
    const switched = sw !== undefined && i >= sw.visitIndex;
    // The switch visit is assessed on the old drug but opens the new line, so it records the new drug.
    const onTherapy: DemoBiologic = switched ? sw.newTherapy : profile.therapy;

    const data: DemoVisitDataFields = {
      current_therapy: onTherapy,
      pasi_score: pasi,
      bsa_percent: clamp(round(baselineBsa * ratio, 1), 0, 100),
      pga: pgaFromPasi(pasi),
      dlqi_score: clamp(Math.round(baselineDlqi * ratio + rng.noise(1.5)), 0, 30),
      itch_nrs: clamp(Math.round(baselineItch * Math.sqrt(ratio)), 0, 10),
      adverse_event: false,
      pasi_improvement: pasiImprovement,
      pasi75_achieved: pasiImprovement >= 75,
    };
    if (pasi > 0) {
      data.special_sites = baselineSites.slice(0, Math.ceil(baselineSites.length * ratio));
    }
    const note = profile.notes?.[i];
    if (note !== undefined) data.clinical_notes = note;

    const ae = profile.adverseEvents?.find((event) => event.visitIndex === i);
    if (ae !== undefined) {
      const onset = addDays(visitDate, -rng.int(12, 20));
      data.adverse_event = true;
      data.ae_description = ae.description;
      data.ae_onset_date = onset;
      data.ae_serious = ae.serious;
      data.ae_resolved = ae.resolved;
      if (ae.resolved) data.ae_resolution_date = addDays(onset, rng.int(5, 9));
      if (ae.serious) data.sae_report_email = SAE_REPORT_EMAIL;
    }

    if (i > 0) {
      data.therapy_switch =
        sw !== undefined && i === sw.visitIndex
          ? {
              is_continuing_therapy: false,
              switch_reason: sw.reason,
              new_therapy: sw.newTherapy,
              switch_date: visitDate,
            }
          : { is_continuing_therapy: true };
    }

    visits.push({
      visit_number: i + 1,
      visit_date: visitDate,
      visit_type: slot.type,
      therapy_line: switched ? 2 : 1,
      data_fields: data,
    });
  }
  return visits;
}

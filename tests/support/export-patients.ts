/**
 * Synthetic export records for the demo study (decision 0016): deterministic patients shaped like
 * `ExportPatient`, used by the ODM writer's tests and by `scripts/bench-odm-writer.ts`.
 * About 15 values per visit, as in the export benchmark's data.
 */
import type {
  ExportAuditEvent,
  ExportPatient,
  ExportTherapyLine,
  ExportVisit,
} from "@/lib/exports/export-records";

const BIOLOGICS = ["adalimumab", "secukinumab", "guselkumab", "risankizumab", "ustekinumab"];
const VISIT_TYPES = ["baseline", "week_4", "week_12", "week_24", "week_52"];
const SITES = ["scalp", "face", "nails", "palms_soles", "genital"];

/** mulberry32: a small seeded generator, so every run formats the same data. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pad = (n: number) => String(n).padStart(2, "0");
const dayAfter = (start: Date, days: number) =>
  new Date(start.getTime() + days * 86_400_000).toISOString().slice(0, 10);

export type GeneratedPatientOptions = { visitsPerPatient?: number };

/** Patient number `n` (1-based) with its visits; visit ids are `n * 1000 + visit number`. */
export function generatePatient(n: number, options: GeneratedPatientOptions = {}): ExportPatient {
  const random = rng(n);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const visitCount = options.visitsPerPatient ?? 10;
  const start = new Date(Date.UTC(2020, 0, 1) + Math.floor(random() * 1000) * 86_400_000);
  const firstDrug = pick(BIOLOGICS);
  const switchAt = visitCount > 3 ? 1 + Math.floor(random() * (visitCount - 1)) : visitCount + 1;
  const lineOne: ExportTherapyLine = {
    line_number: 1,
    therapy_name: firstDrug,
    start_date: dayAfter(start, 0),
    end_date: switchAt <= visitCount ? dayAfter(start, switchAt * 28) : null,
    switch_reason: null,
    switch_data: null,
  };
  const lineTwo: ExportTherapyLine = {
    line_number: 2,
    therapy_name: "bimekizumab",
    start_date: dayAfter(start, switchAt * 28),
    end_date: null,
    switch_reason: "inefficacia",
    switch_data: {
      switch_reason: "inefficacia",
      new_therapy: "bimekizumab",
      switch_date: dayAfter(start, switchAt * 28),
    },
  };
  let basePasi = 0;
  const visits: ExportVisit[] = [];
  for (let v = 1; v <= visitCount; v++) {
    const pasi = Math.round(random() * 400) / 10;
    if (v === 1) basePasi = pasi;
    const adverse = random() < 0.15;
    const improvement = basePasi > 0 ? Math.round(((basePasi - pasi) / basePasi) * 1000) / 10 : 0;
    const data: Record<string, unknown> = {
      current_therapy: v > switchAt ? "bimekizumab" : firstDrug,
      pasi_score: pasi,
      bsa_percent: Math.round(random() * 300) / 10,
      pga: String(Math.floor(random() * 5)),
      dlqi_score: Math.floor(random() * 31),
      itch_nrs: Math.floor(random() * 11),
      special_sites: pasi > 0 ? [pick(SITES), pick(SITES)].filter((s, i, all) => all.indexOf(s) === i) : [],
      clinical_notes: random() < 0.5 ? `Visit ${v}: stable, continues ${firstDrug}.` : "",
      adverse_event: adverse,
    };
    if (adverse) {
      data.ae_description = "Injection-site reaction, resolved without treatment.";
      data.ae_onset_date = dayAfter(start, v * 28 - 3);
      data.ae_serious = false;
    }
    visits.push({
      id: n * 1000 + v,
      visit_number: v,
      visit_date: dayAfter(start, (v - 1) * 28),
      // Types repeat after the fifth visit: week_52 comes back as a repeated event.
      visit_type: VISIT_TYPES[Math.min(v - 1, VISIT_TYPES.length - 1)]!,
      data_fields: data,
      missing: {},
      calculated_values: {
        pasi_improvement: improvement,
        pasi75_achieved: improvement >= 75,
        pro_burden_total: (data.dlqi_score as number) + (data.itch_nrs as number),
        pasi_percent_of_max: Math.round((pasi / 72) * 1000) / 10,
      },
      therapy_line: v > switchAt ? lineTwo : lineOne,
      protocol_version: 1,
      is_locked: false,
      created_at: `${dayAfter(start, (v - 1) * 28)}T10:00:00.000Z`,
      updated_at: `${dayAfter(start, (v - 1) * 28)}T10:00:00.000Z`,
    });
  }
  return {
    id: n,
    code: `PSO-${String(n).padStart(6, "0")}`,
    birth_date: `${1940 + Math.floor(random() * 60)}-${pad(1 + Math.floor(random() * 12))}-${pad(1 + Math.floor(random() * 28))}`,
    sex: random() < 0.5 ? "M" : "F",
    height_cm: 150 + Math.floor(random() * 50),
    weight_kg: Math.round((50 + random() * 60) * 10) / 10,
    naive_systemic: false,
    naive_biologic: random() < 0.5,
    missing: {},
    custom_fields: {
      psoriasis_onset: `${1990 + Math.floor(random() * 30)}-${pad(1 + Math.floor(random() * 12))}`,
      psoriasis_phenotypes: ["plaque", pick(["nail", "scalp", "inverse"])],
      smoking_status: pick(["never", "former", "current"]),
      family_history_psoriasis: random() < 0.3,
      diabetes: random() < 0.1,
      hypertension: random() < 0.25,
      naive_systemic: false,
      prev_methotrexate: true,
      biologic_history: [
        {
          drug: "etanercept",
          start_month: "2015-01",
          end_month: "2016-06",
          discontinuation_reason: "secondary_failure",
        },
      ],
    },
    medical_group_code: `G${1 + (n % 5)}`,
    enrolled_on: visits[0]?.visit_date ?? null,
    visits,
  };
}

/** Audit rows as the services write them: a create per entity, and an update of one visit answer. */
export function generateAudit(patient: ExportPatient, userId = 7): ExportAuditEvent[] {
  const events: ExportAuditEvent[] = [
    {
      entity_type: "patient",
      entity_id: patient.id,
      action: "create",
      user_id: userId,
      user_email: "investigator@example.org",
      timestamp: `${patient.enrolled_on ?? "2024-01-01"}T09:00:00.000Z`,
      ip_address: "192.0.2.1",
      reason: null,
      new_values: {
        code: patient.code,
        birth_date: patient.birth_date,
        custom_fields: patient.custom_fields,
      },
    },
  ];
  for (const visit of patient.visits) {
    events.push({
      entity_type: "visit",
      entity_id: visit.id,
      action: "create",
      user_id: userId,
      user_email: "investigator@example.org",
      timestamp: visit.created_at,
      ip_address: "192.0.2.1",
      reason: null,
      new_values: {
        visit_date: visit.visit_date,
        data_fields: visit.data_fields,
        calculated_values: visit.calculated_values,
      },
    });
  }
  return events;
}

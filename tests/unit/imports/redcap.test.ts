/**
 * REDCap's flat export read into patients and visits (docs/decisions/0037): record_id the patient
 * code, the event the visit type, checkbox columns the multiselect lists.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { eventResolver, redcapEventSlug } from "@/lib/imports/redcap-events";
import type { StudyConfig } from "@/lib/schemas/study-config";
import { demoConfig, readImport, where } from "./import-fixture";

const FILE = readFileSync(path.resolve(import.meta.dirname, "../../fixtures/imports/redcap-flat.csv"));

/** The demo study, its unscheduled visit labelled as REDCap's event was named from. */
function studyConfig(): StudyConfig {
  const config = demoConfig();
  return {
    ...config,
    visit_types: config.visit_types.map((type) =>
      type.code === "unscheduled" ? { ...type, label: "Unscheduled safety visit" } : type,
    ),
  };
}

describe("REDCap's flat export", () => {
  it("reads records, events, checkboxes, yes/no and missing-data codes", async () => {
    const read = await readImport(FILE, "redcap", { config: studyConfig() });
    const [first, second] = read.groups;
    expect(read.groups).toHaveLength(2);
    expect(first).toEqual({
      patient: {
        rows: [2, 3, 4],
        code: "1",
        medical_group: "milano",
        values: {
          birth_date: "1970-02-28",
          sex: "F",
          smoking_status: "former",
          psoriasis_phenotypes: ["plaque", "nail"],
        },
        missing: {},
      },
      visits: [
        {
          row: 2,
          visit_number: 1,
          visit_date: "2024-01-05",
          visit_type: "baseline",
          data_fields: { pasi_score: 12.5, pga: "3", special_sites: ["scalp"], adverse_event: false },
          missing: {},
        },
        {
          row: 3,
          visit_number: 2,
          visit_date: "2024-02-02",
          visit_type: "week_4",
          data_fields: { pasi_score: 8, pga: "2", adverse_event: false },
          missing: {},
        },
        {
          row: 4,
          visit_number: 3,
          visit_date: "2024-03-29",
          visit_type: "week_12",
          data_fields: {
            pga: "1",
            special_sites: ["face"],
            adverse_event: true,
            ae_description: "Injection-site reaction, resolved",
          },
          missing: { pasi_score: "UNK" },
        },
      ],
      issues: [],
    });
    expect(second!.patient).toMatchObject({
      rows: [5, 6, 7],
      code: "2",
      medical_group: "roma",
      values: { psoriasis_phenotypes: ["plaque"] },
    });
    expect(second!.visits.map((visit) => [visit.row, visit.visit_number, visit.visit_type])).toEqual([
      [5, 1, "baseline"],
      [6, 2, "unscheduled"],
      [7, 3, undefined],
    ]);
    expect(second!.visits[1]!.data_fields).toEqual({
      pasi_score: 15.5,
      pga: "3",
      special_sites: ["face"],
      adverse_event: true,
      ae_description: "Rash",
    });
    // The event nothing maps: a blocking issue on its row, and the mapping says so.
    expect(read.issues.map(where)).toEqual([
      { row: 7, column: "redcap_event_name", code: "unknownEvent", blocking: true },
    ]);
    expect(read.events).toEqual([
      { event: "baseline_arm_1", visit_type: "baseline", rows: 2 },
      { event: "week_4_arm_1", visit_type: "week_4", rows: 1 },
      { event: "week_12_arm_1", visit_type: "week_12", rows: 1 },
      { event: "unscheduled_safety_arm_1", visit_type: "unscheduled", rows: 1 },
      { event: "screening_arm_1", visit_type: null, rows: 1 },
    ]);
    expect(read.ignored).toEqual(["redcap_repeat_instance", "demographics_complete", "efficacy_complete"]);
  });

  it("maps events as the caller says, over the automatic mapping", async () => {
    const read = await readImport(FILE, "redcap", {
      config: studyConfig(),
      eventMap: { screening_arm_1: "unscheduled", week_4_arm_1: "week_12", baseline_arm_1: "no_such_type" },
    });
    expect(read.events).toEqual([
      { event: "baseline_arm_1", visit_type: null, rows: 2 },
      { event: "week_4_arm_1", visit_type: "week_12", rows: 1 },
      { event: "week_12_arm_1", visit_type: "week_12", rows: 1 },
      { event: "unscheduled_safety_arm_1", visit_type: "unscheduled", rows: 1 },
      { event: "screening_arm_1", visit_type: "unscheduled", rows: 1 },
    ]);
    expect(read.issues.map((issue) => [issue.row, issue.code])).toEqual([
      [2, "unknownEvent"],
      [5, "unknownEvent"],
    ]);
  });

  it("names events as REDCap does: lower case, spaces as _, other characters dropped, 18 characters", () => {
    expect(redcapEventSlug("Week 12")).toBe("week_12");
    expect(redcapEventSlug("6-Month Follow-up (FU)")).toBe("6month_followup_fu");
    expect(redcapEventSlug("Unscheduled safety visit")).toBe("unscheduled_safety");
    const resolve = eventResolver(studyConfig());
    expect(resolve("WEEK_52_arm_2")).toBe("week_52");
    expect(resolve("week_52")).toBe("week_52");
    expect(resolve("week_52_arm_x")).toBeNull();
  });

  it("takes the first column as the record id when REDCap's record field has another name", async () => {
    const text = "study_id,redcap_event_name,visit_date\r\nA-1,baseline_arm_1,2024-01-05\r\n";
    const read = await readImport(text, "redcap");
    expect(read.issues).toEqual([]);
    expect(read.groups[0]!.patient.code).toBe("A-1");
    expect(read.groups[0]!.visits[0]).toMatchObject({ visit_type: "baseline", visit_date: "2024-01-05" });
  });

  it("reads a cell as written: no formula guard to undo in REDCap's file", async () => {
    const text =
      "record_id,redcap_event_name,visit_date,clinical_notes\r\n1,baseline_arm_1,2024-01-05,'quoted\r\n";
    const read = await readImport(text, "redcap");
    expect(read.groups[0]!.visits[0]!.data_fields).toEqual({ clinical_notes: "'quoted" });
  });

  it("refuses a checkbox cell that is not 0 or 1, and rows of repeating instruments", async () => {
    const text = [
      "record_id,redcap_event_name,redcap_repeat_instrument,redcap_repeat_instance,visit_date,special_sites___scalp",
      "1,baseline_arm_1,,,2024-01-05,yes",
      "1,week_4_arm_1,adverse_events,1,,",
      "",
    ].join("\r\n");
    const read = await readImport(text, "redcap");
    expect(read.issues.map(where)).toEqual([
      { row: 2, column: "special_sites___scalp", code: "checkboxValue", blocking: true },
      { row: 3, column: "redcap_repeat_instrument", code: "repeatInstrument", blocking: true },
    ]);
  });

  it("needs record_id and redcap_event_name", async () => {
    const read = await readImport("visit_date,pasi_score\r\n2024-01-05,3\r\n", "redcap");
    expect(read.headerIssues.map(where)).toEqual([
      { row: 1, column: "record_id", code: "missingColumn", blocking: true },
      { row: 1, column: "redcap_event_name", code: "missingColumn", blocking: true },
    ]);
    expect(read.groups).toEqual([]);
  });
});

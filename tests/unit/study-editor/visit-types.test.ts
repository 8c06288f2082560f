import { describe, expect, it } from "vitest";
import type { VisitTypeDocument } from "@/lib/schemas/study-config";
import { MESSAGES, studyConfigIssues } from "@/lib/schemas/study-config-rules";
import { StudyConfigShape } from "@/lib/schemas/study-config";
import {
  VISIT_SCHEDULE_TEMPLATES,
  VISIT_TYPE_MESSAGES,
  addVisitType,
  applyVisitScheduleTemplate,
  deleteVisitType,
  emptyVisitTypeDraft,
  moveVisitType,
  updateVisitType,
  validateVisitType,
  type VisitScheduleTemplateId,
} from "@/lib/study-editor/visit-types";
import { inEnglish } from "@/tests/support/words-in";

const list: VisitTypeDocument[] = [
  { code: "week_4", label: "Week 4", order: 2 },
  { code: "baseline", label: "Baseline", order: 1 },
  { code: "week_12", label: "Week 12", order: 5 },
];

describe("validateVisitType", () => {
  it("uses the spec's messages for code format, uniqueness and label", () => {
    expect(validateVisitType({ code: "Week 4", label: "", order: "9" }, list, "en")).toEqual({
      ok: false,
      errors: { code: MESSAGES.visitTypeCode, label: VISIT_TYPE_MESSAGES.labelRequired },
    });
    expect(inEnglish(VISIT_TYPE_MESSAGES.codeFormat)).toBe(
      "Code must contain only lowercase letters, numbers, and underscores",
    );
    const dup = validateVisitType({ code: "baseline", label: "Again", order: "9" }, list, "en");
    expect(dup).toEqual({ ok: false, errors: { code: MESSAGES.visitTypeUnique } });
  });

  it("says 'Code is required' for an empty code, not the format rule", () => {
    expect(validateVisitType({ code: "", label: "X", order: "9" }, list, "en")).toEqual({
      ok: false,
      errors: { code: VISIT_TYPE_MESSAGES.codeRequired },
    });
    expect(validateVisitType({ code: "   ", label: "X", order: "9" }, list, "en")).toEqual({
      ok: false,
      errors: { code: VISIT_TYPE_MESSAGES.codeRequired },
    });
  });

  it("refuses an order another entry already has ('Order must be unique'), but not the entry's own", () => {
    expect(validateVisitType({ code: "week_8", label: "Week 8", order: "2" }, list, "en")).toEqual({
      ok: false,
      errors: { order: VISIT_TYPE_MESSAGES.orderUnique },
    });
    expect(validateVisitType({ code: "week_4", label: "Week 4", order: "2" }, list, "en", "week_4").ok).toBe(
      true,
    );
    expect(validateVisitType({ code: "week_4", label: "Week 4", order: "5" }, list, "en", "week_4")).toEqual({
      ok: false,
      errors: { order: VISIT_TYPE_MESSAGES.orderUnique },
    });
  });

  it("lets an edited entry keep its own code but not take another's", () => {
    expect(
      validateVisitType({ code: "baseline", label: "Day 0", order: "1" }, list, "en", "baseline").ok,
    ).toBe(true);
    expect(
      validateVisitType({ code: "week_4", label: "Day 0", order: "1" }, list, "en", "baseline"),
    ).toMatchObject({
      errors: { code: MESSAGES.visitTypeUnique },
    });
  });

  it.each([
    ["", VISIT_TYPE_MESSAGES.orderNumber],
    ["abc", VISIT_TYPE_MESSAGES.orderNumber],
    ["0", VISIT_TYPE_MESSAGES.orderMin],
    ["-3", VISIT_TYPE_MESSAGES.orderMin],
    ["1.5", VISIT_TYPE_MESSAGES.orderWhole],
  ])("rejects order %j", (order, message) => {
    expect(validateVisitType({ code: "x", label: "X", order }, list, "en")).toEqual({
      ok: false,
      errors: { order: message },
    });
  });

  it("trims, parses the order and drops an empty description", () => {
    expect(
      validateVisitType({ code: " week_8 ", label: " Week 8 ", order: " 3 ", description: "  " }, list, "en"),
    ).toEqual({
      ok: true,
      value: { code: "week_8", label: "Week 8", order: 3 },
    });
    expect(validateVisitType({ code: "w", label: "W", order: 1, description: "Note" }, [], "en")).toEqual({
      ok: true,
      value: { code: "w", label: "W", order: 1, description: "Note" },
    });
  });

  it("trims each language of a bilingual text and keeps both (decision 0022)", () => {
    const draft = {
      code: "week_8",
      label: { it: " Settimana 8 ", en: " Week 8 " },
      order: "3",
      description: { it: "  ", en: " Response " },
    };
    // An Italian study: the English-only description stays bilingual, so no reader takes it for Italian.
    expect(validateVisitType(draft, list, "it")).toEqual({
      ok: true,
      value: {
        code: "week_8",
        label: { it: "Settimana 8", en: "Week 8" },
        order: 3,
        description: { it: "", en: "Response" },
      },
    });
    // An English study: the same description is its plain text.
    expect(validateVisitType(draft, list, "en")).toMatchObject({ value: { description: "Response" } });
    expect(validateVisitType({ ...draft, label: { it: " ", en: "" } }, list, "it")).toEqual({
      ok: false,
      errors: { label: VISIT_TYPE_MESSAGES.labelRequired },
    });
  });
});

describe("list helpers", () => {
  it("defaults a new entry's order to one past the highest", () => {
    expect(emptyVisitTypeDraft(list).order).toBe("6");
    expect(emptyVisitTypeDraft([]).order).toBe("1");
  });

  it("adds, updates (code may change) and deletes, keeping the list sorted by order", () => {
    const added = addVisitType(list, { code: "screening", label: "Screening", order: 1 });
    expect(added.map((v) => v.code)).toEqual(["baseline", "screening", "week_4", "week_12"]);
    const updated = updateVisitType(list, "week_4", { code: "week_6", label: "Week 6", order: 9 });
    expect(updated.map((v) => v.code)).toEqual(["baseline", "week_12", "week_6"]);
    expect(deleteVisitType(list, "week_4").map((v) => v.code)).toEqual(["baseline", "week_12"]);
  });

  it("moves by swapping the order values of the two neighbours", () => {
    const down = moveVisitType(list, "baseline", "down");
    expect(down).toEqual([
      { code: "week_4", label: "Week 4", order: 1 },
      { code: "baseline", label: "Baseline", order: 2 },
      { code: "week_12", label: "Week 12", order: 5 },
    ]);
    const up = moveVisitType(list, "week_12", "up");
    expect(up.map((v) => [v.code, v.order])).toEqual([
      ["baseline", 1],
      ["week_12", 2],
      ["week_4", 5],
    ]);
  });

  it("leaves the list alone at either end and for an unknown code", () => {
    expect(moveVisitType(list, "baseline", "up").map((v) => v.order)).toEqual([1, 2, 5]);
    expect(moveVisitType(list, "week_12", "down").map((v) => v.order)).toEqual([1, 2, 5]);
    expect(moveVisitType(list, "nope", "down").map((v) => v.order)).toEqual([1, 2, 5]);
  });

  it("still moves when two entries share an order value (a swap alone would change nothing)", () => {
    const tied: VisitTypeDocument[] = [
      { code: "a", label: "A", order: 1 },
      { code: "b", label: "B", order: 1 },
    ];
    expect(moveVisitType(tied, "b", "up").map((v) => [v.code, v.order])).toEqual([
      ["b", 1],
      ["a", 2],
    ]);
  });
});

describe("visit schedule templates", () => {
  const ids = Object.keys(VISIT_SCHEDULE_TEMPLATES) as VisitScheduleTemplateId[];

  it("offers psoriasis, oncology and rheumatology schedules that pass the config rules", () => {
    expect(ids).toEqual(["psoriasis", "oncology", "rheumatology"]);
    for (const id of ids) {
      const visitTypes = VISIT_SCHEDULE_TEMPLATES[id].visitTypes;
      const config = StudyConfigShape.parse({ version: 1, visit_types: visitTypes });
      expect(studyConfigIssues(config)).toEqual([]);
      expect(visitTypes.map((v) => v.order)).toEqual(visitTypes.map((_, i) => i + 1));
      expect(visitTypes.every((v) => v.label && v.description)).toBe(true);
      expect(visitTypes.at(-1)?.code).toBe("unscheduled");
    }
    const codes = (id: VisitScheduleTemplateId) => VISIT_SCHEDULE_TEMPLATES[id].visitTypes.map((v) => v.code);
    expect(codes("psoriasis")).toEqual(
      expect.arrayContaining(["baseline", "week_4", "week_12", "week_16", "week_24", "week_52"]),
    );
    expect(codes("oncology")).toEqual(
      expect.arrayContaining([
        "screening",
        "baseline",
        "cycle_1",
        "cycle_6",
        "end_of_treatment",
        "follow_up_3m",
      ]),
    );
    expect(codes("rheumatology")).toEqual(
      expect.arrayContaining(["baseline", "month_1", "month_3", "month_6", "month_12", "flare"]),
    );
  });

  it("adds into an empty list with the template's own order", () => {
    const result = applyVisitScheduleTemplate([], "rheumatology");
    expect(result.visitTypes).toEqual(VISIT_SCHEDULE_TEMPLATES.rheumatology.visitTypes);
    expect(result.skipped).toEqual([]);
  });

  it("skips codes already present and places new ones after the existing orders", () => {
    const result = applyVisitScheduleTemplate(list, "psoriasis");
    expect(result.skipped).toEqual(["baseline", "week_4", "week_12"]);
    expect(result.added.map((v) => [v.code, v.order])).toEqual([
      ["week_16", 6],
      ["week_24", 7],
      ["week_36", 8],
      ["week_52", 9],
      ["unscheduled", 10],
    ]);
    // Existing entries are untouched, labels included.
    expect(result.visitTypes.slice(0, 3)).toEqual([list[1], list[0], list[2]]);
    expect(applyVisitScheduleTemplate(result.visitTypes, "psoriasis").added).toEqual([]);
  });
});

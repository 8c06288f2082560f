import { describe, expect, it } from "vitest";
import { DEMO_STUDY_CONFIG } from "@/db/seed/demo-study-config";
import { configIn } from "@/lib/i18n/study-config-language";
import { currentTherapy, latestVisit, nextVisitType, therapyFieldPair } from "@/lib/forms";
import { StudyConfigShape } from "@/lib/schemas/study-config";

/** What the add-visit dialog suggests (decision 0027). */
const config = configIn(StudyConfigShape.parse(DEMO_STUDY_CONFIG), "en");
const types = config.visit_types;

const v = (n: number, line: number | null, data: Record<string, unknown>, type = "week_4") => ({
  visit_number: n,
  visit_date: `2024-0${n}-01`,
  visit_type: type,
  therapy_line_id: line,
  data_fields: data,
});

describe("the next visit type", () => {
  it("is the first of the study's order for a first visit, then the one after the latest", () => {
    expect(nextVisitType(types, null)).toBe("baseline");
    expect(nextVisitType(types, "baseline")).toBe("week_4");
    expect(nextVisitType(types, "week_24")).toBe("week_52");
  });

  it("is none after the last type and for a type the study no longer has", () => {
    expect(nextVisitType(types, "unscheduled")).toBeNull();
    expect(nextVisitType(types, "gone")).toBeNull();
    expect(nextVisitType([], null)).toBeNull();
  });

  it("follows the order, not the list's position", () => {
    const shuffled = [
      { code: "b", order: 2 },
      { code: "a", order: 1 },
    ];
    expect(nextVisitType(shuffled, null)).toBe("a");
    expect(nextVisitType(shuffled, "a")).toBe("b");
  });

  it("the latest visit is the highest number", () => {
    expect(latestVisit([v(2, 1, {}), v(5, 1, {}), v(3, 1, {})])?.visit_number).toBe(5);
    expect(latestVisit([])).toBeNull();
  });
});

describe("the therapy a follow-up carries on", () => {
  const pair = therapyFieldPair(config.data_fields, config.therapy_switch_config)!;

  it("pairs the visit select with the switch form's select of the same options", () => {
    expect(pair).toEqual({ visitField: "current_therapy", switchField: "new_therapy" });
    expect(
      therapyFieldPair(config.data_fields, { ...config.therapy_switch_config, enabled: false }),
    ).toBeNull();
    expect(therapyFieldPair([], config.therapy_switch_config)).toBeNull();
  });

  it("is the latest visit's therapy in the current (highest) line", () => {
    const visits = [
      v(1, 1, { current_therapy: "adalimumab" }),
      v(2, 1, { current_therapy: "adalimumab" }),
      v(3, 2, { current_therapy: "secukinumab", therapy_switch: { is_continuing_therapy: false } }),
      v(4, 2, { current_therapy: "secukinumab" }),
    ];
    expect(currentTherapy(visits, pair)).toBe("secukinumab");
    // A visit entered later with an earlier number still belongs to its line.
    expect(currentTherapy([...visits, v(5, 1, { current_therapy: "adalimumab" })], pair)).toBe("secukinumab");
  });

  it("falls back to the switch's new therapy, and is none when nothing was recorded", () => {
    const switched = v(2, 2, { therapy_switch: { is_continuing_therapy: false, new_therapy: "guselkumab" } });
    expect(currentTherapy([v(1, 1, { current_therapy: "adalimumab" }), switched], pair)).toBe("guselkumab");
    expect(currentTherapy([v(1, 1, {})], pair)).toBeNull();
    expect(currentTherapy([], pair)).toBeNull();
    // Without lines, the latest visit.
    expect(
      currentTherapy([v(1, null, { current_therapy: "a" }), v(2, null, { current_therapy: "b" })], pair),
    ).toBe("b");
  });
});

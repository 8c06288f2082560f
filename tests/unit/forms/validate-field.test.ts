import { describe, expect, it } from "vitest";
import { isCalendarDate, isCalendarMonth, MAX_PATTERN_INPUT_LENGTH, type ValidatedField } from "@/lib/forms";
// The engine's messages in English words (its references read with the en catalogue).
import { validateFieldValue } from "@/tests/support/engine-words";

const OPTIONS = [
  { value: "a", label: "Alpha" },
  { value: "b", label: "Beta" },
];

/** The messages for one value (empty list = valid). */
function msgs(
  field: Partial<ValidatedField> & Pick<ValidatedField, "type">,
  value: unknown,
  required = false,
) {
  return validateFieldValue({ label: "Score", ...field }, value, { required }).map((i) => i.msg);
}

describe("required", () => {
  it.each([undefined, null, "", "   ", [], NaN])("%j is missing", (value) => {
    expect(validateFieldValue({ type: "text", label: "Name" }, value, { required: true })).toEqual([
      { path: [], msg: "Name is required", type: "missing" },
    ]);
  });

  it("says so for an empty array field and an empty multiselect", () => {
    expect(msgs({ type: "array", label: "Previous biologics" }, [], true)).toEqual([
      "Previous biologics is required",
    ]);
    expect(msgs({ type: "multiselect", options: OPTIONS }, [], true)).toEqual(["Score is required"]);
  });

  it("accepts false as a value of a required boolean or checkbox", () => {
    expect(msgs({ type: "boolean" }, false, true)).toEqual([]);
    expect(msgs({ type: "checkbox" }, false, true)).toEqual([]);
    expect(msgs({ type: "boolean" }, undefined, true)).toEqual(["Score is required"]);
  });

  it("skips every other check for an empty optional value", () => {
    expect(msgs({ type: "number", validation: { min: 5 } }, "")).toEqual([]);
    expect(msgs({ type: "text", validation: { min_length: 3, pattern: "^x$" } }, "  ")).toEqual([]);
    expect(msgs({ type: "date" }, null)).toEqual([]);
  });

  it("is the only check for an unknown field type", () => {
    expect(msgs({ type: "signature" }, { anything: true })).toEqual([]);
    expect(msgs({ type: "signature" }, undefined, true)).toEqual(["Score is required"]);
  });
});

describe("number", () => {
  const score = { type: "number", validation: { min: 0, max: 72 } } as const;

  it("checks min and max inclusively with the spec's messages", () => {
    expect(msgs(score, 0)).toEqual([]);
    expect(msgs(score, 72)).toEqual([]);
    expect(msgs(score, 12.5)).toEqual([]);
    expect(validateFieldValue({ label: "PASI", ...score }, -0.1, { required: false })).toEqual([
      { path: [], msg: "PASI must be at least 0", type: "too_small" },
    ]);
    expect(msgs({ ...score, label: "PASI" }, 72.1)).toEqual(["PASI must be at most 72"]);
    expect(msgs({ type: "number", validation: { min: 0.5 } }, 0.25)).toEqual(["Score must be at least 0.5"]);
  });

  it("wants a number under the shared rule: padded or localised text, booleans and Infinity are refused", () => {
    for (const bad of [
      " 12",
      "12 ",
      "1,5",
      "+1",
      "5.",
      "0x1",
      "Infinity",
      true,
      Infinity,
      NaN.toString(),
      [1],
      {},
    ])
      expect(msgs(score, bad)).toEqual(["Score must be a number"]);
  });

  it("reads strict decimal text as its number, limits included", () => {
    expect(msgs(score, "12")).toEqual([]);
    expect(msgs(score, "-0.5")).toEqual(["Score must be at least 0"]);
    expect(msgs(score, "7.2e1")).toEqual([]);
    expect(msgs(score, "72.5")).toEqual(["Score must be at most 72"]);
  });
});

describe("text, textarea, email", () => {
  it("checks lengths in characters with the spec's messages", () => {
    const note = { type: "textarea", label: "Note", validation: { min_length: 3, max_length: 5 } } as const;
    expect(msgs(note, "abc")).toEqual([]);
    expect(msgs(note, "ab")).toEqual(["Note must be at least 3 characters"]);
    expect(msgs(note, "abcdef")).toEqual(["Note must be at most 5 characters"]);
    expect(msgs(note, "😀😀😀")).toEqual([]); // three characters, six UTF-16 units
  });

  it("checks the pattern: 'format is invalid'", () => {
    const code = { type: "text", label: "Code", validation: { pattern: "^[A-Z]{2}-[0-9]{6}$" } } as const;
    expect(msgs(code, "MI-004512")).toEqual([]);
    expect(validateFieldValue(code, "mi-004512", { required: false })).toEqual([
      { path: [], msg: "Code format is invalid", type: "pattern_mismatch" },
    ]);
  });

  it("fails closed on a pattern that does not compile (the config rules refuse it), without throwing", () => {
    expect(msgs({ type: "text", validation: { pattern: "([unclosed" } }, "anything")).toEqual([
      "Score format is invalid",
    ]);
  });

  it("fails the pattern for strings beyond the length it is run on", () => {
    const field = { type: "textarea", validation: { pattern: "^a*$" } } as const;
    expect(msgs(field, "a".repeat(MAX_PATTERN_INPUT_LENGTH))).toEqual([]);
    expect(msgs(field, "a".repeat(MAX_PATTERN_INPUT_LENGTH + 1))).toEqual(["Score format is invalid"]);
  });

  it("checks the email format", () => {
    const email = { type: "email", label: "Contact" } as const;
    for (const good of [
      "a@b.co",
      "pharmacovigilance@psoriasis-registry.example.org",
      "x.y+z@sub.domain.it",
    ]) {
      expect(msgs(email, good)).toEqual([]);
    }
    for (const bad of ["a@b", "a b@c.de", "@c.de", "a@.de", "a@b..de", "a@@b.de", "plain"]) {
      expect(msgs(email, bad)).toEqual(["Contact must be a valid email address"]);
    }
    expect(msgs({ ...email, validation: { max_length: 6 } }, "a@b.com")).toEqual([
      "Contact must be at most 6 characters",
    ]);
  });

  it("wants strings", () => {
    expect(msgs({ type: "text" }, 12)).toEqual(["Score must be text"]);
    expect(msgs({ type: "textarea" }, ["a"])).toEqual(["Score must be text"]);
    expect(msgs({ type: "email" }, true)).toEqual(["Score must be text"]);
  });
});

describe("date and month", () => {
  it("accepts real calendar dates only", () => {
    for (const good of ["2024-02-29", "2000-02-29", "2025-12-31", "0001-01-01"])
      expect(isCalendarDate(good)).toBe(true);
    for (const bad of [
      "2023-02-29",
      "1900-02-29",
      "2025-04-31",
      "2025-13-01",
      "2025-00-10",
      "0000-01-01",
      "2025-1-01",
    ]) {
      expect(isCalendarDate(bad)).toBe(false);
    }
    expect(msgs({ type: "date", label: "Onset" }, "2025-02-30")).toEqual(["Onset must be a valid date"]);
    expect(msgs({ type: "date" }, "2025-02-03T00:00:00Z")).toEqual(["Score must be a valid date"]);
    expect(msgs({ type: "date" }, 20250203)).toEqual(["Score must be a valid date"]);
  });

  it("accepts YYYY-MM months only", () => {
    expect(isCalendarMonth("2024-01")).toBe(true);
    for (const bad of ["2024-13", "2024-00", "2024-1", "2024-01-01", "0000-05"])
      expect(isCalendarMonth(bad)).toBe(false);
    expect(msgs({ type: "month", label: "Start" }, "2024/01")).toEqual(["Start must be a valid month"]);
  });
});

describe("select, radio, multiselect", () => {
  it("accepts only listed option values (strings)", () => {
    for (const type of ["select", "radio"]) {
      expect(msgs({ type, options: OPTIONS }, "a")).toEqual([]);
      expect(msgs({ type, options: OPTIONS }, "Alpha")).toEqual(["Score must be one of the listed options"]);
      expect(msgs({ type, options: OPTIONS }, ["a"])).toEqual(["Score must be one of the listed options"]);
    }
    expect(msgs({ type: "select", options: [{ value: "3", label: "3" }] }, 3)).toEqual([
      "Score must be one of the listed options",
    ]);
  });

  it("accepts any text when the field lists no options", () => {
    expect(msgs({ type: "radio" }, "free")).toEqual([]);
    expect(msgs({ type: "radio", options: [] }, 5)).toEqual(["Score must be one of the listed options"]);
  });

  it("wants a multiselect to be a list of option values", () => {
    expect(msgs({ type: "multiselect", options: OPTIONS }, ["a", "b"])).toEqual([]);
    expect(msgs({ type: "multiselect", options: OPTIONS }, ["a", "z"])).toEqual([
      "Score must be one of the listed options",
    ]);
    expect(msgs({ type: "multiselect", options: OPTIONS }, "a")).toEqual(["Score must be a list"]);
  });
});

describe("boolean and checkbox", () => {
  it("want true or false", () => {
    for (const type of ["boolean", "checkbox"]) {
      expect(msgs({ type }, true)).toEqual([]);
      for (const bad of ["true", 1, 0, "yes"])
        expect(msgs({ type }, bad)).toEqual(["Score must be yes or no"]);
    }
  });
});

describe("array rows", () => {
  const history: ValidatedField = {
    type: "array",
    label: "Previous biologics",
    schema: {
      drug: { type: "select", label: "Drug", options: OPTIONS, validation: { required: true } },
      dose: { type: "number", label: "Dose", validation: { min: 1 } },
      notes: { type: "text", label: "Notes", validation: { max_length: 3 } },
    },
  };

  it("validates each row per sub-field, with the sub-field label and a row path", () => {
    const issues = validateFieldValue(
      history,
      [{ drug: "a", dose: 2 }, { dose: 0, notes: "long" }, { drug: "zz" }],
      {
        required: true,
      },
    );
    expect(issues).toEqual([
      { path: [1, "drug"], msg: "Drug is required", type: "missing" },
      { path: [1, "dose"], msg: "Dose must be at least 1", type: "too_small" },
      { path: [1, "notes"], msg: "Notes must be at most 3 characters", type: "too_long" },
      { path: [2, "drug"], msg: "Drug must be one of the listed options", type: "invalid_option" },
    ]);
  });

  it("wants a list of objects", () => {
    expect(msgs(history, { drug: "a" })).toEqual(["Previous biologics must be a list"]);
    expect(validateFieldValue(history, [{ drug: "a" }, "row", null, ["a"]], { required: false })).toEqual([
      { path: [1], msg: "Previous biologics row 2 is invalid", type: "type_error" },
      { path: [2], msg: "Previous biologics row 3 is invalid", type: "type_error" },
      { path: [3], msg: "Previous biologics row 4 is invalid", type: "type_error" },
    ]);
  });

  it("reads row cells from own keys only", () => {
    const protoField: ValidatedField = {
      type: "array",
      label: "Rows",
      schema: { constructor: { type: "text", label: "Ctor", validation: { required: true } } },
    };
    expect(validateFieldValue(protoField, [{}], { required: false }).map((i) => i.msg)).toEqual([
      "Ctor is required",
    ]);
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { messageList, messageRef, readMessageRef, wordsOf } from "@/lib/i18n/message-ref";

describe("message references", () => {
  it("carry a key and its values, text and numbers alike, through one string", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z][a-zA-Z]*(\.[a-z][a-zA-Z]*){0,3}$/),
        fc.dictionary(
          fc.stringMatching(/^[a-z][a-zA-Z]{0,10}$/),
          fc.oneof(
            fc.string(),
            fc.integer(),
            fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => (x === 0 ? 0 : x)),
          ),
        ),
        (key, values) => {
          expect(readMessageRef(messageRef(key, values))).toEqual({ key, values });
        },
      ),
      { numRuns: 300 },
    );
  });

  it("leave other text alone", () => {
    expect(readMessageRef("Psoriasis onset is required")).toBeNull();
    const t = (key: string, values?: Record<string, string | number>) => `${key}:${JSON.stringify(values)}`;
    expect(wordsOf("Plain words", t, "en")).toBe("Plain words");
    expect(wordsOf(messageRef("forms.required", { label: "Sesso" }), t, "en")).toBe(
      'forms.required:{"label":"Sesso"}',
    );
  });

  it("put a value that is itself a reference into words first", () => {
    const t = (key: string, values?: Record<string, string | number>) =>
      key === "api.labels.birthDate" ? "Data di nascita" : `${key}:${JSON.stringify(values)}`;
    const nested = messageRef("api.common.required", { label: messageRef("api.labels.birthDate"), n: 2 });
    expect(wordsOf(nested, t, "en")).toBe('api.common.required:{"label":"Data di nascita","n":2}');
  });

  it("join messages so that each is put into words on its own", () => {
    const t = (key: string, values?: Record<string, string | number>) =>
      key === "api.common.list" ? `${values!.first}; ${values!.rest}` : key === "api.x" ? "Ics" : key;
    expect(wordsOf(messageList(["Plain", messageRef("api.x"), "Last"]), t, "en")).toBe("Plain; Ics; Last");
    expect(wordsOf(messageList(["Only"]), t, "en")).toBe("Only");
    expect(messageList([])).toBe("");
  });
});

/**
 * zod's own messages as references (lib/schemas/zod-messages.ts, decision 0021): in English they
 * are zod's English words, in Italian the catalogue's.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { zodMessage } from "@/lib/schemas/zod-messages";
import { wordsIn } from "@/tests/support/words-in";

const CASES: [string, z.ZodType, unknown][] = [
  ["a wrong type", z.object({ name: z.string() }), { name: 3 }],
  ["a missing key", z.object({ name: z.string() }), {}],
  ["an infinite number", z.number(), Number.POSITIVE_INFINITY],
  ["a literal", z.literal("yes"), "no"],
  ["an enum", z.enum(["a", "b"]), "c"],
  ["a short string", z.string().min(3), "ab"],
  ["a long string", z.string().max(2), "abc"],
  ["a string of exact length", z.string().length(2), "abc"],
  ["a short array", z.array(z.number()).min(1), []],
  ["a large number", z.number().max(10), 11],
  ["a small exclusive number", z.number().gt(0), 0],
  ["an exact small number", z.number().int().min(5).max(5), 4],
  ["an email", z.email(), "nope"],
  ["a URL", z.url(), "nope"],
  ["a UUID", z.uuid(), "nope"],
  ["a pattern", z.string().regex(/^[a-z]+$/), "A"],
  ["a prefix", z.string().startsWith("ab"), "x"],
  ["a multiple", z.number().multipleOf(5), 3],
  ["unknown keys", z.strictObject({}), { a: 1, b: 2 }],
  ["one unknown key", z.strictObject({}), { a: 1 }],
  ["a union", z.union([z.string(), z.number()]), true],
  ["a record key", z.record(z.enum(["a"]), z.number()), { b: 1 }],
  ["a date", z.iso.date(), "2024-02-31"],
];

describe("zod's own messages as references", () => {
  it.each(CASES)("read as zod's English words: %s", (_, schema, input) => {
    const plain = schema.safeParse(input);
    const mapped = schema.safeParse(input, { error: zodMessage });
    expect(plain.success).toBe(false);
    const english = mapped.error!.issues.map((issue) => wordsIn("en")(issue.message));
    expect(english).toEqual(plain.error!.issues.map((issue) => issue.message));
    expect(mapped.error!.issues.every((issue) => issue.message.startsWith("i18n:api.zod."))).toBe(true);
  });

  it("read in Italian", () => {
    const italian = wordsIn("it");
    const message = (schema: z.ZodType, input: unknown) =>
      italian(schema.safeParse(input, { error: zodMessage }).error!.issues[0]!.message);
    expect(message(z.object({ name: z.string() }), {})).toBe(
      "Valore non valido: atteso string, ricevuto undefined",
    );
    expect(message(z.string().max(2), "abc")).toBe("Troppo grande: string deve avere <=2 caratteri");
    expect(message(z.strictObject({}), { a: 1, b: 2 })).toBe('Chiavi non riconosciute: "a", "b"');
    expect(message(z.email(), "x")).toBe("Indirizzo email non valido");
  });

  it("leave a schema's own message alone", () => {
    const result = z.string().min(1, "Name is required").safeParse("", { error: zodMessage });
    expect(result.error!.issues[0]!.message).toBe("Name is required");
  });
});

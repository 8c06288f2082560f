import { describe, expect, it, vi } from "vitest";
import { GET as openapi } from "@/app/api/openapi.json/route";
import { call } from "./helpers";

// Counts the zod → JSON Schema conversions (the costly part of building the document); zod itself
// is unchanged. An ES module namespace cannot be spied on in place, hence the wrapping here.
const conversions = vi.hoisted(() => ({ count: 0 }));
vi.mock("zod", async (importOriginal) => {
  const original = await importOriginal<typeof import("zod")>();
  const toJSONSchema = ((...args: Parameters<typeof original.z.toJSONSchema>) => {
    conversions.count++;
    return original.z.toJSONSchema(...args);
  }) as typeof original.z.toJSONSchema;
  return { ...original, toJSONSchema, z: { ...original.z, toJSONSchema } };
});

describe("GET /api/openapi.json", () => {
  it("is generated once per process, not on every request", async () => {
    const first = await call(openapi);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toContain("application/json");
    expect(conversions.count).toBeGreaterThan(0);
    const afterFirst = conversions.count;
    for (let i = 0; i < 3; i++) expect((await call(openapi)).json).toEqual(first.json);
    expect(conversions.count).toBe(afterFirst);
  });
});

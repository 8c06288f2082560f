import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GET as openapi } from "@/app/api/openapi.json/route";
import { API_CONTRACTS } from "@/lib/schemas/api-contracts";
import { call } from "./helpers";

// A loose view of the generated document, enough for these assertions.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON of arbitrary depth
type OpenApiOperation = any;

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return name === "route.ts" ? [full] : [];
  });
}

/** app/api/studies/[id]/route.ts → /api/studies/{id} */
function toOpenApiPath(file: string): string {
  const relative = path.relative("app", path.dirname(file)).split(path.sep);
  return `/${relative.map((segment) => segment.replace(/^\[(.+)\]$/, "{$1}")).join("/")}`;
}

describe("GET /api/openapi.json", () => {
  it("documents every endpoint with schemas generated from zod", async () => {
    const res = await call(openapi);
    expect(res.status).toBe(200);
    const doc = res.json as { openapi: string; paths: Record<string, Record<string, OpenApiOperation>> };
    expect(doc.openapi).toBe("3.0.3");
    const loginOp = doc.paths["/api/auth/login"]!.post;
    expect(loginOp.requestBody.content["application/json"].schema).toMatchObject({
      type: "object",
      required: ["email", "password"],
    });
    expect(
      doc.paths["/api/auth/me"]!.get.responses["200"].content["application/json"].schema.properties,
    ).toHaveProperty("role_level");
    expect(
      doc.paths["/api/auth/me"]!.get.responses["200"].content["application/json"].schema.properties,
    ).not.toHaveProperty("password_hash");
  });

  it("has a contract for every exported method of every route file, and no contract without a route", async () => {
    const implemented = new Set<string>();
    for (const file of routeFiles("app/api")) {
      if (file.includes("[...nextauth]")) continue; // next-auth's own browser endpoints
      const mod = (await import(path.resolve(file))) as Record<string, unknown>;
      for (const method of METHODS)
        if (typeof mod[method] === "function") implemented.add(`${method} ${toOpenApiPath(file)}`);
    }
    const documented = new Set(API_CONTRACTS.map((c) => `${c.method} ${c.path}`));
    expect([...implemented].sort()).toEqual([...documented].sort());
  });
});

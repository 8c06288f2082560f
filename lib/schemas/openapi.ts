import { z } from "zod";
import { API_CONTRACTS } from "./api-contracts";

const ERROR_SCHEMA = {
  type: "object",
  properties: {
    detail: {
      oneOf: [
        { type: "string" },
        {
          type: "array",
          items: {
            type: "object",
            properties: {
              loc: { type: "array", items: { type: ["string", "integer"] } },
              msg: { type: "string" },
              type: { type: "string" },
              // Decision 0024: a refused soft warning (type "plausibility_warning") names its code.
              code: {
                type: "string",
                description:
                  "On an entry of type \"plausibility_warning\": the warning's stable code (visit_date_order, age_over_110, soft_range:<field>); send it in the body's confirmed_warnings to save anyway",
              },
            },
          },
        },
      ],
    },
  },
  required: ["detail"],
};

const toJson = (schema: z.ZodType, io: "input" | "output") =>
  z.toJSONSchema(schema, { io, unrepresentable: "any", target: "openapi-3.0" });

/** OpenAPI 3 document generated from the same zod schemas the routes parse with. */
export function buildOpenApiDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const contract of API_CONTRACTS) {
    const status = String(contract.status ?? 200);
    paths[contract.path] ??= {};
    paths[contract.path]![contract.method.toLowerCase()] = {
      summary: contract.summary,
      ...(contract.auth ? { security: [{ bearer: [] }, { cookie: [] }] } : { security: [] }),
      ...(contract.multipart
        ? {
            requestBody: {
              required: true,
              content: {
                "multipart/form-data": {
                  // The form's other fields, when the contract names them beside the file.
                  schema: multipartSchema(contract.body ? toJson(contract.body, "input") : null),
                },
              },
            },
          }
        : contract.body
          ? {
              requestBody: {
                required: true,
                content: { "application/json": { schema: toJson(contract.body, "input") } },
              },
            }
          : {}),
      responses: {
        [status]: {
          description: "Success",
          ...(contract.response
            ? { content: { "application/json": { schema: toJson(contract.response, "output") } } }
            : {}),
        },
        default: { description: "Error", content: { "application/json": { schema: ERROR_SCHEMA } } },
      },
    };
  }
  return {
    openapi: "3.0.3",
    info: { title: "Clinical Data Registry API", version: "0.1.0" },
    servers: [{ url: "/" }],
    components: {
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          description:
            "A JWT from POST /api/auth/login, or a personal API token (crt_…) made in the account screen or with POST /api/auth/tokens: one study, read or write within the user's role there, never the account or administration endpoints",
        },
        cookie: { type: "apiKey", in: "cookie", name: "next-auth.session-token" },
      },
    },
    paths,
  };
}

let cachedJson: string | undefined;

/**
 * The document as JSON text, generated once per process: the contracts are fixed at build time, and
 * converting every zod schema on each request capped the endpoint near 57 req/s.
 */
export function openApiDocumentJson(): string {
  cachedJson ??= JSON.stringify(buildOpenApiDocument());
  return cachedJson;
}

function multipartSchema(fields: Record<string, unknown> | null): Record<string, unknown> {
  const properties = (fields?.properties ?? {}) as Record<string, unknown>;
  const required = Array.isArray(fields?.required) ? (fields.required as string[]) : [];
  return {
    type: "object",
    properties: { file: { type: "string", format: "binary" }, ...properties },
    required: fields ? required : ["file"],
  };
}

import "server-only";
import type { z, ZodType } from "zod";
import { zodMessage } from "@/lib/schemas/zod-messages";
import { ApiError, type ValidationIssue } from "./errors";

/**
 * A part of a request (path, query, JSON body, a multipart form's fields) parsed with its zod
 * schema: the value, or a 422 naming each refused place (`loc`) in zod's messages as catalogue
 * references, put into the caller's words with the rest (decision 0021). The route wrapper and a
 * handler that reads its own body (a multipart upload) share it.
 */
export function parseRequestPart<T>(schema: ZodType<T> | undefined, input: unknown, location: string): T {
  if (!schema) return undefined as T;
  const result = schema.safeParse(input, { error: zodMessage });
  if (!result.success) throw new ApiError("validation", zodIssues(result.error, location));
  return result.data;
}

function zodIssues(error: z.ZodError, location: string): ValidationIssue[] {
  return error.issues.map((issue) => ({
    loc: [location, ...issue.path.map((p) => (typeof p === "number" ? p : String(p)))],
    msg: issue.message,
    type: issue.code,
  }));
}

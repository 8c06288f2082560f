import { serverIssues } from "@/lib/client/apply-server-errors";

export type FieldIssues = Record<string, string>;

/**
 * A 422's issues by where they point: `top` for body keys (visit_number, visit_date...), `data`
 * for data_fields.<name>, `switch` for data_fields.therapy_switch.<name>. Empty for other errors.
 */
export function issuesByField(error: unknown): { top: FieldIssues; data: FieldIssues; switch: FieldIssues } {
  const out = { top: {} as FieldIssues, data: {} as FieldIssues, switch: {} as FieldIssues };
  for (const issue of serverIssues(error)) {
    const [, first, second, third] = issue.loc.map(String);
    if (first === "data_fields" && second === "therapy_switch" && third) out.switch[third] ??= issue.msg;
    else if (first === "data_fields" && second) out.data[second] ??= issue.msg;
    else if (first) out.top[first] ??= issue.msg;
  }
  return out;
}

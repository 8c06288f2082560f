import { ApiClientError } from "@/lib/client/api-fetch";
import { isStaleWriteDetail } from "@/lib/schemas/versioning";
import { errorText } from "./format";

/** A refused reasoned save: stale (409, offer Reload) or anything else with its detail (e.g. 423). */
export type SaveRefusal = { stale: boolean; detail: string; error: unknown };

export function saveRefusal(error: unknown): SaveRefusal {
  const stale = error instanceof ApiClientError && error.status === 409 && isStaleWriteDetail(error.detail);
  return { stale, detail: errorText(error), error };
}

import "server-only";
import { headers } from "next/headers";
import { cache } from "react";
import { getDb } from "@/db/client";
import { requestMeta } from "../api/request-meta";
import { withRequestId } from "../api/request-context";
import { pageRequestId, requirePageActor } from "../auth/page-session";
import { openStudyArea } from "./study-service";

/**
 * The study area of the current request, once per request: the layout and the page both ask, and
 * Next renders them in parallel (one lookup, and at most one audited refusal).
 */
export const currentStudyArea = cache(async (studyCode: string) => {
  const actor = await requirePageActor();
  const db = await getDb();
  const meta = requestMeta(await headers());
  // The page's request id (from proxy.ts) names the log lines the lookup may write.
  const requestId = (await pageRequestId()) ?? "-";
  const area = await withRequestId(requestId, () =>
    openStudyArea(db, actor, decodeURIComponent(studyCode), meta),
  );
  return { actor, area };
});

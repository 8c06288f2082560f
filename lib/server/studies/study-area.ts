import "server-only";
import { headers } from "next/headers";
import { cache } from "react";
import { getDb } from "@/db/client";
import { requestMeta } from "../api/request-meta";
import { requirePageActor } from "../auth/page-session";
import { openStudyArea } from "./study-service";

/**
 * The study area of the current request, once per request: the layout and the page both ask, and
 * Next renders them in parallel (one lookup, and at most one audited refusal).
 */
export const currentStudyArea = cache(async (studyCode: string) => {
  const actor = await requirePageActor();
  const area = await openStudyArea(
    await getDb(),
    actor,
    decodeURIComponent(studyCode),
    requestMeta(await headers()),
  );
  return { actor, area };
});

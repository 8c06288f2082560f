import "server-only";
import { headers } from "next/headers";
import { cache } from "react";
import { getDb } from "@/db/client";
import { requestMeta } from "../api/request-meta";
import { withRequestId } from "../api/request-context";
import { pageRequestId, requirePageActor } from "../auth/page-session";
import { requestLocale } from "../i18n/request-locale";
import { translatorFor } from "../i18n/translator";
import { configIn } from "@/lib/i18n/study-config-language";
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
  // An unreadable configuration's detail is a message reference: in the page's words (decision 0021).
  if (area?.kind === "unreadable") {
    const { words } = await translatorFor(await requestLocale());
    return { actor, area: { ...area, detail: words(area.detail) } };
  }
  if (!area) return { actor, area };
  // The study's own words in the reader's language, else the other (decision 0022).
  const config = configIn(area.study.config, await requestLocale());
  return { actor, area: { ...area, study: { ...area.study, config } } };
});

"use client";

import { errorOfPayload, redirectToSignIn } from "./api-fetch";
import { attachmentName, saveFile } from "./save-download";

/**
 * Downloads the threads of the study's queries selected by the Queries page's filters as the
 * server names the file ({code}_queries_{timestamp}.csv; docs/decisions/0030). A refusal throws the
 * server's `detail`, as apiFetch does.
 */
export async function downloadQueriesCsv(studyId: number, filters: Record<string, string>): Promise<void> {
  const params = new URLSearchParams({ study_id: String(studyId), ...filters });
  const response = await fetch(`/api/queries/export?${params}`, { credentials: "same-origin" });
  if (response.status === 401) redirectToSignIn();
  if (!response.ok) throw errorOfPayload(response.status, await response.json().catch(() => null));
  saveFile(await response.blob(), attachmentName(response, "queries.csv"));
}

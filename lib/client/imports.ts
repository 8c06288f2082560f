"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ImportJobListResponse, ImportJobResponse, ImportJobState } from "@/lib/schemas/import-jobs";
import type { ImportFormat } from "@/lib/imports/import-formats";
import { apiFetch } from "./api-fetch";
import { queryKeys } from "./query-keys";

/**
 * The Imports screen's calls (docs/decisions/0037-bulk-import.md): start a preview or an apply
 * (multipart), poll a job while it runs, cancel it, list the study's jobs.
 */

/** How often a running job (and a list holding one) is read again. */
export const IMPORT_POLL_MS = 1000;

/** A job that will still move: it is polled until it leaves these states. */
export function isImportActive(state: ImportJobState): boolean {
  return state === "queued" || state === "running";
}

/** A new file to preview, or the file of a finished preview to apply. */
export type ImportStart =
  | { mode: "preview"; format: ImportFormat; file: File }
  | { mode: "apply"; format: ImportFormat; previewJobId: number };

/**
 * The multipart body of a start. The browser writes the content type with its boundary (a type set
 * here would lack it); the same-origin cookie and the Origin header the browser adds to every POST
 * are the CSRF check's, as for apiFetch's JSON writes.
 */
export function importStartForm(start: ImportStart): FormData {
  const form = new FormData();
  form.set("format", start.format);
  form.set("mode", start.mode);
  if (start.mode === "apply") form.set("preview_job_id", String(start.previewJobId));
  else form.set("file", start.file, start.file.name);
  return form;
}

/** Where the CSV of all a job's issues is downloaded (the answer lists the first 200 only). */
export function importIssuesUrl(studyId: number, jobId: number): string {
  return `/api/studies/${studyId}/imports/${jobId}/issues`;
}

export function useImportJobs(studyId: number) {
  return useQuery({
    queryKey: queryKeys.imports.list(studyId),
    queryFn: () => apiFetch<ImportJobListResponse>(`/studies/${studyId}/imports`),
    // While one of them runs, its row follows it.
    refetchInterval: (query) =>
      query.state.data?.items.some((job) => isImportActive(job.state)) ? IMPORT_POLL_MS : false,
  });
}

/** One job, polled while it is queued or running and left alone once it has finished. */
export function useImportJob(studyId: number, jobId: number) {
  return useQuery({
    queryKey: queryKeys.imports.job(studyId, jobId),
    queryFn: () => apiFetch<ImportJobResponse>(`/studies/${studyId}/imports/${jobId}`),
    refetchInterval: (query) =>
      query.state.data && isImportActive(query.state.data.state) ? IMPORT_POLL_MS : false,
  });
}

/** The job's answer becomes its cached state at once; the list is read again with it. */
function useRememberJob(studyId: number) {
  const client = useQueryClient();
  return (job: ImportJobResponse) => {
    client.setQueryData(queryKeys.imports.job(studyId, job.id), job);
    return client.invalidateQueries({ queryKey: queryKeys.imports.list(studyId) });
  };
}

export function useStartImport(studyId: number) {
  const remember = useRememberJob(studyId);
  return useMutation({
    mutationFn: (start: ImportStart) =>
      apiFetch<ImportJobResponse>(`/studies/${studyId}/imports`, {
        method: "POST",
        body: importStartForm(start),
      }),
    onSuccess: remember,
  });
}

export function useCancelImport(studyId: number, jobId: number) {
  const remember = useRememberJob(studyId);
  return useMutation({
    mutationFn: () =>
      apiFetch<ImportJobResponse>(`/studies/${studyId}/imports/${jobId}/cancel`, { method: "POST" }),
    onSuccess: remember,
  });
}

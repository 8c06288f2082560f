"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReviewEntity } from "@/lib/schemas/data-review";
import type { VerifyBody } from "@/lib/schemas/review-requests";
import { apiFetch } from "./api-fetch";
import { patientDetailKeys, queryKeys } from "./query-keys";

/** One data-review step on a patient's page (decision 0031): verify fields, or mark complete. */
export type ReviewStep =
  | { kind: "verify"; entity: ReviewEntity; id: number; fields: VerifyBody["fields"] }
  | { kind: "complete"; entity: ReviewEntity; id: number };

const path = (entity: ReviewEntity, id: number, step: string) =>
  `/${entity === "visit" ? "visits" : "patients"}/${id}/${step}`;

/**
 * A review step changes the record (its version, status and verification), the patient's audit
 * trail, the lists' badges and the dashboard's counts: all are refetched, as after a visit write.
 */
export function useReviewStep(patientId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (step: ReviewStep) =>
      apiFetch<unknown>(path(step.entity, step.id, step.kind), {
        method: "POST",
        ...(step.kind === "verify" ? { json: { fields: step.fields } } : {}),
      }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: patientDetailKeys.visits(patientId) }),
        client.invalidateQueries({ queryKey: patientDetailKeys.patient(patientId) }),
        client.invalidateQueries({ queryKey: patientDetailKeys.auditTrail(patientId) }),
        client.invalidateQueries({ queryKey: queryKeys.patients.all }),
        client.invalidateQueries({ queryKey: queryKeys.reports.all }),
      ]),
  });
}

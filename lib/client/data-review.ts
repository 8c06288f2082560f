"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReviewEntity } from "@/lib/schemas/data-review";
import type { VerifyBody } from "@/lib/schemas/review-requests";
import { apiFetch } from "./api-fetch";
import { refetchAfterPatientWrite } from "./visits";

/** One data-review step on a patient's page (decision 0031): verify fields, or mark complete. */
export type ReviewStep =
  | { kind: "verify"; entity: ReviewEntity; id: number; fields: VerifyBody["fields"] }
  | { kind: "complete"; entity: ReviewEntity; id: number };

const path = (entity: ReviewEntity, id: number, step: string) =>
  `/${entity === "visit" ? "visits" : "patients"}/${id}/${step}`;

/** Sends one review step (the patient page's buttons, the SDV page's "Verify all checked"). */
export function sendReviewStep(step: ReviewStep): Promise<unknown> {
  return apiFetch<unknown>(path(step.entity, step.id, step.kind), {
    method: "POST",
    ...(step.kind === "verify" ? { json: { fields: step.fields } } : {}),
  });
}

/** A review step, then the patient's page, the lists and the dashboard refetched (lib/client/visits.ts). */
export function useReviewStep(patientId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendReviewStep,
    onSuccess: () => refetchAfterPatientWrite(client, patientId),
  });
}

"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { LockStateResponse } from "@/lib/schemas/data-lock";
import { apiFetch } from "./api-fetch";
import { queryKeys } from "./query-keys";
import { refetchAfterPatientWrite } from "./visits";

/**
 * Freezing or unfreezing a patient (docs/decisions/0034-patient-and-study-lock.md): the page's
 * patient, visits and trail are read again, so every write control follows the new state.
 */
export function useFreezePatient(patientId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ frozen, reason }: { frozen: boolean; reason: string }) =>
      apiFetch<LockStateResponse>(`/patients/${patientId}/${frozen ? "lock" : "unlock"}`, {
        method: "POST",
        json: { reason },
      }),
    onSuccess: () => refetchAfterPatientWrite(client, patientId),
  });
}

/** Locking or unlocking a whole study (administrators); the study is read again. */
export function useLockStudy(studyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ locked, reason }: { locked: boolean; reason: string }) =>
      apiFetch<LockStateResponse>(`/studies/${studyId}/${locked ? "lock" : "unlock"}`, {
        method: "POST",
        json: { reason },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.studies.all }),
  });
}

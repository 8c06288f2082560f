"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SignatureListResponse, SignatureResponse, SignBody } from "@/lib/schemas/signatures";
import { apiFetch } from "./api-fetch";
import { patientDetailKeys } from "./query-keys";
import { refetchAfterPatientWrite } from "./visits";

/** Every signature of a patient with its state, and what the reader's next signature asks (decision 0032). */
export function usePatientSignatures(patientId: number) {
  return useQuery({
    queryKey: patientDetailKeys.signatures(patientId),
    queryFn: () => apiFetch<SignatureListResponse>(`/patients/${patientId}/signatures`),
  });
}

export type SignTarget = { kind: "patient"; id: number } | { kind: "visit"; id: number };

/** Signs the casebook or a visit; the patient's page (its trail and signatures) is read again. */
export function useSign(patientId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ target, body }: { target: SignTarget; body: SignBody }) =>
      apiFetch<SignatureResponse>(
        `/${target.kind === "visit" ? "visits" : "patients"}/${target.id}/signatures`,
        {
          method: "POST",
          json: body,
        },
      ),
    onSuccess: () => refetchAfterPatientWrite(client, patientId),
  });
}

"use client";

import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { VisitCreateBody, VisitResponse, VisitUpdateBody } from "@/lib/schemas/visits";
import { apiFetch } from "./api-fetch";
import { patientDetailKeys, queryKeys } from "./query-keys";

export function usePatientVisits(patientId: number) {
  return useQuery({
    queryKey: patientDetailKeys.visits(patientId),
    queryFn: () => apiFetch<VisitResponse[]>(`/visits/patient/${patientId}`),
  });
}

/**
 * Every visit write changes the patient's visit list (calculations of later visits may be
 * recomputed too), the patient's maintained dates (enrolment, next visit due), its audit trail,
 * and the study's figures (dashboard, therapy lines): all are refetched. A data-review step
 * (decision 0031) changes the same things and refetches them the same way.
 */
export function refetchAfterPatientWrite(client: QueryClient, patientId: number) {
  return Promise.all([
    client.invalidateQueries({ queryKey: patientDetailKeys.visits(patientId) }),
    client.invalidateQueries({ queryKey: patientDetailKeys.patient(patientId) }),
    client.invalidateQueries({ queryKey: patientDetailKeys.auditTrail(patientId) }),
    client.invalidateQueries({ queryKey: patientDetailKeys.signatures(patientId) }),
    client.invalidateQueries({ queryKey: queryKeys.patients.all }),
    client.invalidateQueries({ queryKey: queryKeys.reports.all }),
  ]);
}

function useVisitMutation<Input>(patientId: number, send: (input: Input) => Promise<VisitResponse>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => refetchAfterPatientWrite(client, patientId) });
}

export function useCreateVisit(patientId: number) {
  return useVisitMutation(patientId, (body: VisitCreateBody) =>
    apiFetch<VisitResponse>("/visits", { method: "POST", json: body }),
  );
}

export function useUpdateVisit(patientId: number) {
  return useVisitMutation(patientId, ({ id, body }: { id: number; body: VisitUpdateBody }) =>
    apiFetch<VisitResponse>(`/visits/${id}`, { method: "PUT", json: body }),
  );
}

export function useLockVisit(patientId: number) {
  return useVisitMutation(patientId, (id: number) =>
    apiFetch<VisitResponse>(`/visits/${id}/lock`, { method: "POST" }),
  );
}

export function useUnlockVisit(patientId: number) {
  return useVisitMutation(patientId, ({ id, reason }: { id: number; reason: string }) =>
    apiFetch<VisitResponse>(`/visits/${id}/unlock`, { method: "POST", json: { reason } }),
  );
}

"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { EntityTrailResponse } from "@/lib/schemas/audit-logs";
import type { PatientResponse, PatientUpdateBody } from "@/lib/schemas/patients";
import { apiFetch } from "./api-fetch";
import { patientDetailKeys, queryKeys } from "./query-keys";

export function usePatient(id: number) {
  return useQuery({
    queryKey: patientDetailKeys.patient(id),
    queryFn: () => apiFetch<PatientResponse>(`/patients/${id}`),
  });
}

/** The patient's audit trail (its rows and its visits'), fetched only while the panel is open. */
export function usePatientAuditTrail(patientId: number, enabled: boolean) {
  return useQuery({
    queryKey: patientDetailKeys.auditTrail(patientId),
    queryFn: () => apiFetch<EntityTrailResponse>(`/admin/audit-logs/entity/patient/${patientId}?limit=100`),
    enabled,
  });
}

/** A reasoned, versioned update of the patient (409 when someone else saved first). */
export function useUpdatePatient(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PatientUpdateBody) =>
      apiFetch<PatientResponse>(`/patients/${id}`, { method: "PUT", json: body }),
    onSuccess: (patient) => {
      client.setQueryData(patientDetailKeys.patient(id), patient);
      // The list shows code, birth date and sex; the dashboard counts patients by sex.
      return Promise.all([
        client.invalidateQueries({ queryKey: patientDetailKeys.auditTrail(id) }),
        client.invalidateQueries({ queryKey: queryKeys.patients.all }),
        client.invalidateQueries({ queryKey: queryKeys.reports.all }),
      ]);
    },
  });
}

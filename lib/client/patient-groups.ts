"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PatientGroupMoveBody, PatientResponse } from "@/lib/schemas/patients";
import { apiFetch } from "./api-fetch";
import { patientDetailKeys, queryKeys } from "./query-keys";

/** Moves the patient to another medical group (docs/decisions/0028); 409 when someone saved first. */
export function useMovePatientGroup(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PatientGroupMoveBody) =>
      apiFetch<PatientResponse>(`/patients/${id}/medical-group`, { method: "PUT", json: body }),
    onSuccess: (patient) => {
      client.setQueryData(patientDetailKeys.patient(id), patient);
      // The group decides whose lists and figures hold the patient.
      return Promise.all([
        client.invalidateQueries({ queryKey: patientDetailKeys.auditTrail(id) }),
        client.invalidateQueries({ queryKey: queryKeys.patients.all }),
        client.invalidateQueries({ queryKey: queryKeys.reports.all }),
      ]);
    },
  });
}

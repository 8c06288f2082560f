/** One factory for every query key, so invalidations name exactly what a mutation changed. */
export const queryKeys = {
  studies: {
    all: ["studies"] as const,
    list: () => [...queryKeys.studies.all, "list"] as const,
    detail: (id: number) => [...queryKeys.studies.all, "detail", id] as const,
    versions: (id: number) => [...queryKeys.studies.all, "protocol-versions", id] as const,
  },
  // ----- patient list and dashboard (screensa) -----
  patients: {
    all: ["patients"] as const,
    lists: (studyId: number) => [...queryKeys.patients.all, "list", studyId] as const,
    list: (studyId: number, params: { page: number; pageSize: number; search: string; sort?: string }) =>
      [...queryKeys.patients.lists(studyId), params] as const,
  },
  reports: {
    all: ["reports"] as const,
    dashboard: (studyId: number) => [...queryKeys.reports.all, "dashboard", studyId] as const,
  },
  // ----- end of the patient list and dashboard block -----
  // Data queries (decision 0030): every step refetches them all (a handful of lists and threads).
  dataQueries: {
    all: ["data-queries"] as const,
    ofPatient: (patientId: number) => [...queryKeys.dataQueries.all, "patient", patientId] as const,
    list: (studyId: number, filters: Record<string, string>) =>
      [...queryKeys.dataQueries.all, "list", studyId, filters] as const,
    detail: (id: number) => [...queryKeys.dataQueries.all, "detail", id] as const,
  },
  // The SDV page's visits (decision 0031); a verification refetches them.
  sdv: {
    all: ["sdv"] as const,
    list: (studyId: number, filters: Record<string, string>) =>
      [...queryKeys.sdv.all, "list", studyId, filters] as const,
  },
  // A study's bulk import jobs (docs/decisions/0037-bulk-import.md): polled while they run.
  imports: {
    all: ["imports"] as const,
    list: (studyId: number) => [...queryKeys.imports.all, "list", studyId] as const,
    job: (studyId: number, jobId: number) => [...queryKeys.imports.all, "job", studyId, jobId] as const,
  },
  // The signed-in user's inbox (decision 0031).
  notifications: {
    all: ["notifications"] as const,
    inbox: () => [...queryKeys.notifications.all, "inbox"] as const,
  },
};

/** Study resolution and config are cached 5 minutes (spec §9). */
export const STUDY_STALE_TIME_MS = 5 * 60 * 1000;

// --- Patient detail screen (one patient, its visits, its audit trail) -----------------
/** Keys of the patient detail screen; its mutations invalidate these (`patientDetailKeys.all`). */
export const patientDetailKeys = {
  all: ["patient-detail"] as const,
  patient: (id: number) => [...patientDetailKeys.all, "patient", id] as const,
  visits: (patientId: number) => [...patientDetailKeys.all, "visits", patientId] as const,
  auditTrail: (patientId: number) => [...patientDetailKeys.all, "audit-trail", patientId] as const,
  // Every signature of the patient (decision 0032): a write of the patient's data may invalidate them.
  signatures: (patientId: number) => [...patientDetailKeys.all, "signatures", patientId] as const,
};

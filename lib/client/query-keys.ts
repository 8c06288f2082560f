/** One factory for every query key, so invalidations name exactly what a mutation changed. */
export const queryKeys = {
  studies: {
    all: ["studies"] as const,
    list: () => [...queryKeys.studies.all, "list"] as const,
    detail: (id: number) => [...queryKeys.studies.all, "detail", id] as const,
  },
};

/** Study resolution and config are cached 5 minutes (spec §9). */
export const STUDY_STALE_TIME_MS = 5 * 60 * 1000;

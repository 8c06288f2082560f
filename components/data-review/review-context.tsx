"use client";

import { createContext, useContext, useMemo, type ReactNode } from "react";
import { useReviewStep, type ReviewStep } from "@/lib/client/data-review";
import type { StudyConfig } from "@/lib/schemas/study-config";

/** Who may take which review step: read by the server from the study role (the API checks again). */
export type ReviewRights = { verify: boolean; complete: boolean };

type PatientReview = {
  rights: ReviewRights;
  config: Pick<StudyConfig, "data_fields" | "sdv_requirement">;
  /** Takes a step; resolves to an error (for the page's message) or null. */
  run: (step: ReviewStep) => Promise<unknown>;
  busy: boolean;
};

const Context = createContext<PatientReview | null>(null);

/**
 * The data review on a patient's page (decision 0031): who may verify and complete, and the one
 * mutation every marker and button uses, so one request at a time and one refresh after it.
 */
export function PatientReviewProvider({
  patientId,
  rights,
  config,
  onDone,
  children,
}: {
  patientId: number;
  rights: ReviewRights;
  config: PatientReview["config"];
  /** Told of each step's outcome: null on success, else the error to show. */
  onDone: (step: ReviewStep, error: unknown) => void;
  children: ReactNode;
}) {
  const mutation = useReviewStep(patientId);
  const { mutateAsync, isPending } = mutation;
  const value = useMemo<PatientReview>(
    () => ({
      rights,
      config,
      busy: isPending,
      run: async (step) => {
        try {
          await mutateAsync(step);
          onDone(step, null);
          return null;
        } catch (error) {
          onDone(step, error);
          return error;
        }
      },
    }),
    [rights, config, isPending, mutateAsync, onDone],
  );
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

/** The page's review; null outside a patient page (markers then show state only). */
export function usePatientReview(): PatientReview | null {
  return useContext(Context);
}

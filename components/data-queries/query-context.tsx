"use client";

import { createContext, useContext, useMemo, type ReactNode } from "react";
import { usePatientQueries } from "@/lib/client/data-queries";
import type { QueryResponse } from "@/lib/schemas/queries";

/** What a query is about on a patient's page: the patient's field, a visit's field, or a visit. */
export type QueryTarget =
  | { entityType: "patient"; entityId: number; field: string }
  | { entityType: "visit"; entityId: number; field: string | null };

/** Who may take which step: read by the server from the study role (the API checks again). */
export type QueryRights = { open: boolean; respond: boolean; correct: boolean };

/** A study team member a new query may be assigned to (decision 0031). */
export type QueryAssignee = { id: number; name: string };

type PatientQueries = {
  studyId: number;
  queries: QueryResponse[];
  /** The patient's queries could not be read: the markers say so instead of showing none. */
  failed: boolean;
  rights: QueryRights;
  /** The study team's active members, offered to a reviewer opening a query (none otherwise). */
  assignees: readonly QueryAssignee[];
  /** Opens the record's edit dialog to correct the queried value, naming the query (decision 0030). */
  correct: (query: QueryResponse) => void;
};

const Context = createContext<PatientQueries | null>(null);
const NO_ASSIGNEES: readonly QueryAssignee[] = [];

/**
 * The patient's data queries (decision 0030), read once for the whole page: every value's marker
 * finds its own among them, so a page of fields costs one request, not one per field.
 */
export function PatientQueriesProvider({
  studyId,
  patientId,
  rights,
  assignees = NO_ASSIGNEES,
  correct,
  children,
}: {
  studyId: number;
  patientId: number;
  rights: QueryRights;
  assignees?: readonly QueryAssignee[];
  correct: (query: QueryResponse) => void;
  children: ReactNode;
}) {
  const list = usePatientQueries(studyId, patientId);
  const value = useMemo<PatientQueries>(
    () => ({ studyId, queries: list.data?.items ?? [], failed: list.isError, rights, assignees, correct }),
    [studyId, list.data, list.isError, rights, assignees, correct],
  );
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

/** The page's queries; null outside a patient page (a marker then shows nothing). */
export function usePatientQueriesContext(): PatientQueries | null {
  return useContext(Context);
}

/** The queries about one target, newest first as the API answers them. */
export function queriesAt(queries: readonly QueryResponse[], target: QueryTarget): QueryResponse[] {
  return queries.filter(
    (query) =>
      query.entity_type === target.entityType &&
      query.entity_id === target.entityId &&
      query.field === target.field,
  );
}

/** The queries of a visit, its fields' and its own, that still wait for someone. */
export function pendingOfVisit(queries: readonly QueryResponse[], visitId: number): QueryResponse[] {
  return queries.filter((query) => query.visit_id === visitId && query.status !== "closed");
}

import { apiRoute } from "@/lib/server/api/route";
import { createPatient, listPatients } from "@/lib/server/clinical/patient-service";
import { PatientCreateBody, PatientListQuery } from "@/lib/schemas/patients";

export const GET = apiRoute({
  query: PatientListQuery,
  handler: ({ db, actor, query }) => listPatients(db, actor, query),
});

export const POST = apiRoute({
  body: PatientCreateBody,
  status: 201,
  handler: ({ db, actor, body, meta }) => createPatient(db, actor, body, meta),
});

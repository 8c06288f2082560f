/** A study with the demo configuration and one user per study role, for the clinical API tests. */
import { expect } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as createStudyRoute } from "@/app/api/studies/route";
import { getDb } from "@/db/client";
import { medicalGroups, userStudyRoles, type StudyRole } from "@/db/schema";
import { DEMO_STUDY_CONFIG } from "@/db/seed/demo-study-config";
import { call, createUser } from "./helpers";

export type Caller = { headers: Record<string, string>; userId: number };

export async function callerFor(options: Parameters<typeof createUser>[0] = {}): Promise<Caller> {
  const user = await createUser(options);
  const tokens = await call(login, { method: "POST", body: { email: user.email, password: user.password } });
  expect(tokens.status).toBe(200);
  return { headers: { authorization: `Bearer ${String(tokens.json.access_token)}` }, userId: user.id };
}

let seq = 0;

export async function createStudy(admin: Caller, config: unknown = DEMO_STUDY_CONFIG) {
  const res = await call(createStudyRoute, {
    method: "POST",
    headers: admin.headers,
    body: { code: `clinical_${process.pid}_${++seq}`, name: "Clinical Study", disease: "Psoriasis", config },
  });
  expect(res.status).toBe(201);
  return res.json as { id: number; code: string; version: number };
}

export async function createGroup(studyId: number, code: string) {
  const db = await getDb();
  const [group] = await db
    .insert(medicalGroups)
    .values({ studyId, code, name: `Group ${code}` })
    .returning();
  return group!;
}

export async function memberOf(studyId: number, role: StudyRole, medicalGroupId: number | null = null) {
  const caller = await callerFor();
  const db = await getDb();
  await db.insert(userStudyRoles).values({ userId: caller.userId, studyId, role, medicalGroupId });
  return caller;
}

/** The demo study's required patient fields, filled. */
export const VALID_CUSTOM_FIELDS = { psoriasis_onset: "2015-03", psoriasis_phenotypes: ["plaque"] };

export function patientBody(studyId: number, code: string, extra: Record<string, unknown> = {}) {
  return {
    study_id: studyId,
    code,
    birth_date: "1980-05-17",
    sex: "F",
    height_cm: 170.5,
    weight_kg: 68.2,
    naive_systemic: true,
    naive_biologic: true,
    custom_fields: VALID_CUSTOM_FIELDS,
    ...extra,
  };
}

import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { studies, userStudyRoles } from "@/db/schema";
import { landingPath } from "@/lib/server/auth/landing";
import { listMyStudies } from "@/lib/server/studies/my-studies";
import { callerFor, createGroup, createStudy, memberOf, type Caller } from "./clinical-fixtures";

// My studies and the landing rule against a real database (docs/decisions/0029).
let admin: Caller;
let alpha: { id: number; code: string };
let beta: { id: number; code: string };
let hidden: { id: number; code: string };

const asUser = (caller: Caller) => ({
  userId: caller.userId,
  roleLevel: "user" as const,
  isSuperuser: false,
});

beforeAll(async () => {
  admin = await callerFor({ roleLevel: "admin" });
  const db = await getDb();
  [beta, alpha, hidden] = [await createStudy(admin), await createStudy(admin), await createStudy(admin)];
  // Listed by name, whatever the order of creation.
  await db.update(studies).set({ name: "Beta registry" }).where(eq(studies.id, beta.id));
  await db.update(studies).set({ name: "Alpha registry", isActive: false }).where(eq(studies.id, alpha.id));
});

describe("My studies", () => {
  it("lists a clinician's studies by name with their role, group and reach, and nothing else", async () => {
    const group = await createGroup(beta.id, "MI01");
    const clinician = await memberOf(beta.id, "sub_investigator", group.id);
    const db = await getDb();
    await db
      .insert(userStudyRoles)
      .values({ userId: clinician.userId, studyId: alpha.id, role: "data_manager" });

    const mine = await listMyStudies(db, asUser(clinician));
    expect(mine).toEqual([
      {
        id: alpha.id,
        code: alpha.code,
        name: "Alpha registry",
        disease: "Psoriasis",
        isActive: false,
        role: "data_manager",
        medicalGroupName: null,
        canConfigure: true,
      },
      {
        id: beta.id,
        code: beta.code,
        name: "Beta registry",
        disease: "Psoriasis",
        isActive: true,
        role: "sub_investigator",
        medicalGroupName: "Group MI01",
        canConfigure: false,
      },
    ]);
    expect(mine.map((s) => s.id)).not.toContain(hidden.id);
    expect(landingPath(asUser(clinician))).toBe("/my-studies");
  });

  it("shows a monitor their role and no configuration", async () => {
    const monitor = await memberOf(hidden.id, "study_monitor");
    const [only] = await listMyStudies(await getDb(), asUser(monitor));
    expect(only).toMatchObject({ id: hidden.id, role: "study_monitor", canConfigure: false });
  });

  it("is empty for a user without roles, who still lands on it", async () => {
    const newcomer = await callerFor();
    expect(await listMyStudies(await getDb(), asUser(newcomer))).toEqual([]);
    expect(landingPath(asUser(newcomer))).toBe("/my-studies");
  });

  it("lists only an administrator's explicit roles; administrators keep their landing", async () => {
    const adminActor = { userId: admin.userId, roleLevel: "admin" as const, isSuperuser: false };
    expect(await listMyStudies(await getDb(), adminActor)).toEqual([]);
    expect(landingPath(adminActor)).toBe("/admin/studies");
  });
});

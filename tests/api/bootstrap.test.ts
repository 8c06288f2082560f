import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { getDb } from "@/db/client";
import { auditLogs, patients, studies, therapyLines, users, visits } from "@/db/schema";
import { DEMO_STUDY } from "@/db/seed/demo-study-config";
import { ensureFirstAdmin } from "@/lib/server/bootstrap/first-admin";
import { seedDemoData } from "@/lib/server/bootstrap/demo-seed";
import { startup } from "@/lib/server/bootstrap/startup";
import { verifyAuditChain } from "@/lib/server/audit/verify-chain";
import { call } from "./helpers";

afterEach(() => vi.restoreAllMocks());

describe("first start", () => {
  it("creates one superadmin with a strong generated password, printed once, that signs in", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    await startup();
    const printed = log.mock.calls.map((c) => String(c[0])).join("\n");
    const password = /Password: (\S+)/.exec(printed)?.[1];
    expect(printed).toContain("Email:    admin@example.com");
    expect(password).toBeDefined();
    expect(password!.length).toBeGreaterThanOrEqual(20);

    const db = await getDb();
    const [admin] = await db.select().from(users).where(eq(users.email, "admin@example.com"));
    expect(admin).toMatchObject({ roleLevel: "superadmin", isSuperuser: true, isActive: true });
    expect(admin!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const res = await call(login, { method: "POST", body: { email: "admin@example.com", password } });
    expect(res.status).toBe(200);

    // A second start creates nobody and prints no password.
    log.mockClear();
    expect(await ensureFirstAdmin(db)).toBeNull();
    await startup();
    expect(log.mock.calls.map((c) => String(c[0])).join("\n")).not.toContain("Password:");
    expect(await db.$count(users)).toBe(1);
  });
});

describe("demo data", () => {
  it("seeds the psoriasis study once, with audited patients, therapy lines and visits", async () => {
    const db = await getDb();
    const first = await seedDemoData(db);
    expect(first).toMatchObject({ code: "psoriasis", patients: 12 });
    expect(await seedDemoData(db)).toBeNull();

    const [study] = await db.select().from(studies).where(eq(studies.code, DEMO_STUDY.code));
    expect(study).toMatchObject({ name: "Psoriasis Registry", isActive: true, domain: "psoriasis" });
    const config = study!.config as {
      visit_types: unknown[];
      therapy_switch_config: { enabled: boolean; prompt_message: unknown };
    };
    expect(config.visit_types).toHaveLength(6);
    expect(config.therapy_switch_config).toMatchObject({
      enabled: true,
      prompt_message: {
        it: "Il paziente sta continuando la stessa terapia?",
        en: "Is the patient continuing the same therapy?",
      },
    });

    expect(await db.$count(patients, eq(patients.studyId, study!.id))).toBe(12);
    const visitCount = await db.$count(visits, eq(visits.studyId, study!.id));
    expect(visitCount).toBe(first!.visits);
    expect(visitCount).toBeGreaterThanOrEqual(24);
    expect(await db.$count(therapyLines, sql`${therapyLines.lineNumber} = 2`)).toBe(2);
    // Every visit sits on a therapy line of its own patient.
    const orphans = await db.$count(
      visits,
      sql`${visits.therapyLineId} is null or not exists (select 1 from therapy_lines t where t.id = ${visits.therapyLineId} and t.patient_id = ${visits.patientId})`,
    );
    expect(orphans).toBe(0);

    // Every visit was entered under the study's first protocol version, recorded by the seed.
    const inForce = await db.$count(
      visits,
      sql`${visits.studyId} = ${study!.id} and ${visits.protocolVersionId} is null`,
    );
    expect(inForce).toBe(0);
    const seededRows = await db.$count(auditLogs, eq(auditLogs.studyId, study!.id));
    // The study, its protocol version, 12 patients, 14 therapy lines and the visits.
    expect(seededRows).toBe(1 + 1 + 12 + 14 + visitCount);
    expect((await verifyAuditChain(db)).ok).toBe(true);
  });
});

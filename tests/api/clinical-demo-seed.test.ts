import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { patients, studies, visits } from "@/db/schema";
import { buildDemoPatients } from "@/db/seed/demo-patients";
import { DEMO_STUDY } from "@/db/seed/demo-study-config";
import { seedDemoData } from "@/lib/server/bootstrap/demo-seed";

describe("demo seed and stored calculations", () => {
  it("stores each demo visit's calculations from the study's own config, agreeing with the demo's precomputed PASI75", async () => {
    const db = await getDb();
    await seedDemoData(db);
    const [study] = await db.select().from(studies).where(eq(studies.code, DEMO_STUDY.code));
    const rows = await db
      .select({ code: patients.code, visit: visits })
      .from(visits)
      .innerJoin(patients, eq(patients.id, visits.patientId))
      .where(eq(visits.studyId, study!.id));
    const expected = new Map(
      buildDemoPatients().flatMap((p) =>
        p.visits.map(
          (v) => [`${p.code}/${v.visit_number}`, v.data_fields as Record<string, unknown>] as const,
        ),
      ),
    );
    expect(rows.length).toBe(expected.size);
    for (const { code, visit } of rows) {
      const demo = expected.get(`${code}/${visit.visitNumber}`)!;
      expect(visit.configVersion).toBe(study!.version);
      expect(visit.dataFields).not.toHaveProperty("pasi75_achieved");
      expect(visit.calculatedValues.pasi75_achieved ?? null).toBe(demo.pasi75_achieved ?? null);
    }
  });
});

describe("maintained dashboard figures of the demo study", () => {
  it("equal the figures counted from the visits themselves", async () => {
    const db = await getDb();
    await seedDemoData(db);
    const [study] = await db.select().from(studies).where(eq(studies.code, DEMO_STUDY.code));
    const rows = await db.select().from(patients).where(eq(patients.studyId, study!.id));
    const allVisits = await db.select().from(visits).where(eq(visits.studyId, study!.id));
    for (const patient of rows) {
      const own = allVisits.filter((v) => v.patientId === patient.id);
      expect(patient.visitCount).toBe(own.length);
      expect(patient.adverseEventCount).toBe(own.filter((v) => v.dataFields.adverse_event === true).length);
      expect(patient.efficacyAchieved).toBe(own.some((v) => v.calculatedValues.pasi75_achieved === true));
      expect(patient.therapyLineCount).toBeGreaterThanOrEqual(1);
    }
  });
});

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

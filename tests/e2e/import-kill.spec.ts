import { rmSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { expect, test } from "@playwright/test";
import Papa from "papaparse";
import { startOwnServer, type OwnServer } from "./own-server";

/**
 * A server killed (SIGKILL: nothing of it runs any more) in the middle of an import's write pass,
 * then started again on the same embedded database (docs/decisions/0037-bulk-import.md): while it
 * is down, exactly the patients of the batches it committed exist and the job still says running;
 * the next start takes the job up at once and finishes it after its last committed batch, so every
 * patient of the file exists exactly once, the job has one import row and the audit chain verifies.
 */
const ADMIN = { email: "kill@example.com", password: "import-kill-e2e-password-1" };
/** Patients of the file: tens of write batches, so the kill lands between two of them. */
const PATIENTS = 4_000;
const CODE_PREFIX = "KILL-";

type Job = { id: number; state: string; progress: number; rows_done: number };

async function signIn(base: string): Promise<Record<string, string>> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify(ADMIN),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return { authorization: `Bearer ${((await res.json()) as { access_token: string }).access_token}` };
}

async function getJson<T>(base: string, auth: Record<string, string>, route: string): Promise<T> {
  const res = await fetch(`${base}${route}`, { headers: auth });
  expect(res.status, route).toBe(200);
  return (await res.json()) as T;
}

/** The demo study's first visit row, once per new patient code. */
async function manyPatientsFile(base: string, auth: Record<string, string>, studyId: number) {
  const exported = await fetch(`${base}/api/studies/${studyId}/export?format=csv-long`, { headers: auth });
  expect(exported.status).toBe(200);
  const parsed = Papa.parse<string[]>((await exported.text()).replace(/^\uFEFF/, ""), {
    skipEmptyLines: true,
  });
  const [header, first] = parsed.data as [string[], string[]];
  const codeAt = header.indexOf("patient_code");
  expect(codeAt).toBeGreaterThanOrEqual(0);
  const rows = Array.from({ length: PATIENTS }, (_, n) =>
    first.map((cell, index) => (index === codeAt ? `${CODE_PREFIX}${String(n).padStart(5, "0")}` : cell)),
  );
  return Papa.unparse([header, ...rows], { newline: "\r\n" });
}

/** The embedded database of a stopped server, read directly. */
async function readStopped<T>(dataDir: string, read: (db: PGlite) => Promise<T>): Promise<T> {
  const db = await PGlite.create({ dataDir: path.join(dataDir, "pgdata") });
  try {
    return await read(db);
  } finally {
    await db.close();
  }
}

const importedPatients = (db: PGlite) =>
  db
    .query<{ n: number; codes: number }>(
      "select count(*)::int as n, count(distinct code)::int as codes from patients where code like $1",
      [`${CODE_PREFIX}%`],
    )
    .then((result) => result.rows[0]!);

test("a server killed mid-import resumes the job after its last committed batch when started again", async () => {
  test.setTimeout(600_000);
  let own: OwnServer | null = await startOwnServer({ admin: ADMIN, env: { SEED_DEMO: "1" } });
  const { dataDir } = own;
  try {
    let auth = await signIn(own.base);
    const studies = await getJson<{ id: number; code: string }[]>(own.base, auth, "/api/studies");
    const study = studies.find((s) => s.code === "psoriasis")!;
    const file = await manyPatientsFile(own.base, auth, study.id);

    const form = new FormData();
    form.set("format", "csv-long");
    form.set("mode", "apply");
    form.set("file", new Blob([file], { type: "text/csv" }), "many.csv");
    const started = await fetch(`${own.base}/api/studies/${study.id}/imports`, {
      method: "POST",
      headers: auth,
      body: form,
    });
    expect(started.status, await started.clone().text()).toBe(202);
    const jobId = ((await started.json()) as Job).id;
    const jobRoute = `/api/studies/${study.id}/imports/${jobId}`;

    // The write pass has committed a batch (past half of an apply's way, rows written): kill.
    await expect
      .poll(
        async () => {
          const job = await getJson<Job>(own!.base, auth, jobRoute);
          return job.state === "running" && job.progress > 0.5 && job.rows_done > 0;
        },
        { timeout: 300_000, intervals: [100] },
      )
      .toBe(true);
    const killed = new Promise((resolve) => own!.server.once("exit", resolve));
    own.server.kill("SIGKILL");
    await killed;
    own = null;

    // Down: whole batches only, and a job that still says running (a killed process says nothing).
    const down = await readStopped(dataDir, async (db) => {
      const job = (
        await db.query<{ state: string; resume_after: number }>(
          "select state, resume_after from import_jobs where id = $1",
          [jobId],
        )
      ).rows[0]!;
      return { job, written: await importedPatients(db) };
    });
    expect(down.job.state).toBe("running");
    expect(down.job.resume_after).toBeGreaterThan(0);
    expect(down.job.resume_after).toBeLessThan(PATIENTS);
    expect(down.written).toEqual({ n: down.job.resume_after, codes: down.job.resume_after });

    // Started again: the job is taken up at once and finishes.
    own = await startOwnServer({ admin: ADMIN, env: { SEED_DEMO: "1" }, dataDir });
    await expect.poll(() => own!.output(), { timeout: 60_000 }).toContain(`Resumed import jobs: ${jobId}`);
    auth = await signIn(own.base);
    await expect
      .poll(async () => (await getJson<Job>(own!.base, auth, jobRoute)).state, { timeout: 300_000 })
      .toBe("applied");
    const verification = await fetch(`${own.base}/api/admin/audit-logs/verify`, {
      method: "POST",
      headers: auth,
    });
    expect(verification.status).toBe(202);
    const verificationId = ((await verification.json()) as { id: string }).id;
    await expect
      .poll(
        async () =>
          getJson<{ state: string; ok: boolean | null }>(
            own!.base,
            auth,
            `/api/admin/audit-logs/verify/${verificationId}`,
          ),
        { timeout: 120_000 },
      )
      .toMatchObject({ state: "done", ok: true });

    const stopped = new Promise((resolve) => own!.server.once("exit", resolve));
    own.server.kill("SIGTERM");
    await stopped;
    own = null;
    const after = await readStopped(dataDir, async (db) => ({
      written: await importedPatients(db),
      importRows: (
        await db.query<{ n: number }>(
          "select count(*)::int as n from audit_logs where action = 'import' and entity_id = $1",
          [String(jobId)],
        )
      ).rows[0]!.n,
    }));
    expect(after).toEqual({ written: { n: PATIENTS, codes: PATIENTS }, importRows: 1 });
  } finally {
    if (own && own.server.exitCode === null) own.server.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  }
});

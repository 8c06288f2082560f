/** The Audit Logs page's calls (decision 0015): paging by cursor and by page number, filters, counts
 * kept up to date, statistics, the streamed CSV export and the background chain verification. */
import { randomUUID } from "node:crypto";
import { and, count, eq, sql } from "drizzle-orm";
import Papa from "papaparse";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as listRoute } from "@/app/api/admin/audit-logs/route";
import { GET as statisticsRoute } from "@/app/api/admin/audit-logs/statistics/route";
import { GET as userRoute } from "@/app/api/admin/audit-logs/user/[id]/route";
import { GET as exportRoute } from "@/app/api/admin/audit-logs/export/csv/route";
import { POST as verifyRoute } from "@/app/api/admin/audit-logs/verify/route";
import { GET as verifyStatusRoute } from "@/app/api/admin/audit-logs/verify/[jobId]/route";
import { closeDb, getDb } from "@/db/client";
import { auditLogs, auditVerificationJobs } from "@/db/schema";
import type {
  AuditLogListResponse,
  AuditStatisticsResponse,
  ChainVerificationJob,
} from "@/lib/schemas/audit-logs";
import { formatAuditCursor } from "@/lib/schemas/audit-logs";
import { recordAudit } from "@/lib/server/audit/audit-writer";
import { cursorOf } from "@/lib/client/audit-logs";
import { callerFor, createStudy, patientBody, type Caller } from "./clinical-fixtures";
import { callRoute } from "./route-call";
import { restartsDatabase } from "./setup-database";

// Some tests here close and reopen the database (a restart).
restartsDatabase();

let admin: Caller;

async function list(query: Record<string, string>) {
  const res = await callRoute(listRoute, "GET", "/api/admin/audit-logs", admin.headers, { query });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as AuditLogListResponse;
}

async function write(n: number, tag: string, studyId: number | null, reason: string | null = null) {
  const db = await getDb();
  for (let i = 0; i < n; i++)
    await recordAudit(db, {
      action: i % 3 === 0 ? "update" : "create",
      entityType: "bench_entity",
      entityId: `${tag}-${i}`,
      studyId,
      actor: { userId: 900 + (i % 7), email: `writer${i % 7}@example.org` },
      reason,
      newValues: { i },
    });
}

beforeAll(async () => {
  admin = await callerFor({ roleLevel: "superadmin" });
  await write(120, "a", 41);
  await write(30, "b", 42, '=HYPERLINK("x") 100%_done');
}, 120_000);

describe("GET /api/admin/audit-logs", () => {
  it("pages by cursor exactly as by page number, newest first, and the cursor reaches pages a few away", async () => {
    const filters = { entity_type: "bench_entity", page_size: "20" };
    const byNumber: number[][] = [];
    const first = await list({ ...filters, page: "1" });
    expect(first.total).toBe(150);
    for (let page = 1; page <= 8; page++)
      byNumber.push((await list({ ...filters, page: String(page) })).items.map((e) => e.id));
    const ids = byNumber.flat();
    expect(ids).toHaveLength(150);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);

    let shown = first;
    for (let page = 2; page <= 8; page++) {
      const cursor = formatAuditCursor(cursorOf(shown)!);
      shown = await list({ ...filters, page: String(page), cursor });
      expect(
        shown.items.map((e) => e.id),
        `page ${page} by Next`,
      ).toEqual(byNumber[page - 1]);
    }
    // From page 8 back to 7 (Previous) and from page 2 to 6 (a page number four pages away).
    const back = await list({ ...filters, page: "7", cursor: formatAuditCursor(cursorOf(shown)!) });
    expect(back.items.map((e) => e.id)).toEqual(byNumber[6]);
    const two = await list({ ...filters, page: "2" });
    const jump = await list({ ...filters, page: "6", cursor: formatAuditCursor(cursorOf(two)!) });
    expect(jump.items.map((e) => e.id)).toEqual(byNumber[5]);
    const behind = await list({ ...filters, page: "3", cursor: formatAuditCursor(cursorOf(jump)!) });
    expect(behind.items.map((e) => e.id)).toEqual(byNumber[2]);
  });

  it("filters by action, study, search (with % and _ literal) and dates; the count follows new rows", async () => {
    expect((await list({ entity_type: "bench_entity", action: "update" })).total).toBe(40 + 10);
    expect((await list({ study_id: "42" })).total).toBe(30);
    expect((await list({ search: "b-1" })).total).toBe(11); // b-1, b-10 … b-19
    expect((await list({ search: "%" })).total).toBe(0);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await list({ start_date: future })).total).toBe(0);
    expect((await list({ end_date: future, study_id: "41" })).total).toBe(120);
    await write(4, "c", 42);
    expect((await list({ study_id: "42" })).total).toBe(34);
  });

  it("filters by patient: its own rows and its visits' rows, nothing of another patient", async () => {
    const study = await createStudy(admin);
    const { POST: createPatient } = await import("@/app/api/patients/route");
    const { POST: createVisit } = await import("@/app/api/visits/route");
    const ids: number[] = [];
    for (const code of ["PT-1", "PT-2"]) {
      const res = await callRoute(createPatient, "POST", "/api/patients", admin.headers, {
        body: patientBody(study.id, code),
      });
      ids.push((res.json as { id: number }).id);
    }
    const visit = await callRoute(createVisit, "POST", "/api/visits", admin.headers, {
      body: {
        patient_id: ids[0],
        visit_number: 1,
        visit_date: "2024-01-01",
        visit_type: "baseline",
        data_fields: { current_therapy: "adalimumab", pasi_score: 20, adverse_event: false },
      },
    });
    expect(visit.status).toBe(201);
    const story = await list({ patient_id: String(ids[0]) });
    expect(story.items.map((e) => `${e.entity_type} ${e.entity_id}`)).toEqual([
      `visit ${(visit.json as { id: number }).id}`,
      `patient ${ids[0]}`,
    ]);
    expect((await list({ patient_id: String(ids[1]) })).total).toBe(1);
  });

  it("refuses malformed filters with 422, not 500", async () => {
    const malformed: Record<string, string>[] = [
      { action: "nope" },
      { study_id: "x" },
      { start_date: "yesterday" },
      { cursor: "1.2" },
    ];
    for (const query of malformed) {
      const res = await callRoute(listRoute, "GET", "/api/admin/audit-logs", admin.headers, { query });
      expect(res.status, JSON.stringify(query)).toBe(422);
    }
  });
});

describe("statistics, user activity", () => {
  it("counts the total and the top five actions and users, and follows new rows", async () => {
    const stats = async () =>
      (
        await callRoute(statisticsRoute, "GET", "/api/admin/audit-logs/statistics", admin.headers, {
          query: { study_id: "41" },
        })
      ).json as AuditStatisticsResponse;
    const before = await stats();
    expect(before.total_entries).toBe(120);
    expect(before.entries_by_action).toEqual({ create: 80, update: 40 });
    expect(Object.keys(before.entries_by_user)).toHaveLength(5);
    expect(Object.values(before.entries_by_user)[0]).toBe(18);
    await write(3, "d", 41);
    expect((await stats()).total_entries).toBe(123);
  });

  it("lists a user's latest entries up to the limit", async () => {
    const res = await callRoute(userRoute, "GET", "/api/admin/audit-logs/user/{id}", admin.headers, {
      params: { id: "900" },
      query: { limit: "5" },
    });
    const items = (res.json as { items: { user_id: number }[] }).items;
    expect(items).toHaveLength(5);
    expect(items.every((e) => e.user_id === 900)).toBe(true);
  });
});

describe("GET /api/admin/audit-logs/export/csv", () => {
  it("streams the filtered rows with a header, escapes formula cells, and audits the export", async () => {
    const res = await exportRoute(
      new Request(
        "http://localhost:3000/api/admin/audit-logs/export/csv?study_id=42&entity_type=bench_entity",
        {
          headers: admin.headers,
        },
      ),
      { params: Promise.resolve({}) },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="audit_logs_\d{8}T\d{6}Z\.csv"$/,
    );
    const lines = (await res.text()).split("\r\n").filter(Boolean);
    expect(lines[0]).toBe(
      "id,timestamp,user_id,user_email,action,entity_type,entity_id,study_id,ip_address,reason,old_values,new_values",
    );
    expect(lines).toHaveLength(1 + 34);
    expect(lines[lines.length - 1]).toContain(`"'=HYPERLINK(""x"") 100%_done"`);
    const db = await getDb();
    const [exports] = await db
      .select({ n: count() })
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.action, "export"),
          eq(auditLogs.entityType, "audit_logs"),
          eq(auditLogs.userId, admin.userId),
        ),
      );
    expect(exports!.n).toBe(1);
  });

  it("csv_format=semicolon opens in a `;` reader with the same columns and rows; the default is the comma format byte for byte", async () => {
    const download = async (extra: string) => {
      const res = await exportRoute(
        new Request(
          `http://localhost:3000/api/admin/audit-logs/export/csv?study_id=42&entity_type=bench_entity${extra}`,
          { headers: admin.headers },
        ),
        { params: Promise.resolve({}) },
      );
      expect(res.status).toBe(200);
      return Buffer.from(await res.arrayBuffer());
    };
    const byDefault = await download("");
    const comma = await download("&csv_format=comma");
    const semicolon = await download("&csv_format=semicolon");
    expect(byDefault.equals(comma)).toBe(true);
    expect(byDefault.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(false);
    // A UTF-8 byte-order mark first, so Excel reads the file as UTF-8.
    expect(semicolon.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(true);

    const read = (bytes: Buffer, delimiter: string) => {
      const parsed = Papa.parse<string[]>(bytes.toString("utf8"), { delimiter, skipEmptyLines: true });
      expect(parsed.errors).toEqual([]);
      return parsed.data;
    };
    const [header, ...rows] = read(semicolon, ";");
    expect(header).toEqual([
      "id",
      "timestamp",
      "user_id",
      "user_email",
      "action",
      "entity_type",
      "entity_id",
      "study_id",
      "ip_address",
      "reason",
      "old_values",
      "new_values",
    ]);
    expect(rows).toHaveLength(34);
    expect(rows.map((row) => row[7])).toEqual(rows.map(() => "42"));
    expect([header, ...rows]).toEqual(read(comma, ","));
    expect(semicolon.toString("utf8")).toContain(`;"'=HYPERLINK(""x"") 100%_done"`);

    const bad = await exportRoute(
      new Request("http://localhost:3000/api/admin/audit-logs/export/csv?csv_format=tab", {
        headers: admin.headers,
      }),
      { params: Promise.resolve({}) },
    );
    expect(bad.status).toBe(422);
    expect(JSON.stringify(await bad.json())).toContain("csv_format must be one of: comma, semicolon");
  });
});

describe("chain verification in the background", () => {
  it("runs, reports progress and ends with the whole chain checked", async () => {
    const started = await callRoute(verifyRoute, "POST", "/api/admin/audit-logs/verify", admin.headers, {});
    expect(started.status).toBe(202);
    const job = started.json as ChainVerificationJob;
    expect(job.state).toBe("running");
    let state = job;
    for (let i = 0; i < 100 && state.state === "running"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      state = (
        await callRoute(verifyStatusRoute, "GET", "/api/admin/audit-logs/verify/{jobId}", admin.headers, {
          params: { jobId: job.id },
        })
      ).json as ChainVerificationJob;
    }
    expect(state).toMatchObject({ state: "done", ok: true, first_broken_row_id: null, findings: [] });
    expect(state.rows_checked).toBeGreaterThanOrEqual(job.total_rows);
    const missing = await callRoute(
      verifyStatusRoute,
      "GET",
      "/api/admin/audit-logs/verify/{jobId}",
      admin.headers,
      {
        params: { jobId: "00000000-0000-4000-8000-000000000000" },
      },
    );
    expect(missing.status).toBe(404);
  });

  const status = (jobId: string) =>
    callRoute(verifyStatusRoute, "GET", "/api/admin/audit-logs/verify/{jobId}", admin.headers, {
      params: { jobId },
    });

  async function finished(jobId: string): Promise<ChainVerificationJob> {
    let state = (await status(jobId)).json as ChainVerificationJob;
    for (let i = 0; i < 100 && state.state === "running"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      state = (await status(jobId)).json as ChainVerificationJob;
    }
    return state;
  }

  it("keeps a job and its result in the database: they survive closing and reopening it", async () => {
    const started = await callRoute(verifyRoute, "POST", "/api/admin/audit-logs/verify", admin.headers, {});
    const job = started.json as ChainVerificationJob;
    const done = await finished(job.id);
    expect(done).toMatchObject({ state: "done", ok: true });

    await closeDb(); // a restart: nothing of the run is left in this process's memory
    const again = await status(job.id);
    expect(again.status).toBe(200);
    expect(again.json).toEqual(done);
  });

  it("shows a run whose server died as interrupted, after a restart, and can start it again", async () => {
    const db = await getDb();
    // What a crashed server leaves behind: a running job whose heartbeat stopped long ago.
    const [dead] = await db
      .insert(auditVerificationJobs)
      .values({
        id: randomUUID(),
        state: "running",
        startedBy: admin.userId,
        startedAt: sql`now() - interval '10 minutes'`,
        heartbeatAt: sql`now() - interval '9 minutes'`,
        totalRows: 10,
        rowsChecked: 3,
      })
      .returning();
    await closeDb();

    const shown = (await status(dead!.id)).json as ChainVerificationJob;
    expect(shown).toMatchObject({ state: "interrupted", rows_checked: 3, ok: null });
    expect(shown.error).toContain("stopped before it finished");
    expect(shown.finished_at).not.toBeNull();

    const restarted = await callRoute(verifyRoute, "POST", "/api/admin/audit-logs/verify", admin.headers, {});
    const job = restarted.json as ChainVerificationJob;
    expect(job.id).not.toBe(dead!.id);
    expect(await finished(job.id)).toMatchObject({ state: "done", ok: true });
  });

  it("marks the runs of a database being closed as interrupted at once", async () => {
    const started = await callRoute(verifyRoute, "POST", "/api/admin/audit-logs/verify", admin.headers, {});
    const job = started.json as ChainVerificationJob;
    await closeDb();
    const after = (await status(job.id)).json as ChainVerificationJob;
    // Either it finished before the close, or the close stored it as interrupted: never 'running'.
    expect(["done", "interrupted"]).toContain(after.state);
  });
});

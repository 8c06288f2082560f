/**
 * The notification email (decision 0031) against a real SMTP server (the smtp-server package, on a
 * free port), each message parsed with mailparser: it goes out after the step's commit, one per
 * notification, in the recipient's language (their own choice, else the study's default), links
 * to the study's Queries page and carries no clinical value, no patient code, no field and no text
 * of the thread. A refusing or stopped server leaves `emailed_at` null, logs the failure and keeps
 * the notification in the inbox; without SMTP settings nothing is sent and nothing logged.
 */
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as inboxRoute } from "@/app/api/notifications/route";
import { POST as createPatient } from "@/app/api/patients/route";
import { POST as respondRoute } from "@/app/api/queries/[id]/responses/route";
import { POST as openRoute } from "@/app/api/queries/route";
import { POST as createVisit } from "@/app/api/visits/route";
import { getDb } from "@/db/client";
import { notifications, studies, users } from "@/db/schema";
import { notificationEmailsSettled } from "@/lib/server/notifications/notification-service";
import { call } from "./helpers";
import { callerFor, createStudy, memberOf, patientBody, type Caller } from "./clinical-fixtures";

const BASE_URL = "https://registry.example.org";
/** A value and a code that appear nowhere else: if an email carried them, the test would see them. */
const PASI = 37.4;
const QUERY_TEXT = "Source says otherwise, please look at the chart";

type Server = { server: SMTPServer; port: number; mails: ParsedMail[] };

async function startSmtp(refuse = false): Promise<Server> {
  const mails: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (refuse) {
        const error = new Error("Mailbox unavailable") as Error & { responseCode: number };
        error.responseCode = 550;
        return callback(error);
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          mails.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { server, port, mails };
}

const stop = (s: Server) => new Promise<void>((resolve) => s.server.close(() => resolve()));

function useSmtp(port: number) {
  process.env.SMTP_HOST = "127.0.0.1";
  process.env.SMTP_PORT = String(port);
  process.env.SMTP_FROM = "Registry <registry@example.org>";
  process.env.NEXTAUTH_URL = BASE_URL;
}

const SMTP_VARS = ["SMTP_HOST", "SMTP_PORT", "SMTP_FROM", "NEXTAUTH_URL"] as const;
const saved = Object.fromEntries(SMTP_VARS.map((name) => [name, process.env[name]]));
function clearSmtp() {
  for (const name of SMTP_VARS) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
}

let studyId: number;
let studyCode: string;
let monitor: Caller;
let medico: Caller;
let italian: Caller;
let english: Caller;
let smtp: Server;
let seq = 0;

beforeAll(async () => {
  const admin = await callerFor({ roleLevel: "admin" });
  const study = await createStudy(admin);
  studyId = study.id;
  studyCode = study.code;
  monitor = await memberOf(studyId, "study_monitor");
  medico = await memberOf(studyId, "medico");
  italian = await memberOf(studyId, "data_manager");
  english = await memberOf(studyId, "data_manager");
  const db = await getDb();
  await db.update(users).set({ locale: "it" }).where(eq(users.id, italian.userId));
  await db.update(users).set({ locale: "en" }).where(eq(users.id, english.userId));
  smtp = await startSmtp();
});

afterEach(async () => {
  await notificationEmailsSettled();
  clearSmtp();
  vi.restoreAllMocks();
});

afterAll(async () => {
  await stop(smtp);
});

async function visitWithCode(): Promise<{ visitId: number; code: string }> {
  const code = `MAILPAT-${process.pid}-${++seq}`;
  const patient = await call(createPatient, {
    method: "POST",
    headers: medico.headers,
    body: patientBody(studyId, code),
  });
  expect(patient.status, JSON.stringify(patient.json)).toBe(201);
  const visit = await call(createVisit, {
    method: "POST",
    headers: medico.headers,
    body: {
      patient_id: patient.json.id,
      visit_number: 1,
      visit_date: "2024-01-10",
      visit_type: "baseline",
      data_fields: { current_therapy: "adalimumab", pasi_score: PASI, adverse_event: false },
    },
  });
  expect(visit.status, JSON.stringify(visit.json)).toBe(201);
  return { visitId: visit.json.id as number, code };
}

async function assign(visitId: number, assignee: Caller): Promise<number> {
  const res = await call(openRoute, {
    method: "POST",
    headers: monitor.headers,
    body: {
      study_id: studyId,
      entity_type: "visit",
      entity_id: visitId,
      field: "pasi_score",
      text: QUERY_TEXT,
      assignee_id: assignee.userId,
    },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.id as number;
}

async function notificationOf(queryId: number, userId: number) {
  const db = await getDb();
  const rows = await db.select().from(notifications).where(eq(notifications.queryId, queryId));
  return rows.find((r) => r.userId === userId)!;
}

async function emailOf(userId: number): Promise<string> {
  const db = await getDb();
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row!.email;
}

const mailsTo = (address: string) =>
  smtp.mails.filter((m) => (Array.isArray(m.to) ? m.to : [m.to]).some((to) => to?.text.includes(address)));

function expectNoClinicalContent(mail: ParsedMail, code: string) {
  for (const part of [mail.subject ?? "", mail.text ?? "", typeof mail.html === "string" ? mail.html : ""]) {
    expect(part).not.toContain(code);
    expect(part).not.toContain(String(PASI));
    expect(part).not.toContain("pasi_score");
    expect(part).not.toContain("PASI");
    expect(part).not.toContain(QUERY_TEXT);
  }
}

describe("the notification email", () => {
  it("goes to each assignee in their own language, links to the study's queries, and carries no clinical value", async () => {
    useSmtp(smtp.port);
    const { visitId, code } = await visitWithCode();
    const forItalian = await assign(visitId, italian);
    const forEnglish = await assign(visitId, english);
    await notificationEmailsSettled();

    const [it] = mailsTo(await emailOf(italian.userId));
    const [en] = mailsTo(await emailOf(english.userId));
    expect(it?.subject).toBe("Clinical Study: ti è stata assegnata una query");
    expect(en?.subject).toBe("Clinical Study: a data query was assigned to you");
    const link = `${BASE_URL}/${studyCode}/queries`;
    for (const mail of [it!, en!]) {
      expect(mail.text).toContain(link);
      expect(mail.html).toContain(`href="${link}"`);
      expect(mail.from?.text).toContain("registry@example.org");
      expectNoClinicalContent(mail, code);
    }
    expect(it!.text).toContain("Ti è stata assegnata una query nello studio Clinical Study.");
    expect(en!.text).toContain("A data query was assigned to you in the study Clinical Study.");

    // Sent, so stamped; the monitor (the actor) got nothing.
    expect((await notificationOf(forItalian, italian.userId)).emailedAt).toBeInstanceOf(Date);
    expect((await notificationOf(forEnglish, english.userId)).emailedAt).toBeInstanceOf(Date);
    expect(mailsTo(await emailOf(monitor.userId))).toEqual([]);
  });

  it("speaks the study's default language to a recipient who chose none, and tells of an answer", async () => {
    useSmtp(smtp.port);
    const db = await getDb();
    await db.update(studies).set({ defaultLanguage: "it" }).where(eq(studies.id, studyId));
    try {
      const { visitId, code } = await visitWithCode();
      const queryId = await assign(visitId, english);
      const answered = await call(respondRoute, {
        method: "POST",
        headers: medico.headers,
        params: { id: String(queryId) },
        body: { category: "confirmed_correct", text: "Checked against the chart" },
      });
      expect(answered.status).toBe(200);
      await notificationEmailsSettled();
      // The monitor chose no language: the study's Italian.
      const toMonitor = mailsTo(await emailOf(monitor.userId));
      expect(toMonitor.map((m) => m.subject)).toEqual([
        "Clinical Study: è stata data una risposta a una query",
      ]);
      expectNoClinicalContent(toMonitor[0]!, code);
      // The English-speaking assignee stays in English, whatever the study's default.
      expect(mailsTo(await emailOf(english.userId)).map((m) => m.subject)).toContain(
        "Clinical Study: a data query was answered",
      );
    } finally {
      await db.update(studies).set({ defaultLanguage: null }).where(eq(studies.id, studyId));
    }
  });

  it("leaves emailed_at null and the notification in the inbox when the server refuses, and logs it", async () => {
    const refusing = await startSmtp(true);
    useSmtp(refusing.port);
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const { visitId } = await visitWithCode();
      const queryId = await assign(visitId, italian);
      await notificationEmailsSettled();
      const row = await notificationOf(queryId, italian.userId);
      expect(row.emailedAt).toBeNull();
      expect(refusing.mails).toEqual([]);
      expect(logged.mock.calls.map((c) => String(c[0]))).toContainEqual(
        expect.stringContaining(`Notification email ${row.id} could not be sent`),
      );
      const inbox = await call(inboxRoute, { headers: italian.headers, path: "/api/notifications" });
      expect((inbox.json.items as { id: number }[]).map((i) => i.id)).toContain(row.id);
    } finally {
      await stop(refusing);
    }
  });

  it("leaves emailed_at null when the server is gone, and the step still succeeds", async () => {
    const gone = await startSmtp();
    await stop(gone);
    useSmtp(gone.port);
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { visitId } = await visitWithCode();
    const queryId = await assign(visitId, english);
    await notificationEmailsSettled();
    const row = await notificationOf(queryId, english.userId);
    expect(row.emailedAt).toBeNull();
    expect(logged.mock.calls.map((c) => String(c[0]))).toContainEqual(
      expect.stringContaining(`Notification email ${row.id} could not be sent`),
    );
  });

  it("sends nothing and logs nothing without SMTP settings", async () => {
    clearSmtp();
    delete process.env.SMTP_HOST;
    const before = smtp.mails.length;
    const logged = vi.spyOn(console, "error");
    const { visitId } = await visitWithCode();
    const queryId = await assign(visitId, english);
    await notificationEmailsSettled();
    expect(smtp.mails.length).toBe(before);
    expect((await notificationOf(queryId, english.userId)).emailedAt).toBeNull();
    expect(logged).not.toHaveBeenCalled();
  });
});

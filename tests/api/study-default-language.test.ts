/**
 * A study's default language (decision 0021): set with the Basic Info fields (create and update),
 * audited like them, and the language of the study's pages for a reader who chose none.
 */
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getOne, PUT as update } from "@/app/api/studies/[id]/route";
import { getDb } from "@/db/client";
import { auditLogs, studies } from "@/db/schema";
import { chooseLocale } from "@/lib/i18n/locales";
import { call } from "./helpers";
import { callerFor, createStudy, type Caller } from "./clinical-fixtures";

let admin: Caller;
let study: { id: number; code: string; version: number };

const put = (body: Record<string, unknown>, language?: string) =>
  call(update, {
    method: "PUT",
    headers: { ...admin.headers, ...(language ? { "accept-language": language } : {}) },
    params: { id: String(study.id) },
    body,
  });

/** What the study's pages choose for a reader with no account setting, no switch and no Accept-Language. */
async function pageLanguageForANewReader(): Promise<string> {
  const db = await getDb();
  const [row] = await db
    .select({ language: studies.defaultLanguage })
    .from(studies)
    .where(eq(studies.code, study.code));
  return chooseLocale({ preference: null, studyDefault: row?.language ?? null, acceptLanguage: null });
}

beforeAll(async () => {
  admin = await callerFor({ roleLevel: "admin" });
  study = await createStudy(admin);
});

describe("a study's default language", () => {
  it("is none for a new study: the pages speak English to a reader who asks for nothing", async () => {
    const res = await call(getOne, { headers: admin.headers, params: { id: String(study.id) } });
    expect(res.json.default_language).toBeNull();
    expect(await pageLanguageForANewReader()).toBe("en");
  });

  it("is saved with the Basic Info fields, audited, and then chooses the pages' language", async () => {
    const res = await put({ version: study.version, default_language: "it" });
    expect(res.status).toBe(200);
    expect(res.json.default_language).toBe("it");
    study.version = res.json.version as number;
    expect(await pageLanguageForANewReader()).toBe("it");

    const db = await getDb();
    const [row] = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, "study"), eq(auditLogs.entityId, String(study.id))))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(row!.action).toBe("update");
    expect(row!.oldValues).toMatchObject({ default_language: null });
    expect(row!.newValues).toMatchObject({ default_language: "it" });
  });

  it("is kept by a save that does not send it, and cleared by null", async () => {
    const renamed = await put({ version: study.version, name: "Renamed" });
    expect(renamed.json.default_language).toBe("it");
    const cleared = await put({ version: renamed.json.version, default_language: null });
    expect(cleared.json.default_language).toBeNull();
    study.version = cleared.json.version as number;
    expect(await pageLanguageForANewReader()).toBe("en");
  });

  it("refuses a language the registry does not speak, in the caller's words", async () => {
    const res = await put({ version: study.version, default_language: "fr" }, "it");
    expect(res.status).toBe(422);
    const issue = (res.json.detail as { loc: string[]; msg: string }[])[0]!;
    expect(issue.loc).toEqual(["body", "default_language"]);
    expect(issue.msg).toBe('Opzione non valida: atteso uno tra "en"|"it"');
  });
});

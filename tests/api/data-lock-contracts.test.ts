/**
 * The study lock and the patient freeze against the whole route table
 * (docs/decisions/0034-patient-and-study-lock.md), generated from lib/schemas/api-contracts.ts with
 * the role matrix's requests (tests/api/role-matrix-rules.ts), each call made by a superadmin, who
 * would otherwise succeed:
 * - every write (every method but GET) acting inside a study answers 423 while the study is locked;
 * - every study-scoped read still answers 2xx while it is locked (reads, exports, the audit trail);
 * - every write to a patient or their visits answers 423 while the patient is frozen.
 * A write that is not refused must be listed below with the reason; a new route is checked on
 * its own, without an edit here.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { API_CONTRACTS, type ApiContract } from "@/lib/schemas/api-contracts";
import { callRoute, handlerOf } from "./route-call";
import {
  RULES,
  actors,
  home,
  key,
  nextSeq,
  setPatientFrozen,
  setStudyLocked,
  setUpMatrix,
  targetFor,
  type ActorFixture,
  type Rule,
} from "./role-matrix-rules";

beforeAll(setUpMatrix, 120_000);

/** Writes a locked study does not refuse with 423, and why. */
const NOT_REFUSED_BY_STUDY_LOCK: Record<string, string> = {
  "POST /api/auth/login": "signing in is not inside a study",
  "POST /api/auth/refresh": "renewing a session is not inside a study",
  "POST /api/auth/logout": "signing out is not inside a study",
  "POST /api/auth/password": "a user's own password is not inside a study",
  "PUT /api/auth/me/locale": "a user's own language is not inside a study",
  "POST /api/auth/register": "platform users are not inside a study",
  "POST /api/admin/users": "platform users are not inside a study",
  "PUT /api/admin/users/{id}": "platform users are not inside a study",
  "DELETE /api/admin/users/{id}": "platform users are not inside a study",
  "POST /api/studies": "creating a study is not inside an existing one",
  "POST /api/field-templates": "field templates are the platform's, shared by studies",
  "DELETE /api/field-templates/{id}": "field templates are the platform's, shared by studies",
  "POST /api/admin/audit-logs/verify": "verifying the audit chain reads it: the audit trail goes on",
  "POST /api/notifications/{id}/read":
    "marking one's own notification read is the user's inbox, not study data",
  "POST /api/notifications/read-all":
    "marking one's own notifications read is the user's inbox, not study data",
  "POST /api/studies/{id}/data-dictionary/preview": "a preview computes an answer and writes nothing",
  "POST /api/studies/{id}/protocol-versions/{versionId}/check-compatibility":
    "a compatibility check computes an answer and writes nothing",
  "POST /api/studies/{id}/lock": "locking a locked study is a 409 (tests/api/data-lock.test.ts)",
  "POST /api/studies/{id}/unlock": "the unlock itself is the one write a locked study takes",
  "POST /api/auth/totp": "a user's own second factor is not inside a study",
  "POST /api/auth/tokens":
    "a user's own credential: a token on a locked study only reads (the lock refuses its writes)",
  "DELETE /api/auth/tokens/{id}": "revoking one's own credential is not a change of study data",
  "POST /api/auth/totp/confirm": "a user's own second factor is not inside a study",
  "POST /api/admin/users/{id}/totp/reset": "platform users are not inside a study",
  "POST /api/admin/users/{id}/identity-verification": "platform users are not inside a study",
};

/**
 * Patient-scoped writes a frozen patient does not refuse, and why (decision 0034: data queries are
 * a conversation about the data, as on a locked visit).
 */
const NOT_REFUSED_BY_FREEZE: Record<string, string> = {
  "POST /api/queries": "a data query is about the data, not the data: it goes on while frozen",
  "POST /api/queries/{id}/responses": "answering a query changes no data: a correction is refused on its own",
  "POST /api/queries/{id}/close": "closing a query changes no data",
  "POST /api/queries/{id}/reopen": "reopening a query changes no data",
  "POST /api/notifications/{id}/read": "marking one's own notification read is the user's inbox",
  "POST /api/patients/{id}/lock": "freezing a frozen patient is a 409 (tests/api/data-lock.test.ts)",
  "POST /api/patients/{id}/unlock": "the unlock itself is the one write a frozen patient takes",
  "POST /api/visits/{id}/signatures":
    "a signature changes no data: a frozen record is signed off (decision 0032)",
  "POST /api/patients/{id}/signatures":
    "a signature changes no data: a frozen record is signed off (decision 0032)",
};

/**
 * Routes only a study role may call (a platform administrator does not sign, decision 0032): made
 * by the home study's principal investigator instead of the superadmin.
 */
const CALLED_BY_INVESTIGATOR = new Set([
  "POST /api/visits/{id}/signatures",
  "POST /api/patients/{id}/signatures",
]);

const isWrite = (c: ApiContract) => c.method !== "GET";
const inStudy = (rule: Rule) => rule.need.kind === "study" || rule.need.kind === "patient";

let admin: ActorFixture;
let investigator: ActorFixture;

/**
 * One call of `contract` as the superadmin (or the investigator, CALLED_BY_INVESTIGATOR) on the
 * home study, `around` wrapping the call itself.
 */
async function call(
  contract: ApiContract,
  around: (rule: Rule, patientId: number) => Promise<() => Promise<void>>,
) {
  const rule = RULES[key(contract)]!;
  const superadmin = CALLED_BY_INVESTIGATOR.has(key(contract)) ? investigator : admin;
  const n = nextSeq();
  const target = await targetFor(home, rule.target, rule.fresh ?? false);
  const request = await rule.request({ target, actor: superadmin, n });
  const undo = await around(rule, target.patientId);
  try {
    return await callRoute(
      await handlerOf(contract),
      contract.method,
      contract.path,
      superadmin.headers,
      request,
    );
  } finally {
    await undo();
    await rule.after?.({ target, actor: superadmin, n });
  }
}

describe("study lock and patient freeze over the route table", () => {
  beforeAll(() => {
    admin = actors.find((a) => a.name === "superadmin")!;
    investigator = actors.find((a) => a.name === "principal investigator")!;
  });

  it("lists only routes of the route table as exempt", () => {
    const keys = new Set(API_CONTRACTS.filter(isWrite).map(key));
    expect(Object.keys(NOT_REFUSED_BY_STUDY_LOCK).filter((k) => !keys.has(k))).toEqual([]);
    expect(Object.keys(NOT_REFUSED_BY_FREEZE).filter((k) => !keys.has(k))).toEqual([]);
  });

  it("refuses every write inside a locked study with 423, and keeps every read working", async () => {
    const problems: string[] = [];
    const refused: string[] = [];
    let reads = 0;
    for (const contract of API_CONTRACTS) {
      const rule = RULES[key(contract)];
      if (!rule) continue; // the role matrix reports a route without a rule
      const exempt = NOT_REFUSED_BY_STUDY_LOCK[key(contract)];
      if (isWrite(contract) && (exempt || !inStudy(rule))) {
        if (!exempt) problems.push(`${key(contract)}: a write outside a study, not listed as exempt`);
        continue;
      }
      if (!isWrite(contract) && !inStudy(rule)) continue;
      const res = await call(contract, async () => {
        await setStudyLocked(home.id, true);
        return () => setStudyLocked(home.id, false);
      });
      const body = JSON.stringify(res.json).slice(0, 200);
      if (isWrite(contract)) {
        if (res.status !== 423) problems.push(`${key(contract)}: expected 423, got ${res.status} ${body}`);
        else if (!String((res.json as { detail?: unknown }).detail).startsWith("The study is locked"))
          problems.push(`${key(contract)}: 423 without the study lock's detail: ${body}`);
        else refused.push(key(contract));
      } else {
        reads++;
        if (res.status < 200 || res.status >= 300)
          problems.push(`${key(contract)}: a read answered ${res.status} while locked ${body}`);
      }
    }
    expect(problems).toEqual([]);
    // Not vacuous: the clinical, review, team, configuration, content and upload writes are there.
    expect(refused).toEqual(
      expect.arrayContaining([
        "PUT /api/visits/{id}",
        "POST /api/queries",
        "POST /api/visits/{id}/verify",
        "PUT /api/studies/{id}",
        "POST /api/admin/user-study-roles",
        "POST /api/studies/{id}/medical-groups",
        "POST /api/studies/{id}/contents",
        "POST /api/studies/{id}/protocol-versions",
        "POST /api/upload",
        "POST /api/patients/{id}/lock",
      ]),
    );
    expect(reads).toBeGreaterThan(10);
    process.stdout.write(`study lock: ${refused.length} writes refused with 423, ${reads} reads answered\n`);
  }, 600_000);

  it("refuses every write to a frozen patient or their visits with 423", async () => {
    const problems: string[] = [];
    const refused: string[] = [];
    for (const contract of API_CONTRACTS.filter(isWrite)) {
      const rule = RULES[key(contract)];
      if (!rule || rule.need.kind !== "patient") continue;
      const exempt = NOT_REFUSED_BY_FREEZE[key(contract)];
      const res = await call(contract, async (_rule, patientId) => {
        await setPatientFrozen(patientId, true);
        return () => setPatientFrozen(patientId, false);
      });
      const body = JSON.stringify(res.json).slice(0, 200);
      if (exempt) {
        // Exempt writes must still succeed: the freeze did not refuse them some other way (freezing
        // a frozen patient is the one 409).
        const expected = key(contract) === "POST /api/patients/{id}/lock" ? 409 : "2xx";
        const actual = res.status >= 200 && res.status < 300 ? "2xx" : res.status;
        if (actual !== expected)
          problems.push(`${key(contract)}: exempt, yet answered ${res.status} ${body}`);
      } else if (res.status !== 423)
        problems.push(`${key(contract)}: expected 423, got ${res.status} ${body}`);
      else if (!/^Patient .+ is frozen/.test(String((res.json as { detail?: unknown }).detail)))
        problems.push(`${key(contract)}: 423 without the freeze's detail: ${body}`);
      else refused.push(key(contract));
    }
    expect(problems).toEqual([]);
    expect(refused).toEqual(
      expect.arrayContaining([
        "PUT /api/patients/{id}",
        "DELETE /api/patients/{id}",
        "PUT /api/patients/{id}/medical-group",
        "POST /api/visits",
        "PUT /api/visits/{id}",
        "DELETE /api/visits/{id}",
        "POST /api/visits/{id}/lock",
        "POST /api/visits/{id}/unlock",
        "POST /api/visits/{id}/complete",
        "POST /api/visits/{id}/verify",
      ]),
    );
    process.stdout.write(`patient freeze: ${refused.length} writes refused with 423\n`);
  }, 600_000);
});

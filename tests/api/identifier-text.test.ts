/** Control and invisible characters in patient and medical group codes: a 422 naming the character. */
import { beforeAll, describe, expect, it } from "vitest";
import { POST as createPatient } from "@/app/api/patients/route";
import { POST as createGroup } from "@/app/api/studies/[id]/medical-groups/route";
import { callerFor, createStudy, patientBody, type Caller } from "./clinical-fixtures";
import { call } from "./helpers";

let admin: Caller;
let studyId: number;

beforeAll(async () => {
  admin = await callerFor({ roleLevel: "superadmin" });
  studyId = (await createStudy(admin)).id;
});

describe("short identifiers over the API", () => {
  it("refuses a patient code with a zero-width space or an escape character, and stores none", async () => {
    for (const [code, found] of [
      ["PT\u200b001", "U+200B at character 3"],
      ["PT-\u001b[31m", "U+001B at character 4"],
      ["\u202eTP-001", "U+202E at character 1"],
    ]) {
      const res = await call(createPatient, {
        method: "POST",
        headers: admin.headers,
        body: patientBody(studyId, code!),
      });
      expect(res.status).toBe(422);
      expect(res.json.detail).toEqual([
        expect.objectContaining({
          loc: ["body", "code"],
          msg: `Patient code must not contain control or invisible characters (${found})`,
        }),
      ]);
    }
    const ok = await call(createPatient, {
      method: "POST",
      headers: admin.headers,
      body: patientBody(studyId, "PT-001"),
    });
    expect(ok.status).toBe(201);
  });

  it("refuses a medical group code with a control character", async () => {
    const res = await call(createGroup, {
      method: "POST",
      headers: admin.headers,
      params: { id: String(studyId) },
      body: { code: "mi\u0085", name: "Milano" },
    });
    expect(res.status).toBe(422);
    expect(res.json.detail).toEqual([
      expect.objectContaining({
        loc: ["body", "code"],
        msg: "Code must not contain control or invisible characters (U+0085 at character 3)",
      }),
    ]);
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { PUT as update } from "@/app/api/patients/[id]/route";
import { POST as create } from "@/app/api/patients/route";
import { call } from "./helpers";
import { callerFor, createStudy, memberOf, type Caller } from "./clinical-fixtures";

/** Two patient fields: a note that can be edited only while `editable` is true. */
const CONFIG = {
  version: 1,
  data_fields: [
    { entity: "patient", name: "editable", label: "Editable", type: "boolean", order: 1 },
    {
      entity: "patient",
      name: "locked_note",
      label: "Locked note",
      type: "text",
      order: 2,
      enable_if: { field: "editable", operator: "eq", value: true },
    },
  ],
};

let pi: Caller;
let studyId: number;

beforeAll(async () => {
  const admin = await callerFor({ roleLevel: "admin" });
  studyId = (await createStudy(admin, CONFIG)).id;
  pi = await memberOf(studyId, "principal_investigator");
});

describe("stored values of disabled fields", () => {
  it("are kept on update; a value sent for a disabled field is dropped, not written", async () => {
    const created = await call(create, {
      method: "POST",
      headers: pi.headers,
      body: {
        study_id: studyId,
        code: "EN-1",
        birth_date: "1970-01-01",
        sex: "M",
        custom_fields: { editable: true, locked_note: "first" },
      },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const id = String(created.json.id);
    const res = await call(update, {
      method: "PUT",
      headers: pi.headers,
      params: { id },
      body: {
        version: 1,
        reason: "Close the note",
        custom_fields: { editable: false, locked_note: "second" },
      },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.custom_fields).toEqual({ editable: false, locked_note: "first" });
  });
});

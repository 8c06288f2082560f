/** Uploads and downloads (decision 0014): allowlist by extension and magic bytes, 10 MB, headers, access. */
import { beforeAll, describe, expect, it } from "vitest";
import { GET as download } from "@/app/api/files/[id]/route";
import { POST as logo } from "@/app/api/studies/[id]/logo/route";
import { POST as upload } from "@/app/api/upload/route";
import { MAX_UPLOAD_FILE_BYTES } from "@/lib/server/uploads/multipart-file";
import type { UploadResponse } from "@/lib/schemas/contents";
import { callerFor, createStudy, memberOf, type Caller } from "./clinical-fixtures";
import { BASE } from "./helpers";

let superuser: Caller;
let studyId: number;
let otherStudyId: number;

const PDF = new TextEncoder().encode("%PDF-1.7\n1 0 obj<<>>endobj\n%%EOF\n");
const EXE = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]); // "MZ": a Windows executable
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

async function send(
  handler: Handler,
  url: string,
  caller: Caller,
  file: { name: string; bytes: Uint8Array } | null,
  params: Record<string, string> = {},
) {
  const form = new FormData();
  if (file) form.set("file", new File([file.bytes as Uint8Array<ArrayBuffer>], file.name));
  const res = await handler(
    new Request(`${BASE}${url}`, { method: "POST", headers: caller.headers, body: form }),
    {
      params: Promise.resolve(params),
    },
  );
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : null) as Record<string, unknown> };
}

const attach = (caller: Caller, name: string, bytes: Uint8Array, study = studyId) =>
  send(upload, `/api/upload?study_id=${study}`, caller, { name, bytes });

async function fetchFile(caller: Caller, fileUrl: string) {
  const id = fileUrl.split("/").pop()!;
  return download(new Request(`${BASE}${fileUrl}`, { headers: caller.headers }), {
    params: Promise.resolve({ id }),
  });
}

beforeAll(async () => {
  superuser = await callerFor({ roleLevel: "superadmin" });
  studyId = (await createStudy(superuser)).id;
  otherStudyId = (await createStudy(superuser)).id;
});

describe("POST /api/upload", () => {
  it("stores a PDF under a random key and serves it as an attachment with nosniff to study readers only", async () => {
    const res = await attach(superuser, "Protocol v2 (final).pdf", PDF);
    expect(res.status).toBe(201);
    const body = res.json as unknown as UploadResponse;
    expect(body).toMatchObject({ file_name: "Protocol v2 (final).pdf", file_size: PDF.byteLength });
    expect(body.file_url).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);

    const reader = await memberOf(studyId, "read_only");
    const got = await fetchFile(reader, body.file_url);
    expect(got.status).toBe(200);
    expect(got.headers.get("content-type")).toBe("application/pdf");
    expect(got.headers.get("content-disposition")).toBe(
      `attachment; filename="Protocol v2 (final).pdf"; filename*=UTF-8''Protocol%20v2%20(final).pdf`,
    );
    expect(got.headers.get("x-content-type-options")).toBe("nosniff");
    expect(got.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(PDF);

    const outsider = await memberOf(otherStudyId, "read_only");
    expect((await fetchFile(outsider, body.file_url)).status).toBe(404);
  });

  it("refuses a .pdf whose bytes are an executable, an unlisted extension and a .txt with NUL", async () => {
    const exe = await attach(superuser, "report.pdf", EXE);
    expect(exe.status).toBe(422);
    expect(JSON.stringify(exe.json)).toContain("not a .pdf file");
    const unlisted = await attach(superuser, "tool.exe", EXE);
    expect(unlisted.status).toBe(422);
    expect(JSON.stringify(unlisted.json)).toContain("File type not allowed; accepted: pdf, doc");
    expect((await attach(superuser, "page.html", new TextEncoder().encode("<script>"))).status).toBe(422);
    expect((await attach(superuser, "notes.txt", new Uint8Array([0x68, 0x00, 0x69]))).status).toBe(422);
    expect((await attach(superuser, "notes.txt", new TextEncoder().encode("plain notes ✓"))).status).toBe(
      201,
    );
    expect((await attach(superuser, "sheet.xls", EXE)).status).toBe(422);
    const ole = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]);
    expect((await attach(superuser, "sheet.xls", ole)).status).toBe(201);
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0]);
    expect((await attach(superuser, "letter.docx", zip)).status).toBe(201);
  });

  it("keeps the extension of a 300-character name when it is cut to 255 bytes", async () => {
    const long = `${"Informed consent form, revised ".repeat(10).slice(0, 296)}.pdf`;
    expect(long).toHaveLength(300);
    const res = await attach(superuser, long, PDF);
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const name = (res.json as unknown as UploadResponse).file_name;
    expect(name.endsWith("….pdf")).toBe(true);
    expect(new TextEncoder().encode(name).length).toBeLessThanOrEqual(255);
    expect(long.startsWith(name.slice(0, -5))).toBe(true);
    // Multi-byte characters: cut between characters, never inside one.
    const accented = `${"è".repeat(200)}.docx`;
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0]);
    const wide = await attach(superuser, accented, zip);
    expect(wide.status).toBe(201);
    const wideName = (wide.json as unknown as UploadResponse).file_name;
    expect(wideName).toMatch(/^è+….docx$/);
    expect(new TextEncoder().encode(wideName).length).toBeLessThanOrEqual(255);
  });

  it("accepts a file of exactly 10 MB and refuses 10 MB + 1 byte with 413", async () => {
    const exact = new Uint8Array(MAX_UPLOAD_FILE_BYTES).fill(0x20);
    exact.set(PDF);
    expect((await attach(superuser, "big.pdf", exact)).status).toBe(201);
    const over = new Uint8Array(MAX_UPLOAD_FILE_BYTES + 1).fill(0x20);
    over.set(PDF);
    const res = await attach(superuser, "big.pdf", over);
    expect(res.status).toBe(413);
    expect(res.json.detail).toContain("too large");
  });

  it("stops reading a chunked 64 MB multipart body soon after the limit (413, stream cancelled)", async () => {
    const state = { pulled: 0, cancelled: false };
    const total = 64 * 1024 * 1024;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (state.pulled >= total) return controller.close();
          state.pulled += 64 * 1024;
          controller.enqueue(new Uint8Array(64 * 1024).fill(0x41));
        },
        cancel() {
          state.cancelled = true;
        },
      },
      { highWaterMark: 0 },
    );
    const req = new Request(`${BASE}/api/upload?study_id=${studyId}`, {
      method: "POST",
      headers: { ...superuser.headers, "content-type": "multipart/form-data; boundary=x" },
      body,
      duplex: "half",
    } as RequestInit & { duplex: "half" });
    const res = await upload(req, { params: Promise.resolve({}) });
    expect(res.status).toBe(413);
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThan(MAX_UPLOAD_FILE_BYTES + 256 * 1024);
  });

  it("refuses non-editors (403) and a body without the file part (422)", async () => {
    const admin = await callerFor({ roleLevel: "admin" });
    expect((await attach(admin, "a.pdf", PDF)).status).toBe(403);
    expect((await send(upload, `/api/upload?study_id=${studyId}`, superuser, null)).status).toBe(422);
  });
});

describe("POST /api/studies/{id}/logo", () => {
  const url = () => `/api/studies/${studyId}/logo`;

  it("accepts a PNG, served inline as an image; refuses a PDF named .png", async () => {
    const res = await send(logo, url(), superuser, { name: "logo.png", bytes: PNG }, { id: String(studyId) });
    expect(res.status).toBe(201);
    const got = await fetchFile(superuser, (res.json as unknown as UploadResponse).file_url);
    expect(got.headers.get("content-type")).toBe("image/png");
    expect(got.headers.get("content-disposition")).toMatch(/^inline; /);
    expect(got.headers.get("x-content-type-options")).toBe("nosniff");
    const fake = await send(
      logo,
      url(),
      superuser,
      { name: "logo.png", bytes: PDF },
      { id: String(studyId) },
    );
    expect(fake.status).toBe(422);
  });

  it("stores an SVG without its script and handlers, and refuses markup that is not an SVG", async () => {
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><script>alert(1)</script><rect width="4" height="4" onload="alert(2)"/><foreignObject><img src=x onerror=alert(3)></foreignObject></svg>',
    );
    const res = await send(logo, url(), superuser, { name: "logo.svg", bytes: svg }, { id: String(studyId) });
    expect(res.status).toBe(201);
    const got = await fetchFile(superuser, (res.json as unknown as UploadResponse).file_url);
    const text = await got.text();
    expect(text).toContain("<rect");
    expect(text).not.toMatch(/script|onload|onerror|foreignObject/i);
    const html = new TextEncoder().encode("<html><body onload=alert(1)></body></html>");
    const refused = await send(
      logo,
      url(),
      superuser,
      { name: "logo.svg", bytes: html },
      { id: String(studyId) },
    );
    expect(refused.status).toBe(422);
  });

  it("is for those who configure the study: a data manager may, a monitor may not", async () => {
    const manager = await memberOf(studyId, "data_manager");
    const monitor = await memberOf(studyId, "study_monitor");
    const file = { name: "logo.png", bytes: PNG };
    expect((await send(logo, url(), manager, file, { id: String(studyId) })).status).toBe(201);
    expect((await send(logo, url(), monitor, file, { id: String(studyId) })).status).toBe(403);
  });
});

import { describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { POST as nextAuthPost } from "@/app/api/auth/[...nextauth]/route";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as register } from "@/app/api/auth/register/route";
import { MAX_UPLOAD_BODY_BYTES, readBodyBytes } from "@/lib/server/api/body-limit";
import { BASE } from "./helpers";
import { inEnglish } from "@/tests/support/words-in";

const CHUNK = 64 * 1024;

/** A chunked body (no Content-Length) of `total` bytes that records how much of it was read. */
function meteredBody(total: number) {
  const state = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (state.pulled >= total) return controller.close();
        const size = Math.min(CHUNK, total - state.pulled);
        state.pulled += size;
        controller.enqueue(new Uint8Array(size).fill(0x20)); // spaces: valid JSON whitespace
      },
      cancel() {
        state.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, state };
}

function streamingRequest(
  path: string,
  body: ReadableStream<Uint8Array>,
  headers: Record<string, string> = {},
) {
  return new Request(`${BASE}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
    duplex: "half",
  } as RequestInit & { duplex: "half" });
}

describe("request bodies are counted while streaming (413 at the limit)", () => {
  it("stops reading a chunked 64 MB body to an unauthenticated route soon after 1 MB and answers 413", async () => {
    const { stream, state } = meteredBody(64 * 1024 * 1024);
    const req = streamingRequest("/api/auth/login", stream);
    expect(req.headers.get("content-length")).toBeNull();
    const res = await login(req, { params: Promise.resolve({}) });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ detail: "Request body is too large (limit 1 MB)" });
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThanOrEqual(1024 * 1024 + 2 * CHUNK);
  });

  it("applies to next-auth's sign-in route too (its own body parsing would read any size)", async () => {
    const { stream, state } = meteredBody(64 * 1024 * 1024);
    const req = new NextRequest(`${BASE}/api/auth/callback/credentials`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: stream,
      duplex: "half",
    } as ConstructorParameters<typeof NextRequest>[1] & { duplex: "half" });
    const res = await nextAuthPost(req, {
      params: Promise.resolve({ nextauth: ["callback", "credentials"] }),
    });
    expect(res.status).toBe(413);
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThanOrEqual(1024 * 1024 + 2 * CHUNK);
  });

  it("refuses a declared Content-Length over the limit without reading the body", async () => {
    const { stream, state } = meteredBody(2 * 1024 * 1024);
    const req = streamingRequest("/api/auth/login", stream, { "content-length": String(2 * 1024 * 1024) });
    const res = await login(req, { params: Promise.resolve({}) });
    expect(res.status).toBe(413);
    expect(state.pulled).toBeLessThanOrEqual(CHUNK);
  });

  it("applies to authenticated routes too, before the session is even needed for the body", async () => {
    const { stream, state } = meteredBody(8 * 1024 * 1024);
    const res = await register(streamingRequest("/api/auth/register", stream), {
      params: Promise.resolve({}),
    });
    // No session: 401 comes first and the body is never read.
    expect(res.status).toBe(401);
    expect(state.pulled).toBeLessThanOrEqual(CHUNK);
  });

  it("reads a chunked body under the limit whole", async () => {
    const text = JSON.stringify({ email: "a@example.org", password: "x".repeat(300) });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const bytes = new TextEncoder().encode(text);
        for (let i = 0; i < bytes.length; i += 7) controller.enqueue(bytes.slice(i, i + 7));
        controller.close();
      },
    });
    const res = await login(streamingRequest("/api/auth/login", body), { params: Promise.resolve({}) });
    expect(res.status).toBe(401); // parsed, checked, refused as credentials
  });

  it("exposes the mechanism with the 10 MB upload limit", async () => {
    const under = meteredBody(9 * 1024 * 1024);
    const bytes = await readBodyBytes(streamingRequest("/upload", under.stream), MAX_UPLOAD_BODY_BYTES);
    expect(bytes.byteLength).toBe(9 * 1024 * 1024);

    const over = meteredBody(40 * 1024 * 1024);
    const refusal = await readBodyBytes(streamingRequest("/upload", over.stream), MAX_UPLOAD_BODY_BYTES).then(
      () => null,
      (error: { status: number; detail: string }) => error,
    );
    expect(refusal?.status).toBe(413);
    expect(inEnglish(refusal!.detail)).toBe("Request body is too large (limit 10 MB)");
    expect(over.state.cancelled).toBe(true);
    expect(over.state.pulled).toBeLessThanOrEqual(MAX_UPLOAD_BODY_BYTES + 2 * CHUNK);
  });
});

import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** A server.mjs of a spec's own (not the config's: the spec stops it), on a fresh embedded database. */
export type OwnServer = { server: ChildProcess; base: string; dataDir: string; output: () => string };

/**
 * Starts `server.mjs`, as `npm start` runs it, on port 0 (the system picks a free one, which
 * server.mjs prints in its "Ready on" line) with a first admin and no demo data, and waits for it.
 * `dataDir`: the directory of a server started before (a restart), else a fresh one.
 */
export async function startOwnServer(options: {
  admin: { email: string; password: string };
  args?: string[];
  env?: Record<string, string>;
  dataDir?: string;
}): Promise<OwnServer> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), "registry-own-server-"));
  let out = "";
  const server = spawn(process.execPath, ["server.mjs", "-p", "0", ...(options.args ?? [])], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      ADMIN_EMAIL: options.admin.email,
      ADMIN_PASSWORD: options.admin.password,
      SEED_DEMO: "0",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  server.stderr!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const output = () => out;
  for (let i = 0; i < 480; i++) {
    if (server.exitCode !== null) throw new Error(`server.mjs exited early:\n${out}`);
    const ready = /> Ready on (http:\/\/\S+)/.exec(out);
    if (ready) return { server, base: ready[1]!, dataDir, output };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  server.kill("SIGKILL");
  throw new Error(`server.mjs did not start:\n${out}`);
}

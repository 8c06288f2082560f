// @ts-check
/**
 * The production server entry (`npm start`, `npm run serve`): Next's request handler behind a plain
 * Node HTTP server. App Router handlers never see the socket, so this entry hands the app the
 * socket's own facts — the peer address and whether it is TLS — in two internal headers that it
 * ALWAYS overwrites (a client's copy never reaches the app). The app then decides the client
 * address and protocol from them and the proxies the deployment declares (TRUSTED_PROXIES), see
 * lib/server/api/client-address.ts and docs/decisions/0010.
 *
 * Flags follow `next start`: -p/--port (else PORT, else 3000), -H/--hostname, --keepAliveTimeout.
 */
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import next from "next";

// The same names as lib/server/api/client-address.ts (this file is plain JavaScript run by Node).
const SOCKET_ADDRESS_HEADER = "x-registry-socket-address";
const SOCKET_TLS_HEADER = "x-registry-socket-tls";
const EXIT_CODES = { SIGTERM: 143, SIGINT: 130 };

const { values } = parseArgs({
  options: {
    port: { type: "string", short: "p" },
    hostname: { type: "string", short: "H" },
    keepAliveTimeout: { type: "string" },
  },
});
// PORT as with `next start` (the README's configuration table documents it).
const port = Number(values.port ?? process.env.PORT ?? 3000);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Invalid port: ${values.port ?? process.env.PORT}`);
  process.exit(1);
}
const keepAliveTimeout = values.keepAliveTimeout === undefined ? undefined : Number(values.keepAliveTimeout);
if (keepAliveTimeout !== undefined && !(Number.isInteger(keepAliveTimeout) && keepAliveTimeout >= 0)) {
  console.error(`Invalid --keepAliveTimeout: ${values.keepAliveTimeout}`);
  process.exit(1);
}

// Tells the app (lib/env.ts) that the internal headers come from this entry and can be trusted.
process.env.REGISTRY_SOCKET_HEADERS = "1";

/** @type {((req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => Promise<void>) | undefined} */
let handle;
/** @type {Promise<void>} */
let ready;

const server = createServer((req, res) => {
  // Overwrites whatever the client sent under these names.
  req.headers[SOCKET_ADDRESS_HEADER] = req.socket.remoteAddress ?? "";
  req.headers[SOCKET_TLS_HEADER] = "encrypted" in req.socket && req.socket.encrypted ? "1" : "0";
  ready
    .then(() => handle?.(req, res))
    .catch((error) => {
      console.error("Request failed before the app could answer it", error);
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ detail: "Internal server error" }));
    });
});
if (keepAliveTimeout !== undefined) server.keepAliveTimeout = keepAliveTimeout;

// Registered before the app starts: the app's own stop handler (lib/server/bootstrap/shutdown.ts)
// writes the last audit checkpoint and closes the database, then hands over to this one.
for (const signal of /** @type {const} */ (["SIGTERM", "SIGINT"])) {
  process.on(signal, () => {
    server.close();
    server.closeAllConnections();
    process.exit(EXIT_CODES[signal]);
  });
}

server.listen(port, values.hostname, () => {
  const address = server.address();
  const actual = typeof address === "object" && address ? address.port : port;
  const app = next({
    dev: false,
    dir: fileURLToPath(new URL(".", import.meta.url)),
    hostname: values.hostname ?? "localhost",
    port: actual,
  });
  ready = app.prepare().then(() => {
    handle = app.getRequestHandler();
    console.log(`> Ready on http://${values.hostname ?? "localhost"}:${actual}`);
  });
  ready.catch((error) => {
    console.error("The app could not start", error);
    process.exit(1);
  });
});

import "server-only";
import { env } from "@/lib/env";
import { logWarn } from "./log";
import {
  clientAddress,
  clientProtocol,
  compileTrustedProxies,
  SOCKET_ADDRESS_HEADER,
  SOCKET_TLS_HEADER,
  type TrustProxy,
} from "./client-address";

/**
 * `apiToken`: the name of the personal API token the request came with, set by the route wrapper
 * and recorded on every audit row the request writes (docs/decisions/0036-personal-api-tokens.md).
 */
export type RequestMeta = { ip: string | null; userAgent: string | null; apiToken?: string };

type Socket = { address: string; tls: boolean };

let trustCache: { setting: string | undefined; trust: TrustProxy } | undefined;
let warnedNoEntry = false;

function trustedProxies(): TrustProxy {
  const setting = env().TRUSTED_PROXIES;
  const cached = trustCache;
  if (cached && cached.setting === setting) return cached.trust;
  const trust = compileTrustedProxies(setting);
  trustCache = { setting, trust };
  return trust;
}

/**
 * The socket facts `server.mjs` wrote. Served any other way (`next dev`, a bare `next start`) the
 * headers could come from the client, so they are not read: the address is then unknown (every
 * client shares one sign-in throttle), which is said once in the log rather than left silent.
 */
function socketOf(headers: Headers): Socket | null {
  if (env().REGISTRY_SOCKET_HEADERS !== "1") {
    if (!warnedNoEntry) {
      warnedNoEntry = true;
      logWarn(
        "Client addresses are unknown: the app is not served through server.mjs (npm start / npm run serve). " +
          "Sign-in throttling then treats every client as one address.",
      );
    }
    return null;
  }
  const address = headers.get(SOCKET_ADDRESS_HEADER);
  return address ? { address, tls: headers.get(SOCKET_TLS_HEADER) === "1" } : null;
}

/**
 * Client address and agent, recorded on audit rows and sessions and used to throttle sign-ins:
 * the socket's peer, or what the proxies declared in TRUSTED_PROXIES forwarded (see
 * client-address.ts and docs/decisions/0010). A header any client can write never decides.
 */
export function requestMeta(headers: Headers): RequestMeta {
  const socket = socketOf(headers);
  const ip = socket ? clientAddress(socket.address, headers.get("x-forwarded-for"), trustedProxies()) : null;
  return { ip: ip ? ip.slice(0, 64) : null, userAgent: headers.get("user-agent")?.slice(0, 512) ?? null };
}

/** The protocol the client used: the socket's TLS, or X-Forwarded-Proto from a declared proxy. */
export function requestProtocol(headers: Headers): "https" | "http" {
  const socket = socketOf(headers);
  if (!socket) return "http";
  return clientProtocol(socket, headers.get("x-forwarded-proto"), trustedProxies());
}

export const SYSTEM_META: RequestMeta = { ip: null, userAgent: "system" };

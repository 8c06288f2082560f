import "server-only";
import { isIP } from "node:net";
import proxyaddr from "proxy-addr";

/**
 * The client's address and protocol, as facts (docs/decisions/0010). `server.mjs` puts the socket's
 * peer address and TLS state into these headers on every request, overwriting any client copy;
 * X-Forwarded-For and X-Forwarded-Proto are believed only from hops the deployment declares as its
 * proxies (TRUSTED_PROXIES, with the semantics of the `proxy-addr` package and Express's
 * `trust proxy`: a hop count, or a list of addresses, CIDR ranges and the names loopback,
 * linklocal, uniquelocal). X-Real-IP is never read.
 */
export const SOCKET_ADDRESS_HEADER = "x-registry-socket-address";
export const SOCKET_TLS_HEADER = "x-registry-socket-tls";

export type TrustProxy = (address: string, hop: number) => boolean;

/** Parses TRUSTED_PROXIES; unset or empty trusts no proxy (the socket decides). Throws on nonsense. */
export function compileTrustedProxies(setting: string | undefined): TrustProxy {
  const value = setting?.trim() ?? "";
  if (value === "") return () => false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  const entries = value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  // proxy-addr throws "invalid IP address" / "invalid range on address" for a bad entry.
  return proxyaddr.compile(entries);
}

/**
 * Walks from the socket towards the client: each trusted hop lets the entry it forwarded (the next
 * X-Forwarded-For entry from the right) speak. The walk stops at the first untrusted hop, and at
 * an entry that is not an address (an empty one from a trailing comma, a name, garbage): such an
 * entry never becomes the address; the hop that passed it on does.
 */
export function clientAddress(socketAddress: string, forwardedFor: string | null, trust: TrustProxy) {
  if (!isIP(socketAddress)) return null;
  const forwarded = (forwardedFor ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .reverse();
  if (forwardedFor === null || forwardedFor.trim() === "") forwarded.length = 0;
  let address = socketAddress;
  for (let hop = 0; hop < forwarded.length; hop++) {
    if (!trust(address, hop)) break;
    const next = forwarded[hop]!;
    if (!isIP(next)) break;
    address = next;
  }
  return normalizeAddress(address);
}

/** https when the socket is TLS, or when a trusted proxy says so (first X-Forwarded-Proto value). */
export function clientProtocol(
  socket: { address: string; tls: boolean },
  forwardedProto: string | null,
  trust: TrustProxy,
): "https" | "http" {
  if (socket.tls) return "https";
  if (!isIP(socket.address) || !trust(socket.address, 0)) return "http";
  return forwardedProto?.split(",")[0]?.trim().toLowerCase() === "https" ? "https" : "http";
}

/** An IPv4 peer on a dual-stack socket reads `::ffff:192.0.2.1`: recorded as `192.0.2.1`. */
function normalizeAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address.toLowerCase();
}

import { describe, expect, it } from "vitest";
import { clientAddress, clientProtocol, compileTrustedProxies } from "@/lib/server/api/client-address";

describe("clientAddress (proxy-addr semantics over the socket's peer)", () => {
  const none = compileTrustedProxies(undefined);

  it("without declared proxies the socket decides, whatever the headers say", () => {
    expect(clientAddress("192.0.2.7", "203.0.113.1", none)).toBe("192.0.2.7");
    expect(clientAddress("192.0.2.7", "203.0.113.1,", none)).toBe("192.0.2.7");
    expect(clientAddress("::ffff:192.0.2.7", null, none)).toBe("192.0.2.7");
    expect(clientAddress("2001:DB8::1", null, none)).toBe("2001:db8::1");
    expect(clientAddress("", "203.0.113.1", none)).toBeNull();
  });

  it("a hop count believes that many proxies, from the socket outwards", () => {
    const one = compileTrustedProxies("1");
    const two = compileTrustedProxies("2");
    const header = "6.6.6.6, 203.0.113.1, 10.0.0.2";
    expect(clientAddress("10.0.0.1", header, one)).toBe("10.0.0.2");
    expect(clientAddress("10.0.0.1", header, two)).toBe("203.0.113.1");
    expect(clientAddress("10.0.0.1", null, two)).toBe("10.0.0.1");
    expect(clientAddress("10.0.0.1", "", two)).toBe("10.0.0.1");
  });

  it("a list of addresses, ranges and names believes only those hops", () => {
    const trust = compileTrustedProxies("loopback, 10.0.0.0/8");
    expect(clientAddress("127.0.0.1", "6.6.6.6, 203.0.113.1, 10.1.2.3", trust)).toBe("203.0.113.1");
    expect(clientAddress("192.0.2.9", "203.0.113.1", trust)).toBe("192.0.2.9");
  });

  it("an entry that is not an address (trailing comma, garbage) never becomes the address", () => {
    const trust = compileTrustedProxies("1");
    expect(clientAddress("10.0.0.1", "203.0.113.1,", trust)).toBe("10.0.0.1");
    expect(clientAddress("10.0.0.1", "203.0.113.1, unknown", trust)).toBe("10.0.0.1");
    expect(clientAddress("10.0.0.1", "203.0.113.1, ,", compileTrustedProxies("3"))).toBe("10.0.0.1");
  });

  it("refuses a TRUSTED_PROXIES value that is neither a hop count nor an address list", () => {
    expect(() => compileTrustedProxies("proxy.example.org")).toThrow();
    expect(() => compileTrustedProxies("10.0.0.0/99")).toThrow();
  });
});

describe("clientProtocol", () => {
  const trust = compileTrustedProxies("10.0.0.1");
  it("is https for a TLS socket, or when a declared proxy says so; a client's claim is not believed", () => {
    expect(clientProtocol({ address: "192.0.2.1", tls: true }, null, trust)).toBe("https");
    expect(clientProtocol({ address: "10.0.0.1", tls: false }, "https, http", trust)).toBe("https");
    expect(clientProtocol({ address: "10.0.0.1", tls: false }, "http", trust)).toBe("http");
    expect(clientProtocol({ address: "192.0.2.1", tls: false }, "https", trust)).toBe("http");
  });
});

import { describe, expect, it } from "vitest";
import { VerifiedTokenCache } from "@/lib/server/auth/verified-token-cache";

describe("VerifiedTokenCache", () => {
  it("answers a token's content until its expiry, and nothing after", () => {
    const cache = new VerifiedTokenCache<string>(10);
    cache.set("token-a", "alice", 2_000, 1_000);
    expect(cache.get("token-a", 1_999)).toBe("alice");
    expect(cache.get("token-a", 2_000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("finds only the exact token string", () => {
    const cache = new VerifiedTokenCache<string>(10);
    cache.set("header.payload.signature", "alice", 5_000, 0);
    expect(cache.get("header.payload.signaturf", 1)).toBeUndefined();
    expect(cache.get("header.payload.signatur", 1)).toBeUndefined();
    expect(cache.get("header.payload.signature", 1)).toBe("alice");
  });

  it("keeps nothing already expired or without a finite expiry", () => {
    const cache = new VerifiedTokenCache<string>(10);
    cache.set("old", "x", 999, 1_000);
    cache.set("nan", "x", Number.NaN, 1_000);
    cache.set("forever", "x", Number.POSITIVE_INFINITY, 1_000);
    expect(cache.size).toBe(0);
  });

  it("holds at most its bound, dropping the oldest entry first", () => {
    const cache = new VerifiedTokenCache<number>(3);
    for (let i = 0; i < 5; i++) cache.set(`t${i}`, i, 10_000, 0);
    expect(cache.size).toBe(3);
    expect(cache.get("t0", 1)).toBeUndefined();
    expect(cache.get("t1", 1)).toBeUndefined();
    expect([cache.get("t2", 1), cache.get("t3", 1), cache.get("t4", 1)]).toEqual([2, 3, 4]);
  });
});

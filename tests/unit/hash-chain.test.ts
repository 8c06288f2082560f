import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  canonicalJson,
  chainRows,
  GENESIS_HASH,
  keyedRowHash,
  legacyRowHash,
  type HashedAuditFields,
} from "@/lib/server/audit/hash-chain";

const KEY = new Uint8Array(32).fill(7);
const auditRowHash = (prev: string, r: HashedAuditFields) => keyedRowHash(KEY, prev, r);

const row = {
  timestamp: new Date("2026-11-21T10:00:00.123Z"),
  userId: 1,
  userEmail: "a@example.org",
  action: "update",
  entityType: "patient",
  entityId: "9",
  studyId: 3,
  ipAddress: "127.0.0.1",
  reason: null,
  oldValues: { a: 1, b: [1, 2] },
  newValues: { b: [1, 3], a: 2 },
};

describe("audit hash chain", () => {
  it("covers a personal API token's name when present, and hashes a row without one as before it existed", () => {
    const plain = auditRowHash(GENESIS_HASH, row);
    expect(auditRowHash(GENESIS_HASH, { ...row, apiToken: null })).toBe(plain);
    const named = auditRowHash(GENESIS_HASH, { ...row, apiToken: "nightly export" });
    expect(named).not.toBe(plain);
    expect(auditRowHash(GENESIS_HASH, { ...row, apiToken: "nightly export 2" })).not.toBe(named);
  });

  it("ignores object key order at every depth (JSONB reorders keys)", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (value) => {
        const reversed = Object.fromEntries(Object.entries(value).reverse());
        expect(canonicalJson(reversed)).toBe(canonicalJson(value));
        expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: 100 },
    );
  });

  it("writes exactly the text every stored row was hashed over (sorted keys, no spaces, undefined left out)", () => {
    const value = {
      b: [1, "two", null, { z: true, a: undefined, é: 1.5 }],
      a: { y: [], x: {} },
      c: new Date("2024-01-02T03:04:05.000Z"),
      Z: undefined,
    };
    expect(canonicalJson(value)).toBe(
      '{"a":{"x":{},"y":[]},"b":[1,"two",null,{"z":true,"é":1.5}],"c":"2024-01-02T03:04:05.000Z"}',
    );
  });

  it("changes when any field, the predecessor, or a nested value changes", () => {
    const base = auditRowHash(GENESIS_HASH, row);
    expect(auditRowHash(GENESIS_HASH, { ...row })).toBe(base);
    expect(auditRowHash("f".repeat(64), row)).not.toBe(base);
    expect(auditRowHash(GENESIS_HASH, { ...row, userId: 2 })).not.toBe(base);
    expect(auditRowHash(GENESIS_HASH, { ...row, reason: "x" })).not.toBe(base);
    expect(auditRowHash(GENESIS_HASH, { ...row, timestamp: new Date(row.timestamp.getTime() + 1) })).not.toBe(
      base,
    );
    expect(auditRowHash(GENESIS_HASH, { ...row, newValues: { a: 2, b: [1, 4] } })).not.toBe(base);
  });

  it("depends on the key, and differs from the unkeyed (legacy) hash of the same row", () => {
    const keyed = keyedRowHash(KEY, GENESIS_HASH, row);
    expect(keyed).toMatch(/^[0-9a-f]{64}$/);
    expect(keyedRowHash(new Uint8Array(32).fill(8), GENESIS_HASH, row)).not.toBe(keyed);
    expect(legacyRowHash(GENESIS_HASH, row)).not.toBe(keyed);
    expect(legacyRowHash(GENESIS_HASH, row)).toBe(legacyRowHash(GENESIS_HASH, { ...row }));
  });
});

describe("chainRows (the audit writer's and the benchmark fixtures' one way to link rows)", () => {
  it("links each row to its predecessor's keyed hash and returns the new head", () => {
    const rows = [row, { ...row, entityId: "10" }, { ...row, action: "delete" }];
    const first = chainRows(KEY, GENESIS_HASH, rows);
    let prev = GENESIS_HASH;
    for (const [i, linked] of first.rows.entries()) {
      expect(linked.prevHash).toBe(prev);
      expect(linked.hash).toBe(auditRowHash(prev, rows[i]!));
      expect(linked).toMatchObject(rows[i]!);
      prev = linked.hash;
    }
    expect(first.head).toBe(prev);
    // Chaining in two batches gives the same chain as one.
    const a = chainRows(KEY, GENESIS_HASH, rows.slice(0, 1));
    const b = chainRows(KEY, a.head, rows.slice(1));
    expect([...a.rows, ...b.rows].map((r) => r.hash)).toEqual(first.rows.map((r) => r.hash));
    expect(chainRows(KEY, "f".repeat(64), []).head).toBe("f".repeat(64));
  });
});

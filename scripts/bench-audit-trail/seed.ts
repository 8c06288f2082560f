// The 1M-row trail of `npm run bench:audit-trail`: rows made in this process with the app's own
// hash chain (HMAC under the run's audit key, so the app's key guard accepts the head and the
// export can append its audit row) and inserted by SQL in batches of unnest() arrays.
import type pg from "pg";
import { chainRows, GENESIS_HASH, type HashedAuditFields } from "@/lib/server/audit/hash-chain";

const ACTIONS = [
  "update",
  "update",
  "update",
  "create",
  "create",
  "view",
  "login",
  "logout",
  "delete",
  "lock",
];
const ENTITIES = ["visit", "visit", "patient", "patient", "session", "study", "user", "user_study_role"];
const BATCH = 10_000;

/** Deterministic pseudo-random numbers (the same trail on every run). */
function lcg(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

export async function seedTrail(client: pg.Client, chainKey: Uint8Array, rows: number): Promise<void> {
  const random = lcg(13);
  // Two years of history ending now, oldest first (ids and timestamps grow together).
  const end = Date.now() - 60_000;
  const step = Math.floor((2 * 365 * 86_400_000) / rows);
  let prevHash = GENESIS_HASH;
  for (let start = 0; start < rows; start += BATCH) {
    const batch: HashedAuditFields[] = [];
    for (let i = start; i < Math.min(rows, start + BATCH); i++) {
      const user = Math.floor(random() * 200) + 1;
      const action = ACTIONS[Math.floor(random() * ACTIONS.length)]!;
      const entityType = ENTITIES[Math.floor(random() * ENTITIES.length)]!;
      const system = random() < 0.02;
      batch.push({
        timestamp: new Date(end - (rows - i) * step),
        userId: system ? null : user,
        userEmail: system ? null : `user${user}@bench.example.org`,
        action,
        entityType,
        entityId: String(Math.floor(random() * 50_000) + 1),
        studyId: Math.floor(random() * 20) + 1,
        ipAddress: `10.0.${user % 250}.${(user * 7) % 250}`,
        reason: action === "update" ? "Transcription error corrected" : null,
        oldValues: action === "update" ? { pasi_score: Math.floor(random() * 40), version: 1 } : null,
        newValues:
          action === "update" || action === "create"
            ? { pasi_score: Math.floor(random() * 40), dlqi_score: Math.floor(random() * 30), version: 2 }
            : null,
      });
    }
    // The app's own chaining (lib/server/audit/hash-chain.ts), not a copy of it.
    const chained = chainRows(chainKey, prevHash, batch);
    prevHash = chained.head;
    const columns: unknown[][] = Array.from({ length: 13 }, () => []);
    for (const row of chained.rows) {
      const values = [
        row.timestamp.toISOString(),
        row.userId,
        row.userEmail,
        row.action,
        row.entityType,
        row.entityId,
        row.studyId,
        row.ipAddress,
        row.reason,
        row.oldValues === null ? null : JSON.stringify(row.oldValues),
        row.newValues === null ? null : JSON.stringify(row.newValues),
        row.prevHash,
        row.hash,
      ];
      values.forEach((value, c) => columns[c]!.push(value));
    }
    await client.query(
      `INSERT INTO audit_logs (timestamp, user_id, user_email, action, entity_type, entity_id, study_id,
         ip_address, reason, old_values, new_values, prev_hash, hash)
       SELECT * FROM unnest($1::timestamptz[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[],
         $7::int[], $8::text[], $9::text[], $10::jsonb[], $11::jsonb[], $12::text[], $13::text[])`,
      columns,
    );
  }
  await client.query("VACUUM ANALYZE audit_logs");
}

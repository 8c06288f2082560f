// npx tsx scripts/bench-odm-writer.ts [patients=10000] [--audit]
// Formats N generated demo-study patients (10 visits, ~15 values each) with the ODM writer and
// prints visits/s on one core. The budget: 1,000,000 visits well under 60 s of writer time.
// Patients are generated before the clock starts: only the writer is measured.
import { configIn } from "@/lib/i18n/study-config-language";
import { performance } from "node:perf_hooks";
import { DEMO_STUDY_CONFIG } from "@/db/seed/demo-study-config";
import { createOdmWriter } from "@/lib/exports/odm";
import type { ExportAuditEvent, ExportPatient } from "@/lib/exports/export-records";
import { StudyConfigShape } from "@/lib/schemas/study-config";
import { generateAudit, generatePatient } from "@/tests/support/export-patients";

const args = process.argv.slice(2);
const patientCount = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 10_000);
const includeAudit = args.includes("--audit");
// Distinct patients cost memory, not realism: a pool of 2,000 is reused with fresh ids and codes.
const POOL = Math.min(patientCount, 2_000);

const config = configIn(StudyConfigShape.parse(DEMO_STUDY_CONFIG), "en");
const pool: ExportPatient[] = Array.from({ length: POOL }, (_, i) => generatePatient(i + 1));
const audits: ExportAuditEvent[][] = pool.map((patient) => generateAudit(patient));

const writer = createOdmWriter({
  fileOid: "BENCH",
  creationDateTime: new Date().toISOString(),
  study: { oid: "S.psoriasis", name: "Psoriasis Registry", description: "Benchmark", protocolName: "PSO" },
  metaDataVersion: { oid: "MDV.1", name: "Version 1" },
  config,
  sourceSystem: "clinical-registry",
  sourceSystemVersion: "bench",
  includeAudit,
  users: [{ id: 7, email: "investigator@example.org" }],
});

let bytes = 0;
let visits = 0;
let values = 0;
const started = performance.now();
bytes += writer.start().length;
for (let i = 0; i < patientCount; i++) {
  const template = pool[i % POOL]!;
  const patient = { ...template, id: i + 1, code: `PSO-${i + 1}` };
  // Each chunk is measured and dropped, as the export streams it to the response.
  const chunk = writer.subject(patient, includeAudit ? audits[i % POOL]! : null);
  bytes += chunk.length;
  visits += patient.visits.length;
  if (i < POOL) values += (chunk.match(/<ItemData /g) ?? []).length;
}
bytes += writer.end().length;
const seconds = (performance.now() - started) / 1000;

console.log(
  `ODM writer${includeAudit ? " with audit records" : ""}: ${patientCount} patients, ${visits} visits ` +
    `(~${Math.round(values / (POOL * 11))} values per visit or enrollment) in ${seconds.toFixed(2)} s`,
);
console.log(
  `${Math.round(visits / seconds).toLocaleString("en")} visits/s, ${(bytes / 1e6).toFixed(0)} M characters`,
);
console.log(`1,000,000 visits would take ~${(1_000_000 / (visits / seconds)).toFixed(1)} s of writer time`);

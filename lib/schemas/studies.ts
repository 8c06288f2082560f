import { z } from "zod";
import { StudyConfigSchema } from "./study-config-rules";
import { CODE_PATTERN, StudyConfigShape } from "./study-config";
import { BasedOnVersion } from "./versioning";

/** Column limits of `studies`; the editor's inputs take their maxLength from here too. */
export const STUDY_LIMITS = {
  code: 50,
  name: 200,
  disease: 200,
  domain: 63,
  description: 5000,
} as const;

export const STUDY_MESSAGES = {
  codeRequired: "Code is required",
  codeFormat: "Code must contain only lowercase letters, numbers, and underscores",
  codeTooLong: `Code must be at most ${STUDY_LIMITS.code} characters`,
  codeImmutable: "Study code cannot be changed after creation",
  codeTaken: "A study with this code already exists",
  domainFormat: "Subdomain must contain only lowercase letters, numbers, hyphens and underscores",
  domainTooLong: `Subdomain must be at most ${STUDY_LIMITS.domain} characters`,
  domainTaken: "A study with this subdomain already exists",
  nameRequired: "Name is required",
  nameTooLong: `Name must be at most ${STUDY_LIMITS.name} characters`,
  diseaseRequired: "Disease is required",
  diseaseTooLong: `Disease must be at most ${STUDY_LIMITS.disease} characters`,
  descriptionTooLong: `Description must be at most ${STUDY_LIMITS.description} characters`,
} as const;

// zod 4 applies a schema-level `error` to every check that has no message of its own, so each limit
// names itself (an 80-character code used to say 'Code is required').
const StudyName = z
  .string({ error: STUDY_MESSAGES.nameRequired })
  .trim()
  .min(1, STUDY_MESSAGES.nameRequired)
  .max(STUDY_LIMITS.name, STUDY_MESSAGES.nameTooLong);
const Disease = z
  .string({ error: STUDY_MESSAGES.diseaseRequired })
  .trim()
  .min(1, STUDY_MESSAGES.diseaseRequired)
  .max(STUDY_LIMITS.disease, STUDY_MESSAGES.diseaseTooLong);
const Description = z
  .string()
  .trim()
  .max(STUDY_LIMITS.description, STUDY_MESSAGES.descriptionTooLong)
  .nullish();
/** Empty means "use the code" (spec §5: the subdomain defaults to the study code). */
const Domain = z
  .string()
  .trim()
  .max(STUDY_LIMITS.domain, STUDY_MESSAGES.domainTooLong)
  .regex(/^([a-z0-9_-]+)?$/, STUDY_MESSAGES.domainFormat)
  .nullish();

export const StudyCreateBody = z.object({
  code: z
    .string({ error: STUDY_MESSAGES.codeRequired })
    .trim()
    .min(1, STUDY_MESSAGES.codeRequired)
    .max(STUDY_LIMITS.code, STUDY_MESSAGES.codeTooLong)
    .regex(CODE_PATTERN, STUDY_MESSAGES.codeFormat),
  name: StudyName,
  disease: Disease,
  description: Description,
  domain: Domain,
  is_active: z.boolean().default(true),
  config: StudyConfigSchema.optional(),
});
export type StudyCreateBody = z.infer<typeof StudyCreateBody>;

/**
 * Every key optional but `version`: only what is sent changes, and only if the study is still at the
 * version the change was based on (else 409). A `code` is accepted only when it is unchanged.
 */
export const StudyUpdateBody = z.object({
  version: BasedOnVersion,
  code: z.string().optional(),
  name: StudyName.optional(),
  disease: Disease.optional(),
  description: Description,
  domain: Domain,
  is_active: z.boolean().optional(),
  config: StudyConfigSchema.optional(),
});
export type StudyUpdateBody = z.infer<typeof StudyUpdateBody>;

/** A study's own fields as the editor holds them (empty strings, not nulls, for blank inputs). */
export type StudyBasics = {
  code: string;
  name: string;
  disease: string;
  description: string;
  domain: string;
  is_active: boolean;
};

export const StudyIdParams = z.object({
  id: z.coerce
    .number({ error: "Study id must be a number" })
    .int()
    .positive("Study id must be a positive integer")
    .max(2_147_483_647, "Study id is out of range"),
});

export const FieldSchemaQuery = z.object({ entity: z.enum(["patient", "visit"]).default("visit") });
export const ResolveStudyQuery = z.object({
  domain: z.string({ error: "domain is required" }).trim().min(1, "domain is required").max(63),
});

export const StudyResponse = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  study_name: z.string(),
  disease: z.string(),
  description: z.string().nullable(),
  domain: z.string(),
  is_active: z.boolean(),
  /** Bumped by every update; send it back with the next PUT. */
  version: z.number().int(),
  field_count: z.number().int(),
  config: StudyConfigShape,
  created_at: z.string(),
  updated_at: z.string(),
});
export type StudyResponse = z.infer<typeof StudyResponse>;

export const StudySummaryResponse = StudyResponse.omit({ config: true });
export type StudySummary = z.infer<typeof StudySummaryResponse>;
export const StudyListResponse = z.array(StudySummaryResponse);

export const FieldSchemaResponse = z.object({
  fields: z.array(z.record(z.string(), z.unknown())),
  categories: z.array(z.record(z.string(), z.unknown())),
  visit_types: z.array(z.record(z.string(), z.unknown())),
  calculations: z.array(z.record(z.string(), z.unknown())),
  therapy_switch_config: z.record(z.string(), z.unknown()),
});

export const ResolveStudyResponse = z.object({
  study_id: z.number().int(),
  code: z.string(),
  name: z.string(),
});

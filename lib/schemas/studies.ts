import { z } from "zod";
import { LOCALES } from "@/lib/i18n/locales";
import { StudyConfigSchema } from "./study-config-rules";
import { CODE_PATTERN, StudyConfigShape } from "./study-config";
import { BasedOnVersion } from "./versioning";
import { messageRef } from "@/lib/i18n/message-ref";

/** Column limits of `studies`; the editor's inputs take their maxLength from here too. */
export const STUDY_LIMITS = {
  code: 50,
  name: 200,
  disease: 200,
  domain: 63,
  description: 5000,
} as const;

/**
 * Message references (docs/decisions/0021): put into words by the API or `useWords` on screen.
 * The editor tells a taken code or subdomain by the 409's `type` (STUDY_REFUSALS), never its words.
 */
export const STUDY_MESSAGES = {
  codeRequired: messageRef("api.studies.codeRequired"),
  codeFormat: messageRef("api.studies.codeFormat"),
  codeTooLong: messageRef("api.studies.codeTooLong", { max: String(STUDY_LIMITS.code) }),
  codeImmutable: messageRef("api.studies.codeImmutable"),
  codeTaken: messageRef("api.studies.codeTaken"),
  domainFormat: messageRef("api.studies.domainFormat"),
  domainTooLong: messageRef("api.studies.domainTooLong", { max: String(STUDY_LIMITS.domain) }),
  domainTaken: messageRef("api.studies.domainTaken"),
  nameRequired: messageRef("api.studies.nameRequired"),
  nameTooLong: messageRef("api.studies.nameTooLong", { max: String(STUDY_LIMITS.name) }),
  diseaseRequired: messageRef("api.studies.diseaseRequired"),
  diseaseTooLong: messageRef("api.studies.diseaseTooLong", { max: String(STUDY_LIMITS.disease) }),
  descriptionTooLong: messageRef("api.studies.descriptionTooLong", { max: String(STUDY_LIMITS.description) }),
} as const;

/** The `type` of a 409 that refuses a taken code or subdomain: the same in every language. */
export const STUDY_REFUSALS = { codeTaken: "study_code_taken", domainTaken: "study_domain_taken" } as const;

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
/**
 * The language of the study's pages for a reader who chose none (no account setting, no switch):
 * before the browser's Accept-Language (decision 0021). Null: the browser's language decides.
 */
const DefaultLanguage = z.enum(LOCALES).nullish();
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
  default_language: DefaultLanguage,
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
  default_language: DefaultLanguage,
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
  /** "" while the study has none (the browser's language decides). */
  default_language: "" | (typeof LOCALES)[number];
  is_active: boolean;
};

export const StudyIdParams = z.object({
  id: z.coerce
    .number({ error: messageRef("api.studies.idNumber") })
    .int()
    .positive(messageRef("api.studies.idPositive"))
    .max(2_147_483_647, messageRef("api.studies.idRange")),
});

export const FieldSchemaQuery = z.object({ entity: z.enum(["patient", "visit"]).default("visit") });
export const ResolveStudyQuery = z.object({
  domain: z
    .string({ error: messageRef("api.studies.domainRequired") })
    .trim()
    .min(1, messageRef("api.studies.domainRequired"))
    .max(63),
});

export const StudyResponse = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  study_name: z.string(),
  disease: z.string(),
  description: z.string().nullable(),
  domain: z.string(),
  /**
   * The study pages' language for a reader who chose none (null: the browser's decides), and the
   * language of the study's plain texts (decisions 0021, 0022).
   */
  default_language: z.enum(LOCALES).nullable().default(null),
  is_active: z.boolean(),
  /** Bumped by every update; send it back with the next PUT. */
  version: z.number().int(),
  field_count: z.number().int(),
  /** Since when the study is locked (decision 0034): every write answers 423; null while open. */
  locked_at: z.string().nullable().default(null),
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

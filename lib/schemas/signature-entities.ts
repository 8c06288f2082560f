/** What a signature is on (decision 0032): one visit, or a patient's whole casebook. Pure, no imports. */
export const SIGNATURE_ENTITY_TYPES = ["visit", "patient"] as const;
export type SignatureEntityType = (typeof SIGNATURE_ENTITY_TYPES)[number];

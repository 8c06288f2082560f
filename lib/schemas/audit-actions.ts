/** The audit actions of spec §3. Pure: the database check constraint and the page's filter use it. */
export const AUDIT_ACTIONS = [
  "create",
  "update",
  "delete",
  "view",
  "login",
  "logout",
  "export",
  "import",
  "lock",
  "unlock",
  "approve",
  "reject",
  "sign",
  "print",
  "access_denied",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

import "server-only";

/**
 * What a personal API token may call (docs/decisions/0036-personal-api-tokens.md): the study's data
 * (the study itself and everything under it, patients, visits, queries, review lists, reports,
 * files) and who it belongs to. Never the token management, the account (password, second factor,
 * language, sign-out), the administration, the platform lists or the notification inbox: those stay
 * with a signed-in person. A list, so a route added later is refused until it is named here; inside
 * it, policy.ts bounds the study and the permissions.
 */
const REACHABLE = /^\/api\/(?:studies\/\d+|patients|visits|queries|sdv|reports|files)(?:\/|$)/;

export function apiTokenMayReach(method: string, path: string): boolean {
  if (path === "/api/auth/me") return method === "GET";
  return REACHABLE.test(path);
}

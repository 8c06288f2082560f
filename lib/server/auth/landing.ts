/**
 * Where a signed-in user lands (docs/decisions/0029). Pure, like the policy it reads: platform
 * administrators keep the studies list they manage; everyone else (study roles only, or none yet)
 * lands on My studies, the study areas they work in, rather than an admin screen of links they
 * cannot follow.
 */
import { ADMIN_LANDING, MY_STUDIES_PATH } from "@/lib/routes";
import { isPlatformAdmin, type PolicyActor } from "./policy";

export function landingPath(actor: PolicyActor): string {
  return isPlatformAdmin(actor) ? ADMIN_LANDING : MY_STUDIES_PATH;
}

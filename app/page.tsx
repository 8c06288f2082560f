import { redirect } from "next/navigation";
import { landingPath } from "@/lib/server/auth/landing";
import { requirePageActor } from "@/lib/server/auth/page-session";

// "/" is the landing: administrators go to the studies list, clinicians to My studies
// (docs/decisions/0029); signed-out visitors to /login (requirePageActor redirects).
export default async function Home() {
  redirect(landingPath(await requirePageActor()));
}

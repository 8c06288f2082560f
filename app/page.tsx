import { redirect } from "next/navigation";
import { requirePageActor } from "@/lib/server/auth/page-session";
import { DEFAULT_AFTER_LOGIN } from "@/lib/routes";

// "/" goes to the studies when signed in, else to /login (requirePageActor redirects).
export default async function Home() {
  await requirePageActor();
  redirect(DEFAULT_AFTER_LOGIN);
}

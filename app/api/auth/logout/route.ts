import { NextResponse } from "next/server";
import { logout } from "@/lib/server/auth/auth-service";
import { clearedSessionCookie, secureCookies } from "@/lib/server/auth/session-cookie";
import { apiRoute } from "@/lib/server/api/route";

export const POST = apiRoute({
  handler: async ({ db, actor, meta, req }) => {
    await logout(db, actor, meta);
    const response = NextResponse.json({ detail: "Signed out" });
    if (actor.via === "cookie")
      response.headers.append("set-cookie", clearedSessionCookie(secureCookies(req.headers)));
    return response;
  },
});

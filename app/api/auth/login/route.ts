import { NextResponse } from "next/server";
import { apiLogin } from "@/lib/server/auth/auth-service";
import { deviceCookieHeader, deviceTokensOf } from "@/lib/server/auth/device-cookie";
import { secureCookies } from "@/lib/server/auth/session-cookie";
import { publicApiRoute } from "@/lib/server/api/route";
import { LoginBody } from "@/lib/schemas/auth";

/** API sign-in: the tokens, and the device cookie (docs/decisions/0010) for clients that keep it. */
export const POST = publicApiRoute({
  body: LoginBody,
  handler: async ({ db, body, meta, req }) => {
    const devices = deviceTokensOf(req.headers.get("cookie"));
    const { tokens, devices: kept } = await apiLogin(db, body, meta, devices);
    const response = NextResponse.json(tokens);
    response.headers.append("set-cookie", deviceCookieHeader(kept, secureCookies(req.headers)));
    return response;
  },
});

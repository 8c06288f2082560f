"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { apiFetch } from "@/lib/client/api-fetch";

export function LogoutButton() {
  const t = useTranslations("auth.menu");
  const [busy, setBusy] = useState(false);
  async function logout() {
    setBusy(true);
    try {
      await apiFetch("/auth/logout", { method: "POST" });
    } catch {
      // Already signed out or the session expired: the login page is the right place either way.
    }
    // A full navigation drops every cached query of the signed-out user.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.assign("/login");
  }
  return (
    <button
      type="button"
      onClick={logout}
      disabled={busy}
      className="rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100"
    >
      {t("logout")}
    </button>
  );
}

import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { forbidden } from "next/navigation";
import { UsersPage } from "@/components/admin-users/users-page";
import { requirePageActor } from "@/lib/server/auth/page-session";
import { hasPlatformPermission } from "@/lib/server/auth/policy";
import { platformPageAccess } from "@/lib/server/users/page-access";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("ui.pageTitle", { page: t("users.title") }) };
}

export default async function AdminUsersPage() {
  const actor = await requirePageActor();
  const access = await platformPageAccess(actor, "users.read", "/admin/users");
  if (access.kind !== "ok") forbidden();
  return (
    <UsersPage
      currentUserId={actor.userId}
      canManageAdmins={hasPlatformPermission(actor, "users.manage_admins")}
    />
  );
}

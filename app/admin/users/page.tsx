import type { Metadata } from "next";
import { forbidden } from "next/navigation";
import { UsersPage } from "@/components/admin-users/users-page";
import { requirePageActor } from "@/lib/server/auth/page-session";
import { hasPlatformPermission } from "@/lib/server/auth/policy";
import { platformPageAccess } from "@/lib/server/users/page-access";

export const metadata: Metadata = { title: "Users · Clinical Data Registry" };

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

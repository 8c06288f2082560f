import type { Metadata } from "next";
import { ChangePasswordForm } from "@/components/admin-users/change-password-form";
import { requirePageActor } from "@/lib/server/auth/page-session";

export const metadata: Metadata = { title: "Change password · Clinical Data Registry" };

export default async function ChangePasswordPage() {
  const actor = await requirePageActor();
  return <ChangePasswordForm mustChange={actor.mustChangePassword} />;
}

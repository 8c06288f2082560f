import { Suspense } from "react";
import { SignedInLanguageSwitch } from "@/components/i18n/signed-in-language-switch";
import { ChangePasswordLink } from "./change-password-link";
import { LogoutButton } from "./logout-button";

/**
 * The signed-in user's name, the language, their own password change and Logout, at the right of
 * every header.
 */
export function UserMenu({ fullName }: { fullName: string }) {
  return (
    <div className="ml-auto flex items-center gap-3">
      <span className="text-sm text-slate-700" data-testid="current-user">
        {fullName}
      </span>
      {/* useSearchParams needs a boundary wherever a page could be rendered ahead of a request. */}
      <Suspense fallback={null}>
        <ChangePasswordLink />
      </Suspense>
      <SignedInLanguageSwitch />
      <LogoutButton />
    </div>
  );
}

import Link from "next/link";
import { LogoutButton } from "./logout-button";

/**
 * The signed-in user's name and Logout, at the right of every header. The name opens the user's
 * own password change (on a phone the only way there: no room for a second link).
 */
export function UserMenu({ fullName }: { fullName: string }) {
  return (
    <div className="ml-auto flex min-w-0 items-center gap-3">
      <Link
        href="/admin/account/password"
        className="min-w-0 text-sm text-slate-700 hover:underline"
        title="Change password"
      >
        <span className="block" data-testid="current-user">
          {fullName}
        </span>
        <span className="sr-only sm:hidden">: change password</span>
      </Link>
      <Link
        href="/admin/account/password"
        className="hidden shrink-0 text-sm text-slate-600 hover:text-slate-900 hover:underline sm:inline"
      >
        Change password
      </Link>
      <LogoutButton />
    </div>
  );
}

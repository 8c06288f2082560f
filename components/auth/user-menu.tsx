import Link from "next/link";
import { LogoutButton } from "./logout-button";

/** The signed-in user's name and Logout, at the right of every header. */
export function UserMenu({ fullName }: { fullName: string }) {
  return (
    <div className="ml-auto flex items-center gap-3">
      <span className="text-sm text-slate-700" data-testid="current-user">
        {fullName}
      </span>
      <Link
        href="/admin/account/password"
        className="shrink-0 text-sm text-slate-600 hover:text-slate-900 hover:underline"
        title="Change password"
      >
        <span className="hidden sm:inline">Change password</span>
        <span className="sm:hidden">Password</span>
      </Link>
      <LogoutButton />
    </div>
  );
}

import Link from "next/link";
import { LogoutButton } from "./logout-button";

/**
 * The signed-in user's name, their own password change and Logout, at the right of every header.
 * On a phone the password link is a key icon (its name stays "Change password" for readers).
 */
export function UserMenu({ fullName }: { fullName: string }) {
  return (
    <div className="ml-auto flex items-center gap-3">
      <span className="text-sm text-slate-700" data-testid="current-user">
        {fullName}
      </span>
      <Link
        href="/admin/account/password"
        className="shrink-0 rounded-md p-1 text-sm text-slate-600 hover:text-slate-900 hover:underline sm:p-0"
        title="Change password"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          className="h-5 w-5 sm:hidden"
        >
          <circle cx="6.5" cy="13.5" r="3.5" />
          <path d="M9 11l7-7M13.5 6.5l2 2M11.5 8.5l1.5 1.5" strokeLinecap="round" />
        </svg>
        <span className="sr-only sm:not-sr-only">Change password</span>
      </Link>
      <LogoutButton />
    </div>
  );
}

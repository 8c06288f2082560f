import { LogoutButton } from "./logout-button";

/** The signed-in user's name and Logout, at the right of every header. */
export function UserMenu({ fullName }: { fullName: string }) {
  return (
    <div className="ml-auto flex items-center gap-3">
      <span className="text-sm text-slate-700" data-testid="current-user">
        {fullName}
      </span>
      <LogoutButton />
    </div>
  );
}

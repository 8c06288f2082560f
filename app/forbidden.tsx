import { AccessDenied } from "@/components/admin-users/access-denied";

/** forbidden() renders this with status 403: the page refuses like its API. */
export default function Forbidden() {
  return (
    <main className="px-6">
      <AccessDenied />
    </main>
  );
}

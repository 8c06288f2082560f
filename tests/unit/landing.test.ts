import { describe, expect, it } from "vitest";
import type { RoleLevel } from "@/db/schema/users";
import { landingPath } from "@/lib/server/auth/landing";

const actor = (roleLevel: RoleLevel, isSuperuser = false) => ({ userId: 7, roleLevel, isSuperuser });

describe("landingPath (docs/decisions/0029)", () => {
  it("keeps platform administrators on the studies list they manage", () => {
    expect(landingPath(actor("admin"))).toBe("/admin/studies");
    expect(landingPath(actor("superadmin"))).toBe("/admin/studies");
    // The superuser flag is an administrator whatever the level says.
    expect(landingPath(actor("user", true))).toBe("/admin/studies");
  });

  it("sends every other user, study roles or none, to My studies", () => {
    expect(landingPath(actor("user"))).toBe("/my-studies");
  });
});

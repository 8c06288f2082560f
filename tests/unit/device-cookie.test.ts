/** A device cookie's signature has one spelling (lib/server/auth/device-cookie.ts, decision 0010). */
import { describe, expect, it } from "vitest";
import { deviceCookieHeader, deviceTokensOf, withDeviceFor } from "@/lib/server/auth/device-cookie";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

describe("device cookie signatures", () => {
  it("refuses every other spelling of the last character, though it decodes to the same bytes", () => {
    for (let userId = 1; userId <= 20; userId++) {
      const tokens = withDeviceFor([], userId);
      const cookie = deviceCookieHeader(tokens, false).split(";")[0]!;
      expect(deviceTokensOf(cookie)).toEqual(tokens);
      const last = cookie.at(-1)!;
      const index = ALPHABET.indexOf(last);
      // The 43rd character holds 4 bits of the signature and 2 spare ones.
      const sameBytes = [0, 1, 2, 3]
        .map((spare) => ALPHABET[(index & ~3) | spare]!)
        .filter((c) => c !== last);
      expect(sameBytes).toHaveLength(3);
      for (const other of sameBytes) {
        const respelled = cookie.slice(0, -1) + other;
        expect(Buffer.from(respelled.split(".").at(-1)!, "base64url")).toEqual(
          Buffer.from(cookie.split(".").at(-1)!, "base64url"),
        );
        expect(deviceTokensOf(respelled)).toEqual([]);
      }
    }
  });
});

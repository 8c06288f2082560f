/**
 * The clinical day (lib/server/clinical/clinical-today.ts): the server's local calendar day of the
 * injected clock, read once a minute at most, and never a minute late across midnight.
 */
import { afterEach, describe, expect, it } from "vitest";
import { clinicalToday, setClinicalClock } from "@/lib/server/clinical/clinical-today";

afterEach(() => setClinicalClock(null));

describe("the clinical day", () => {
  it("turns at local midnight, also within the minute it last read", () => {
    let now = new Date(2024, 1, 28, 23, 59, 0, 0);
    setClinicalClock(() => now);
    expect(clinicalToday()).toBe("2024-02-28");
    now = new Date(2024, 1, 28, 23, 59, 59, 999);
    expect(clinicalToday()).toBe("2024-02-28");
    now = new Date(2024, 1, 29, 0, 0, 0, 0);
    expect(clinicalToday()).toBe("2024-02-29");
    now = new Date(2024, 2, 1, 0, 0, 30, 0);
    expect(clinicalToday()).toBe("2024-03-01");
  });

  it("follows a clock that goes back, and a new clock at once", () => {
    let now = new Date(2025, 0, 1, 0, 0, 5);
    setClinicalClock(() => now);
    expect(clinicalToday()).toBe("2025-01-01");
    now = new Date(2024, 11, 31, 23, 59, 58);
    expect(clinicalToday()).toBe("2024-12-31");
    setClinicalClock(() => new Date(2030, 5, 15, 12, 0, 0));
    expect(clinicalToday()).toBe("2030-06-15");
  });
});

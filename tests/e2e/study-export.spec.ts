import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { readCsv } from "@/lib/dictionary/csv";
import { seriousViolations } from "./axe";
import { screenshots } from "./screenshots";
import { signInAsAdmin } from "./sign-in-as-admin";

const shots = screenshots("/tmp/study-export-shots");

test.describe("study data export (decision 0016)", () => {
  test("exports from the Export screen with progress, and cancels a slow export", async ({ page }) => {
    test.setTimeout(120_000);
    await signInAsAdmin(page);
    await page.goto("/psoriasis");
    await page.getByRole("navigation", { name: "Study" }).getByRole("link", { name: "Export" }).click();
    await expect(page).toHaveURL(/\/psoriasis\/export$/);
    await expect(page.getByRole("heading", { name: "Export study data" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await shots.atBothWidths(page, "export-screen");

    // A one-row-per-visit CSV with option labels: the file arrives, the progress reads "x of x rows".
    await page.getByLabel("Option labels").check();
    const downloadPromise = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export", exact: true }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^psoriasis_csv_long_\d{8}T\d{6}Z\.csv$/);
    const csv = readFileSync((await download.path())!, "utf8");
    // Records by an RFC 4180 reader: a line break inside a cell is text, kept as stored.
    const read = readCsv(csv);
    const records = read.ok ? read.records.length - 1 : -1; // after the header
    expect(records).toBeGreaterThan(12);
    await expect(page.getByTestId("export-progress")).toContainText(`${records} of ${records} rows (100%)`);
    await expect(page.getByText(/Export complete: \d+ rows in psoriasis_csv_long_/)).toBeVisible();
    expect(read.ok && read.records[0]!.cells).toContain("patient_code");
    await shots.atBothWidths(page, "export-done");

    // The zip, de-identified: counted through the browser's inflater as it arrives.
    await page.getByLabel("De-identify").check();
    await page.getByLabel(/Zip with data dictionary/).check();
    const zipPromise = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export", exact: true }).click();
    const zip = await zipPromise;
    expect(zip.suggestedFilename()).toMatch(/_deidentified_.*\.zip$/);
    await expect(page.getByTestId("export-progress")).toContainText(`${records} of ${records} rows (100%)`);

    // A throttled connection: the progress moves below 100 %, and Cancel stops the export.
    await page.getByLabel(/Zip with data dictionary/).uncheck();
    await page.getByLabel("CDISC ODM 1.3.2 (XML)").check();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: 4_000,
      uploadThroughput: -1,
    });
    await page.getByRole("button", { name: "Export", exact: true }).click();
    await expect(page.getByRole("button", { name: "Exporting..." })).toBeDisabled();
    await expect(page.getByTestId("export-progress")).toContainText(/of \d+ subjects/);
    await shots.atCurrentWidth(page, "export-running");
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByText("Export cancelled.")).toBeVisible();
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    // Every export is in the audit trail with its end. (A file this small fits in the socket buffers,
    // so the server may have sent all of it before the throttled browser cancelled: its end reads
    // completed or cancelled. tests/api/study-export.test.ts cancels a large export mid-stream.)
    const studies = (await (await page.request.get("/api/studies")).json()) as { id: number; code: string }[];
    const studyId = studies.find((study) => study.code === "psoriasis")!.id;
    await expect
      .poll(async () => {
        const trail = (await (
          await page.request.get(`/api/admin/audit-logs?action=export&study_id=${studyId}&page_size=50`)
        ).json()) as { items: { new_values: Record<string, unknown> | null }[] };
        return trail.items.map((item) => item.new_values?.status ?? item.new_values?.format);
      })
      .toEqual(expect.arrayContaining(["completed", "csv-long", "odm"]));
  });
});

import { describe, expect, it } from "vitest";
import type { UiSettings } from "@/lib/schemas/study-config";
import {
  FONT_CHOICES,
  FONT_SIZE_CHOICES,
  LOGO_SUGGESTED,
  RADIUS_CHOICES,
  readableTextColour,
  themeStyleText,
  themeVariables,
  toRgbHex,
} from "@/lib/theme/study-theme";

const SYSTEM_STACK = FONT_CHOICES[0].stack;

describe("themeVariables", () => {
  it("gives every variable a default when the settings are empty", () => {
    expect(themeVariables({})).toEqual({
      "--study-primary": "#1d4ed8",
      "--study-secondary": "#64748b",
      "--study-accent": "#0ea5e9",
      "--study-sidebar-bg": "#0f172a",
      "--study-header-bg": "#ffffff",
      "--study-font-family": SYSTEM_STACK,
      "--study-heading-font-family": SYSTEM_STACK,
      "--study-font-size-base": "16px",
      "--study-radius": "8px",
    });
  });

  it("passes valid settings through and maps fonts to stacks with fallbacks", () => {
    const vars = themeVariables({
      primary_color: "#AA0000",
      secondary_color: "#abc",
      accent_color: "#11223344",
      sidebar_bg_color: "#000",
      header_bg_color: "#fafafa",
      font_family: "Open Sans",
      heading_font_family: "Georgia",
      font_size_base: "14px",
      border_radius: "0px",
    });
    expect(vars["--study-primary"]).toBe("#AA0000");
    expect(vars["--study-secondary"]).toBe("#abc");
    expect(vars["--study-accent"]).toBe("#11223344");
    expect(vars["--study-font-family"]).toBe(
      '"Open Sans", system-ui, -apple-system, "Segoe UI", "Helvetica Neue", Arial, sans-serif',
    );
    expect(vars["--study-heading-font-family"]).toMatch(/^Georgia, .*serif$/);
    expect(vars["--study-font-size-base"]).toBe("14px");
    expect(vars["--study-radius"]).toBe("0px");
  });

  it("reads 'system default', quoted stacks and bare numbers", () => {
    const vars = themeVariables({
      font_family: "system default",
      heading_font_family: "'Inter', sans-serif",
      font_size_base: "18",
      border_radius: "12",
    });
    expect(vars["--study-font-family"]).toBe(SYSTEM_STACK);
    expect(vars["--study-heading-font-family"]).toMatch(/^Inter, /);
    expect(vars["--study-font-size-base"]).toBe("18px");
    expect(vars["--study-radius"]).toBe("12px");
  });

  it("lets headings follow the body font when they have no valid choice", () => {
    expect(themeVariables({ font_family: "Lato" })["--study-heading-font-family"]).toMatch(/^Lato, /);
    expect(
      themeVariables({ font_family: "Lato", heading_font_family: "Comic Sans" })[
        "--study-heading-font-family"
      ],
    ).toMatch(/^Lato, /);
  });

  it.each([
    ["red"],
    ["#12"],
    ["#12345"],
    ["#1234567"],
    ["#gggggg"],
    ["#fff;}body{display:none"],
    ["url(https://evil.example/x)"],
    ["#fff</style><script>"],
  ])("refuses the colour %j", (bad) => {
    const vars = themeVariables({ primary_color: bad, header_bg_color: bad });
    expect(vars["--study-primary"]).toBe("#1d4ed8");
    expect(vars["--study-header-bg"]).toBe("#ffffff");
  });

  it("refuses fonts, sizes and radii outside the lists", () => {
    const vars = themeVariables({
      font_family: "Inter; } body { display:none",
      heading_font_family: "Comic Sans MS",
      font_size_base: "15px",
      border_radius: "calc(100% - 1px)",
    });
    expect(vars["--study-font-family"]).toBe(SYSTEM_STACK);
    expect(vars["--study-heading-font-family"]).toBe(SYSTEM_STACK);
    expect(vars["--study-font-size-base"]).toBe("16px");
    expect(vars["--study-radius"]).toBe("8px");
    expect(themeVariables({ font_size_base: "20px", border_radius: "9px" })).toMatchObject({
      "--study-font-size-base": "16px",
      "--study-radius": "8px",
    });
  });

  it("survives values of the wrong type from an old or hand-edited config", () => {
    const broken = { primary_color: 42, font_family: null, font_size_base: {} } as unknown as UiSettings;
    expect(themeVariables(broken)["--study-primary"]).toBe("#1d4ed8");
    expect(themeVariables(null as unknown as UiSettings)["--study-radius"]).toBe("8px");
  });

  it("exports the spec's choice lists", () => {
    expect(FONT_CHOICES.map((choice) => choice.label)).toEqual([
      "System Default",
      "Inter",
      "Roboto",
      "Open Sans",
      "Lato",
      "Montserrat",
      "Poppins",
      "Arial",
      "Georgia",
      "Times New Roman",
    ]);
    expect(FONT_SIZE_CHOICES).toEqual(["12px", "14px", "16px", "18px"]);
    expect(RADIUS_CHOICES).toEqual(["0px", "4px", "8px", "12px", "16px"]);
    expect(LOGO_SUGGESTED).toEqual({ width: 120, height: 40 });
  });
});

describe("colour helpers", () => {
  it("converts any valid hex to what <input type=color> accepts", () => {
    expect(toRgbHex("#ABC", "#000000")).toBe("#aabbcc");
    expect(toRgbHex("#abcd", "#000000")).toBe("#aabbcc");
    expect(toRgbHex("#11223344", "#000000")).toBe("#112233");
    expect(toRgbHex("nope", "#000000")).toBe("#000000");
  });

  it("picks readable text", () => {
    expect(readableTextColour("#ffffff")).toBe("#000000");
    expect(readableTextColour("#0f172a")).toBe("#ffffff");
    expect(readableTextColour("#1d4ed8")).toBe("#ffffff");
  });
});

describe("themeStyleText", () => {
  const scope = '[data-study-area="pso"]';

  it("puts the variables on the scope, then the scoped custom CSS", () => {
    const text = themeStyleText(
      { primary_color: "#aa0000", custom_css: "body { color: red } .card { padding: 0 }" },
      scope,
    );
    const lines = text.split("\n");
    expect(lines[0]).toMatch(
      /^\[data-study-area="pso"\]\{--study-primary:#aa0000;--study-secondary:#64748b;/,
    );
    expect(lines[0]).toContain("--study-radius:8px");
    expect(text).toContain(`${scope}{color:red}`);
    expect(text).toContain(`${scope} .card{padding:0}`);
  });

  it("cannot be used to leave the <style> element", () => {
    const text = themeStyleText(
      {
        font_family: "</style><script>alert(1)</script>",
        custom_css: "</style><script>alert(1)</script>p{color:red}",
      },
      scope,
    );
    expect(text).not.toContain("<");
    expect(text).toContain(`--study-font-family:${SYSTEM_STACK}`);
  });

  it("falls back to the default scope when the given one is unusable", () => {
    expect(themeStyleText({}, "</style>{")).toMatch(/^\.study-area\{--study-primary:/);
    expect(themeStyleText({}, ".a, .b")).toMatch(/^\.study-area\{/);
  });
});

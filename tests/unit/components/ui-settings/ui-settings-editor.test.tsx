import { inEnglish } from "@/tests/support/words-in";
import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { renderWithIntl } from "@/tests/support/render-with-intl";
import { UiSettingsEditor } from "@/components/study-editor/ui-settings/ui-settings-editor";
import { LOGO_DIMENSION_MESSAGE, UiSettingsSchema, type UiSettings } from "@/lib/schemas/study-config";

function renderEditor(settings: UiSettings = {}) {
  const onChange = vi.fn<(next: UiSettings) => void>();
  renderWithIntl(<UiSettingsEditor settings={settings} onChange={onChange} />);
  return { onChange, user: userEvent.setup() };
}

/** A parent that keeps the settings, as the study editor does. */
function Stateful({ initial, onChange }: { initial: UiSettings; onChange: (next: UiSettings) => void }) {
  const [settings, setSettings] = useState(initial);
  return (
    <UiSettingsEditor
      settings={settings}
      onChange={(next) => {
        setSettings(next);
        onChange(next);
      }}
    />
  );
}

const lastCall = (fn: ReturnType<typeof vi.fn>) => fn.mock.calls.at(-1)?.[0] as UiSettings | undefined;

describe("UiSettingsEditor", () => {
  it("shows the five sections as tabs and switches between them, also with the arrow keys", async () => {
    const { user } = renderEditor();
    const tabs = screen.getAllByRole("tab");
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      "Colors",
      "Typography",
      "Layout",
      "Branding",
      "Advanced",
    ]);
    expect(screen.getByRole("tab", { name: "Colors" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByLabelText("Primary Color")).toBeInTheDocument();

    await user.click(screen.getByRole("tab", { name: "Typography" }));
    expect(screen.getByRole("tab", { name: "Typography" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tabpanel")).toContainElement(screen.getByLabelText("Font Family"));
    expect(screen.queryByLabelText("Primary Color")).not.toBeInTheDocument();

    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "Layout" })).toHaveFocus();
    expect(screen.getByLabelText("Border Radius")).toBeInTheDocument();
    await user.keyboard("{End}");
    expect(screen.getByLabelText("Custom CSS")).toBeInTheDocument();
    for (const tab of screen.getAllByRole("tab")) expect(tab).toHaveAttribute("type", "button");
  });

  it("applies a colour from the picker", () => {
    const { onChange } = renderEditor({ primary_color: "#1d4ed8", font_family: "Inter" });
    const picker = screen.getByLabelText("Primary Color");
    expect(picker).toHaveAttribute("type", "color");
    fireEvent.change(picker, { target: { value: "#ff0000" } });
    expect(onChange).toHaveBeenLastCalledWith({ primary_color: "#ff0000", font_family: "Inter" });
  });

  it("applies a typed hex colour and updates the preview", async () => {
    const onChange = vi.fn();
    renderWithIntl(<Stateful initial={{}} onChange={onChange} />);
    const user = userEvent.setup();
    const hex = screen.getByLabelText("Primary Color hex value");
    await user.type(hex, "#abcdef");
    expect(lastCall(onChange)).toEqual({ primary_color: "#abcdef" });
    expect(screen.getByLabelText("Primary Color")).toHaveValue("#abcdef");
    expect(screen.getByTestId("preview-primary")).toHaveStyle({
      backgroundColor: "#abcdef",
      color: "#000000",
    });
  });

  it("marks an invalid hex on the field and keeps it in the settings, so the save refuses it", async () => {
    const onChange = vi.fn();
    renderWithIntl(<Stateful initial={{ accent_color: "#0ea5e9" }} onChange={onChange} />);
    const user = userEvent.setup();
    const hex = screen.getByLabelText("Accent Color hex value");
    await user.clear(hex);
    await user.type(hex, "blue");
    expect(screen.getByText("Colour must be a hex value such as #1d4ed8")).toBeInTheDocument();
    expect(hex).toHaveAttribute("aria-invalid", "true");
    expect(hex).toHaveValue("blue");
    // Not dropped: the draft config holds what was typed, which the config schema refuses on save.
    expect(lastCall(onChange)).toEqual({ accent_color: "blue" });
    expect(UiSettingsSchema.safeParse(lastCall(onChange)).success).toBe(false);

    // Still there, still marked, after visiting another section.
    await user.click(screen.getByRole("tab", { name: "Typography" }));
    await user.click(screen.getByRole("tab", { name: "Colors" }));
    expect(screen.getByLabelText("Accent Color hex value")).toHaveValue("blue");
    expect(screen.getByText("Colour must be a hex value such as #1d4ed8")).toBeInTheDocument();

    await user.clear(screen.getByLabelText("Accent Color hex value"));
    await user.type(screen.getByLabelText("Accent Color hex value"), "#123");
    expect(screen.queryByText("Colour must be a hex value such as #1d4ed8")).not.toBeInTheDocument();
    expect(lastCall(onChange)).toEqual({ accent_color: "#123" });
  });

  it("removes a colour that is cleared, so the default applies", async () => {
    const { onChange, user } = renderEditor({ primary_color: "#aa0000", secondary_color: "#222222" });
    await user.clear(screen.getByLabelText("Primary Color hex value"));
    expect(onChange).toHaveBeenLastCalledWith({ secondary_color: "#222222" });
  });

  it("offers the spec's fonts and sizes and applies a choice", async () => {
    const { onChange, user } = renderEditor({ font_family: "Inter" });
    await user.click(screen.getByRole("tab", { name: "Typography" }));
    const font = screen.getByLabelText("Font Family");
    expect(font).toHaveValue("Inter");
    expect([...font.querySelectorAll("option")].map((option) => option.textContent)).toEqual([
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
    // Headings follow the body font until they get their own choice.
    expect(screen.getByLabelText("Heading Font Family")).toHaveValue("Inter");
    await user.selectOptions(font, "Georgia");
    expect(onChange).toHaveBeenLastCalledWith({ font_family: "Georgia" });
    await user.selectOptions(screen.getByLabelText("Heading Font Family"), "Open Sans");
    expect(onChange).toHaveBeenLastCalledWith({ font_family: "Inter", heading_font_family: "Open Sans" });

    const size = screen.getByLabelText("Base Font Size");
    expect([...size.querySelectorAll("option")].map((option) => option.textContent)).toEqual([
      "12px",
      "14px",
      "16px",
      "18px",
    ]);
    await user.selectOptions(size, "18px");
    expect(onChange).toHaveBeenLastCalledWith({ font_family: "Inter", font_size_base: "18px" });
  });

  it("chooses a border radius and previews it", async () => {
    const { onChange, user } = renderEditor({ border_radius: "4px" });
    await user.click(screen.getByRole("tab", { name: "Layout" }));
    const radius = screen.getByLabelText("Border Radius");
    expect([...radius.querySelectorAll("option")].map((option) => option.textContent)).toEqual([
      "0px",
      "4px",
      "8px",
      "12px",
      "16px",
    ]);
    expect(screen.getByTestId("radius-preview")).toHaveStyle({ borderRadius: "4px" });
    await user.selectOptions(radius, "16px");
    expect(onChange).toHaveBeenLastCalledWith({ border_radius: "16px" });
  });

  it("previews an uploaded logo, says 'Failed to load logo' when it does not load, and never loads a remote one", async () => {
    const onChange = vi.fn();
    const uploaded = "/api/files/0b7e1c52-3f0a-4c55-9d7e-6a1f2b3c4d5e";
    const { unmount } = renderWithIntl(<Stateful initial={{ logo_url: uploaded }} onChange={onChange} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("tab", { name: "Branding" }));
    expect(screen.getByText("Suggested: 120 × 40 pixels.")).toBeInTheDocument();
    expect(screen.getByLabelText("Logo Width")).toHaveAttribute("placeholder", "120");
    expect(screen.getByLabelText("Logo Height")).toHaveAttribute("placeholder", "40");
    // Without a saved study there is nothing to attach a logo to yet.
    expect(screen.getByLabelText("Logo Image")).toBeDisabled();
    const logo = screen.getByAltText("Logo preview");
    expect(logo).toHaveAttribute("src", uploaded);
    expect(screen.queryByText("Failed to load logo")).not.toBeInTheDocument();
    fireEvent.error(logo);
    expect(screen.getByRole("alert")).toHaveTextContent("Failed to load logo");
    await user.click(screen.getByRole("button", { name: "Remove Logo" }));
    expect(lastCall(onChange)).toEqual({});
    unmount();

    renderWithIntl(
      <UiSettingsEditor
        settings={{ logo_url: "https://tracker.example/logo.png" }}
        onChange={vi.fn()}
        studyId={4}
      />,
    );
    await user.click(screen.getByRole("tab", { name: "Branding" }));
    expect(screen.queryByAltText("Logo preview")).not.toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("remote address, which is no longer loaded");
    expect(screen.getByLabelText("Logo Image")).toBeEnabled();
  });

  it("applies valid logo dimensions only", async () => {
    const { onChange, user } = renderEditor({});
    await user.click(screen.getByRole("tab", { name: "Branding" }));
    await user.type(screen.getByLabelText("Logo Width"), "200");
    expect(onChange).toHaveBeenLastCalledWith({ logo_width: 200 });
    onChange.mockClear();
    await user.type(screen.getByLabelText("Logo Height"), "5000");
    // The config's own rule and message (UiSettingsSchema.logo_height), tied to the box.
    expect(inEnglish(LOGO_DIMENSION_MESSAGE)).toBe("Enter a whole number between 1 and 2000");
    expect(screen.getByLabelText("Logo Height")).toHaveAccessibleDescription(
      inEnglish(LOGO_DIMENSION_MESSAGE),
    );
    expect(onChange).not.toHaveBeenCalledWith({ logo_height: 5000 });
    expect(UiSettingsSchema.safeParse({ logo_height: 5000 }).error?.issues[0]?.message).toBe(
      LOGO_DIMENSION_MESSAGE,
    );
    await user.clear(screen.getByLabelText("Logo Height"));
    await user.type(screen.getByLabelText("Logo Height"), "1.5");
    expect(screen.getByLabelText("Logo Height")).toHaveAttribute("aria-invalid", "true");
    expect(onChange).not.toHaveBeenCalledWith({ logo_height: 1.5 });
    await user.clear(screen.getByLabelText("Logo Height"));
    await user.type(screen.getByLabelText("Logo Height"), "60");
    expect(screen.getByLabelText("Logo Height")).toHaveAttribute("aria-invalid", "false");
    expect(onChange).toHaveBeenLastCalledWith({ logo_height: 60 });
  });

  it("edits custom CSS with a counter and shows what the study area will receive", async () => {
    const onChange = vi.fn();
    renderWithIntl(<Stateful initial={{}} onChange={onChange} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("tab", { name: "Advanced" }));
    const css = screen.getByLabelText("Custom CSS");
    expect(css.tagName).toBe("TEXTAREA");
    expect(css).toHaveAttribute("maxlength", "20000");
    expect(screen.getByText("0 / 20,000 characters")).toBeInTheDocument();
    expect(screen.getByText(/Applies only inside the study area/)).toBeInTheDocument();

    fireEvent.change(css, { target: { value: "body { color: red } @import url(x.css);" } });
    expect(lastCall(onChange)).toEqual({ custom_css: "body { color: red } @import url(x.css);" });
    expect(screen.getByText("39 / 20,000 characters")).toBeInTheDocument();
    expect(screen.getByText(".study-area{color:red}")).toBeInTheDocument();
  });
});

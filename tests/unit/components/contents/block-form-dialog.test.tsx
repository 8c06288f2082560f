import { inEnglish } from "@/tests/support/words-in";
import type { ReactElement } from "react";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { BlockFormDialog } from "@/components/contents/block-form-dialog";
import { ContentBlockResponse, SETTINGS_SCHEMAS, type ContentBlock } from "@/lib/schemas/contents";
import { apiCalls, invalid, ok, route, serveApi } from "@/tests/support/msw/api";
import { IntlWrapper } from "@/tests/support/render-with-intl";
import { renderWithQuery as renderWithQueryOnly } from "../study-area/render-with-query";

/** The page as a signed-in area renders it: a query client and the English catalogue. */
const renderWithQuery = (ui: ReactElement) => renderWithQueryOnly(<IntlWrapper>{ui}</IntlWrapper>);

/** The created or updated block as the server answers it. */
const savedBlock = (id: number, body: Partial<ContentBlock>): ContentBlock => ({
  id,
  type: "text_block",
  title: null,
  content: {},
  settings: {},
  is_visible: true,
  order: 0,
  parent_id: null,
  column_index: null,
  language: null,
  children: [],
  ...body,
});

const placement = { parentId: 5, columnIndex: 1 };

describe("BlockFormDialog", () => {
  it("offers the seven types, refuses a button without text or with a javascript: URL, then creates it in its column", async () => {
    const calls = serveApi(
      route("POST", "/api/studies/{id}/contents", (call) =>
        ok(ContentBlockResponse, savedBlock(9, call.body as Partial<ContentBlock>), 201),
      ),
    );
    const onClose = vi.fn();
    renderWithQuery(<BlockFormDialog studyId={3} target={{ mode: "create", placement }} onClose={onClose} />);
    const user = userEvent.setup();
    const type = screen.getByLabelText("Block Type");
    expect([...type.querySelectorAll("option")].map((o) => o.textContent)).toEqual([
      "Hero",
      "Text Block",
      "Columns",
      "Button",
      "Info Box",
      "Card Grid",
      "Attachment",
    ]);
    expect(screen.getByLabelText("Visible to users")).toBeChecked();
    await user.selectOptions(type, "button");
    await user.type(screen.getByLabelText("Button URL"), "javascript:alert(1)");
    await user.click(screen.getByRole("button", { name: "Create" }));
    expect(screen.getByLabelText("Button Text")).toHaveAccessibleDescription("Button text is required");
    // The message is the API's own schema's, not a copy.
    const urlMessage = inEnglish(
      SETTINGS_SCHEMAS.button.safeParse({ url: "javascript:alert(1)" }).error?.issues[0]?.message ?? "",
    );
    expect(urlMessage).toBe("Button URL must be a valid http:// or https:// address");
    expect(screen.getByLabelText("Button URL")).toHaveAccessibleDescription(urlMessage!);
    expect(calls).toEqual([]);

    await user.type(screen.getByLabelText("Button Text"), "Read the protocol");
    await user.clear(screen.getByLabelText("Button URL"));
    await user.type(screen.getByLabelText("Button URL"), "https://example.org/protocol");
    await user.click(screen.getByRole("button", { name: "Create" }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(apiCalls.map((c) => [c.method, c.url.pathname, c.body])).toEqual([
      [
        "POST",
        "/api/studies/3/contents",
        {
          type: "button",
          title: "Read the protocol",
          content: {},
          settings: { url: "https://example.org/protocol", style: "primary" },
          is_visible: true,
          language: null,
          parent_id: 5,
          column_index: 1,
        },
      ],
    ]);
  });

  it("locks the type when editing and says Update", () => {
    const block: ContentBlock = {
      id: 4,
      type: "info_box",
      title: "Note",
      content: { html: "<p>x</p>" },
      settings: { variant: "warning" },
      is_visible: false,
      order: 0,
      parent_id: null,
      column_index: null,
      language: null,
      children: [],
    };
    renderWithQuery(<BlockFormDialog studyId={3} target={{ mode: "edit", block }} onClose={vi.fn()} />);
    expect(screen.getByLabelText("Block Type")).toBeDisabled();
    expect(screen.getByLabelText("Visible to users")).not.toBeChecked();
    expect(screen.getByRole("button", { name: "Update" })).toBeInTheDocument();
    expect(screen.getByLabelText("Box Style")).toHaveValue("warning");
  });

  it("puts the server's 422 on the field it names", async () => {
    serveApi(
      route("POST", "/api/studies/{id}/contents", () =>
        invalid({ loc: ["body", "settings", "url"], msg: "This address is blocked by the server" }),
      ),
    );
    const onClose = vi.fn();
    renderWithQuery(<BlockFormDialog studyId={3} target={{ mode: "create", placement }} onClose={onClose} />);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText("Block Type"), "button");
    await user.type(screen.getByLabelText("Button Text"), "Go");
    await user.type(screen.getByLabelText("Button URL"), "https://example.org");
    await user.click(screen.getByRole("button", { name: "Create" }));
    await vi.waitFor(() =>
      expect(screen.getByLabelText("Button URL")).toHaveAccessibleDescription(
        "This address is blocked by the server",
      ),
    );
    expect(screen.getByLabelText("Button URL")).toHaveAttribute("aria-invalid", "true");
    expect(onClose).not.toHaveBeenCalled();
  });
});

import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BlockFormDialog } from "@/components/contents/block-form-dialog";
import type { ContentBlock } from "@/lib/schemas/contents";
import { json, renderWithQuery, stubApi } from "../study-area/render-with-query";

afterEach(() => vi.unstubAllGlobals());

const placement = { parentId: 5, columnIndex: 1 };

describe("BlockFormDialog", () => {
  it("offers the seven types, refuses a button without text or with a javascript: URL, then creates it in its column", async () => {
    const calls = stubApi((_url, init) => json({ id: 9, ...JSON.parse(String(init?.body)) }, 201));
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
    expect(screen.getByText("Button text is required")).toBeInTheDocument();
    expect(screen.getByText("Button URL must be a valid http:// or https:// address")).toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.type(screen.getByLabelText("Button Text"), "Read the protocol");
    await user.clear(screen.getByLabelText("Button URL"));
    await user.type(screen.getByLabelText("Button URL"), "https://example.org/protocol");
    await user.click(screen.getByRole("button", { name: "Create" }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.map((c) => [c.method, c.url.pathname, c.body])).toEqual([
      [
        "POST",
        "/api/studies/3/contents",
        {
          type: "button",
          title: "Read the protocol",
          content: {},
          settings: { url: "https://example.org/protocol", style: "primary" },
          is_visible: true,
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
      children: [],
    };
    renderWithQuery(<BlockFormDialog studyId={3} target={{ mode: "edit", block }} onClose={vi.fn()} />);
    expect(screen.getByLabelText("Block Type")).toBeDisabled();
    expect(screen.getByLabelText("Visible to users")).not.toBeChecked();
    expect(screen.getByRole("button", { name: "Update" })).toBeInTheDocument();
    expect(screen.getByLabelText("Box Style")).toHaveValue("warning");
  });
});

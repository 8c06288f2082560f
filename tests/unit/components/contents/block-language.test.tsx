/** Who a homepage block is shown to (decision 0022): the dialog's 'Shown to' select and the badges. */
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { BlockFormDialog } from "@/components/contents/block-form-dialog";
import { ContentListView } from "@/components/contents/content-list-view";
import { PageBuilder } from "@/components/contents/page-builder";
import { ContentBlockResponse, type ContentBlock } from "@/lib/schemas/contents";
import { apiCalls, ok, route, serveApi } from "@/tests/support/msw/api";
import { renderWithIntl } from "@/tests/support/render-with-intl";
import { renderWithQuery } from "../study-area/render-with-query";

const block = (over: Partial<ContentBlock>): ContentBlock => ({
  id: 1,
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
  ...over,
});

const noop = vi.fn();
const listProps = { canEdit: true, busy: false, onAdd: noop, onEdit: noop, onToggle: noop, onDelete: noop };

/** A neutral block, an Italian one, and an English row holding a block without a language. */
const tree: ContentBlock[] = [
  block({ id: 1, title: "Everyone's" }),
  block({ id: 2, title: "Benvenuti", language: "it" }),
  block({
    id: 3,
    type: "layout_row",
    settings: { layout: "1" },
    language: "en",
    children: [block({ id: 4, title: "Welcome", parent_id: 3, column_index: 0 })],
  }),
];

const itemOf = (title: string) => screen.getByRole("heading", { name: title }).closest("li")!;

describe("block language", () => {
  it("offers Everyone, Italian readers and English readers, and sends the chosen language on update", async () => {
    serveApi(
      route("PATCH", "/api/studies/{id}/contents/{contentId}", (call) =>
        ok(ContentBlockResponse, block({ id: 4, ...(call.body as Partial<ContentBlock>) })),
      ),
    );
    const onClose = vi.fn();
    renderWithQuery(
      <BlockFormDialog
        studyId={3}
        target={{ mode: "edit", block: block({ id: 4, title: "Welcome" }) }}
        onClose={onClose}
      />,
    );
    const select = screen.getByLabelText("Shown to");
    expect(select).toHaveValue("");
    expect([...select.querySelectorAll("option")].map((o) => [o.value, o.textContent])).toEqual([
      ["", "Everyone"],
      ["it", "Italian readers"],
      ["en", "English readers"],
    ]);
    expect(select).toHaveAccessibleDescription(
      "A language with no blocks of its own shows the other language's blocks.",
    );
    const user = userEvent.setup();
    await user.selectOptions(select, "it");
    await user.click(screen.getByRole("button", { name: "Update" }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(apiCalls.map((c) => [c.method, (c.body as Partial<ContentBlock>).language])).toEqual([
      ["PATCH", "it"],
    ]);
  });

  it("shows a block's language when editing it, and Everyone sends null", async () => {
    serveApi(
      route("PATCH", "/api/studies/{id}/contents/{contentId}", (call) =>
        ok(ContentBlockResponse, block({ id: 2, ...(call.body as Partial<ContentBlock>) })),
      ),
    );
    const onClose = vi.fn();
    renderWithQuery(
      <BlockFormDialog studyId={3} target={{ mode: "edit", block: tree[1]! }} onClose={onClose} />,
      {
        locale: "it",
      },
    );
    const select = screen.getByLabelText("Mostrato a");
    expect(select).toHaveValue("it");
    expect(within(select).getByRole("option", { selected: true })).toHaveTextContent("Chi legge in italiano");
    const user = userEvent.setup();
    await user.selectOptions(select, "");
    await user.click(screen.getByRole("button", { name: "Aggiorna" }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(apiCalls.map((c) => (c.body as Partial<ContentBlock>).language)).toEqual([null]);
  });

  it("badges each language-specific block in the List View (a row's language on its blocks), none on everyone's", () => {
    renderWithIntl(<ContentListView tree={tree} {...listProps} />);
    expect(within(itemOf("Everyone's")).queryByText(/only/)).toBeNull();
    expect(within(itemOf("Benvenuti")).getByText("Italian only")).toBeInTheDocument();
    expect(within(itemOf("Welcome")).getByText("English only")).toBeInTheDocument();
  });

  it("says the badges in Italian", () => {
    renderWithIntl(<ContentListView tree={tree} {...listProps} />, { locale: "it" });
    expect(within(itemOf("Benvenuti")).getByText("Solo italiano")).toBeInTheDocument();
    expect(within(itemOf("Welcome")).getByText("Solo inglese")).toBeInTheDocument();
  });

  it("badges a row in the Builder View and sets its language with the row's own select", async () => {
    const onRowLanguage = vi.fn();
    renderWithIntl(
      <PageBuilder
        tree={tree}
        canEdit
        onAddRow={noop}
        onAddBlock={noop}
        onMove={noop}
        onEdit={noop}
        onDeleteBlock={noop}
        onDeleteRow={noop}
        onReorder={noop}
        onRowLanguage={onRowLanguage}
      />,
    );
    const row = screen.getByRole("article", { name: "Row 1" });
    expect(within(row).getByText("English only")).toBeInTheDocument();
    const select = within(row).getByLabelText("Row 1 shown to");
    expect(select).toHaveValue("en");
    // The Italian block waits among the Available Blocks with its badge.
    const available = screen.getByRole("region", { name: "Available Blocks" });
    expect(within(available).getByText("Italian only")).toBeInTheDocument();
    await userEvent.setup().selectOptions(select, "");
    expect(onRowLanguage).toHaveBeenCalledWith(tree[2], null);
  });
});

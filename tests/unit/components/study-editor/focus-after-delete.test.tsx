import { screen } from "@testing-library/react";
import { renderWithIntl } from "@/tests/support/render-with-intl";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CategoriesEditor } from "@/components/study-editor/categories/categories-editor";
import { VisitTypesEditor } from "@/components/study-editor/visit-types/visit-types-editor";
import type {
  CategoryDocument as Category,
  DataFieldDocument as DataField,
  VisitTypeDocument as VisitType,
} from "@/lib/schemas/study-config";

/** After a delete from the keyboard, focus lands on the list, not on <body>. */

function renderVisitTypes(visitTypes: VisitType[]) {
  function Harness() {
    const [list, setList] = useState(visitTypes);
    return <VisitTypesEditor visitTypes={list} onChange={setList} />;
  }
  renderWithIntl(<Harness />);
}

function renderCategories(categories: Category[]) {
  function Harness() {
    const [state, setState] = useState<{ categories: Category[]; dataFields: DataField[] }>({
      categories,
      dataFields: [],
    });
    return (
      <CategoriesEditor
        categories={state.categories}
        dataFields={state.dataFields}
        onChange={(next, dataFields) => setState({ categories: next, dataFields })}
      />
    );
  }
  renderWithIntl(<Harness />);
}

afterEach(() => vi.restoreAllMocks());

describe("focus after a keyboard delete", () => {
  it("visit types: moves to the next entry's Delete, then the previous one's, then Add Visit Type", async () => {
    vi.spyOn(window, "confirm").mockReturnValue(true);
    renderVisitTypes([
      { code: "baseline", label: "Baseline", order: 1 },
      { code: "week_4", label: "Week 4", order: 2 },
      { code: "week_12", label: "Week 12", order: 3 },
    ]);
    const user = userEvent.setup();

    screen.getByRole("button", { name: "Delete Week 4" }).focus();
    await user.keyboard("{Enter}");
    expect(screen.queryByRole("button", { name: "Delete Week 4" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Delete Week 12" })).toHaveFocus();

    await user.keyboard("{Enter}");
    expect(screen.getByRole("button", { name: "Delete Baseline" })).toHaveFocus();

    await user.keyboard(" ");
    expect(screen.getByText("No visit types defined yet.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Add Visit Type" })).toHaveFocus();
  });

  it("visit types: a cancelled delete leaves focus where it was", async () => {
    vi.spyOn(window, "confirm").mockReturnValue(false);
    renderVisitTypes([{ code: "baseline", label: "Baseline", order: 1 }]);
    const user = userEvent.setup();
    screen.getByRole("button", { name: "Delete Baseline" }).focus();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("button", { name: "Delete Baseline" })).toHaveFocus();
  });

  it("categories: moves to the next category's Delete, then to Add Category", async () => {
    vi.spyOn(window, "confirm").mockReturnValue(true);
    renderCategories([
      { code: "demographic", label: "Demographics", order: 1, entity: "patient" },
      { code: "history", label: "History", order: 2, entity: "patient" },
    ]);
    const user = userEvent.setup();
    screen.getByRole("button", { name: "Delete Demographics" }).focus();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("button", { name: "Delete History" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("button", { name: "Add Category" })).toHaveFocus();
  });
});

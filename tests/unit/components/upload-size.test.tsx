import { screen } from "@testing-library/react";
import { renderWithIntl } from "@/tests/support/render-with-intl";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { BlockFormDialog } from "@/components/contents/block-form-dialog";
import { BrandingPanel } from "@/components/study-editor/ui-settings/branding-panel";
import { UploadResponse } from "@/lib/schemas/contents";
import { MAX_UPLOAD_FILE_BYTES } from "@/lib/schemas/uploads";
import { ok, route, serveApi } from "@/tests/support/msw/api";
import { IntlWrapper } from "@/tests/support/render-with-intl";
import { renderWithQuery } from "./study-area/render-with-query";

/** A file of `size` bytes (zeros: only the size matters before anything is sent). */
const fileOf = (name: string, size: number, type: string) => new File([new Uint8Array(size)], name, { type });

const uploaded = {
  id: "5b0f6a1e-2f4c-4d8e-9a61-0c3b7d2e4f10",
  file_url: "/api/files/5b0f6a1e-2f4c-4d8e-9a61-0c3b7d2e4f10",
  file_name: "x",
  file_size: 1,
  content_type: "application/octet-stream",
};

describe("uploads over the limit are refused before anything is sent, in words", () => {
  it("the logo: '10 MB' in the hint and in the refusal; no request; a file at the limit is sent", async () => {
    const calls = serveApi(route("POST", "/api/studies/{id}/logo", () => ok(UploadResponse, uploaded, 201)));
    const onChange = vi.fn();
    renderWithIntl(<BrandingPanel settings={{}} onChange={onChange} studyId={4} />);
    const user = userEvent.setup();
    const input = screen.getByLabelText("Logo Image");
    expect(screen.getByText(/at most 10 MB;/)).toBeInTheDocument();

    await user.upload(input, fileOf("huge-logo.png", MAX_UPLOAD_FILE_BYTES + 1, "image/png"));
    expect(screen.getByRole("alert")).toHaveTextContent(
      '"huge-logo.png" is larger than 10 MB, the largest file that can be uploaded.',
    );
    expect(calls).toEqual([]);
    expect(onChange).not.toHaveBeenCalled();

    await user.upload(input, fileOf("logo.png", MAX_UPLOAD_FILE_BYTES, "image/png"));
    await vi.waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(calls.map((c) => [c.method, c.url.pathname])).toEqual([["POST", "/api/studies/4/logo"]]);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("the attachment block: a 12.5 MB file is refused with its size and the limit; no request", async () => {
    const calls = serveApi(route("POST", "/api/upload", () => ok(UploadResponse, uploaded, 201)));
    renderWithQuery(
      <IntlWrapper>
        <BlockFormDialog
          studyId={3}
          target={{ mode: "create", placement: { parentId: null, columnIndex: null } }}
          onClose={vi.fn()}
        />
      </IntlWrapper>,
    );
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText("Block Type"), "attachment");
    expect(screen.getByText(/at most 10 MB\./)).toBeInTheDocument();
    await user.upload(
      screen.getByLabelText("File"),
      fileOf("scan.pdf", 12.5 * 1024 * 1024, "application/pdf"),
    );
    expect(screen.getByRole("alert")).toHaveTextContent(
      '"scan.pdf" (12.5 MB) is larger than 10 MB, the largest file that can be uploaded.',
    );
    expect(calls).toEqual([]);
  });
});

import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ApiTokensPage } from "@/components/account/api-tokens-page";
import {
  ApiTokenCreatedResponse,
  ApiTokenListResponse,
  type ApiTokenResponse,
} from "@/lib/schemas/api-tokens";
import { callsTo, invalid, noContent, ok, route, serveApi } from "@/tests/support/msw/api";
import { renderWithQuery } from "../study-area/render-with-query";

/** The personal API tokens screen (docs/decisions/0036-personal-api-tokens.md) over the real contracts. */
const STUDIES = [
  { id: 3, name: "Psoriasis Registry", canWrite: true },
  { id: 4, name: "Monitoring Study", canWrite: false },
];
const SECRET = `crt_${"x".repeat(43)}`;

const tokenFixture = (id: number, extra: Partial<ApiTokenResponse> = {}): ApiTokenResponse => ({
  id,
  name: `Token ${id}`,
  study_id: 3,
  study_name: "Psoriasis Registry",
  access: "read",
  expires_at: "2099-01-31T22:59:59.000Z",
  created_at: "2026-01-01T10:00:00.000Z",
  last_used_at: null,
  revoked_at: null,
  ...extra,
});

describe("the API tokens screen", () => {
  it("creates a token, shows it once with a copy button, and offers write only where the role writes", async () => {
    let items: ApiTokenResponse[] = [];
    serveApi(
      route("GET", "/api/auth/tokens", () => ok(ApiTokenListResponse, { items })),
      route("POST", "/api/auth/tokens", ({ body }) => {
        const created = tokenFixture(7, {
          ...(body as Partial<ApiTokenResponse>),
          study_name: "Psoriasis Registry",
        });
        items = [created];
        return ok(ApiTokenCreatedResponse, { ...created, token: SECRET }, 201);
      }),
    );
    renderWithQuery(<ApiTokensPage studies={STUDIES} />);
    const user = userEvent.setup();
    expect(await screen.findByText("You have no API tokens.")).toBeInTheDocument();

    const form = screen.getByRole("form", { name: "New token" });
    await user.type(within(form).getByLabelText("Name"), "Nightly export");
    await user.selectOptions(within(form).getByLabelText("Study"), "4");
    expect(within(form).getByLabelText("Read and write")).toBeDisabled();
    await user.selectOptions(within(form).getByLabelText("Study"), "3");
    expect(within(form).getByLabelText("Read and write")).toBeEnabled();
    await user.click(within(form).getByLabelText("Read and write"));
    await user.clear(within(form).getByLabelText("Expires on"));
    await user.type(within(form).getByLabelText("Expires on"), "2099-01-31");
    await user.click(within(form).getByRole("button", { name: "Create token" }));

    const shown = await screen.findByRole("region", { name: "Your new token" });
    expect(within(shown).getByText(SECRET)).toBeInTheDocument();
    const [call] = callsTo("POST", "/api/auth/tokens");
    expect(call!.body).toEqual({
      name: "Nightly export",
      study_id: 3,
      access: "write",
      expires_at: new Date("2099-01-31T23:59:59").toISOString(),
    });
    await user.click(within(shown).getByRole("button", { name: "Copy token" }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(within(shown).getByText("Copied")).toBeInTheDocument();
    await user.click(within(shown).getByRole("button", { name: "Done" }));
    // Once: gone from the screen, and the list never carries it.
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
    expect(await screen.findByRole("cell", { name: "Nightly export" })).toBeInTheDocument();
  });

  it("puts the server's refusal on the field it names", async () => {
    serveApi(
      route("GET", "/api/auth/tokens", () => ok(ApiTokenListResponse, { items: [] })),
      route("POST", "/api/auth/tokens", () =>
        invalid({ loc: ["body", "expires_at"], msg: "The expiry must be in the future" }),
      ),
    );
    renderWithQuery(<ApiTokensPage studies={STUDIES} />);
    const user = userEvent.setup();
    const form = screen.getByRole("form", { name: "New token" });
    await user.type(within(form).getByLabelText("Name"), "Old");
    await user.selectOptions(within(form).getByLabelText("Study"), "3");
    await user.click(within(form).getByRole("button", { name: "Create token" }));
    expect(await within(form).findByText("The expiry must be in the future")).toBeInTheDocument();
    expect(within(form).getByLabelText("Expires on")).toHaveAttribute("aria-invalid", "true");
  });

  it("lists tokens with when each was last used, and revokes one only after confirmation", async () => {
    let items = [
      tokenFixture(1, { name: "Active one", last_used_at: "2026-03-09T10:05:07.000Z" }),
      tokenFixture(2, { name: "Revoked one", revoked_at: "2026-02-01T10:00:00.000Z" }),
    ];
    serveApi(
      route("GET", "/api/auth/tokens", () => ok(ApiTokenListResponse, { items })),
      route("DELETE", "/api/auth/tokens/{id}", ({ params }) => {
        items = items.map((t) =>
          t.id === Number(params.id) ? { ...t, revoked_at: "2026-04-01T10:00:00.000Z" } : t,
        );
        return noContent();
      }),
    );
    renderWithQuery(<ApiTokensPage studies={STUDIES} />);
    const user = userEvent.setup();
    const active = (await screen.findByRole("cell", { name: "Active one" })).closest("tr")!;
    expect(within(active).getByText("Active")).toBeInTheDocument();
    expect(within(active).queryByText("Never")).not.toBeInTheDocument();
    const revoked = screen.getByRole("cell", { name: "Revoked one" }).closest("tr")!;
    expect(within(revoked).getByText("Revoked")).toBeInTheDocument();
    expect(within(revoked).getByText("Never")).toBeInTheDocument();
    expect(within(revoked).queryByRole("button")).not.toBeInTheDocument();

    const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(false).mockReturnValueOnce(true);
    const button = within(active).getByRole("button", { name: "Revoke Active one" });
    await user.click(button);
    expect(callsTo("DELETE", "/api/auth/tokens/1")).toHaveLength(0);
    await user.click(button);
    expect(confirm).toHaveBeenLastCalledWith(
      'Revoke the token "Active one"? Scripts that use it stop working at once.',
    );
    await waitFor(() => expect(callsTo("DELETE", "/api/auth/tokens/1")).toHaveLength(1));
    const after = (await screen.findAllByText("Revoked")).length;
    expect(after).toBe(2);
  });

  it("says so when the user holds no role in any study", async () => {
    serveApi(route("GET", "/api/auth/tokens", () => ok(ApiTokenListResponse, { items: [] })));
    renderWithQuery(<ApiTokensPage studies={[]} />);
    expect(
      screen.getByText("You hold no role in a study yet, so there is no study to make a token for."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("form")).not.toBeInTheDocument();
  });
});

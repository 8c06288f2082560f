import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { NotificationsInbox, NotificationsMenu } from "@/components/notifications/notifications-menu";
import type { Locale } from "@/lib/i18n/locales";
import {
  NotificationListResponse,
  NotificationReadResponse,
  type NotificationResponse,
} from "@/lib/schemas/notifications";
import { callsTo, ok, refuse, route, serveApi } from "@/tests/support/msw/api";
import { IntlWrapper } from "@/tests/support/render-with-intl";
import { withQueryClient } from "../patient-detail/fixtures";

vi.mock("next/navigation", () => ({
  usePathname: () => "/psoriasis",
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), refresh: vi.fn(), prefetch: vi.fn() }),
  useSearchParams: () => new URLSearchParams(),
}));

/**
 * The header's inbox (decision 0031): the bell's accessible name carries the unread count, the
 * panel lists what happened where, an item links to its study's queries and is marked read when
 * opened, Mark all as read, and the loading, empty and error states. MSW answers the real API
 * contracts.
 */
const item = (overrides: Partial<NotificationResponse> = {}): NotificationResponse => ({
  id: 5,
  kind: "query_assigned",
  study_id: 3,
  study_code: "psoriasis",
  study_name: "Psoriasis Registry",
  query_id: 41,
  entity_type: "visit",
  field: "pasi_score",
  patient_code: "PSO-007",
  actor_name: "Monitor Rossi",
  read_at: null,
  created_at: "2024-02-01T09:00:00.000Z",
  ...overrides,
});

function serve(items: NotificationResponse[], unread: number) {
  let state = { items, unread };
  serveApi(
    route("GET", "/api/notifications", () =>
      ok(NotificationListResponse, { items: state.items, next_cursor: null, unread: state.unread }),
    ),
    route("POST", "/api/notifications/{id}/read", (call) => {
      const id = Number(call.params.id);
      state = {
        items: state.items.map((i) => (i.id === id ? { ...i, read_at: "2024-02-02T09:00:00.000Z" } : i)),
        unread: state.unread - 1,
      };
      return ok(NotificationReadResponse, { marked: 1, unread: state.unread });
    }),
    route("POST", "/api/notifications/read-all", () => {
      state = { items: state.items.map((i) => ({ ...i, read_at: "2024-02-02T09:00:00.000Z" })), unread: 0 };
      return ok(NotificationReadResponse, { marked: 2, unread: 0 });
    }),
  );
}

function renderInbox(locale: Locale = "en") {
  render(withQueryClient(<NotificationsInbox />, locale));
  return userEvent.setup();
}

describe("the notifications inbox", () => {
  it("names the unread count on the bell and lists what happened, where and when", async () => {
    serve([item(), item({ id: 4, kind: "query_answered", read_at: "2024-01-30T10:00:00.000Z" })], 1);
    const user = renderInbox();
    const bell = await screen.findByRole("button", { name: "Notifications, 1 unread" });
    expect(bell).toHaveAttribute("aria-expanded", "false");
    expect(screen.getByTestId("notifications-count")).toHaveTextContent("1");

    await user.click(bell);
    expect(bell).toHaveAttribute("aria-expanded", "true");
    const panel = screen.getByRole("region", { name: "Notifications" });
    const first = within(panel).getByTestId("notification-5");
    expect(first).toHaveAttribute("href", "/psoriasis/queries");
    expect(first).toHaveTextContent("Unread: A data query was assigned to you");
    expect(first).toHaveTextContent("in Psoriasis Registry · Patient PSO-007");
    expect(first).toHaveTextContent("by Monitor Rossi");
    expect(within(panel).getByTestId("notification-4")).toHaveTextContent("A data query was answered");
    expect(within(panel).getByTestId("notification-4")).not.toHaveTextContent("Unread");
  });

  it("marks an item read when it is opened, and the count follows", async () => {
    serve([item()], 1);
    const user = renderInbox();
    await user.click(await screen.findByRole("button", { name: "Notifications, 1 unread" }));
    await user.click(screen.getByTestId("notification-5"));
    await waitFor(() => expect(callsTo("POST", "/api/notifications/5/read")).toHaveLength(1));
    expect(await screen.findByRole("button", { name: "Notifications, none unread" })).toBeInTheDocument();
    expect(screen.queryByTestId("notifications-count")).not.toBeInTheDocument();
  });

  it("marks all read, then offers it no more", async () => {
    serve([item(), item({ id: 6 })], 2);
    const user = renderInbox();
    await user.click(await screen.findByRole("button", { name: "Notifications, 2 unread" }));
    await user.click(screen.getByRole("button", { name: "Mark all as read" }));
    await waitFor(() => expect(callsTo("POST", "/api/notifications/read-all")).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole("button", { name: "Mark all as read" })).toBeDisabled());
    expect(screen.getByRole("button", { name: "Notifications, none unread" })).toBeInTheDocument();
  });

  it("says so when there is nothing, in Italian too", async () => {
    serve([], 0);
    const user = renderInbox("it");
    await user.click(await screen.findByRole("button", { name: "Notifiche, nessuna da leggere" }));
    expect(screen.getByText("Nessuna notifica")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Segna tutte come lette" })).toBeDisabled();
  });

  it("shows the loading state, then a failure with its reason and a retry", async () => {
    let fail = true;
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    serveApi(
      route("GET", "/api/notifications", async () => {
        await gate;
        return fail
          ? refuse(503, "The database is unavailable")
          : ok(NotificationListResponse, { items: [item()], next_cursor: null, unread: 1 });
      }),
    );
    const user = renderInbox();
    await user.click(screen.getByRole("button", { name: "Notifications" }));
    expect(screen.getByRole("status")).toHaveTextContent("Loading notifications…");
    release();
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The notifications could not be loaded: The database is unavailable",
    );
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByTestId("notification-5")).toBeInTheDocument();
  });

  it("closes on Escape and gives the focus back to the bell", async () => {
    serve([item()], 1);
    const user = renderInbox();
    const bell = await screen.findByRole("button", { name: "Notifications, 1 unread" });
    await user.click(bell);
    expect(screen.getByRole("region", { name: "Notifications" })).toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("region", { name: "Notifications" })).not.toBeInTheDocument();
    expect(bell).toHaveFocus();
  });

  it("brings its own query client in the header", async () => {
    serve([item()], 1);
    render(
      <IntlWrapper>
        <NotificationsMenu />
      </IntlWrapper>,
    );
    expect(await screen.findByRole("button", { name: "Notifications, 1 unread" })).toBeInTheDocument();
  });
});

import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterAll, afterEach } from "vitest";
import { apiCalls } from "./msw/api";
import { server } from "./msw/server";

afterEach(() => cleanup());

// jsdom has no layout: the renderer scrolls to the first error after a failed submit.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};

// The network: MSW answers every call (tests/support/msw/); an unanswered call fails the test.
server.listen({ onUnhandledRequest: "error" });
afterEach(() => {
  server.resetHandlers();
  apiCalls.length = 0;
});
afterAll(() => server.close());

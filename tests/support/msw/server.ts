import { setupServer } from "msw/node";

/**
 * The network of component tests: every call a component makes is answered by an MSW handler
 * (tests/support/msw/api.ts). A call no handler answers fails the test (setup-dom.ts).
 */
export const server = setupServer();

import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

afterEach(() => cleanup());

// jsdom has no layout: the renderer scrolls to the first error after a failed submit.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};

/**
 * zod's own messages (a wrong type, a value too short, an unknown key: every check that names no
 * message of its own) as catalogue references (docs/decisions/0021), so a caller reads them in its
 * language like the schemas' own messages. The English words are zod's English ones. Passed as the
 * per-parse error map where the API parses a request (lib/server/api/route.ts) and where an import
 * parses a configuration, rather than installed globally with `z.config`: a screen that shows a
 * zod message without putting it into words would otherwise show the reference itself.
 * Pure: browser and server alike.
 */
import type { z } from "zod";
import { messageRef } from "@/lib/i18n/message-ref";

type Issue = z.core.$ZodRawIssue;

/** The units zod counts a size in. */
const SIZE_UNITS: Record<string, string> = {
  string: "characters",
  file: "bytes",
  array: "items",
  set: "items",
  map: "entries",
};

/** Formats people name in words; the others are technical names that read alike in every language. */
const FORMAT_WORDS = new Set(["email", "url", "date", "datetime", "time", "duration"]);

const FORMAT_NAMES: Record<string, string> = {
  regex: "input",
  uuid: "UUID",
  uuidv4: "UUIDv4",
  uuidv6: "UUIDv6",
  guid: "GUID",
  ulid: "ULID",
  ipv4: "IPv4 address",
  ipv6: "IPv6 address",
  base64: "base64-encoded string",
  base64url: "base64url-encoded string",
  json_string: "JSON string",
  jwt: "JWT",
  template_literal: "input",
};

const key = (name: string) => `api.zod.${name}`;

function typeName(type: string, input?: unknown): string {
  if (type === "number" && typeof input === "number" && !Number.isFinite(input)) return String(input);
  return type === "nan" ? "NaN" : type;
}

function receivedType(input: unknown): string {
  if (input === null) return "null";
  if (Array.isArray(input)) return "array";
  if (typeof input === "number") return Number.isNaN(input) ? "nan" : "number";
  if (input instanceof Date) return "date";
  return typeof input;
}

const primitive = (value: unknown) => (typeof value === "string" ? `"${value}"` : String(value));

function sizeMessage(issue: Issue & { code: "too_big" | "too_small" }): string {
  const big = issue.code === "too_big";
  const bound = big
    ? (issue as { maximum: number | bigint }).maximum
    : (issue as { minimum: number | bigint }).minimum;
  const origin = String(issue.origin ?? "value");
  const unit = SIZE_UNITS[origin];
  const values = { origin, bound: bound.toString() };
  const which = big ? "tooBig" : "tooSmall";
  const sized = unit ? { ...values, unit: messageRef(key(`units.${unit}`)) } : values;
  if (issue.exact) return messageRef(key(`${which}${unit ? "HaveExactly" : "BeExactly"}`), sized);
  const relation = big ? (issue.inclusive ? "<=" : "<") : issue.inclusive ? ">=" : ">";
  return messageRef(key(`${which}${unit ? "Have" : "Be"}`), { ...sized, relation });
}

function formatMessage(issue: Issue): string {
  const format = String((issue as { format?: string }).format);
  const detail = issue as { prefix?: string; suffix?: string; includes?: string; pattern?: RegExp | string };
  if (format === "starts_with") return messageRef(key("startsWith"), { text: String(detail.prefix) });
  if (format === "ends_with") return messageRef(key("endsWith"), { text: String(detail.suffix) });
  if (format === "includes") return messageRef(key("includes"), { text: String(detail.includes) });
  if (format === "regex") return messageRef(key("pattern"), { pattern: String(detail.pattern) });
  if (FORMAT_WORDS.has(format)) return messageRef(key(`formats.${format}`));
  return messageRef(key("invalidFormat"), { format: FORMAT_NAMES[format] ?? format });
}

/** The message of an issue zod raised without one of the schema's own. */
export function zodMessage(issue: Issue): string {
  switch (issue.code) {
    case "invalid_type":
      return messageRef(key("invalidType"), {
        expected: typeName(String(issue.expected)),
        received: typeName(receivedType(issue.input), issue.input),
      });
    case "invalid_value":
      return issue.values.length === 1
        ? messageRef(key("invalidValue"), { value: primitive(issue.values[0]) })
        : messageRef(key("invalidOption"), { values: issue.values.map(primitive).join("|") });
    case "too_big":
    case "too_small":
      return sizeMessage(issue);
    case "invalid_format":
      return formatMessage(issue);
    case "not_multiple_of":
      return messageRef(key("notMultipleOf"), { divisor: String(issue.divisor) });
    case "unrecognized_keys":
      return messageRef(key("unrecognizedKeys"), {
        count: issue.keys.length,
        keys: issue.keys.map((k) => `"${k}"`).join(", "),
      });
    case "invalid_key":
      return messageRef(key("invalidKey"), { origin: String(issue.origin) });
    case "invalid_element":
      return messageRef(key("invalidElement"), { origin: String(issue.origin) });
    case "invalid_union": {
      const options = (issue as { options?: unknown[] }).options;
      if (Array.isArray(options) && options.length > 0)
        return messageRef(key("invalidDiscriminator"), {
          options: options.map((o) => `'${String(o)}'`).join(" | "),
        });
      return (issue as { inclusive?: boolean }).inclusive === false
        ? messageRef(key("invalidUnionMany"))
        : messageRef(key("invalidInput"));
    }
    default:
      return messageRef(key("invalidInput"));
  }
}

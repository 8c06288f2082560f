import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldValues, Resolver } from "react-hook-form";
import { z } from "zod";

/**
 * react-hook-form's resolver over the server's own zod schema of a request body (docs/decisions/0020:
 * one rule, one message, for browser and server). `toBody` turns the form's values (text inputs,
 * selects) into the body the API receives, e.g. an empty optional password into no password; the
 * schema then checks that body, its issues land on the fields of the same name, and the submit
 * handler receives the parsed body, ready to send.
 */
export function schemaResolver<TValues extends FieldValues, TBody>(
  schema: z.ZodType<TBody>,
  toBody: (values: TValues) => unknown = (values) => values,
): Resolver<TValues, unknown, TBody> {
  // The preprocess step takes the form's values: typed as such for zodResolver.
  const checked = z.preprocess((values) => toBody(values as TValues), schema) as unknown as z.ZodType<
    TBody,
    TValues
  >;
  return zodResolver(checked);
}

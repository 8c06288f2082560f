/** Booleans read SI/NO in the patient form and Yes/No in the visit form (spec §9). */
export type BooleanLabels = { yes: string; no: string };
export const SI_NO: BooleanLabels = { yes: "SI", no: "NO" };
export const YES_NO: BooleanLabels = { yes: "Yes", no: "No" };

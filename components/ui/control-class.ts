/**
 * The look of every text box, select and textarea. A disabled control must not pass for an
 * editable one: greyed background, muted text, no shadow, and a not-allowed cursor.
 */
export const CONTROL_CLASS =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-500 disabled:cursor-not-allowed disabled:border-slate-200 disabled:bg-slate-100 disabled:text-slate-500 disabled:shadow-none";

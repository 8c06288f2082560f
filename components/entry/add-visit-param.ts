/**
 * The patient page's address asks it to open the add-visit dialog: `?add-visit=1`, sent by the
 * add-patient dialog's 'Save and add baseline visit' (docs/decisions/0027). The page drops it from
 * the address once the dialog is open, so a reload does not open a second one.
 */
export const ADD_VISIT_PARAM = "add-visit";

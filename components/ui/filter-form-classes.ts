// The look of the public reading pages' plain GET search forms (news, social map, the home
// page's vacancy search): one text or select control and the submit button beside it.

/** A text box or select filling its column. */
export const filterControlClass =
  "min-h-11 w-full rounded-shape border border-neutral-500 bg-white px-3 py-2 text-neutral-900";

/** The form's submit button. */
export const filterSubmitClass =
  "min-h-11 rounded-shape bg-neutral-800 px-5 py-2 font-semibold text-white hover:bg-neutral-900";

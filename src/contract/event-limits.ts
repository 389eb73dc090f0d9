/**
 * Limits of custom events and revenue properties, of interaction labels and of page snapshots (docs/tracking.md "Custom events"), in a module
 * without zod so the page script can import them at no cost to its size.
 */
export const MAX_EVENT_NAME_LENGTH = 120;
export const MAX_EVENT_PROPS = 10;
export const MAX_PROP_KEY_LENGTH = 64;
export const MAX_PROP_VALUE_LENGTH = 256;
/** A clicked element's or a submitted form's label: what a person sees (docs/tracking.md "What it records"). */
export const MAX_LABEL_LENGTH = 120;
/** Elements in one page snapshot: the tracker sends its most telling ones up to this many. */
export const MAX_SNAPSHOT_ELEMENTS = 40;

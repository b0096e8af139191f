/** Shared by the picker and its placeholder (kept apart so the placeholder does not load the picker). */
export const DATE_LABEL = 'Data programării';
export const DATE_DESCRIPTION = 'De luni până vineri, începând de astăzi';
export const DATE_PLACEHOLDER = 'Alegeți data';

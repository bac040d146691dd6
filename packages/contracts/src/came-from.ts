/*
 * Kept apart from the privacy schemas: every page's API client reads the header's name, and
 * should not load the schema library for it.
 */

/** The request header the web app names the page a viewer came from with (the access log's "why"). */
export const CAME_FROM_HEADER = 'x-came-from';
/** The longest page address the access log keeps. */
export const CAME_FROM_MAX_LENGTH = 200;

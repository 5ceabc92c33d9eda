/**
 * Rows per page of the web's Historical tab (whole rows of its 1-, 2- and 3-column grids), and so the page the
 * serving bench asks for.
 */
export const HISTORY_PAGE_SIZE = 24;

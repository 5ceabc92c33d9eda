// Plain values shared by the API's validation and the web's forms. Kept free of zod (and of any import) so the
// browser can use them without loading the schema library.

/** Alert threshold in percent when the client sends none. */
export const DEFAULT_ALERT_THRESHOLD = 10;
/** Most items one watchlist may hold. */
export const MAX_WATCHLIST_ITEMS = 500;

/** A ticker symbol's characters, uppercased (`BRK.B`, `^GSPC`); the API refuses anything else. */
export const SYMBOL_CHARACTERS = /^[A-Z0-9.^-]+$/;
export const SYMBOL_MAX_LENGTH = 10;

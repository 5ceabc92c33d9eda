/** The API token kept in local storage (spec section 3: a product-specific key). */
export const AUTH_TOKEN_KEY = "signalboard.authToken";

export function getStoredToken(): string | null {
  try {
    return localStorage.getItem(AUTH_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function storeToken(token: string | undefined | null): void {
  if (token) localStorage.setItem(AUTH_TOKEN_KEY, token);
}

export function removeStoredToken(): void {
  localStorage.removeItem(AUTH_TOKEN_KEY);
}

/** The API token kept in local storage, under a key of this product's own so no other app on the origin reads it. */
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

/** The headers every API request carries beyond its cookies: the bearer token, when one is stored. */
export function authHeaders(): Record<string, string> {
  const token = getStoredToken();
  return token ? { authorization: `Bearer ${token}` } : {};
}

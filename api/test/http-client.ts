/** Requests to a running server (Bun or workerd) over real HTTP, with JSON bodies and bearer tokens. */
export function httpClient(baseUrl: string) {
  const request = (path: string, init: { method?: string; json?: unknown; token?: string } = {}) =>
    fetch(`${baseUrl}${path}`, {
      method: init.method ?? (init.json === undefined ? "GET" : "POST"),
      headers: {
        ...(init.json === undefined ? {} : { "content-type": "application/json" }),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
  return {
    request,
    /** Registers (or, when the email exists, signs in) and answers the session token and user. */
    async session(email: string, password: string): Promise<{ token: string; id: number; apiKey: string }> {
      let res = await request("/api/auth/register", { json: { email, password } });
      if (res.status === 409) res = await request("/api/auth/signin", { json: { email, password } });
      if (res.status !== 200 && res.status !== 201) {
        throw new Error(`no session for ${email}: ${res.status} ${await res.text()}`);
      }
      const { user } = (await res.json()) as { user: { authToken: string; id: number; apiKey: string } };
      return { token: user.authToken, id: user.id, apiKey: user.apiKey };
    },
  };
}

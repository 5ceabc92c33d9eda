import { CodeChallengeMethod, OAuth2Client } from "arctic";
import type { OAuthConfig } from "../../lib/config.ts";

export type ProviderName = "github" | "google";

export interface VerifiedIdentity {
  email: string;
  firstName: string | null;
  lastName: string | null;
}

export interface Provider {
  authorizationUrl(state: string, codeVerifier: string): Promise<URL>;
  /** Exchanges the code and answers the account's verified email, or null when it has none. */
  identify(code: string, codeVerifier: string): Promise<VerifiedIdentity | null>;
}

function splitName(name: string | null | undefined) {
  const parts = (name ?? "").trim().split(/\s+/).filter(Boolean);
  return { firstName: parts[0] ?? null, lastName: parts.slice(1).join(" ") || null };
}

async function getJson<T>(url: string, accessToken: string): Promise<T> {
  const res = await fetch(url, {
    headers: {
      authorization: `Bearer ${accessToken}`,
      accept: "application/json",
      "user-agent": "signalboard",
    },
  });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return (await res.json()) as T;
}

/** GitHub: authorization code with PKCE; the email must be one GitHub marks verified (primary first). */
function github(config: NonNullable<OAuthConfig["github"]>, redirectUri: string): Provider {
  const client = new OAuth2Client(config.clientId, config.clientSecret, redirectUri);
  return {
    async authorizationUrl(state, verifier) {
      return client.createAuthorizationURLWithPKCE(
        `${config.oauthUrl}/login/oauth/authorize`,
        state,
        CodeChallengeMethod.S256,
        verifier,
        ["read:user", "user:email"],
      );
    },
    async identify(code, verifier) {
      const tokens = await client.validateAuthorizationCode(
        `${config.oauthUrl}/login/oauth/access_token`,
        code,
        verifier,
      );
      const token = tokens.accessToken();
      const [user, emails] = await Promise.all([
        getJson<{ name?: string | null; login: string }>(`${config.apiUrl}/user`, token),
        getJson<Array<{ email: string; verified: boolean; primary: boolean }>>(
          `${config.apiUrl}/user/emails`,
          token,
        ),
      ]);
      const verified = emails
        .filter((e) => e.verified)
        .sort((a, b) => Number(b.primary) - Number(a.primary))[0];
      if (!verified) return null;
      return { email: verified.email.toLowerCase(), ...splitName(user.name ?? user.login) };
    },
  };
}

/** Google (any OpenID Connect issuer): endpoints from discovery, email from userinfo when email_verified. */
function google(config: NonNullable<OAuthConfig["google"]>, redirectUri: string): Provider {
  const client = new OAuth2Client(config.clientId, config.clientSecret, redirectUri);
  let discovery: Promise<{
    authorization_endpoint: string;
    token_endpoint: string;
    userinfo_endpoint: string;
  }> | null = null;
  const endpoints = () => {
    discovery ??= fetch(`${config.issuer}/.well-known/openid-configuration`).then((r) => {
      if (!r.ok) throw new Error(`OpenID discovery answered ${r.status}`);
      return r.json();
    });
    discovery.catch(() => {
      discovery = null;
    });
    return discovery;
  };
  return {
    async authorizationUrl(state, verifier) {
      const { authorization_endpoint } = await endpoints();
      return client.createAuthorizationURLWithPKCE(
        authorization_endpoint,
        state,
        CodeChallengeMethod.S256,
        verifier,
        ["openid", "email", "profile"],
      );
    },
    async identify(code, verifier) {
      const { token_endpoint, userinfo_endpoint } = await endpoints();
      const tokens = await client.validateAuthorizationCode(token_endpoint, code, verifier);
      const info = await getJson<{
        email?: string;
        email_verified?: boolean | string;
        given_name?: string;
        family_name?: string;
        name?: string;
      }>(userinfo_endpoint, tokens.accessToken());
      if (!info.email || !(info.email_verified === true || info.email_verified === "true")) return null;
      const fromName = splitName(info.name);
      return {
        email: info.email.toLowerCase(),
        firstName: info.given_name ?? fromName.firstName,
        lastName: info.family_name ?? fromName.lastName,
      };
    },
  };
}

/** The providers configured (client id and secret set), keyed by name. */
export function configuredProviders(
  config: OAuthConfig | undefined,
): Partial<Record<ProviderName, Provider>> {
  if (!config) return {};
  const redirect = (name: ProviderName) => `${config.publicUrl}/api/auth/oauth/${name}/callback`;
  return {
    ...(config.github ? { github: github(config.github, redirect("github")) } : {}),
    ...(config.google ? { google: google(config.google, redirect("google")) } : {}),
  };
}

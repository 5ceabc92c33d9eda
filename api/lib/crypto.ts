// Web Crypto, so the same code runs on Bun and on Cloudflare Workers (sha256Hex takes Bun's own hash on Bun).

const encoder = new TextEncoder();

function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
}

/** A random token with `bytes` bytes of entropy (default 32 = 256 bits), URL-safe. */
export function randomToken(bytes = 32): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** Each byte's two hex digits, looked up: every signed-in request hashes its token. */
const HEX_BYTES = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, "0"));

/** Bun's own SHA-256 where it runs: synchronous, a seventh of Web Crypto's cost there. Workers use Web Crypto. */
const bunSha256 = (globalThis as { Bun?: { SHA256: { hash(text: string, encoding: "hex"): string } } }).Bun
  ?.SHA256;

export async function sha256Hex(text: string): Promise<string> {
  if (bunSha256) return bunSha256.hash(text, "hex");
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
  let hex = "";
  for (const b of digest) hex += HEX_BYTES[b];
  return hex;
}

const keyCache = new Map<string, Promise<CryptoKey>>();

function aesKey(secret: string): Promise<CryptoKey> {
  let key = keyCache.get(secret);
  if (!key) {
    key = crypto.subtle
      .digest("SHA-256", encoder.encode(`api-key-encryption:${secret}`))
      .then((raw) => crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]));
    keyCache.set(secret, key);
  }
  return key;
}

/** AES-256-GCM under a key derived from the server secret; output is `iv.ciphertext` in base64url. */
export async function encryptText(secret: string, plaintext: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv },
    await aesKey(secret),
    encoder.encode(plaintext),
  );
  return `${toBase64Url(iv)}.${toBase64Url(new Uint8Array(sealed))}`;
}

export async function decryptText(secret: string, sealed: string): Promise<string> {
  const [iv, body] = sealed.split(".");
  if (!iv || !body) throw new Error("Malformed ciphertext");
  const plain = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: fromBase64Url(iv) },
    await aesKey(secret),
    fromBase64Url(body),
  );
  return new TextDecoder().decode(plain);
}

/** Hashes and verifies passwords as argon2id PHC strings; each runtime hands in its implementation. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, phc: string): Promise<boolean>;
}

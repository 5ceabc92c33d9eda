/**
 * `build()`'s value, made on the first call and kept. For schemas that only the OpenAPI document or a rarely used
 * path reads (a feature's answers, a language model's reply): a Worker's cold isolate then does not build them on
 * its first request (decision 167).
 */
export function builtOnFirstUse<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => {
    built ??= build();
    return built;
  };
}

import { join } from "node:path";
import { SERVED_MODEL_FILES } from "../analysis/models/served.ts";

const dir = join(import.meta.dir, "../analysis/models");

/** Reads the committed served models' JSON (api/analysis/models/) for `storeModels`, as written by train-model. */
export function readServedModelFiles(): Promise<string[]> {
  return Promise.all(SERVED_MODEL_FILES.map((name) => Bun.file(join(dir, name)).text()));
}

// The analyze request's schema, shared by the API's validator and the web's analyze form: plain zod, no
// zod-to-openapi (docs/decisions/078-forms-validate-with-api-schemas.md).
import { z } from "zod";
import { symbol } from "../../lib/fields.input.ts";

export const AnalyzeInput = z.object({ symbol }).meta({ id: "AnalyzeInput" });

// The committed model files the app serves (api/test/served-models.ts imports the same three for
// tests): the seed and the migrate path load them into the ranker_models table, which the API reads (decision 118).
export const SERVED_MODEL_FILES = ["ranker-2022.json", "ranker-2023.json", "ranker-live.json"] as const;

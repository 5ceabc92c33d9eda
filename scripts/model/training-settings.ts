/** XGBoost settings, fixed before any test year was looked at (the research note's LightGBM settings in XGBoost's terms). */
export const PARAMS = {
  objective: "reg:squarederror",
  tree_method: "hist",
  grow_policy: "lossguide",
  max_leaves: 15,
  max_depth: 0,
  eta: 0.02,
  min_child_weight: 1000,
  subsample: 0.7,
  max_bin: 256,
  base_score: 0.5,
  seed: 7,
  nthread: 1,
};
export const ROUNDS = 300;

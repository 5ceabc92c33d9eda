"""Offline training step of the ranking model, called by `bun scripts/train-model.ts` (which computes the features
in TypeScript, writes them here, and turns the trees into api/analysis/models/*.json).

Pinned: XGBoost 1.7.4 and NumPy 1.24.2 from Debian 12's packages (`apt-get install -y python3-xgboost`), run with
Debian's /usr/bin/python3. One thread and a fixed seed make the trees the same on every run.
See docs/decisions/015-ranking-model.md.

usage: python3 train_ranker.py WORKDIR
  WORKDIR/x.f32        float32 inputs, row-major, n x d (little endian)
  WORKDIR/y.f32        float32 labels (the forward return's place within its date, 0..1; NaN when unknown)
  WORKDIR/jobs.json    {"features": d, "params": {...}, "rounds": R, "jobs": [{"name": ..., "rows": "file.u32"}],
                        "parity": {"job": name, "rows": "file.u32"}}
writes WORKDIR/<name>.model.json per job and WORKDIR/parity.json (raw scores and approximate contributions).
"""
import json
import os
import sys

import numpy as np
import xgboost as xgb

PINNED = {"xgboost": "1.7.4", "numpy": "1.24.2"}


def main(workdir: str) -> None:
    if xgb.__version__ != PINNED["xgboost"] or np.__version__ != PINNED["numpy"]:
        sys.exit(f"need xgboost {PINNED['xgboost']} and numpy {PINNED['numpy']} (Debian 12: apt-get install -y "
                 f"python3-xgboost; run /usr/bin/python3); found xgboost {xgb.__version__}, numpy {np.__version__}")
    with open(os.path.join(workdir, "jobs.json")) as f:
        spec = json.load(f)
    d = spec["features"]
    x = np.fromfile(os.path.join(workdir, "x.f32"), dtype="<f4").reshape(-1, d)
    y = np.fromfile(os.path.join(workdir, "y.f32"), dtype="<f4")
    rows = lambda name: np.fromfile(os.path.join(workdir, name), dtype="<u4")
    boosters = {}
    for job in spec["jobs"]:
        r = rows(job["rows"])
        train = xgb.DMatrix(x[r], label=y[r], nthread=1)
        booster = xgb.train(spec["params"], train, num_boost_round=spec["rounds"])
        booster.save_model(os.path.join(workdir, job["name"] + ".model.json"))
        boosters[job["name"]] = booster
        print(f"  {job['name']}: {len(r)} training samples", flush=True)
    parity = spec["parity"]
    r = rows(parity["rows"])
    data = xgb.DMatrix(x[r], nthread=1)
    booster = boosters[parity["job"]]
    margins = booster.predict(data, output_margin=True)
    contribs = booster.predict(data, pred_contribs=True, approx_contribs=True)
    with open(os.path.join(workdir, "parity.json"), "w") as f:
        json.dump({
            "inputs": [[float(v) for v in row] for row in x[r]],
            "raw": [float(v) for v in margins],
            "contributions": [[float(v) for v in row] for row in contribs],
        }, f)


if __name__ == "__main__":
    main(sys.argv[1])

// Node/V8 flags of the API process, wherever it runs (npm start, the image, the benchmarks).
//
// None today: V8's own young-generation size is kept. A 32 MB semi-space (--max-semi-space-size=32)
// once saved 10-20 % of API CPU per catalogue request; re-measured on 2026-11-27 on the current request
// path it made no difference (catalogue 0.560 vs 0.547 ms of API CPU per request, writes 1.49-1.74 vs
// 1.51-1.56 ms per save, within run-to-run noise) while it cost about 30 MiB of resident memory in every
// API process (187 vs 158 MiB once ready; media bench peak 287-313 vs 253-290 MiB). bench/RESULTS.md has the runs.
export const apiNodeFlags = [];

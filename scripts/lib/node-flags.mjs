// Node/V8 flags of the API process, wherever it runs (npm start, the image, the benchmarks).
//
// --max-semi-space-size=8: V8's young generation capped at 2 x 8 MB instead of growing to 2 x 16 MB.
// Measured on 2026-11-27 (2 cores): the API's RSS once ready fell from 145 to 130 MiB and the media
// bench's peak from 264-287 to 255 MiB, while the API's CPU per progress save stayed where it was
// (0.63-0.67 ms with the flag, 0.67-0.73 ms without; save p99 49-57 ms) — request garbage dies young
// either way, so collecting it twice as often costs no more. Where objects live a little longer it does
// cost: in the jobs pipeline (events held by the relay's in-memory tail, requests waiting on BullMQ) the
// API spent 1.66 s in 267 scavenges per 5,000 jobs against 0.83 s in 129 with 16 MB, about 7 % more API
// CPU per job (1.46 vs 1.36 ms). Kept for the memory: the media target is a peak RSS under 300 MB.
// Larger young generations were measured too: 32 MB semi-spaces cost about 30 MiB per process and
// saved no CPU on the current request path.
// bench/RESULTS.md has the runs.
export const apiNodeFlags = ['--max-semi-space-size=8'];

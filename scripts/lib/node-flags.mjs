// Node/V8 flags of the API process, wherever it runs (npm start, the image, the benchmarks).
//
// A 32 MB young-generation semi-space (V8's default is 16 MB on 64-bit): every request allocates
// short-lived objects (HTTP, Express and Nest bookkeeping), and a larger nursery means fewer
// scavenges and fewer of those objects promoted to the old generation. Measured on the catalogue
// benchmark (bench/RESULTS.md): about 10-20 % less API CPU per request.
export const apiNodeFlags = ['--max-semi-space-size=32'];

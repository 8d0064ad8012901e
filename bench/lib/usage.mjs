// What a measured run cost: memory of a process, and the CPU of the API, the worker and the bench client.
import fs from 'node:fs';
import { cpuSecondsOf } from './processes.mjs';
import { fmt } from './stats.mjs';

/** Peak resident memory of a process (Linux VmHWM), and its current RSS; null elsewhere. */
export function memoryOf(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
    return { peakMiB: kb('VmHWM') / 1024, rssMiB: kb('VmRSS') / 1024 };
  } catch {
    return null;
  }
}

/**
 * From now: the worker's memory when idle, the CPU of the API, the worker and this process, and the wall
 * time. Answers `end(sampledPeakRssMiB)`, which answers { mem, cpu } at the end of the run: the worker's
 * peak (VmHWM, or the sampled RSS when higher) and idle memory, and the CPU seconds as one line.
 */
export function usageFrom({ api, worker, cores }) {
  const startMiB = memoryOf(worker.pid)?.rssMiB ?? null;
  const before = { api: cpuSecondsOf(api.pid), worker: cpuSecondsOf(worker.pid), bench: process.cpuUsage() };
  const wallBefore = Date.now();
  return (sampledPeakRssMiB) => {
    const wall = (Date.now() - wallBefore) / 1000;
    const peak = memoryOf(worker.pid);
    const benchCpu = process.cpuUsage(before.bench);
    return {
      mem: peak ? { peakMiB: Math.max(peak.peakMiB, sampledPeakRssMiB), startMiB } : null,
      cpu:
        `API ${fmt(cpuSecondsOf(api.pid) - before.api, 1)}, worker ${fmt(cpuSecondsOf(worker.pid) - before.worker, 1)}, ` +
        `bench client ${fmt((benchCpu.user + benchCpu.system) / 1e6, 1)} (wall ${fmt(wall, 1)} s x ${cores} cores)`,
    };
  };
}

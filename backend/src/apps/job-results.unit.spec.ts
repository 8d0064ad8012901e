import 'reflect-metadata';
import { MODULE_METADATA } from '@nestjs/common/constants';
import { JOBS, jobsWithStoredResults } from '@sparkhouse/contracts';
import { JOB_RESULT_HANDLER } from '../platform/jobs/job-result';
import { domainModules } from './domain-modules';

/** The result handlers the domain modules provide, by job name (one entry per handler). */
function resultHandlers(): { job: string; module: string }[] {
  return domainModules.flatMap((module) =>
    ((Reflect.getMetadata(MODULE_METADATA.PROVIDERS, module) ?? []) as unknown[])
      .filter((p): p is new (...args: never[]) => unknown => typeof p === 'function')
      .map((p) => Reflect.getMetadata(JOB_RESULT_HANDLER, p) as string | undefined)
      .filter((job): job is string => Boolean(job))
      .map((job) => ({ job, module: module.name })),
  );
}

describe('a job reads as one story: its definition names the module that stores its result', () => {
  it('every job whose definition says its result is stored has exactly one result handler, in that module', () => {
    const found = resultHandlers();
    const declared = jobsWithStoredResults();
    expect(declared.length).toBeGreaterThan(0);
    for (const job of declared) {
      const handlers = found.filter((f) => f.job === job);
      expect({ job, handlers: handlers.length }).toEqual({ job, handlers: 1 });
      const owner = JOBS[job as keyof typeof JOBS].resultStoredBy;
      // CreatorAppsModule for 'creator-apps'
      expect(handlers[0].module.toLowerCase()).toBe(`${owner}module`.replace(/-/g, ''));
    }
    // and no handler for a job whose result is only read from its run
    expect(found.map((f) => f.job).sort()).toEqual([...declared].sort());
  });
});

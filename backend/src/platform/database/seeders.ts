import { SetMetadata } from '@nestjs/common';

export const SEEDER = Symbol('SEEDER');

/** Demo data a module puts in a new installation, through its own commands (so events exist). */
export interface Seeder {
  readonly name: string;
  seed(): Promise<void>;
  /** Why it cannot run yet (a service it needs is not configured): it is left for a later start. */
  notYet?(): string | null;
}

/** Marks a provider as a seeder; `npm start` runs each one once per database (apps/tooling.ts). */
export const SeedsDemoData = (): ClassDecorator => SetMetadata(SEEDER, true);

/** Whether a provider is a seeder. */
export function isSeeder(metatype: unknown, instance: unknown): instance is Seeder {
  return typeof metatype === 'function' && !!instance && !!Reflect.getMetadata(SEEDER, metatype);
}

import { Module } from '@nestjs/common';

/**
 * Creator apps (apps built from a prompt, blueprints, landing pages, onboarding flows, versions,
 * publishing). Built so far: the pure domain rules in domain/ (versioned documents with restore,
 * version pages, unpublished-changes comparison, its 5 s single-flight cache, ownership). This
 * module is not registered in the application yet: commands, projections and calls come with the
 * creator-studio issue.
 */
@Module({})
export class CreatorAppsModule {}

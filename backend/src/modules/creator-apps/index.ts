/** The creator-apps module's public surface. */
export { CreatorAppsModule } from './creator-apps.module';
export { CreatorStudioProjection } from './projections/creator-studio.projection';
export { AppMediaProjection } from './projections/app-media.projection';
export { CreatorAppsQueries } from './queries/creator-apps.queries';
export { RequestAppBuild } from './commands/ai-request.commands';

/** The creator-apps module's public surface. */
export { CreatorAppsModule } from './creator-apps.module';

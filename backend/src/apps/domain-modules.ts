import { IdentityModule } from '../modules/identity';
import { OperationsModule } from '../modules/operations';
import { CatalogueModule } from '../modules/catalogue';
import { CommerceModule } from '../modules/commerce';
import { OffersModule } from '../modules/offers';
import { CreatorAppsModule } from '../modules/creator-apps';

/** The domain modules, shared by the API, the worker and the tooling processes. */
export const domainModules = [IdentityModule, OperationsModule, CatalogueModule, OffersModule, CommerceModule, CreatorAppsModule];

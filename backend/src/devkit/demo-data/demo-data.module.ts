import { Module } from '@nestjs/common';
import { CatalogueModule } from '../../modules/catalogue';
import { DemoCatalogueSeeder } from './catalogue/demo-catalogue.seeder';
import { DemoOffersSeeder } from './offers/demo-offers.seeder';

/**
 * The demo data `npm start` puts in a new database outside production, through the modules' commands
 * and events (so the read models are built from the log like any other data): the demo catalogue
 * (classes, collections, schools, purchases, covers), then the demo offers. Seeders run in the order
 * listed (apps/tooling.ts runs each once per database); the tooling root wires this module in outside
 * production only (apps/devkit.ts).
 */
@Module({
  imports: [CatalogueModule],
  providers: [DemoCatalogueSeeder, DemoOffersSeeder],
})
export class DemoDataModule {}

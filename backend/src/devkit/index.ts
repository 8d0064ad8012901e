/**
 * The devkit: the stand-ins a development machine runs instead of outside services, and the demo data
 * it seeds, wired in by the composition roots (apps/devkit.ts) behind the product's ports. Product
 * modules never import it, and a production process never loads it.
 */
export { DevkitModule } from './devkit.module';
export { DemoDataModule } from './demo-data/demo-data.module';

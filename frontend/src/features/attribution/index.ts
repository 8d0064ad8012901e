export { AttributionCapture } from './AttributionCapture';
export * from './attribution';

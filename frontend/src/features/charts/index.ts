export { TimeChart, type ThemedAxis } from './TimeChart';

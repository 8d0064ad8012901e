import './creator.css';

export * from './creator.queries';
export { callCreator } from './creator-api';
export { BuildProgress } from './BuildProgress';
export { BuildWatch, builderPath, buildWatchPath } from './BuildWatch';
export { IdeaStart } from './IdeaStart';
export { BrainstormPanel } from './BrainstormPanel';
export { CreatorAppsList, CreatorAppsSection, buildStatusLabel } from './CreatorAppsList';
export { buildStepStates, stepLabel } from './build-steps';
export { DEFAULT_EDITOR_SECTIONS } from './fallbacks';
export { BUILDER_MODES, Workspace } from './builder/Workspace';

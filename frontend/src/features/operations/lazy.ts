// The operations console (admins, operators, viewers): loaded in a chunk of its own (import()), never by visitors.

export { OpsLayout } from './console/OpsLayout';
export { OverviewPage } from './console/OverviewPage';
export { JobsPage } from './console/JobsPage';
export { JobDetailPage } from './console/JobDetailPage';
export { EventsPage } from './console/EventsPage';
export { ProjectionsPage } from './console/ProjectionsPage';
export { AlertsPage } from './console/AlertsPage';
export { EmailsPage, WebhooksPage, AnalyticsPage, MembersPage } from './console/SidePages';
export { PipelineCheckPage } from './PipelineCheckPage';

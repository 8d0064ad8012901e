/** The creator-apps module's public surface. */
export { CreatorAppsModule } from './creator-apps.module';
export { CreatorAppsQueries } from './queries/creator-apps.query';
export { RequestAppBuild } from './commands/request-app-build.command';
export { SendMemberReminders } from './commands/send-member-reminders.command';
export { MemberRemindersQueries } from './queries/member-reminders.query';

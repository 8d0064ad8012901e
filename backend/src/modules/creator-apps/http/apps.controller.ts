import { Controller } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { creatorApps, type CallResponse, type LandingPageInfo } from '@sparkhouse/contracts';
import { isAdmin, type Principal } from '../../../platform/auth/principal';
import { requestContext } from '../../../platform/context/request-context';
import { Endpoint, Input, type CallInput } from '../../../platform/http/endpoint';
import { forbidden, notFound } from '../../../platform/http/errors';
import { ChangeAppTheme } from '../commands/change-app-theme.command';
import { PublishApp } from '../commands/publish-app.command';
import { UpdateAppDetails } from '../commands/update-app-details.command';
import { type AppChanged } from '../domain/app-state';
import { RestoreDocumentVersion } from '../commands/restore-document-version.command';
import { SaveDocumentVersion, type VersionSaved } from '../commands/save-document-version.command';
import { presentLandingPage } from '../domain/landing-page';
import { CreatorAppsQueries } from '../queries/creator-apps.query';
import { PublishingQueries } from '../queries/publishing.query';
import { UnpublishedChangesQueries } from '../queries/unpublished-changes.query';
import { appAsVisited, decidedVersionView, versionPage } from './views';

const principal = (): Principal | null => requestContext.current()?.principal ?? null;
const NO_SUCH_APP = 'No such app.';

/** The apps area of spec 7: apps and their landing pages by address, theme, details, publishing. */
@Controller()
export class AppsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly apps: CreatorAppsQueries,
    private readonly unpublished: UnpublishedChangesQueries,
    private readonly publishing: PublishingQueries,
  ) {}

  @Endpoint(creatorApps.getAllApps)
  async getAllApps(@Input() { query }: CallInput<typeof creatorApps.getAllApps>) {
    const who = principal();
    if (query.should_include_unpublished && !isAdmin(who)) throw forbidden('Only admins may list unpublished apps.');
    const found = await this.apps.allApps({ includeUnpublished: !!query.should_include_unpublished });
    const withLandingPage = !!query.with_landing_page_info;
    return {
      apps: found.map((row) => this.apps.publicView(row, { withLandingPage, draft: row.published_at === null })),
    };
  }

  @Endpoint(creatorApps.getAppBySlug)
  async getAppBySlug(@Input() { params }: CallInput<typeof creatorApps.getAppBySlug>) {
    const { row, draft } = await this.visibleBySlug(params.storefrontSlug, params.appSlug);
    return { app: this.apps.publicView(row, { withLandingPage: true, draft }) };
  }

  @Endpoint(creatorApps.getAppLandingPageInfoBySlug)
  async getAppLandingPageInfoBySlug(@Input() { params }: CallInput<typeof creatorApps.getAppLandingPageInfoBySlug>) {
    const { row, draft } = await this.visibleBySlug(params.storefrontSlug, params.appSlug);
    const page = draft ? row.landing_page : row.published?.landingPage;
    return { appId: row.app_id, landingPageInfo: presentLandingPage(page as LandingPageInfo | null) as LandingPageInfo | null };
  }

  @Endpoint(creatorApps.getPublishedLandingPageInfo)
  async getPublishedLandingPageInfo(@Input() { params }: CallInput<typeof creatorApps.getPublishedLandingPageInfo>) {
    const row = await this.apps.bySlug(params.storefrontSlug, params.appSlug);
    if (!row || row.published_at === null) throw notFound(NO_SUCH_APP);
    const page = row.published?.landingPage as LandingPageInfo | null | undefined;
    return { appId: row.app_id, landingPageInfo: presentLandingPage(page) as LandingPageInfo | null };
  }

  @Endpoint(creatorApps.saveAppLandingPageInfo)
  async saveAppLandingPageInfo(@Input() { body }: CallInput<typeof creatorApps.saveAppLandingPageInfo>) {
    const saved: VersionSaved = await this.commands.execute(
      new SaveDocumentVersion(principal(), body.appId, 'landing-page', body.landingPageInfo),
    );
    const row = await this.apps.ownAppRow(principal(), body.appId, saved.streamVersion);
    return { version: decidedVersionView(saved.version, row, 'landing-page') } as CallResponse<
      typeof creatorApps.saveAppLandingPageInfo
    >;
  }

  @Endpoint(creatorApps.updateAppTheme)
  async updateAppTheme(@Input() { params, body }: CallInput<typeof creatorApps.updateAppTheme>) {
    return this.answerApp(await this.commands.execute(new ChangeAppTheme(principal(), params.appId, body.theme)));
  }

  @Endpoint(creatorApps.updateApp)
  async updateApp(@Input() { body }: CallInput<typeof creatorApps.updateApp>) {
    const { appId, ...changes } = body;
    return this.answerApp(await this.commands.execute(new UpdateAppDetails(principal(), appId, changes)));
  }

  @Endpoint(creatorApps.checkUnpublishedChanges)
  async checkUnpublishedChanges(@Input() { params }: CallInput<typeof creatorApps.checkUnpublishedChanges>) {
    const who = principal();
    // ownership first, from the read model (the cached answer is shared by everyone allowed to see it)
    await this.apps.ownAppRow(who, params.appId, 1);
    const answer = await this.unpublished.check(params.appId, () => this.apps.ownAppRow(who, params.appId));
    return { hasUnpublishedChanges: answer.hasUnpublishedChanges, changed: [...answer.changed] };
  }

  @Endpoint(creatorApps.getPublishPreview)
  async getPublishPreview(@Input() { params }: CallInput<typeof creatorApps.getPublishPreview>) {
    const who = principal();
    await this.apps.ownAppRow(who, params.appId, 1);
    // the pricing comes from commerce's facts, not the app's stream: read once the studio has them all
    await this.apps.caughtUp();
    return this.publishing.preview(who!, await this.apps.ownAppRow(who, params.appId));
  }

  @Endpoint(creatorApps.publishApp)
  async publishApp(@Input() { params }: CallInput<typeof creatorApps.publishApp>) {
    const changed: AppChanged = await this.commands.execute(new PublishApp(principal(), params.appId));
    this.unpublished.forget(params.appId);
    return this.answerApp(changed);
  }

  @Endpoint(creatorApps.getAppOnboardingFlow)
  async getAppOnboardingFlow(@Input() { params, query }: CallInput<typeof creatorApps.getAppOnboardingFlow>) {
    const visible = await this.visibleBySlug(params.storefrontSlug, params.appSlug);
    const { row } = visible;
    // its owner may ask for what visitors meet (the simulator's published run): none before publishing
    if (query.version === 'published' && row.published_at === null) throw notFound('This app is not published yet.');
    const draft = visible.draft && query.version !== 'published';
    const { flow, versionId, isDefault } = appAsVisited(row, draft);
    return { appId: row.app_id, appName: row.name, onboardingFlow: flow, versionId, isDefault, isDraft: draft };
  }

  @Endpoint(creatorApps.saveAppOnboardingFlowV2)
  async saveAppOnboardingFlowV2(@Input() { body }: CallInput<typeof creatorApps.saveAppOnboardingFlowV2>) {
    return this.savedFlow(
      await this.commands.execute(new SaveDocumentVersion(principal(), body.appId, 'onboarding-flow', body.onboardingFlow)),
    );
  }

  @Endpoint(creatorApps.getOnboardingFlowVersionHistoryPaginated)
  async getOnboardingFlowVersionHistoryPaginated(
    @Input() { query }: CallInput<typeof creatorApps.getOnboardingFlowVersionHistoryPaginated>,
  ) {
    return (await versionPage(this.apps, principal(), query, 'onboarding-flow')) as CallResponse<
      typeof creatorApps.getOnboardingFlowVersionHistoryPaginated
    >;
  }

  @Endpoint(creatorApps.restoreOnboardingFlowVersion)
  async restoreOnboardingFlowVersion(@Input() { body }: CallInput<typeof creatorApps.restoreOnboardingFlowVersion>) {
    return this.savedFlow(
      await this.commands.execute(new RestoreDocumentVersion(principal(), body.app_id, 'onboarding-flow', body.version_id)),
    );
  }

  private async savedFlow(saved: VersionSaved) {
    const row = await this.apps.ownAppRow(principal(), saved.appId, saved.streamVersion);
    return { version: decidedVersionView(saved.version, row, 'onboarding-flow') } as CallResponse<
      typeof creatorApps.saveAppOnboardingFlowV2
    >;
  }

  private async answerApp({ appId, version }: AppChanged) {
    return { app: this.apps.view(await this.apps.ownAppRow(principal(), appId, version)) };
  }

  private visibleBySlug(storefrontSlug: string, appSlug: string) {
    return this.apps.visibleBySlug(principal(), storefrontSlug, appSlug);
  }
}

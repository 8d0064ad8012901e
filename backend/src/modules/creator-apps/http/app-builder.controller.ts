import { Controller, Inject } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  AppBlueprintSchema,
  creatorApps,
  DEFAULT_EDITOR_SUGGESTIONS,
  OnboardingFlowSchema,
  type AppDocument,
  type CallResponse,
} from '@sparkhouse/contracts';
import { isAdmin, type Principal } from '../../../platform/auth/principal';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config';
import { requestContext } from '../../../platform/context/request-context';
import { Endpoint, Input, type CallInput } from '../../../platform/http/endpoint';
import { ApiError, conflict, forbidden, notFound, unauthorized } from '../../../platform/http/errors';
import { JobAwaiter } from '../../../platform/jobs/job-awaiter';
import { CreateApp } from '../commands/create-app.command';
import { RecordAppOpened } from '../commands/record-app-opened.command';
import { SetAppIsIdea } from '../commands/set-app-is-idea.command';
import { type AppChanged } from '../domain/app-state';
import { RequestAppBuild } from '../commands/request-app-build.command';
import { RequestBrainstorm } from '../commands/request-brainstorm.command';
import { RequestLandingPageEdit } from '../commands/request-landing-page-edit.command';
import { SaveBlueprintExample } from '../commands/save-blueprint-example.command';
import { UpdateBlueprintExample, NO_SUCH_EXAMPLE } from '../commands/update-blueprint-example.command';
import { RestoreDocumentVersion } from '../commands/restore-document-version.command';
import { SaveDocumentVersion, type VersionSaved } from '../commands/save-document-version.command';
import { BrainstormQueries } from '../queries/brainstorm.query';
import { CreatorAppsQueries, type AppRow } from '../queries/creator-apps.query';
import { decidedVersionView, versionPage, versionView } from './views';

const principal = (): Principal | null => requestContext.current()?.principal ?? null;

type Answer<C> = CallResponse<C>;

/** The app builder of spec 7: the creator's apps, AI jobs, blueprint, versions, examples, suggestions. */

const signedInUserId = (principal: Principal | null): string => {
  if (principal?.kind !== 'user') throw unauthorized();
  return principal.id;
};

@Controller()
export class AppBuilderController {
  constructor(
    private readonly commands: CommandBus,
    private readonly apps: CreatorAppsQueries,
    private readonly brainstorms: BrainstormQueries,
    private readonly awaiter: JobAwaiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  // ---------------------------------------------------------------- apps

  @Endpoint(creatorApps.createApp)
  async createApp(@Input() { body }: CallInput<typeof creatorApps.createApp>) {
    return this.answerApp(await this.commands.execute(new CreateApp(principal(), body)));
  }

  @Endpoint(creatorApps.getCreatorApps)
  async getCreatorApps(@Input() { query }: CallInput<typeof creatorApps.getCreatorApps>) {
    const who = principal();
    let ownerId = signedInUserId(who);
    if (query.asUserEmail !== undefined || query.asUserId !== undefined) {
      if (!isAdmin(who)) throw forbidden('Only admins may list another creator’s apps.');
      ownerId = query.asUserId ?? (await this.apps.userIdByEmail(query.asUserEmail!)) ?? '';
      if (!ownerId) return { apps: [] };
    }
    const rows = await this.apps.creatorApps(ownerId, { publishedOnly: !!query.published_only });
    return { apps: rows.map((row) => this.apps.view(row, !!query.with_landing_page_info)) };
  }

  @Endpoint(creatorApps.creatorHasAnyApp)
  async creatorHasAnyApp() {
    return { hasAny: await this.apps.hasAny(signedInUserId(principal())) };
  }

  @Endpoint(creatorApps.updateRecentlyOpened)
  async updateRecentlyOpened(@Input() { query }: CallInput<typeof creatorApps.updateRecentlyOpened>) {
    const opened: AppChanged & { openedAt: string } = await this.commands.execute(new RecordAppOpened(principal(), query.appId));
    return { appId: opened.appId, lastOpenedAt: opened.openedAt };
  }

  @Endpoint(creatorApps.updateAppIsIdea)
  async updateAppIsIdea(@Input() { body }: CallInput<typeof creatorApps.updateAppIsIdea>) {
    return this.answerApp(await this.commands.execute(new SetAppIsIdea(principal(), body.appId, body.isIdea)));
  }

  // ---------------------------------------------------------------- AI jobs

  @Endpoint(creatorApps.buildApp)
  buildApp(@Input() { body }: CallInput<typeof creatorApps.buildApp>): Promise<{ appId: string; runId: string }> {
    return this.commands.execute(new RequestAppBuild(principal(), body));
  }

  @Endpoint(creatorApps.buildBrainstorm)
  buildBrainstorm(
    @Input() { body }: CallInput<typeof creatorApps.buildBrainstorm>,
  ): Promise<{ brainstormId: string; runId: string }> {
    return this.commands.execute(new RequestBrainstorm(principal(), body.prompt));
  }

  @Endpoint(creatorApps.getBrainstormStatus)
  async getBrainstormStatus(@Input() { query }: CallInput<typeof creatorApps.getBrainstormStatus>) {
    const b = await this.brainstorms.own(principal(), query.brainstormId);
    return { brainstormId: b.brainstormId, runId: b.runId, status: b.status, error: b.error };
  }

  @Endpoint(creatorApps.getBrainstormApps)
  async getBrainstormApps(@Input() { query }: CallInput<typeof creatorApps.getBrainstormApps>) {
    const b = await this.brainstorms.own(principal(), query.brainstormId);
    if (b.status === 'failed' || b.status === 'canceled') {
      throw new ApiError(422, 'BRAINSTORM_FAILED', b.error ? `The brainstorm failed: ${b.error}` : 'The brainstorm failed.');
    }
    if (b.status !== 'completed' || !b.ideas) throw conflict('The brainstorm is still running: check getBrainstormStatus.');
    return { brainstormId: b.brainstormId, prompt: b.prompt, apps: b.ideas };
  }

  @Endpoint(creatorApps.editLandingPage)
  editLandingPage(@Input() { body }: CallInput<typeof creatorApps.editLandingPage>): Promise<{ appId: string; runId: string }> {
    return this.commands.execute(new RequestLandingPageEdit(principal(), body.appId, body.instruction));
  }

  @Endpoint(creatorApps.getBlueprintHelpForApp)
  async getBlueprintHelpForApp(@Input() { query }: CallInput<typeof creatorApps.getBlueprintHelpForApp>) {
    const row = await this.apps.ownAppRow(principal(), query.appId);
    const current = AppBlueprintSchema.safeParse(row.blueprint);
    const prompt = (row.app_idea || row.prompt || row.name).slice(0, 4000);
    const outcome = await this.awaiter.requestAndAwait(
      'creator-apps.blueprint-help',
      { ownerId: row.owner_id, subjectId: row.app_id },
      { appId: row.app_id, prompt, ...(current.success ? { blueprint: current.data } : {}) },
      { timeoutMs: this.config.CREATOR_QUICK_JOB_TIMEOUT_MS },
    );
    if (outcome.status === 'completed') return { appId: row.app_id, suggestion: outcome.result.blueprint };
    // no 5xx for a slow or failing provider: a clear answer the builder can show
    const why =
      outcome.status === 'timed-out' ? 'did not answer in time' : `failed (${'reason' in outcome ? outcome.reason : ''})`;
    throw new ApiError(409, 'BLUEPRINT_HELP_UNAVAILABLE', `Blueprint help ${why}. Try again in a moment.`);
  }

  @Endpoint(creatorApps.getEditorPlusButtonSuggestions)
  async getEditorPlusButtonSuggestions(@Input() { query, body }: CallInput<typeof creatorApps.getEditorPlusButtonSuggestions>) {
    const row = await this.apps.ownAppRow(principal(), query.appId);
    const idea = (row.app_idea || row.prompt || '').slice(0, 4000);
    const outcome = await this.awaiter
      .requestAndAwait(
        'creator-apps.editor-suggestions',
        { ownerId: row.owner_id, subjectId: row.app_id },
        {
          appId: row.app_id,
          appName: row.name.slice(0, 60),
          ...(idea ? { idea } : {}),
          ...(body.context ? { context: body.context } : {}),
        },
        { timeoutMs: this.config.CREATOR_QUICK_JOB_TIMEOUT_MS },
      )
      .catch(() => null);
    if (outcome?.status === 'completed') {
      return { sections: outcome.result.sections, fallback: outcome.result.usedFallback };
    }
    // spec 8: any failure answers the built-in Suggested, Stories and Activities sections
    return { sections: structuredClone(DEFAULT_EDITOR_SUGGESTIONS.sections), fallback: true };
  }

  // ---------------------------------------------------------------- blueprint and versions

  @Endpoint(creatorApps.getBlueprintForApp)
  async getBlueprintForApp(@Input() { query }: CallInput<typeof creatorApps.getBlueprintForApp>) {
    const row = await this.apps.ownAppRow(principal(), query.appId);
    const blueprint = row.blueprint ? AppBlueprintSchema.parse(row.blueprint) : null;
    return { appId: row.app_id, blueprint, versionId: row.blueprint_version_id };
  }

  @Endpoint(creatorApps.updateBlueprint)
  async updateBlueprint(@Input() { body }: CallInput<typeof creatorApps.updateBlueprint>) {
    return this.saved(
      'blueprint',
      await this.commands.execute(new SaveDocumentVersion(principal(), body.appId, 'blueprint', body.blueprint)),
    );
  }

  @Endpoint(creatorApps.getBlueprintVersionHistory)
  async getBlueprintVersionHistory(@Input() { query }: CallInput<typeof creatorApps.getBlueprintVersionHistory>) {
    return { versions: await this.history(query.appId, 'blueprint') } as Answer<typeof creatorApps.getBlueprintVersionHistory>;
  }

  @Endpoint(creatorApps.getBlueprintVersionHistoryPaginated)
  async getBlueprintVersionHistoryPaginated(
    @Input() { query }: CallInput<typeof creatorApps.getBlueprintVersionHistoryPaginated>,
  ) {
    return (await versionPage(this.apps, principal(), query, 'blueprint')) as Answer<
      typeof creatorApps.getBlueprintVersionHistoryPaginated
    >;
  }

  @Endpoint(creatorApps.restoreBlueprintVersion)
  async restoreBlueprintVersion(@Input() { body }: CallInput<typeof creatorApps.restoreBlueprintVersion>) {
    return this.saved(
      'blueprint',
      await this.commands.execute(new RestoreDocumentVersion(principal(), body.appId, 'blueprint', body.versionId)),
    );
  }

  @Endpoint(creatorApps.getOnboardingFlowForApp)
  async getOnboardingFlowForApp(@Input() { query }: CallInput<typeof creatorApps.getOnboardingFlowForApp>) {
    const row = await this.apps.ownAppRow(principal(), query.appId);
    const versions = (await this.apps.versions(row.app_id, 'onboarding-flow')).map((v) => {
      const { content: _content, ...rest } = versionView(v, row, 'onboarding-flow');
      return rest;
    });
    const flow = row.onboarding_flow ? OnboardingFlowSchema.parse(row.onboarding_flow) : null;
    return { appId: row.app_id, onboardingFlow: flow, versionId: row.onboarding_flow_version_id, versions };
  }

  @Endpoint(creatorApps.getLandingPageVersionHistory)
  async getLandingPageVersionHistory(@Input() { query }: CallInput<typeof creatorApps.getLandingPageVersionHistory>) {
    return { versions: await this.history(query.appId, 'landing-page') } as Answer<
      typeof creatorApps.getLandingPageVersionHistory
    >;
  }

  @Endpoint(creatorApps.restoreLandingPageVersion)
  async restoreLandingPageVersion(@Input() { body }: CallInput<typeof creatorApps.restoreLandingPageVersion>) {
    return this.saved(
      'landing-page',
      await this.commands.execute(new RestoreDocumentVersion(principal(), body.appId, 'landing-page', body.versionId)),
    );
  }

  // ---------------------------------------------------------------- blueprint examples

  @Endpoint(creatorApps.saveBlueprintExample)
  async saveBlueprintExample(@Input() { body }: CallInput<typeof creatorApps.saveBlueprintExample>) {
    const { exampleId } = await this.commands.execute(new SaveBlueprintExample(principal(), body));
    return { example: await this.ownExample(exampleId) };
  }

  @Endpoint(creatorApps.getBlueprintExamplesForApp)
  async getBlueprintExamplesForApp(@Input() { query }: CallInput<typeof creatorApps.getBlueprintExamplesForApp>) {
    const row = await this.apps.ownAppRow(principal(), query.appId);
    return { examples: await this.apps.examples(row.app_id, query.type) };
  }

  @Endpoint(creatorApps.getBlueprintExampleById)
  async getBlueprintExampleById(@Input() { query }: CallInput<typeof creatorApps.getBlueprintExampleById>) {
    return { example: await this.ownExample(query.exampleId) };
  }

  @Endpoint(creatorApps.updateBlueprintExample)
  async updateBlueprintExample(@Input() { params, body }: CallInput<typeof creatorApps.updateBlueprintExample>) {
    await this.commands.execute(new UpdateBlueprintExample(principal(), params.id, body));
    return { example: await this.ownExample(params.id) };
  }

  // ---------------------------------------------------------------- helpers

  private async answerApp({ appId, version }: AppChanged) {
    return { app: this.apps.view(await this.apps.ownAppRow(principal(), appId, version)) };
  }

  private async saved(document: AppDocument, saved: VersionSaved) {
    const row: AppRow = await this.apps.ownAppRow(principal(), saved.appId, saved.streamVersion);
    return { version: decidedVersionView(saved.version, row, document) } as never;
  }

  private async history(appId: string, document: AppDocument) {
    const row = await this.apps.ownAppRow(principal(), appId);
    return (await this.apps.versions(row.app_id, document)).map((v) => versionView(v, row, document));
  }

  private async ownExample(exampleId: string) {
    const who = principal();
    const example = await this.apps.example(exampleId);
    if (!example || (who?.kind === 'user' && !isAdmin(who) && example.ownerId !== who.id) || who?.kind !== 'user') {
      throw notFound(NO_SUCH_EXAMPLE);
    }
    const { ownerId: _ownerId, ...rest } = example;
    return rest;
  }
}

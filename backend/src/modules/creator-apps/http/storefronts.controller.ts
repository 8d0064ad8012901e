import { Controller } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { storefronts } from '@sparkhouse/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { requestContext } from '../../../platform/context/request-context';
import { Endpoint, Input, type CallInput } from '../../../platform/http/endpoint';
import { notFound, unauthorized } from '../../../platform/http/errors';
import { UpdateStorefront, type StorefrontUpdated } from '../commands/update-storefront.command';
import type { Resolved } from '../domain/addresses';
import { CreatorPublicPages } from './public-pages';
import { PublicPagesQueries } from '../queries/public-pages.query';

const principal = (): Principal | null => requestContext.current()?.principal ?? null;

/** The found page, whichever address it was asked by (the answer names the current one); 404 otherwise. */
async function resolved<T>(found: Promise<Resolved<T>>, follow: (to: string) => Promise<Resolved<T>>, message: string): Promise<T> {
  let answer = await found;
  if (answer.kind === 'moved') answer = await follow(answer.to);
  if (answer.kind !== 'here') throw notFound(message);
  return answer.found;
}

/** The public pages of creators' work (an app's landing page, storefronts, the creators page) and storefront settings. */
@Controller()
export class StorefrontsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly pages: CreatorPublicPages,
    private readonly queries: PublicPagesQueries,
  ) {}

  @Endpoint(storefronts.getAppLanding)
  async getAppLanding(@Input() { params }: CallInput<typeof storefronts.getAppLanding>) {
    const who = principal();
    const landing = await resolved(
      this.pages.landing(who, params.storefrontSlug, params.appSlug),
      (to) => {
        const [, , s, a] = to.split('/');
        return this.pages.landing(who, s!, a!);
      },
      'No such app.',
    );
    return { landing };
  }

  @Endpoint(storefronts.getCreatorStorefront)
  async getCreatorStorefront(@Input() { params }: CallInput<typeof storefronts.getCreatorStorefront>) {
    const storefront = await resolved(
      this.pages.storefront(params.storefrontSlug),
      (to) => this.pages.storefront(to.split('/')[2]!),
      'No such storefront.',
    );
    return { storefront };
  }

  @Endpoint(storefronts.getCreators)
  async getCreators() {
    return { creators: await this.pages.creators() };
  }

  @Endpoint(storefronts.getMyStorefront)
  async getMyStorefront() {
    const who = principal();
    if (who?.kind !== 'user') throw unauthorized();
    return { storefront: await this.queries.mine(who.id) };
  }

  @Endpoint(storefronts.updateStorefront)
  async updateStorefront(@Input() { body }: CallInput<typeof storefronts.updateStorefront>) {
    const updated: StorefrontUpdated = await this.commands.execute(new UpdateStorefront(principal(), body));
    return { storefrontSlug: updated.storefrontSlug };
  }
}

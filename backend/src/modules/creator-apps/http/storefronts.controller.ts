import fsp from 'node:fs/promises';
import { Controller, Inject, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { formatBytes, MEDIA_FORMATS, STOREFRONT_PHOTO_MAX_MB, storefronts } from '@sparkhouse/contracts';
import { UPLOAD_TEMP_DIR } from '../../../platform/media/media.module';
import { receiveUpload } from '../../../platform/media/upload-receiver';
import { SetStorefrontPhoto, type StoredPhoto } from '../commands/set-storefront-photo.command';
import type { Principal } from '../../../platform/auth/principal';
import { requestContext } from '../../../platform/context/request-context';
import { Endpoint, Input, type CallInput } from '../../../platform/http/endpoint';
import { notFound, unauthorized } from '../../../platform/http/errors';
import { UpdateStorefront, type StorefrontUpdated } from '../commands/update-storefront.command';
import type { Resolved } from '../domain/addresses';
import { CreatorPublicPages } from './public-pages';
import { PublicPagesQueries } from '../queries/public-pages.query';

const principal = (): Principal | null => requestContext.current()?.principal ?? null;

const PHOTO_MAX_BYTES = STOREFRONT_PHOTO_MAX_MB * 1024 * 1024;
/** What a storefront photo may be, in the media library's words. */
export const PHOTO_ACCEPTS = {
  limits: { image: PHOTO_MAX_BYTES },
  unsupported: `This kind of file is not supported: upload an image (${MEDIA_FORMATS.image.join(', ')}).`,
  tooLarge: () => `Photos can be at most ${formatBytes(PHOTO_MAX_BYTES)}.`,
};

/** The found page, whichever address it was asked by (the answer names the current one); 404 otherwise. */
async function resolved<T>(
  found: Promise<Resolved<T>>,
  follow: (to: string) => Promise<Resolved<T>>,
  message: string,
): Promise<T> {
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
    @Inject(UPLOAD_TEMP_DIR) private readonly tempDir: string,
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

  @Endpoint(storefronts.uploadStorefrontPhoto)
  async uploadStorefrontPhoto(@Req() req: Request) {
    const who = principal();
    if (who?.kind !== 'user') throw unauthorized();
    const { fileField } = storefronts.uploadStorefrontPhoto.upload!;
    const { file } = await receiveUpload(req, { fileField, tempDir: this.tempDir, accept: PHOTO_ACCEPTS });
    try {
      const photo: StoredPhoto = await this.commands.execute(new SetStorefrontPhoto(who, file.path));
      return { photoUrl: photo.url, width: photo.width, height: photo.height };
    } finally {
      await fsp.rm(file.path, { force: true });
    }
  }
}

import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Inject } from '@nestjs/common';
import type { Principal } from '../../../platform/auth/principal';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config';
import { unauthorized } from '../../../platform/http/errors';
import { storeStorefrontPhoto, type StoredPhoto } from '../infra/storefront-photo';
import { UpdateStorefront } from './update-storefront.command';

export type { StoredPhoto } from '../infra/storefront-photo';

/** Make an uploaded picture (a received file on disk) the caller's storefront photo. */
export class SetStorefrontPhoto {
  constructor(
    readonly principal: Principal | null,
    /** The received file; the caller removes it. */
    readonly file: string,
  ) {}
}

@CommandHandler(SetStorefrontPhoto)
export class SetStorefrontPhotoHandler implements ICommandHandler<SetStorefrontPhoto, StoredPhoto> {
  constructor(
    private readonly commands: CommandBus,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'MEDIA_DIR'>,
  ) {}

  async execute({ principal, file }: SetStorefrontPhoto): Promise<StoredPhoto> {
    if (principal?.kind !== 'user') throw unauthorized();
    const photo = await storeStorefrontPhoto(this.config.MEDIA_DIR, principal.id, file);
    await this.commands.execute(new UpdateStorefront(principal, { photoUrl: photo.url }));
    return photo;
  }
}

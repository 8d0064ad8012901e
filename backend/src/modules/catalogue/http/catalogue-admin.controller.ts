import { Controller } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { catalogue } from '@sparkhouse/contracts';
import { Endpoint, Input, type CallInput } from '../../../platform/http/endpoint';
import { CreateCollection } from '../commands/create-collection.command';
import { EnrolInClass } from '../commands/enrol-in-class.command';
import { GrantProduct } from '../commands/grant-product.command';
import { PublishProduct } from '../commands/publish-product.command';
import { UpdateProduct } from '../commands/update-product.command';

/** Admin-only management of the catalogue: every change is a command that appends events. */
@Controller()
export class CatalogueAdminController {
  constructor(private readonly commands: CommandBus) {}

  @Endpoint(catalogue.publishProduct)
  publish(@Input() { body }: CallInput<typeof catalogue.publishProduct>) {
    const { releaseDate, ...facts } = body;
    return this.commands.execute(new PublishProduct({ ...facts, releaseDate: releaseDate ?? new Date().toISOString() }));
  }

  @Endpoint(catalogue.updateProduct)
  update(@Input() { params, body }: CallInput<typeof catalogue.updateProduct>) {
    return this.commands.execute(new UpdateProduct(params.id, body));
  }

  @Endpoint(catalogue.createCollection)
  async createCollection(@Input() { body }: CallInput<typeof catalogue.createCollection>) {
    const { programType, ...facts } = body;
    return { collection: await this.commands.execute(new CreateCollection(facts, programType)) };
  }

  @Endpoint(catalogue.createSchool)
  async createSchool(@Input() { body }: CallInput<typeof catalogue.createSchool>) {
    return { school: await this.commands.execute(new CreateCollection(body, 'school')) };
  }

  @Endpoint(catalogue.enrolInClass)
  async enrol(@Input() { body }: CallInput<typeof catalogue.enrolInClass>) {
    const enrolment = await this.commands.execute(
      new EnrolInClass(body.userId, body.productId, body.classStartDate, body.classEndDate),
    );
    return { enrolment };
  }

  @Endpoint(catalogue.grantProduct)
  async grant(@Input() { body }: CallInput<typeof catalogue.grantProduct>) {
    return { purchase: await this.commands.execute(new GrantProduct(body.userId, body.productId)) };
  }
}

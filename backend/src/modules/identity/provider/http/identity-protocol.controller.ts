import { Controller, Logger, Post, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { identityActions, identityProtocol, type IdentityAction } from '@sparkhouse/contracts';
import { unstorableText } from '../../../../platform/http/text-input';
import { IdentityProtocolError } from '../domain/protocol-errors';
import { actionInputs } from '../domain/protocol-inputs';
import { protocolActions } from './protocol-actions';

const known = new Set<string>(identityActions);

/**
 * The hosted user-pool JSON protocol: POST /api/identity (the AWS SDK adds a trailing slash), the
 * action in X-Amz-Target, JSON in and out; every failure answers 400 `{ __type, message }`.
 */
@Controller('identity')
export class IdentityProtocolController {
  private readonly logger = new Logger('IdentityProtocol');

  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post()
  async call(@Req() req: Request, @Res() res: Response): Promise<void> {
    try {
      const action = this.actionOf(req);
      const [unstorable] = unstorableText('body', req.body);
      if (unstorable) throw new IdentityProtocolError('InvalidParameterException', unstorable.message);
      const parsed = actionInputs[action].safeParse(req.body);
      if (!parsed.success) throw new IdentityProtocolError('InvalidParameterException', parsed.error.issues[0].message);
      const { kind, message } = protocolActions[action];
      const msg = new (message as new (input: unknown, call: { address: string }) => object)(parsed.data, {
        address: req.ip ?? req.socket.remoteAddress ?? 'unknown',
      });
      const output: unknown = kind === 'query' ? await this.queries.execute(msg) : await this.commands.execute(msg);
      res
        .status(200)
        .type(identityProtocol.contentType)
        .send(JSON.stringify(output ?? {}));
    } catch (err) {
      const e =
        err instanceof IdentityProtocolError
          ? err
          : new IdentityProtocolError('InternalErrorException', 'An Error Occurred', 500);
      if (e.status >= 500) this.logger.error({ err }, 'identity protocol call failed');
      res
        .status(e.status)
        .setHeader('x-amzn-ErrorType', e.type)
        .type(identityProtocol.contentType)
        .send(JSON.stringify({ __type: e.type, message: e.message }));
    }
  }

  private actionOf(req: Request): IdentityAction {
    const contentType = req.headers['content-type'] ?? '';
    if (!/^application\/(x-amz-json-1\.[01]|json)\b/i.test(contentType)) {
      throw new IdentityProtocolError('SerializationException', `Content-Type must be ${identityProtocol.contentType}`);
    }
    const target = req.headers[identityProtocol.targetHeader];
    const action =
      typeof target === 'string' && target.startsWith(identityProtocol.targetPrefix)
        ? target.slice(identityProtocol.targetPrefix.length)
        : '';
    if (!known.has(action)) {
      throw new IdentityProtocolError(
        'UnknownOperationException',
        action ? `Unknown operation ${action.slice(0, 64)}` : 'Missing or unknown X-Amz-Target',
      );
    }
    if (typeof req.body !== 'object' || req.body === null || Array.isArray(req.body)) {
      throw new IdentityProtocolError('SerializationException', 'Request body must be a JSON object');
    }
    return action as IdentityAction;
  }
}

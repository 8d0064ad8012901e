import { Body, Controller, Get, Param, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { StandInName } from '../../modules/identity';
import { StandInProvider } from './stand-in-provider';
import { standInPage } from './stand-in-page';

const PROVIDERS = new Set(['google', 'apple']);
const emailPattern = /^\S+@\S+\.\S+$/;

type Params = Record<string, string | undefined>;

function provider(name: string, res: Response): StandInName | null {
  if (PROVIDERS.has(name)) return name as StandInName;
  res.status(404).json({ error: 'not_found', error_description: 'No such provider.' });
  return null;
}

/** The stand-in OpenID Connect provider's endpoints: discovery, authorize (a page), token, keys. */
@Controller('identity/stand-in/:provider')
export class StandInProviderController {
  constructor(private readonly standIn: StandInProvider) {}

  @Get('.well-known/openid-configuration')
  discovery(@Param('provider') name: string, @Res() res: Response) {
    const p = provider(name, res);
    if (!p) return;
    const issuer = this.standIn.issuer(p);
    res.json({
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/jwks`,
      response_types_supported: ['code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      code_challenge_methods_supported: ['S256'],
      scopes_supported: ['openid', 'email', 'profile', 'name'],
    });
  }

  @Get('authorize')
  page(@Param('provider') name: string, @Query() q: Params, @Res() res: Response) {
    const p = provider(name, res);
    if (!p) return;
    const problem = this.checkRequest(q);
    if (problem) return res.status(400).json({ error: 'invalid_request', error_description: problem });
    res.type('html').send(standInPage(p, this.hidden(q)));
  }

  @Post('authorize')
  async choose(@Param('provider') name: string, @Body() body: Params, @Res() res: Response) {
    const p = provider(name, res);
    if (!p) return;
    const problem = this.checkRequest(body);
    if (problem) return res.status(400).json({ error: 'invalid_request', error_description: problem });
    const email = (body.email ?? '').trim().toLowerCase();
    const fullName = (body.name ?? '').trim().slice(0, 80);
    if (!emailPattern.test(email) || !fullName) {
      return res
        .status(400)
        .type('html')
        .send(standInPage(p, this.hidden(body), 'Enter an email address and your name.'));
    }
    const code = await this.standIn.issueCode({
      email,
      name: fullName,
      shareEmail: body.shareEmail === 'yes',
      clientId: body.client_id!,
      redirectUri: body.redirect_uri!,
      nonce: body.nonce ?? null,
      codeChallenge: body.code_challenge ?? null,
    });
    const target = new URL(body.redirect_uri!, 'http://placeholder');
    target.searchParams.set('code', code);
    if (body.state) target.searchParams.set('state', body.state);
    res.redirect(303, body.redirect_uri!.startsWith('/') ? `${target.pathname}${target.search}` : target.toString());
  }

  @Post('token')
  async token(@Param('provider') name: string, @Body() body: Params, @Res() res: Response) {
    const p = provider(name, res);
    if (!p) return;
    if (body.grant_type !== 'authorization_code' || !body.code || !body.client_id || !body.redirect_uri) {
      return res.status(400).json({ error: 'invalid_request' });
    }
    const tokens = await this.standIn.exchange(p, {
      code: body.code,
      clientId: body.client_id,
      redirectUri: body.redirect_uri,
      codeVerifier: body.code_verifier,
    });
    if (!tokens) return res.status(400).json({ error: 'invalid_grant' });
    res.status(200).json({ id_token: tokens.idToken, token_type: 'Bearer', expires_in: 300 });
  }

  @Get('jwks')
  async jwks(@Param('provider') name: string, @Res() res: Response) {
    if (!provider(name, res)) return;
    res.json(await this.standIn.jwks());
  }

  private checkRequest(q: Params): string | null {
    if (q.response_type !== 'code') return 'response_type must be code';
    if (!q.client_id) return 'client_id is required';
    if (!q.redirect_uri) return 'redirect_uri is required';
    if (q.code_challenge && q.code_challenge_method !== 'S256') return 'code_challenge_method must be S256';
    return null;
  }

  private hidden(q: Params): Record<string, string> {
    const keep = [
      'response_type',
      'client_id',
      'redirect_uri',
      'state',
      'nonce',
      'code_challenge',
      'code_challenge_method',
      'scope',
    ];
    return Object.fromEntries(keep.filter((k) => typeof q[k] === 'string').map((k) => [k, q[k]!]));
  }
}

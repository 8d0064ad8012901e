import { Body, Controller, Get, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { AccessTokens } from '../../../platform/auth/access-tokens';
import { HostedLogin, OAuthError, type AuthorizeQuery } from './hosted-login.service';

const STATUS: Record<OAuthError['error'], number> = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  unsupported_grant_type: 400,
  access_denied: 403,
  server_error: 500,
};

function fail(res: Response, err: unknown) {
  if (!(err instanceof OAuthError)) throw err;
  res.status(STATUS[err.error]).json({ error: err.error, error_description: err.message });
}

/** The hosted-login endpoints: authorize, the providers' return, token, logout, and the signing keys. */
@Controller('identity')
export class HostedLoginController {
  constructor(
    private readonly login: HostedLogin,
    private readonly tokens: AccessTokens,
  ) {}

  @Get('oauth2/authorize')
  async authorize(@Query() q: AuthorizeQuery, @Res() res: Response) {
    try {
      res.redirect(302, await this.login.authorize(q));
    } catch (err) {
      fail(res, err);
    }
  }

  @Get('oauth2/idpresponse')
  async providerResponse(@Query() q: AuthorizeQuery, @Res() res: Response) {
    try {
      res.redirect(302, await this.login.providerResponse(q));
    } catch (err) {
      fail(res, err);
    }
  }

  /** Providers that answer with a form POST (Sign in with Apple) come back here. */
  @Post('oauth2/idpresponse')
  async providerFormResponse(@Body() body: AuthorizeQuery, @Res() res: Response) {
    try {
      res.redirect(303, await this.login.providerResponse(body ?? {}));
    } catch (err) {
      fail(res, err);
    }
  }

  @Post('oauth2/token')
  async token(@Body() body: AuthorizeQuery, @Res() res: Response) {
    try {
      const t = await this.login.token(body ?? {});
      res.status(200).setHeader('Cache-Control', 'no-store');
      res.json({
        access_token: t.accessToken,
        id_token: t.idToken,
        refresh_token: t.refreshToken,
        token_type: 'Bearer',
        expires_in: t.expiresIn,
      });
    } catch (err) {
      fail(res, err);
    }
  }

  @Get('logout')
  logout(@Query() q: AuthorizeQuery, @Res() res: Response) {
    try {
      res.redirect(302, this.login.logout(q));
    } catch (err) {
      fail(res, err);
    }
  }

  @Get('.well-known/jwks.json')
  async jwks() {
    return this.tokens.jwks();
  }
}

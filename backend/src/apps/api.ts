import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { AppConfig } from '../platform/config/config';
import { configureApiApp } from '../platform/http/configure-api-app';
import { ApiModule } from './api.module';

/** The API process's application: every module behind the platform's HTTP pipeline (not yet listening). */
export async function createApiApp(config: AppConfig): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(ApiModule.forRoot(config), {
    bodyParser: false,
    bufferLogs: true,
  });
  return configureApiApp(app, config);
}

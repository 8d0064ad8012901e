import fs from 'node:fs';
import { spawnSync } from 'node:child_process';
import { log } from './log.mjs';

const SYSTEM = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

async function find() {
  if (process.env.CHROMIUM_PATH && fs.existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
  try {
    const { chromium } = await import('playwright-core');
    const own = chromium.executablePath();
    if (own && fs.existsSync(own)) return own;
  } catch {
    // playwright-core has no browser of its own here
  }
  return SYSTEM.find((p) => fs.existsSync(p)) ?? null;
}

/**
 * A Chromium for the end-to-end tests: CHROMIUM_PATH, Playwright's own, or the system's. When none
 * is found it installs one: apt-get as root on Debian/Ubuntu, otherwise `npx playwright install chromium`.
 */
export async function ensureBrowser() {
  let path = await find();
  if (path) return path;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get']).status === 0;
  if (isRoot && hasApt) {
    log("no Chromium found: installing Debian's chromium (apt-get install -y chromium)...");
    spawnSync('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium'], {
      stdio: 'inherit',
    });
  } else {
    log('no Chromium found: trying `npx playwright install chromium`...');
    spawnSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'inherit', timeout: 300_000 });
  }
  path = await find();
  if (path) return path;
  throw new Error(
    'No Chromium for the end-to-end tests. Install one and run again:\n' +
      '  Debian/Ubuntu: sudo apt-get install chromium\n' +
      '  elsewhere:     npx playwright install chromium\n' +
      '  or point CHROMIUM_PATH at a Chromium or Chrome binary.',
  );
}

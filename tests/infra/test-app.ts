// Builds the CDK app the way the infra tests see it: bundling skipped (no esbuild run), a fixed
// offline environment, and a tiny stand-in web build so the site deployment is part of the template.
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import type { Stack } from 'aws-cdk-lib';
import { buildApp, type BuildAppOptions, type MoneyCalendarApp } from '../../infra/app.ts';

// aws-cdk-lib's built-in CloudFormation schema validation adds seconds to every synth and only warns;
// `cdk synth` (docs/deploy.md) still runs it. cdk-nag, registered by buildApp, runs either way.
process.env.CDK_VALIDATION = 'false';

export const TEST_ACCOUNT = '111111111111';
export const TEST_REGION = 'eu-west-1';
export const TEST_WEB_ORIGIN = 'https://app.money-calendar.test';

/** A minimal `vite build` output: a shell and one hashed asset. */
export function fakeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dir, 'assets'));
  // The real shell (its inline theme script is hashed into the CSP), as the build copies it.
  copyFileSync(join(import.meta.dirname, '..', '..', 'web', 'index.html'), join(dir, 'index.html'));
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  return dir;
}

export function buildTestApp(options: Partial<BuildAppOptions> = {}): MoneyCalendarApp {
  return buildApp({
    account: TEST_ACCOUNT,
    region: TEST_REGION,
    webOrigin: TEST_WEB_ORIGIN,
    webDist: fakeWebDist(),
    outdir: mkdtempSync(join(tmpdir(), 'cdk-out-')),
    ...options,
    context: { 'aws:cdk:bundling-stacks': [], ...options.context },
  });
}

let shared: MoneyCalendarApp | undefined;
/** One app per test file (vitest isolates files), synthesized once on first use. */
export function testApp(): MoneyCalendarApp {
  shared ??= buildTestApp();
  return shared;
}

export const templateOf = (stack: Stack): Template => Template.fromStack(stack);

/** A template fragment: assertions walk CloudFormation JSON, whose shape is the resource type's. */
export type Props = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Resource = { Type: string; Properties: Props; [key: string]: unknown };
/** Every resource of one type in a template, by logical id. */
export function resourcesOf(template: Template, type: string): Record<string, Resource> {
  return template.findResources(type) as Record<string, Resource>;
}

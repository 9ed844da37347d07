// The CDK app entry point run by cdk.json (`npx tsx bin/app.ts`); configuration comes from the
// environment (docs/deploy.md).
import { buildApp, optionsFromEnvironment } from '../infra/app.ts';

buildApp(optionsFromEnvironment(process.env)).app.synth();
